// Bot seats' specs as people read them, and the owner's picker of the bot (and its
// level) that 加机器人 / 空位都补机器人 seat: "heuristic", "random", "search:<level>".

import { h } from "./dom.js";
import { t } from "./i18n.js";

const LEVEL_KEYS = { 入门: "level_beginner", 普通: "level_normal", 高手: "level_expert", 大师: "level_master" };
const NAME_KEYS = { heuristic: "bot_heuristic", random: "bot_random", search: "bot_search" };
const HINT_KEYS = { random: "bot_random_hint", heuristic: "bot_heuristic_hint" };

/** "搜索 · 高手", "经验型" … for a stored spec; a bot this client does not know is just 机器人. */
export function botLabel(spec) {
  const [name, level] = String(spec ?? "").split(":");
  const base = NAME_KEYS[name] ? t(NAME_KEYS[name]) : t("bot");
  return level && LEVEL_KEYS[level] ? `${base} · ${t(LEVEL_KEYS[level])}` : base;
}

/** The level of a search bot's spec as people read it ("高手"), or null for any other bot. */
export function botLevel(spec) {
  const level = String(spec ?? "").split(":")[1];
  return level && LEVEL_KEYS[level] ? t(LEVEL_KEYS[level]) : null;
}

/** The default pick: the heuristic where the family has one, else the first choice. */
export function defaultBot(choices) {
  return (choices ?? []).includes("heuristic") ? "heuristic" : (choices ?? [])[0] ?? null;
}

/** What a search level's pace is here: "（每步 5 秒）", or with a claim window's shorter
 * answer "（每步 5 秒，答牌 2 秒）"; empty for a bot without a pace. */
function paceText(pace, window) {
  if (!pace) return "";
  return window && window !== pace ? t("bot_pace_window", { n: pace, w: window }) : t("bot_pace", { n: pace });
}

/** A labelled select over `choices`; `onPick(spec)` on change. `paces`: the seconds a
 * search level takes over every move in this room (the summary's bot_paces), and
 * `windows` over an answer in a claim window (bot_window_paces), said beside it so nobody
 * picks 大师 unaware that each of its moves waits for it. */
export function botPicker(choices, current, onPick, paces = {}, windows = {}) {
  // which is easiest was anybody's guess (a newcomer's play-test): the two simple bots say
  // what they are, the search levels their pace, the picker's tooltip the order
  const hint = (spec) => (HINT_KEYS[spec] ? t(HINT_KEYS[spec]) : "");
  const label = (spec) => `${botLabel(spec)}${hint(spec)}${paceText(paces[spec], windows[spec])}`;
  const select = h("select", { "data-testid": "bot-level", title: t("bot_level_tip"),
                               onChange: (e) => onPick(e.target.value) },
    (choices ?? []).map((spec) => h("option", { value: spec, selected: spec === current }, label(spec))));
  return h("label", { class: "bot-picker" }, h("span", { class: "muted small" }, t("bot_level")), " ", select);
}
