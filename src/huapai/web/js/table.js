// The card table: the felt with every seat around it, the middle of the table, the
// action bar and the hand. Generic over games: everything game-specific comes from the
// renderer (js/games/*.js) and the seat's observe() view.

import { PHONE, SIDEWAYS, h, morph, replace } from "./dom.js";
import { bi, listed, t } from "./i18n.js";
import { botIcon, cardBack } from "./cards/common.js";
import { botLevel } from "./botlevels.js";
import { Hand, tokenOf } from "./hand.js";
import { endDrawing, multiset, sameMultiset, startDrawing } from "./games/generic.js";
import { play, playEvents, turnTitle } from "./feedback.js";
import { FocusKeeper } from "./focus.js";
import { announce, focusTheQuestion, saySelection } from "./speech.js";
import { addLog, keptLog, renderLog } from "./tablelog.js";
import { phraseMenu } from "./phrases.js";
import { advisedWord, nextHint } from "./hint.js";

const BUBBLE_MS = 2400;
const DEAL_ANIMATION_MS = 1100;
const STEMS = "甲乙丙丁戊己庚辛";
const LETTERS = "ABCDEFGH";

/** Where seat `k` places after me (0 = me, at the bottom), counterclockwise. */
export function seatPlace(k, n) {
  if (k === 0) return { side: "bottom", x: 50, y: 100 };
  const angle = ((-90 + (k * 360) / n) * Math.PI) / 180;
  const x = 50 + 45 * Math.cos(angle);
  const y = 48 - 40 * Math.sin(angle);
  const side = x > 62 ? "right" : x < 38 ? "left" : "top";
  return { side, x, y };
}

/** The other seats in a strip across the top (see table.css): on a phone, at a table of
 * four or five, and wherever every hand lies open (a replay) — the seats around the
 * felt cannot hold their 占牌 or open hands there without covering the trick. */
function stripLayout(view, n) {
  return PHONE.matches || SIDEWAYS.matches || n >= 4 || Array.isArray(view.hands);
}

/** The name shown for a seat, from the room's seat list (or a replay's players). */
export function seatName(seats, seat) {
  const info = seats?.[seat];
  const nick = info?.player?.nickname ?? info?.nickname ?? info?.held?.nickname;
  if (nick) {
    const same = (seats ?? []).filter((s) => (s?.player?.nickname ?? s?.nickname) === nick).length;
    const id = info?.player?.id;
    return same > 1 && id ? `${nick}#${String(id).slice(-4)}` : nick;
  }
  return bi(`机器人${STEMS[seat] ?? seat + 1}`, `Bot ${LETTERS[seat] ?? seat + 1}`);
}

/** More words of one kind than this make a picker, not a row of buttons. */
const MANY_WORDS = 8;

export class TableView {
  /** opts: {renderer, onAct(action), onTuoguan(on), readOnly} */
  constructor(opts) {
    this.opts = opts;
    this.renderer = opts.renderer;
    this.recent = null;
    this.log = [];
    this.bubbles = new Map();
    this.deadlines = new Map();
    this.totals = new Map();  // seat → whole time, where not the turn clock's (setClocks)
    this.pending = false;
    this.hintIndex = -1;
    this.data = null;
    this.queue = [];  // cards still to send, one action each, after a multi-card pick (紧牌)
    this.hand = new Hand({
      select: () => {
        this.refreshBar();
        saySelection(this);
      },
      play: (id) => this.rightClick(id),
      gesture: (id) => this.rightClick(id),
      readOnly: Boolean(opts.readOnly),
    });
    this.felt = h("div", { class: "felt", "data-testid": "felt" });
    this.bar = h("div", { class: "action-bar", "data-testid": "action-bar" });
    this.logList = h("ol", { class: "log-list" });
    this.logBox = h("details", { class: "log-box" }, h("summary", {}, t("log")), this.logList);
    // what a screen reader says as play goes on: the new log lines, and the prompt when it
    // is my turn (nothing of the table's changes was announced: a keyboard play-test)
    this.liveBox = h("div", { class: "sr-only", role: "status", "aria-live": "polite",
                              "data-testid": "live" });
    this.el = h("div", { class: "table-view", "data-testid": "table" },
      this.felt, this.bar, this.hand.el, this.logBox, this.liveBox);
    this.focusKeeper = new FocusKeeper(this.el);
    this.logBox.open = window.innerWidth > 1100;
    // opened, the newest lines in view (drawn while it was closed, the list had no height)
    this.logBox.addEventListener("toggle", () => {
      if (this.logBox.open) this.logList.scrollTop = this.logList.scrollHeight;
    });
    this.ticker = setInterval(() => this.tick(), 250);
    this.onScreen = () => this.data && this.render();  // a phone turned round
    PHONE.addEventListener("change", this.onScreen);
    SIDEWAYS.addEventListener("change", this.onScreen);
  }

  destroy() {
    PHONE.removeEventListener("change", this.onScreen);
    SIDEWAYS.removeEventListener("change", this.onScreen);
    clearInterval(this.ticker);
    this.hand.destroy();
  }

  // ------------------------------------------------------------------ data in
  /** A new view: {view, legal (legal_info), me, counter, events, history, clocks, tuoguan, seats,
   * clockTotal, info, dealKey, repeat, rebuilt} (`history`: the deal's events so far, on
   * subscribe — the log then starts at the deal's start); `repeat` re-shows the same state (say, after a seat change);
   * `rebuilt`: the same state on a table drawn anew (another language): its events are
   * already in the kept log and were heard, so they are neither logged nor played again. */
  update(data) {
    const fresh = this.data?.dealKey !== data.dealKey;
    const reloaded = this.data === null;
    const wasMyTurn = this.data !== null && !fresh && this.myTurn();
    if (fresh) {
      this.recent = null;
      this.myClaim = null;  // (lostClaim: a claim of the last deal is no more)
      this.log = reloaded && !("recent" in data) ? keptLog(data.dealKey) : [];
      this.hand.clear();
      this.bubbles.clear();  // the last deal's 占 / 过 / 不掀 say nothing of this one
      this.hand.keepAs(this.opts.readOnly ? null : `huapai.hand.${data.dealKey}.${data.me}`);
      this.hintIndex = -1;
      this.advice = null;
    }
    this.data = data;
    if (Array.isArray(data.history)) {  // subscribe / sync: the deal's events so far
      this.log = [];
      addLog(this, data.history);
    }
    if ("recent" in data) {
      this.recent = data.recent;
      this.log = data.log ?? [];
    } else if (!data.repeat || fresh) {
      this.pending = false;
      const events = data.events ?? [];
      // a window opened mid-deal (a reload, the way back after a restart) tracks the
      // middle from the deal's events so far: the trick just won stayed blank (a play-test)
      const past = Array.isArray(data.history) && !events.length ? data.history : null;
      this.recent = this.renderer.track(past ? null : this.recent, past ?? events, data.view);
      this.setClocks(data.clocks);
      if (!data.rebuilt) {
        addLog(this, events);
        this.feedback(events, { fresh, reloaded, wasMyTurn });
      }
    }
    if ((!data.repeat || fresh) && !data.rebuilt) {
      const said = this.renderer.bubbles(data.events ?? [], this.ctx(), data.view);
      this.outsaid(data.events ?? [], said);
      for (const b of said) this.bubble(b);
    }
    this.render();
    if (this.myTurn() && !wasMyTurn) focusTheQuestion(this);
  }

  /** Sounds, the turn chime, the blinking tab title and the deal animation (live only). */
  feedback(events, { fresh, reloaded, wasMyTurn }) {
    if (this.opts.readOnly) return;
    playEvents(events);
    announce(this, events, wasMyTurn);
    const mine = this.myTurn();
    if (mine && !wasMyTurn) play("turn");
    turnTitle(mine, t("your_turn_title"));
    if (fresh && !reloaded) {
      this.hand.el.classList.add("dealing");
      setTimeout(() => this.hand.el.classList.remove("dealing"), DEAL_ANIMATION_MS);
    }
  }

  /** The clocks shown: each seat's end, and its whole time where it is not the room's
   * turn clock (`total_ms`: 答话限时's time to answer, shown to its seat alone). */
  setClocks(clocks) {
    this.deadlines.clear();
    this.totals.clear();
    const now = performance.now();
    for (const c of clocks ?? []) {
      this.deadlines.set(c.seat, now + c.remaining_ms);
      if (c.total_ms) this.totals.set(c.seat, c.total_ms);
    }
  }

  /** The log keeps the events, not their text: it is said again in the language of the
   * moment whenever it is drawn (a line written in Chinese reads in English after the
   * switch). A replay hands its own lines ({text}). */
  bubble({ seat, text, cls }, ms = BUBBLE_MS) {
    if (typeof seat !== "number") return;
    this.bubbles.set(seat, { text, cls, until: performance.now() + ms });
  }

  /** A seat that moves again without a word drops its last one: a bot's 对! stood over
   * its next discard and read as a claim of that card, a 紮 stayed up moves later (a
   * play-test). Only the game's words: a quick phrase (快捷语) keeps its time. */
  outsaid(events, said) {
    const saying = new Set(said.map((b) => b.seat));
    for (const e of events) {
      const b = typeof e.seat === "number" && !saying.has(e.seat) ? this.bubbles.get(e.seat) : null;
      if (b && b.cls !== "say") this.bubbles.delete(e.seat);
    }
  }

  ctx() {
    const me = this.data?.me ?? null;
    // a replay's seat is 你 where the reader played it (`mine`), as at the table
    const you = me !== null && (!this.opts.readOnly || Boolean(this.data?.mine));
    const name = (seat) => seatName(this.data?.seats, seat);
    // legal: this seat's legal actions as data (legal_info), for a renderer's prompts
    return { me, legal: this.data?.legal ?? [],
             name: (seat) => (you && seat === me ? bi("你", name(seat)) : name(seat)) };
  }

  // ------------------------------------------------------------------ render
  render() {
    const { view } = this.data;
    this.renderFelt(view);
    this.renderHand(view);
    this.refreshBar();
    renderLog(this);
  }

  myTurn() {
    const { view, me } = this.data;
    return !this.opts.readOnly && me !== null && (view.to_act ?? []).includes(me)
      && (this.data.legal ?? []).length > 0 && !this.answeredForMe();
  }

  /** The server makes this seat's only choice for it after its fixed pause (请统 with
   * nothing to 紮): no button, no chime, just a line saying so. */
  answeredForMe() {
    return (this.data.automatic ?? null) !== null;
  }

  /** This seat's legal actions as plays and words (from the state message's legal_info). */
  actions() {
    return this.renderer.actions(this.data.view, this.data.legal ?? []);
  }

  renderFelt(view) {
    // the hand's copies first: no other row shows one of its cards' suits again
    startDrawing(this.hand.keptIds(this.renderer.handTokens(view), this.data.dealKey ?? null));
    const n = view.num_seats ?? this.data.seats?.length ?? 0;
    const me = this.data.me ?? this.data.bottom ?? 0;
    const ctx = this.ctx();
    try {
      const seats = [];
      for (let k = 0; k < n; k++) seats.push(this.seatEl(view, (me + k) % n, k, n, ctx));
      replace(this.felt,
        h("div", { class: "felt-status", "data-testid": "status" }, this.renderer.status(view, ctx)),
        this.data.info ? h("div", { class: "felt-info" }, this.data.info) : null,
        this.centerEl(view, ctx),
        ...seats);
    } finally {
      endDrawing();
    }
    this.felt.style.setProperty("--others", String(Math.max(1, n - 1)));
    this.felt.dataset.others = String(Math.max(1, n - 1));  // for CSS (xiushan.css)
    this.felt.classList.toggle("strip", stripLayout(view, n));
    this.el.dataset.deck = String(view.deck ?? "");
    this.el.dataset.game = String(view.game ?? "");
    this.felt.dataset.counter = String(this.data.counter ?? "");
    this.felt.dataset.phase = String(view.phase ?? "");
  }

  /** The middle of the table; what was already there does not animate in again. */
  centerEl(view, ctx) {
    const old = this.felt.querySelectorAll(".felt-center .trick-play").length;
    const el = h("div", { class: "felt-center", "data-testid": "center" }, this.renderer.center(view, ctx, this.recent));
    const plays = el.querySelectorAll(".trick-play");
    if (plays.length >= old) for (let i = 0; i < old; i++) plays[i].classList.add("settled");
    return el;
  }

  seatEl(view, seat, k, n, ctx) {
    const place = seatPlace(k, n);
    // my own seat glows when I have something to decide: asked in a claim window with
    // nothing to claim (the server passes for me) it glowed beside 稍候自动过
    const turn = seat === this.data.me && !this.opts.readOnly ? this.myTurn()
      : (view.to_act ?? []).includes(seat);
    const info = this.data.seats?.[seat] ?? {};
    const onTuoguan = (this.data.tuoguan ?? []).includes(seat);
    const badges = this.renderer.seatBadges(view, seat, ctx);
    const housePlays = !info.player && !this.opts.readOnly;
    if (info.bot || housePlays) {
      // a search bot: its level too; the random bot says so (it was a bare 机器人)
      const level = info.held ? null : botLevel(info.bot) ?? (info.bot === "random" ? t("bot_random") : null);
      // four seats across a phone: the level alone (the avatar is a robot already)
      badges.unshift({ text: info.held ? t("left_seat") : level ? `${t("bot")} · ${level}` : t("bot"),
                       short: level && !info.held && (PHONE.matches || SIDEWAYS.matches) && n >= 5 ? level : null, cls: "dim",
                       key: !level && !info.held ? "bot" : "" });  // (a plain 机器人: phone.css may drop it)
    }
    if (onTuoguan) badges.push({ text: t("tuoguan_on"), cls: "dim" });
    if (info.player && info.online === false) badges.push({ text: t("offline_badge"), cls: "dim" });
    const size = this.renderer.handSizes(view)[seat];
    // the seat's countdown lies over its avatar, inside the plate: at the plate's corner it
    // hung past the felt's edge and the table's round corner cut it (a phone's top-right seat)
    const plate = h("div", { class: `plate${turn ? " turn" : ""}` },
      h("div", { class: `avatar a${seat % 6}` }, h("span", { class: "face", "aria-hidden": "true" },
        info.bot || housePlays ? botIcon() : [...ctx.name(seat)][0] ?? "?"),
        h("div", { class: "clock", "data-seat": seat })),
      h("div", { class: "plate-main" },
        h("div", { class: "plate-name" }, ctx.name(seat)),
        h("div", { class: "badges" }, badges.map((b) => h("span", { class: `badge ${b.cls ?? ""}`, "data-key": b.key ?? "",
                                                                   title: b.short ? b.text : undefined }, b.short ?? b.text)))),
      typeof size === "number" && seat !== this.data.me
        ? h("div", { class: "hand-size", title: t("hand_count", { n: size }), role: "img",
                     "aria-label": t("hand_count_of", { n: size }) }, cardBack(50, 196, { height: 30 }), h("span", {}, size))
        : null);
    const bubble = this.bubbles.get(seat);
    const detail = this.renderer.seatDetail(view, seat, ctx);
    return h("div", {
      class: `seat side-${place.side}${turn ? " turn" : ""}`, "data-seat": seat,
      "data-testid": `seat-${seat}`, role: "group", "aria-label": ctx.name(seat),  // whose discards
      style: place.side === "bottom" ? {} : { left: `${place.x}%`, top: `${place.y}%`, "--col": String(n - k) },
    }, plate, detail ? h("div", {
      class: `seat-detail${this.zoomed === seat ? " zoomed" : ""}`, "data-testid": `detail-${seat}`,
      title: t("zoom_tip"), onClick: () => this.toggleZoom(seat),
    }, detail) : null,
      bubble && bubble.until > performance.now()
        ? h("div", { class: `bubble ${bubble.cls ?? ""}${bubble.until - performance.now() < BUBBLE_MS - 300 ? " settled" : ""}` }, bubble.text)
        : null);
  }

  /** A tap (or click) on a seat's 占牌 / melds shows them large; another tap puts them back. */
  toggleZoom(seat) {
    this.zoomed = this.zoomed === seat ? null : seat;
    for (const el of this.felt.querySelectorAll(".seat-detail")) {
      el.classList.toggle("zoomed", el.dataset.testid === `detail-${this.zoomed}`);
    }
  }

  renderHand(view) {
    const tokens = this.renderer.handTokens(view);
    const myTurn = this.myTurn();
    const { plays } = this.actions();
    const playable = new Set(plays.flatMap((p) => p.cards));
    const height = this.handHeight(view);
    const fresh = this.renderer.freshCard?.(view) ?? null;
    this.hand.set(tokens, {
      draw: (tok, copy, hgt) => this.renderer.card(tok, view, { height: hgt, copy }),
      height, playable: myTurn ? playable : null, enabled: myTurn,
      fresh, signature: `${view.deck ?? ""}/${height}`, keep: this.data.dealKey ?? null,
    });
    this.hand.el.dataset.legal = JSON.stringify(myTurn ? plays.map((p) => ({ id: p.id, cards: p.cards })) : []);
    this.hand.el.setAttribute("aria-label", t("my_hand", { n: tokens.length }));
    this.hand.el.classList.toggle("hidden", tokens.length === 0 && this.data.me === null);
  }

  handHeight(view) {
    const base = this.renderer.sizes(view).hand;
    // a strip table of four or five on a laptop's short screen leaves the felt its height:
    // my own seat was cut at the felt's bottom edge (a 5-player 凤翔 play-test)
    // a phone on its side (phone.css): the felt needs the height more than the hand
    // (on its side: cards ≈ 13 px wide at 1100 were hard to tap, a play-test)
    const tall = SIDEWAYS.matches || (!PHONE.matches && this.felt.classList.contains("strip")) ? 900 : 820;
    const small = Math.min(window.innerWidth / 900, window.innerHeight / tall);
    const least = SIDEWAYS.matches ? 0.3 : 0.62;
    return Math.round(base * Math.max(least, Math.min(1, small)));
  }

  // ------------------------------------------------------------------ the action bar
  matched() {
    const sel = multiset(this.hand.selectedTokens());
    if (!sel.size) return null;
    const { plays } = this.actions();
    if (this.picking()) return this.pickMatch(plays);
    return plays.find((p) => sameMultiset(multiset(p.cards), sel)) ?? null;
  }

  /** How many cards this seat must still pick one action each (紧牌), or 0: the
   * renderer says (`multiPick`); the engine still takes one card per action. */
  picking() {
    if (!this.myTurn()) return 0;
    return this.renderer.multiPick?.(this.data.view) ?? 0;
  }

  /** A pick of 1..N cards, each a legal one-card action: sent one after another. */
  pickMatch(plays) {
    const tokens = this.hand.selectedTokens();
    if (tokens.length > this.picking()) return null;
    const single = (tok) => plays.find((p) => p.cards.length === 1 && p.cards[0] === tok);
    const steps = tokens.map(single);
    if (steps.some((p) => !p)) return null;
    return { id: steps[0].id, text: listed(steps.map((p) => p.text)), queue: tokens.slice(1) };
  }

  /** Play a matched selection (a pick sends its first card now, the rest as each state
   * comes back). */
  playMatch(match) {
    this.queue = match.queue ?? [];
    this.act(match.id);
  }

  /** The action bar drawn again; a keyboard player's focus kept in the table (focus.js). */
  refreshBar() {
    this.drawBar();
    if (!this.pending) this.focusKeeper.restore();  // the answer's redraw puts it back
  }

  drawBar() {
    if (!this.data) return;
    const { view, me } = this.data;
    const myTurn = this.myTurn();
    this.bar.classList.toggle("my-turn", myTurn);
    this.bar.toggleAttribute("data-pending", this.pending);  // sent, not yet answered
    this.el.classList.toggle("my-turn", myTurn);
    if (this.opts.readOnly || me === null) {
      // a spectator's bar says whose turn it is (it said 观战中, as the badge above did)
      replace(this.bar, h("div", { class: "prompt", "data-testid": "prompt" }, this.opts.readOnly ? "" : this.waitingText(view)));
      return;
    }
    const ctx = this.ctx();
    const { plays, words } = this.actions();
    const match = this.matched();
    // cards raised for a play are no answer to a decision that plays none (掀 or 不掀): its
    // own question stands, not 这样出不行 (a 天 tapped while the bots played — a play-test)
    const selCount = plays.length ? this.hand.selected.size : 0;
    let hint;
    if (!myTurn) {
      // a seat out of this deal is told why (a friend sat out a whole 1-deal match and
      // nothing on the page said so): the family's words, then whom the table waits for
      hint = [this.renderer.sittingOut?.(view, ctx), this.waitingText(view)].filter(Boolean).join(bi("；", "; "));
      if (this.answeredForMe()) hint = this.renderer.autoText?.(view, ctx) ?? t("auto_answer");
    } else if (!selCount) hint = this.renderer.prompt(view, ctx);
    else if (match && this.advice?.counter === this.data.counter && this.advice.action === match.id) {
      hint = t("advised", { name: match.text });  // the 提示's own pick, not one cycled to
    } else hint = match ? t("sel_ok", { name: match.text }) : t("sel_not_legal");
    const advised = myTurn ? advisedWord(this, words) : null;
    if (advised && !selCount) hint = t(this.advice.cycled ? "hint_word" : "advised", { name: advised.text });
    const need = this.picking();
    if (need) {  // 紧牌: how many are left to pick, after 提示's own pick where it is that
      const mine = match && this.advice?.counter === this.data.counter && this.advice.action === match.id;
      hint = mine ? `${t("advised", { name: match.text })} · ${this.pickHint(need, selCount)}` : this.pickHint(need, selCount);
    }
    const tuoguan = (this.data.tuoguan ?? []).includes(me);
    // the house bot is about to play my turn: say so, or 提示 and 出牌 beside 取消托管 left
    // it unclear who plays (playing myself takes the seat back, as the server does)
    if (myTurn && tuoguan && !selCount) hint = t("tuoguan_turn");
    // morphed: another seat's answer in a claim window refreshes the bar while my finger is
    // on 碰 / 胡; the button stays the same element (one for another action is replaced),
    // and keyed, so 托管 stays itself when my turn's words appear before it
    morph(this.bar,
      h("div", { class: `prompt${myTurn ? " mine" : ""}${selCount && !match && myTurn ? " bad" : ""}`, "data-testid": "prompt" },
        myTurn ? h("span", { class: "turn-dot" }) : null, hint,
        myTurn ? h("span", { class: "my-clock", "data-seat": me }) : null),
      h("div", { class: "buttons" },
        myTurn ? this.wordButtons(words, advised) : null,
        // (not where the decision is the practice itself: 钵福's 自己报数 — 提示 said the
        // number to announce, and one tap emptied the drill: a play-test)
        myTurn && (plays.length || (words.length > 1 && this.opts.onHint)) && !this.renderer.practising?.(view) ? h("button", {
          class: "btn ghost", "data-testid": "hint", "data-key": "hint", disabled: this.pending,
          title: t("hint_tip"), onClick: () => nextHint(this) }, t("hint")) : null,
        myTurn && plays.length ? [
          selCount ? h("button", { class: "btn ghost", onClick: () => this.hand.clear() }, t("clear_sel")) : null,
          h("button", { class: `btn primary play${match ? " ready" : ""}`, "data-testid": "play", "data-key": "play",
                        "aria-label": match ? `${this.renderer.playLabel(view)}${bi("：", ": ")}${match.text}` : null,
                        disabled: !match || this.pending, onClick: () => match && this.playMatch(match) },
            this.renderer.playLabel(view)),
        ] : null,
        view.phase !== "over" && this.opts.onTuoguan ? h("button", {
          class: `btn ghost small${tuoguan ? " on" : ""}`, "data-testid": "tuoguan", "data-key": "tuoguan",
          title: t(tuoguan ? "tuoguan_off_tip" : "tuoguan_tip"), onClick: () => this.opts.onTuoguan(!tuoguan),
        }, tuoguan ? t("tuoguan_off") : t("tuoguan")) : null,
        this.opts.readOnly ? null : phraseMenu(this)));
  }

  /** 等 X 出牌 / 本局结束: what the table waits for, to a seat not to act or a spectator. */
  waitingText(view) {
    const { name } = this.ctx();
    const waiting = listed((view.to_act ?? []).map(name));
    return view.phase === "over" ? t("deal_over") : waiting ? t("waiting_for", { name: waiting }) : "";
  }

  /** The phase's words as buttons; a run of many of one kind (钵福's 报 0 … 报 30) as one
   * picker and its button instead — 31 buttons took half a phone's screen. */
  wordButtons(words, advised) {
    const counts = new Map();
    for (const w of words) counts.set(w.kind, (counts.get(w.kind) ?? 0) + 1);
    const many = [...counts].find(([, n]) => n > MANY_WORDS)?.[0];
    return words.map((w) => {
      if (w.kind === many) return w === words.find((x) => x.kind === many) ? this.wordPicker(words.filter((x) => x.kind === many), advised) : null;
      return h("button", {
        class: `btn word ${w.style}${w === advised ? " advised" : ""}`, "data-action": w.id, "data-kind": w.kind,
        "data-testid": "word", "data-key": `word-${w.id}`,
        title: this.renderer.wordTips?.[w.kind]?.(this.data.view) ?? null,  // what 对 / 招 / 鸡 … do
        disabled: this.pending, onClick: () => this.act(w.id),
      }, w.text);
    });
  }

  /** A select of `words` and a button that plays the one picked (the 提示's, if it is
   * among them; kept across refreshes of the same view). */
  wordPicker(words, advised) {
    const counter = this.data.counter;
    // nothing picked at first: a hurried 确定 announced the list's first, 报 0, and cost a
    // 吃包子 (a play-test); 提示 picks its advice
    if (this.picked?.counter !== counter) this.picked = { counter, id: null };
    if (advised && words.includes(advised)) this.picked.id = advised.id;
    const chosen = words.find((w) => w.id === this.picked.id) ?? null;
    // the button confirms the pick: it repeated it (报 0 beside a select showing 报 0)
    const go = h("button", {
      class: `btn word ${chosen?.style ?? ""}${chosen && chosen === advised ? " advised" : ""}`,
      "data-testid": "word-pick-go", "data-action": chosen?.id, "aria-label": chosen?.text ?? t("pick_choose"),
      disabled: this.pending || !chosen, onClick: () => chosen && this.act(this.picked.id),
    }, t("pick_go"));
    const select = h("select", {
      class: "word-pick-select", "aria-label": chosen?.text ?? t("pick_choose"),
      onChange: (e) => {
        this.picked.id = Number(e.target.value);
        this.refreshBar();
      },
    }, h("option", { value: "", disabled: true, selected: !chosen }, t("pick_choose")),
    words.map((w) => h("option", { value: String(w.id), "data-action": w.id, "data-kind": w.kind,
                                   selected: w.id === chosen?.id }, w.text)));
    return h("span", { class: "word-pick", "data-testid": "word-pick", "data-key": "word-pick" }, select, go);
  }

  /** 还需弃 N 张: what is left to pick after the cards selected so far. */
  pickHint(need, selected) {
    if (selected > need) return t("pick_too_many", { n: need });
    return selected === need ? t("pick_ready", { n: need }) : t("pick_left", { n: need - selected });
  }

  /** Right-click (or a drag onto the table) on a card: play the selection it belongs
   * to, or the card alone; if neither is legal, let the server say why. */
  rightClick(id) {
    if (!this.myTurn() || this.pending) return;
    const { plays } = this.actions();
    const tok = tokenOf(id);
    const match = this.matched();
    if (this.hand.selected.has(id) && match) return this.playMatch(match);
    const single = plays.find((p) => p.cards.length === 1 && p.cards[0] === tok);
    if (single && !this.hand.selected.has(id)) return this.act(single.id);
    const tokens = this.hand.selected.has(id) ? this.hand.selectedTokens() : [tok];
    return this.act(tokens.join(" "));
  }

  act(action) {
    if (this.pending) return;
    this.pending = true;
    this.refreshBar();
    this.opts.onAct(action);
  }

  /** The server refused the last action: unlock the bar (the message is shown elsewhere). */
  refused() {
    this.pending = false;
    this.queue = [];  // a pick stops at the refused card; what is left stays selected
    this.refreshBar();
  }

  /** After an accepted action the selection is spent; a pick goes on with its next card
   * while this seat still has cards to pick, and stops if that card is no longer legal. */
  acted() {
    const queue = this.queue;
    this.queue = [];
    this.hand.clear();
    this.hintIndex = -1;
    if (queue.length && this.picking()) this.pickNext(queue);
  }

  pickNext([tok, ...rest]) {
    const step = this.actions().plays.find((p) => p.cards.length === 1 && p.cards[0] === tok);
    if (!step) return;
    const ids = this.hand.idsFor([tok, ...rest]);
    if (ids) this.hand.select(ids);
    this.queue = rest;
    this.act(step.id);
  }

  // ------------------------------------------------------------------ clocks, log
  tick() {
    const now = performance.now();
    const total = (this.data?.clockTotal ?? 0) * 1000;
    for (const el of this.el.querySelectorAll(".clock, .my-clock")) {
      const end = this.deadlines.get(Number(el.dataset.seat));
      if (end === undefined) {
        el.textContent = "";
        el.classList.remove("running");
        continue;
      }
      const left = Math.max(0, end - now);
      const own = this.totals.get(Number(el.dataset.seat));  // 答话限时's few seconds
      const whole = own ?? total;
      el.textContent = String(Math.ceil(left / 1000));
      el.classList.add("running");
      el.classList.toggle("urgent", left < (own ? Math.min(5000, own / 2) : 5000));
      if (whole) el.style.setProperty("--left", String(left / whole));
    }
    for (const [seat, b] of this.bubbles) {
      if (b.until <= now) {
        this.bubbles.delete(seat);
        this.felt.querySelector(`.seat[data-seat="${seat}"] .bubble`)?.remove();
      }
    }
  }

  updateClocks(clocks) {
    this.setClocks(clocks);
  }


}
