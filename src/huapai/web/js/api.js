// REST client (docs/platform-protocol.md §2) and the player's identity (token).

import { bi, getLang, localize } from "./i18n.js";
import { parseJson } from "./fairness.js";

const TOKEN_KEY = "huapai.token";
const PLAYER_KEY = "huapai.player";

export function getToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export function getPlayer() {
  try {
    return JSON.parse(localStorage.getItem(PLAYER_KEY) ?? "null");
  } catch {
    return null;
  }
}

export function saveIdentity(player, token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
}

export function forgetIdentity() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
}

/** A refusal from the server (REST or WebSocket): a stable code and a message. */
export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// Engine refusals carry an English message only; say them in Chinese too.
const ENGINE_ZH = {
  not_your_turn: "还没轮到你",
  illegal_action: "这一步不合规则",
  does_not_beat: "压不过桌上的牌：跟牌要同牌型、更大",
  must_beat: "有大必大：你有能压过的牌，必须出",
  not_leader: "现在只有领出的人能出牌，你可以掀或不掀",
  not_in_hand: "你手里没有这些牌",
  over_table_cap: "出了这手，桌上占牌会超过上限",
  must_discard: "紧牌：请先弃牌",
  no_jinpai: "现在不能紧牌",
  game_over: "本局已经结束",
  unknown_action: "没有这个动作",
};

// The server's own refusals (docs/platform-protocol.md): "中文 / English: detail".
const SERVER_CODES = new Set([
  "bad_json", "bad_message", "unknown_type", "too_large", "rate_limited", "not_authenticated",
  "bad_token", "unauthorized", "room_not_found", "game_not_found", "player_not_found",
  "not_subscribed", "too_many_rooms", "not_seated", "not_playing", "not_between", "stale",
  "bad_action", "rules_invalid", "bad_settings", "bad_nickname", "seat_out_of_range",
  "seat_taken", "seat_held", "mid_deal", "already_seated", "not_owner", "wrong_status", "seats_empty", "unknown_bot",
  "bad_code", "replay_not_found", "replay_not_finished", "bad_seat", "room_limit", "too_many_connections",
]);

/** A path with every interpolated value (ids, seats, tokens) URI-encoded:
 * path`/rooms/${id}/seats/${seat}`. */
export function path(strings, ...values) {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i]) : ""), "");
}

/** What to tell a person about a refusal, in the current language. */
export function explain(code, message) {
  const text = String(message || code);
  const zh = ENGINE_ZH[code];
  if (zh && !text.includes(" / ")) return getLang() === "en" ? text : `${zh}（${text}）`;
  return localize(text, SERVER_CODES.has(code));
}

async function request(method, path, body, extra = {}, raw = false) {
  const headers = { Accept: raw ? "*/*" : "application/json", ...extra };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch {
    throw new ApiError("network", bi("连不上服务器 / cannot reach the server",
                                      "连不上服务器 / cannot reach the server"));
  }
  if (raw && response.ok) return response.blob();
  const text = await response.text();
  let data = null;
  try {
    data = text ? parseJson(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data?.error ?? { code: `http_${response.status}`, message: response.statusText };
    throw new ApiError(err.code, err.message, response.status);
  }
  return data;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body = {}, headers = {}) => request("POST", path, body, headers),
  patch: (path, body) => request("PATCH", path, body),
  del: (path) => request("DELETE", path),
  blob: (path) => request("GET", path, undefined, {}, true),
};

/** Download `path` (sent with the token, so private games work) as `filename`. */
export async function download(path, filename) {
  const url = URL.createObjectURL(await api.blob(path));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
