#!/usr/bin/env bash
# nimsim_trace.sh ARGS... - nimsim as tests/e2e/run_e2e.sh calls it, with
# --trace $NIMWEB_TRACE_DIR/NAME.trace added for a --script NAME.nims run,
# so the differential replays exactly the e2e sessions (their EEPROM
# preparation included).
set -u
real=${NIMWEB_NIMSIM:?the real nimsim}
dir=${NIMWEB_TRACE_DIR:?where the traces go}
name='' prev=''
for a in "$@"; do
    [ "$prev" = --script ] && name=$(basename "$a" .nims)
    prev=$a
done
if [ -n "$name" ]; then
    exec "$real" --trace "$dir/$name.trace" "$@"
fi
exec "$real" "$@"
