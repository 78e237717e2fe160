"""秀山 with 必须碰: a card turned up that my hand can 碰 is taken for me without a question;
the browser's log says （必须的） of my own forced 碰 / 开召 / 鸡, as the terminal's does — and
not of another seat's, of my own 碰 where the rules force none, or in a replay's neutral
words (no seat is 你)."""

from __future__ import annotations

from playwright.sync_api import Page

_SAY = """async ([lang, forced, me]) => {
  const i18n = await import('/js/i18n.js');
  const { default: xiushan } = await import('/js/games/xiushan.js');
  i18n.setLang(lang);
  const ctx = { me, name: (s) => (s === me ? '你' : 'S' + s), legal: [] };
  const view = { forced_claims: forced };
  const laid = { kind: 'laid', seat: 0, group: '碰', card: '七', size: 3, hidden: false,
                 from_seat: 3 };
  const answered = { kind: 'answered', seat: 0, answer: '碰' };
  return [laid, { ...laid, seat: 2 }, { ...laid, group: '哨', from_seat: null, hidden: true,
          card: null }, answered].map((ev) => xiushan.eventText(ev, ctx, view));
}"""


def test_my_forced_claim_says_it_was_forced(page: Page, server: str) -> None:
    page.goto(server + "/")
    # my forced answer is not said as mine (你 答：碰 read as a press I never made)
    assert page.evaluate(_SAY, ["zh", True, 0]) == [
        "你 碰 七七七（必须的）", "S2 碰 七七七", "你 哨（撲）", None]
    # English says what happened with a verb (阿甲 碰 九九九 told an English reader nothing)
    assert page.evaluate(_SAY, ["en", True, 0]) == [
        "你 claims 七七七 (碰, forced)", "S2 claims 七七七 (碰)", "你 lays a 哨 face down", None]
    assert page.evaluate(_SAY, ["zh", False, 0])[::3] == ["你 碰 七七七", "你 答：碰"]
    assert page.evaluate(_SAY, ["zh", True, None])[0] == "S0 碰 七七七"
