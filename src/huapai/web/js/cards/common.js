// Shared card pieces: sizes, the card back, and a plain text card for unknown decks.

import { svg } from "../dom.js";

export const IVORY = "#fbf5e6";
export const EDGE = "#8a6a43";
export const RED = "#c0262d";
export const BLACK = "#1d1b19";

/** The <svg> root of a card: `w`×`h` user units drawn at `height` pixels. */
export function cardRoot(w, h, opts = {}, ...children) {
  const height = opts.height ?? 150;
  const width = Math.round((height * w) / h);
  return svg("svg", {
    viewBox: `0 0 ${w} ${h}`, width, height, class: `card-svg ${opts.cls ?? ""}`,
    role: "img", "aria-label": opts.label ?? "",
  }, ...children);
}

export function cardBody(w, h, fill = IVORY) {
  return [
    svg("rect", { x: 0.75, y: 0.75, width: w - 1.5, height: h - 1.5, rx: 5, fill, stroke: EDGE,
                  "stroke-width": 1.5 }),
    svg("rect", { x: 3, y: 3, width: w - 6, height: h - 6, rx: 3.5, fill: "none",
                  stroke: "#d6c39b", "stroke-width": 0.8 }),
  ];
}

/** A face-down card in the house pattern (used for other seats' hands). */
export function cardBack(w, h, opts = {}) {
  const id = `bk${w}x${h}`;
  return cardRoot(w, h, { ...opts, label: "?" },
    svg("defs", {},
      svg("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse",
                       patternTransform: "rotate(45)" },
        svg("rect", { width: 8, height: 8, fill: "#7d1f24" }),
        svg("rect", { width: 4, height: 8, fill: "#8f2a2f" }))),
    svg("rect", { x: 0.75, y: 0.75, width: w - 1.5, height: h - 1.5, rx: 5, fill: `url(#${id})`,
                  stroke: "#f1d9a6", "stroke-width": 1.5 }),
    svg("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 3, fill: "none",
                  stroke: "#e9c77c", "stroke-width": 1 }));
}

/** A card that only shows its text (the generic renderer's card). */
export function textCard(token, opts = {}) {
  const w = 46, h = 120;
  const chars = [...token];
  const size = chars.length > 2 ? 13 : 20;
  return cardRoot(w, h, { ...opts, label: token }, ...cardBody(w, h),
    svg("text", { x: w / 2, y: h / 2, "text-anchor": "middle", "dominant-baseline": "middle",
                  "font-size": size, "font-weight": 700, fill: BLACK, class: "card-text" }, token));
}

/** A small robot face for bot seats (no emoji font needed). */
export function botIcon(size = 22) {
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, "aria-hidden": "true" },
    svg("line", { x1: 12, y1: 2.5, x2: 12, y2: 6, stroke: "#fff", "stroke-width": 1.6 }),
    svg("circle", { cx: 12, cy: 2.5, r: 1.6, fill: "#ffd54f" }),
    svg("rect", { x: 4, y: 6, width: 16, height: 13, rx: 4, fill: "#fff" }),
    svg("circle", { cx: 9, cy: 12, r: 2, fill: "#37474f" }),
    svg("circle", { cx: 15, cy: 12, r: 2, fill: "#37474f" }),
    svg("rect", { x: 9, y: 15.5, width: 6, height: 1.5, rx: 0.75, fill: "#37474f" }),
    svg("rect", { x: 1.5, y: 10, width: 2.5, height: 5, rx: 1, fill: "#fff" }),
    svg("rect", { x: 20, y: 10, width: 2.5, height: 5, rx: 1, fill: "#fff" }));
}
