"""``huapai verify RECORD``: a record's fair shuffle checked offline, said in the
command's language (the checks are :func:`huapai.server.fairness.verify_text`'s)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from huapai.server.fairness import DealCheck, VerifyReport, verify_text

from .i18n import Lang
from .replay import read_record

UNVERIFIABLE = 3
"""The exit code of a record with no commitment to check (a local game's): not 0 — nothing
was verified — and not 1, a failed check (a script could not tell the two apart)."""


def run_verify(path: Path, lang: Lang, console: Console) -> int:
    """Print each deal's check; 0 when every seed keeps its commitment, ``UNVERIFIABLE``
    (3) when the record carries none and is otherwise sound, else 1."""
    zh = lang == "zh"
    report = verify_text(read_record(path))
    for problem in report.problems:
        console.print(Text(f"✗ {problem.text(lang)}", style="red"))
    for deal in report.deals:
        _show_deal(deal, lang, console)
    if unverifiable(report):
        console.print(Text("无法验证：记录里没有开局承诺（本机 huapai play、simulate 或 arena 的"
                           "对局没有；只有在服务器上打的牌局才有）——这不说明记录被改过" if zh else
                           "cannot verify: the record carries no commitment (a local huapai "
                           "play, simulate or arena game has none; only games played on a "
                           "server do) — this does not mean it was altered",
                           style="bold yellow"))
        if any(deal.seed is not None for deal in report.deals):
            console.print(Text("记录里的种子确实发出记录里的牌，动作也重放得下去（这只说明记录前后一致，"
                               "不说明洗牌公平）" if zh else "the record's seeds do deal its "
                               "cards and its actions replay (the record is consistent; that "
                               "says nothing of a fair shuffle)"))
        return UNVERIFIABLE
    if not report.ok:
        console.print(Text("验证失败" if zh else "verification FAILED", style="bold red"))
        return 1
    if any(deal.server_seed is not None for deal in report.deals):
        said = ("验证通过：每局的服务器种子都与开局承诺相符，发牌种子由它和各家的随机数算出，并发出"
                "记录里的牌" if zh else "verified: every server seed matches its commitment, "
                "every deal seed follows from it and the nonces and deals the record")
    else:  # a record from before nonces: its seed is the committed one
        said = ("验证通过：每局的种子都与开局承诺相符，并发出记录里的牌" if zh else
                "verified: every seed matches its commitment and deals the record")
    console.print(Text(said, style="bold green"))
    return 0


def unverifiable(report: VerifyReport) -> bool:
    """Nothing to check: the record parses, and no deal of it carries a commitment (a
    local game's record) — not a failed check."""
    return (not report.problems and bool(report.deals)
            and all(_uncommitted(deal) for deal in report.deals))


def _uncommitted(deal: DealCheck) -> bool:
    return deal.commitment is None and all(
        p.code in ("no_commitment", "no_seed") for p in deal.problems)


def _show_deal(deal: DealCheck, lang: Lang, console: Console) -> None:
    zh, n = lang == "zh", deal.index + 1
    commitment = deal.commitment or ("无" if zh else "none")
    seed = "—" if deal.seed is None else deal.seed
    line = (f"第 {n} 局：发牌种子 {seed}，开局承诺 {commitment}" if zh else
            f"deal {n}: deal seed {seed}, commitment {commitment}")
    mark, style = ("✓ ", "") if deal.ok else ("– ", "yellow") if _uncommitted(deal) else (
        "✗ ", "red")
    console.print(Text(mark + line, style=style))
    if deal.server_seed is not None and deal.nonces is not None:
        seats = [str(i) for i, nonce in enumerate(deal.nonces) if nonce] or ["—"]
        # the server seed is what hashes to the commitment, the deal seed is mixed from it
        # (a skeptic hashed the deal seed, read beside the commitment, and it did not match)
        console.print(Text(
            f"    服务器种子 {deal.server_seed}（开局承诺是它的哈希）；出了随机数的座位："
            f"{'、'.join(seats)}（没出的座位不影响发牌；发牌种子由服务器种子和这些随机数算出）"
            if zh else f"    server seed {deal.server_seed} (the commitment is its hash); "
            f"nonces from seats {', '.join(seats)} (a seat that sent none contributed nothing; "
            "the deal seed is mixed from the server seed and these)"))
    if _uncommitted(deal):
        return  # said once for the record, below the deals
    for problem in deal.problems:
        console.print(Text(f"    {problem.text(lang)}", style=style))
