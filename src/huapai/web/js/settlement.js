// The end of a deal: who won what, and why (the settlement's itemised payments and its
// breakdown items, each a message value shown in the current language), the match
// totals, the revealed shuffle seed, and what to do next.

import { h } from "./dom.js";
import { fairnessLines, seedBadge } from "./fairview.js";
import { bi, getLang, listed, said, t } from "./i18n.js";

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** Points won or lost, signed and coloured (`tag`: a table cell, or a span in a line). */
export function pointsOf(n, tag = "span") {
  return h(tag, { class: `num ${n > 0 ? "win" : n < 0 ? "lose" : ""}` }, signed(n));
}

function deltaCell(n) {
  return pointsOf(n, "td");
}

/** A payment's reason: its message, or (a settlement stored before messages) its text. */
function paymentLabel(p) {
  return said(p.msg, String(p.label ?? ""));
}

/** The payments with one payer, payee and reason as one — [the first, the amounts' sum,
 * how many] in the order they first came: 凤翔's "掀一次赔被掀的一家" came once a 掀, the
 * same line three times (the terminal folds them alike: render.py folded_payments). */
export function foldedPayments(payments) {
  const groups = new Map();
  for (const p of payments) {
    const key = JSON.stringify([p.payer, p.payee, p.msg ?? p.label ?? null]);
    const group = groups.get(key);
    if (group) {
      group[1] += p.amount;
      group[2] += 1;
    } else {
      groups.set(key, [p, p.amount, 1]);
    }
  }
  return [...groups.values()];
}

/** An item's value with its unit ("3 点", "1 point"), empty for a bare line. */
export function itemValue(item) {
  // English takes the unit's singular (its `one` parameter) for 1: "1 card", "2 cards"
  const one = getLang() === "en" && item.value === 1 ? item.unit?.params?.one : null;
  const unit = one ?? said(item.unit);
  if (!unit && !item.value) return "";
  return unit ? `${item.value} ${unit}` : String(item.value);
}

/** The breakdown table: one row per item, grouped by seat (the table-wide lines last). */
export function itemsTable(items, name) {
  const seats = [...new Set(items.map((i) => i.seat))].sort((a, b) => (a ?? 99) - (b ?? 99));
  const rows = seats.flatMap((seat) => items.filter((i) => i.seat === seat).map((item, k) => h("tr", {
    "data-seat": seat ?? "", "data-code": item.code, class: k === 0 ? "first" : "",
  }, h("td", { class: "who" }, k === 0 ? (seat === null ? t("table_wide") : name(seat)) : ""),
    h("td", { class: "label" }, said(item.label)),
    h("td", { class: "num" }, itemValue(item)))));
  return h("table", { class: "items-table", "data-testid": "items" },
    h("thead", {}, h("tr", {}, h("th", {}, t("seat_col")), h("th", {}, t("item_col")), h("th", {}, t("value_col")))),
    h("tbody", {}, rows));
}

/** The facts behind the payments: the breakdown items, or the free-text notes of a
 * settlement stored before items existed (shown as they are, never parsed). */
function facts(settlement, name, renderer, view) {
  const items = settlement?.items ?? [];
  const hands = renderer?.settlementHands?.(settlement, name, view ?? {}) ?? null;
  if (items.length && hands) {  // the winner's hand laid out beside the breakdown
    return [h("h3", {}, t("items")), h("div", { class: "settle-facts" }, hands, itemsTable(items, name))];
  }
  if (items.length) return [h("h3", {}, t("items")), itemsTable(items, name)];
  const notes = settlement?.notes ?? [];
  return notes.length ? [h("ul", { class: "notes" }, notes.map((n) => h("li", {}, String(n))))] : [];
}

/**
 * The settlement panel. `data`: {settlement, scaled, totals, multiplier, name(seat), title,
 * me, deal, deals, seed, commitment, serverSeed, nonces, gameId, matchOver, renderer (its optional
 * settlementHands draws the winners' hands), view (the deal's last view, which the
 * renderer reads for how to draw them, e.g. which faces are 精)}; `actions`: buttons.
 */
/** 钵福's 算盘 after the deal, by seat ("49 钱"), from the settlement's `abacus` items;
 * null for a game without one (the money columns read 0 until 得一钵, and a player saw a
 * deal that moved 75 钱 as nothing happening). */
function abacusBySeat(settlement) {
  const items = (settlement?.items ?? []).filter((i) => i.code === "abacus");
  if (!items.length) return null;
  return new Map(items.map((i) => [i.seat, abacusCell(i)]));
}

/** "58 钱" and, small under it, this deal's change ("本局 +24") from the item's params
 * (older records' items have none: the number alone). */
function abacusCell(item) {
  const change = item.label?.params?.change;
  if (change === undefined) return itemValue(item);
  return [itemValue(item), h("span", { class: "abacus-change muted", "data-testid": "abacus-change" },
    bi(`本局 ${change}`, `${change} this deal`))];
}

/** The people who played deals of the match in a seat someone else holds now, with
 * those deals' points (a seat's total is its holder's at the end: a player who left after
 * deal 1 found their −5 under the bot that took the seat — a play-test). */
function leftNote(left) {
  if (!left.length) return null;
  return h("ul", { class: "left-points muted small", "data-testid": "left-points" }, left.map((x) =>
    h("li", {}, t("left_points", { name: x.player.nickname, seat: x.seat + 1, deals: x.deals,
                                   points: signed(x.points) }))));
}

/** The points in one sentence, the dialog's description to a screen reader (it named only
 * 整场结束; the table of points was heard only if looked for: a screen-reader play-test). */
function pointsSummary(deltas, totals, name) {
  const line = (head, values) => `${t(head)}${bi("：", ": ")}${seatsPoints(values, name)}`;
  const parts = [line("delta_col", deltas)];
  if (totals) parts.push(line("total_col", totals));
  return h("p", { class: "sr-only", id: "settle-summary" }, parts.join(bi("；", "; ")));
}

/** 本场第一：阿甲（+34） over 整场结束's table: the totals were shown and who won the match
 * never said (a play-test); tied firsts together, an even match as one. */
function matchWinner(totals, name) {
  const best = Math.max(...totals);
  const firsts = totals.map((v, seat) => [v, seat]).filter(([v]) => v === best).map(([, seat]) => name(seat));
  const text = totals.every((v) => v === 0) ? t("match_even")
    : t(firsts.length > 1 ? "match_winners" : "match_winner", { names: listed(firsts), points: signed(best) });
  return h("p", { class: "match-winner", "data-testid": "match-winner" }, text);
}

function seatsPoints(values, name) {
  return values.map((v, seat) => `${name(seat)} ${signed(v)}`).join(bi("，", ", "));
}

/** 本局得分：你 −8，机器人乙 +2，… — a deal's points in words, after a replay's last step. */
export function dealPoints(deltas, name) {
  return t("deal_points", { points: seatsPoints(deltas, name) });
}

export function settlementPanel(data, actions) {
  const { settlement, name } = data;
  const deltas = settlement?.deltas ?? [];
  const scaled = data.scaled ?? deltas;
  const showScaled = (data.multiplier ?? 1) !== 1;
  const totals = data.totals ?? null;
  const abacus = abacusBySeat(settlement);  // 钵福: what each 算盘 holds after the deal
  const rows = deltas.map((d, seat) => h("tr", { class: seat === data.me ? "me" : "", "data-seat": seat },
    h("td", {}, name(seat)), deltaCell(d), showScaled ? deltaCell(scaled[seat] ?? d) : null,
    totals ? deltaCell(totals[seat] ?? 0) : null,
    abacus ? h("td", { class: "num", "data-testid": "abacus-cell" }, abacus.get(seat) ?? "") : null));
  const payments = settlement?.payments ?? [];
  const title = data.title ?? (data.matchOver ? t("match_over") : t("settlement"));
  const dealLine = data.deals ? `${t("deal_n", { n: (data.deal ?? 0) + 1 })} / ${data.deals}` : "";
  return h("div", { class: "settlement", "data-testid": "settlement" },
    h("div", { class: "settle-head" }, h("h2", {}, title), h("span", { class: "deal-line" }, dealLine)),
    data.matchOver && totals ? matchWinner(totals, name) : null,
    pointsSummary(deltas.map((d, seat) => showScaled ? scaled[seat] ?? d : d), totals, name),
    h("table", { class: "settle-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("seat_col")), h("th", {}, t("delta_col")),
        showScaled ? h("th", {}, t("scaled_col", { m: data.multiplier })) : null,
        totals ? h("th", {}, t("total_col")) : null, abacus ? h("th", {}, t("abacus_col")) : null)),
      h("tbody", {}, rows)),
    totals ? leftNote(data.left ?? []) : null,
    h("h3", {}, t("payments")),
    payments.length
      ? h("ul", { class: "payments", "data-testid": "payments" }, foldedPayments(payments).map(([p, amount, n]) => h("li", {},
        h("span", { class: "who" }, t("pays", { payer: name(p.payer), payee: name(p.payee) })),
        h("span", { class: "amount" }, String(amount)),
        h("span", { class: "label" }, n > 1 ? t("times", { reason: paymentLabel(p), n }) : paymentLabel(p)))))
      // a 钵福 match that ends short of 得一钵 read as three deals counted for nothing
      : h("p", { class: "muted", "data-testid": "payments" },
        t(!abacus ? "no_payments" : data.matchOver ? "no_bo_match_over" : "no_payments_bo")),
    ...facts(settlement, name, data.renderer, data.view),
    ...fairnessLines(data),
    data.seedCheck ? seedBadge(data.seedCheck) : null,
    data.note ? h("p", { class: "muted small settle-note", "data-testid": "settle-note" }, data.note) : null,
    data.againNote ? h("p", { class: "muted small settle-note", "data-testid": "again-note" }, data.againNote) : null,
    h("div", { class: "settle-actions" }, actions));
}
