// A room's own rules as a player reads them before sitting down and during play: the
// options where the room differs from its preset (its house rules), each with its value,
// the preset's value and what the option means, in the player's language.

import { h } from "./dom.js";
import { bi, t } from "./i18n.js";
import { explain } from "./api.js";
import { gameDetail, hasHowto, presetTitle } from "./games/registry.js";
import { openHowto } from "./howto.js";
import { dialog, toast } from "./ui.js";

/** An option's name as a player reads it: its 中文 term, or in English its short English
 * name (``five 精``) — a plug-in's option without one shows ``five_jing (五精)``. */
export function optionLabel(option) {
  // a label, capitalised as the lobby's own ("Deals", "Bot speed")
  const en = option.en ? option.en[0].toUpperCase() + option.en.slice(1)
    : `${option.name}${option.zh ? ` (${option.zh})` : ""}`;
  return bi(option.zh || option.en || option.name, en);
}

/** An option's value as a player reads it: a choice by its label, a switch as 开 / 关. */
export function valueText(option, value) {
  const label = (option.choice_labels ?? []).find((c) => c.value === value);
  if (label) return bi(label.zh, label.en);
  if (typeof value === "boolean") return t(value ? "rule_on" : "rule_off");
  // a file option left empty plays the built-in table (三六福's 名堂表 read as blank where
  // the server offers no files, so no choice labels)
  if (option.local && value === "") return t("rule_builtin");
  return String(value);
}

/** Whether rules meet `conditions` ({option: [values]}: an option's `applies`, a file's
 * `when`): each named option, read by `valueOf(name)`, has one of the given values. */
export function conditionsHold(conditions, valueOf) {
  return Object.entries(conditions ?? {}).every(([name, values]) => values.includes(valueOf(name)));
}

/** What a rule file holds, folded under its name (a club's 名堂表: each 名堂 with its 豆 or
 * 翻 and meaning — its friends saw only the file's name: a club-night play-test); null for
 * a value that is no offered file, or a file the family does not describe. */
export function fileRows(option, value) {
  const rows = option.local ? (option.choice_labels ?? []).find((c) => c.value === value)?.rows : null;
  if (!rows?.length) return null;
  return h("details", { class: "file-rows", "data-testid": `file-rows-${option.name}` },
    h("summary", {}, t("file_rows", { name: value })),
    h("table", {}, h("tbody", {}, rows.map((r) => h("tr", {},
      h("td", {}, h("strong", {}, bi(r.zh, r.en))),
      h("td", { class: "num" }, `${r.value} ${bi(r.unit_zh, r.unit_en)}`),
      h("td", { class: "muted" }, bi(r.meaning_zh || "", r.meaning_en || "")))))));
}

/** The options whose room value differs from the preset's: [{option, value, preset}]. */
export function houseRules(detail, preset, rules) {
  const base = detail?.presets.find((p) => p.name === preset)?.rules ?? {};
  return (detail?.options ?? [])
    .filter((o) => o.name in (rules ?? {}) && JSON.stringify(rules[o.name]) !== JSON.stringify(base[o.name]))
    .map((o) => ({ option: o, value: rules[o.name], preset: base[o.name] }));
}

/** "本房规则": the house rules, or that the room plays its preset as it is (``heading``:
 * its own title, off where a dialog's title says it). */
export function roomRulesBlock(detail, summary, { heading = true } = {}) {
  if (!detail) return null;
  const changes = houseRules(detail, summary.preset, summary.rules);
  const preset = presetTitle(summary.game, summary.preset);
  return h("div", { class: "room-rules", "data-testid": "room-rules" },
    heading ? h("div", { class: "room-rules-head" }, t("room_rules")) : null,
    changes.length === 0
      ? h("p", { class: "muted small" }, t("room_rules_preset", { preset }))
      : h("ul", {}, changes.map(({ option, value, preset: was }) => {
        const meaning = bi(option.doc_zh || "", option.doc || "");
        return h("li", { "data-option": option.name },
          h("strong", {}, optionLabel(option)),
          h("span", {}, `${bi("：", ": ")}${valueText(option, value)}`),
          h("span", { class: "muted small" }, t("room_rules_was", { value: valueText(option, was) })),
          meaning ? h("div", { class: "muted small room-rules-meaning" }, meaning) : null,
          fileRows(option, value));
      })),
    answerLine(summary));
}

/** The room's 答话等待 and 答话限时, where set: a friend who joined by the link could not
 * tell that an unanswered claim becomes 过 (only the lobby's row said it: a play-test). */
function answerLine(summary) {
  const pause = summary.answer_pause || 1;  // 0: the server's, 1 s
  if (summary.answer_deadline) {
    return h("p", { class: "small", "data-testid": "room-answer" }, t("room_answer_deadline", { n: pause }));
  }
  return summary.answer_pause
    ? h("p", { class: "muted small", "data-testid": "room-answer" }, t("room_answer_pause", { n: pause })) : null;
}

/** Every option the room plays by (those that apply under its rules: `applies`), each by
 * its name and value, folded: a room that plays its preset as it is said only that, and a
 * player at the table wanted the numbers (起胡 17, 限对 2, 赖子 2) — a 双别杆 play-test. */
export function allRulesBlock(detail, played) {
  const rules = played.rules ?? {};
  const shown = (detail?.options ?? []).filter((o) => o.name in rules
    && conditionsHold(o.applies, (name) => rules[name]));
  if (!shown.length) return null;
  return h("details", { class: "all-rules", "data-testid": "all-rules" },
    h("summary", {}, t("all_rules", { n: shown.length })),
    h("ul", {}, shown.map((o) => h("li", { "data-option": o.name, title: bi(o.doc_zh || "", o.doc || "") },
      h("span", {}, optionLabel(o)), h("strong", {}, `${bi("：", ": ")}${valueText(o, rules[o.name])}`)))));
}

/** The 规则 button of a room in play or a replay: the rules of ``played`` ({game, preset,
 * rules}) in a dialog titled ``title`` (an i18n key: 本房规则, a replay's 本局规则). */
export function rulesButton(played, title = "room_rules") {
  const open = async () => {
    let detail;
    try {
      detail = await gameDetail(played.game);
    } catch (err) {
      toast(() => explain(err), "error");
      return;
    }
    // the way on to the whole guide: a room that plays its preset as it is said only that
    // (an English play-test found the dialog said nothing)
    const guide = hasHowto(played.game) ? (close) => h("button", { class: "btn", "data-testid": "rules-howto",
      onClick: () => { close(true); openHowto(played.game, played.preset, played.rules ?? null); } }, t("howto_button")) : null;
    dialog(t(title), (close) => h("div", {},
      roomRulesBlock(detail, played, { heading: false }),
      // the deal's commitment, to note before it ends: it was on the wire only (a skeptic's
      // play-test found it first in the settlement, cut to 12 digits)
      played.status === "playing" && played.commitment
        ? h("p", { class: "muted small commitment-now", "data-testid": "commitment-now" },
          t("commitment_now", { commit: played.commitment })) : null,
      allRulesBlock(detail, played),
      h("div", { class: "dialog-buttons" }, guide?.(close),
        h("button", { class: "btn primary", onClick: () => close(true) }, t("close")))));
  };
  return h("button", { class: "btn ghost small", "data-testid": "room-rules-button", onClick: open },
    t("rules_button"));
}
