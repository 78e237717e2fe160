"""`dom.js` `morph`: a re-render that keeps the nodes that stay (so a press spanning it
still clicks) and never turns one control into another under the pointer."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# Runs in the page: builds a panel with h(), morphs it into a second render, and reports
# what stayed, what changed and which handler a click now reaches.
MORPH_CASES = """async () => {
  const { h, morph } = await import("/js/dom.js");
  const clicked = [];
  const box = document.createElement("div");
  document.body.append(box);
  const render = (n, action, disabled, pick) => [
    h("p", { class: `line n${n}` }, `render ${n}`),
    h("button", { "data-testid": "go", disabled, onClick: () => clicked.push(`go${n}`) },
      `go ${n}`),
    h("button", { "data-testid": "word", "data-action": action,
                  onClick: () => clicked.push(`w${action}`) }, "w"),
    h("select", {}, ["a", "b"].map((v) => h("option", { value: v, selected: v === pick }, v))),
    h("input", { name: "typed", value: `v${n}` }),
    n === 1 ? h("span", { class: "gone" }, "only in the first") : null,
  ];
  morph(box, render(1, 5, false, "a"));
  const [line, go, word, select, input] = box.children;
  input.focus();
  input.value = "typing";
  morph(box, render(2, 7, true, "b"));
  const disabledAfter = go.disabled;
  morph(box, render(3, 7, false, "b"));
  go.click();
  box.querySelector("[data-testid=word]").click();
  const out = {
    lineKept: box.children[0] === line, lineText: line.textContent, lineClass: line.className,
    goKept: box.children[1] === go, goText: go.textContent, disabledAfter,
    wordReplaced: box.children[2] !== word, select: select.value,
    selectKept: box.children[3] === select,
    typed: input.value, spanGone: box.querySelector(".gone") === null, count: box.children.length,
    clicked,
  };
  box.remove();
  return out;
}"""


def test_morph_keeps_what_stays_and_replaces_what_changed(page: Page, server: str) -> None:
    page.goto(server)
    out: dict[str, Any] = page.evaluate(MORPH_CASES)
    assert out["lineKept"] and out["lineText"] == "render 3" and out["lineClass"] == "line n3"
    assert out["goKept"] and out["goText"] == "go 3"
    assert out["disabledAfter"] is True  # the second render's state reached the kept node
    assert out["wordReplaced"], "a button for another action must be a new element"
    assert out["selectKept"] and out["select"] == "b"
    assert out["typed"] == "typing", "a focused field keeps what is being typed"
    assert out["spanGone"] and out["count"] == 5
    assert out["clicked"] == ["go3", "w7"], "a kept node runs the newest render's handler"


# Rows with `data-key` keep their node wherever the list moves them.
KEYED_CASES = """async () => {
  const { h, morph } = await import("/js/dom.js");
  const list = document.createElement("ul");
  document.body.append(list);
  const rows = (...keys) => keys.map((k) =>
    h("li", { "data-key": k, "data-room": k }, `room ${k}`));
  morph(list, rows("a", "b"));
  const [a, b] = list.children;
  morph(list, h("li", { class: "head" }, "head"), rows("c", "a", "b"));
  const order1 = [...list.children].map((e) => e.textContent);
  const keptA = list.children[2] === a && list.children[3] === b;
  morph(list, rows("b", "d"));
  const order2 = [...list.children].map((e) => e.textContent);
  const keptB = list.children[0] === b;
  list.remove();
  return { order1, keptA, order2, keptB };
}"""


def test_morph_keeps_keyed_rows_wherever_they_move(page: Page, server: str) -> None:
    page.goto(server)
    out: dict[str, Any] = page.evaluate(KEYED_CASES)
    assert out["order1"] == ["head", "room c", "room a", "room b"]
    assert out["keptA"], "a row the list moved down is the same node"
    assert out["order2"] == ["room b", "room d"]
    assert out["keptB"], "a row the list moved up is the same node"
