// Fair shuffle, checked in the browser (docs/platform-protocol.md §4): the commitment a
// client saw before a deal (its `shuffle` message) must be SHA-256("huapai-seed:<server
// seed>") of the server seed revealed when it ended, the deal seed must follow from the
// server seed and every seat's nonce (this browser's own among them, at its seat), and
// the same for a match's first-dealer (扳牌) seed. Seeds are 63-bit integers, beyond
// JavaScript's exact numbers, so every message is parsed keeping seeds exactly as their
// digits (strings), and the arithmetic below is BigInt.

const REMEMBERED = "huapai.commitments";
const NONCES = "huapai.nonces";
const KEEP = 200;
const SEED_KEYS = new Set(["seed", "server_seed", "banpai_server_seed"]);

/** JSON.parse, with integer `seed` fields kept exact (as strings) where the browser
 * exposes the source text to revivers; elsewhere an unsafe seed becomes null (unknown). */
export function parseJson(text) {
  return JSON.parse(text, function revive(key, value, context) {
    if (!SEED_KEYS.has(key) || typeof value !== "number") return value;
    if (context?.source !== undefined) return context.source;
    return Number.isSafeInteger(value) ? String(value) : null;
  });
}

/** The commitment to `seed`, as hex; null where Web Crypto is missing (plain http). */
export async function seedCommitment(seed) {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = new TextEncoder().encode(`huapai-seed:${seed}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(text) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A fresh nonce for a deal about to be dealt: 16 random bytes as hex. */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The seed mixed from a server seed and the nonces (server/fairness.py `_mixed`): the
 * server seed itself when no seat sent a nonce; null without Web Crypto. */
export async function mixedSeed(kind, serverSeed, nonces) {
  if (!nonces.some((n) => n)) return String(serverSeed);
  if (!globalThis.crypto?.subtle) return null;
  const digest = await sha256(`huapai-${kind}:${serverSeed}:${nonces.map((n) => n ?? "").join(":")}`);
  let value = 0n;
  for (const byte of digest.slice(0, 8)) value = (value << 8n) | BigInt(byte);
  return String(value >> 1n);
}

/** "ok" / "mismatch" / "nonce_missing" / "unknown" for a revealed deal (`deal_end`, a
 * replay): the server seed opens the commitment seen before the deal, the deal seed (and
 * a 扳牌 seed) follow from the parts, and `mine` ({seat, nonce}, if this browser sent one)
 * is among them ("nonce_missing" where it is not: a mismatch read the same). */
export async function checkShuffle(parts, commitment, mine) {
  if (parts.server_seed === undefined || parts.server_seed === null) return checkSeed(parts.seed, commitment);
  const nonces = parts.nonces ?? [];
  if (mine && nonces[mine.seat] !== mine.nonce) return "nonce_missing";
  const checks = [checkSeed(parts.server_seed, commitment),
    mixedSeed("deal", parts.server_seed, nonces).then((s) => (s === null ? "unknown" : s === String(parts.seed) ? "ok" : "mismatch"))];
  if (parts.banpai_server_seed !== undefined && parts.banpai_server_seed !== null) {
    checks.push(checkSeed(parts.banpai_server_seed, parts.banpai_commitment));
  }
  const results = await Promise.all(checks);
  if (results.includes("mismatch")) return "mismatch";
  return results.includes("unknown") ? "unknown" : "ok";
}

function rememberedNonces() {
  try {
    return JSON.parse(localStorage.getItem(NONCES) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** Keep the nonce this browser sent for a game (and its seat), to find it in the reveal. */
export function rememberNonce(gameId, seat, nonce) {
  const sent = rememberedNonces();
  sent[gameId] = { seat, nonce };
  const ids = Object.keys(sent);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete sent[id];
  localStorage.setItem(NONCES, JSON.stringify(sent));
}

/** Forget the nonce this browser sent for a game when the server did not take it (another
 * window of the player's had sent one, or the shuffle was over): the check must not look
 * for it. Another window's nonce kept there since stays. */
export function forgetNonce(gameId, nonce) {
  const sent = rememberedNonces();
  if (sent[gameId]?.nonce !== nonce) return;
  delete sent[gameId];
  localStorage.setItem(NONCES, JSON.stringify(sent));
}

/** The nonce this browser sent for a game, as {seat, nonce}, or null. */
export function nonceSent(gameId) {
  return rememberedNonces()[gameId] ?? null;
}

/** "ok" / "mismatch" / "unknown": does `seed` open the commitment seen at the start? */
export async function checkSeed(seed, commitment) {
  if (seed === null || seed === undefined || !commitment) return "unknown";
  const hash = await seedCommitment(seed);
  if (hash === null) return "unknown";
  return hash === commitment ? "ok" : "mismatch";
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(REMEMBERED) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** Keep the first commitment seen for a game (a later one never replaces it). */
export function rememberCommitment(gameId, commitment) {
  if (!gameId || !commitment) return;
  const seen = remembered();
  if (seen[gameId]) return;
  seen[gameId] = commitment;
  const ids = Object.keys(seen);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete seen[id];
  localStorage.setItem(REMEMBERED, JSON.stringify(seen));
}

/** The commitment this browser saw when the game began, if it watched it live. */
export function commitmentSeen(gameId) {
  return remembered()[gameId] ?? null;
}
