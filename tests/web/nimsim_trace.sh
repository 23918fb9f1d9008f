#!/usr/bin/env bash
# nimsim_trace.sh ARGS... - nimsim as tests/e2e/run_e2e.sh calls it, with
# --trace $NIMWEB_TRACE_DIR/NAME.trace added for a --script NAME.nims run,
# so the differential replays exactly the e2e sessions (their EEPROM
# preparation included). Each session then rests a second: a script may
# end in the middle of a save, where a write that starts a few hundred
# cycles sooner in one simulator (a tick's phase, a command's last byte)
# is in its EEPROM image and not yet in the other's; at rest both hold
# every save, and the images and the counts of writes compare exactly.
set -u
real=${NIMWEB_NIMSIM:?the real nimsim}
dir=${NIMWEB_TRACE_DIR:?where the traces go}
name='' prev='' args=()
for a in "$@"; do
    if [ "$prev" = --script ]; then
        name=$(basename "$a" .nims)
        { cat "$a"; printf '%s\n' '# (nimsim_trace.sh: at rest, every save written)' 'wait 1s'; } > "$dir/$name.rest.nims"
        a=$dir/$name.rest.nims
    fi
    args+=("$a")
    prev=$a
done
if [ -n "$name" ]; then
    exec "$real" --trace "$dir/$name.trace" "${args[@]}"
fi
exec "$real" "$@"
