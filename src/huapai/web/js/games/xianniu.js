// 掀牛 / 花花牌: long cards (or the poker deck), 占牌 per seat, 掀 counts, the trick.

import { h } from "../dom.js";
import { bi, countOf } from "../i18n.js";
import { itemValue } from "../settlement.js";
import { longCard } from "../cards/huapai.js";
import { pokerCard, pokerFaces } from "../cards/poker.js";
import { cardRow, generic, winHands } from "./generic.js";

const ROLES = [["头家", "1st"], ["二家", "2nd"], ["底家", "3rd"]];
const ENDS = {
  first_round: ["首轮无掀，本局结束", "nobody 掀 in the first round: the deal ends"],
  all_declined: ["无人再掀，本局结束", "nobody 掀 any more: the deal ends"],
  table_full: ["桌面占牌已满，本局结束", "the table is full of 占牌: the deal ends"],
  leader_empty: ["领出的人手牌出完，本局结束", "the leader has no cards left: the deal ends"],
  big_hand: ["亮出大牌型，本局结束", "a big hand was shown: the deal ends"],
};

/** The settlement's items that make up a winner's 牌分 / 行子 (scoring.py value_parts). */
const SCORING_PARTS = new Set(["zhan_play", "split_liang", "big_points"]);

/** Poker players sort a hand by poker rank, not in long-card face order. */
const POKER_ORDER = ["A", "2", "3", "5b", "5r", "6", "7", "8", "9b", "9r", "10", "J", "Q", "K"];

/** The poker deck's coloured 5 and 9 as Chinese text says them (红心9和黑桃9 [S002]): the
 * notation's r / b are letters, which the Chinese page does not show (cards.py said_zh). */
const SAID_ZH = { "9r": "红9", "9b": "黑9", "5r": "红5", "5b": "黑5" };

function zh(cards) {
  return String(cards ?? "").split(/\s+/).filter(Boolean).map((t) => SAID_ZH[t] ?? t).join(" ");
}

/** 不掀 / 扣了 — in English with its meaning, as the button says it (describe.py: the
 * bubble and the log said 不掀 (pass) beside a button no 掀 (pass)). */
function decline(view) {
  return view.deck === "huapai" ? bi("不掀", "no 掀 (pass)") : bi("扣了", "扣了 (fold)");
}

function poker(view) {
  return view.deck === "poker";
}

function endText(view) {
  let end = String(view.end ?? "");
  if (end === "all_declined" && !view.table_total) end = "first_round";
  const pair = ENDS[end];
  return pair ? bi(...pair) : end;
}

function phaseText(view, ctx) {
  const leader = typeof view.leader === "number" ? ctx.name(view.leader) : "—";
  switch (view.phase) {
    case "declare": return bi(`${leader} 领出，别家掀不掀`, `${leader} leads; the others may 掀`);
    case "lead": return bi(`被掀了，${leader} 必须出牌`, `掀ed: ${leader} must lead`);
    case "follow": return bi("跟牌：有大必大，无大不出", "following: beat it if you can");
    case "jinpai": return bi(`紧牌：每人弃到 ${view.jinpai_cap} 张`, `紧牌: discard down to ${view.jinpai_cap}`);
    case "over": return endText(view);
    default: return String(view.phase ?? "");
  }
}

function trickPlay(renderer, view, ctx, play, winner) {
  const won = winner === play.seat && !play.passed;
  return h("div", { class: `trick-play${won ? " won" : ""}${play.passed ? " passed" : ""}` },
    h("div", { class: "trick-who" }, ctx.name(play.seat),
      play.name ? h("span", { class: "combo-name" }, play.name) : null,
      won ? h("span", { class: "won-mark" }, bi("占", "won")) : null),
    play.passed ? h("div", { class: "pass-mark" }, bi("过", "pass"))
      : cardRow(renderer, view, renderer.tokens(play.cards), renderer.sizes(view).trick, "trick-cards"));
}

export const xianniu = {
  ...generic,
  name: "xianniu",
  sizes(view) {
    // win: the scoring plays beside the settlement (a long card's face names need ≥ 80 px)
    // open: a replay's open hands (全部明牌); at the 占牌's size, 16 poker cards fanned 4 px
    // apart could not be read (a play-test): taller, and fanned to show each corner
    return poker(view) ? { hand: 104, trick: 78, table: 46, win: 64, open: 56 }
      : { hand: 158, trick: 112, table: 62, win: 84 };
  },

  handOverlap: 0,

  /** What each word does, as its button's tooltip (an English play-test found only 提示
   * said anything). */
  wordTips: {
    xian: () => bi("掀：逼领出的人出牌；掀了自己却没够牌，要赔给被掀的人",
                   "掀 (xiān): make the leader play; if you then end short of 6 占牌 you pay him"),
    // 扣了失掀 is the poker deck's (兰州's, [S002]); 凤翔's button was told of it too
    pass: (view) => (view?.deck === "huapai"
      ? bi("不出也不掀，让下一家表态", "pass: neither play nor 掀, the next seat declares")
      : bi("不出也不掀，让下一家表态（扣了以后本局不能再掀）",
        "pass: neither play nor 掀, the next seat declares (after 扣了 you may not 掀 again this deal)")),
    jinpai: () => bi("紧牌：手牌超出限额的人暗弃到限额（桌上占牌超过 8 张、出牌之前）",
                     "紧牌: whoever holds too many throws cards face down down to the limit (over 8 占牌 on the table, before a lead)"),
    discard: () => bi("弃：紧牌时把这张暗弃", "throw (弃): discard this card face down during 紧牌"),
  },

  tokens(text) {
    const s = String(text ?? "").trim();
    return s ? s.split(/\s+/) : [];
  },

  handTokens(view) {
    const toks = this.tokens(view.hand);
    if (!poker(view)) return toks;
    const rank = (tok) => POKER_ORDER.indexOf(tok);
    return [...toks].sort((a, b) => rank(a) - rank(b));
  },

  /** How many faces a card's copies show (the poker deck's suits), or null: all alike. */
  faces(token, view) {
    return poker(view) ? pokerFaces(token) : null;
  },

  card(token, view, opts) {
    const drawn = poker(view) ? pokerCard(token, opts) : longCard(token, opts);
    return drawn ?? generic.card(token, view, opts);
  },

  /** 紧牌: the cards this seat must still throw (picked at once, sent one per action). */
  multiPick(view) {
    if (view.phase !== "jinpai" || typeof view.jinpai_cap !== "number") return 0;
    return Math.max(0, this.tokens(view.hand).length - view.jinpai_cap);
  },

  playLabel(view) {
    return view.phase === "jinpai" ? bi("弃牌", "Discard") : bi("出牌", "Play");
  },

  seatBadges(view, seat, ctx) {
    const out = [];
    const active = view.active ?? [];
    const at = active.indexOf(seat);
    const backs = view.backs?.[seat];
    if (at < 0 && typeof backs === "number") {  // 五家抱: this sitter backs a player
      return [{ text: bi(`抱${ctx.name(backs)}`, `backs ${ctx.name(backs)}`), cls: "gold", key: "backs" }];
    }
    if (at < 0) return [{ text: bi("歇家", "sits out"), cls: "dim" }];
    const backer = view.backed_by?.[seat];
    if (typeof backer === "number") {
      out.push({ text: bi(`${ctx.name(backer)}抱`, `backed by ${ctx.name(backer)}`), cls: "dim", key: "backed" });
    }
    out.push({ text: bi(...ROLES[at] ?? ["", ""]), cls: at === 0 ? "gold" : "" });
    if (view.leader === seat && view.phase !== "over") out.push({ text: bi("领出", "leads"), cls: "lead" });
    const xians = view.xian_counts?.[seat] ?? 0;
    if (xians) out.push({ text: bi(`掀×${xians}`, `掀×${xians}`), cls: "hot", key: "xian" });
    if ((view.lost_xian ?? []).includes(seat)) out.push({ text: bi("失掀", "no 掀"), cls: "dim" });
    const thrown = view.discard_counts?.[seat] ?? 0;
    if (thrown) out.push({ text: bi(`弃${thrown}`, `threw ${thrown}`), cls: "dim" });
    return out;
  },

  seatDetail(view, seat, ctx) {
    const plays = view.table?.[seat] ?? [];
    const count = view.table_counts?.[seat] ?? 0;
    const parts = [];
    if ((view.active ?? []).includes(seat)) {
      parts.push(h("div", { class: `zhan-count${count ? " has" : ""}`, "data-zhan": count },
        bi(`占牌 ${count}`, `占牌 ${count}`)));
    }
    if (plays.length) {
      parts.push(h("div", { class: "zhan-plays" }, plays.map((p) => h("div", { class: "zhan-play", title: p.name },
        cardRow(this, view, this.tokens(p.cards), this.sizes(view).table)))));
    }
    const open = generic.seatDetail.call(this, view, seat, ctx);
    if (open) parts.push(open);
    return parts.length ? h("div", { class: "xn-detail" }, parts) : null;
  },

  track(recent, events, view) {
    let plays = recent?.plays ?? null;
    let winner = recent?.winner ?? null;
    if (!events.length || plays === null) {
      plays = (view.trick ?? []).map((p) => ({ ...p }));
      winner = null;
      // nothing of ours to add to (a table drawn anew in another language): the view's
      // trick holds these events' plays already — only a lead starts it again from them
      // (a spectator switching to English saw 虎 twice in the trick)
      if (events.length && !events.some((e) => e.kind === "played" && e.lead)) {
        const won = events.filter((e) => e.kind === "trick_won").at(-1);
        return { plays, winner: won ? won.seat : null };
      }
    }
    for (const ev of events) {
      if (ev.kind === "played") {
        if (ev.lead) {
          plays = [];
          winner = null;
        }
        plays = [...plays, { seat: ev.seat, cards: ev.cards, name: ev.name }];
      } else if (ev.kind === "passed") {
        plays = [...plays, { seat: ev.seat, passed: true }];
      } else if (ev.kind === "trick_won") {
        winner = ev.seat;
      }
    }
    return { plays, winner };
  },

  center(view, ctx, recent) {
    const plays = recent?.plays ?? [];
    const parts = [];
    if (view.phase === "over") parts.push(h("div", { class: "center-banner" }, endText(view)));
    if (plays.length) {
      // a trick won stays until the next lead: said, or its 过 under a seat asked 掀不掀
      // now read as that seat's answer (a review play-test)
      const done = recent.winner !== null && view.phase !== "over";
      if (done) parts.push(h("div", { class: "trick-caption", "data-testid": "last-trick" }, bi("上一轮", "last trick")));
      parts.push(h("div", { class: "trick" }, plays.map((p) => trickPlay(this, view, ctx, p, recent.winner))));
    }
    return h("div", { class: "xn-center" }, parts);
  },

  bubbles(events, ctx, view) {
    const out = [];
    for (const ev of events) {
      if (ev.kind === "xian") out.push({ seat: ev.seat, text: bi("掀！", "掀 — challenge!"), cls: "hot" });
      if (ev.kind === "declined") out.push({ seat: ev.seat, text: decline(view), cls: "" });
      if (ev.kind === "passed") out.push({ seat: ev.seat, text: bi("过", "pass"), cls: "" });
      if (ev.kind === "jinpai") out.push({ seat: ev.seat, text: bi("紧牌！", "紧牌!"), cls: "gold" });
      if (ev.kind === "trick_won") out.push({ seat: ev.seat, text: bi(`占 ${ev.table_count}`, `占 ${ev.table_count}`), cls: "gold" });
    }
    return out;
  },

  status(view, ctx) {
    const total = view.table_total ?? 0;
    const parts = [phaseText(view, ctx), bi(`桌面占牌 ${total}`, `占牌 on the table ${total}`)];
    const waste = this.tokens(view.waste).length;
    if (waste) parts.push(bi(`废牌 ${waste}`, `beaten ${waste}`));
    return parts.join(" · ");
  },

  /** Why my seat has no move this deal: a 歇家 (四人: the seat before the 头家; 五家抱:
   * backing a player), or null for a seat in play. */
  sittingOut(view, ctx) {
    if (typeof ctx.me !== "number" || !Array.isArray(view.active) || view.active.includes(ctx.me)) return null;
    const backs = view.backs?.[ctx.me];
    if (typeof backs === "number") {
      return bi(`这局你歇家，抱${ctx.name(backs)}：不出牌，分担他这局的输赢`,
        `You sit out this deal backing ${ctx.name(backs)}: you share his result`);
    }
    return bi("这局你歇家：每局三家打，头家前面那一位歇着，不出牌也不收付",
      "You sit out this deal: three play each deal, and the seat before the 头家 rests, neither paying nor receiving");
  },

  prompt(view, ctx) {
    const me = ctx.me;
    const leader = typeof view.leader === "number" ? ctx.name(view.leader) : "";
    switch (view.phase) {
      case "declare":
        return view.leader === me
          ? bi(`你领出：选牌出，或${decline(view)}`, `You lead: play cards, or ${decline(view)}`)
          : bi(`${leader} 领出：你掀不掀？`, `${leader} leads: 掀 or not?`);
      case "lead": return bi("被掀了，你必须出牌", "You were 掀ed: lead a play");
      case "follow": return bi("有大必大：选能压过的牌", "Beat the top play");
      case "jinpai": return bi(`紧牌：弃到 ${view.jinpai_cap} 张`, `紧牌: discard down to ${view.jinpai_cap}`);
      default: return bi("轮到你了", "Your turn");
    }
  },

  /** Each winner's plays that scored, as cards with their worth, from the settlement's
   * items: a scoring play's cards and name are its message's params (a 亮子 split over two
   * plays and a big hand's red-black pairs too: every part of the 牌分). */
  settlementHands(settlement, name, view) {
    const items = (settlement?.items ?? []).filter((i) => SCORING_PARTS.has(i.code));
    return winHands(this, view, items, this.sizes(view).win,
      (seat) => bi(`${name(seat)} 的计分牌`, `${name(seat)}'s scoring plays`),
      (item) => ({
        tokens: this.tokens(item.label?.params?.cards),
        kind: String(item.label?.params?.combo ?? ""),
        value: itemValue(item),
        cls: "",
      }));
  },

  eventText(ev, ctx, view) {
    const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
    switch (ev.kind) {
      case "banpai": return bi(`${who} 扳到 ${zh(ev.card)}`, `${who} drew ${ev.card} (扳牌)`);
      case "big_hand": return bi(`${who} 亮出 ${ev.name}：${zh(ev.cards)}`, `${who} shows ${ev.name}: ${ev.cards}`);
      case "declined": return ev.auto ? bi(`${who} 已失掀权，自动${decline(view)}`, `${who} may not 掀 (auto)`)
        : bi(`${who} ${decline(view)}`, `${who}: ${decline(view)}`);
      case "xian": return bi(`${who} 掀！`, `${who} 掀!`);
      case "played": return bi(`${who} ${ev.lead ? "领出" : "跟"} ${zh(ev.cards)}（${ev.name}）`,
        `${who} ${ev.lead ? "leads" : "plays"} ${ev.cards} (${ev.name})`);
      case "passed": return bi(`${who} 过`, `${who} passes`);
      case "trick_won": return bi(`${who} 占牌 ${zh(ev.cards)}，共 ${ev.table_count} 张`,
        // (it read "wins 虎: 4 占牌", as if one 虎 won four cards: the count is the seat's
        // 占牌 in all, as 共 says — a replay play-test)
        `${who} takes the trick with ${ev.cards}: ${countOf(ev.table_count, "card", "cards")} of 占牌 in all`);
      case "jinpai": return bi(`${who} 紧牌：手牌最多 ${ev.cap} 张`, `${who} calls 紧牌: at most ${countOf(ev.cap, "card", "cards")}`);
      case "discarded": return ev.card ? bi(`${who} 弃 ${zh(ev.card)}`, `${who} throws ${ev.card}`)
        : bi(`${who} 弃了一张牌`, `${who} throws a card`);
      case "deal_ended": return endText({ ...view, end: ev.reason });
      default: return generic.eventText(ev, ctx);
    }
  },
};

export default xianniu;
