// bugs.mjs - every avr8js workaround of sim/web/src/fixes.js is needed:
// each check passes with the workaround and fails with the defect kept
// (as NIMSIM_KEEP_BUGS does for simavr in tests/sim). The firmware's own
// behaviour shows the defect where it can; the CPU-level rules (SRAM size,
// the instruction after SEI, watchdog reset) use a few hand-assembled words.
//
// usage: node tests/web/bugs.mjs BOARD_DEFS HEX
import { readFileSync } from 'node:fs';
import { Board, BUGS, boardFromDefines } from '../../sim/web/src/runner.js';
import { EepromStore } from '../../sim/web/src/eeprom.js';
import { hexToFlash } from '../../sim/web/src/hex.js';

const [defs, hexPath] = process.argv.slice(2);
if (!defs || !hexPath) {
    console.error('usage: node tests/web/bugs.mjs BOARD_DEFS HEX');
    process.exit(2);
}
const board = boardFromDefines(readFileSync(defs, 'utf8'));
const firmware = hexToFlash(readFileSync(hexPath, 'utf8'), board.BOARD_FLASH_BYTES).words;
const MS = board.BOARD_F_CPU / 1000;

function boot(keep, flash = firmware) {
    const b = new Board({ flash, board, eeprom: new EepromStore(board.BOARD_EEPROM_BYTES),
        keepBugs: new Set(keep ? [keep] : []) });
    b.text = '';
    b.onUartByte = (x) => { b.text += String.fromCharCode(x); };
    return b;
}

function tap(b, name, ms = 60) {
    const i = ['UP', 'DOWN', 'LEFT', 'RIGHT', 'A', 'B'].indexOf(name);
    b.setButton(i, true);
    b.run(b.cycles + ms * MS);
    b.setButton(i, false);
    b.run(b.cycles + ms * MS);
}

function send(b, line, ms = 100) {
    b.uartSend(Buffer.from(line + '\n', 'latin1'));
    b.run(b.cycles + ms * MS);
}

// A program of 16-bit words at address 0, the rest erased.
function program(words) {
    const f = new Uint16Array(board.BOARD_FLASH_BYTES / 2).fill(0xFFFF);
    f.set(words);
    return f;
}

// Each check: (keep) => [ok, what was seen]
const checks = {
    // USART: a byte waiting in UDR0 while the firmware writes UCSR0B (its
    // UDRE interrupt turning itself on and off while a long reply goes out)
    // must not be lost: HELP, then 0..19 spaces (to vary the phase) and
    // three VER lines that arrive while HELP's reply is being written,
    // twenty times: sixty VER replies, no error. (STATE then VER, the check
    // before the main loop read the UART a ring's worth a pass, no longer
    // met a UCSR0B write with a byte waiting.)
    rxc: (keep) => {
        const b = boot(keep);
        b.run(200 * MS);
        b.text = '';
        for (let i = 0; i < 20; i++)
            send(b, 'HELP\n' + ' '.repeat(i) + 'VER\nVER\nVER', 400);
        const n = (b.text.match(/\nOK VER NIM/g) || []).length;
        const err = b.text.match(/ERR[^\n]*/g) || [];
        return [n === 60 && !err.length, `${n} VER replies${err.length ? ', ' + err.join(', ') : ''}`];
    },
    // Power-on reset cause: PORF.
    porf: (keep) => {
        const b = boot(keep);
        b.run(100 * MS);
        const line = b.text.split('\n')[0];
        return [line === 'LOG BOOT 1 0', line];
    },
    // A tap of DOWN in the menu moves to the next item.
    pullup: (keep) => {
        const b = boot(keep);
        b.run(3500 * MS);
        tap(b, 'DOWN');
        b.text = '';
        send(b, 'STATE');
        const m = / MENU=(\d+)/.exec(b.text);
        return [!!m && m[1] === '1', m ? m[0].trim() : JSON.stringify(b.text)];
    },
    // The toy idles asleep: awake well under 5 % of the time.
    sleep: (keep) => {
        const b = boot(keep);
        b.run(2000 * MS);
        const share = b.awakeShare();
        return [share < 0.05, `awake ${(100 * share).toFixed(2)} %`];
    },
    // 2 KB of SRAM: the data space ends at RAMEND 0x8FF, where SP starts.
    sram: (keep) => {
        const b = boot(keep);
        return [b.cpu.SP === 0x8FF && b.cpu.data.length === 0x900,
            `SP 0x${b.cpu.SP.toString(16)}, data space ${b.cpu.data.length} B`];
    },
    // The instruction after SEI runs before a pending interrupt (datasheet
    // 7.7), and entering an interrupt takes 4 cycles: INT0 pending, then
    //   main: ldi r16,0; sei; inc r16; rjmp .     INT0: mov r17,r16; reti
    // the ISR must see r16 = 1.
    irq: (keep) => {
        const b = boot(keep, program([
            0xC03F, 0x0000,           // 0x00: rjmp 0x40
            0x2F10, 0x9518,           // 0x02: INT0: mov r17,r16; reti
        ].concat(new Array(0x3C).fill(0), [
            0xE000, 0x9478, 0x9503, 0xCFFF,   // 0x40: ldi r16,0; sei; inc r16; rjmp .
        ])));
        const cpu = b.cpu;
        cpu.data[0x69] = 0x03;        // EICRA: INT0 on a rising edge
        cpu.writeData(0x3D, 0x01);    // EIMSK: INT0 on
        b.ports.D.setPin(2, false);
        b.ports.D.setPin(2, true);    // the edge: INT0 pending, I still clear
        b.run(4);                     // rjmp, ldi, sei
        const c0 = b.cycles;
        b.run(200);
        return [cpu.data[17] === 1, `the ISR saw r16 = ${cpu.data[17]} (started ${c0})`];
    },
    // A watchdog reset resets the I/O registers: the program sets UCSR0B,
    // arms a 16 ms watchdog reset and spins; after the reset it finds WDRF
    // and spins at once. UCSR0B must read 0 again.
    wdt: (keep) => {
        const b = boot(keep, program([
            0x9100, 0x0054,           // 0: lds r16, MCUSR
            0xFD03,                   // 2: sbrc r16, WDRF
            0xC009,                   // 3: rjmp 13
            0xE108,                   // 4: ldi r16, 0x18
            0x9300, 0x00C1,           // 5: sts UCSR0B, r16 (RXEN0 | TXEN0)
            0xE108,                   // 7: ldi r16, WDCE | WDE
            0x9300, 0x0060,           // 8: sts WDTCSR, r16
            0xE008,                   // 10: ldi r16, WDE (16 ms)
            0x9300, 0x0060,           // 11: sts WDTCSR, r16
            0xCFFF,                   // 13: rjmp .
        ]));
        b.run(40 * MS);
        const ucsr = b.cpu.data[0xC1], mcusr = b.cpu.data[0x54];
        return [ucsr === 0 && (mcusr & 0x08) !== 0,
            `UCSR0B 0x${ucsr.toString(16)}, MCUSR 0x${mcusr.toString(16)}`];
    },
    // EEPROM (datasheet 8.6.3, table 8-1): a program writes 0x5A to cell 0,
    // sets EERIE while that write runs (as the firmware's nvm_write_if_ready
    // does), waits for EEPE to clear and writes 0xA5 to cell 1. Each write
    // takes 3.4 ms and stores its byte at its end: cell 0 still blank at
    // 2 ms, cell 1 still blank at 6 ms, both written at 8 ms.
    eeprom: (keep) => {
        const b = boot(keep, program([
            0xE50A, 0xBD00,           // 0: ldi r16, 0x5A; out EEDR, r16
            0xE014, 0xE022,           // 2: ldi r17, EEMPE; ldi r18, EEPE
            0xBB1F, 0xBB2F,           // 4: out EECR, r17; out EECR, r18
            0x9AFB,                   // 6: sbi EECR, EERIE
            0x99F9, 0xCFFE,           // 7: sbic EECR, EEPE; rjmp 7
            0xE001, 0xBD01,           // 9: ldi r16, 1; out EEARL, r16
            0xEA05, 0xBD00,           // 11: ldi r16, 0xA5; out EEDR, r16
            0xBB1F, 0xBB2F,           // 13: out EECR, r17; out EECR, r18
            0xCFFF,                   // 15: rjmp .
        ]));
        const mem = b.eeprom.memory, seen = [];
        for (const ms of [2, 6, 8]) {
            b.run(ms * MS);
            seen.push(`${ms} ms: ${mem[0].toString(16)} ${mem[1].toString(16)}`);
        }
        return [seen.join(', ') === '2 ms: ff ff, 6 ms: 5a ff, 8 ms: 5a a5', seen.join(', ')];
    },
    // The transmitter's buffer (datasheet 20.6.3): HELP's reply goes out a
    // frame a byte (10 bits: (UBRR0 + 1) x 8 x 10 cycles with U2X0), the
    // second byte into UDR0 at once behind the first.
    udre: (keep) => {
        const b = boot(keep);
        b.run(200 * MS);
        const at = [];
        b.onUartByte = () => at.push(b.cycles);
        send(b, 'HELP', 200);
        const frame = b.usart.cyclesPerChar;
        // (each byte waits for the UDRE interrupt: a few cycles either way)
        const mean = (at[at.length - 1] - at[1]) / (at.length - 2);
        return [at.length > 40 && at[1] - at[0] < 100 && Math.abs(mean - frame) < 1,
            `${at.length} bytes, the second ${at[1] - at[0]} cycles after the first, ` +
            `then ${mean.toFixed(1)} apart (frame ${frame})`];
    },
    // The output compare flag (datasheet, TIFR2: "set in the timer clock
    // cycle after the counter (TCNT2) value matches OCR2A"): the firmware's
    // tick, Timer2 in CTC mode up to 249 at /1024, takes its first
    // interrupt 250 counts (256,000 cycles) after clock_start's TCCR2B
    // write (a few cycles more when the flag comes mid-instruction).
    ocf: (keep) => {
        const b = boot(keep), cpu = b.cpu;
        let start = -1, tick = -1;
        const tccr = cpu.writeHooks[0xB1];
        cpu.writeHooks[0xB1] = (...a) => {
            if (tick < 0)
                start = b.cycles;
            return tccr(...a);
        };
        const enter = b.interrupt.bind(b);
        b.interrupt = (fromSleep) => {
            if (tick < 0 && cpu.pendingInterrupts[cpu.nextInterrupt].address === 0x0E)
                tick = b.cycles;
            enter(fromSleep);
        };
        b.run(40 * MS);
        const d = tick - start;
        return [start >= 0 && d >= 256000 && d < 256000 + 32,
            `the first tick ${d} cycles after TCCR2B's write (250 counts: 256000)`];
    },
};

let pass = 0, fail = 0;
for (const name of BUGS) {
    const [okFixed, seenFixed] = checks[name](null);
    const [okKept, seenKept] = checks[name](name);
    if (okFixed && !okKept) {
        pass++;
        console.log(`webbugs PASS ${name}: worked around: ${seenFixed}; defect kept: ${seenKept}`);
    } else {
        fail++;
        console.log(`webbugs FAIL ${name}: worked around: ${seenFixed} (${okFixed ? 'ok' : 'WRONG'}); ` +
            `defect kept: ${seenKept} (${okKept ? 'not seen: the check cannot fail' : 'seen'})`);
    }
}
console.log(`webbugs: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
