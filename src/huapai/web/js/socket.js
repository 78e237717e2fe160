// One WebSocket to the server (docs/platform-protocol.md §3): hello with the token, then
// subscriptions; reconnects by itself and re-subscribes, so a dropped line or a reload
// brings the seat's full view back.

import { parseJson } from "./fairness.js";

const PING_EVERY_MS = 25000;
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
    this.pinger = null;
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
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", token: this.token })));
    ws.addEventListener("message", (e) => this.receive(e.data));
    ws.addEventListener("close", (e) => this.closed(ws, e.code));
  }

  receive(text) {
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
    this.attempt = 0;
    for (const room of this.rooms) this.raw({ type: "subscribe", room });
    const waiting = this.queue.splice(0);
    for (const item of waiting) this.raw(item);
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.raw({ type: "ping" }), PING_EVERY_MS);
    this.emit("status", { online: true, player: message.player });
  }

  closed(ws, code) {
    if (ws !== this.ws) return;
    this.ready = false;
    clearInterval(this.pinger);
    this.emit("status", { online: false });
    if (code === REVOKED && !this.stopped) this.emit("auth_failed", { code: "bad_token" });
    if (this.stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 400 * 2 ** this.attempt) * (0.8 + 0.4 * Math.random());
    this.attempt += 1;
    setTimeout(() => this.stopped || this.connect(), delay);
  }

  raw(message) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Send now if the line is up, else as soon as it is (subscriptions are replayed). */
  send(message) {
    const ref = message.ref ?? `c${++this.refs}`;
    const out = { ...message, ref };
    if (this.ready) this.raw(out);
    else this.queue.push(out);
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
    this.ws?.close();
  }
}
