// 玩法说明 (how to play): the family's guide from GET /api/games/{game}/howto, in a dialog —
// what sets the chosen preset apart first (a newcomer who picked 麻雀福 read seven screens
// before reaching it), then the family's sections; the other presets folded below.

import { h } from "./dom.js";
import { said, t } from "./i18n.js";
import { explain } from "./api.js";
import { gameHowto, hasHowto } from "./games/registry.js";
import { dialog, toast } from "./ui.js";

function paragraphs(list) {
  return list.map((p) => h("p", {}, said(p)));
}

function presetPart(name, part, open) {
  const head = t("howto_preset", { preset: said(part.title, name) });
  // first and open, it uses the family's terms before the sections below explain them
  // (an English play-test): it says where they are
  return open
    ? h("section", { class: "howto-preset", "data-preset": name }, h("h3", {}, head), paragraphs(part.paragraphs),
      h("p", { class: "muted small", "data-testid": "howto-terms-below" }, t("howto_terms_below")))
    : h("details", { class: "howto-preset", "data-preset": name }, h("summary", {}, head), paragraphs(part.paragraphs));
}

/** The guide's dialog; `preset` first and open (null: every preset folded). */
export async function openHowto(game, preset) {
  let data;
  try {
    data = await gameHowto(game);
  } catch (err) {
    toast(() => explain(err), "error");
    return;
  }
  const others = Object.keys(data.presets).filter((name) => name !== preset);
  dialog(said(data.title), (close) => h("div", {},
    h("div", { class: "howto", "data-testid": "howto" },
      preset && data.presets[preset] ? presetPart(preset, data.presets[preset], true) : null,
      data.sections.map((s) => h("section", {}, h("h3", {}, said(s.title)), paragraphs(s.paragraphs))),
      others.map((name) => presetPart(name, data.presets[name], false))),
    h("div", { class: "dialog-buttons" },
      h("button", { class: "btn primary", onClick: () => close(true) }, t("close")))), { wide: true });
}

/** The 玩法说明 button for ``game`` / ``preset`` (a function: the lobby's form changes
 * them); null for a family without a guide. `short`: 玩法 on a phone (the room's bar). */
export function howtoButton(choice, { className = "btn ghost small", short = false } = {}) {
  const { game } = choice();
  if (!hasHowto(game)) return null;
  const label = short
    ? [h("span", { class: "wide-only" }, t("howto_button")), h("span", { class: "phone-only" }, t("howto_short"))]
    : t("howto_button");
  return h("button", { type: "button", class: className, "data-testid": "howto-button", title: t("howto_button"),
                       onClick: () => {
                         const now = choice();
                         openHowto(now.game, now.preset);
                       } }, label);
}
