// max7219.test.mjs - the page's MAX7219 model against the datasheet
// (Maxim MAX7219/MAX7221: serial format table 1, registers table 2, Code B
// table 5, intensity table 7, scan limit table 8). node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Max7219Chain, max7219CodeB } from '../../sim/web/src/max7219.js';

// Transfers of 16-bit words (MSB first), one LOAD frame per chip-count
// of words: in a chain of N, a frame carries one word for each chip.
function send(chain, ...words) {
    for (let i = 0; i < words.length; i += chain.modules) {
        chain.setLoad(false);
        for (const w of words.slice(i, i + chain.modules)) {
            chain.spiByte(w >> 8);
            chain.spiByte(w & 0xFF);
        }
        chain.setLoad(true);
    }
}

const rowTop = (chain, module = 0) => {
    let v = 0;       // digit 1 = the top row: bit b = column 7-b of the module
    for (let b = 0; b < 8; b++)
        if (chain.frame[8 * module + 7 - b] & 0x80) v |= 1 << b;
    return v;
};

test('one chip latches the last 16 bits of a LOAD frame only', () => {
    const m = new Max7219Chain(1);
    m.setLoad(false);
    for (const b of [0x0C, 0x01, 0x0B, 0x07])
        m.spiByte(b);
    m.setLoad(true);
    assert.equal(m.chips[0].scanLimit, 7);
    assert.equal(m.chips[0].shutdown, true, 'the first word was shifted out, not latched');
});

test('power-up: shutdown, blank; digits show only after shutdown is left', () => {
    const m = new Max7219Chain(1);
    send(m, 0x0B07, 0x01AA);
    assert.deepEqual([...m.frame], new Array(8).fill(0));
    send(m, 0x0C01);
    assert.equal(rowTop(m), 0xAA);
    send(m, 0x0C00);
    assert.deepEqual([...m.frame], new Array(8).fill(0), 'shutdown blanks, registers kept');
    send(m, 0x0C01);
    assert.equal(rowTop(m), 0xAA);
});

test('data bit 7 is the leftmost lamp, digit 8 the bottom row', () => {
    const m = new Max7219Chain(1);
    send(m, 0x0C01, 0x0B07, 0x0880);
    assert.equal(m.frame[0], 0x01);
    assert.deepEqual([...m.frame.slice(1)], new Array(7).fill(0));
});

test('scan limit: digits above it are not shown', () => {
    const m = new Max7219Chain(1);
    send(m, 0x0C01, 0x0B02, 0x01FF, 0x02FF, 0x03FF, 0x04FF);
    assert.equal(m.frame[0], 0xE0, 'rows 1..3 from the top only');
});

test('Code B decode per digit', () => {
    assert.equal(max7219CodeB(0x05), 0x5B);
    assert.equal(max7219CodeB(0x8A), 0x81, "'-' with the decimal point");
    assert.equal(max7219CodeB(0x0F), 0x00, 'blank');
    const m = new Max7219Chain(1);
    send(m, 0x0C01, 0x0B07, 0x0901, 0x0105, 0x0205);
    assert.equal(rowTop(m), 0x5B, 'digit 1 decoded');
    // digit 2 not decoded: raw 0x05 on the second row
    assert.equal(m.frame[5] & 0x40 && m.frame[7] & 0x40 ? 0x05 : -1, 0x05);
});

test('display test: every lamp on, over shutdown, registers untouched', () => {
    const m = new Max7219Chain(1);
    send(m, 0x0F01);
    assert.deepEqual([...m.frame], new Array(8).fill(0xFF));
    assert.ok(m.levels.every((v) => v === 31));
    send(m, 0x0F00);
    assert.deepEqual([...m.frame], new Array(8).fill(0), 'back to shutdown');
});

test('intensity: duty (2i+1)/32 over 8 scanned digits', () => {
    const m = new Max7219Chain(1);
    send(m, 0x0C01, 0x0B07, 0x0A07, 0x01FF);
    assert.equal(m.levels[0 * 8 + 7], 15);
    send(m, 0x0A00);
    assert.equal(m.levels[0 * 8 + 7], 1);
});

test('chain: the first word lands in the farthest module; LOAD latches', () => {
    const m = new Max7219Chain(2);
    send(m, 0x0C01, 0x0C01);
    send(m, 0x0B07, 0x0B07);
    m.setLoad(false);
    for (const b of [0x01, 0x80, 0x01, 0x01])    // module 1 gets 0x0180, module 0 0x0101
        m.spiByte(b);
    assert.equal(rowTop(m, 0) | rowTop(m, 1), 0, 'nothing before LOAD rises');
    m.setLoad(true);
    assert.equal(rowTop(m, 1), 0x80);
    assert.equal(rowTop(m, 0), 0x01);
});

test('the MAX7219 shifts whatever LOAD does (unlike the MAX7221)', () => {
    const m = new Max7219Chain(1);
    send(m, 0x0C01, 0x0B07);
    m.spiByte(0x01);
    m.spiByte(0x3C);            // shifted in while LOAD is high
    m.setLoad(false);
    m.setLoad(true);            // the rising edge latches it
    assert.equal(rowTop(m), 0x3C);
});
