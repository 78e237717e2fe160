// The bar above a room (room.js): the way back, the room's name and settings, who watches,
// its code, the invitation link, the guide and rules, leaving a seat, sitting down, and the
// settlements put aside.

import { h } from "./dom.js";
import { bi, t } from "./i18n.js";
import { path } from "./api.js";
import { gameTitle, presetTitle, settingsLine } from "./games/registry.js";
import { howtoButton } from "./howto.js";
import { rulesButton } from "./roomrules.js";
import { confirmDialog, toast } from "./ui.js";
import { watchersBadge } from "./watchers.js";

/** The bar above the room: the way back, the room's settings, its code and links. */
export function roomBar(page) {
  const s = page.summary;
  const seated = page.mySeat() !== null;
  return [
    h("a", { class: "btn ghost small", href: "#/" }, "← ", t("lobby")),
    // a phone shows the preset alone: the family's name left it no room ("掀牛 / 花花牌 ⋯")
    h("div", { class: "room-name" }, h("span", { class: "wide-only" }, h("strong", {}, gameTitle(s.game)), " · "),
      // the settings line is the desktop's alone: a phone learnt how many deals only at
      // the first settlement (a phone play-test) — which deal of how many, first (a long
      // preset's name is cut short after it)
      s.status !== "waiting" && s.deal !== null
        ? h("span", { class: "phone-only", "data-testid": "deal-progress" },
          bi(`第${s.deal + 1}/${s.deals}局 · `, `deal ${s.deal + 1}/${s.deals} · `)) : null,
      h("span", { "data-testid": "room-preset" }, presetTitle(s.game, s.preset))),
    h("div", { class: "room-meta muted" }, settingsLine(s),
      s.status !== "waiting" && s.deal !== null ? ` · ${t("deal_n", { n: s.deal + 1 })}/${s.deals}` : ""),
    // who else watches: the players could not tell (a spectator's play-test)
    watchersBadge(page),  // who (a button: the list, and the owner's 请出)
    s.code ? h("div", { class: "room-code", "data-testid": "room-code", title: t("room_code") },
      h("span", { class: "wide-only" }, `${t("room_code")} `), h("strong", {}, s.code)) : null,
    // a phone says the bar's buttons short, so that they keep to one line beside the name
    h("button", { class: "btn ghost small", title: t("copy_link"), onClick: () => copyLink(page) },
      h("span", { class: "wide-only" }, t("copy_link")), h("span", { class: "phone-only" }, t("copy_link_short"))),
    howtoButton(() => s, { short: true }),
    s.status !== "waiting" ? rulesButton(s) : null,
    seated && s.status !== "waiting"
      ? h("button", { class: "btn ghost small", "data-testid": "leave", title: t("leave_seat"),
                      onClick: () => confirmLeave(page) },
        h("span", { class: "wide-only" }, t("leave_seat")), h("span", { class: "phone-only" }, t("leave_seat_short")))
      : null,
    !seated && s.status !== "waiting" ? h("span", { class: "badge" }, t("spectating")) : null,
    !seated && s.status !== "waiting" ? s.seats.filter((x) => maySit(page, x, s.status)).map((x) =>
      page.restButton({ class: "btn small primary" }, "post", path`/rooms/${page.roomId}/seats/${x.seat}`, undefined,
        `${t("sit_here")} · ${t("seat_n", { n: x.seat + 1 })}`)) : null,
    // the settlement put aside (看牌桌) comes back from here; part of the bar, so a
    // summary's re-render keeps it
    // (not in a room waiting again after 再来一场: the table and its settlement are gone)
    s.status !== "waiting" && !page.showSettle && page.settlementData()
      ? h("button", { class: "btn small peek", "data-testid": "peek-settlement",
                      onClick: () => page.putSettlement(true) }, t("settlement"))
      : null,
    s.status !== "waiting" && page.lastShowable() && !page.showLast
      ? h("button", { class: "btn ghost small", "data-testid": "last-settlement",
                      onClick: () => page.putLast(true) },
        h("span", { class: "wide-only" }, t("last_settlement")), h("span", { class: "phone-only" }, t("last_settlement_short")))
      : null];
}

/** Mid-deal only the seat I left is mine to take back; between deals any empty seat. */
function maySit(page, seat, status) {
  if (seat.player || seat.bot) return false;
  if (seat.held) return seat.held.id === page.me;
  return status !== "playing";
}

/** Leaving mid-deal is asked first: the house bot plays the seat to the deal's end. */
async function confirmLeave(page) {
  if (await confirmDialog(t("leave_title"), t("leave_text"), t("leave_seat"), "leave")) {
    await page.rest("post", path`/rooms/${page.roomId}/leave`);
  }
}

/** The link a friend opens: for a private room it carries the code and joins directly. */
function inviteLink(page) {
  const code = page.summary?.code;
  const base = `${location.origin}${location.pathname}`;
  return code ? `${base}#/join/${encodeURIComponent(code)}` : `${base}#/room/${encodeURIComponent(page.roomId)}`;
}

export function copyLink(page) {
  const link = inviteLink(page);
  navigator.clipboard?.writeText(link).then(() => toast(() => t("copied"), "ok"), () => toast(link));
}

export function share(page) {
  const url = inviteLink(page);
  if (navigator.share) navigator.share({ title: t("app_title"), text: t("invite_text"), url }).catch(() => {});
  else copyLink(page);
}
