// A room: its seats before the start, then the live table over the WebSocket, the
// settlement at each deal's end, and play again. A reload comes back here by the URL
// and gets the seat's full view again (token + subscribe).

import { h, morph, replace } from "./dom.js";
import { bi, listed, nameZh, said, t } from "./i18n.js";
import { api, explain, path } from "./api.js";
import { forgetNonce, newNonce, nonceSent, rememberCommitment, rememberNonce } from "./fairness.js";
import { checkReveal, fetchReveal, shuffleParts } from "./fairview.js";
import { gameDetail, rendererFor } from "./games/registry.js";
import { joinForm } from "./lobby.js";
import { TableView, seatName } from "./table.js";
import { settlementPanel } from "./settlement.js";
import { keepInside, toast } from "./ui.js";
import { focusFirst, refocus } from "./focus.js";
import { advised } from "./hint.js";
import { heard } from "./phrases.js";
import { dissolveButton, waitingPanel } from "./waiting.js";
import { roomBar } from "./roombar.js";
import { fetchLastDeal } from "./lastdeal.js";

const SETTLE_DELAY_MS = 1100;

export class RoomPage {
  constructor(app, roomId) {
    this.app = app;
    this.roomId = roomId;
    this.summary = null;
    this.state = null;
    this.shown = null;  // the state message last handed to a table (pushTable)
    this.dealEnd = null;
    this.matchEnd = null;
    this.table = null;
    this.showSettle = true;
    this.lastDeal = null;  // the settlement of the deal before this one, to look at again
    this.showLast = false;
    this.offs = [];
    this.gone = false;
    this.busy = new Set();
    this.botChoice = null; // the owner's pick for 加机器人 (a spec of summary.bot_choices)
    this.detail = null; // the game's rule options and presets, for the room's own rules
  }

  get me() {
    return this.app.player?.id ?? null;
  }

  mount(el) {
    this.el = el;
    const live = this.app.live;
    const mine = (fn) => (msg) => (msg.room === this.roomId || msg.room?.id === this.roomId) && fn(msg);
    this.offs.push(
      live.on("room", mine((m) => this.onRoom(m.room))),
      live.on("state", mine((m) => this.onState(m))),
      live.on("clock", mine((m) => this.table?.updateClocks(m.clocks))),
      live.on("shuffle", mine((m) => this.onShuffle(m))),
      live.on("deal_end", mine((m) => this.onDealEnd(m))),
      live.on("match_end", mine((m) => this.onMatchEnd(m))),
      live.on("next_deal", mine((m) => this.onNextDeal(m))),
      // offline, the countdown is the server's no more: it ran down to 0 秒 and stayed
      // there; the next_deal on coming back counts afresh (a play-test)
      live.on("status", ({ online }) => {
        if (online || this.nextDealAt === null || this.nextDealAt === undefined) return;
        this.nextDealAt = null;
        this.renderSettlement();
      }),
      // the owner's 请离座 freed my seat — said now, or when I come back to the room (it
      // just went empty for a player freed while away: a play-test)
      live.on("seat_freed", mine(() => toast(() => t("seat_freed_by_owner"), "info", 7000))),
      live.on("error", mine((m) => this.onError(m))),
      live.on("advice", mine((m) => this.table && advised(this.table, m))),
      live.on("said", mine((m) => this.table && heard(this.table, m, this.app.live.phrases))),
      // the seat taken back from 托管 (取消托管, a move of mine, or back on line): how many
      // moves it made meanwhile, as the server counted them
      live.on("tuoguan_back", mine((m) => toast(() => (!m.moves ? t("tuoguan_off_said")
        : t(m.deals > 1 ? "tuoguan_moves_deals" : "tuoguan_moves", { n: m.moves, deals: m.deals }))))),
      live.on("timed_out", mine((m) => toast(() => (m.tuoguan ? t("timed_out_tuoguan")
        : t(m.deadline ? "timed_out_answer" : m.move ? "timed_out_move" : "timed_out", { move: said(m.move) })),
      "info", 6000))),
      live.on("room_closed", mine((m) => this.closed(m.by))),
      live.on("sent_away", mine(() => this.sentAway())),
    );
    live.subscribe(this.roomId);
    this.render();
  }

  unmount() {
    for (const off of this.offs) off();
    if (!this.keepWatching) this.app.live.unsubscribe(this.roomId);  // (main.js holdRoom)
    this.table?.destroy();
    clearTimeout(this.settleTimer);
    clearInterval(this.countdown);
  }

  // ------------------------------------------------------------------ messages
  onRoom(summary) {
    const owned = this.summary?.owner;
    const before = this.summary?.match;
    this.summary = summary;
    // 转让房主: the room is mine now, handed on by its owner (not taken by my own button)
    if (owned && owned !== this.me && summary.owner === this.me && !this.busy.size) {
      toast(() => t("owner_given"), "info", 7000);
    }
    if (!owned) this.toldTakenOver(summary);
    // 再来一场 pressed by another: the new match began with no word (a play-test)
    if (before && summary.match > before && summary.status !== "waiting" && summary.owner !== this.me
        && this.mySeat() !== null) {
      toast(() => t("again_started", { name: this.ownerName() }), "info", 5000);
    }
    // 托管 turned on or off comes in the room's summary, before any move's state: the
    // table showed it only with the next move (seconds, or never at an untimed table)
    if (summary.seats) this.tuoguan = summary.seats.filter((x) => x.tuoguan).map((x) => x.seat);
    if (this.detail?.name !== summary.game) this.loadDetail(summary.game);
    if (summary.status === "waiting" || !this.table) {
      this.render();
      return;
    }
    this.pushTable(false);
    this.renderSettlement();  // the top bar too
  }

  /** The game's options (for 本房规则); the waiting room shows them once they are in. */
  async loadDetail(game) {
    try {
      const detail = await gameDetail(game);
      if (this.gone || this.summary?.game !== game) return;
      this.detail = detail;
      if (this.summary.status === "waiting") this.render();
    } catch {
      // the waiting room goes without its rules for now: the next summary tries again
    }
  }

  onState(msg) {
    const newDeal = this.state?.game_id !== msg.game_id;
    // the deal that ended stays to be looked at again (上局结算): its settlement went by
    // itself when the next deal began, with no way back to it (a phone play-test)
    if (newDeal && this.state) this.lastDeal = this.settlementData() ?? this.lastDeal;
    rememberCommitment(msg.game_id, msg.commitment);
    const mineActed = this.awaiting;
    this.state = msg;
    this.tuoguan = msg.tuoguan;  // whichever came last, the room's summary or a state
    if (newDeal && !this.lastDeal && msg.deal > 0) this.restoreLast(msg.game_id);
    if (newDeal) {
      if (this.dealEnd && this.dealEnd.game_id !== msg.game_id) this.dealEnd = null;
      this.showSettle = true;
      this.showLast = false;
      clearTimeout(this.settleTimer);
    }
    if (!this.table) this.render();
    else this.pushTable(true);
    this.awaiting = false;
    if (mineActed) this.table?.acted();  // (a 紧牌 pick may send its next card from here)
    this.renderSettlement();
  }

  /** 上局结算 on a page that did not see the last deal end: from its replay. */
  async restoreLast(gameId) {
    const last = await fetchLastDeal(this);
    if (!last || this.lastDeal || this.state?.game_id !== gameId) return;
    this.lastDeal = last;
    this.renderTop();
  }

  /** The server committed to its seed: add this browser's own randomness (a seated
   * player's nonce), kept to find it again in the reveal. */
  onShuffle(msg) {
    rememberCommitment(msg.game_id, msg.commitment);
    const seat = this.mySeat();
    if (seat === null || !msg.seats.includes(seat) || !globalThis.crypto?.getRandomValues) return;
    if (nonceSent(msg.game_id)) return;  // this browser's other window sent the seat's
    const nonce = newNonce();
    rememberNonce(msg.game_id, seat, nonce);
    this.nonce = { gameId: msg.game_id, nonce };
    this.app.live.send({ type: "nonce", room: this.roomId, game_id: msg.game_id, nonce });
  }

  /** How long until the next deal, said on (re)subscribing between deals: the deal end's
   * countdown, from before a server restart, stood at 0 秒 (a play-test). */
  onNextDeal(msg) {
    this.nextDealAt = typeof msg.in_ms === "number" ? performance.now() + msg.in_ms : null;
    this.renderSettlement();
  }

  onDealEnd(msg) {
    this.dealEnd = msg;
    this.nextDealAt = msg.next_deal_in_ms ? performance.now() + msg.next_deal_in_ms : null;
    this.seedCheck = null;
    checkReveal(msg.game_id, msg).then((result) => {
      if (this.dealEnd !== msg) return;
      this.seedCheck = result;
      this.renderSettlement();
    });
    this.showSettle = true;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.renderSettlement(), SETTLE_DELAY_MS);
  }

  onMatchEnd(msg) {
    this.matchEnd = msg;
    this.renderSettlement();
  }

  onError(msg) {
    if (msg.code === "nonce_taken" || msg.code === "nonce_late") {
      // the player did nothing: the seat's nonce came from another window, or too late
      if (this.nonce) forgetNonce(this.nonce.gameId, this.nonce.nonce);
      return;
    }
    if (msg.code === "room_not_found" || msg.code === "sent_away") {
      this.app.live.forget(this.roomId);
      this.gone = msg.code === "sent_away" ? { sentAway: true } : true;
      this.render();
      return;
    }
    this.awaiting = false;
    this.table?.refused();
    toast(() => explain(msg), "error");
  }

  /** The room was closed for good (解散房间) — by `by`, or by me (null, or my own id):
   * my own press goes back to the lobby, anyone else is told who closed it. */
  closed(by) {
    if (this.dissolved) return;  // (my own press: its answer and the message both say so)
    this.dissolved = true;
    this.app.live.forget(this.roomId);
    if (!by || by.id === this.me) {
      toast(() => t("room_dissolved"), "ok", 4200, { carry: true });
      location.hash = "#/";
      return;
    }
    this.gone = by;
    this.render();
  }

  /** The owner sent me away (请出) while I watched: to the lobby, said so. */
  sentAway() {
    this.app.live.forget(this.roomId);
    toast(() => t("sent_away_me"), "info", 7000, { carry: true });
    location.hash = "#/";
  }

  // ------------------------------------------------------------------ helpers
  mySeat() {
    return this.summary?.seats.find((s) => s.player?.id === this.me)?.seat ?? null;
  }

  /** Coming back to a room a seated player took over while I, its owner, was away: say
   * so once (the host found the buttons gone and nothing said why). */
  toldTakenOver(summary) {
    if (summary.owner_before !== this.me || summary.owner === this.me) return;
    const key = `huapai.taken.${this.roomId}`;
    if (localStorage.getItem(key) === summary.owner) return;
    localStorage.setItem(key, summary.owner);
    const holder = summary.seats?.find((x) => x.player?.id === summary.owner);
    // who took it, though they may have left the table since (it said 另一位玩家)
    const name = holder?.player?.nickname ?? summary.owner_nickname ?? t("another_player");
    toast(() => t("owner_taken", { name }), "info", 7000);
  }

  /** The owner's controls are mine: I own the room, or its owner has no window on it and
   * I sit at the table (pressing one makes me the owner — a host who left had the room
   * stuck for everyone else). */
  isOwner() {
    const s = this.summary;
    return s?.owner === this.me || (s?.owner_here === false && this.mySeat() !== null);
  }

  name(seat) {
    const seats = this.tableSeats();
    const name = seatName(seats, seat);
    return seats?.[seat]?.player?.id === this.me && this.me !== null ? bi("你", name) : name;
  }

  /** The seat I played the deal on the table in (after 换座, not the one I sit in now). */
  playedSeat() {
    const seat = (this.tableSeats() ?? []).findIndex((x) => x.player?.id === this.me);
    return seat < 0 ? null : seat;
  }

  /** The seats as the deal on the table was played: between deals and after the match a
   * seat somebody else sits now (换座, a latecomer) is named by who played it then
   * (summary.dealt) — the deal said "大刘 对 1" of a deal 大刘 never played (a play-test). */
  tableSeats() {
    const s = this.summary;
    if (!s?.dealt || s.status === "playing" || s.status === "waiting") return s?.seats;
    return s.seats.map((x, i) => {
      const then = s.dealt[i];  // a player, or { bot } (its spec: the level it played at)
      const player = then?.id ? then : null;
      if ((player?.id ?? null) === (x.player?.id ?? null)) return x;
      return { ...x, player, bot: player ? null : (then?.bot ?? x.bot ?? "heuristic"), held: null };
    });
  }

  /** A request from a button: the button (by `path`) stays disabled until answered. */
  /** `method path`, the button busy meanwhile; `done` is given the answer. */
  async rest(method, path, body, done = null) {
    if (this.busy.has(path)) return;
    this.busy.add(path);
    this.renderTop();
    this.markBusy();
    try {
      const answer = await api[method](path, body);
      done?.(answer);
    } catch (err) {
      toast(() => explain(err), "error");
    } finally {
      this.busy.delete(path);
      this.renderTop();
      this.markBusy();
      // its button was disabled while the request went, and a keyboard player's focus fell
      // away: back on it, if it is still here (the seats' summary may come after the answer)
      if (this.summary?.status === "waiting") refocus(this.el, [`button[data-path="${CSS.escape(path)}"]`]);
    }
  }

  /** A keyboard player's focus in the waiting room, when the control pressed went (空位都补
   * 机器人 once the seats are full): on 开始, else the room's first button. Not elsewhere
   * while a request is under way — the button pressed is disabled then, its focus falls
   * away, and a redraw in that moment put it on another button, where the seats' summary
   * left it instead of on 开始 (a flaky test). */
  refocusWaiting() {
    const start = "[data-testid=start]:not([disabled])";
    refocus(this.el, this.busy.size ? [start] : [start, "[data-testid=waiting] button:not([disabled])"]);
  }

  /** Disable every button whose request is under way (the page may have re-rendered). */
  markBusy() {
    for (const el of this.el?.querySelectorAll("button[data-path]") ?? []) {
      el.disabled = this.busy.has(el.dataset.path) || el.dataset.blocked === "1";
    }
  }

  /** A button that sends `method path` through rest() (`attrs.done`: given the answer;
   * `attrs.ask`: resolves whether to send it). */
  restButton({ done = null, ask = null, ...attrs }, method, path, body, ...label) {
    const blocked = attrs.disabled ? "1" : "0";
    return h("button", { ...attrs, "data-path": path, "data-method": method, "data-blocked": blocked,
      disabled: attrs.disabled || this.busy.has(path),
      // `ask`: a question answered yes first (转让房主, 解散房间)
      onClick: async () => { if (!ask || await ask()) await this.rest(method, path, body, done); } }, ...label);
  }

  /** 再来一场 answered `waiting`: a seated friend was away, so their seat was freed — say who. */
  againAnswered(answer, seated) {
    if (answer?.room?.status !== "waiting") return;
    const kept = new Set((answer.room.seats ?? []).map((x) => x.player?.id).filter(Boolean));
    const gone = seated.filter((x) => !kept.has(x.player.id)).map((x) => x.player.nickname);
    // no one let go: a seat was left empty, and the waiting room shows it
    if (gone.length) toast(() => t("again_waiting", { names: listed(gone) }), "info", 7000);
  }

  act(action) {
    this.awaiting = true;
    this.app.live.send({ type: "act", room: this.roomId, counter: this.state.counter, action });
  }

  // ------------------------------------------------------------------ rendering
  render() {
    if (!this.el) return;
    this.table?.destroy();
    this.table = null;
    if (this.gone?.nickname) {  // closed by its owner while I was here
      replace(this.el, h("div", { class: "card-panel narrow", "data-testid": "room-dissolved" },
        h("h2", {}, t("room_dissolved")), h("p", {}, t("room_dissolved_by", { name: bi(nameZh(this.gone.nickname), this.gone.nickname) })),
        h("a", { class: "btn primary", href: "#/" }, t("back_lobby"))));
      return;
    }
    if (this.gone?.sentAway) {  // 请出 by its owner, earlier: not a room that went away
      replace(this.el, h("div", { class: "card-panel narrow", "data-testid": "room-sent-away" },
        h("h2", {}, t("sent_away_me")), h("a", { class: "btn primary", href: "#/" }, t("back_lobby"))));
      return;
    }
    if (this.gone) {
      replace(this.el, h("div", { class: "card-panel narrow", "data-testid": "room-gone" }, h("h2", {}, t("room_gone")),
        h("p", {}, t("room_gone_text")), joinForm(this.app),
        h("a", { class: "btn ghost", href: "#/" }, t("back_lobby"))));
      return;
    }
    if (!this.summary) {
      replace(this.el, h("p", { class: "muted pad" }, t("loading")));
      return;
    }
    this.overlay = h("div", { class: "overlay-slot", onKeydown: (e) => this.settlementKeys(e) });
    if (this.summary.status === "waiting") {
      // morphed, not replaced: the seats change under the owner's pointer (a summary
      // arriving between mouse down and up must not swallow the click)
      morph(this.el, h("div", { class: "room-page" },
        h("div", { class: "room-top" }, roomBar(this)), waitingPanel(this)));
      this.top = this.el.querySelector(".room-top");
      this.refocusWaiting();
    } else {
      this.top = h("div", { class: "room-top" }, roomBar(this));
      this.table = new TableView({
        renderer: rendererFor(this.summary.game),
        onAct: (a) => this.act(a),
        onTuoguan: (on) => this.app.live.send({ type: "tuoguan", room: this.roomId, on }),
        onHint: () => this.app.live.send({ type: "advise", room: this.roomId }),
        onSay: (phrase) => this.app.live.send({ type: "say", room: this.roomId, phrase }),
        phrases: () => this.app.live.phrases,
      });
      replace(this.el, h("div", { class: "room-page playing" }, this.top, this.table.el, this.overlay));
      if (this.state) this.pushTable(true);
    }
    this.renderSettlement();
  }

  renderTop() {
    if (this.top && this.summary) morph(this.top, roomBar(this));
  }

  /** The last deal's settlement may be looked at again: mid-deal, once a deal has ended. */
  lastShowable() {
    return Boolean(this.lastDeal && !this.settlementData() && this.lastDeal.gameId !== this.state?.game_id);
  }

  /** Show the last deal's settlement over the table (`show`), or put it away. */
  putLast(show) {
    this.showLast = show;
    this.renderSettlement();
  }

  /** Whether going to another page leaves a deal I am playing myself (not on 托管): the
   * back button left a live table with nothing said, and 托管 played the seat (a phone
   * play-test). */
  holdsLiveSeat() {
    const seat = this.mySeat();
    return seat !== null && !this.dissolved && this.summary?.status === "playing"
      && !(this.tuoguan ?? []).includes(seat);
  }

  /** The owner is away and its controls are mine for now (pressing one makes me owner). */
  /** The owner as the table names them (their seat's name; 房主 when not seated). */
  ownerName() {
    const seats = this.summary?.seats ?? [];
    const at = seats.findIndex((x) => x?.player?.id === this.summary?.owner);
    return at >= 0 ? seatName(seats, at) : t("owner_word");
  }

  standingIn() {
    return this.isOwner() && this.summary?.owner !== this.me;
  }

  /** Show the latest state; `fresh` when it just arrived (its events are new) — unless it
   * was already shown on a table drawn before this one (the page drawn again in another
   * language): then it is `rebuilt`, its events logged and heard already. */
  pushTable(fresh) {
    if (!this.table || !this.state) return;
    const s = this.summary;
    const msg = this.state;
    const rebuilt = fresh && this.shown === msg;
    this.shown = msg;
    this.table.update({
      view: msg.view, legal: msg.legal_info ?? [], me: msg.seat, counter: msg.counter, events: fresh ? msg.events : [],
      history: fresh && !rebuilt ? msg.history : undefined,
      clocks: msg.clocks, tuoguan: this.tuoguan ?? msg.tuoguan, automatic: msg.automatic ?? null,
      seats: this.tableSeats(), clockTotal: s?.turn_clock ?? 0,
      dealKey: msg.game_id, repeat: !fresh, rebuilt,
    });
  }

  // ------------------------------------------------------------------ settlement
  /** The ended deal's shuffle, as the settlement says it: from its deal_end, else (a page
   * opened after it ended: the line was gone) fetched once from /api/verify. */
  revealed(end) {
    const parts = end ?? (this.reveal?.gameId === this.state?.game_id ? this.reveal.parts : null);
    if (!end && this.state?.game_id && this.reveal?.gameId !== this.state.game_id) this.loadReveal(this.state.game_id);
    return parts ? shuffleParts(parts) : {};
  }

  async loadReveal(gameId) {
    this.reveal = { gameId, parts: null, check: null };
    const parts = await fetchReveal(gameId);
    if (!parts || this.reveal?.gameId !== gameId) return;
    this.reveal = { gameId, parts, check: await checkReveal(gameId, parts) };
    this.renderSettlement();
  }

  settlementData() {
    const view = this.state?.view;
    const end = this.dealEnd && this.dealEnd.game_id === this.state?.game_id ? this.dealEnd : null;
    const settlement = end?.settlement ?? view?.settlement;
    if (!settlement) return null;
    const s = this.summary;
    const status = s?.status;
    if (!end && status === "playing") return null;
    // after a reload only the view's settlement is here: its deltas × the room's multiplier
    // (the server's scaled; the column showed the bare deltas again)
    const scaled = end?.scaled ?? settlement.deltas?.map((d) => d * (s?.multiplier ?? 1));
    return {
      settlement, scaled, totals: end?.totals ?? s?.totals, multiplier: s?.multiplier, left: s?.left,
      name: (seat) => this.name(seat), me: this.playedSeat(), deal: end?.deal ?? s?.deal,
      deals: s?.deals, ...this.revealed(end), seedCheck: end ? this.seedCheck : this.reveal?.check ?? null,
      matchOver: status === "finished" || Boolean(this.matchEnd && end && this.matchEnd.match === end.match),
      gameId: end?.game_id ?? this.state?.game_id,
      nextAt: end || status === "between" ? this.nextDealAt : null,
      renderer: rendererFor(s?.game), view,
      // a line, not only the button's tooltip: a phone cannot hover (a play-test)
      note: status === "finished" && this.standingIn() ? t("owner_away") : null,
      // a seated friend's 再来一场 came with no word of it (a play-test): who may start it,
      // and that it starts for everyone here at once
      againNote: status === "finished" && !this.isOwner() && this.mySeat() !== null
        ? t("again_by_owner", { name: this.ownerName() }) : null,
    };
  }

  renderSettlement() {
    if (!this.overlay) return;
    this.renderTop();  // its 结算 button follows the overlay
    clearInterval(this.countdown);
    if (this.showLast && this.lastShowable()) {
      this.openSettlement({ ...this.lastDeal, title: t("last_settlement"), nextAt: null },
        [h("button", { class: "btn primary", "data-testid": "close-last", onClick: () => this.putLast(false) },
          t("view_table"))]);
      return;
    }
    const data = this.settlementData();
    if (!data || !this.showSettle) {
      replace(this.overlay);
      this.overlay.classList.remove("open");
      for (const a of ["role", "aria-modal", "aria-label", "aria-describedby"]) this.overlay.removeAttribute(a);
      return;
    }
    this.openSettlement(data, this.settleActions(data));
  }

  /** The overlay open on a settlement panel of `data` with its `actions`. */
  openSettlement(data, actions) {
    // morphed: other seats' 准备 re-render it while my finger may be on a button
    morph(this.overlay, settlementPanel(data, actions));
    this.overlay.classList.add("open");
    // a dialog to a screen reader and the keyboard (settlementKeys), over the table
    Object.entries({ role: "dialog", "aria-modal": "true", "aria-describedby": "settle-summary",
                     "aria-label": this.overlay.querySelector("h2")?.textContent ?? "" })
      .forEach(([k, v]) => this.overlay.setAttribute(k, v));
    focusFirst(this.overlay);  // a keyboard player's next step is there, not behind it
    const label = this.overlay.querySelector("[data-testid=ready] .countdown");
    if (label && data.nextAt) this.startCountdown(label, data.nextAt);
  }

  /** Keys on the open settlement: Tab goes round its own buttons, Escape puts it aside as
   * 看牌桌 does and leaves the focus on the bar's 结算 that brings it back. */
  settlementKeys(e) {
    if (!this.overlay?.classList.contains("open")) return;
    keepInside(e, this.overlay, () => {
      const last = this.showLast;
      if (last) this.putLast(false);
      else this.putSettlement(false);
      this.top?.querySelector(`[data-testid=${last ? "last" : "peek"}-settlement]`)?.focus();
    });
  }

  settleActions(data) {
    const s = this.summary;
    const mine = this.mySeat();
    const out = [];
    if (s.status === "between" && mine !== null) {
      const ready = s.seats[mine]?.ready;
      out.push(h("button", { class: "btn primary", "data-testid": "ready", disabled: ready,
        onClick: () => this.app.live.send({ type: "ready", room: this.roomId }) },
        ready ? t("ready_done") : t("ready"), h("span", { class: "countdown" })));
      // on 托管 the next deal is 托管's too: taken back here (the button went with the deal,
      // and 准备 kept 托管 on: a play-test)
      if (s.seats[mine]?.tuoguan) {
        out.push(h("button", { class: "btn ghost", "data-testid": "tuoguan-off", title: t("tuoguan_next_tip"),
          onClick: () => this.app.live.send({ type: "tuoguan", room: this.roomId, on: false }) }, t("tuoguan_off")));
      }
    }
    if (s.status === "finished" && this.isOwner()) {
      const seated = (this.summary?.seats ?? []).filter((x) => x.player);
      out.push(this.restButton({ class: "btn primary", "data-testid": "again",
                                 done: (answer) => this.againAnswered(answer, seated) }, "post",
        path`/rooms/${this.roomId}/again`, undefined, t("play_again")));
    }
    if (s.status === "finished" && s.owner === this.me) out.push(dissolveButton(this));
    // the seat I was dealt (s.dealt when seats changed since); a private room's game is
    // for its players alone: a spectator's 回放 there led to 没有这局记录 (a play-test)
    const played = s.dealt ? s.dealt.findIndex((d) => d?.id === this.me) : (mine ?? -1);
    if (data.gameId && s.status !== "playing" && (played >= 0 || !s.private)) {
      const seat = played >= 0 ? played : "all";
      out.push(h("a", { class: "btn", href: path`#/replay/${data.gameId}?seat=${seat}`, "data-testid": "replay" }, t("replay")));
    }
    out.push(h("button", { class: "btn ghost", "data-testid": "view-table",
                           onClick: () => this.putSettlement(false) }, t("view_table")));
    out.push(h("a", { class: "btn ghost", href: "#/" }, t("back_lobby")));
    return out;
  }

  /** Show the settlement (`show`) or put it aside to look at the table (看牌桌): the top
   * bar offers it back meanwhile. */
  putSettlement(show) {
    this.showSettle = show;
    this.renderSettlement();
  }

  /** The seconds to the next deal in `label`, counted to `end` (the deal end's arrival plus
   * its `next_deal_in_ms`, so a re-render does not start it again). */
  startCountdown(label, end) {
    const show = () => {
      const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
      label.textContent = ` (${bi(`${left} 秒`, `${left} s`)})`;
    };
    show();
    this.countdown = setInterval(show, 500);
  }
}
