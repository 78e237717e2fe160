"""The first visit: the nickname dialog covers the page, so it offers the language switch
itself (its backdrop hid the header's, which a tap could not reach); the name typed so far
is kept across the switch. The rename dialog saves (保存), it does not enter."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_the_first_visit_switches_to_english_in_the_dialog(phone: Page, server: str) -> None:
    phone.goto(server)
    expect(phone.locator(".dialog h2")).to_have_text("欢迎来到花牌桌")
    phone.fill("input[name=nickname]", "Lee")
    phone.click("[data-testid=dialog-lang]")
    expect(phone.locator(".dialog h2")).to_have_text("Welcome to the huapai table")
    # the header behind the dialog too (it stayed 起个昵称 / 声音 / 动画 until the lobby)
    expect(phone.locator("[data-testid=lang]")).to_have_text("中文")
    assert phone.input_value("input[name=nickname]") == "Lee"
    submit = phone.locator(".nick-form button[type=submit]")
    expect(submit).to_have_text("Enter")
    box = submit.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390, box
    submit.click()
    phone.wait_for_selector("[data-testid=create]")
    expect(phone.locator("[data-testid=lang]")).to_have_text("中文")
    phone.click("[data-testid=nickname]")
    expect(phone.locator(".nick-form button[type=submit]")).to_have_text("Save")
    expect(phone.locator("[data-testid=dialog-lang]")).to_have_count(0)
