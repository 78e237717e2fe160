"""docs/rules-options.md is exactly what scripts/gen_rules_doc.py prints, so it cannot go
stale when an option, its 中文 term, its source or a preset value changes."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from huapai.games.xianniu.rules import PRESETS, XianniuRules

ROOT = Path(__file__).resolve().parents[3]


def _generator() -> ModuleType:
    path = ROOT / "scripts" / "gen_rules_doc.py"
    spec = importlib.util.spec_from_file_location("gen_rules_doc", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_rules_doc_matches_the_generator() -> None:
    committed = (ROOT / "docs" / "rules-options.md").read_text(encoding="utf-8")
    assert committed == _generator().render(), "run: python scripts/gen_rules_doc.py"


def test_rules_doc_has_every_option_and_preset() -> None:
    text: str = _generator().render()
    for name, _default, zh, _doc, source in XianniuRules.describe():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{name}` |"))
        assert zh in row and source.split(";")[0] in row
    header = next(line for line in text.splitlines() if line.startswith("| option |"))
    assert all(f"| {preset} |" in header for preset in PRESETS)


def test_check_mode_detects_a_stale_doc(tmp_path: Path) -> None:
    module = _generator()
    doc = tmp_path / "rules-options.md"
    setattr(module, "DOC", doc)  # noqa: B010 - a module attribute mypy cannot see
    assert module.main(["--check"]) == 1
    assert module.main([]) == 0 and module.main(["--check"]) == 0
    doc.write_text(doc.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    assert module.main(["--check"]) == 1
