// SPDX-License-Identifier: MIT
// regs.test.mjs - the web runner's registers are sim/avr_regs.h's, written
// down once: build/board.defs carries the header's every define with its
// value (the preprocessor's output, read here against the header's own
// text), avr_regs.js's R holds them after a Board is made, and no file of
// sim/web/src defines a register of the header again (a hand copy that
// would drift); the last check shown to fail on a planted copy.
// usage: node --test tests/web/regs.test.mjs (BOARD_DEFS=build/board.defs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { boardFromDefines } from '../../sim/web/src/runner.js';
import { R, REGS_USED, regsSet } from '../../sim/web/src/avr_regs.js';

const SRC = 'sim/web/src';
const header = readFileSync('sim/avr_regs.h', 'utf8');
const defs = readFileSync(process.env.BOARD_DEFS || 'build/board.defs', 'utf8');

// The header's defines as its text writes them: name -> value.
const fromHeader = Object.fromEntries([...header.matchAll(/^#define (\w+) (0x[0-9A-Fa-f]+|\d+)\b/gm)]
    .map((m) => [m[1], Number(m[2])]));

// The register names a JS file must not define again: each define's name,
// and the register or bit alone (SREG for ADDR_SREG, EEPE for EECR_EEPE).
function copies(text) {
    const names = new Set(Object.keys(fromHeader).flatMap((n) => [n, n.replace(/^[A-Z0-9]+_/, '')]));
    return [...text.matchAll(/\b([A-Z][A-Z0-9_]*)\s*=\s*(?:0x[0-9A-Fa-f]+|\d+)\b/g)].map((m) => m[1])
        .filter((n) => names.has(n));
}

test('board.defs holds every define of sim/avr_regs.h, with its value', () => {
    const regs = boardFromDefines(defs).regs;
    assert.ok(Object.keys(fromHeader).length > 30, 'the header read');
    assert.deepEqual(regs, fromHeader);
});

test('R is filled from the board object; every name the runner reads is in the header', () => {
    regsSet(boardFromDefines(defs).regs);
    for (const k of REGS_USED)
        assert.equal(R[k], fromHeader[k], k);
    assert.throws(() => regsSet({ ADDR_SREG: 0x5F }), /lack ADDR_SMCR/);
});

test('no file of sim/web/src defines a register again', () => {
    for (const f of readdirSync(SRC).filter((f) => f.endsWith('.js')))
        assert.deepEqual(copies(readFileSync(join(SRC, f), 'utf8')), [], `${f} types a register of sim/avr_regs.h`);
    // a planted copy, as the runner once had them, is found
    assert.deepEqual(copies('const SREG = 0x5F, MCUSR = 0x54;\nconst EEPE = 0x02;\n'), ['SREG', 'MCUSR', 'EEPE']);
});
