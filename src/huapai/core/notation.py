"""Pieces the families' action notations share."""

from __future__ import annotations

from collections.abc import Iterable

from .protocol import NotationError


class CardlessWords:
    """A family's action words that take no card (双别杆's 过 胡 招 对 泛, 秀山's 碰 开召 …):
    such a word followed by something (``对 千``, ``开召七``) is refused saying the word takes
    no card — else the parser read it as cards whose first is none, or listed the words as
    if it were none of them."""

    def __init__(self, words: Iterable[str]) -> None:
        listed = tuple(words)
        self._lower = frozenset(w.lower() for w in listed)
        # 汉字 words need no space before what follows; the longest first (龙灯七, not 龙)
        self._joined = tuple(sorted((w for w in listed if not w.isascii()), key=len,
                                    reverse=True))

    def refuse_a_card(self, text: str) -> None:
        """Raise :class:`NotationError` when ``text`` is such a word and then something."""
        head, _, rest = text.strip().partition(" ")
        verb = head if rest.strip() and head.lower() in self._lower else None
        if verb is None:
            squeezed = "".join(text.split())
            verb = next((w for w in self._joined
                         if len(squeezed) > len(w) and squeezed.startswith(w)), None)
        if verb is not None:
            raise NotationError.of("no_card", "「{verb}」后面不带牌，只写「{verb}」",
                                   "{verb} takes no card: type {verb} alone", verb=verb)
