// Fair shuffle, checked in the browser (docs/platform-protocol.md §4): the commitment a
// client saw when a deal began must be SHA-256("huapai-seed:<seed>") of the seed revealed
// when it ended. Seeds are 63-bit integers, beyond JavaScript's exact numbers, so every
// message is parsed keeping a `seed` exactly as its digits (a string).

const REMEMBERED = "huapai.commitments";
const KEEP = 200;

/** JSON.parse, with integer `seed` fields kept exact (as strings) where the browser
 * exposes the source text to revivers; elsewhere an unsafe seed becomes null (unknown). */
export function parseJson(text) {
  return JSON.parse(text, function revive(key, value, context) {
    if (key !== "seed" || typeof value !== "number") return value;
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
