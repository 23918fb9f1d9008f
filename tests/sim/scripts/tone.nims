# Timer1 CTC toggle on OC1A at 440 Hz (OCR1A = 2272, /8), then 1000 Hz.
expect-uart fw_board ready
send tone 440 100
expect-tone 440 1 within 50
send tone 1000 50
expect-tone 1000 2
