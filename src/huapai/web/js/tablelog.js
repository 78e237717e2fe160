// The table's 牌局记录: each event's line as this seat may read it (the renderer's words),
// a claim of mine beaten by another seat's as a line of its own, runs of one line folded
// (×7), and the log kept across a reload of the page (sessionStorage, per tab and deal).

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";

const LOG_MAX = 200;

/** Consecutive equal lines as one, with how many ([text, n, step]): 紧牌's face-down
 * discards said "机器人乙 弃了一张牌" seven times in a row (the terminal folds them too) — in
 * a replay only within one step, so that every step keeps its numbered line. */
function runs(lines) {
  const out = [];
  for (const [text, step] of lines) {
    const last = out[out.length - 1];
    if (last && last[0] === text && last[2] === step) last[1] += 1;
    else out.push([text, 1, step]);
  }
  return out;
}

/** A log line: a replay's lines are numbered by their step (手) — the slider's 已走 N 手
 * and the 复盘分析's 第 N 手 — the step's first line alone, the others (passes, the trick
 * won) and the deal's opening lines unnumbered; a live table's count one by one (the
 * numbers were the lines', so the review's 第 44 手 was the log's 36th: a play-test). */
function logLine([text, n, step], i, lines) {
  const line = n > 1 ? `${text} ×${n}` : text;
  if (step === undefined) return h("li", {}, line);
  const first = typeof step === "number" && step > 0 && lines[i - 1]?.[2] !== step;
  return h("li", first ? { value: step, "data-step": step } : { class: "cont" }, line);
}

/** The game log survives a reload of the page (sessionStorage, per tab and deal). */
function keepLog(dealKey, log) {
  try {
    sessionStorage.setItem(`huapai.log.${dealKey}`, JSON.stringify(log));
  } catch {
    // storage full or disabled: the log simply starts afresh after a reload
  }
}

/** The log kept for this deal by an earlier load of the page ([] if none). */
export function keptLog(dealKey) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(`huapai.log.${dealKey}`) ?? "[]");
    return Array.isArray(kept)
      ? kept.filter((e) => typeof e?.text === "string" || (e?.ev && typeof e.ev === "object")) : [];
  } catch {
    return [];
  }
}

/** `events`' lines added to `table`'s log (the newest LOG_MAX kept, and stored). A move
 * 托管 made reads （托管）: the server marks its event (`"tuoguan": true`, live and in the
 * history a reload brings) — a move made by 托管 read as the player's own (a play-test). */
export function addLog(table, events) {
  const ctx = table.ctx();
  for (const ev of events) {
    if (table.renderer.eventText(ev, ctx, table.data.view)) table.log.push({ ev, seat: ev.seat, tg: markOf(ev) });
    const lost = lostClaim(table, ev, table.data.me);
    const said = lost && table.renderer.eventText(lost, ctx, table.data.view);
    if (said) table.log.push({ ev: lost, seat: lost.seat });
    // and said where it is seen: on a phone the log is folded away (a play-test)
    if (said && !table.opts.readOnly) toast(said, "info", 6000);
  }
  table.log = table.log.slice(-LOG_MAX);
  if (!table.opts.readOnly && table.data?.dealKey) keepLog(table.data.dealKey, table.log);
}

/** My claim in a window that another seat's claim beat, as a line of its own
 * (`claim_lost`): the log said only 你 答：对, then 乙 对 化化化 (a claim-race play-test);
 * null for any other event. Remembers my last claim (not 过) until the card is taken. */
export function lostClaim(table, ev, me) {
  if (typeof me !== "number") return null;
  if (ev.kind === "answered" && ev.seat === me) {
    table.myClaim = ev.answer && ev.answer !== "过" ? ev.answer : null;
    return null;
  }
  const taken = ev.kind === "claimed" || (ev.kind === "won" && typeof ev.from_seat === "number")
    || (ev.kind === "laid" && typeof ev.from_seat === "number");
  if (!table.myClaim || !(taken || ev.kind === "discarded" || ev.kind === "drew")) return null;
  const mine = table.myClaim;
  table.myClaim = null;
  return taken && ev.seat !== me ? { kind: "claim_lost", seat: me, answer: mine, by: ev.seat } : null;
}

/** How an event's move was made for its player, as the server marks it: "deadline" (答话限时
 * answered), true (托管 or a clock run out: the house bot), or false (the player). */
export function markOf(ev) {
  return ev?.deadline === true ? "deadline" : ev?.tuoguan === true;
}

/** A log line, marked （托管） when the house bot made it for a player (`tg` true), （限时代答）
 * when 答话限时 answered for them ("deadline": it read as 托管, which never came on). */
export function byTuoguan(text, tg) {
  if (!text || !tg) return text;
  return `${text}${t(tg === "deadline" ? "log_deadline" : "log_tuoguan")}`;
}

/** The log's list drawn again, its newest line in view. */
export function renderLog(table) {
  const ctx = table.ctx();
  const lines = table.log.map((e) => [byTuoguan(e.ev ? table.renderer.eventText(e.ev, ctx, table.data.view) : e.text, e.tg), e.step]);
  replace(table.logList, runs(lines.filter(([text]) => text)).map(logLine));
  table.logList.scrollTop = table.logList.scrollHeight;
  table.logBox.scrollTop = table.logBox.scrollHeight;
}
