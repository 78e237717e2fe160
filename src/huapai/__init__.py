"""huapai: open engines, bots and play for the 花牌 / 字牌 card games."""

from . import native as _native

__version__ = "0.1.0"

# the optional compiled core: HUAPAI_PURE, and no stale extension (see huapai.native)
_native.guard()
