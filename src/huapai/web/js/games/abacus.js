// 钵福's 算盘 drawn as a 算盘: one rod per digit (at least four), the 上珠 (worth 5) above
// the beam and four 下珠 (worth 1 each) below; a counted bead sits against the beam. The
// value comes from the engine's public view (`view.bo.seats[seat].abacus`); in the 报数
// training mode (`view.bo.training`) no number is written beside the beads — the learner
// reads them. The 秀山 renderer calls `abacusFor(view, seat)` in each seat's detail
// (the hook) and `boFacts(view)` for the 钵's line in the centre.

import { h, svg } from "../dom.js";
import { bi, countOf } from "../i18n.js";

const RODS = 4;
const ROD_W = 14;
const BEAD_R = 5;
const TOP = 4;
const BEAM_Y = 22;
const HEIGHT = 64;

/** The rods of a value: from the highest place down, each `{ upper, lower }`. */
export function rods(value, min = RODS) {
  const digits = String(Math.abs(Math.trunc(value))).padStart(min, "0");
  return [...digits].map((d) => ({ digit: Number(d), upper: Number(d) >= 5 ? 1 : 0, lower: Number(d) % 5 }));
}

/** The value beads show (what a learner reads off the drawing). */
export function valueOf(drawn, negative = false) {
  const v = drawn.reduce((acc, r) => acc * 10 + 5 * r.upper + r.lower, 0);
  return negative ? -v : v;
}

function rodSvg(rod, x) {
  const parts = [svg("line", { x1: x, y1: 0, x2: x, y2: HEIGHT, stroke: "#8a6a3a", "stroke-width": 1.5 })];
  // 上珠: counted sits down against the beam, else up at the frame
  const upY = rod.upper ? BEAM_Y - BEAD_R - 1 : TOP + BEAD_R;
  parts.push(svg("ellipse", { cx: x, cy: upY, rx: BEAD_R + 1, ry: BEAD_R - 1,
                              class: rod.upper ? "ab-bead on" : "ab-bead", fill: rod.upper ? "#7a2e1a" : "#c9b48a" }));
  // 下珠: counted ones go up against the beam, the rest stay at the bottom
  for (let i = 0; i < 4; i += 1) {
    const on = i < rod.lower;
    const y = on ? BEAM_Y + BEAD_R + 1 + i * (2 * BEAD_R - 1)
      : HEIGHT - BEAD_R - 1 - (3 - i) * (2 * BEAD_R - 1);
    parts.push(svg("ellipse", { cx: x, cy: y, rx: BEAD_R + 1, ry: BEAD_R - 1,
                                class: on ? "ab-bead on" : "ab-bead", fill: on ? "#7a2e1a" : "#c9b48a" }));
  }
  return parts;
}

/** An abacus drawing of `value` (an <svg>), its rods as data attributes for tests. */
export function abacusSvg(value) {
  const drawn = rods(value);
  const width = drawn.length * ROD_W + 6;
  const children = [
    svg("rect", { x: 0.5, y: 0.5, width: width - 1, height: HEIGHT - 1, rx: 2, fill: "#f3e7cc", stroke: "#5a3d1e" }),
    svg("line", { x1: 0, y1: BEAM_Y, x2: width, y2: BEAM_Y, stroke: "#5a3d1e", "stroke-width": 2 }),
  ];
  drawn.forEach((rod, i) => children.push(...rodSvg(rod, 3 + ROD_W / 2 + i * ROD_W)));
  return svg("svg", { class: "abacus", width, height: HEIGHT, viewBox: `0 0 ${width} ${HEIGHT}`,
                      role: "img", "aria-label": bi("算盘", "abacus"),
                      "data-rods": drawn.map((r) => `${r.upper}${r.lower}`).join(" ") }, ...children);
}

/** The seat's 算盘 in the 钵 (beads; the number too outside training), or null. */
export function abacusFor(view, seat) {
  const bo = view?.bo;
  if (bo?.taken) return takenAbacus(bo, seat);
  const mine = bo?.seats?.[seat];
  if (!mine) return null;
  const marks = [];
  if (!bo.training) marks.push(numberMark(mine.abacus));
  // each mark says what it is on hover (an English play-tester read "hat" and 包子 blind)
  if (mine.abacus < 0) marks.push(h("span", { class: "ab-mark", title: bi("算盘是负数", "the abacus is below 0") }, bi("负", "below 0")));
  if (mine.hat) {
    marks.push(h("span", { class: "ab-mark hot", title: bi(
      "戴帽子：算盘在帽子（吃包子罚到的负数）或更低", "戴帽子 (wearing the hat): the abacus at or below the hat, the minus a wrong announcement sets") },
    bi("戴帽子", "戴帽子 (hat)")));
  }
  if (mine.wins) marks.push(h("span", { class: "ab-mark" }, bi(`和 ${mine.wins} 回`, countOf(mine.wins, "win", "wins"))));
  // what 吃包子 is, on the mark (a play-tester saw 吃包子 6 and nothing saying what it was)
  if (mine.baozi) marks.push(h("span", { class: "ab-mark", title: bi(
    `吃包子 ${mine.baozi} 次：报子报错了，算盘按房间规则罚下来（戴帽子或归零）`,
    `吃包子 ${mine.baozi} × (a wrong announcement: the abacus is docked, by the room's rules)`) },
  bi(`吃包子 ${mine.baozi}`, `吃包子 (wrong) ×${mine.baozi}`)));
  if (bo.owed_seat === seat) marks.push(h("span", { class: "ab-mark gold" }, bi("报子中", "announcing")));
  return abacusBox(seat, mine.abacus, marks);
}

function numberMark(abacus) {
  return h("span", { class: "ab-number", "data-testid": "abacus-number" }, bi(`${abacus} 个钱`, `${abacus} 钱`));
}

function abacusBox(seat, abacus, marks) {
  return h("div", { class: "xs-abacus", "data-testid": "abacus", "data-seat": String(seat),
                    "data-negative": abacus < 0 ? "1" : "0" },
    abacusSvg(abacus), h("div", { class: "ab-marks" }, marks));
}

/** After 得一钵 (`bo.taken`, the deal over): the seat's 算盘 as the 钵 ended — the next
 * 钵's, every one at 0, read as the win lost (a play-test). */
function takenAbacus(bo, seat) {
  const taken = bo.taken;
  const abacus = taken.totals?.[seat];
  if (abacus === undefined) return null;
  const marks = [];
  if (!bo.training) marks.push(numberMark(abacus));
  if (taken.winner === seat) marks.push(h("span", { class: "ab-mark gold" }, bi("得一钵", "took the 钵")));
  return abacusBox(seat, abacus, marks);
}

/** The 钵's line for the centre: which 钵, its target, the training mode; after 得一钵,
 * the 钵 taken and by whom. */
export function boFacts(view, ctx) {
  const bo = view?.bo;
  if (!bo) return null;
  if (bo.taken) {
    const who = ctx?.name ? ctx.name(bo.taken.winner) : String(bo.taken.winner);
    return h("div", { class: "xs-bo", "data-testid": "bo" },
      bi(`第 ${bo.taken.number} 钵 · ${who} 和牌得一钵`, `钵 ${bo.taken.number} · ${who} took it`));
  }
  // a win takes it, not the abacus alone: "满 100 胡得一钵" beside a 111 with no 钵 misled
  const text = bi(`第 ${bo.number} 钵 · 和牌后算盘满 ${bo.target} 得一钵 · 每人最多和 ${bo.max_wins} 回`,
                  `钵 ${bo.number} · a win that brings the abacus to ${bo.target} takes it · at most ${countOf(bo.max_wins, "win", "wins")} each`);
  const training = bo.training ? bi(" · 报数练习：看珠子读数", " · 报数 training: read the beads") : "";
  return h("div", { class: "xs-bo", "data-testid": "bo" }, text + training);
}

/** The 报子 question for the viewer (never its answer), or null. */
export function owedPrompt(view) {
  const owed = view?.my_owed;
  if (!owed) return null;
  const cards = String(owed.card).repeat(owed.size);
  const jiang = view.jiang ? bi(`（将 ${view.jiang}）`, ` (将 ${view.jiang})`) : "";
  // no 提示 here (the practice is the question): said, as a player looked for it
  return bi(`报子：你的${owed.group} ${cards}${jiang}是几个钱？（练习：自己算，没有提示）`,
            `announce: how many 钱 is your ${owed.group} ${cards}${jiang}? (practice: no hint for this)`);
}

/** The log line of a 钵 event (`announced`, `abacus_win`). */
export function boEventText(ev, who) {
  if (ev.kind === "abacus_win") return winText(ev, who);
  const group = ev.card ? `${ev.group} ${ev.card}` : ev.group;
  if (ev.said === null || ev.said === undefined) {
    return bi(`${who} 没报 ${group}（不报子，不上算盘）`, `${who} did not announce the ${group}`);
  }
  if (ev.outcome === "baozi") {
    const right = ev.correct === null || ev.correct === undefined ? "" : bi(`，应报 ${ev.correct}`, `, it was ${ev.correct}`);
    return bi(`${who} 报 ${ev.said} 个钱（${group}）—— 报错了，吃包子${right}！`,
              `${who} announced ${ev.said} 钱 (${group}) — wrong: 吃包子${right}!`);
  }
  // a group that grew (哨 → 开召, 碰 → 鸡 …) adds only the difference to its earlier form's
  const earlier = ev.said - (ev.after - ev.before);
  if (earlier > 0) {
    return bi(`${who} 报 ${ev.said} 个钱（${group}，先前已上 ${earlier}）`,
              `${who} announced ${ev.said} 钱 (${group}; ${earlier} already on from before)`);
  }
  return bi(`${who} 报 ${ev.said} 个钱（${group}）`, `${who} announced ${ev.said} 钱 (${group})`);
}

/** The log line of a win on the abacus: its value, what this deal's 报子 already put on
 * (`ev.earlier`, under bo_win_add net) and the abacus before and after — 34 + 48 − 24 = 58. */
function winText(ev, who) {
  const earlier = ev.earlier ?? 0;
  const zh = earlier ? `（先前已上 ${earlier}）` : "";
  const en = earlier ? `, ${earlier} of it already on from before` : "";
  const line = bi(`${who} 和牌 ${ev.value}${zh}，上算盘：${ev.before} → ${ev.after}`,
                  `${who}'s win goes on the abacus (${ev.value}${en}): ${ev.before} → ${ev.after}`);
  return ev.debo ? line + bi("　得一钵！", " — 得一钵!") : line;
}

const ZH_DIGITS = "零一二三四五六七八九";

/** 二 for 2 (第二回), 十二 for 12; digits from 100 on. */
function zhCount(n) {
  if (!(n > 0 && n < 100)) return String(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  const head = tens === 0 ? "" : tens === 1 ? "十" : `${ZH_DIGITS[tens]}十`;
  return head + (ones || !tens ? ZH_DIGITS[ones] : "");
}

/** Why a wait cannot win now (the engine's `refused` of a `my_waits` entry): seed 004
 * §四 "第二回和牌时，算盘上的累加数，必须达到100胡油以上，否则不能和牌". In the 报数
 * training (`training`) without what the win would reach: that is the abacus's number,
 * which the learner reads from the beads. */
export function refusalText(refused, training = false) {
  if (refused.code === "max_wins") {
    return bi(`不能和：每钵最多和 ${refused.max_wins} 回`,
              `cannot win: at most ${countOf(refused.max_wins, "win", "wins")} in a 钵`);
  }
  const reaches = training ? ["", ""] : [`，这回只到 ${refused.reaches}`, `, this one reaches ${refused.reaches}`];
  return bi(`还不能和：第${zhCount(refused.win)}回和须满 ${refused.target}${reaches[0]}`,
            `cannot win yet: win ${refused.win} must reach ${refused.target}${reaches[1]}`);
}

/** The note a 钵福 wait carries when the 钵 does not let it win now ("" when it does):
 * for the way its value is shown (on a discard, else self-drawn). */
export function waitRefusal(w, training = false) {
  const onDiscard = w.score !== null && w.score !== undefined;
  const refused = onDiscard ? w.refused : w.refused_self_drawn;
  if (!refused) return "";
  const selfOk = onDiscard && w.score_self_drawn !== null && w.score_self_drawn !== undefined
    && !w.refused_self_drawn;
  return refusalText(refused, training) + (selfOk ? bi("（自摸可以和）", " (self-drawn it may)") : "");
}
