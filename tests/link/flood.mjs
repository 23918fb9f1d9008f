// flood.mjs - link_flood.c's host on the second simulator (avr8js, the web
// page's runner): lines sent under the streaming rule the moment a reply
// frees room, for SECONDS of simulated time. Issue 24's stall is the
// firmware's, not simavr's: a firmware that reads the UART until its ring
// is empty is restarted by its watchdog here too ("LOG BOOT 8"), and the
// fixed one is not.
//
// usage: node tests/link/flood.mjs BOARD_DEFS HEX SECONDS [LINE]
// exit 1 on a restart or a reply count that does not match.
import { readFileSync } from 'node:fs';
import { Board, boardFromDefines } from '../../sim/web/src/runner.js';
import { EepromStore } from '../../sim/web/src/eeprom.js';
import { hexToFlash } from '../../sim/web/src/hex.js';

const [defs, hex, seconds, line = 'VER'] = process.argv.slice(2);
if (!hex || !seconds) {
    console.error('usage: node tests/link/flood.mjs BOARD_DEFS HEX SECONDS [LINE]');
    process.exit(2);
}
const board = boardFromDefines(readFileSync(defs, 'utf8'));
const flash = hexToFlash(readFileSync(hex, 'utf8'), board.BOARD_FLASH_BYTES).words;
const b = new Board({ flash, board, eeprom: new EepromStore(board.BOARD_EEPROM_BYTES) });
const end = Number(seconds) * b.freq;
const bytes = (s) => Array.from(Buffer.from(s, 'latin1'));

let text = '', window = 0, inflight = 0, sent = 0, answered = 0, boots = 0;
const restarts = [];
b.onUartByte = (byte) => {
    if (byte !== 10) {
        text += String.fromCharCode(byte);
        return;
    }
    const got = text;
    text = '';
    const boot = got.indexOf('LOG BOOT');       // a restart may cut a reply short
    if (boot >= 0) {
        if (boots++)
            restarts.push(`${got.slice(boot)} after ${answered} lines, at ${(b.cycles / b.freq * 1000).toFixed(0)} ms`);
    } else if (got.startsWith('OK ') || got.startsWith('ERR')) {
        if (!window) {
            window = Number((/ RX (\d+)/.exec(got) || [])[1] || 0);
        } else if (inflight) {
            inflight--;
            answered++;
        }
    }
};
b.uartSend(bytes('VER\n'));
while (b.cycles < end) {
    b.run(b.cycles + 2000);
    while (window && (inflight + 1) * (line.length + 1) <= window) {
        b.uartSend(bytes(line + '\n'));
        inflight++;
        sent++;
    }
}
for (const r of restarts)
    console.log(`flood (avr8js): ${r}`);
console.log(`flood (avr8js): ${line} for ${seconds} s: ${sent} lines sent, ${answered} answered, ` +
    `${inflight} in flight, ${restarts.length} restarts`);
if (!window || restarts.length || answered + inflight !== sent) {
    console.log('flood (avr8js): FAIL');
    process.exit(1);
}
