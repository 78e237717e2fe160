"""``python -m huapai.native``: which engine modules run compiled, and the mode."""

from __future__ import annotations

from . import pure_forced, status


def main() -> int:
    """``python -m huapai.native``: which modules run compiled."""
    rows = status()
    for name, is_compiled in rows.items():
        print(f"{'compiled' if is_compiled else 'pure    '}  {name}")
    mode = "pure (HUAPAI_PURE)" if pure_forced() else (
        "compiled" if all(rows.values()) else "pure" if not any(rows.values()) else "mixed")
    print(f"engine core: {mode}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
