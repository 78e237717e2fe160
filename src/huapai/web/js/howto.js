// 玩法说明 (how to play): the family's guide from GET /api/games/{game}/howto, in a dialog —
// what sets the chosen preset apart first (a newcomer who picked 麻雀福 read seven screens
// before reaching it), then the family's sections; the other presets folded below.

import { h } from "./dom.js";
import { said, t } from "./i18n.js";
import { explain } from "./api.js";
import { gameDetail, gameHowto, hasHowto } from "./games/registry.js";
import { houseRules, roomRulesBlock } from "./roomrules.js";
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

/** The guide's dialog; `preset` first and open (null: every preset folded). `rules`: a
 * room's (or the form's) own — the options it changes come first, said to stand over the
 * guide (a club's 三六福 at 起胡 18 read 起胡要36胡 in it: a play-test). */
export async function openHowto(game, preset, rules = null) {
  let data;
  let detail = null;
  try {
    [data, detail] = await Promise.all([gameHowto(game), rules ? gameDetail(game) : null]);
  } catch (err) {
    toast(() => explain(err), "error");
    return;
  }
  const others = Object.keys(data.presets).filter((name) => name !== preset);
  const house = detail && houseRules(detail, preset, rules).length
    ? h("section", { class: "howto-house", "data-testid": "howto-house" },
      h("h3", {}, t("howto_house")), roomRulesBlock(detail, { game, preset, rules }, { heading: false }))
    : null;
  dialog(said(data.title), (close) => h("div", {},
    h("div", { class: "howto", "data-testid": "howto" },
      house,
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
                         openHowto(now.game, now.preset, now.rules ?? null);
                       } }, label);
}
