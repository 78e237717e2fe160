// Toasts and dialogs.

import { h } from "./dom.js";
import { onLangChange, t } from "./i18n.js";

let toastBox = null;
let dialogs = 0;  // for each dialog's title id
const saying = new Map();  // a toast on screen → how it is said (re-said when the language changes)

onLangChange(() => {
  for (const [item, say] of saying) item.textContent = say();
});

/** A short message at the top of the screen; `kind` is "info", "error" or "ok". `text`
 * may be a function that says it in the language of the moment (a switch while it shows
 * re-says it). A toast belongs to the page it was made on: going to another page takes it
 * away (dropToasts) — unless `carry`, for one that is about the going (an invitation's
 * code refused, and the lobby shown instead), which stays over the next page. */
export function toast(text, kind = "info", ms = 4200, { carry = false } = {}) {
  toastArea();
  const say = typeof text === "function" ? text : () => text;
  const item = h("div", { class: `toast ${kind}` }, say());
  if (carry) item.dataset.carry = "1";
  saying.set(item, say);
  setTimeout(() => saying.delete(item), ms + 400);
  toastBox.append(item);
  setTimeout(() => item.classList.add("leaving"), ms);
  setTimeout(() => item.remove(), ms + 400);
  return item;
}

/** The toasts' live region, there (empty) from the page's start: a screen reader often
 * says nothing of a live region that arrives with its first message in it. */
export function toastArea() {
  toastBox ??= h("div", { class: "toasts", role: "status", "aria-live": "polite" });
  if (!toastBox.isConnected && document.body) document.body.append(toastBox);
  return toastBox;
}

/** A new page: the toasts of the one before go (a 房间码不对 stayed over the room opened
 * next); a carried one stays this once. */
export function dropToasts() {
  for (const item of toastBox?.querySelectorAll(".toast") ?? []) {
    if (item.dataset.carry) delete item.dataset.carry;
    else {
      saying.delete(item);
      item.remove();
    }
  }
}

/** A modal dialog; resolves with what `body` passes to `done`, or null when cancelled
 * (`wide`: for reading, as the 玩法说明). */
export function dialog(title, build, { cancellable = true, wide = false } = {}) {
  return new Promise((resolve) => {
    const before = document.activeElement;
    const close = (value) => {
      OPEN.delete(close);
      backdrop.remove();
      if (before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
      resolve(value);
    };
    // named by its title (the nickname and 玩法说明 dialogs had no name to a screen reader)
    const id = `dialog-title-${++dialogs}`;
    const box = h("div", { class: wide ? "dialog wide" : "dialog", role: "dialog", "aria-modal": "true",
                           "aria-labelledby": id },
      h("h2", { id }, title), build(close));
    const backdrop = h("div", { class: "backdrop", onClick: (e) => {
      if (cancellable && e.target === backdrop) close(null);
    }, onKeydown: (e) => keepInside(e, box, cancellable ? () => close(null) : null) }, box);
    document.body.append(backdrop);
    if (cancellable) OPEN.add(close);
    box.querySelector("input, button")?.focus();
  });
}

/** The cancellable dialogs open now, each by its close. */
const OPEN = new Set();

/** Close (as cancelled) every dialog a page opened: going to another page left a replay's
 * 本局规则 over the room opened next, blocking 坐这里 and naming rules not the room's (a
 * club-night play-test). A dialog that must be answered (the first nickname) stays. */
export function closeDialogs() {
  for (const close of [...OPEN]) close(null);
}

/** A yes/no question: whether the player pressed `yes` (cancel, Escape or a click outside: no).
 * Its buttons' test ids are `${testid}-cancel` and `${testid}-confirm`; `kind` styles the
 * yes (`hot` for what cannot be undone). */
export async function confirmDialog(title, text, yes, testid, kind = "primary") {
  const answer = await dialog(title, (close) => h("div", {},
    h("p", {}, text),
    h("div", { class: "dialog-buttons" },
      h("button", { class: "btn", "data-testid": `${testid}-cancel`, onClick: () => close(false) }, t("cancel")),
      h("button", { class: `btn ${kind}`, "data-testid": `${testid}-confirm`, onClick: () => close(true) }, yes))));
  return answer === true;
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex]:not([tabindex='-1'])";

/** A dialog keeps the keyboard inside it: Tab goes round its own controls (it walked out
 * to the page behind, and Enter there opened another dialog or made a room), and Escape
 * closes it where a click outside would (the settlement's keys too: room.js). */
export function keepInside(e, box, cancel) {
  if (e.key === "Escape" && cancel) {
    e.preventDefault();
    cancel();
    return;
  }
  if (e.key !== "Tab") return;
  const all = [...box.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  if (!all.length) return;
  const first = all[0], last = all[all.length - 1];
  const inside = box.contains(document.activeElement);
  if (e.shiftKey && (document.activeElement === first || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}

/** What askNickname resolves to when its language button was pressed (`typed`: the name
 * as far as it was typed): the caller switches the language and asks again. */
export class LanguageSwitch {
  constructor(typed) {
    this.typed = typed;
  }
}

/** Ask for a nickname; `submit(name)` resolves, or throws an error whose message is shown.
 * `confirm`: the submit button's word (进入 by default); `language`: offer the language
 * switch too (the first visit, whose backdrop covers the header's). */
export function askNickname({ title, text, initial = "", submit, cancellable = false,
                              confirm = t("enter"), language = false }) {
  return dialog(title, (close) => {
    const input = h("input", { name: "nickname", maxlength: 24, value: initial,
                               placeholder: t("nickname_ph"), autocomplete: "nickname" });
    const error = h("div", { class: "form-error", role: "alert" });  // said as it shows
    const form = h("form", { class: "nick-form", onSubmit: async (e) => {
      e.preventDefault();
      error.textContent = "";
      try {
        close(await submit(input.value.trim()));
      } catch (err) {
        error.textContent = err.message;
      }
    } },
      text ? h("p", {}, text) : null,
      h("label", {}, t("nickname"), input),
      h("div", { class: "muted small", "data-testid": "nickname-limit" }, t("nickname_limit")),
      error,
      h("div", { class: "dialog-buttons" },
        language ? h("button", { type: "button", class: "btn ghost", "data-testid": "dialog-lang",
                                 onClick: () => close(new LanguageSwitch(input.value)) }, t("lang_switch")) : null,
        cancellable ? h("button", { type: "button", class: "btn", onClick: () => close(null) }, t("cancel")) : null,
        h("button", { type: "submit", class: "btn primary" }, confirm)));
    return form;
  }, { cancellable });
}
