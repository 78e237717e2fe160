"""Experiment runner: the arena with BUDGETS patched (not committed code)."""
import sys, json, time, dataclasses
import huapai.bots.search as S
spec = json.loads(sys.argv[1])  # {"level": "普通", "schedule": ..., "per_alternative": ..}
lvl = spec.pop("level")
S.BUDGETS = {**S.BUDGETS, lvl: dataclasses.replace(S.BUDGETS[lvl], **spec)}
from huapai.cli import main
sys.argv = ["huapai", "arena", *sys.argv[2:]]
main()
