// Keyboard players keep their place. Every action redraws the table (a pressed button is
// disabled while the server answers, a played card leaves the hand, the settlement opens
// over it), and the focus fell back to the page: getting back to 提示 took 13–38 Tabs.
// While the player uses the keyboard, a table whose focus was lost puts it back — on the
// same control if it is still there, else on 提示, the first word or the first card.

const KEYS = new Set(["Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Escape"]);
let keyboard = false;
document.addEventListener("keydown", (e) => { if (KEYS.has(e.key)) keyboard = true; }, true);
document.addEventListener("pointerdown", () => { keyboard = false; }, true);

/** Whether the player is using the keyboard now (the last input was a key, not a pointer). */
export function usingKeys() {
  return keyboard;
}

const FALLBACKS = ["[data-testid=hint]:not([disabled])", ".btn.word:not([disabled])", ".hand-card"];

export class FocusKeeper {
  /** `root`: the element whose controls keep the focus. */
  constructor(root) {
    this.root = root;
    this.last = null;
    root.addEventListener("focusin", (e) => { this.last = selectorOf(e.target); });
  }

  /** After a redraw: the focus back in the table when the page has lost it — on the
   * control it was on, else the first of FALLBACKS (a table just opened by 开始, whose
   * button went with the waiting room, takes it so: it fell to the document). */
  restore() {
    if (this.root.isConnected) refocus(this.root, this.last ? [this.last, ...FALLBACKS] : FALLBACKS);
  }
}

/** Focus goes to the settlement when it opens over the table (its first button), for a
 * keyboard player: its buttons came after the 25 cards of the hand behind it. */
export function focusFirst(container) {
  if (!keyboard) return;
  const active = document.activeElement;
  if (active && active !== document.body && container.contains(active)) return;
  container.querySelector("button:not([disabled]), a[href]")?.focus({ preventScroll: true });
}

/** After a page change made from the keyboard (Enter on 开房间, 回放, a room's link): the
 * focus at the new page's start, `main`, when the control pressed went with the old page
 * — it fell to the document, and the next Tab began again at the header. */
export function focusPage(main) {
  if (focusLost()) main.focus({ preventScroll: true });
}

/** Whether a keyboard player's focus fell to the document (the control it was on went
 * with a redraw), not somewhere else on purpose (a dialog, another field). */
function focusLost() {
  const active = document.activeElement;
  return keyboard && (!active || active === document.body || !active.isConnected);
}

/** After a redraw that took away the control a keyboard player pressed (空位都补机器人
 * once the seats are full, an answered word at the table): the first enabled one of
 * `selectors` found in `box` takes the focus — it fell to the document, and the next Tab
 * began again at the header (a play-test). Not where it went on purpose (a dialog). */
export function refocus(box, selectors) {
  if (!focusLost()) return;
  for (const selector of selectors) {
    const el = box.querySelector(selector);
    if (el && !el.disabled) {
      el.focus({ preventScroll: true });
      return;
    }
  }
}

function selectorOf(el) {
  if (!(el instanceof HTMLElement)) return null;
  if (el.dataset.key) return `[data-key="${CSS.escape(el.dataset.key)}"]`;
  if (el.dataset.id) return `.hand-card[data-id="${CSS.escape(el.dataset.id)}"]`;
  if (el.dataset.testid) return `[data-testid="${CSS.escape(el.dataset.testid)}"]`;
  return null;
}

/** Per box, the control a redraw could not find yet, for the redraw that brings it. */
const awaited = new WeakMap();

/** Redraw `box` with `draw` keeping the focused control focused (found again by its name
 * or test id): the lobby's form is rebuilt when a game or 玩法 is picked, and an arrow key
 * on the focused select changed the value and lost the focus. A control not drawn yet (the
 * form waits for the new game's options) is focused by the redraw that brings it. */
export function keepingFocus(box, draw) {
  const active = document.activeElement;
  const selector = active && box.contains(active) ? fieldSelector(active) : awaited.get(box);
  draw();
  awaited.delete(box);
  if (!selector || box.contains(document.activeElement)) return;
  const again = box.querySelector(selector);
  if (again) again.focus({ preventScroll: true });
  else if (!document.activeElement || document.activeElement === document.body) awaited.set(box, selector);
}

function fieldSelector(el) {
  if (!(el instanceof HTMLElement)) return null;
  const name = el.getAttribute("name");
  if (name) return `${el.tagName.toLowerCase()}[name="${CSS.escape(name)}"]`;
  return selectorOf(el);
}
