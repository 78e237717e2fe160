"""The cut search for 名堂: the best 油子 per combination of cut features.

A 名堂 can depend on how the concealed cards are cut into groups (清福 / 荤: every group
carries 油子; 飘福: no 哨 or 坎; 印 / 匾 / 花: how the red cards sit in the groups), so
the best hand is not always the cut with the most 油子: 钵福 maximises 油子 × 翻 and
三六福 the 名堂 豆. This search walks the per-rank moves of :mod:`.search` — all of them
(:func:`.search.rank_options`), not only the best per state — with the
**feature vector** of the groups made so far added to the state (each feature capped
where the table's conditions stop telling values apart, so that the state stays small),
and with the 油子 so far in the key below the table's largest 油子 bound (a condition
such as 台福's 24–27 can prefer a cut with fewer 油子), above it only the best kept.
It returns, per reachable (features, 油子 class), the best 油子 and a way to lay that
cut out; the scorer (:mod:`.named`) values each and takes the best.

Only the 名堂 presets use it; 十八福's path (:func:`.search.best_cut`) is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import RANKS
from .groups import Kind
from .search import OPEN_MASK, CutGroups, Values, erqishi_bound, feeds, next_two, rank_options

Feats = tuple[int, ...]
Key = tuple[int, Feats, int]
"""(search state, capped feature vector, 油子 class)."""


@dataclass(frozen=True, slots=True)
class Final:
    """One closed cut class: its features (capped), best concealed 油子, and key."""

    feats: Feats
    youzi: int
    key: Key


class FeatureCuts:
    """The result of :func:`feature_cuts`: the closed classes and the way back."""

    def __init__(self, finals: list[Final], back: list[dict[Key, tuple[Key, CutGroups]]]) -> None:
        self.finals = finals
        self._back = back

    def groups(self, final: Final) -> list[tuple[Kind, tuple[int, ...]]]:
        """The groups of the cut that reached ``final``."""
        out: list[tuple[Kind, tuple[int, ...]]] = []
        key = final.key
        for came in reversed(self._back):
            key, made = came[key]
            if made:
                out[:0] = made
        return out


def feature_cuts(
    counts: Sequence[int],
    values: Values,
    feat_of: Callable[[CutGroups], Feats],
    caps: Feats,
    start: Feats,
    youzi_cap: int,
) -> FeatureCuts:
    """Every closed cut class of the concealed ``counts``.

    ``feat_of`` gives the feature vector of the groups one move makes, ``caps`` the
    value past which each feature is no longer told apart, ``start`` the vector of the
    laid-down groups; 油子 classes are exact below ``youzi_cap`` and merged above it.
    """
    lim, ahead = erqishi_bound(counts), next_two(counts)
    layer: dict[Key, int] = {(0, _cap(start, caps), 0): 0}
    back: list[dict[Key, tuple[Key, CutGroups]]] = []
    for r in range(RANKS):
        nxt: dict[Key, int] = {}
        came: dict[Key, tuple[Key, CutGroups]] = {}
        for key, v in layer.items():
            st, feats, _ = key
            base, moves = rank_options(st, r, counts[r], counts[r + RANKS], values[r], lim)
            for delta, gain, made in moves:
                if not feeds(st, delta, ahead[r]):
                    continue
                nf = _cap(tuple(a + b for a, b in zip(feats, feat_of(made), strict=True)), caps)
                nv = v + gain
                nkey = (base + delta, nf, min(nv, youzi_cap))
                if nkey not in nxt or nv > nxt[nkey]:
                    nxt[nkey] = nv
                    came[nkey] = (key, made)
        if not nxt:
            return FeatureCuts([], back)
        layer = nxt
        back.append(came)
    finals = [Final(k[1], v, k) for k, v in layer.items() if not k[0] & OPEN_MASK]
    return FeatureCuts(finals, back)


def _cap(feats: Feats, caps: Feats) -> Feats:
    return tuple(min(a, c) for a, c in zip(feats, caps, strict=True))
