"""The test driver's own word press: a word that vanished because the state moved on
without my answer is reported, not waited for until the click times out (the race a
fresh-clone run met in the 钵福 test)."""

from __future__ import annotations

from playwright.sync_api import Page
from web_driver import press_word

_TABLE = """<div data-testid=felt data-counter="1"></div>
<button data-testid=word data-action="3">过</button>
<script>
  const felt = document.querySelector("[data-testid=felt]");
  document.querySelector("button").addEventListener("click", () => { felt.dataset.counter = "2"; });
</script>"""

_MOVE_ON = """() => {
  document.querySelector("[data-testid=word]").remove();
  document.querySelector("[data-testid=felt]").dataset.counter = "2";
}"""


def test_a_shown_word_is_pressed(page: Page) -> None:
    page.set_content(_TABLE)
    assert press_word(page, 3) is True
    assert page.get_attribute("[data-testid=felt]", "data-counter") == "2"


def test_a_word_gone_with_the_state_moved_on_is_reported(page: Page) -> None:
    page.set_content(_TABLE)
    page.evaluate(_MOVE_ON)
    assert press_word(page, 3) is False


def test_a_word_not_yet_pressable_is_still_pressed(page: Page) -> None:
    """A word on the page but disabled for longer than the stale wait is pressed when it
    can be: only a word that is gone sends the caller back to read the page."""
    page.set_content(_TABLE.replace("<button ", "<button disabled "))
    page.evaluate("""() => setTimeout(() => {
      document.querySelector("[data-testid=word]").disabled = false; }, 6000)""")
    assert press_word(page, 3) is True
