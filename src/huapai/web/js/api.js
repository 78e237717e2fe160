// REST client (docs/platform-protocol.md §2) and the player's identity (token).

import { said, t } from "./i18n.js";
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

/** A refusal from the server (REST or WebSocket): a stable code, the older one-string
 * message and the message as a value (`msg`: {code, zh, en, params}). */
export class ApiError extends Error {
  constructor(code, message, status = 0, msg = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.msg = msg;
  }
}

/** A path with every interpolated value (ids, seats, tokens) URI-encoded:
 * path`/rooms/${id}/seats/${seat}`. */
export function path(strings, ...values) {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i]) : ""), "");
}

/** What to tell a person about a refusal (an ApiError or a WebSocket error message), in
 * the current language: its `msg`, else (a server without messages) its code. */
export function explain(err) {
  return said(err?.msg, String(err?.code ?? t("error")));
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
    const msg = { code: "network", zh: "连不上服务器", en: "cannot reach the server", params: {} };
    throw new ApiError("network", said(msg), 0, msg);
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
    throw new ApiError(err.code, err.message, response.status, err.msg ?? null);
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
