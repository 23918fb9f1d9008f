#!/usr/bin/env bash
# run_prog.sh NIMSIM ELF KIND OUT [CAP] - runs an on-target bench program to
# its end under the simulator, its markers piped into reply_stats.py, and
# writes the figures (bench lines) to OUT. KIND: 1 or 4 (reply, modules),
# octal1 or octal4 (octal, modules) or baseline. CAP: the simulated cycles
# after which a hung program fails instead of running forever; 60 G (an hour
# of the chip's time) unless given. make bench's reply programs are given one
# sized from make test's sample (tests/bench/bench.mk): their length grows
# with the games.
set -euo pipefail
sim=$1 elf=$2 kind=$3 out=$4 cap=${5:-60000000000}
dir=$(dirname "$out")
base=$(basename "$out" .txt)
if ! "$sim" --fast --until-done --max-cycles "$cap" --uart-out "$dir/$base.uart" --marks - "$elf" \
        2> "$dir/$base.log" \
        | python3 tests/bench/reply_stats.py "$kind" "$dir/$base.uart" > "$out.tmp"; then
    echo "bench: $elf did not finish (cap $cap cycles):" >&2
    sed 's/^/    /' "$dir/$base.log" >&2
    exit 1
fi
mv "$out.tmp" "$out"
