// The waiting room: the seats before a match, who sits where, and the owner's controls —
// bots and their levels, 请离座, 开始, and as the apps have them 换座 (a seated player
// moves in one step), 转让房主 and 解散房间 (friends from 兰州 missed all three).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { path } from "./api.js";
import { gameTitle, presetTitle, settingsLine } from "./games/registry.js";
import { roomRulesBlock } from "./roomrules.js";
import { seatName } from "./table.js";
import { confirmDialog } from "./ui.js";
import { botIcon } from "./cards/common.js";
import { botLabel, botPicker, defaultBot } from "./botlevels.js";
import { copyLink, share } from "./roombar.js";

/** The waiting room of `page` (a RoomPage). */
export function waitingPanel(page) {
  const s = page.summary;
  const owner = page.isOwner();
  const empty = s.seats.filter((x) => !x.player && !x.bot).length;
  const choices = s.bot_choices ?? [];
  if (!choices.includes(page.botChoice)) page.botChoice = defaultBot(choices);
  const botBody = (seats) => (page.botChoice ? { ...seats, bot: page.botChoice } : seats);
  return h("div", { class: "card-panel waiting", "data-testid": "waiting" },
    h("h2", {}, gameTitle(s.game), h("small", { class: "muted" }, ` · ${presetTitle(s.game, s.preset)}`)),
    // the top bar's settings line is hidden on a phone: its friends saw no deal count
    h("p", { class: "phone-only muted small", "data-testid": "wait-settings" }, settingsLine(s)),
    roomRulesBlock(page.detail, s),
    s.code ? h("div", { class: "invite", "data-testid": "invite" },
      h("div", { class: "muted small" }, t("invite_text")),
      h("div", { class: "invite-code", "data-testid": "invite-code" }, s.code),
      h("div", { class: "invite-buttons" },
        h("button", { class: "btn primary", "data-testid": "share", onClick: () => share(page) }, t("share")),
        h("button", { class: "btn ghost", onClick: () => copyLink(page) }, t("copy_link")))) : null,
    h("ul", { class: "wait-seats" }, s.seats.map((seat) => seatRow(page, seat, choices, botBody))),
    h("div", { class: "wait-actions" },
      owner && empty && choices.length ? botPicker(choices, page.botChoice, (spec) => {
        page.botChoice = spec;
        page.render();
      }, s.bot_paces ?? {}, s.bot_window_paces ?? {}) : null,
      owner && empty ? page.restButton({ class: "btn", "data-testid": "fill-bots" }, "post",
        path`/rooms/${page.roomId}/bots`, botBody({}), t("fill_bots")) : null,
      owner ? page.restButton({ class: "btn primary big", "data-testid": "start", disabled: empty > 0 },
        "post", path`/rooms/${page.roomId}/start`, undefined, t("start"))
        : h("p", { class: "muted" }, t("waiting_owner")),
      owner && empty ? h("p", { class: "muted small" }, t("waiting_seats")) : null,
      page.standingIn() ? h("p", { class: "muted small", "data-testid": "owner-away" }, t("owner_away")) : null,
      page.standingIn() ? takeOverButton(page) : null,
      s.owner === page.me ? dissolveButton(page) : null));  // not a stand-in's (a play-test)
}

/** One seat of the waiting room and the buttons it offers me. */
function seatRow(page, seat, choices, botBody) {
  const s = page.summary;
  const mine = page.mySeat();
  const owner = page.isOwner();
  const room = page.roomId;
  const who = seat.player || seat.bot ? seatName(s.seats, seat.seat) : t("empty_seat");
  const pickable = seat.bot && owner && choices.includes(seat.bot); // the owner's choice
  const open = !seat.player && !seat.bot;
  const buttons = [];
  if (open) {  // 换座: a seated player moves here in one step
    buttons.push(page.restButton({ class: "btn small primary", "data-testid": `sit-${seat.seat}` },
      "post", path`/rooms/${room}/seats/${seat.seat}`, undefined, mine === null ? t("sit_here") : t("move_here")));
  }
  if (open && owner) {
    buttons.push(page.restButton({ class: "btn small" }, "post", path`/rooms/${room}/bots`, botBody({ seats: [seat.seat] }), t("add_bot")));
  }
  if (seat.bot && owner) {
    buttons.push(page.restButton({ class: "btn small ghost" }, "del", path`/rooms/${room}/seats/${seat.seat}`, undefined, t("remove_bot")));
  }
  // not on my own seat while I stand in for an away owner ("把房主转给 我?", and 请离座
  // myself beside 离座: a lobby play-test)
  if (seat.player && owner && seat.player.id !== s.owner && seat.player.id !== page.me) {
    buttons.push(giveButton(page, seat.player));
    // a friend gone quiet holds the start; asked first, as 请出 and 解散 are (it sat beside
    // 转让房主 and went at one tap: a play-test)
    const name = seat.player.nickname;
    const ask = () => confirmDialog(t("unseat_title", { name }), t("unseat_text", { name }), t("unseat"), "unseat", "hot");
    buttons.push(page.restButton({ class: "btn small ghost", "data-testid": `unseat-${seat.seat}`, ask }, "del",
      path`/rooms/${room}/seats/${seat.seat}`, undefined, t("unseat")));
  }
  if (seat.seat === mine) {
    buttons.push(page.restButton({ class: "btn small ghost" }, "post", path`/rooms/${room}/leave`, undefined, t("leave_seat")));
  }
  return h("li", { class: `wait-seat${open ? "" : " filled"}${seat.seat === mine ? " me" : ""}`, "data-seat": seat.seat },
    h("div", { class: `avatar a${seat.seat % 6}`, "aria-hidden": "true" },  // (the name follows)
      seat.bot ? botIcon() : seat.player ? [...seat.player.nickname][0] : "+"),
    h("div", { class: "wait-name" }, h("div", {}, who),
      h("div", { class: "muted small" }, t("seat_n", { n: seat.seat + 1 }),
        seat.bot && !pickable
          ? h("span", { "data-testid": `bot-label-${seat.seat}` }, ` · ${botLabel(seat.bot)}`) : "",
        seat.player?.id === s.owner ? ` · ${t("owner")}` : "",
        seat.player && !seat.online ? ` · ${t("offline_badge")}` : "")),
    pickable ? seatBotPicker(page, seat, choices) : null,
    h("div", { class: "wait-buttons" }, buttons));
}

/** The owner's choice of a seated bot, changed in place (PATCH the seat). */
function seatBotPicker(page, seat, choices) {
  const where = path`/rooms/${page.roomId}/seats/${seat.seat}`;
  return h("select", {
    class: "seat-bot", "data-testid": `bot-pick-${seat.seat}`,
    "aria-label": `${t("seat_n", { n: seat.seat + 1 })} ${t("bot_level")}`,  // one per seat
    "data-key": `bot-pick-${seat.seat}`, disabled: page.busy.has(where),
    // refused: the stored bot shows again (a change comes back in the room's summary)
    onChange: async (e) => { await page.rest("patch", where, { bot: e.target.value }); page.render(); },
  }, choices.map((spec) => h("option", { value: spec, selected: spec === seat.bot }, botLabel(spec))));
}

/** 转让房主 to a seated `player`, asked first (the room's controls go with it). */
function giveButton(page, player) {
  const name = player.nickname;
  const ask = () => confirmDialog(t("give_owner_title", { name }), t("give_owner_text", { name }),
    t("give_owner"), "give-owner");
  return page.restButton({ class: "btn small ghost", "data-testid": `give-owner-${player.id}`, ask },
    "post", path`/rooms/${page.roomId}/owner`, { player: player.id }, t("give_owner"));
}

/** 接任房主: a seated player takes the room of an owner who is away — until now only by
 * pressing some other owner's button (移走 a bot one wanted to keep: a play-test); the
 * owner's seat can then be freed (请离座). */
function takeOverButton(page) {
  return page.restButton({ class: "btn small", "data-testid": "take-over" },
    "post", path`/rooms/${page.roomId}/owner`, { player: page.me }, t("take_over"));
}

/** 解散房间, asked first; the server tells everyone watching (`room_closed`). */
export function dissolveButton(page) {
  const ask = () => confirmDialog(t("dissolve_title"), t("dissolve_text"), t("dissolve"), "dissolve", "hot");
  return page.restButton({ class: "btn small ghost danger", "data-testid": "dissolve", ask,
                           done: () => page.closed(null) },
    "del", path`/rooms/${page.roomId}`, undefined, t("dissolve"));
}
