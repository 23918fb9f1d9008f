// diff.mjs - the second simulator: replays nimsim traces (nimsim --trace,
// one per e2e session) on the avr8js runner of the web page, with the same
// image, the same EEPROM, the same button contacts, received bytes and
// power cycles at the same cycles, and checks that both simulators agree:
// the UART bytes sent exactly, the sequence of display frames exactly, the
// tones (frequency and order) exactly, the EEPROM image at the end exactly,
// and every event's time within TOL_CYCLES.
//
// usage: node tests/web/diff.mjs BOARD_DEFS HEX TRACE...
// NIMWEB_KEEP_BUGS=name,... keeps avr8js defects (sim/web/src/fixes.js).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Board, boardFromDefines } from '../../sim/web/src/runner.js';
import { EepromStore } from '../../sim/web/src/eeprom.js';
import { hexToFlash } from '../../sim/web/src/hex.js';

// Event times may differ by this much (cycles; 1 ms): SPI, interrupt entry
// and wake-up take different cycle counts in the two models (simavr's SPI
// byte is re-timed by nimsim, avr8js's interrupt entry by our runner;
// simavr's interrupt entry and wake-up cost nothing), and the firmware's
// main loop turns such small shifts into a different wait now and then: a
// press that comes during a save's checksum pass waits for its end (up to
// ~18,600 cycles on 32 columns) in one simulator and not in the other.
// Measured worst over the e2e sessions since nimsim's transmit buffer and
// EEPROM halts and the runner's compare flag
// (docs/testing.md#the-second-simulator): 8 columns 1,911 cycles, 32 columns 2,004.
export const TOL_CYCLES = Number(process.env.NIMWEB_TOL_CYCLES || 16000);

export function parseTrace(text) {
    const t = { inputs: [], tx: [], frames: [], tones: [], resets: [], eeWrites: [], eeprom: null, end: 0,
        eepromEnd: null, modules: 0 };
    for (const line of text.split('\n')) {
        const w = line.split(' ');
        switch (w[0]) {
        case 'nimtrace': t.modules = Number(w[3]); break;
        case 'eeprom': t.eeprom = w[1]; break;
        case 'eeprom-end': t.eepromEnd = w[1]; break;
        case 'btn': t.inputs.push({ at: Number(w[1]), kind: 'btn', i: Number(w[2]), on: w[3] === '1' }); break;
        case 'rx': t.inputs.push({ at: Number(w[1]), kind: 'rx', byte: Number(w[2]) }); break;
        case 'power': t.inputs.push({ at: Number(w[1]), kind: 'power', mcusr: Number(w[2]) }); break;
        case 'wdreset': t.resets.push(Number(w[1])); break;
        case 'eewrite': t.eeWrites.push({ at: Number(w[1]), len: Number(w[2]) }); break;
        case 'tx': t.tx.push({ at: Number(w[1]), byte: Number(w[2]) }); break;
        case 'frame': t.frames.push({ at: Number(w[1]), hex: w[2] }); break;
        case 'tone': t.tones.push({ at: Number(w[1]), end: Number(w[2]), hz: w[3] }); break;
        case 'end': t.end = Number(w[1]); break;
        case '': break;
        default: throw new Error(`unknown trace line '${line}'`);
        }
    }
    return t;
}

const hexOf = (a) => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');

// Replays trace t on a new avr8js board; returns what it did.
export function replay(t, board, flash, keepBugs) {
    const store = new EepromStore(board.BOARD_EEPROM_BYTES, EepromStore.fromHex(board.BOARD_EEPROM_BYTES, t.eeprom));
    const b = new Board({ flash, board, eeprom: store, keepBugs });
    const got = { tx: [], frames: [], resets: [], lostRx: 0 };
    b.onUartByte = (byte, at) => got.tx.push({ at, byte });
    const frame = (chain) => got.frames.push({ at: b.cycles, hex: hexOf(chain.frame) });
    b.onFrame = (chain, framed) => framed && frame(chain);
    b.onReset = (cause) => cause === 'watchdog' && got.resets.push(b.cycles);
    frame(b.chain);
    // A received byte is in the trace when its start bit begins: simavr's
    // receiver sets RXC0 a frame later, when the stop bit is in, as the
    // chip does; avr8js's sets it as the byte is handed over, so the byte
    // goes to avr8js a frame after its trace time.
    const receive = (byte) => {
        const cpu = b.cpu;
        cpu.addClockEvent(() => {
            if (cpu === b.cpu)          // not cut by a power cycle meanwhile
                got.lostRx += b.uartInject(byte) ? 0 : 1;
        }, b.usart.cyclesPerChar);
    };
    for (const ev of t.inputs) {
        b.run(ev.at);
        if (ev.kind === 'btn') b.setButton(ev.i, ev.on);
        else if (ev.kind === 'rx') receive(ev.byte);
        else if (ev.kind === 'power') b.powerCycle();
    }
    b.run(t.end);
    got.tones = b.piezo.log.map((x) => ({ at: x.start, hz: x.hz.toFixed(3) }));
    got.glitches = b.piezo.glitches;
    got.eeWrites = b.eeLog;
    got.eepromEnd = store.toHex();
    got.awake = b.awakeShare();
    got.cycles = b.cycles;
    return got;
}

// Compares two event lists by value (exact, in order) and time (tolerance),
// one stretch of power at a time: a run stops at a power cut and at the
// end of the trace, and an event one simulator had just before the stop
// and the other would have had just after it is no difference. A stretch
// begins with its power cycle's own events (the display's power-on frame):
// nimsim has them at the cycle of the power cycle, avr8js a few cycles on
// (its run stops at the first instruction boundary at or after the power
// cycle's time, up to an instruction's cycles late). Counted in the stretch
// before, they moved with the code's layout: a change of 18 bytes once put
// avr8js's frame 6 cycles past the stop and nimsim's on it, and the frames
// of eeprom_v4 on 32 columns "differed" while both simulators agreed.
function compareSeq(name, want, got, key, problems, stops) {
    let worst = 0;
    for (let i = 0; i < stops.length; i++) {
        const from = i ? stops[i - 1] : -1, to = stops[i], last = i === stops.length - 1;
        const inside = (x) => x.at >= from && (last ? x.at <= to : x.at < to);
        worst = Math.max(worst, compareStretch(name, want.filter(inside), got.filter(inside), key, problems, to));
    }
    return worst;
}

function compareStretch(name, want, got, key, problems, end) {
    const cut = (list, other) => {
        let k = list.length;
        while (k > other.length && end !== undefined && list[k - 1].at > end - TOL_CYCLES) k--;
        return list.slice(0, k);
    };
    want = cut(want, got);
    got = cut(got, want);
    const n = Math.min(want.length, got.length);
    let worst = 0;
    for (let i = 0; i < n; i++) {
        if (key(want[i]) !== key(got[i])) {
            problems.push(`${name} #${i}: nimsim ${key(want[i])} at ${want[i].at}, avr8js ${key(got[i])} at ${got[i].at}`);
            return worst;
        }
        worst = Math.max(worst, Math.abs(want[i].at - got[i].at));
    }
    if (want.length !== got.length)
        problems.push(`${name}: nimsim has ${want.length}, avr8js ${got.length}` +
            (n < Math.max(want.length, got.length) ? ` (first extra: ${key((want.length > n ? want : got)[n])})` : ''));
    if (worst > TOL_CYCLES)
        problems.push(`${name}: times differ by up to ${worst} cycles (tolerance ${TOL_CYCLES})`);
    return worst;
}

function txText(list) {
    return Buffer.from(list.map((x) => x.byte)).toString('latin1');
}

export function diffTrace(t, got) {
    const problems = [];
    const worst = {};
    const before = problems.length;
    const stops = [...t.inputs.filter((e) => e.kind === 'power').map((e) => e.at), t.end];
    worst.tx = compareSeq('uart', t.tx, got.tx, (x) => x.byte, problems, stops);
    if (problems.length > before) {
        const a = txText(t.tx), b = txText(got.tx);
        let i = 0;
        while (i < a.length && a[i] === b[i]) i++;
        problems.push(`uart text from byte ${i}: nimsim ${JSON.stringify(a.slice(i, i + 40))}, avr8js ${JSON.stringify(b.slice(i, i + 40))}`);
    }
    worst.frame = compareSeq('frames', t.frames, got.frames, (x) => x.hex, problems, stops);
    worst.tone = compareSeq('tones', t.tones, got.tones, (x) => x.hz, problems, stops);
    compareSeq('chip resets', t.resets.map((at) => ({ at })), got.resets.map((at) => ({ at })), () => 'reset', problems, stops);
    // Power-on: the chip sets PORF (datasheet 10.9.1), as the runner does.
    for (const e of t.inputs)
        if (e.kind === 'power' && e.mcusr !== 1)
            problems.push(`power at ${e.at}: nimsim's MCUSR ${e.mcusr}, avr8js 1 (PORF)`);
    // EEPROM writes: the same number, each as long as the other's (3.4 ms,
    // datasheet table 8-1; nimsim's length is polled every 16 cycles) unless
    // a power cut or the end of the run ended it. Not their times: a save
    // goes on a byte a main-loop pass, so a pass that starts one write
    // late (within the tolerance) moves the rest of that save with it.
    if (t.eeWrites.length !== got.eeWrites.length)
        problems.push(`eeprom writes: nimsim ${t.eeWrites.length}, avr8js ${got.eeWrites.length}`);
    const ended = (w) => w.at + w.len >= t.end - 16 ||
        t.inputs.some((e) => e.kind === 'power' && e.at >= w.at && e.at <= w.at + w.len);
    const n = Math.min(t.eeWrites.length, got.eeWrites.length);
    for (let i = 0, bad = 0; i < n && bad < 3; i++) {
        const a = t.eeWrites[i], g = got.eeWrites[i];
        if (!ended(a) && Math.abs(a.len - g.len) > 32) {
            bad++;
            problems.push(`eeprom write #${i} at ${a.at}: nimsim ${a.len} cycles, avr8js ${g.len}`);
        }
    }
    // The piezo pin toggles only at the tones the firmware asks for: Timer1
    // never runs on an OCR1A it has not written yet (firmware/hal/piezo.c).
    for (const g of got.glitches.slice(0, 3))
        problems.push(`piezo: Timer1 ran OC1A at ${g.hz.toFixed(0)} Hz for ${g.end - g.start} cycles at ${g.start} (the OCR1A before the tone's)`);
    if (got.lostRx)
        problems.push(`uart: ${got.lostRx} received bytes found the avr8js receiver off`);
    if (t.eepromEnd !== got.eepromEnd) {
        const diffs = [];
        for (let i = 0; i < t.eepromEnd.length / 2 && diffs.length < 8; i++)
            if (t.eepromEnd.slice(2 * i, 2 * i + 2) !== got.eepromEnd.slice(2 * i, 2 * i + 2))
                diffs.push(`@${i}: ${t.eepromEnd.slice(2 * i, 2 * i + 2)} vs ${got.eepromEnd.slice(2 * i, 2 * i + 2)}`);
        problems.push(`eeprom: images differ (nimsim vs avr8js) ${diffs.join(', ')}`);
    }
    return { problems, worst };
}

function main() {
    const [defs, hexPath, ...traces] = process.argv.slice(2);
    if (!defs || !hexPath || !traces.length) {
        console.error('usage: node tests/web/diff.mjs BOARD_DEFS HEX TRACE...');
        process.exit(2);
    }
    const board = boardFromDefines(readFileSync(defs, 'utf8'));
    const { words } = hexToFlash(readFileSync(hexPath, 'utf8'), board.BOARD_FLASH_BYTES);
    const keep = new Set((process.env.NIMWEB_KEEP_BUGS || '').split(',').filter(Boolean));
    let pass = 0, fail = 0;
    for (const path of traces) {
        const name = basename(path, '.trace');
        const t0 = Date.now();
        const t = parseTrace(readFileSync(path, 'utf8'));
        if (t.modules !== board.BOARD_MODULES)
            throw new Error(`${path}: traced on ${t.modules} modules, the board has ${board.BOARD_MODULES}`);
        const got = replay(t, board, words, keep);
        const { problems, worst } = diffTrace(t, got);
        const ms = Date.now() - t0;
        const figures = `${t.tx.length} uart bytes, ${t.frames.length} frames, ${t.tones.length} tones, ` +
            `${(t.end / board.BOARD_F_CPU).toFixed(1)} s simulated in ${ms} ms, awake ${(100 * got.awake).toFixed(2)} %; ` +
            `worst time difference: uart ${worst.tx}, frame ${worst.frame}, tone ${worst.tone} cycles`;
        if (problems.length) {
            fail++;
            console.log(`webdiff FAIL ${name}: ${figures}`);
            for (const p of problems.slice(0, 12)) console.log(`    ${p}`);
        } else {
            pass++;
            console.log(`webdiff PASS ${name}: ${figures}`);
        }
    }
    console.log(`webdiff: ${pass} passed, ${fail} failed (tolerance ${TOL_CYCLES} cycles)`);
    process.exit(fail ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`)
    main();
