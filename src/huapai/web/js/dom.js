// Tiny DOM helpers: build HTML and SVG elements declaratively, no framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Apply attributes: `class`, `style` (object or text), `on<event>` handlers, the rest as
 * attributes (`true` → present, `false`/`null`/`undefined` → absent). */
function applyAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      listen(el, key.slice(2).toLowerCase(), value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(el.style, value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "value" && "value" in el) {
      el.value = value;
    } else if (key === "checked" || key === "disabled" || key === "selected") {
      el[key] = Boolean(value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

/** Handlers go through one listener per event type that calls `el._on[type]`, so that
 * `morph` can hand an element that stays the handlers of the one it stands for. */
function listen(el, type, fn) {
  el._on ??= {};
  if (!(type in el._on)) el.addEventListener(type, (e) => el._on[type]?.(e));
  el._on[type] = fn;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onClick: fn}, "text", child, [more]). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  return append(el, children);
}

/** An SVG element, same calling convention as `h`. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(key, String(value));
  }
  return append(el, children);
}

/** Replace every child of `el` with `children`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Make `el`'s children what `children` would be, keeping every node that stays (the same
 * kind of node at the same place, or the row with the same `data-key` wherever it moved)
 * and changing only its attributes, state, handlers and
 * text. A re-render then leaves the button under the pointer in place: a press that a
 * message re-renders the page in the middle of (mouse down, then up) still clicks. */
export function morph(el, ...children) {
  // never inside itself: a morph that takes away a focused field blurs it, its change
  // handler draws again, and the outer morph went on over children already changed (a
  // lobby field typed in, then 恢复默认 pressed: "The node to be removed is no longer a
  // child"). The inner call's children, the newer, are put in when the outer is done.
  if (morphing.has(el)) {
    morphing.set(el, children);
    return el;
  }
  morphing.set(el, children);
  try {
    for (let next = children; next; next = morphing.get(el)) {
      morphing.set(el, null);
      morphChildren(el, append(document.createElement("div"), next));
    }
  } finally {
    morphing.delete(el);
  }
  return el;
}

const morphing = new WeakMap();  // element → children still to put in (null: none)

const STATE = ["value", "checked", "disabled", "selected"];

function morphChildren(old, next) {
  const wanted = [...next.childNodes];
  const keyed = new Map([...old.children].filter(keyOf).map((el) => [keyOf(el), el]));
  wanted.forEach((node, i) => {
    let have = old.childNodes[i];
    const key = keyOf(node);
    const mine = key && keyed.get(key);
    keyed.delete(key);
    if (mine && mine !== have) have = old.insertBefore(mine, have ?? null);
    if (!have) old.append(node);
    else if (!mine && keyOf(have) && keyed.has(keyOf(have))) old.insertBefore(node, have);
    else if (!sameKind(have, node)) have.replaceWith(node);
    else if (node.nodeType === Node.ELEMENT_NODE) morphElement(have, node);
    else if (have.nodeValue !== node.nodeValue) have.nodeValue = node.nodeValue;
  });
  while (old.childNodes.length > wanted.length) old.lastChild.remove();
}

/** A list's rows carry `data-key` (a room's id …): a row keeps its node wherever the list
 * moves it (a new room listed first does not rebuild every row below it). */
function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

/** What makes an element the same control: a node whose target changed (another seat,
 * action, request or link) is replaced, never turned into another button under the pointer. */
const IDENTITY = ["data-testid", "data-action", "data-path", "data-method", "data-seat", "data-room", "data-key",
  "href"];

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName || a.namespaceURI !== b.namespaceURI) return false;
  return a.nodeType !== Node.ELEMENT_NODE || IDENTITY.every((k) => a.getAttribute(k) === b.getAttribute(k));
}

function morphElement(old, next) {
  for (const { name } of [...old.attributes]) {
    if (!next.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of [...next.attributes]) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  for (const type of Object.keys(old._on ?? {})) {
    if (!(type in (next._on ?? {}))) old._on[type] = undefined;
  }
  for (const [type, fn] of Object.entries(next._on ?? {})) listen(old, type, fn);
  morphChildren(old, next);
  for (const key of STATE) {
    if (key === "value" && old === document.activeElement) continue; // being typed in
    if (key in next && old[key] !== next[key]) old[key] = next[key];
  }
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** The layouts phone.css draws (its media queries, once): a phone held upright, and a
 * screen on its side (a phone sideways, a desktop at 200 % zoom). */
export const PHONE = window.matchMedia("(max-width: 700px) and (orientation: portrait), (max-width: 700px) and (min-height: 501px)");
export const SIDEWAYS = window.matchMedia("(orientation: landscape) and (max-height: 500px)");

/** A phone or tablet: the main pointer is a finger (no right-click, no hover). */
export function touchScreen() {
  return window.matchMedia?.("(pointer: coarse)").matches ?? false;
}
