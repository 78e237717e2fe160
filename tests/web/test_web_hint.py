"""提示 in the browser: first what 托管 would play (the server's house bot, from the seat's
own view) — its cards selected, ready to play, or its word marked — then, pressed again,
the legal plays one by one (a play-tester found 提示 only walked the hand left to right)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from web_driver import counter, create_room, enter, start_with_bots, take_turn, wait_turn_or_end

OWN_SERVER = True  # conftest's ``server``: one of this module's own


def _advised(page: Page) -> str:
    """After 提示: "play" (cards selected, the play button ready) or "word" (one marked)."""
    page.wait_for_function("""() => document.querySelector('[data-testid=play].ready')
        || document.querySelector('.btn.word.advised')""")
    return "word" if page.locator(".btn.word.advised").count() else "play"


@pytest.mark.parametrize(("game", "preset"), [("xianniu", "lanzhou"), ("xiushan", "maquefu"),
                                             ("biegan", "gongan")])
def test_hint_shows_what_tuoguan_would_play(page: Page, game: str, preset: str,
                                            server: str) -> None:
    enter(page, server, f"提示{preset}")
    create_room(page, preset=preset, game=game)
    start_with_bots(page)
    rng, seen = random.Random(5), set()
    for _ in range(40):
        if wait_turn_or_end(page, 30000) == "end":
            break
        hint = page.locator("[data-testid=hint]")
        if not hint.count():
            take_turn(page, rng)
            continue
        before = counter(page)
        hint.click()
        kind = _advised(page)
        seen.add(kind)
        if kind == "word":
            expect(page.locator("[data-testid=prompt]")).to_contain_text("托管会这样打")
            words = page.locator(".btn.word")
            if not page.locator("[data-testid=play]").count() and words.count() > 1:
                # a claim window (碰 / 过): pressed again, the mark goes on to another word
                first = page.locator(".btn.word.advised").get_attribute("data-action")
                if game == "biegan":  # each word says what it does (过：不要这张 …)
                    tips = [words.nth(i).get_attribute("title") or "" for i in range(words.count())]
                    assert all("：" in tip for tip in tips), tips
                hint.click()
                expect(page.locator("[data-testid=prompt]")).to_contain_text("也可以")
                expect(page.locator(".btn.word.advised")).not_to_have_attribute(
                    "data-action", first or "")
                seen.add("cycled")
            page.locator(".btn.word.advised").click()
        else:  # the prompt says it is 托管's pick, not just a playable one
            expect(page.locator("[data-testid=prompt]")).to_contain_text("托管会这样打")
            page.click("[data-testid=play].ready")
        page.wait_for_function(f"() => document.querySelector('[data-testid=felt]')"
                               f".dataset.counter !== '{before}'")
        if seen == {"word", "play", "cycled"}:
            break
    assert seen  # (which kinds a deal asks for depends on the deal it is dealt)
    if game == "biegan":  # its deals ask 对 / 过 often (麻雀福's 碰 is forced: no choice)
        assert "cycled" in seen, seen
