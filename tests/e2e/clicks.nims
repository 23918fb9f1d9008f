#! eeprom blank
#! clicks 20 2000
# Silent clicks (issue 11): every press clicks for the same time, whatever
# the phase of the 16 ms tick. Twenty RIGHT taps in the menu, spaced
# unevenly (the tick falls everywhere inside the press); clicks.py checks
# the VCD of the piezo pin: 20 clicks at 2 kHz, all the same length.
expect-uart LOG BOOT
wait 2500ms
tap RIGHT 55
wait 188ms
tap RIGHT 74
wait 70ms
tap RIGHT 63
wait 191ms
tap RIGHT 70
wait 197ms
tap RIGHT 77
wait 53ms
tap RIGHT 78
wait 40ms
tap RIGHT 98
wait 157ms
tap RIGHT 56
wait 178ms
tap RIGHT 54
wait 86ms
tap RIGHT 85
wait 157ms
tap RIGHT 74
wait 177ms
tap RIGHT 70
wait 138ms
tap RIGHT 80
wait 75ms
tap RIGHT 54
wait 199ms
tap RIGHT 49
wait 170ms
tap RIGHT 64
wait 40ms
tap RIGHT 82
wait 53ms
tap RIGHT 50
wait 188ms
tap RIGHT 42
wait 114ms
tap RIGHT 89
wait 44ms
wait 100ms
