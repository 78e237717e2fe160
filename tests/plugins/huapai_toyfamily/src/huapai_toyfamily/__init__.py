"""A toy third huapai family (比大 "beat it"), shipped as its own installable package.

It exists to prove that a family plugs into huapai from outside: its manifest is found
through the ``huapai.games`` entry point, and it declares no terminal or browser
renderer, so the CLI and the browser draw it with their generic ones.
"""
