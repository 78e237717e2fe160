// What the claim games' renderers (双别杆 games/biegan.js, 秀山 games/xiushan.js) draw
// alike: each seat's laid groups (a group face down to this viewer is a row of backs)
// and its last discards, the end banner, the phase line, the discard prompt and the
// events every claim window has. A family spreads `claimTable` and gives its own
// `phases`, `ends`, `backCard(height)` and, where they differ, `seatMelds` /
// `seatExtras` (the contract of a renderer is in docs/web-client.md).

import { h, touchScreen } from "../dom.js";
import { bi, nameZh } from "../i18n.js";
import { cardBack } from "../cards/common.js";
import { cardRow, generic } from "./generic.js";

const RIVER_SHOWN = 12;

/** A code's words from a family's table ([中文, English]), the code itself if unknown. */
function pairOf(table, code) {
  return table[code] ?? [String(code), String(code)];
}

function laidCards(renderer, view, meld) {
  const height = renderer.sizes(view).table;
  if (meld.cards) return cardRow(renderer, view, renderer.tokens(meld.cards), height);
  return h("div", { class: renderer.faceDownRow }, Array.from({ length: meld.size },
    () => h("span", { class: "mini-card" }, renderer.backCard(height))));
}

function meldsEl(renderer, view, melds) {
  if (!melds.length) return null;
  return h("div", { class: "melds", role: "group", "aria-label": bi("亮出的牌", "laid groups") }, melds.map((m) => h("div", { class: "meld" },
    h("span", { class: "meld-kind" }, m.kind), laidCards(renderer, view, m))));
}

function riverEl(renderer, view, seat) {
  const river = renderer.tokens(view.rivers?.[seat] ?? "");
  if (!river.length) return null;
  // long cards cropped to their top part: the 字 stays big enough to read
  return h("div", { class: "river", title: bi("弃牌", "discards"), role: "group", "aria-label": bi("弃牌", "discards") },
    cardRow(renderer, view, river.slice(-RIVER_SHOWN), renderer.sizes(view).river, "stubs"));
}

/** The banner of a finished deal (why it ended), null while it runs. */
export function endBanner(renderer, view) {
  if (view.phase !== "over") return null;
  return h("div", { class: "center-banner" }, bi(...pairOf(renderer.ends, view.end)));
}

/** What to do with the hand at one's own turn: pick (tap) a card and discard it. */
/** 过's tooltip, the same in both claim games (each renderer's `wordTips`). */
export const passTip = () => bi("过：不要这张", "pass (过): let it go");

export function discardPrompt() {
  return touchScreen()
    ? bi("点一张牌，再按打出", "Tap a card, then press discard")
    : bi("选一张牌打出（右键或回车直接打）", "Pick a card to discard (right-click or Enter discards)");
}

/** A seat's answers to a shown card, as the question it is asked: its own legal words
 * (`ctx.legal`, the state message's legal_info), 过 last — `有人打牌：碰还是过？` —, or
 * `fallback` ([中文, English]) where they are not known. `lead`: what shows the card. */
/** The lead of a claim window's prompt: whose card it is and which (机器人乙打出 礼) — bare
 * 招 / 对 buttons under 有人打牌 said not which card they would take (a phone play-test);
 * `shown` is the view's {seat, card[, drawn]} (双别杆's pending, 秀山's offer). */
export function shownLead(ctx, shown, said = (cards) => cards) {
  if (!shown?.card || typeof shown.seat !== "number" || !ctx?.name) return ["有人打牌", "A discard"];
  const who = ctx.name(shown.seat);
  return shown.drawn ? [`${nameZh(who)}翻出 ${said(shown.card)}`, `${who} turns up ${said(shown.card)}`]
    : [`${nameZh(who)}打出 ${said(shown.card)}`, `${who} discards ${said(shown.card)}`];
}

export function claimAsk(ctx, lead, fallback) {
  const words = (ctx?.legal ?? []).filter((a) => !(a.cards ?? []).length && a.label);
  if (!words.length) return bi(...fallback);
  words.sort((a, b) => (a.kind === "pass") - (b.kind === "pass"));
  const zh = words.map((a) => a.label.zh);
  const en = words.map((a) => a.label.en);
  const last = (list, or) => (list.length > 1 ? `${list.slice(0, -1).join(or[0])}${or[1]}${list.at(-1)}` : list[0]);
  return bi(`${lead[0]}：${last(zh, ["、", "还是"])}？`, `${lead[1]}: ${last(en, [", ", " or "])}?`);
}

export const claimTable = {
  ...generic,
  /** The family's phase and end words: { code: [中文, English] }. */
  phases: {},
  ends: {},
  /** The class of a face-down group's row of backs. */
  faceDownRow: "card-row",

  /** A face-down card of the family's deck, `height` pixels high. */
  backCard(height) {
    return cardBack(46, 120, { height });
  },

  playLabel() {
    return bi("打出", "Discard");
  },

  /** Cards (notation) as the family's Chinese text says them (双别杆: 花三 for 三*). */
  said(cards) {
    return cards;
  },

  /** A discard this seat can do nothing with: the server answers 过 for it after its fixed
   * pause (the state's `automatic`); a family adds its own such moments (双别杆's 请统). */
  autoText(view) {
    return view.phase === "window" ? bi("没有可要的牌，稍候自动过", "Nothing to claim: you pass in a moment") : null;
  },

  /** The groups `seat` has laid, as this viewer may see them. */
  seatMelds(view, seat) {
    return view.melds?.[seat] ?? [];
  },

  /** A family's extra rows under a seat's discards (its waits, its 算盘 …). */
  seatExtras() {
    return [];
  },

  seatDetail(view, seat, ctx) {
    const parts = [meldsEl(this, view, this.seatMelds(view, seat, ctx)), riverEl(this, view, seat),
      ...this.seatExtras(view, seat, ctx), generic.seatDetail.call(this, view, seat, ctx)]
      .filter(Boolean);
    return parts.length ? h("div", { class: "bg-detail" }, parts) : null;
  },

  track(_recent, events) {
    return { events: events.slice(-3) };
  },

  /** The phase, after who it is for when one seat acts ("机器人丙：打一张牌"): alone,
   * beside my seat, it read as telling me to play while a bot was to (a play-test). */
  status(view, ctx) {
    const pair = this.phases[view.phase];
    const phase = pair ? bi(...pair) : String(view.phase ?? "");
    const acting = view.to_act ?? [];
    // whose move, then the phase: 阿甲：有人打牌，各家答话 read as 阿甲 saying it (a play-test)
    if (acting.length !== 1 || view.phase === "over") return phase;
    const who = ctx.name(acting[0]);
    return bi(`轮到 ${who} · ${phase}`, `${who} to act · ${phase}`);
  },

  eventText(ev, ctx) {
    const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
    switch (ev.kind) {
      case "discarded": return bi(`${who} 打 ${this.said(ev.card)}`, `${who} discards ${this.said(ev.card)}`);
      // my own answers (the only ones shown): a 过 says nothing worth a line — after every
      // discard I could not claim, the log read 你 答：过 (a play-tester found it noise)
      case "answered": return ev.answer && ev.answer !== "过" ? bi(`${who} 答：${ev.answer}`, `${who} answers ${ev.answer}`) : null;
      case "deal_ended": return bi(...pairOf(this.ends, ev.reason));
      // (table.js's lostClaim) my claim in a window another seat's claim beat
      // with the rule that decided (a phone player saw only the other's bubble: a play-test)
      case "claim_lost": return bi(`你的「${ev.answer}」没成：这张归了 ${ctx.name(ev.by)}（要法大的先得，一样大的按座次）`,
        `your ${ev.answer} did not stand: ${ctx.name(ev.by)} took the card (the bigger claim first; between equal ones, seat order)`);
      default: return generic.eventText(ev, ctx);
    }
  },
};
