// 上局结算 on a page opened during a later deal (a reload, a player back after a drop): the
// deal before is fetched from its replay — the settlement lived only in the page that saw
// the deal end, and a player who came back in deal 2 never saw deal 1's (a play-test).

import { api, path } from "./api.js";
import { shuffleParts } from "./fairview.js";
import { rendererFor } from "./games/registry.js";

/** The deal before the one on `page`'s table in this match, as the settlement panel draws
 * it (room.js settlementData's shape), from that seat's replay; null where there is none
 * to show: the first deal, a spectator (not one of "my" games), a refusal. */
export async function fetchLastDeal(page) {
  const s = page.summary;
  const state = page.state;
  if (!s || !state || !(state.deal > 0)) return null;
  try {
    const { replays } = await api.get(path`/replays?room=${page.roomId}&mine=1`);
    const prev = replays.find((r) => r.match === s.match && r.deal === state.deal - 1);
    const seat = page.playedSeat();
    if (!prev || seat === null) return null;
    const shown = await api.get(path`/replays/${prev.id}?seat=${seat}`);
    const settlement = shown.settlement;
    if (!settlement) return null;
    return {
      settlement, scaled: settlement.deltas?.map((d) => d * (shown.multiplier ?? 1)),
      totals: shown.match_totals ?? null, multiplier: shown.multiplier, left: null,
      name: (x) => page.name(x), me: seat, deal: prev.deal, deals: s.deals,
      ...shuffleParts(shown), seedCheck: null, matchOver: false,
      gameId: prev.id, nextAt: null, renderer: rendererFor(s.game),
      view: shown.steps?.at(-1)?.view ?? shown.initial,
    };
  } catch {
    return null;  // the button stays away; the replay is in 我的牌局
  }
}
