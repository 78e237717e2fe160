// 复盘分析 on the replay page: ask the server to review one seat of the game (a job in
// the background, docs/platform-protocol.md), show its progress, then the summary and
// the big mistakes — listed ("第 12 手：掀 — 预期 −3.2，扣了 +0.4") and marked on the
// timeline; a mistake takes the replay to the position it was made in, and wherever the
// replay stands before one of the seat's decisions, every option's estimate shows.

import { h, replace } from "./dom.js";
import { bi, nameZh, said, t } from "./i18n.js";
import { api, explain, path } from "./api.js";
import { toast } from "./ui.js";

const POLL_MS = 400;
/** The levels a review may be run at (大师's 640 rollouts an option would keep a deal's
 * review busy for minutes), 普通 first chosen. */
const REVIEW_LEVELS = [["入门", "level_beginner"], ["普通", "level_normal"], ["高手", "level_expert"]];

function signed(x) {
  if (x === null || x === undefined) return "?";
  const text = Math.abs(x).toFixed(1);
  if (text === "0.0") return text;  // not −0.0 (a play-test)
  return x < 0 ? `−${text}` : `+${text}`;
}

/** A re-checked option other than the advice: above the pick but not sure at 99 %, or no
 * better than it (it said 没到 99% 把握 on options that came out worse: a play-test). */
function recheckTag(o, d) {
  if (o.action === d.advised) return t("review_checked");
  return t(abovePick(o, d) ? "review_checked_unsure" : "review_checked_worse");
}

/** An option's estimate shows above the pick's (to the tenth shown). */
function abovePick(o, d) {
  return o.estimate !== null && Number(o.estimate.toFixed(1)) > Number(d.chosen_mean.toFixed(1));
}

/** The decisions where a re-checked move other than the advice came out better on average
 * but not at 99 %: not counted as lost, and said so (a 3-point gap beside 少得 0 read as the
 * review contradicting itself: a club's play-test). */
function nearMisses(decisions) {
  return decisions.filter((d) => {
    const o = d.options.find((x) => x.action === d.checked);
    return o && d.checked !== d.advised && abovePick(o, d);
  });
}

/** The decisions that cost something (0.1 or more, as shown) without being a big mistake:
 * what else the summary's total is made of ("合计少得 0.6 分" beside 没有大错, and nowhere
 * said where: a play-test). */
function smallLosses(decisions) {
  return decisions.filter((d) => !d.mistake && d.cost.toFixed(1) !== "0.0" && d.cost > 0);
}

/** ["第 12 手", "：掀", " — 预期 −3.2，扣了 +0.4"] for one reviewed decision: its move, the
 * pick, then what it cost (a phone's list shows the move and the pick; the options at the
 * move say the rest). */
function mistakeParts(d) {
  return [t("review_move", { move: d.move }),
          t("review_pick", { chosen: pickOf(d) }),
          t("review_cost", { chosen_mean: signed(d.chosen_mean), advised: said(d.advised_label, d.advised),
                             advised_mean: signed(d.advised_mean) })];
}

/** The pick, after what was asked where its label alone does not say it (钵福: "哨 三三三，
 * 报 3", not a bare "报 3"; the review's `asked`). */
function pickOf(d) {
  const chosen = said(d.chosen_label, d.chosen);
  return d.asked ? `${said(d.asked)}${bi("，", ", ")}${chosen}` : chosen;
}

const PART_CLASSES = ["rv-move", "rv-pick", "rv-cost"];

/** "第 12 手：掀 — 预期 −3.2，扣了 +0.4" for one reviewed decision. */
export function mistakeLine(d) {
  return mistakeParts(d).join("");
}

/** What the summary leaves out: the choices 托管 made for the seat and the answers
 * 答话限时 made (not the player's, so not reviewed), or why there is nothing to review
 * (a 歇家, or only forced moves). */
function standIns(summary, who) {
  const said = [];
  // whose: 你 to the seat's own player, its name to anyone else (a spectator was told 不算你的)
  const of = (key, n) => (who === null ? t(key, { n }) : t(`${key}_of`, { n, name: bi(nameZh(who), who) }));
  if (summary.stood_in) said.push(h("p", { class: "muted small", "data-testid": "review-stood-in" }, of("review_stood_in", summary.stood_in)));
  if (summary.deadline) said.push(h("p", { class: "muted small", "data-testid": "review-deadline" }, of("review_deadline", summary.deadline)));
  if (!said.length && !summary.decisions) said.push(h("p", { class: "muted small", "data-testid": "review-none" }, t("review_none")));
  return said;
}

export class ReviewPanel {
  /** `withShare(url)` adds the page's share token; `go(index)` shows a replay step;
   * `name(seat)` names the reviewed seat, `mine(seat)` whether the reader played it. */
  constructor({ gameId, seat, withShare, go, onChange, name, mine = () => false }) {
    this.gameId = gameId;
    this.seat = seat;
    this.name = name;
    this.mine = mine;
    this.withShare = withShare;
    this.goTo = go;
    this.onChange = onChange;
    this.job = null;
    this.timer = null;
    this.level = "普通";
    this.el = h("div", { class: "review-box", "data-testid": "review-box" });
    this.stepEl = h("div", { class: "review-step", "data-testid": "review-step" });
    this.index = -1; // the replay's step: the position shown
  }

  /** Whose choices: 你的 / your for the reader's own seat (English said "Ay's" where
   * Chinese said 你), else the seat's player (a Latin name keeps a space: 你 的选择 read
   * oddly). */
  title() {
    if (!this.name) return t("review_title");
    if (this.mine(this.seat)) return t("review_title_mine");
    const name = this.name(this.seat);
    return t("review_title_of", { name: bi(nameZh(name), name) });
  }

  destroy() {
    clearTimeout(this.timer);
  }

  get decisions() {
    return this.job?.status === "done" ? this.job.result.decisions : [];
  }

  get mistakes() {
    return this.decisions.filter((d) => d.mistake);
  }

  /** The replay shows step `index`: the decision made from that position, if the seat's. */
  at(index) {
    this.index = index;
    const d = this.decisions.find((x) => x.index === index + 1);
    if (!d) {
      replace(this.stepEl);
      return;
    }
    // the advice, the pick, then the rest best first (a player read the first listed as
    // the advice), as the terminal lists them
    const first = (o) => (o.action === d.advised ? 0 : o.action === d.chosen ? 1 : 2);
    const options = [...d.options].sort((a, b) => first(a) - first(b)
      || (b.estimate ?? -Infinity) - (a.estimate ?? -Infinity));
    replace(this.stepEl,
      d.asked ? h("strong", { class: "review-asked", "data-testid": "review-asked" }, `${said(d.asked)} · `) : null,
      h("span", { class: "muted" }, t("review_step", { move: d.move })),
      h("ul", { class: "review-options" }, options.map((o) => {
        const mine = o.action === d.chosen, advice = o.action === d.advised;
        const tags = [mine ? t("review_chosen") : null, advice ? t("review_advised") : null,
                      o.checked ? recheckTag(o, d) : null].filter(Boolean);
        const title = mine ? t("review_played", { n: o.visits })
          : t(o.checked ? "review_rechecked" : "review_tries", { n: o.pairs });
        // on how many deals, in sight: a title a phone cannot show, and +1.3 ±3.1 on a few
        // deals read as better than the advice (a play-test)
        const tried = o.estimate === null ? null
          : mine ? t("review_played_short", { n: o.visits }) : t("review_deals", { n: o.pairs });
        return h("li", { class: `review-option${mine ? " chosen" : ""}${advice ? " advised" : ""}`,
                         "data-action": o.action, "data-checked": String(Boolean(o.checked)), title },
          h("span", { class: "opt-label" }, said(o.label, o.action)),
          h("span", { class: "opt-mean" }, o.estimate === null ? t("review_untried") : signed(o.estimate)),
          o.error !== null && o.error !== undefined ? h("span", { class: "opt-error" }, `±${o.error.toFixed(1)}`) : null,
          tried ? h("span", { class: "opt-deals" }, tried) : null,
          tags.length ? h("span", { class: "opt-tags" }, tags.join(" · ")) : null);
      })));
  }

  /** The review's level (how many rollouts per option: 高手 finds more, and takes longer)
   * and the button that starts it. */
  button() {
    const running = this.job && (this.job.status === "queued" || this.job.status === "running");
    const level = h("select", { class: "review-level", "data-testid": "review-level", "aria-label": t("review_level"),
                                disabled: Boolean(running), onChange: (e) => { this.level = e.target.value; } },
      REVIEW_LEVELS.map(([name, key]) => h("option", { value: name, selected: name === this.level }, t(key))));
    // named beside it: a bare 普通 next to 复盘分析 said nothing to a newcomer (a phone
    // keeps it to the picker's title: one more row pushed the step buttons off the screen)
    return h("span", { class: "review-start" }, h("label", { class: "review-level-label", title: t("review_level") },
      h("span", { class: "muted wide-only" }, t("review_level_short")), level),
      h("button", { class: "btn small", "data-testid": "review-start", disabled: Boolean(running),
                    onClick: () => this.start() }, t("review_button")));
  }

  async start() {
    try {
      const body = { seat: this.seat, level: this.level };
      this.job = (await api.post(this.withShare(path`/replays/${this.gameId}/review`), body)).review;
    } catch (err) {
      toast(() => explain(err), "error");
      return;
    }
    this.changed();
    this.reveal(true);
    this.poll();
  }

  /** A finished review brought into sight: at 1366×768 it opened just below the window
   * and nothing on screen changed (a play-test scrolled to find it); so is its progress
   * when it starts (复盘中… 0/6 lay below the window for the review's 18 s: a play-test). */
  reveal(started = false) {
    if (started || this.job?.status === "done" || this.job?.status === "failed") {
      this.el.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    }
  }

  poll() {
    clearTimeout(this.timer);
    if (!this.job || this.job.status === "done" || this.job.status === "failed") return;
    this.timer = setTimeout(async () => {
      try {
        this.job = (await api.get(this.withShare(path`/reviews/${this.job.id}`))).review;
      } catch (err) {
        toast(() => explain(err), "error");
        return;
      }
      this.changed();
      this.reveal();
      this.poll();
    }, POLL_MS);
  }

  changed() {
    this.render();
    this.onChange?.();
  }

  render() {
    const job = this.job;
    if (!job) {
      replace(this.el);
      return;
    }
    if (job.status === "queued" || job.status === "running") {
      const pct = job.total ? Math.round((100 * job.done) / job.total) : 0;
      replace(this.el, h("div", { class: "review-progress", "data-testid": "review-progress" },
        t("review_running", { done: job.done, total: job.total || "…" }),
        h("progress", { max: 100, value: pct })));
      return;
    }
    if (job.status === "failed") {
      replace(this.el, h("p", { class: "muted" }, t("review_failed")));
      return;
    }
    const s = job.result.summary;
    const cost = s.cost.toFixed(1);
    const worth = job.result.worth;  // what the figures count in (分, 豆, 钵福's 折算分)
    const rows = this.mistakes.map((d) => h("li", {},
      h("button", { class: "link", "data-testid": "review-mistake", onClick: () => this.goTo(d.index - 1) },
        ...mistakeParts(d).map((part, i) => h("span", { class: PART_CLASSES[i] }, part)))));
    replace(this.el, h("div", { class: "review-panel", "data-testid": "review-panel" },
      // whose moves: the viewed seat's, a bot's too (nothing said so)
      h("strong", {}, this.title()),
      h("p", { class: "muted small", "data-testid": "review-summary" },
        t(cost === "0.0" ? "review_summary_even" : "review_summary", {
          decisions: s.decisions, mistakes: s.mistakes, cost,
          unit: said(worth?.unit, t("review_points")) })),
      worth?.note ? h("p", { class: "muted small", "data-testid": "review-worth" }, said(worth.note)) : null,
      standIns(s, !this.name || this.mine(this.seat) ? null : this.name(this.seat)),
      // (nothing reviewed, nothing to call clean: the terminal says it only so too)
      rows.length ? h("ol", { class: "review-list" }, rows) : s.decisions ? h("p", {}, t("review_clean")) : null,
      this.smallRow()),
      this.stepEl);
    this.at(this.index);
  }

  /** 小的损失：第 26 手 −0.6 …, then the moves a better-looking option was not sure at —
   * each a link to its position, as a mistake is. */
  smallRow() {
    const link = (d, text) => h("button", { class: "link", onClick: () => this.goTo(d.index - 1) }, text);
    const row = (testid, head, found, text) => (found.length
      ? h("p", { class: "muted small review-small", "data-testid": testid }, head,
        found.map((d, i) => [i ? bi("、", ", ") : null, link(d, text(d))]))
      : null);
    const move = (d) => t("review_move", { move: d.move });
    return [row("review-small", t("review_small"), smallLosses(this.decisions),
                (d) => `${move(d)} −${d.cost.toFixed(1)}`),
            row("review-unsure", t("review_unsure"), nearMisses(this.decisions), move)];
  }

  /** Marks over the timeline: one per big mistake, at the position it was made in (`last`:
   * the last index; the timeline runs from −1, the deal's start). */
  marks(last) {
    const found = this.mistakes;
    if (!found.length) return null;
    const span = Math.max(1, last + 1);
    return h("div", { class: "review-marks", "data-testid": "review-marks" }, found.map((d) =>
      h("button", { class: "review-mark", "data-testid": "review-mark", title: mistakeLine(d),
                    style: { left: `${(100 * d.index) / span}%` }, onClick: () => this.goTo(d.index - 1) })));
  }
}
