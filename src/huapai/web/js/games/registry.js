// Game renderers by game name, with the generic one for any game without its own.
// Adding a game to the browser = one module here that extends `generic`.

import { generic } from "./generic.js";
import { xianniu } from "./xianniu.js";
import { biegan } from "./biegan.js";
import { xiushan } from "./xiushan.js";

const RENDERERS = new Map([
  ["xianniu", xianniu],
  ["biegan", biegan],
  ["xiushan", xiushan],
]);

export function rendererFor(game) {
  return RENDERERS.get(game) ?? generic;
}

export function registerRenderer(game, renderer) {
  RENDERERS.set(game, { ...generic, ...renderer });
}
