// The lobby's 大家的牌局: the latest finished deals of public rooms, other players' games,
// each with its replay (every hand face up: a finished public game is open to anyone).
// A player who did not sit at a table had no way to them: `/api/replays` listed them and
// no page showed that list (a play-test looked for one).
import { h, replace } from "./dom.js";
import { t, whenText } from "./i18n.js";
import { api, path } from "./api.js";
import { presetTitle } from "./games/registry.js";
import { pointsOf } from "./settlement.js";
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

/** The deals listed, newest first, as matches (a room's match: its deals together, the
 * points × the room's 倍数): "第 2 局 / 第 1 局" of two matches read as repeats, and a ×3
 * room's deal showed a third of what its players scored (a play-test). */
export function matchesOf(deals) {
  const byKey = new Map();
  for (const d of deals) {
    const key = `${d.room}\u0000${d.match}`;
    if (!byKey.has(key)) byKey.set(key, { ...d, deals: [] });
    byKey.get(key).deals.push(d);
  }
  return [...byKey.values()].map((m) => {
    const mult = m.multiplier || 1;
    const totals = m.players.map((_, seat) => m.deals.reduce(
      (sum, d) => sum + (Number.isFinite(d.deltas?.[seat]) ? d.deltas[seat] * mult : 0), 0));
    const finished = Math.max(...m.deals.map((d) => d.finished_at ?? 0));
    return { ...m, totals, finished, deals: m.deals.slice().sort((a, b) => a.deal - b.deal) };
  });
}

/** One match: its game, who sat where with what they made in all, its stakes and when it
 * ended, and each deal's replay. */
function row(match) {
  const many = match.deals.length > 1;
  return h("li", { class: "public-game", "data-testid": "public-game" },
    h("div", { class: "room-title" }, presetTitle(match.game, match.preset),
      many ? h("span", { class: "muted nowrap" }, ` · ${t("deals_total", { n: match.deals.length })}`) : null),
    h("div", { class: "room-meta" },
      match.players.map((p, i) => h("span", {},
        seatName(match.players, i), " ", pointsOf(match.totals[i]))),
      match.multiplier > 1 ? h("span", { "data-testid": "public-game-mult" }, t("row_mult", { n: match.multiplier })) : null,
      match.finished ? h("span", { class: "muted", title: whenText(match.finished) },
        agoText(match.finished, "ended")) : null),
    h("div", { class: "deal-links" }, match.deals.map((d) => h("a", {
      class: "chip", href: path`#/replay/${d.id}?seat=all`, "data-testid": "public-replay",
    }, many ? `${t("watch_replay")} · ${t("deal_n", { n: d.deal + 1 })}` : t("watch_replay")))));
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
      this.games = matchesOf(replays.filter((g) => !g.players.some((p) => p.player && p.player === me)));
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
      more ? h("button", { class: "btn small", "data-testid": "more-public-games", onClick: () => {
        this.shown += PAGE;
        this.render();
      } }, t("more_public_games")) : null);
  }
}
