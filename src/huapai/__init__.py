"""huapai: open engines, bots and play for the 花牌 / 字牌 card games."""

__version__ = "0.1.0"
