// What a screen reader hears at the table (the table's polite live region, `liveBox`), and
// where a keyboard player's focus goes when a turn asks only words — a blind player's
// play-test: 提示 said nothing, a turn whose question changed was not said again, 托管's
// answers were read as my turn, and a claim window left the focus on a dead card.

import { bi, t } from "./i18n.js";
import { usingKeys } from "./focus.js";

/** This state's log lines (this seat's own view of them), 托管 switched on or off, then —
 * my turn come, or its question changed — the prompt. */
export function announce(table, events, wasMyTurn) {
  const { data, renderer } = table;
  const ctx = table.ctx();
  const said = events.map((ev) => renderer.eventText(ev, ctx, data.view)).filter(Boolean);
  const onTuoguan = (data.tuoguan ?? []).includes(data.me);
  if (onTuoguan !== (table.spokenTuoguan ?? false)) said.push(t(onTuoguan ? "tuoguan_on" : "tuoguan_off_said"));
  table.spokenTuoguan = onTuoguan;
  // said again when its question changes (a claim window passed, then the draw: "你 摸到
  // 千" alone was said, not that a discard was asked); not the house bot's answers on 托管
  // …and when it comes again after a move of mine (a trick won and my lead again, a 紮
  // then the discard: the bots' answers came in the same state, so the turn never seemed
  // to end — an English screen-reader play-test)
  const prompt = table.myTurn() && !onTuoguan ? renderer.prompt(data.view, ctx) ?? "" : null;
  const moved = events.some((ev) => ev.seat === data.me);
  if (prompt !== null && (!wasMyTurn || moved || prompt !== table.spokenPrompt)) {
    said.push(`${t("your_turn")}${bi("：", ": ")}${prompt}`);
  }
  table.spokenPrompt = prompt;
  if (said.length) say(table, said.slice(-4).join(bi("；", "; ")));
}

/** `text` said by a screen reader (not twice within a moment: 提示's cards selected say
 * the prompt, and so does 提示 itself). */
export function say(table, text) {
  const now = performance.now();
  if (text === table.liveBox.textContent && now - (table.saidAt ?? 0) < 500) return;
  table.liveBox.textContent = text;
  table.saidAt = now;
}

/** The bar's prompt said aloud, without my clock's seconds (提示's pick was only shown). */
export function sayPrompt(table) {
  const prompt = table.bar.querySelector("[data-testid=prompt]");
  const text = prompt ? [...prompt.childNodes].filter((n) => !n.classList?.contains("my-clock"))
    .map((n) => n.textContent).join("") : "";
  if (text) say(table, text);
}

/** A new turn found a keyboard player's focus on a card that cannot be played: it goes
 * to the first card that can, or where only words are asked (a claim window, 请统) to the
 * first word (过 / 对 / 招 lay 3–4 Shift-Tabs back; a 掀牛 follower heard a dead card). */
export function focusTheQuestion(table) {
  const active = document.activeElement;
  if (!usingKeys() || !table.hand.el.contains(active) || active.getAttribute("aria-disabled") !== "true") return;
  const target = table.actions().plays.length
    ? table.hand.el.querySelector(".hand-card[aria-disabled=false]")
    : table.bar.querySelector(".btn.word:not([disabled]), .word-pick-select");
  target?.focus({ preventScroll: true });
}

/** A selection made from the keyboard said: whether it is a play (可以出：K K K) or not. */
export function saySelection(table) {
  if (usingKeys() && table.data && table.myTurn()) sayPrompt(table);  // (a new deal clears the hand before its view is in)
}
