#!/bin/bash
# A/B: 普通 = UCB (as committed), 高手 patched = paired sequential halving at 48 rollouts, one alternative per 16
cd /work/wt-search
while pgrep -f queue_rh.sh > /dev/null; do sleep 5; done
start=$(date +%s)
nice -n 10 .venv/bin/python runs/variant.py '{"level":"高手","iterations":48,"schedule":"halving","per_alternative":16}' xianniu --preset lanzhou --bots search:普通,search:高手,heuristic --deals 40 --seed 11 --workers 1 --json > runs/ab_lanzhou.json 2> runs/ab_lanzhou.err
echo "ab lanzhou $(( $(date +%s) - start )) s" >> runs/ab.log
