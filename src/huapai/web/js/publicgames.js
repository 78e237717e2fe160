// The lobby's 大家的牌局: the latest finished deals of public rooms, other players' games,
// each with its replay (every hand face up: a finished public game is open to anyone).
// A player who did not sit at a table had no way to them: `/api/replays` listed them and
// no page showed that list (a play-test looked for one).
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { api, path } from "./api.js";
import { presetTitle } from "./games/registry.js";
import { seatName } from "./table.js";

const PAGE = 8;

/** How long ago a time (seconds since 1970) was, in the wording of `keys` (their
 * `_now`, `_min`, `_h` and `_d` forms: 刚开 / 3 分钟前开, 刚打完 / 3 分钟前打完). */
export function agoText(seconds, keys) {
  const minutes = Math.floor((Date.now() - seconds * 1000) / 60000);
  if (minutes < 1) return t(`${keys}_now`);
  if (minutes < 60) return t(`${keys}_min`, { n: minutes });
  if (minutes < 48 * 60) return t(`${keys}_h`, { n: Math.floor(minutes / 60) });
  return t(`${keys}_d`, { n: Math.floor(minutes / 1440) });
}

function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

/** One finished deal: its game, deal number and when, who sat where with what they
 * made, and its replay. */
function row(game) {
  const deltas = game.deltas ?? [];
  return h("li", { class: "public-game", "data-testid": "public-game" },
    h("div", { class: "room-title" }, presetTitle(game.game, game.preset), " ",
      h("span", { class: "muted nowrap" }, t("deal_n", { n: game.deal + 1 }))),
    h("div", { class: "room-meta" },
      game.players.map((p, i) => h("span", {},
        seatName(game.players, i), " ",
        h("span", { class: `num ${deltas[i] > 0 ? "win" : deltas[i] < 0 ? "lose" : ""}` },
          Number.isFinite(deltas[i]) ? signed(deltas[i]) : "·"))),
      game.finished_at ? h("span", { class: "muted", title: new Date(game.finished_at * 1000).toLocaleString() },
        agoText(game.finished_at, "ended")) : null),
    h("a", { class: "btn small", href: path`#/replay/${game.id}?seat=all`, "data-testid": "public-replay" },
      t("watch_replay")));
}

export class PublicGames {
  constructor(box) {
    this.box = box;
    this.games = null;
    this.shown = PAGE;
  }

  /** The list again, leaving out the games `me` sat in (they are under 我的牌局). */
  async load(me) {
    try {
      const { replays } = await api.get("/replays");
      this.games = replays.filter((g) => !g.players.some((p) => p.player && p.player === me));
      this.failed = false;
    } catch {
      this.failed = true;  // the list as it was, said to be unread
    }
    this.render();
  }

  render() {
    if (!this.box) return;
    const games = this.games ?? [];
    const more = games.length > this.shown;
    replace(this.box,
      h("h2", {}, t("public_games")),
      games.length ? h("ul", { class: "public-game-list" }, games.slice(0, this.shown).map(row))
        : h("p", { class: "muted" }, this.games === null && !this.failed ? t("loading") : t("no_public_games")),
      this.failed ? h("p", { class: "muted", "data-testid": "public-games-failed" }, t("public_games_failed")) : null,
      more ? h("button", { class: "btn small", "data-testid": "more-public-games", onclick: () => {
        this.shown += PAGE;
        this.render();
      } }, t("more_public_games")) : null);
  }
}
