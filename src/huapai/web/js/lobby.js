// The lobby: open a room (game, preset, rule options, deals, 倍数, privacy, clocks),
// join one by its code, the public rooms, and my finished games with their replays.

import { h, morph, replace } from "./dom.js";
import { bi, listed, t } from "./i18n.js";
import { api, explain, path } from "./api.js";
import { gameDetail, gameTitle, loadGames, ownMultiplier, presetTitle } from "./games/registry.js";
import { howtoButton } from "./howto.js";
import { conditionsHold, optionLabel } from "./roomrules.js";
import { toast } from "./ui.js";
import { keepingFocus } from "./focus.js";
import { seatName } from "./table.js";
import { PublicGames } from "./publicgames.js";
import { freeSeats, historyFacts, roomFacts, statusRank } from "./lobbyfacts.js";
import { pointsOf, signed } from "./settlement.js";

/** 凭房间码加入: a private room's code, then its table (the lobby; a room page that could
 * not be found, as a private room's address is for its members only). */
export function joinForm(app) {
  const input = h("input", { name: "code", placeholder: t("code_ph"), maxlength: 12,
                             autocomplete: "off", style: { textTransform: "uppercase" } });
  return h("form", { class: "join-form", onSubmit: async (e) => {
    e.preventDefault();
    try {
      const { room } = await api.post("/rooms/join", { code: input.value.trim() });
      app.go(path`#/room/${room.id}`);
    } catch (err) {
      toast(() => explain(err), "error");
    }
  } }, input, h("button", { class: "btn", type: "submit" }, t("join")));
}

const CLOCKS = [0, 15, 20, 30, 60, 120];
const TUOGUAN = [10, 30, 60, 180];
const PAUSES = [0, 2, 3, 5];  // 答话等待 (0: the server's, 1 s)
const SPEEDS = [["speed_instant", 0], ["speed_fast", 0.3], ["speed_normal", 0.8], ["speed_slow", 1.6]];
const REFRESH_MS = 5000;

/** A number field's value: a cleared field keeps (and shows again) the value before, so
 * an empty 局数 is never sent as 0. */
function wholeOr(input, before) {
  if (input.value.trim() === "") {
    input.value = before;
    return before;
  }
  return Number(input.value);
}

/** A form field; keyed by its control's name, so that a redraw of the form keeps each
 * field's node where the fields before it came or went (another game's 人数). */
function field(label, control, extra = null) {
  return h("label", { class: "field", "data-key": control.getAttribute("name") },
    h("span", { class: "field-label" }, label), control, extra);
}

function select(name, options, value, onChange) {
  return h("select", { name, onChange: (e) => onChange(options[e.target.selectedIndex][1]) },
    options.map(([text, v]) => h("option", { value: String(v), selected: v === value }, text)));
}

/** Seat names for a list, as the table names them (seatName: two players of one
 * nickname told apart by their ids' tags; a bot 机器人乙 — the list said "bot, bot" and the
 * table 机器人乙, 机器人丙, a play-test); an empty seat is "·". */
export function nicknames(seats) {
  return seats.map((s, i) => (s.player || s.bot ? seatName(seats, i) : "·"));
}

const LAST_ROOM = "huapai.lastRoom";

/** The choices of the last room this browser made, or null. */
function lastRoom() {
  try {
    const got = JSON.parse(localStorage.getItem(LAST_ROOM) ?? "null");
    return got && typeof got === "object" ? got : null;
  } catch {
    return null;
  }
}

function keepLastRoom(body) {
  try {
    localStorage.setItem(LAST_ROOM, JSON.stringify(body));
  } catch {
    /* a private window without storage: the form starts afresh next time */
  }
}

export class LobbyPage {
  constructor(app) {
    this.app = app;
    this.games = [];
    this.details = new Map();
    this.form = { game: null, preset: null, rules: {}, deals: 1, multiplier: 1, private: false,
                  turn_clock: 0, tuoguan_after: 30, bot_delay: 0.8, answer_pause: 0, answer_deadline: false };
    this.helpOpen = new Set(); // the rule options whose meaning is shown
    this.rulesShown = false; // the rule options opened by the player
    this.rooms = [];
    this.history = null;
    this.publicGames = new PublicGames(null);
    this.timer = null;
  }

  async mount(el) {
    this.el = el;
    this.render();
    try {
      this.games = await loadGames();
      const last = lastRoom();
      const first = this.games.find((g) => g.name === last?.game)
        ?? this.games.find((g) => g.name === "xianniu") ?? this.games[0];
      if (first) await this.chooseGame(first.name);
      if (first && last?.game === first.name) this.restore(last);
    } catch (err) {
      toast(() => explain(err), "error");
    }
    this.refresh();
    this.timer = setInterval(() => this.refreshRooms(), REFRESH_MS);
  }

  unmount() {
    clearInterval(this.timer);
  }

  async refresh() {
    await Promise.all([this.refreshRooms(), this.loadHistory(),
      this.publicGames.load(this.app.player?.id ?? null)]);
  }

  /** The public rooms, newest first, as many pages as asked for ("more" adds one). */
  async refreshRooms() {
    try {
      this.mine = (await api.get("/me/rooms")).rooms;
    } catch {
      /* kept as it was: the list refreshes again shortly */
    }
    try {
      const rooms = [];
      let offset = 0;
      for (let page = 0; page < (this.roomPages ?? 1); page++) {
        const got = await api.get(`/rooms?offset=${offset}`);
        rooms.push(...got.rooms);
        this.moreRooms = got.next !== null;
        if (!this.moreRooms) break;
        offset = got.next;
      }
      this.rooms = rooms;
      this.roomsLoaded = true;
      this.renderRooms();
    } catch {
      /* the list refreshes again shortly */
    }
  }

  async loadHistory() {
    try {
      const [me, history] = await Promise.all([api.get("/me"), api.get("/me/history")]);
      this.history = { me, matches: history.matches };
    } catch {
      this.history = null;
    }
    this.renderHistory();
  }

  async chooseGame(name) {
    // the picker's latest choice: one still loading when another was made must not undo
    // it (two quick arrow keys: the first game's presets came after the second's)
    this.wanted = name;
    if (!this.details.has(name)) this.details.set(name, await gameDetail(name));
    if (this.wanted !== name) return;
    const detail = this.details.get(name);
    this.form.game = name;
    this.form.preset = detail.presets[0]?.name ?? null;
    this.form.rules = {};
    this.syncDeals();
    this.renderForm();
  }

  /** The player's last room's choices back in the form (the deals went back to 1 at
   * every visit: a play-test), where this game still offers them. */
  restore(last) {
    const detail = this.details.get(this.form.game);
    if (detail.presets.some((p) => p.name === last.preset)) this.form.preset = last.preset;
    const names = new Set(detail.options.map((o) => o.name));
    this.form.rules = Object.fromEntries(Object.entries(last.rules ?? {}).filter(([k]) => names.has(k)));
    for (const key of ["deals", "multiplier", "turn_clock", "tuoguan_after", "bot_delay", "answer_pause"]) {
      if (Number.isFinite(last[key])) this.form[key] = last[key];
    }
    this.form.private = last.private === true;
    this.form.answer_deadline = last.answer_deadline === true;
    this.autoDeals = this.endsItself();
    this.renderForm();
  }

  /** A match that ends itself (钵福: at 得一钵) gets the most deals as its limit; leaving
   * such a preset gives the single deal back. */
  syncDeals() {
    const ends = this.endsItself();
    if (ends) this.form.deals = 64;
    else if (this.autoDeals) this.form.deals = 1;
    this.autoDeals = ends;
  }

  endsItself() {
    const detail = this.details.get(this.form.game);
    return Boolean(detail?.presets.find((p) => p.name === this.form.preset)?.ends_itself);
  }

  presetRules() {
    const detail = this.details.get(this.form.game);
    return detail?.presets.find((p) => p.name === this.form.preset)?.rules ?? {};
  }

  ruleValue(name) {
    return name in this.form.rules ? this.form.rules[name] : this.presetRules()[name];
  }

  setRule(name, value) {
    if (value === this.presetRules()[name]) delete this.form.rules[name];
    else this.form.rules[name] = value;
    // an option used no more (钵福's 一钵 once 计分 is not 油子×翻) keeps no change: it is
    // not shown, and the engine would refuse some of them (报数 outside 钵福)
    for (const o of this.details.get(this.form.game)?.options ?? []) {
      if (o.name in this.form.rules && !this.applies(o)) delete this.form.rules[o.name];
      // a file chosen that the rules no longer take (计分 changed under a 名堂表)
      const file = o.local && (o.choice_labels ?? []).find((c) => c.value === this.form.rules[o.name]);
      if (file && !this.fits(file)) delete this.form.rules[o.name];
    }
    this.renderForm();
  }

  /** Whether a choice fits the rules as they stand: an offered file, its `when` (a
   * 三六福 名堂表 only under 计分 名堂算豆), or where that names nothing, the presets that
   * take it; any other, yes. */
  fits(choice) {
    if (Object.keys(choice.when ?? {}).length) return conditionsHold(choice.when, (name) => this.ruleValue(name));
    return !Array.isArray(choice.presets) || choice.presets.includes(this.form.preset);
  }

  /** Whether `option` is used by the rules as they stand (its `applies`: each named
   * option has one of the given values); a lobby offers only those. */
  applies(option) {
    return conditionsHold(option.applies, (name) => this.ruleValue(name));
  }

  // ------------------------------------------------------------------ rendering
  render() {
    if (!this.el) return;
    keepingFocus(this.el, () => this.drawLobby());
  }

  drawLobby() {
    this.formBox = h("section", { class: "card-panel create" });
    this.roomsBox = h("section", { class: "card-panel rooms" });
    this.historyBox = h("section", { class: "card-panel history" });
    this.publicGames.box = h("section", { class: "card-panel public-games" });
    replace(this.el, h("div", { class: "lobby" },
      h("div", { class: "lobby-hero" },
        h("h1", {}, t("app_title"), h("small", {}, t("app_sub"))),
        h("p", { class: "muted" }, t("points_only")),
        h("p", {}, h("a", { class: "btn small", href: "#/drill", "data-testid": "drill-link" },
          bi("报数练习", "报数 practice (钵福)")))),
      this.liveBox = h("div", { class: "live-seat", "data-testid": "live-seat" }),
      this.jumpBar(),
      h("div", { class: "lobby-grid" },
        h("div", { class: "col" }, this.formBox, this.joinPanel()),
        h("div", { class: "col" }, this.roomsBox, this.historyBox, this.publicGames.box))));
    this.renderForm();
    this.renderRooms();
    this.renderHistory();
    this.publicGames.render();
  }

  /** A phone's way past the form (the lobby is one column there: the rooms to sit at
   * were three screens down, under the form and 凭房间码加入 — a lobby play-test). */
  jumpBar() {
    const to = (box) => () => box?.scrollIntoView({ behavior: "smooth", block: "start" });
    return h("nav", { class: "lobby-jump", "data-testid": "lobby-jump", "aria-label": t("lobby_jump") },
      h("button", { class: "btn small", onClick: to(this.roomsBox) }, t("public_rooms")),
      h("button", { class: "btn small", onClick: to(this.formBox) }, t("new_room")),
      h("button", { class: "btn small", onClick: to(this.historyBox) }, t("my_games")),
      h("button", { class: "btn small", onClick: to(this.publicGames.box) }, t("public_games")));
  }

  /** The form drawn again after a choice, morphed: its controls stay the same nodes. It
   * was rebuilt, and a choice's change comes as the focus leaves the control (人数 typed,
   * then a click on 局数): the 局数 under the pointer was gone by the time the browser
   * focused it, so nothing had the focus, the 2 typed next went nowhere, and the room
   * opened with the 局数 from before (a play-test, 5 of 5). A control being typed in
   * keeps its text too (morph leaves a focused field's value alone). */
  renderForm() {
    if (!this.formBox) return;
    keepingFocus(this.formBox, () => this.drawForm());
  }

  drawForm() {
    const detail = this.details.get(this.form.game);
    if (!detail) {
      morph(this.formBox, h("h2", {}, t("new_room")), h("p", { class: "muted" }, t("loading")));
      return;
    }
    const f = this.form;
    // the chosen preset says the 人数 typed (it said 凤翔 · 3 人 beside 人数 5: a play-test)
    const seatsOf = (p) => (p.name === f.preset && Number.isInteger(f.rules.players) ? f.rules.players : p.seats);
    const presets = detail.presets.map((p) => [`${presetTitle(f.game, p.name)} · ${t("seats_n", { n: seatsOf(p) })}`, p.name]);
    const players = detail.options.find((o) => o.name === "players");
    // a family whose rules carry the room's 倍数 (双别杆) shows that option in place of the
    // platform's multiplier, which stays 1: two would multiply twice
    const own = detail.options.find((o) => o.name === ownMultiplier(f.game));
    const lifted = new Set(["players", own?.name]);
    // an option naming a file on the server (秀山's 名堂表) is offered only as a choice among
    // the files its operator put up (the server's --rule-files), never typed
    // those that only some rules use (钵福's 报数, 一钵 …) first: they are what sets the
    // chosen preset apart (报数 was second to last of some thirty)
    const conditional = (o) => (Object.keys(o.applies ?? {}).length ? 0 : 1);
    const others = detail.options.filter((o) => !lifted.has(o.name) && (!o.local || Array.isArray(o.choices))
      && this.applies(o)).sort((a, b) => conditional(a) - conditional(b));
    // the options inside the panel changed (人数 and the 倍数 above it are not: the count
    // beside 规则选项 read 已改 1 项 for 人数 4, and 恢复默认 put 人数 back to 3 — a play-test)
    const inside = Object.keys(f.rules).filter((name) => !lifted.has(name));
    const changed = inside.length;
    // opened by a change only of an option inside it: 人数 is not (its change came as the
    // pointer went down on 开桌, opened the options above it, and the press missed 开桌)
    const changedInside = others.some((o) => o.name in f.rules);
    const reset = () => {
      for (const name of inside) delete f.rules[name];
      this.renderForm();
    };
    morph(this.formBox,
      h("h2", {}, t("new_room")),
      // novalidate: a number out of range is answered by the server's message in the page's
      // language (局数：0 不在 1 到 64 之间), not by the browser's own bubble in the browser's
      h("form", { class: "create-form", "data-testid": "create-form", novalidate: true, onSubmit: (e) => {
        e.preventDefault();
        this.create();
      } },
        h("div", { class: "form-grid" },
          field(t("game"), select("game", this.games.map((g) => [gameTitle(g.name), g.name]), f.game, (v) => this.chooseGame(v))),
          field(t("preset"), select("preset", presets, f.preset, (v) => {
            f.preset = v;
            f.rules = {};
            this.syncDeals();
            this.renderForm();
          })),
          players ? this.optionField(players) : null,
          // (钵福: two deals paid nothing — nobody made a 钵 — and nothing had said so: a play-test)
          field(t(this.endsItself() ? "deals_until_bo" : "deals"), h("input", { name: "deals", type: "number", min: 1, max: 64, value: f.deals,
            onChange: (e) => { f.deals = wholeOr(e.target, f.deals); } }),
          this.endsItself() ? h("span", { class: "muted small field-help", "data-testid": "deals-bo-help" }, t("deals_bo_help")) : null),
          own ? this.optionField(own)
            : field(t("multiplier"), h("input", { name: "multiplier", type: "number", min: 1, max: 100, value: f.multiplier,
              onChange: (e) => { f.multiplier = wholeOr(e.target, f.multiplier); } })),
          field(t("turn_clock"), select("turn_clock", CLOCKS.map((s) => [s ? t("seconds", { n: s }) : t("no_clock"), s]),
            f.turn_clock, (v) => { f.turn_clock = v; })),
          field(t("tuoguan_after"), select("tuoguan_after", TUOGUAN.map((s) => [t("seconds", { n: s }), s]),
            f.tuoguan_after, (v) => { f.tuoguan_after = v; })),
          field(t("bot_speed"), select("bot_delay", SPEEDS.map(([k, s]) => [t(k), s]), f.bot_delay,
            (v) => { f.bot_delay = v; })),
          // how long every answer waits where its timing would tell (请统, a claim window)
          detail.paced_answers ? field(t("answer_pause"), select("answer_pause",
            PAUSES.map((s) => [s ? t("seconds", { n: s }) : t("answer_pause_default"), s]), f.answer_pause,
            (v) => { f.answer_pause = v; }), h("span", { class: "muted small field-help" }, t("answer_pause_help"))) : null),
        // the pause as a deadline too (答话限时, off unless chosen): see answer_deadline_help
        detail.paced_answers ? h("label", { class: "check", title: t("answer_deadline_help") },
          h("input", { type: "checkbox", name: "answer_deadline", checked: f.answer_deadline,
            onChange: (e) => {
              f.answer_deadline = e.target.checked;
              // a second to answer every claim is too short a deadline: 3 s, shown in its field
              if (f.answer_deadline && !f.answer_pause) {
                f.answer_pause = 3;
                this.renderForm();
              }
            } }), t("answer_deadline"),
          h("span", { class: "muted small field-help" }, t("answer_deadline_help"))) : null,
        h("label", { class: "check" }, h("input", { type: "checkbox", name: "private", checked: f.private,
          onChange: (e) => { f.private = e.target.checked; } }), t("private_room")),
        h("details", { class: "rule-options", open: changedInside || this.rulesShown,
          onToggle: (e) => { this.rulesShown = e.target.open; } },
          // 恢复默认 inside the open panel, not on its title row: tapped there, the middle of
          // the closed row reset the options unseen (a phone play-test)
          h("summary", {}, t("rule_options"), changed ? h("span", { class: "badge gold" }, t("rule_changed", { n: changed })) : null),
          changed ? h("div", { class: "rule-reset" }, h("button", { type: "button", class: "link", "data-testid": "reset-rules",
            onClick: reset }, t("reset_rules"))) : null,
          h("div", { class: "options-grid", "data-key": "options-grid" }, others.map((o) => this.optionField(o)))),
        h("div", { class: "form-actions" },
          howtoButton(() => ({ game: this.form.game, preset: this.form.preset, rules: this.form.rules }),
            { className: "btn ghost" }),
          h("button", { type: "submit", class: "btn primary big", "data-testid": "create" }, t("create")))));
  }

  optionField(option) {
    const value = this.ruleValue(option.name);
    const label = optionLabel(option);
    // the option's meaning and source in the player's language (a plug-in's option
    // written in English only shows its 中文 term alone in Chinese mode); in Chinese the
    // kinds of source in words (这个玩法依据的原始规则 …), not the research's citations
    // ([S002], xiushan.md §2.4), which stay in the English note and the rules docs
    const note = (doc, source) => `${doc ?? ""}${source ? `\n${t("option_source")}${source}` : ""}`;
    const kinds = (option.source_kinds ?? []).map((k) => k.zh).join("、");
    const zhNote = option.doc_zh ? note(option.doc_zh, kinds) : "";
    // in English the kinds in words alone too: two English play-tests read the citations
    // ([S002], xiushan.md §2.4) and the key line as a developer's notes (the researcher
    // finds both in `huapai rules` and docs/rules-options.md); a plug-in's option without
    // kinds keeps its own source
    const enKinds = (option.source_kinds ?? []).map((k) => k.en).join(", ");
    const enNote = note(option.doc, enKinds || option.source);
    const tip = bi(zhNote ? `${option.zh || ""}：${zhNote}` : option.zh || "", enNote);
    let control;
    if (Array.isArray(option.choices)) {
      // a file is offered only where the rules take it (a 三六福 名堂表 for 钵福 was refused)
      const labels = (option.choice_labels ?? option.choices.map((c) => ({ value: c, zh: String(c), en: String(c) })))
        .filter((c) => this.fits(c));
      control = select(`rule-${option.name}`, labels.map((c) => [bi(c.zh, c.en), c.value]), value,
        (v) => this.setRule(option.name, v));
    } else if (typeof option.default === "boolean") {
      control = h("input", { type: "checkbox", name: `rule-${option.name}`, checked: value,
        onChange: (e) => this.setRule(option.name, e.target.checked) });
    } else if (typeof option.default === "number") {
      control = h("input", { type: "number", name: `rule-${option.name}`, value,
        min: option.low ?? undefined, max: option.high ?? undefined, step: 1,
        onChange: (e) => this.setRule(option.name, wholeOr(e.target, value)) });
    } else {
      control = h("input", { name: `rule-${option.name}`, value: value ?? "",
        onChange: (e) => this.setRule(option.name, e.target.value) });
    }
    const changed = option.name in this.form.rules;
    const key = `rule-${option.name}`;
    const field = h("label", { class: `field option${changed ? " changed" : ""}${typeof option.default === "boolean" ? " bool" : ""}`, title: tip },
      h("span", { class: "field-label" }, label), control);
    const meaning = bi(zhNote, enNote);
    if (!meaning) {
      field.dataset.key = key; // keyed as the cell below: a redraw keeps its node (renderForm)
      return field;
    }
    // a phone shows no tooltip: the meaning opens under the option
    const open = this.helpOpen.has(option.name);
    const toggle = () => {
      if (open) this.helpOpen.delete(option.name); else this.helpOpen.add(option.name);
      this.renderForm();
    };
    return h("div", { class: `option-cell${open ? " open" : ""}`, "data-key": key }, field,
      h("button", { type: "button", class: `opt-help${open ? " open" : ""}`, "data-testid": `help-${option.name}`,
        "aria-expanded": String(open), "aria-label": t("option_help", { name: label }),
        // Escape folds it too, and a tap on the meaning (only ? did: an English play-test)
        onClick: toggle, onKeydown: (e) => { if (e.key === "Escape" && open) { e.preventDefault(); toggle(); } } }, "?"),
      open ? h("p", { class: "opt-note", "data-testid": `note-${option.name}`, onClick: toggle }, meaning) : null);
  }

  joinPanel() {
    return h("section", { class: "card-panel join" }, h("h2", {}, t("join_code")), joinForm(this.app));
  }

  renderRooms() {
    if (!this.roomsBox) return;
    const me = this.app.player?.id ?? null;
    const mineFirst = (room) => (room.seats.some((s) => s.player?.id === me) ? 0 : 1);
    const live = this.rooms.filter((room) => (room.status !== "finished" || mineFirst(room) === 0)
      && this.shown(room));
    // the server lists newest first; a stable sort keeps that order within each group:
    // mine first, the deal I play first of them (after leaving it, it was one 回到牌桌 among
    // ten, mostly finished: a play-test)
    const rank = (room) => mineFirst(room) * 10 + statusRank(room);
    const rows = live.slice().sort((a, b) => rank(a) - rank(b)).map((room) => {
      const free = freeSeats(room);
      const filled = room.seats.length - free;
      const seated = mineFirst(room) === 0;
      // the seated, then how many seats are free ("规则d、·、·" read as a riddle)
      const names = listed([...nicknames(room.seats).filter((_, i) => room.seats[i].player || room.seats[i].bot),
                            ...(free ? [t("seats_free", { n: free })] : [])]);
      return h("li", { class: "room-row", "data-room": room.id, "data-key": room.id },
        h("div", { class: "room-title" }, gameTitle(room.game),
          h("span", { class: "muted" }, ` · ${presetTitle(room.game, room.preset)}`)),
        h("div", { class: "room-meta" },
          ...roomFacts(room, me),
          h("span", {}, `${filled}/${room.seats.length}`), h("span", { class: "names" }, names),
          room.spectators ? h("span", { class: "muted", "data-testid": "row-spectators" },
            t("spectators_n", { n: room.spectators })) : null),
        h("a", { class: `btn small${seated ? " primary" : ""}`, href: path`#/room/${room.id}`,
                 "data-testid": seated ? "back-to-seat" : "enter" },
          // a finished room of mine: back to it (its settlement, 再来一场), not to a seat in play
          seated ? t(room.status === "finished" ? "back_to_room" : "back_to_seat")
            : room.status === "waiting" && filled < room.seats.length ? t("enter_room") : t("watch")));
    });
    this.renderLive();
    // morphed: the list refreshes every few seconds, and an unchanged row keeps its link
    // (a press on 进入 across a refresh still opens the room; a changed row is replaced)
    morph(this.roomsBox, ...this.privateRows(),
      h("div", { class: "panel-head" }, h("h2", {}, t("public_rooms")),
        h("button", { class: "link", onClick: () => this.refreshRooms() }, t("refresh"))),
      this.filterBar(),
      rows.length ? h("ul", { class: "room-list" }, rows)
        // 换个筛选 only under a filter: finished rooms alone (hidden) said it with none set
        : h("p", { class: "muted" }, t(!this.roomsLoaded ? "loading"
          : this.filter?.game || this.filter?.free ? "no_rooms_filtered" : "no_rooms")),
      this.moreRooms ? h("button", { class: "btn small ghost", "data-testid": "more-rooms", onClick: () => {
        this.roomPages = (this.roomPages ?? 1) + 1;
        this.refreshRooms();
      } }, t("more_rooms")) : null);
  }

  /** A deal of mine going on, at the lobby's top with its way back: a phone player who
   * left a deal found 回到牌桌 a thousand pixels down, under the form, while the clock ran
   * on their seat (a play-test). */
  renderLive() {
    if (!this.liveBox) return;
    const live = (this.mine ?? []).filter((room) => statusRank(room) === 0);
    morph(this.liveBox, ...live.map((room) => h("p", { class: "live-row", "data-key": room.id },
      h("span", {}, t("live_game", { game: `${gameTitle(room.game)} · ${presetTitle(room.game, room.preset)}` })),
      h("a", { class: "btn small primary", href: path`#/room/${room.id}`, "data-testid": "back-to-live" },
        t("back_to_seat")))));
  }

  /** Whether a public room passes the list's filter (its game; a free seat). */
  shown(room) {
    const f = this.filter ?? {};
    if (f.game && room.game !== f.game) return false;
    return !f.free || (room.status === "waiting" && freeSeats(room) > 0);
  }

  /** Which game, and only rooms with a free seat: a phone scrolled past some fifty rooms
   * to find a 秀山 game to sit down at (a lobby play-test). */
  filterBar() {
    const f = (this.filter ??= { game: "", free: false });
    const games = [...new Set(this.rooms.map((r) => r.game))];
    if (this.rooms.length < 6 && !f.game && !f.free) return null;  // a short list needs none
    return h("div", { class: "room-filter", "data-testid": "room-filter" },
      h("select", { "aria-label": t("filter_game"), "data-testid": "filter-game", onChange: (e) => {
        f.game = e.target.value;
        this.renderRooms();
      } }, h("option", { value: "", selected: !f.game }, t("filter_all_games")),
      games.map((g) => h("option", { value: g, selected: f.game === g }, gameTitle(g)))),
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: f.free, "data-testid": "filter-free",
        onChange: (e) => {
          f.free = e.target.checked;
          this.renderRooms();
        } }), t("filter_free")));
  }

  /** 我的房间: the rooms I own or sit in, private or public (the public list never shows
   * a private one, and a player who went back to the lobby had no way back but the
   * invitation; past its first page a club owner's public rooms were behind 更多房间). */
  privateRows() {
    // a public room of mine only when the public list as loaded does not show it
    const listed = new Set(this.rooms.map((r) => r.id));
    const mine = (this.mine ?? []).filter((r) => r.private !== false || !listed.has(r.id))
      .sort((a, b) => statusRank(a) - statusRank(b));  // a deal going on first
    if (!mine.length) return [];
    return [h("div", { class: "panel-head" }, h("h2", {}, t("my_private_rooms"))),
      h("ul", { class: "room-list", "data-testid": "my-private-rooms" }, mine.map((room) =>
        h("li", { class: "room-row", "data-room": room.id, "data-key": `mine-${room.id}` },
          h("div", { class: "room-title" }, gameTitle(room.game),
            h("span", { class: "muted" }, ` · ${presetTitle(room.game, room.preset)}`)),
          h("div", { class: "room-meta" },
            ...roomFacts(room),
            room.code ? h("span", {}, `${t("room_code")} ${room.code}`) : null),
          h("a", { class: "btn small primary", href: path`#/room/${room.id}`, "data-testid": "back-to-private" },
            t("back_to_seat")))))];
  }

  renderHistory() {
    if (!this.historyBox) return;
    const hist = this.history;
    const matches = (hist?.matches ?? []).slice().reverse().slice(0, 12);
    replace(this.historyBox,
      h("h2", {}, t("my_games")),
      hist ? h("p", { class: "muted" }, t("my_totals", hist.me.totals)) : null,
      matches.length ? h("ul", { class: "history-list" }, matches.map((m) => h("li", {},
        // the family as the room rows say it (秀山's rows read 麻雀福 +10 alone)
        h("div", {}, gameTitle(m.game), h("span", { class: "muted" }, ` · ${presetTitle(m.game, m.preset)} `),
          pointsOf(m.total)),
        historyFacts(m),
        h("div", { class: "deal-links" }, m.deals.map((d) => h("a", {
          href: path`#/replay/${d.game_id}?seat=${m.seat}`, class: "chip", "data-testid": "replay-link",
        }, `${t("deal_n", { n: d.deal + 1 })} ${signed(d.delta)}`))))))
        : h("p", { class: "muted" }, t("no_games")));
  }

  // ------------------------------------------------------------------ actions
  async create() {
    if (this.creating) return;
    this.creating = true;
    this.formBox.querySelector("[data-testid=create]")?.setAttribute("disabled", "");
    try {
      await this.createRoom();
    } finally {
      this.creating = false;
      this.formBox.querySelector("[data-testid=create]")?.removeAttribute("disabled");
    }
  }

  async createRoom() {
    const f = this.form;
    const paced = Boolean(this.details.get(f.game)?.paced_answers);  // 答话等待 / 限时 offered
    const body = { game: f.game, preset: f.preset, rules: f.rules, deals: f.deals,
                   multiplier: ownMultiplier(f.game) ? 1 : f.multiplier, private: f.private, turn_clock: f.turn_clock,
                   tuoguan_after: f.tuoguan_after, bot_delay: f.bot_delay,
                   answer_pause: paced ? f.answer_pause : 0, answer_deadline: paced && f.answer_deadline };
    try {
      // the same key for a retried request: the server makes one room for it
      const key = crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
      const { room } = await api.post("/rooms", body, { "Idempotency-Key": key });
      keepLastRoom(body);
      await api.post(path`/rooms/${room.id}/seats/0`);
      this.app.go(path`#/room/${room.id}`);
    } catch (err) {
      toast(() => explain(err), "error");
    }
  }
}
