// What the settlement and the replay say of a deal's fair shuffle (docs/platform.md): the
// server seed that opens the commitment, how the deal seed came from it and the players'
// randomness (this browser's own named), and the browser's own check worded by what it
// could check. A skeptic's play-test: the deal seed stood beside the commitment, which it
// does not hash to (the server seed does); nothing said whose randomness went in, nor
// that on 托管 none did; a browser that never saw the deal begin said 本机已验证, and a
// missing nonce of its own read as a commitment mismatch.

import { h } from "./dom.js";
import { api, path } from "./api.js";
import { checkShuffle, commitmentSeen, nonceSent } from "./fairness.js";
import { listed, t } from "./i18n.js";

const CHECK = {
  ok: ["ok", "✓ ", "seed_checked"],
  ok_record: ["ok", "✓ ", "seed_checked_record"],
  nonce_missing: ["hot", "✗ ", "seed_nonce_missing"],
  mismatch: ["hot", "✗ ", "seed_mismatch"],
  unknown: ["", "", "seed_unchecked"],
};

/** The browser's own check of a revealed deal, as a badge. */
export function seedBadge(result) {
  const [tone, mark, key] = CHECK[result] ?? CHECK.unknown;
  return h("span", { class: `seed-check badge ${tone}`, "data-testid": "seed-check", "data-result": result },
    mark, t(key));
}

/** A revealed deal's parts (a deal_end, a replay, a verify answer: the server's names) as
 * the settlement panel takes them. */
export function shuffleParts(parts) {
  return { seed: parts.seed, commitment: parts.commitment, serverSeed: parts.server_seed, nonces: parts.nonces };
}

/** The revealed deal's parts as lines: `data` {seed, commitment, serverSeed, nonces,
 * gameId, name(seat)}; none before the reveal. */
export function fairnessLines(data) {
  if (data.seed === undefined || data.seed === null) return [];
  const commit = String(data.commitment ?? "").slice(0, 12);
  const line = (text, testid) => h("p", { class: "seed muted", "data-testid": testid }, text);
  if (data.serverSeed === undefined || data.serverSeed === null) {  // a game from before nonces
    return [line(t("seed_revealed", { seed: data.seed, commit }), "seed-line")];
  }
  const senders = (data.nonces ?? []).flatMap((n, seat) => (n ? [seat] : []));
  const mine = data.gameId ? nonceSent(data.gameId) : null;
  return [
    line(t("server_seed_line", { server: data.serverSeed, commit }), "seed-line"),
    line(senders.length
      ? t("deal_seed_mixed", { seed: data.seed, who: listed(senders.map((s) => data.name(s))) })
      : t("deal_seed_alone", { seed: data.seed }), "deal-seed-line"),
    mine && data.nonces?.[mine.seat] === mine.nonce
      ? line(t("your_nonce", { nonce: mine.nonce.slice(0, 8) }), "your-nonce") : null,
    line(t("verify_hint"), "verify-hint"),
  ];
}

/** The browser's check of revealed `parts` (a deal_end, a replay, a verify row): against
 * the commitment it saw live, else — "ok_record" at best — the one `parts` carries. */
export async function checkReveal(gameId, parts) {
  const seen = commitmentSeen(gameId);
  const result = await checkShuffle(parts, seen ?? parts.commitment, nonceSent(gameId));
  return result === "ok" && !seen ? "ok_record" : result;
}

/** A finished deal's revealed parts from `/api/verify/{id}` (a page reloaded after the
 * deal: its settlement came back with no word of the shuffle), or null. */
export async function fetchReveal(gameId) {
  try {
    return await api.get(path`/verify/${gameId}`);  // seed, server_seed, nonces, commitment
  } catch {
    return null;
  }
}
