// The poker rendering of the 掀牛 deck (兰州掀牛: a 52-card deck without jokers and 4s).
// Only the colour of 5 and 9 matters (5r/9r red, 5b/9b black); other ranks get suits by
// copy so a hand looks like a real one.

import { svg } from "../dom.js";
import { BLACK, RED, cardBody, cardRoot } from "./common.js";

const W = 70;
const H = 98;
const PLAIN_SUITS = ["♠", "♥", "♣", "♦"];
const RED_SUITS = ["♥", "♦"];
const BLACK_SUITS = ["♠", "♣"];

/** Rank and suit of a poker token ("A", "5r", "10", …) as the `copy`-th of its kind. */
export function pokerFace(token, copy = 0) {
  const m = /^(10|[AJQK2-9])([rb]?)$/.exec(token);
  if (!m) return null;
  const [, rank, colour] = m;
  const suits = colour === "r" ? RED_SUITS : colour === "b" ? BLACK_SUITS : PLAIN_SUITS;
  const suit = suits[copy % suits.length];
  return { rank, suit, red: suit === "♥" || suit === "♦" };
}

/** How many faces the copies of a poker token have (its suits: 4, or 2 for 5r / 9b …). */
export function pokerFaces(token) {
  const m = /^(10|[AJQK2-9])([rb]?)$/.exec(token);
  return !m ? null : m[2] ? 2 : PLAIN_SUITS.length;
}

function corner(rank, suit, fill) {
  return svg("g", { fill, "font-weight": 700, "text-anchor": "middle" },
    svg("text", { x: 11, y: 19, "font-size": rank === "10" ? 15 : 18,
                  "letter-spacing": rank === "10" ? -1 : 0 }, rank),
    svg("text", { x: 11, y: 33, "font-size": 13 }, suit));
}

function centre(rank, suit, fill) {
  if ("JQK".includes(rank)) {
    return svg("g", {},
      svg("rect", { x: 20, y: 22, width: 30, height: 54, rx: 3, fill: "none", stroke: fill,
                    "stroke-width": 1.2 }),
      svg("text", { x: W / 2, y: 50, "font-size": 26, "font-weight": 700, fill,
                    "text-anchor": "middle", "dominant-baseline": "central",
                    class: "card-name" }, rank),
      svg("text", { x: W / 2, y: 70, "font-size": 11, fill, "text-anchor": "middle" }, suit));
  }
  return svg("text", { x: W / 2, y: H / 2 + 2, "font-size": 38, fill, "text-anchor": "middle",
                       "dominant-baseline": "central" }, suit);
}

/** One poker card for `token`, the `opts.copy`-th copy (decides the suit). */
export function pokerCard(token, opts = {}) {
  const face = pokerFace(token, opts.copy ?? 0);
  if (!face) return null;
  const fill = face.red ? RED : BLACK;
  return cardRoot(W, H, { ...opts, label: `${face.rank}${face.suit}` }, ...cardBody(W, H, "#fffdf7"),
    corner(face.rank, face.suit, fill),
    svg("g", { transform: `rotate(180 ${W / 2} ${H / 2})` }, corner(face.rank, face.suit, fill)),
    centre(face.rank, face.suit, fill));
}

export const POKER_RATIO = W / H;
