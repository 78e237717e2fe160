// 花花牌 long cards: tall and narrow (about 1:4), the face's pips as red and black ovals
// at both ends, its name down the middle.
//
// The pips are laid out as the two dice halves of the domino each face descends from
// (地眼 1·1, 小戏 1·2, 大戏 2·4, 板凳 2·2, 锤六 1·5, 串六 3·3, 锤七 1·6, 红八 4·4,
// 牛九 4·5, 牛八 3·5, 红十 4·6, 梅十 5·5, 虎 5·6, 天 6·6), with ones and fours in red as
// on the old tiles; the totals are the seed's pip counts (地眼 2 … 天 12).

import { svg } from "../dom.js";
import { BLACK, RED, cardBody, cardRoot } from "./common.js";

/** The 14 faces in engine order: Chinese name, poker code, domino halves. */
export const FACES = [
  ["地眼", "A", [1, 1]], ["小戏", "5b", [1, 2]], ["大戏", "5r", [2, 4]],
  ["板凳", "2", [2, 2]], ["锤六", "6", [1, 5]], ["串六", "3", [3, 3]],
  ["锤七", "7", [1, 6]], ["红八", "8", [4, 4]], ["牛九", "9r", [4, 5]],
  ["牛八", "9b", [3, 5]], ["红十", "J", [4, 6]], ["梅十", "10", [5, 5]],
  ["虎", "Q", [5, 6]], ["天", "K", [6, 6]],
];

const BY_TOKEN = new Map();
FACES.forEach(([name, code], i) => {
  BY_TOKEN.set(name, i);
  BY_TOKEN.set(code, i);
});

/** The face index (0..13) of a card token in either notation, or -1. */
export function faceOf(token) {
  return BY_TOKEN.get(token) ?? -1;
}

export function pipsOf(face) {
  const [a, b] = FACES[face][2];
  return a + b;
}

const W = 50;
const H = 196;
const HALF = 27;

// Die layouts on a 3×3 grid (column, row), 0..2.
const LAYOUT = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

function half(n, top) {
  const colour = n === 1 || n === 4 ? RED : BLACK;
  const big = n === 1;
  return LAYOUT[n].map(([c, r]) => svg("ellipse", {
    cx: 13 + c * 12, cy: top + 5 + r * 8.5, rx: big ? 7 : 4.6, ry: big ? 5.4 : 3.3,
    fill: colour,
  }));
}

function end(face) {
  const [a, b] = FACES[face][2];
  return svg("g", {},
    ...half(a, 6),
    svg("line", { x1: 9, x2: W - 9, y1: 6 + HALF + 1, y2: 6 + HALF + 1, stroke: "#c9b48a",
                  "stroke-width": 0.8 }),
    ...half(b, 6 + HALF + 3));
}

function nameColour(face) {
  const [a, b] = FACES[face][2];
  const red = [a, b].filter((n) => n === 1 || n === 4).length;
  return red === 2 ? RED : red === 1 && a + b <= 10 ? "#8e1c22" : BLACK;
}

function name(face) {
  const chars = [...FACES[face][0]];
  const mid = H / 2;
  const size = chars.length === 1 ? 26 : 19;
  const step = 22;
  const first = mid - ((chars.length - 1) * step) / 2;
  return chars.map((ch, i) => svg("text", {
    x: W / 2, y: first + i * step, "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": size, "font-weight": 700, fill: nameColour(face), class: "card-name",
  }, ch));
}

/** One 花花牌 long card. `opts.height` sets the drawn height in pixels. */
export function longCard(token, opts = {}) {
  const face = faceOf(token);
  if (face < 0) return null;
  return cardRoot(W, H, { ...opts, label: FACES[face][0] }, ...cardBody(W, H),
    end(face),
    svg("g", { transform: `rotate(180 ${W / 2} ${H / 2})` }, end(face)),
    ...name(face));
}

export const LONG_RATIO = W / H;
