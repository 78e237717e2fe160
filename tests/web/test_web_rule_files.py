"""A club's 名堂表 in the browser: on a server whose operator offers rule files
(``huapai serve --rule-files DIR``) the lobby's 名堂表 is a choice among them (内置 first),
never a typed path, and the room's own rules (本房规则) name the file chosen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web_driver import enter

from conftest import serving
from huapai.games.xiushan import mingtang

BOFU = Path(mingtang.__file__).parent / "data" / "bofu_mingtang.toml"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("club-tables")
    (folder / "bofu-club.toml").write_text(BOFU.read_text(encoding="utf-8"), encoding="utf-8")
    with serving(tmp_path_factory, rule_files=str(folder)) as base:
        yield base


def test_the_lobby_offers_the_operators_tables(page: Page, server: str) -> None:
    enter(page, server, "牌社")
    page.select_option("select[name=game]", value="xiushan")
    page.wait_for_selector("select[name=preset] option[value='bofu']", state="attached")
    page.select_option("select[name=preset]", value="sanliufu")
    page.click("details.rule-options summary")
    table = page.locator("select[name=rule-mingtang_table]")
    # a 钵福 table is not offered for 三六福 (it was, and refused once chosen: a play-test)
    assert table.locator("option").all_inner_texts() == ["内置"]
    # … but is under 计分 油子×翻, whatever the preset; and is let go when 计分 changes back
    page.select_option("select[name=rule-hand_value]", value="fan")
    expect(table.locator("option")).to_have_text(["内置", "bofu-club.toml"])
    table.select_option("bofu-club.toml")
    page.select_option("select[name=rule-hand_value]", value="mingtang")
    expect(table.locator("option")).to_have_text(["内置"])
    page.select_option("select[name=rule-hand_value]", value="fan")
    expect(table).to_have_value("")  # not chosen again by itself
    page.select_option("select[name=preset]", value="bofu")
    assert table.locator("option").all_inner_texts() == ["内置", "bofu-club.toml"]
    assert page.locator("input[name=rule-mingtang_table]").count() == 0  # never typed
    table.select_option("bofu-club.toml")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=waiting]")
    expect(page.locator("[data-testid=room-rules]")).to_contain_text("bofu-club.toml")
    # what the table holds, under its name (a club's friends saw only the name: a play-test)
    rows = page.locator("[data-testid=file-rows-mingtang_table]")
    rows.locator("summary").click()
    expect(rows).to_contain_text("bofu-club.toml 里有什么")
    expect(rows.locator("tr").first).to_contain_text("天福")
    expect(rows.locator("tr").first).to_contain_text("翻")
