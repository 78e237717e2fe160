// Watch a finished game step by step, from one seat's view or with every hand open,
// and download its record (docs/platform-protocol.md §5).

import { h, replace } from "./dom.js";
import { bi, said, t } from "./i18n.js";
import { api, explain } from "./api.js";
import { presetTitle, rendererFor } from "./games/registry.js";
import { TableView, seatName } from "./table.js";
import { settlementPanel } from "./settlement.js";

const AUTOPLAY_MS = 900;

export class ReplayPage {
  constructor(app, gameId, seat) {
    this.app = app;
    this.gameId = gameId;
    this.viewer = seat === null || seat === undefined || seat === "all" ? "all" : Number(seat);
    this.data = null;
    this.index = -1;
    this.timer = null;
    this.verified = null;
    this.keys = (e) => this.key(e);
  }

  async mount(el) {
    this.el = el;
    replace(el, h("p", { class: "muted pad" }, t("loading")));
    document.addEventListener("keydown", this.keys);
    try {
      this.data = await api.get(`/replays/${encodeURIComponent(this.gameId)}?seat=${this.viewer}`);
    } catch (err) {
      replace(el, h("div", { class: "card-panel narrow" }, h("h2", {}, t("error")),
        h("p", {}, explain(err)), h("a", { class: "btn", href: "#/" }, t("back_lobby"))));
      return;
    }
    this.renderer = rendererFor(this.data.game);
    this.seats = this.data.players.map((p) => ({ nickname: p.nickname, bot: p.bot }));
    this.build();
    this.verify();
  }

  unmount() {
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.keys);
    this.table?.destroy();
  }

  render() {
    if (this.data) this.build();
  }

  get last() {
    return this.data.steps.length - 1;
  }

  name(seat) {
    return seatName(this.seats, seat);
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
          " · ", t("deal_n", { n: d.deal + 1 })),
        h("div", { class: "viewers" }, viewers.map(([v, label]) => h("a", {
          class: `chip${v === this.viewer ? " on" : ""}`, "data-viewer": v,
          href: `#/replay/${encodeURIComponent(this.gameId)}?seat=${v}`,
        }, label))),
        h("a", { class: "btn small", href: `/api/replays/${encodeURIComponent(this.gameId)}/record`,
                 download: `huapai-${this.gameId}.jsonl`, "data-testid": "download" }, t("download")),
        this.verifyBadge = h("span", { class: "verify" })),
      h("div", { class: "replay-body" }, this.table.el, this.side),
      this.controls));
    this.renderVerify();
    this.show(this.index);
  }

  /** Fold the events up to step `index` into the table's memory and log. */
  show(index) {
    this.index = Math.max(-1, Math.min(this.last, index));
    const d = this.data;
    const ctx = { me: null, name: (s) => this.name(s) };
    let recent = null;
    const log = [];
    const feed = (events, view) => {
      recent = this.renderer.track(recent, events, view);
      for (const ev of events) {
        const text = this.renderer.eventText(ev, ctx, view);
        if (text) log.push({ text, seat: ev.seat });
      }
    };
    feed(d.initial_events ?? [], d.initial);
    for (let i = 0; i <= this.index; i++) feed(d.steps[i].events, d.steps[i].view);
    const step = this.index >= 0 ? d.steps[this.index] : null;
    const view = step ? step.view : d.initial;
    const me = this.viewer === "all" ? null : this.viewer;
    this.table.update({ view, me, bottom: me ?? 0, counter: this.index, events: step?.events ?? [],
                        seats: this.seats, dealKey: this.gameId, recent, log });
    this.renderControls(step);
    this.renderSide();
  }

  renderControls(step) {
    const n = this.data.steps.length;
    const what = step ? t("acted", { name: this.name(step.seat), action: said(step.label, step.action) }) : t("start_pos");
    const button = (label, fn, testid, disabled = false) =>
      h("button", { class: "btn small", onClick: fn, "data-testid": testid, disabled }, label);
    replace(this.controls,
      button("|◀", () => this.go(-1), "first", this.index < 0),
      button(`◀ ${t("prev")}`, () => this.go(this.index - 1), "prev", this.index < 0),
      button(this.timer ? `‖ ${t("pause")}` : `▶ ${t("autoplay")}`, () => this.toggleAuto(), "auto"),
      button(`${t("next")} ▶`, () => this.go(this.index + 1), "next", this.index >= this.last),
      button("▶|", () => this.go(this.last), "last", this.index >= this.last),
      h("input", { type: "range", min: -1, max: this.last, value: this.index, class: "scrub",
                   "aria-label": t("step_of", { i: this.index + 1, n }),
                   onInput: (e) => this.go(Number(e.target.value)) }),
      h("span", { class: "step-no", "data-testid": "step" }, t("step_of", { i: this.index + 1, n })),
      h("span", { class: "step-what" }, what));
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
      seed: d.seed, commitment: d.commitment, multiplier: d.multiplier,
      scaled: d.settlement.deltas.map((x) => x * (d.multiplier ?? 1)),
    }, []));
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
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.key === "ArrowRight") this.go(this.index + 1);
    if (e.key === "ArrowLeft") this.go(this.index - 1);
  }

  async verify() {
    try {
      this.verified = await api.get(`/verify/${encodeURIComponent(this.gameId)}`);
    } catch {
      this.verified = null;
    }
    this.renderVerify();
  }

  renderVerify() {
    if (!this.verifyBadge || !this.verified) return;
    const ok = this.verified.ok;
    replace(this.verifyBadge, h("span", {
      class: `badge ${ok ? "ok" : "hot"}`, "data-testid": "verified",
      title: bi(`种子 ${this.verified.seed}，承诺 ${this.verified.commitment}`, `seed ${this.verified.seed}, commitment ${this.verified.commitment}`),
    }, ok ? `✓ ${t("verified")}` : `✗ ${t("verify_failed")}`));
  }
}
