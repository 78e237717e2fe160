// 快捷语 (quick phrases), as the regional apps have them: a seated player's bubble button opens
// a fixed list (no free text), a phrase is sent by its key and said to everyone watching
// the room, and shows as a bubble over the seat that said it. The texts come from the
// server's `welcome` ({key, zh, en}); each reader mutes the others' phrases for themself.

import { h, svg } from "./dom.js";
import { bi, t } from "./i18n.js";
import { say } from "./speech.js";

const MUTE_KEY = "huapai.mutePhrases";
const PHRASE_MS = 4000;  // a phrase stays longer than a move's bubble: it is read, not glanced at

/** Whether this reader hides the other seats' phrases (their own still show). */
export function muted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

function setMuted(on) {
  try {
    localStorage.setItem(MUTE_KEY, on ? "1" : "0");
  } catch {
    // storage disabled: the choice lasts until the page closes, as the checkbox shows it
  }
}

/** A phrase's text in the page's language (null for a key the server did not list). */
export function phraseText(phrases, key) {
  const found = phrases.find((p) => p.key === key);
  return found ? bi(found.zh, found.en) : null;
}

/** The 💬 button and its menu, for a seated player at a live table (null otherwise). */
export function phraseMenu(table) {
  const phrases = table.opts.phrases?.() ?? [];
  if (!phrases.length || !table.opts.onSay || typeof table.data?.me !== "number") return null;
  const sayIt = (key) => {
    table.opts.onSay(key);
    table.phrasesOpen = false;
    table.render();
  };
  return h("details", {
    class: "phrases", open: Boolean(table.phrasesOpen), "data-key": "phrases",
    onToggle: (e) => { table.phrasesOpen = e.target.open; },
    onKeydown: (e) => {
      if (e.key !== "Escape") return;
      table.phrasesOpen = false;
      table.render();
    },
  },
  h("summary", { class: "btn ghost small", "data-testid": "phrases", title: t("phrases_tip"),
                 "aria-label": t("phrases") }, bubbleIcon()),
  h("div", { class: "phrase-menu" },
    ...phrases.map((p) => h("button", {
      class: "btn small phrase", "data-testid": "phrase", "data-phrase": p.key, onClick: () => sayIt(p.key),
    }, bi(p.zh, p.en))),
    h("label", { class: "check mute" },
      h("input", { type: "checkbox", checked: muted(), "data-testid": "mute-phrases",
                   onChange: (e) => setMuted(e.target.checked) }),
      t("mute_phrases"))));
}

/** A speech bubble (drawn: an emoji font may be missing, and a box said nothing). */
function bubbleIcon() {
  return svg("svg", { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" },
    svg("path", { d: "M4 5h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
                  fill: "currentColor" }),
    svg("circle", { cx: 8, cy: 11, r: 1.3, fill: "#7d1f24" }),
    svg("circle", { cx: 12, cy: 11, r: 1.3, fill: "#7d1f24" }),
    svg("circle", { cx: 16, cy: 11, r: 1.3, fill: "#7d1f24" }));
}

/** A phrase said at the table (`said`): its bubble over the seat, and said to a screen
 * reader — unless this reader muted the others' phrases. */
export function heard(table, message, phrases) {
  const text = phraseText(phrases, message.phrase);
  if (!text || !table.data || (muted() && message.seat !== table.data.me)) return;
  table.bubble({ seat: message.seat, text, cls: "say" }, PHRASE_MS);
  table.render();
  say(table, `${table.ctx().name(message.seat)}${bi("：", ": ")}${text}`);
}
