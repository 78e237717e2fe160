"""秀山's 大小字 cards and table in the browser (issue 10 §1, §4): the 80 cards drawn as
players know them (small on ivory, big on buff in a heavy frame, red 二七十 / 贰柒拾), the
renderer's forced group and waits from a view, and a whole 十八福 deal played by clicks on
a desktop and by taps on a phone (and a four-seat 麻雀福 deal on a phone) with the table's
geometry checked at every one of my turns: no seat's plate, groups or discards run into
another's or into the centre's pieces, the hand fits the screen, and every card's
character is drawn large enough to read."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from test_web_biegan import ServerErrors
from test_web_xiushan import xiushan_turn
from web_driver import create_room, enter, shot, start_with_bots, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own


SMALL, BIG = "一二三四五六七八九十", "壹贰叁肆伍陆柒捌玖拾"
RED = set("二七十贰柒拾")

_FACES = """async () => {
  const { daziCard, daziFace } = await import("/js/cards/dazi.js");
  const out = [];
  for (const token of [..."一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾弍参"]) {
    const el = daziCard(token, { height: 124 });
    const rects = el.querySelectorAll("rect");
    out.push({ token, face: daziFace(token), fill: rects[0].getAttribute("fill"),
               frame: Number(rects[1].getAttribute("stroke-width")),
               ink: el.querySelector("text").getAttribute("fill"),
               glyphs: [...el.querySelectorAll("text")].map((t) => t.textContent),
               cls: el.getAttribute("class") });
  }
  return out;
}"""


def test_big_and_small_cards_differ_at_a_glance(page: Page, server: str) -> None:
    page.goto(server)
    faces: list[dict[str, Any]] = page.evaluate(_FACES)
    by_token = {f["token"]: f for f in faces}
    small_fill = {by_token[c]["fill"] for c in SMALL}
    big_fill = {by_token[c]["fill"] for c in BIG}
    assert len(small_fill) == len(big_fill) == 1 and small_fill != big_fill
    assert min(by_token[c]["frame"] for c in BIG) > 3 * max(by_token[c]["frame"] for c in SMALL)
    for token in SMALL + BIG:
        f = by_token[token]
        assert f["glyphs"] == [token, token], token  # top, and upside down at the bottom
        assert f["face"]["big"] == (token in BIG)
        assert ("dazi-big" in f["cls"]) == (token in BIG)
    assert {by_token[c]["ink"] for c in RED} == {"#c0262d"}
    assert {by_token[c]["ink"] for c in set(SMALL + BIG) - RED} == {"#1d1b19"}
    # the notation's other spellings of big two and three draw those cards
    assert by_token["弍"]["glyphs"][0] == "贰" and by_token["参"]["glyphs"][0] == "叁"
    # what a screen reader says is in the page's language (English read 一（小）)
    said = page.evaluate("""async () => {
      const { daziCard } = await import("/js/cards/dazi.js");
      const { setLang } = await import("/js/i18n.js");
      const label = (t) => daziCard(t, { height: 60 }).getAttribute("aria-label");
      const zh = [label("一"), label("柒")];
      setLang("en");
      const en = [label("一"), label("柒")];
      setLang("zh");
      return { zh, en };
    }""")
    assert said == {"zh": ["一（小）", "柒（大·红）"], "en": ["一 (small 1)", "柒 (big 7, red)"]}


_RENDER = """async ([view, legal]) => {
  const { xiushan, forcedGroup } = await import("/js/games/xiushan.js");
  const ctx = { me: 0, legal, name: (s) => `座${s}` };
  const holder = document.createElement("div");
  holder.append(xiushan.center(view, ctx), xiushan.seatDetail(view, 0, ctx) ?? "");
  document.body.append(holder);
  const waits = [...holder.querySelectorAll(".xs-wait")].map((w) => ({
    card: w.dataset.card, note: w.querySelector(".xs-wait-note").textContent,
    drawn: w.querySelector(".card-svg").getAttribute("aria-label") }));
  const label = (sel) => holder.querySelector(`${sel} .card-svg`)?.getAttribute("aria-label");
  const out = { forced: forcedGroup(legal), center: holder.querySelector(".bg-center").textContent,
                offer: label("[data-testid=offer]"), flipped: label("[data-testid=flipped]"),
                waits, prompt: xiushan.prompt(view, ctx), auto: xiushan.autoText(view, ctx) };
  holder.remove();
  return out;
}"""


_KINDS = {"过": "pass", "胡": "hu", "碰": "peng", "开召": "kaizhao", "鸡": "ji", "哨": "shao",
          "龙灯": "longdeng"}


def _render(page: Page, view: dict[str, Any], legal: list[str]) -> dict[str, Any]:
    """The renderer's pieces for ``view`` with these legal actions (as legal_info: by kind;
    the label's words are not what the renderer reads)."""
    info = [{"id": i, "kind": _KINDS[word], "label": {"zh": "?", "en": "?"}}
            for i, word in enumerate(legal)]
    out: dict[str, Any] = page.evaluate(_RENDER, [view, info])
    return out


def _view(**changes: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "phase": "window", "dealer": 1, "active": [0, 1, 2], "stock": 12, "flipped": "八",
        "jiang": "玖九", "threshold": 18, "melds": [[], [], []], "rivers": ["", "", ""],
        "offer": {"seat": 1, "card": "贰", "drawn": False}, "my_melds": [],
        "my_waits": [], "hand": "",
    }
    return {**view, **changes}


def test_the_renderer_shows_the_offer_what_is_forced_and_the_waits(page: Page,
                                                                   server: str) -> None:
    page.goto(server)
    forced = _render(page, _view(), ["碰"])
    assert forced["forced"] == "碰" and "必须碰" in forced["center"]
    assert forced["prompt"].startswith("必须碰")
    assert forced["offer"] == "贰（大·红）" and forced["flipped"] == "八（小）"
    assert "将 玖九" in forced["center"] and forced["waits"] == []
    free = _render(page, _view(), ["过", "碰"])
    assert free["forced"] is None and "必须" not in free["center"]
    hu = _render(page, _view(), ["胡", "碰"])
    assert hu["forced"] is None
    drawn = _render(page, _view(phase="drawn", offer={"seat": 0, "card": "七", "drawn": True}),
                    ["哨"])
    assert drawn["forced"] == "哨" and "必须撲哨" in drawn["center"]
    assert drawn["offer"] == "七（小·红）"
    # the line shown while the server makes a seat's only answer for it (Game.automatic)
    assert forced["auto"] == "必须碰，稍候自动碰" and drawn["auto"] == "必须撲哨，稍候自动撲哨"
    nothing = _render(page, _view(phase="drawn", offer={"seat": 0, "card": "七", "drawn": True}),
                      ["过"])
    assert nothing["forced"] is None and nothing["auto"] == "起的牌成不了组，稍候自动过"
    assert _render(page, _view(), ["过"])["auto"] == "没有可要的牌，稍候自动过"
    waits = [{"card": "三", "score": 5, "youzi": 24, "score_self_drawn": 6,
              "youzi_self_drawn": 24, "remaining": 2},
             {"card": "陆", "score": None, "youzi": None, "score_self_drawn": 3,
              "youzi_self_drawn": 19, "remaining": 4}]
    waiting = _render(page, _view(my_waits=waits), ["过"])
    assert [(w["card"], w["note"]) for w in waiting["waits"]] == [
        ("三", "5豆·自摸6·剩2"), ("陆", "自摸3豆·剩4")]  # self-drawn where it differs
    assert [w["drawn"] for w in waiting["waits"]] == ["三（小）", "陆（大）"]


_GEOMETRY = """() => {
  // what is drawn: each seat's plate, groups, discards and waits; each piece of the centre
  const felt = document.querySelector("[data-testid=felt]");
  const pieces = [];
  for (const seat of felt.querySelectorAll(".seat")) {
    for (const el of seat.querySelectorAll(".plate, .meld, .river, .xs-waits")) {
      pieces.push({ name: `seat ${seat.dataset.seat} ${el.className}`, group: seat.dataset.seat,
                    r: el.getBoundingClientRect() });
    }
  }
  for (const el of felt.querySelectorAll("[data-testid=center] .bg-center > *")) {
    pieces.push({ name: `centre ${el.className}`, group: "centre", r: el.getBoundingClientRect() });
  }
  const status = felt.querySelector("[data-testid=status]");
  if (status) pieces.push({ name: "status", group: "status", r: status.getBoundingClientRect() });
  const overlaps = [];
  for (let i = 0; i < pieces.length; i++) for (let j = i + 1; j < pieces.length; j++) {
    const a = pieces[i].r, b = pieces[j].r;
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1 && a.width && b.width) {
      overlaps.push(`${pieces[i].name} / ${pieces[j].name}`);
    }
  }
  const glyph = (svg) => svg.querySelector("text.card-name").getBoundingClientRect().height;
  const hand = [...document.querySelectorAll("[data-testid=hand] .card-svg.dazi")];
  const width = document.documentElement.clientWidth;
  const table = [...felt.querySelectorAll(
    ".meld .card-svg.dazi, [data-testid=offer] .card-svg.dazi")];
  const river = [...felt.querySelectorAll(".river .card-svg.dazi")];
  const off = (c) => {
    const r = c.getBoundingClientRect();
    return r.left < -1 || r.right > width + 1;
  };
  return {
    overlaps,
    hand: hand.length, handGlyph: Math.min(...hand.map(glyph)),
    tableCards: table.length, tableGlyph: Math.min(...table.map(glyph)),
    riverCards: river.length, riverGlyph: Math.min(...river.map(glyph)),
    outside: hand.filter(off).length,
    scrolls: document.documentElement.scrollWidth > width + 1,
  };
}"""


def _check_geometry(page: Page, hand_glyph: float, river_glyph: float = 0) -> dict[str, Any]:
    g: dict[str, Any] = page.evaluate(_GEOMETRY)
    assert g["overlaps"] == [], g
    assert g["hand"] > 0 and g["handGlyph"] >= hand_glyph, g
    if g["tableCards"]:
        assert g["tableGlyph"] >= 9, g
    if g["riverCards"]:  # the discards' top character (a phone's were ≈ 8 × 10 px)
        assert g["riverGlyph"] >= river_glyph, g
    assert g["outside"] == 0 and not g["scrolls"], g
    return g


def _play_checked(page: Page, server: str, *, tap: bool, hand_glyph: float,
                  shots: Path | None, name: str, preset: str = "shibafu",
                  river_glyph: float = 0) -> None:
    errors = ServerErrors(page)
    enter(page, server, f"秀山{name}")
    create_room(page, game="xiushan", preset=preset)
    start_with_bots(page)
    rng = random.Random(5)
    turns = table_seen = 0
    for _ in range(300):
        if wait_turn_or_end(page) == "end":
            break
        page.wait_for_timeout(150)  # the deal animation and the hand's layout settle
        table_seen = max(table_seen,
                         _check_geometry(page, hand_glyph, river_glyph)["tableCards"])
        if turns == 6:
            shot(page, shots, f"xiushan-{name}-play")
        xiushan_turn(page, rng, tap=tap)
        turns += 1
    expect(page.locator("[data-testid=settlement]")).to_be_visible()
    # a deal may end after a few real choices: 过 on one's own card and forced groups are
    # made by the server (Game.automatic), so only discards and 胡-or-not are counted here
    assert turns > 0 and table_seen > 0
    assert errors.seen == [], errors.seen


def test_a_whole_deal_by_clicks_on_a_desktop(page: Page, server: str,
                                              shots: Path | None) -> None:
    _play_checked(page, server, tap=False, hand_glyph=18, shots=shots, name="desk")


def test_a_whole_deal_by_taps_on_a_phone(phone: Page, server: str,
                                          shots: Path | None) -> None:
    _play_checked(phone, server, tap=True, hand_glyph=12, shots=shots, name="phone",
                  river_glyph=12)


def test_four_at_the_table_on_a_phone(phone: Page, server: str, shots: Path | None) -> None:
    """麻雀福's four seats on a phone (the other three in the table's strip across the
    top): nothing overlaps there either."""
    _play_checked(phone, server, tap=True, hand_glyph=12, shots=shots, name="phone4",
                  preset="maquefu", river_glyph=12)
