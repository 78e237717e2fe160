// One WebSocket to the server (docs/platform-protocol.md §3): hello with the token, then
// subscriptions; reconnects by itself and re-subscribes, so a dropped line or a reload
// brings the seat's full view back.

import { parseJson } from "./fairness.js";

const PING_EVERY_MS = 10000;
// a line that hears nothing this long after a ping (or after a move sent) is taken for
// dead: a phone in a tunnel kept a half-open socket for a minute, its page green and its
// taps going nowhere (a play-test); live rooms send clock ticks every second anyway
const SILENCE_MS = 8000;
const REVOKED = 4401; // the server's close code when this token was revoked
// at most 3 s between tries, a little jittered: at 8 s a restart of a few seconds kept the
// players away for 10 s more, while their 托管 seats played on (a play-test)
const MAX_BACKOFF_MS = 3000;

export class Live {
  constructor(token) {
    this.token = token;
    this.ws = null;
    this.ready = false;
    this.stopped = false;
    this.rooms = new Set();
    this.queue = [];
    this.handlers = new Map();
    this.attempt = 0;
    this.refs = 0;
    this.phrases = [];  // 快捷语, as the last welcome listed them
    this.pinger = null;
    this.watchdog = null;
    // the browser knows first: off line, the line is down; on line again, try at once
    addEventListener("offline", () => this.abandon(this.ws));
    addEventListener("online", () => this.reconnectNow());
    // a phone back from sleep or another app: ask whether the line still answers
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.ready) this.probe();
    });
  }

  /** Listen to messages of `type` ("state", "room", …, "status"); returns an unsubscribe. */
  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
    return () => this.handlers.get(type)?.delete(fn);
  }

  emit(type, message) {
    for (const fn of this.handlers.get(type) ?? []) {
      try {
        fn(message);
      } catch (err) {
        console.error(`huapai: a ${type} handler failed`, err);
      }
    }
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.retry);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", token: this.token })));
    ws.addEventListener("message", (e) => ws === this.ws && this.receive(e.data));
    ws.addEventListener("close", (e) => this.closed(ws, e.code));
  }

  /** Ping, and give the line up if nothing at all comes back in time. */
  probe() {
    this.raw({ type: "ping" });
    this.expect();
  }

  /** Something must be heard within SILENCE_MS (any message disarms it). */
  expect() {
    if (this.watchdog || !this.ready) return;
    const ws = this.ws;
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      this.abandon(ws);
    }, SILENCE_MS);
  }

  /** The line is dead (or the browser is off line): stop listening to it, say so and
   * reconnect — its close event can come a minute later, or never. */
  abandon(ws) {
    if (!ws || ws !== this.ws) return;
    this.ws = null;
    try {
      ws.close();
    } catch {
      // closing a dead socket may throw: it is dropped either way
    }
    this.closed(null, 4000);
  }

  /** Back on line: try now, not after the backoff. */
  reconnectNow() {
    if (this.stopped || this.ready || this.ws) return;  // a line up or on its way: kept
    this.attempt = 0;
    this.connect();
  }

  receive(text) {
    clearTimeout(this.watchdog);
    this.watchdog = null;
    let message;
    try {
      message = parseJson(text);
    } catch {
      return;
    }
    if (message.type === "welcome") this.welcomed(message);
    if (message.type === "error" && (message.code === "bad_token" || message.code === "not_authenticated")) {
      this.emit("auth_failed", message);
    }
    this.emit(message.type, message);
  }

  welcomed(message) {
    this.ready = true;
    this.phrases = Array.isArray(message.phrases) ? message.phrases : [];  // 快捷语 (phrases.js)
    this.attempt = 0;
    for (const room of this.rooms) this.raw({ type: "subscribe", room });
    const waiting = this.queue.splice(0);
    for (const item of waiting) this.raw(item);
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.probe(), PING_EVERY_MS);
    this.emit("status", { online: true, player: message.player });
  }

  closed(ws, code) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.ready = false;
    clearInterval(this.pinger);
    clearTimeout(this.watchdog);
    this.watchdog = null;
    this.emit("status", { online: false });
    if (code === REVOKED && !this.stopped) this.emit("auth_failed", { code: "bad_token" });
    if (this.stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 400 * 2 ** this.attempt) * (0.8 + 0.4 * Math.random());
    this.attempt += 1;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.stopped || this.connect(), delay);
  }

  raw(message) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Send now if the line is up, else as soon as it is (subscriptions are replayed). */
  send(message) {
    const ref = message.ref ?? `c${++this.refs}`;
    const out = { ...message, ref };
    if (this.ready) {
      this.raw(out);
      this.probe();  // a move into a dead line is found out in seconds, not at the next ping
    } else this.queue.push(out);
    return ref;
  }

  subscribe(room) {
    this.rooms.add(room);
    if (this.ready) this.raw({ type: "subscribe", room });
  }

  /** The server refused to let this connection watch `room` (room_not_found): it is
   * not re-subscribed on a reconnect, and leaving it sends nothing (an unsubscribe of a
   * room never watched is refused as not_subscribed, and the next page showed that). */
  forget(room) {
    this.rooms.delete(room);
  }

  unsubscribe(room) {
    if (!this.rooms.delete(room)) return;
    if (this.ready) this.raw({ type: "unsubscribe", room });
  }

  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    clearTimeout(this.watchdog);
    clearTimeout(this.retry);
    this.ws?.close();
  }
}
