// 上大人 character cards (双别杆 / 赖子花牌): the 汉字 in red or black at both ends, a
// flower for the 花 cards (乙 三 五 七 九 have two each), and the 赖 joker in gold. A 精
// (which faces are 精 is the deal's reading: the caller says, `opts.jing`) has a gold
// frame, a gold band down its left edge and a small 精 seal in its top corner, so it
// reads as 精 from a hand's visible strip or a discard's cropped stub as well.
// Tokens are the engine's notation: a character, "*" after a flowered one, "赖".

import { svg } from "../dom.js";
import { bi } from "../i18n.js";
import { BLACK, RED, cardBody, cardRoot } from "./common.js";

const W = 46;
const H = 150;
const RED_CHARS = new Set([..."上大人可知礼三五七"]);
const JOKER = "赖";
const GOLD = "#c8961e";
/** Each 字's reading, and a number's value, for an English screen reader (a bare 上 could
 * not be voiced by an English speech engine: a play-test). */
const READING = {
  上: "shang", 大: "da", 人: "ren", 孔: "kong", 乙: "yi", 己: "ji", 可: "ke", 知: "zhi", 礼: "li",
  化: "hua", 三: "san, 3", 千: "qian, 1000", 七: "qi, 7", 十: "shi, 10", 士: "shi", 八: "ba, 8",
  九: "jiu, 9", 子: "zi", 二: "er, 2", 四: "si, 4", 五: "wu, 5", 六: "liu, 6", 赖: "lai, the joker",
};

function cardLabel(face, jing) {
  const zh = face.ch + (face.flower ? "(花)" : "") + (jing ? "(精)" : "");
  const marks = [face.flower ? "flowered (花)" : "", jing ? "精 (jing)" : ""].filter(Boolean);
  return bi(zh, `${face.ch} (${[READING[face.ch] ?? "", ...marks].filter(Boolean).join("; ")})`);
}

export function charFace(token) {
  const ch = [...token][0] ?? "?";
  return { ch, flower: token.endsWith("*"), joker: ch === JOKER || ch === "賴",
           red: RED_CHARS.has(ch) };
}

function flower(cx, cy) {
  const petals = [0, 72, 144, 216, 288].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return svg("circle", { cx: cx + 6 * Math.sin(a), cy: cy - 6 * Math.cos(a), r: 4.6,
                           fill: "#e0566b", stroke: "#a8233a", "stroke-width": 0.6 });
  });
  return svg("g", { class: "flower" }, ...petals,
    svg("circle", { cx, cy, r: 3, fill: "#f6c945", stroke: "#b8860b", "stroke-width": 0.5 }));
}

function ornament(cx, cy, colour) {
  return svg("g", { fill: "none", stroke: colour, "stroke-width": 1, opacity: 0.55 },
    svg("path", { d: `M${cx} ${cy - 12} L${cx + 9} ${cy} L${cx} ${cy + 12} L${cx - 9} ${cy} Z` }),
    svg("circle", { cx, cy, r: 3 }));
}

function glyph(ch, y, colour, size = 30) {
  return svg("text", { x: W / 2, y, "text-anchor": "middle", "dominant-baseline": "central",
                       "font-size": size, "font-weight": 700, fill: colour,
                       class: "card-name" }, ch);
}

function jingMark() {
  return svg("g", { class: "jing-mark" },
    svg("rect", { x: 1.4, y: 1.4, width: W - 2.8, height: H - 2.8, rx: 4.6, fill: "none",
                  stroke: GOLD, "stroke-width": 2.6 }),
    svg("rect", { x: 3.6, y: 16, width: 3, height: H - 32, rx: 1.5, fill: GOLD }),
    svg("rect", { x: 2.8, y: 2.8, width: 11, height: 11, rx: 2.5, fill: GOLD }),
    svg("text", { x: 8.3, y: 8.6, "text-anchor": "middle", "dominant-baseline": "central",
                  "font-size": 8.5, "font-weight": 700, fill: "#fff8e1" }, "精"));
}

function jokerCard(opts) {
  return cardRoot(W, H, { ...opts, label: bi(JOKER, `${JOKER} (${READING[JOKER]})`) },
    svg("defs", {}, svg("linearGradient", { id: "gold", x1: 0, y1: 0, x2: 0, y2: 1 },
      svg("stop", { offset: "0", "stop-color": "#fff3c4" }),
      svg("stop", { offset: "1", "stop-color": "#f0c75e" }))),
    ...cardBody(W, H, "url(#gold)"),
    glyph(JOKER, 30, RED),
    svg("path", { d: "M23 62 l4 9 10 1 -7.5 6.5 2.5 9.5 -9 -5 -9 5 2.5 -9.5 -7.5 -6.5 10 -1 z",
                  fill: RED, opacity: 0.85 }),
    svg("g", { transform: `rotate(180 ${W / 2} ${H / 2})` }, glyph(JOKER, 30, RED)));
}

/** One 上大人 card; `opts.jing` marks it as a 精 of the deal's reading. */
export function charCard(token, opts = {}) {
  const face = charFace(token);
  if (face.joker) return jokerCard(opts);
  const colour = face.red ? RED : BLACK;
  const jing = Boolean(opts.jing);
  const label = cardLabel(face, jing);
  return cardRoot(W, H, { ...opts, label, cls: `${opts.cls ?? ""}${jing ? " jing" : ""}` },
    ...cardBody(W, H),
    jing ? jingMark() : null,
    glyph(face.ch, 30, colour),
    face.flower ? flower(W / 2, H / 2) : ornament(W / 2, H / 2, colour),
    svg("g", { transform: `rotate(180 ${W / 2} ${H / 2})` }, glyph(face.ch, 30, colour, 22)));
}

export const CHAR_RATIO = W / H;
