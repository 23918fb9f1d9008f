# make play without a terminal: a short session printed as text.
wait 50ms
send frame
tap LEFT
tap A
expect-uart press A 1
print-frame
