"""``huapai verify RECORD``: a record's fair shuffle checked offline, said in the
command's language (the checks are :func:`huapai.server.fairness.verify_text`'s)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from huapai.server.fairness import DealCheck, verify_text

from .i18n import Lang
from .replay import read_record


def run_verify(path: Path, lang: Lang, console: Console) -> int:
    """Print each deal's check; 0 when every seed keeps its commitment, else 1."""
    zh = lang == "zh"
    report = verify_text(read_record(path))
    for problem in report.problems:
        console.print(Text(f"✗ {problem.text(lang)}", style="red"))
    for deal in report.deals:
        _show_deal(deal, lang, console)
    if not report.ok:
        console.print(Text("验证失败" if zh else "verification FAILED", style="bold red"))
        return 1
    console.print(Text("验证通过：每局的种子都与开局的承诺相符，并发出记录里的牌" if zh else
                       "verified: every seed matches its commitment and deals the record",
                       style="bold green"))
    return 0


def _show_deal(deal: DealCheck, lang: Lang, console: Console) -> None:
    zh, n = lang == "zh", deal.index + 1
    commitment = deal.commitment or ("无" if zh else "none")
    seed = "—" if deal.seed is None else deal.seed
    line = (f"第 {n} 局：种子 {seed}，承诺 {commitment}" if zh else
            f"deal {n}: seed {seed}, commitment {commitment}")
    console.print(Text(("✓ " if deal.ok else "✗ ") + line, style="" if deal.ok else "red"))
    if deal.server_seed is not None and deal.nonces is not None:
        seats = [str(i) for i, nonce in enumerate(deal.nonces) if nonce] or ["—"]
        console.print(Text(
            f"    服务器种子 {deal.server_seed}；出了随机数的座位：{'、'.join(seats)}"
            "（没出的座位不影响发牌）" if zh else f"    server seed {deal.server_seed}; nonces "
            f"from seats {', '.join(seats)} (a seat that sent none contributed nothing)"))
    for problem in deal.problems:
        console.print(Text(f"    {problem.text(lang)}", style="red"))
