// Watch a finished game step by step, from one seat's view or with every hand open,
// and download its record (docs/platform-protocol.md §5).

import { PHONE, h, morph, replace } from "./dom.js";
import { bi, said, t } from "./i18n.js";
import { api, download, explain, getPlayer, path } from "./api.js";
import { checkReveal, seedBadge, shuffleParts } from "./fairview.js";
import { presetTitle, rendererFor } from "./games/registry.js";
import { rulesButton } from "./roomrules.js";
import { TableView, seatName } from "./table.js";
import { byTuoguan, markOf } from "./tablelog.js";
import { dealPoints, settlementPanel } from "./settlement.js";
import { toast } from "./ui.js";
import { ReviewPanel } from "./review.js";

const AUTOPLAY_MS = 900;

export class ReplayPage {
  constructor(app, gameId, seat, share = null, step = null) {
    this.app = app;
    this.gameId = gameId;
    this.share = share;
    this.viewer = seat === null || seat === undefined || seat === "all" ? "all" : Number(seat);
    this.data = null;
    // the step in the address (0: the deal as dealt): another seat's view or a reload
    // opens where the last one stood (it went back to step 0)
    this.index = /^\d+$/.test(step ?? "") ? Number(step) - 1 : -1;
    this.timer = null;
    this.verified = null;
    this.seedCheck = null;
    this.shareLink = null;
    this.keys = (e) => this.key(e);
    this.placeLog = () => this.placeLogBox();
    this.review = null; // the 复盘分析 of the viewed seat (a seat view only)
  }

  async mount(el) {
    this.el = el;
    replace(el, h("p", { class: "muted pad" }, t("loading")));
    document.addEventListener("keydown", this.keys);
    PHONE.addEventListener("change", this.placeLog);
    try {
      this.data = await api.get(this.withShare(path`/replays/${this.gameId}?seat=${this.viewer}`));
    } catch (err) {
      replace(el, h("div", { class: "card-panel narrow" }, h("h2", {}, t("error")),
        h("p", {}, explain(err)), h("a", { class: "btn", href: "#/" }, t("back_lobby"))));
      return;
    }
    this.renderer = rendererFor(this.data.game);
    this.seats = this.data.players.map((p) => ({ nickname: p.nickname, bot: p.bot, id: p.player ?? null }));
    this.deals = await this.matchDeals();
    if (this.viewer !== "all") {
      this.review = new ReviewPanel({ gameId: this.gameId, seat: this.viewer, withShare: (u) => this.withShare(u),
                                      name: (s) => this.name(s), mine: (s) => this.mine(s),
                                      go: (i) => this.reviewGo(i), onChange: () => this.reviewChanged() });
    }
    this.build();
    this.verify();
    this.watchRoom();
  }

  /** The room I sit in, held while I read its replays (main.js holdRoom): a deal begun
   * there meanwhile (the next, or 再来一场's) is said here, with the way back to the table
   * — the table waited for a friend reading the replay, who could not tell. */
  watchRoom() {
    const id = this.app.heldRoom;
    if (!id) return;
    const call = (summary, told) => {
      if (summary?.id !== id || summary.status !== "playing" || this.calledBy) return;
      this.calledBy = id;
      const banner = this.roomCall();
      this.callSlot?.append(banner);
      // the toast only where the banner is out of sight (scrolled past): on a phone it lay
      // over the top bar for 5 s, saying what the banner just below it said (a play-test)
      const r = banner.getBoundingClientRect();
      const seen = r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
      if (told && !seen) toast(() => t("room_call"), "info", 5000);
    };
    this.offRoom = this.app.live.on("room", (m) => call(m.room, true));
    // already playing (another deal or seat of the replay opened since): said at once, as
    // the page it came from said it (the banner went with the page: a play-test)
    api.get(path`/rooms/${id}`).then(({ room }) => call(room, false), () => {});
  }

  /** The match's deals this caller may read, in order (a match's other deals are picked
   * from the title; a share link opens its own game only). */
  async matchDeals() {
    const d = this.data;
    try {
      const { replays } = await api.get(path`/replays?room=${d.room}`);
      return replays.filter((r) => r.match === d.match).sort((a, b) => a.deal - b.deal);
    } catch {
      return [];
    }
  }

  /** 第 N 局, or a pick of the match's deals when there are several. */
  dealNumber() {
    const d = this.data;
    if (this.deals.length < 2) return h("span", { class: "deal-no" }, t("deal_n", { n: d.deal + 1 }));
    return h("select", {
      class: "deal-pick", "data-testid": "deal-pick", "aria-label": t("deal_pick"),
      onChange: (e) => { location.hash = path`#/replay/${e.target.value}?seat=${this.viewer}`; },
    }, this.deals.map((r) => h("option", { value: r.id, selected: r.id === d.id },
      t("deal_n", { n: r.deal + 1 }))));
  }

  /** The address of seat `v`'s view (or "all") at the step shown now. */
  viewerHref(v) {
    return this.withShare(path`#/replay/${this.gameId}?seat=${v}&step=${this.index + 1}`);
  }

  /** The viewers' links and the address follow the step (replaced, not a history entry). */
  followStep() {
    for (const a of this.el.querySelectorAll(".viewers a[data-viewer]")) {
      a.setAttribute("href", this.viewerHref(a.dataset.viewer));
    }
    if (location.hash.startsWith(path`#/replay/${this.gameId}`)) history.replaceState(null, "", this.viewerHref(this.viewer));
  }

  /** `url` with this page's share token, if it was opened from a share link. */
  withShare(url) {
    if (!this.share) return url;
    return `${url}${url.includes("?") ? "&" : "?"}${path`share=${this.share}`}`;
  }

  unmount() {
    this.offRoom?.();
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.keys);
    PHONE.removeEventListener("change", this.placeLog);
    this.table?.destroy();
    this.review?.destroy();
  }

  reviewChanged() {
    if (this.reviewSlot) replace(this.reviewSlot, this.review.button());
    this.renderControls(this.data.steps[this.index] ?? null);
  }

  render() {
    if (this.data) this.build();
  }

  /** The banner saying my room plays again, with the way back (drawn anew with the page,
   * so in the page's language: it kept the one it was made in, a play-test). */
  roomCall() {
    const id = this.calledBy;
    return h("div", { class: "room-call", "data-testid": "room-call", role: "status" },
      h("span", {}, t("room_call")), h("a", { class: "btn primary small", href: path`#/room/${id}` }, t("back_to_seat")));
  }

  get last() {
    return this.data.steps.length - 1;
  }

  /** The seat's player, 你 for the reader's own (a replay named it by the nickname). */
  name(seat) {
    const name = seatName(this.seats, seat);
    return this.mine(seat) ? bi("你", name) : name;
  }

  /** Whether the reader played `seat` in this game. */
  mine(seat) {
    const me = getPlayer()?.id;
    return Boolean(me) && this.seats?.[seat]?.id === me;
  }

  build() {
    this.table?.destroy();
    this.table = new TableView({ renderer: this.renderer, readOnly: true });
    this.controls = h("div", { class: "replay-controls", "data-testid": "replay-controls" });
    this.side = h("div", { class: "replay-side" });
    const d = this.data;
    const viewers = [["all", t("all_open")], ...d.players.map((p) => [p.seat, t("view_of", { name: this.name(p.seat) })])];
    replace(this.el, h("div", { class: "replay-page", "data-testid": "replay" },
      h("div", { class: "room-top" },
        h("a", { class: "btn ghost small", href: "#/" }, "← ", t("lobby")),
        h("div", { class: "room-name" }, h("strong", {}, t("replay_title")), " · ", presetTitle(d.game, d.preset),
          h("span", { class: "deal-part" }, " · ", this.dealNumber())),  // the · wraps with it
        h("div", { class: "viewers" }, viewers.map(([v, label]) => h("a", {
          class: `chip${v === this.viewer ? " on" : ""}`, "data-viewer": v,
          href: this.viewerHref(v),
        }, label))),
        rulesButton(d, "deal_rules"),
        h("button", { class: "btn small", "data-testid": "download", onClick: () => this.download() },
          t("download")),
        d.can_share ? h("button", { class: "btn small ghost", "data-testid": "share-replay",
                                        title: t("share_title"),
                                        onClick: () => this.makeShare() }, t("share_replay")) : null,
        // with every hand open there is no seat to review: the button says to pick one (a
        // phone player opened 全部明牌 and took the missing button for no review at all)
        this.reviewSlot = h("span", { class: "review-slot" }, this.review ? this.review.button()
          : h("button", { class: "btn small ghost", "data-testid": "review-pick-seat",
                          onClick: () => toast(() => t("review_pick_seat"), "info", 6000) }, t("review_button"))),
        this.verifyBadge = h("span", { class: "verify" })),
      this.callSlot = h("div", { class: "room-call-slot" }, this.calledBy ? this.roomCall() : null),
      this.shareBox = h("div", { class: "share-box" }),
      this.review ? this.review.el : null,
      h("div", { class: "replay-body" }, this.table.el, this.side),
      this.controls));
    this.placeLogBox();
    this.renderVerify();
    this.renderShare();
    this.review?.render();
    this.show(this.index);
  }

  async download() {
    try {
      await download(this.withShare(path`/replays/${this.gameId}/record`), `huapai-${this.gameId}.jsonl`);
    } catch (err) {
      toast(() => explain(err), "error");
    }
  }

  async makeShare() {
    try {
      const made = await api.post(path`/replays/${this.gameId}/share`);
      this.shareLink = `${location.origin}/${path`#/replay/${this.gameId}?share=${made.share}`}`;
      this.renderShare();
    } catch (err) {
      toast(() => explain(err), "error");
    }
  }

  renderShare() {
    if (!this.shareBox) return;
    if (!this.shareLink) {
      replace(this.shareBox);
      return;
    }
    replace(this.shareBox, h("span", { class: "muted" }, t("share_made")),
      h("input", { class: "share-link", readonly: true, value: this.shareLink, "data-testid": "share-link",
                   onFocus: (e) => e.target.select() }));
  }

  /** Fold the events up to step `index` into the table's memory and log. */
  show(index) {
    this.index = Math.max(-1, Math.min(this.last, index));
    const d = this.data;
    const ctx = { me: null, name: (s) => this.name(s) };
    let recent = null;
    const feed = (events, view, step) => {  // a step's log lines
      recent = this.renderer.track(recent, events, view);
      return events.map((ev) => ({ text: byTuoguan(this.renderer.eventText(ev, ctx, view), markOf(ev)),
                                   seat: ev.seat, step })).filter((line) => line.text);
    };
    const log = feed(d.initial_events ?? [], d.initial, 0);  // the deal's opening lines: no step
    for (let i = 0; i <= this.index; i++) {
      const step = d.steps[i];
      const lines = feed(step.events, step.view, i + 1);
      // a move its events say nothing of (双别杆's 过 on a discard) has its line too, as the
      // slider says it, before what followed in its step (the next seat's draw: the 过
      // went unsaid, 托管's mark with it — a play-test); the log went 4, 6 past a 过 the
      // 复盘分析 reviewed as 第 5 手
      // (my 过 with my own draw after it: the draw is mine, the 过 and its mark went unsaid)
      if (this.silentAnswer(step, ctx) || !lines.some((line) => line.seat === step.seat)) {
        lines.unshift({ text: this.moveLine(step), seat: step.seat, step: i + 1 });
      }
      log.push(...lines);
    }
    const step = this.index >= 0 ? d.steps[this.index] : null;
    const view = step ? step.view : d.initial;
    const me = this.viewer === "all" ? null : this.viewer;
    this.table.update({ view, me, bottom: me ?? 0, mine: me !== null && this.mine(me),
                        counter: this.index, events: step?.events ?? [],
                        seats: this.seats, dealKey: this.gameId, recent, log });
    this.renderControls(step);
    this.renderSide();
    this.review?.at(this.index);
    this.followStep();
  }

  /** What step `step` did, in words: the move (its event's line where it has one: 你 胡！26
   * 胡, not 你：胡), then what followed it in the same step (the passes made for the seats
   * that could not beat, the trick won, the card drawn, the deal's end) and, at the last
   * step, the deal's points — a screen reader heard only the move, never who won a trick
   * nor the result (a play-test). A claim answered and then made (答：招, 招 四四四四) is
   * said once, as made. */
  stepText(step) {
    if (!step) return t("start_pos");
    const ctx = { me: null, name: (s) => this.name(s) };
    const line = (ev) => this.renderer.eventText(ev, ctx, step.view);
    const [first, ...rest] = step.events;
    const made = first?.kind === "answered" && rest.some((ev) => ev.seat === step.seat && line(ev));
    // a claim answered and made in one step is said once, as made: 托管's mark goes with it
    const madeBy = made && first.tuoguan ? rest.find((ev) => ev.seat === step.seat && line(ev)) : null;
    const after = rest.map((ev) => [ev, byTuoguan(line(ev), ev === madeBy && markOf(first))])
      .filter(([, text]) => text);
    const head = made ? null
      : first && line(first) ? byTuoguan(line(first), markOf(first)) : this.moveLine(step);
    const parts = [head, ...after.map(([, text]) => text)].filter(Boolean);
    const d = this.data;
    if (step === d.steps[this.last] && d.settlement?.deltas) {
      parts.push(dealPoints(d.settlement.deltas, (s) => this.name(s)));
    }
    return parts.join(bi("；", "; "));
  }

  /** Whether `step` opens with its seat's answer and that answer has no line of its own
   * (双别杆's 过: the step's lines are then what followed it). */
  silentAnswer(step, ctx) {
    const first = step.events[0];
    return first?.kind === "answered" && first.seat === step.seat
      && !this.renderer.eventText(first, ctx, step.view);
  }

  /** "机器人乙：过": a step as its seat's move, （托管） where the house bot made it — the
   * mark the server put on the mover's own first event, else the step's actor (another
   * seat's event first carries no mark for this move: the line lost its （托管）). */
  moveLine(step) {
    const first = step.events[0];
    const mark = first?.seat === step.seat ? markOf(first)
      : step.actor === "deadline" ? "deadline" : step.actor === "tuoguan";
    return byTuoguan(t("acted", { name: this.name(step.seat), action: said(step.label, step.action) }), mark);
  }

  renderControls(step) {
    const n = this.data.steps.length;
    const what = this.stepText(step);
    const word = (text) => h("span", { class: "step-word" }, text);
    const button = (label, fn, testid, disabled = false, name = undefined) =>
      h("button", { class: "btn small", onClick: fn, "data-testid": testid, disabled, "aria-label": name }, label);
    // morphed, not replaced: a keyboard player's Enter on 下一步 keeps the focus there (it fell
    // to the page at each step, and a second Enter did nothing: a keyboard play-test)
    morph(this.controls,
      button("|◀", () => this.go(-1), "first", this.index < 0, t("to_start")),
      // (the words in their own span: a phone on its side shows the arrows alone, their
      // names kept for a screen reader; the step buttons, the slider and the step said
      // then fit one line under the table)
      button(["◀ ", word(t("prev"))], () => this.go(this.index - 1), "prev", this.index < 0, t("prev")),
      button(this.timer ? ["‖ ", word(t("pause"))] : ["▶ ", word(t("autoplay"))], () => this.toggleAuto(),
             "auto", false, t(this.timer ? "pause" : "autoplay")),
      button([word(t("next")), " ▶"], () => this.go(this.index + 1), "next", this.index >= this.last, t("next")),
      button("▶|", () => this.go(this.last), "last", this.index >= this.last, t("to_end")),
      h("div", { class: "scrub-wrap" },
        h("input", { type: "range", min: -1, max: this.last, value: this.index, class: "scrub",
                     "aria-label": t("step_of", { i: this.index + 1, n }),
                     "aria-valuetext": t("step_of", { i: this.index + 1, n }),
                     onInput: (e) => this.go(Number(e.target.value)) }),
        this.review?.marks(this.last)),
      h("span", { class: "step-no", "data-testid": "step" }, t("step_of", { i: this.index + 1, n })),
      // said at each step (the slider's number changed and nothing else was heard: a
      // screen-reader play-test)
      h("span", { class: "step-what", role: "status", "aria-live": "polite" }, what));
  }

  renderSide() {
    const d = this.data;
    if (this.index < this.last || !d.settlement) {
      replace(this.side);
      this.side.classList.remove("open");
      return;
    }
    this.side.classList.add("open");
    replace(this.side, settlementPanel({
      settlement: d.settlement, name: (s) => this.name(s), me: this.viewer === "all" ? null : this.viewer,
      ...shuffleParts(d), gameId: this.gameId, multiplier: d.multiplier,
      scaled: d.settlement.deltas.map((x) => x * (d.multiplier ?? 1)), renderer: this.renderer,
      totals: d.match_totals ?? null,  // the match's 总分 after this deal, as the room said it
      view: d.steps.at(-1)?.view ?? d.initial,
    }, []));
  }

  /** The log: on a phone below the step buttons (below the hand it pushed them off the
   * screen, away from the board they step), elsewhere in the table's corner. */
  placeLogBox() {
    const log = this.table?.logBox;
    if (!log) return;
    if (PHONE.matches) this.controls.after(log);
    else this.table.el.append(log);
  }

  /** A step picked in the 复盘分析 (a listed mistake, a mark on the timeline), and on a
   * phone the board brought into sight: there the review box lies below the board and its
   * step buttons (phone.css), so the changed position would be off the screen. */
  reviewGo(index) {
    this.go(index);
    const felt = this.table?.felt;
    if (!felt || !PHONE.matches) return;
    const r = felt.getBoundingClientRect();
    const page = felt.closest(".replay-page")?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    if (r.top < page.top - 1 || r.bottom > page.bottom + 1) felt.scrollIntoView({ block: "start" });
  }

  go(index) {
    if (index > this.last || index < -1) this.stopAuto();
    this.show(index);
  }

  toggleAuto() {
    if (this.timer) this.stopAuto();
    else {
      if (this.index >= this.last) this.index = -1;
      this.timer = setInterval(() => {
        if (this.index >= this.last) this.stopAuto();
        else this.show(this.index + 1);
      }, AUTOPLAY_MS);
    }
    this.renderControls(this.data.steps[this.index] ?? null);
  }

  stopAuto() {
    clearInterval(this.timer);
    this.timer = null;
    this.renderControls(this.data.steps[this.index] ?? null);
  }

  key(e) {
    if (e.defaultPrevented) return;  // a hand's card took the arrow (along the hand)
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowRight") this.go(this.index + 1);
    if (e.key === "ArrowLeft") this.go(this.index - 1);
  }

  /** The server's check (deal, actions, result) and this browser's own: the revealed
   * seed against the commitment it saw when the game began live (else the one the
   * replay carries). */
  async verify() {
    try {
      this.verified = await api.get(this.withShare(path`/verify/${this.gameId}`));
    } catch {
      this.verified = null;
    }
    this.seedCheck = await checkReveal(this.gameId, this.data);
    this.renderVerify();
  }

  verifyDetail() {
    const v = this.verified;
    return t("verify_detail", { server: v.server_seed ?? "—", seed: v.seed, commit: v.commitment });
  }

  /** The server's verdict and the browser's, the seeds behind them a tap away (a phone
   * has no hover: they were in a tooltip only, a skeptic's play-test). */
  renderVerify() {
    if (!this.verifyBadge || !this.verified) return;
    const ok = this.verified.ok && !["mismatch", "nonce_missing"].includes(this.seedCheck);
    const detail = this.verifyDetail();
    replace(this.verifyBadge, h("button", {
      class: `badge ${ok ? "ok" : "hot"}`, "data-testid": "verified", title: detail, type: "button",
      onClick: () => toast(() => `${this.verifyDetail()} · ${t("verify_hint")}`, "info", 12000),
    }, ok ? `✓ ${t("verified")}` : `✗ ${t("verify_failed")}`), this.seedCheck ? seedBadge(this.seedCheck) : null);
  }
}
