// Who watches a room without a seat: the room bar's 「n 人观战」 opens the list (a count
// alone left the players asking who it was: a play-test), and the room's owner may send
// one away (请出) — the room is then closed to them until it closes.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { path } from "./api.js";
import { confirmDialog, dialog, toast } from "./ui.js";

/** The room bar's badge, a button that opens the list; null while nobody watches. */
export function watchersBadge(page) {
  const s = page.summary;
  if (!s?.spectators) return null;
  return h("button", { class: "badge spectators", type: "button", "data-testid": "spectators",
                       title: t("watchers_title"), onClick: () => showWatchers(page) },
    spectatorsText(s, page.me));
}

/** 「n 人观战」, saying so where I am one of them before the match (a friend who had just
 * opened the link read 「1 人观战」 as someone else watching: a play-test); once it is on,
 * the bar's 观战中 badge says it. */
function spectatorsText(s, me) {
  const mine = (s.watchers ?? []).some((w) => w.id === me);
  if (!mine || s.status !== "waiting") return t("spectators_n", { n: s.spectators });
  return s.spectators === 1 ? t("you_watching") : t("spectators_n_you", { n: s.spectators });
}

function showWatchers(page) {
  const owner = page.isOwner();
  dialog(t("watchers_title"), (close) => h("div", {},
    h("ul", { class: "watcher-list", "data-testid": "watchers" },
      (page.summary?.watchers ?? []).map((w) => h("li", {},
        h("span", { class: "watcher-name" }, w.nickname),
        owner ? h("button", { class: "btn small ghost danger", "data-testid": "send-away",
                              "data-player": w.id, onClick: () => { close(null); sendAway(page, w); } },
          t("send_away")) : null))),
    owner ? h("p", { class: "muted" }, t("send_away_note")) : null,
    h("div", { class: "dialog-buttons" },
      h("button", { class: "btn", "data-testid": "watchers-close", onClick: () => close(null) }, t("close")))));
}

async function sendAway(page, watcher) {
  const name = watcher.nickname;
  if (!await confirmDialog(t("send_away_title", { name }), t("send_away_note"), t("send_away"), "send-away", "hot")) return;
  await page.rest("del", path`/rooms/${page.roomId}/spectators/${watcher.id}`, undefined,
    () => toast(() => t("sent_away_done", { name }), "ok"));  // (its refusal said by rest)
}
