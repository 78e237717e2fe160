// The end of a deal: who won what, and why (the settlement's itemised payments), the
// match totals, the revealed shuffle seed, and what to do next.

import { h } from "./dom.js";
import { localize, t } from "./i18n.js";

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function deltaCell(n) {
  return h("td", { class: `num ${n > 0 ? "win" : n < 0 ? "lose" : ""}` }, signed(n));
}

const SEED_CHECK = { ok: ["ok", "seed_checked"], mismatch: ["hot", "seed_mismatch"], unknown: ["", "seed_unchecked"] };

/** The browser's own check of the revealed seed against the commitment it saw at the start. */
export function seedBadge(result) {
  const [tone, key] = SEED_CHECK[result] ?? SEED_CHECK.unknown;
  return h("span", { class: `seed-check badge ${tone}`, "data-testid": "seed-check", "data-result": result },
    result === "ok" ? "✓ " : result === "mismatch" ? "✗ " : "", t(key));
}

/** "seat 2: 占牌 7" → "阿牛: 占牌 7" */
export function namedNote(note, name) {
  return localize(String(note).replace(/\bseat (\d+)/g, (_m, d) => name(Number(d))));
}

/**
 * The settlement panel. `data`: {settlement, scaled, totals, multiplier, name(seat),
 * me, deal, deals, seed, commitment, gameId, matchOver}; `actions`: buttons to show.
 */
export function settlementPanel(data, actions) {
  const { settlement, name } = data;
  const deltas = settlement?.deltas ?? [];
  const scaled = data.scaled ?? deltas;
  const showScaled = (data.multiplier ?? 1) !== 1;
  const totals = data.totals ?? null;
  const rows = deltas.map((d, seat) => h("tr", { class: seat === data.me ? "me" : "", "data-seat": seat },
    h("td", {}, name(seat)), deltaCell(d), showScaled ? deltaCell(scaled[seat] ?? d) : null,
    totals ? deltaCell(totals[seat] ?? 0) : null));
  const payments = settlement?.payments ?? [];
  const title = data.matchOver ? t("match_over") : t("settlement");
  const dealLine = data.deals ? `${t("deal_n", { n: (data.deal ?? 0) + 1 })} / ${data.deals}` : "";
  return h("div", { class: "settlement", "data-testid": "settlement" },
    h("div", { class: "settle-head" }, h("h2", {}, title), h("span", { class: "deal-line" }, dealLine)),
    h("table", { class: "settle-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("seat_col")), h("th", {}, t("delta_col")),
        showScaled ? h("th", {}, `${t("scaled_col")}${data.multiplier}`) : null,
        totals ? h("th", {}, t("total_col")) : null)),
      h("tbody", {}, rows)),
    h("h3", {}, t("payments")),
    payments.length
      ? h("ul", { class: "payments", "data-testid": "payments" }, payments.map((p) => h("li", {},
        h("span", { class: "who" }, t("pays", { payer: name(p.payer), payee: name(p.payee) })),
        h("span", { class: "amount" }, String(p.amount)),
        h("span", { class: "label", title: p.label }, namedNote(p.label, name)))))
      : h("p", { class: "muted", "data-testid": "payments" }, t("no_payments")),
    (settlement?.notes ?? []).length
      ? h("ul", { class: "notes" }, settlement.notes.map((n) => h("li", {}, namedNote(n, name)))) : null,
    data.seed !== undefined && data.seed !== null
      ? h("p", { class: "seed muted" }, t("seed_revealed", { seed: data.seed, commit: String(data.commitment ?? "").slice(0, 12) }))
      : null,
    data.seedCheck ? seedBadge(data.seedCheck) : null,
    h("div", { class: "settle-actions" }, actions));
}
