// Game renderers from the families' manifests (GET /api/games): each family's module is
// loaded with a dynamic import() of its manifest's `web_renderer` path; a family that
// names none, or whose module fails to load, is drawn by the generic renderer.
// `loadGames()` runs once at start-up, so `rendererFor` and the titles are synchronous.

import { api } from "../api.js";
import { bi, t } from "../i18n.js";
import { generic } from "./generic.js";

const MANIFESTS = new Map();
const RENDERERS = new Map();
const DETAILS = new Map();
const GUIDES = new Map();
let loading = null;

async function loadRenderer(manifest) {
  if (!manifest.web_renderer) return generic;
  try {
    const module = await import(new URL(manifest.web_renderer, document.baseURI).href);
    return { ...generic, ...(module.default ?? {}) };
  } catch (err) {
    console.error(`huapai: the renderer of ${manifest.name} (${manifest.web_renderer}) did not load`, err);
    return generic;
  }
}

async function load() {
  const games = (await api.get("/games")).games;
  const renderers = await Promise.all(games.map(loadRenderer));
  games.forEach((g, i) => {
    MANIFESTS.set(g.name, g);
    RENDERERS.set(g.name, renderers[i]);
  });
  return games;
}

/** Every family's manifest (with its presets), its renderer loaded; fetched once. */
export function loadGames() {
  loading ??= load().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

export function rendererFor(game) {
  return RENDERERS.get(game) ?? generic;
}

export function registerRenderer(game, renderer) {
  RENDERERS.set(game, { ...generic, ...renderer });
}

/** A family's title in the chosen language (its name until the manifests are in). */
export function gameTitle(game) {
  const titles = MANIFESTS.get(game)?.titles;
  return titles ? bi(titles.zh, titles.en) : String(game);
}

/** The rule option that is a family's room 倍数 (双别杆's `multiplier`), or null: the
 * platform's multiplier then scales the room's points. */
export function ownMultiplier(game) {
  return MANIFESTS.get(game)?.room_multiplier ?? null;
}

/** A room's 倍数 as its players know it: the family's rule option where it has one (the
 * platform's stays 1 there), else the room's multiplier. */
export function roomMultiplier(summary) {
  const own = ownMultiplier(summary.game);
  return own ? summary.rules?.[own] ?? 1 : summary.multiplier ?? 1;
}

/** A preset's title in the chosen language, from the family's manifest. */
export function presetTitle(game, preset) {
  const pair = MANIFESTS.get(game)?.preset_titles?.[preset];
  return pair ? bi(pair.zh, pair.en) : preset;
}

/** `fetch()` once per key into `cache` (a failed one is asked again next time). */
function once(cache, key, fetch) {
  if (!cache.has(key)) {
    cache.set(key, fetch().catch((err) => {
      cache.delete(key);
      throw err;
    }));
  }
  return cache.get(key);
}

/** A family's rule options and presets (GET /api/games/{game}), fetched once per game. */
export function gameDetail(game) {
  return once(DETAILS, game, () => api.get(`/games/${encodeURIComponent(game)}`));
}

/** Whether the family ships a 玩法说明 (its manifest's `howto`). */
export function hasHowto(game) {
  return Boolean(MANIFESTS.get(game)?.howto);
}

/** A family's 玩法说明 (GET /api/games/{game}/howto), fetched once per game. */
export function gameHowto(game) {
  return once(GUIDES, game, () => api.get(`/games/${encodeURIComponent(game)}/howto`).then((r) => r.howto));
}

/** "4 局 · 倍数 ×1 · 30 秒": the room's settings (the top bar; a phone's waiting room). */
export function settingsLine(s) {
  const clock = s.turn_clock ? t("seconds", { n: s.turn_clock }) : t("no_clock");
  return t("settings_line", { deals: s.deals, mult: roomMultiplier(s), clock });
}
