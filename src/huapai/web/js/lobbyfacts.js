// The lobby's rows, said as facts: a room's status, progress and age; a match of mine, when
// and with whom; a seat count (lobby.js draws the lists).

import { h } from "./dom.js";
import { listed, t, whenText } from "./i18n.js";
import { seatName } from "./table.js";
import { agoText } from "./publicgames.js";

/** A row's status, how far its match is (第 2 局/4, or 共 4 局 before the start) and when
 * it was made: two rooms of one game, preset and players looked the same. */
export function roomFacts(room, me = null) {
  const going = room.status === "playing" || room.status === "between";
  const progress = going && room.deal != null ? `${t("deal_n", { n: room.deal + 1 })}/${room.deals}`
    : room.status === "waiting" && room.deals > 1 ? t("deals_total", { n: room.deals }) : null;
  return [h("span", { class: `status s-${room.status}` }, t(`status_${room.status}`)),
    progress ? h("span", { "data-testid": "row-progress" }, progress) : null,
    // the stakes and the clock, and a waiting room whose owner is away (a ×5 timed room
    // read as any other, and a newcomer sat down to wait for a start that never came)
    room.multiplier > 1 ? h("span", { "data-testid": "row-mult" }, t("row_mult", { n: room.multiplier })) : null,
    room.turn_clock ? h("span", { "data-testid": "row-clock" }, t("seconds", { n: room.turn_clock })) : null,
    room.answer_pause ? h("span", { "data-testid": "row-pause" }, t("row_pause", { n: room.answer_pause })) : null,
    room.answer_deadline ? h("span", { "data-testid": "row-deadline" }, t("row_deadline")) : null,
    room.status === "waiting" && room.owner_here === false && room.owner !== me
      ? h("span", { class: "muted", "data-testid": "row-owner-away" }, t("owner_away_short")) : null,
    // (not for a finished room: 已结束 · 刚开 read as a contradiction — a play-test)
    room.created && room.status !== "finished" ? h("span", { class: "muted", "data-testid": "row-age", title: whenText(room.created) },
      agoText(room.created, "made")) : null];
}

/** When a match of mine began and who else sat at it: two rows "兰州掀牛 +10" could not be
 * told apart (a play-test). Nothing for a history stored before the server said so. */
export function historyFacts(m) {
  if (!m.started) return null;
  const when = whenText(m.started, { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const others = (m.table ?? []).filter((s) => s.seat !== m.seat).map((s) => seatName(m.table, s.seat));
  return h("div", { class: "muted small", "data-testid": "history-facts" },
    others.length ? `${when} · ${t("with_table", { names: listed(others) })}` : when);
}

/** A room's place among mine: a deal going on, then waiting, then over. */
export function statusRank(room) {
  return { playing: 0, between: 0, waiting: 1 }[room.status] ?? 2;
}

/** How many seats of a lobby row nobody (no player, no bot) holds. */
export function freeSeats(room) {
  return room.seats.filter((s) => !s.player && !s.bot).length;
}
