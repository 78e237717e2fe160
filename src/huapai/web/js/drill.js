// #/drill: 钵福's 报数 practice (issue 11 §2). The server asks and checks (POST /api/drill,
// POST /api/drill/<id>/answer): this page only draws the laid group with the 大小字 card
// art, takes the learner's 钱, and draws the abacus as beads (never its number).

import { h, replace } from "./dom.js";
import { bi, countOf } from "./i18n.js";
import { api, explain, path } from "./api.js";
import { toast } from "./ui.js";
import { daziCard } from "./cards/dazi.js";
import { abacusSvg } from "./games/abacus.js";

const COUNT = 10;

export class DrillPage {
  constructor(app) {
    this.app = app;
    this.drill = null;
    this.last = null;
    this.busy = false;
  }

  async mount(el) {
    this.el = el;
    this.render();
    await this.restart();
  }

  unmount() {}

  async restart() {
    this.last = null;
    try {
      this.drill = (await api.post("/drill", { count: COUNT })).drill;
    } catch (err) {
      toast(() => explain(err), "error");
    }
    this.render();
  }

  async answer(value) {
    if (this.busy || !this.drill?.question) return;
    this.busy = true;
    try {
      const done = await api.post(path`/drill/${this.drill.id}/answer`, { value });
      this.drill = done.drill;
      this.last = done.result;
    } catch (err) {
      toast(() => explain(err), "error");
    } finally {
      this.busy = false;
    }
    this.render();
  }

  render() {
    if (!this.el) return;
    const d = this.drill;
    replace(this.el, h("div", { class: "drill", "data-testid": "drill" },
      h("div", { class: "drill-head" },
        h("h1", {}, bi("报数练习", "报数 practice")),
        h("a", { class: "btn ghost small", href: "#/" }, bi("返回大厅", "Back to the lobby"))),
      h("p", { class: "muted" }, bi("钵福：说出这组牌是几个钱。报对了上算盘，报错了吃包子。",
        "钵福: say how many 钱 the group is worth. Right, it goes on the abacus; wrong, 吃包子.")),
      d ? this.score(d) : h("p", { class: "muted" }, bi("正在出题…", "Loading…")),
      this.feedback(),
      d?.question ? this.question(d) : null,
      d?.finished ? this.summary(d) : null,
      d ? this.abacus(d) : null));
    this.el.querySelector("[data-testid=drill-input]")?.focus();
  }

  score(d) {
    const n = Math.min(d.answered + 1, d.count);
    return h("div", { class: "drill-score", "data-testid": "drill-score", "data-right": String(d.right),
                      "data-wrong": String(d.wrong), "data-answered": String(d.answered) },
      bi(`第 ${n} / ${d.count} 题 · 报对 ${d.right} · 吃包子 ${d.wrong} · 不报 ${d.skipped}`,
         `Question ${n} of ${d.count} · right ${d.right} · 吃包子 ${d.wrong} · not announced ${d.skipped}`));
  }

  question(d) {
    const q = d.question;
    const jiang = q.jiang ? bi(`将：${q.jiang}`, `将: ${q.jiang}`) : bi("这局不设将", "no 将 this deal");
    const input = h("input", { type: "number", name: "value", min: 0, max: 30, step: 1, required: true,
                               inputmode: "numeric", "data-testid": "drill-input",
                               "aria-label": bi("几个钱", "how many 钱") });
    return h("section", { class: "card-panel drill-question", "data-testid": "drill-question",
                          "data-kind": q.kind, "data-cards": q.cards, "data-jiang": q.jiang ?? "" },
      h("div", { class: "drill-group" },
        h("span", { class: "drill-kind", "data-testid": "drill-kind" }, q.kind),
        h("div", { class: "drill-cards", "data-testid": "drill-cards" },
          q.tokens.map((tok) => daziCard(tok, { height: 96 }))),
        h("span", { class: "drill-jiang", "data-testid": "drill-jiang" }, jiang)),
      // novalidate: 31 or 2.5 is answered by the server in the page's language, not the browser's
      h("form", { class: "drill-form", novalidate: true, onSubmit: (e) => {
        e.preventDefault();
        if (input.value !== "") this.answer(Number(input.value));
      } },
        h("label", {}, bi("几个钱？", "How many 钱?"), input),
        h("button", { type: "submit", class: "btn primary", "data-testid": "drill-say" }, bi("报", "Announce")),
        h("button", { type: "button", class: "btn ghost", "data-testid": "drill-skip",
                      onClick: () => this.answer(null) }, bi("不报", "Don't announce"))));
  }

  feedback() {
    const r = this.last;
    if (!r) return null;
    const group = r.group.prompt;
    if (r.said === null) {
      return h("div", { class: "drill-result skip", "data-testid": "drill-result", "data-outcome": "skip" },
        bi(`${group}：不报子，不上算盘（应报 ${r.answer} 个钱）`,
           `${group}: not announced, nothing goes on (it was ${r.answer} 钱)`), reasonRow(r.reason));
    }
    if (r.correct) {
      return h("div", { class: "drill-result right", "data-testid": "drill-result", "data-outcome": "right" },
        bi(`对！${group} 是 ${r.answer} 个钱，上算盘`, `Right! ${group} is ${r.answer} 钱: on the abacus`));
    }
    return h("div", { class: "drill-result baozi", "data-testid": "drill-result", "data-outcome": "baozi" },
      h("strong", { class: "drill-baozi", "data-testid": "drill-baozi" }, bi("吃包子！", "吃包子 (wrong)!")),
      bi(` 你报 ${r.said}，${group} 应报 ${r.answer} 个钱；${r.after < 0 ? "算盘戴帽子" : "算盘归零"}`,
         ` You said ${r.said}; ${group} is ${r.answer} 钱. ${r.after < 0 ? "The abacus wears the hat (戴帽子)" : "The abacus goes back to zero"}`),
      reasonRow(r.reason));
  }

  abacus(d) {
    const a = d.abacus;
    return h("section", { class: "card-panel drill-abacus", "data-testid": "drill-abacus",
                          "data-negative": a.negative ? "1" : "0" },
      h("h2", {}, bi("你的算盘", "Your abacus")),
      abacusSvg(a.value),
      a.negative ? h("span", { class: "ab-mark" }, bi("负", "negative")) : null,
      a.hat ? h("span", { class: "ab-mark hot" }, bi("戴帽子", "戴帽子 (hat)")) : null,
      // read the beads first, then check: the number was never shown, so a learner could
      // not tell a misreading (a play-test)
      h("details", { class: "drill-check", "data-testid": "drill-check" },
        h("summary", {}, bi("读好了？看数字", "Read it? Check the number")),
        h("span", { "data-testid": "drill-value" }, bi(`${a.value} 个钱`, `${a.value} 钱`))));
  }

  summary(d) {
    return h("section", { class: "card-panel drill-summary", "data-testid": "drill-summary" },
      h("h2", {}, bi("练习结束", "Drill over")),
      h("p", {}, bi(`共 ${d.count} 题：报对 ${d.right}，吃包子 ${d.wrong}，不报 ${d.skipped}。看珠子读出算盘上的数。`,
                    `${countOf(d.count, "question", "questions")}: ${d.right} right, ${d.wrong} 吃包子, ${d.skipped} not announced. Read the abacus off the beads.`)),
      h("button", { class: "btn primary", "data-testid": "drill-again", onClick: () => this.restart() },
        bi("再来一次", "Again")));
  }
}

const SIZES = [["小字", "small"], ["大字", "big"], ["小字是将", "small, 将"], ["大字是将", "big, 将"]];

/** Why the answer is what it is (`result.reason`): the kind's row of 钱 from the seed's
 * table, this group's cell in bold — a wrong answer said only the number (a play-test). */
function reasonRow(reason) {
  if (!reason) return null;
  const mine = (reason.jiang ? 2 : 0) + (reason.big ? 1 : 0);
  const cells = reason.row.map((value, i) => {
    const text = bi(`${SIZES[i][0]} ${value}`, `${SIZES[i][1]} ${value}`);
    return i === mine ? h("strong", { "data-testid": "drill-reason-mine" }, text) : h("span", {}, text);
  });
  const parts = [h("span", {}, bi(`${reason.kind}：`, `${reason.kind}: `))];
  cells.forEach((cell, i) => parts.push(...(i ? [h("span", {}, " · "), cell] : [cell])));
  return h("div", { class: "drill-reason", "data-testid": "drill-reason" }, parts);
}
