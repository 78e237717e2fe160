"""RL environments over the game protocol (PettingZoo AEC), generic for every game.

Import :mod:`huapai.env.pettingzoo_env` for the environment; this package imports
nothing heavy by itself.
"""
