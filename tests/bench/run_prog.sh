#!/usr/bin/env bash
# run_prog.sh NIMSIM ELF KIND OUT - runs an on-target bench program to its
# end under the simulator, its markers piped into reply_stats.py, and writes
# the figures (bench lines) to OUT. KIND: 1 or 4 (reply, modules) or baseline.
set -euo pipefail
sim=$1 elf=$2 kind=$3 out=$4
dir=$(dirname "$out")
base=$(basename "$out" .txt)
# 60 G cycles: an hour of the chip's time, far more than any run needs; a
# hung program fails instead of running forever.
"$sim" --fast --until-done --max-cycles 60000000000 --uart-out "$dir/$base.uart" --marks - "$elf" \
    2> "$dir/$base.log" \
    | python3 tests/bench/reply_stats.py "$kind" "$dir/$base.uart" > "$out.tmp"
mv "$out.tmp" "$out"
