// 大小字 cards (秀山字牌): long narrow cards with the number written large at the top
// and again, smaller and upside down, at the bottom (a card reads from either end).
// 小字 一…十: a plain ivory face with a thin rule. 大字 壹…拾: a buff face inside a heavy
// double frame in the card's ink, a filled lozenge in the middle where the small card
// has an open ring — big and small tell apart at a glance, even as a thin stub on the
// table. Red ink for 二七十 / 贰柒拾, black for the others. Drawn here; nothing copied.

import { svg } from "../dom.js";
import { bi } from "../i18n.js";
import { BLACK, EDGE, IVORY, RED, cardRoot } from "./common.js";

const W = 40;
const H = 124;
const SMALL = [..."一二三四五六七八九十"];
const BIG = [..."壹贰叁肆伍陆柒捌玖拾"];
const ALIASES = { 弍: "贰", 参: "叁" };
const RED_RANKS = new Set([1, 6, 9]); // 二七十 / 贰柒拾
const BUFF = "#f3dca0";

/** The face of a 大小字 token: its character, size and ink (null: not a 大小字 card). */
export function daziFace(token) {
  const ch = ALIASES[token] ?? [...String(token ?? "")][0] ?? "";
  let rank = SMALL.indexOf(ch);
  const big = rank < 0;
  if (big) rank = BIG.indexOf(ch);
  if (rank < 0) return null;
  return { ch, rank, big, red: RED_RANKS.has(rank) };
}

function glyph(ch, y, colour, size, weight) {
  return svg("text", { x: W / 2, y, "text-anchor": "middle", "dominant-baseline": "central",
                       "font-size": size, "font-weight": weight, fill: colour,
                       class: "card-name" }, ch);
}

function smallBody(ink) {
  return [
    svg("rect", { x: 0.75, y: 0.75, width: W - 1.5, height: H - 1.5, rx: 4.5, fill: IVORY,
                  stroke: EDGE, "stroke-width": 1.5 }),
    svg("rect", { x: 3.5, y: 3.5, width: W - 7, height: H - 7, rx: 3, fill: "none",
                  stroke: ink, "stroke-width": 0.6, opacity: 0.45 }),
    svg("circle", { cx: W / 2, cy: H / 2, r: 4.2, fill: "none", stroke: ink,
                    "stroke-width": 1.1, opacity: 0.7 }),
  ];
}

function bigBody(ink) {
  const cx = W / 2, cy = H / 2;
  return [
    svg("rect", { x: 0.75, y: 0.75, width: W - 1.5, height: H - 1.5, rx: 4.5, fill: BUFF,
                  stroke: EDGE, "stroke-width": 1.5 }),
    svg("rect", { x: 3, y: 3, width: W - 6, height: H - 6, rx: 3, fill: "none",
                  stroke: ink, "stroke-width": 2.4 }),
    svg("rect", { x: 6, y: 6, width: W - 12, height: H - 12, rx: 2, fill: "none",
                  stroke: ink, "stroke-width": 0.8 }),
    svg("path", { d: `M${cx} ${cy - 7} L${cx + 5} ${cy} L${cx} ${cy + 7} L${cx - 5} ${cy} Z`,
                  fill: ink, opacity: 0.85 }),
  ];
}

/** One 大小字 card; an unknown token is drawn as its text on a small face. */
export function daziCard(token, opts = {}) {
  const face = daziFace(token);
  if (!face) {
    return cardRoot(W, H, { ...opts, label: String(token) }, ...smallBody(BLACK),
      glyph(String(token), 30, BLACK, 20, 700));
  }
  const ink = face.red ? RED : BLACK;
  const size = face.big ? "大" : "小";
  // what a screen reader says, in the page's language (English read 一（小）)
  const label = bi(`${face.ch}（${size}${face.red ? "·红" : ""}）`,
    `${face.ch} (${face.big ? "big" : "small"} ${face.rank + 1}${face.red ? ", red" : ""})`);  // (the number: 七 said nothing to an English reader)
  return cardRoot(W, H, { ...opts, label,
                          cls: `${opts.cls ?? ""} dazi ${face.big ? "dazi-big" : "dazi-small"}` },
    ...(face.big ? bigBody(ink) : smallBody(ink)),
    glyph(face.ch, 30, ink, face.big ? 27 : 29, face.big ? 900 : 700),
    svg("g", { transform: `rotate(180 ${W / 2} ${H / 2})` },
      glyph(face.ch, 27, ink, 17, face.big ? 900 : 700)));
}

export const DAZI_RATIO = W / H;
export const DAZI_SIZE = { w: W, h: H };
