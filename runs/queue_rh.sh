#!/bin/bash
# random < heuristic, every preset: heuristic,random,random (or 4 seats for maquefu: heuristic,random,random,random)
cd /work/wt-search
for gp in "xianniu lanzhou" "xianniu lanzhou-app" "xianniu fengxiang" "biegan gongan" "biegan gongan-app" "biegan danbiegan" "xiushan maquefu" "xiushan huangliufu" "xiushan shibafu" "xiushan bofu" "xiushan sanliufu"; do
  set -- $gp
  seats=$(.venv/bin/python -c "from huapai.core.registry import get_game; g=get_game('$1'); print(g.num_seats(g.rules('$2')))")
  bots="heuristic"; for i in $(seq 2 $seats); do bots="$bots,random"; done
  start=$(date +%s)
  nice -n 10 .venv/bin/huapai arena $1 --preset $2 --bots $bots --deals 100 --seed 1 --workers 1 --json > runs/rh_$2.json 2> runs/rh_$2.err
  echo "$1 $2 $bots $(( $(date +%s) - start )) s" >> runs/rh.log
done
