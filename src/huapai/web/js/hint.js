// 提示 (hint) on the table: what 托管 would play here, asked of the server (`advise`,
// answered by `advice` to this connection only), then the other choices one by one.

import { sayPrompt } from "./speech.js";

/** 提示: first what 托管 would play here (the server's house bot, from this seat's view:
 * its cards selected, or its word marked); pressed again, the legal plays one by one. */
export function nextHint(table) {
  const counter = table.data.counter;
  if (table.opts.onHint && table.advice?.counter !== counter) {
    table.advice = { counter, action: null };
    table.opts.onHint();
    return;
  }
  const { plays, words } = table.actions();
  if (!plays.length) return nextWord(table, words);
  if (table.advice) table.advice.action = null;  // going through the plays: no word stays marked
  table.hintIndex = (table.hintIndex + 1) % plays.length;
  const ids = table.hand.idsFor(plays[table.hintIndex].cards);
  if (ids) table.hand.select(ids);
  table.refreshBar();
  sayPrompt(table);
}

/** 提示 pressed again where only words are offered (a claim window: 碰 / 过): the mark
 * goes on to the next word, said as one of the choices, not as what 托管 would do. */
function nextWord(table, words) {
  if (!table.advice || words.length < 2) return;
  const at = words.findIndex((w) => w.id === table.advice.action);
  const action = words[(at + 1) % words.length].id;
  table.advice = { ...table.advice, action, cycled: action !== table.advice.house };
  table.refreshBar();
  sayPrompt(table);
}

/** The server's 提示 for this seat (`advice`): shown if it is for the view on screen. */
export function advised(table, msg) {
  if (!table.data || msg.counter !== table.data.counter) return;
  table.advice = { counter: msg.counter, action: msg.action, house: msg.action };
  const { plays } = table.actions();
  const at = plays.findIndex((p) => p.id === msg.action);
  const ids = at >= 0 ? table.hand.idsFor(plays[at].cards) : null;
  if (ids) {
    table.hintIndex = at;
    table.hand.select(ids);
  } else {
    table.refreshBar();
  }
  sayPrompt(table);  // it was only shown (a screen-reader play-test)
}

/** The word (过, 碰, 掀 …) the 提示 marked for the view on screen, if any. */
export function advisedWord(table, words) {
  if (table.advice?.counter !== table.data?.counter) return null;
  return words.find((w) => w.id === table.advice.action) ?? null;
}
