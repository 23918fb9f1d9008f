// diff.test.mjs - the differential's comparison (diff.mjs) on made-up
// traces: what it must take as agreement and what it must report.
// node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffTrace } from './diff.mjs';

const DARK = '00', LIT = '01';
// A session: a frame, a power cycle at 1,000,000 (its power-on frame at
// powerFrame), the boot's first lit frame.
function session(powerFrame, bootFrame = 1520000) {
    const frames = [{ at: 500000, hex: LIT }, { at: powerFrame, hex: DARK }, { at: bootFrame, hex: LIT }];
    return {
        t: { inputs: [{ at: 1000000, kind: 'power', mcusr: 1 }], tx: [], frames, tones: [], resets: [],
            eeWrites: [], eepromEnd: 'ff', end: 3000000 },
        got: { tx: [], frames, tones: [], resets: [], eeWrites: [], glitches: [], lostRx: 0, eepromEnd: 'ff' },
    };
}

test('a power-on frame on the power cycle in one simulator and a few cycles on in the other agree', () => {
    const a = session(1000000), b = session(1000006);
    const { problems } = diffTrace(a.t, { ...a.got, frames: b.got.frames });
    assert.deepEqual(problems, []);
});

test('the same frames, the same times: no problem', () => {
    const a = session(1000000);
    assert.deepEqual(diffTrace(a.t, a.got).problems, []);
});

test('a frame that differs after the power cycle is reported', () => {
    const a = session(1000000);
    const frames = a.got.frames.map((f, i) => (i === 2 ? { ...f, hex: '03' } : f));
    const { problems } = diffTrace(a.t, { ...a.got, frames });
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^frames #1: nimsim 01 at 1520000, avr8js 03/);
});

test('a power-on frame missing in one simulator is reported', () => {
    const a = session(1000000);
    const { problems } = diffTrace(a.t, { ...a.got, frames: a.got.frames.filter((f) => f.hex !== DARK) });
    assert.ok(problems.length >= 1);
    assert.match(problems[0], /^frames #0: nimsim 00 at 1000000, avr8js 01/);
});
