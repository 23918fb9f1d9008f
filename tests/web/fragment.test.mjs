// fragment.test.mjs - the page's address (sim/web/src/fragment.js) read as
// PC-link commands, and the link queue (linkq.js) that sends them: one line
// in flight at a time, as docs/protocol.md's streaming rule asks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fragmentParse, fragmentMake, FRAGMENT_MAX } from '../../sim/web/src/fragment.js';
import { LinkQueue } from '../../sim/web/src/linkq.js';

test('a lesson\'s fragment gives its commands, decoded and trimmed', () => {
    assert.deepEqual(fragmentParse('#GAME%20NIM;POS%203%204%205'), { lines: ['GAME NIM', 'POS 3 4 5'] });
    assert.deepEqual(fragmentParse('GAME NIM BINARY; POS 13  12 8;'), { lines: ['GAME NIM BINARY', 'POS 13 12 8'] });
    assert.deepEqual(fragmentParse('#game%20kayles;set%20first%200;new'), { lines: ['game kayles', 'set first 0', 'new'] });
    assert.deepEqual(fragmentParse(''), { lines: [] });
    assert.deepEqual(fragmentParse('#'), { lines: [] });
    const lines = ['GAME TAKE 1-3', 'SET LEVEL 2', 'POS =0A'];
    assert.deepEqual(fragmentParse(fragmentMake(lines)), { lines });
});

test('a fragment the page must not send is refused whole, with the reason', () => {
    for (const [hash, why] of [
        ['#GAME%20NIM;MOVE%200%201', /MOVE 0 1.*GAME, NEW, POS, SET only/],
        ['#PRESS%20A', /GAME, NEW, POS, SET only/],
        ['#SCORES%200%209%209', /SET only/],
        ['#GAME%20NIM%E0%A4', /percent-encoding/],
        ['#GAME%20NIM%0APOS%201', /printable ASCII/],
        ['#POS%20' + '1%20'.repeat(40), /longer than 64/],
        ['#' + Array(FRAGMENT_MAX + 1).fill('NEW').join(';'), /at most 8/],
        ['#top', /"top": an address may give/],
    ]) {
        const f = fragmentParse(hash);
        assert.equal(f.lines, undefined, hash);
        assert.match(f.error, why, hash);
    }
});

test('the queue sends a line only after the one before has its reply', () => {
    const sent = [];
    let t = 0;
    const q = new LinkQueue((b) => sent.push(new TextDecoder().decode(b)), () => t);
    const toy = (s) => { for (const c of new TextEncoder().encode(s)) q.byte(c); };
    const r1 = q.line('GAME NIM'), r2 = q.line('POS 3 4 5'), r3 = q.line('GAME FOO');
    assert.deepEqual(sent, ['GAME NIM\n'], 'one line in flight');
    toy('LOG NEW 0 H\r\n');
    assert.equal(sent.length, 1, 'a LOG line is no reply');
    toy('OK GAME 0 NIM\n');
    assert.deepEqual(sent, ['GAME NIM\n', 'POS 3 4 5\n']);
    toy('OK POS\n# GAMES: FOO\nERR GAME NAME\n');
    return Promise.all([r1, r2, r3]).then(([a, b, c]) => {
        assert.equal(a.reply, 'OK GAME 0 NIM');
        assert.equal(b.reply, 'OK POS');
        assert.deepEqual(c, { reply: 'ERR GAME NAME', info: ['# GAMES: FOO'] });
        assert.equal(q.busy, false);
    });
});

test('a line with no reply (the toy off) is given up after 3 s of chip time', async () => {
    const sent = [];
    let t = 10;
    const q = new LinkQueue((b) => sent.push(new TextDecoder().decode(b)), () => t);
    const r = q.line('VER');
    q.line('');
    t = 12.9; q.tick();
    assert.equal(sent.length, 1);
    t = 13.1; q.tick();
    assert.deepEqual(await r, { reply: null, info: [] });
    assert.deepEqual(sent, ['VER\n', '\n'], 'the next line goes; a blank line waits for nothing');
    assert.equal(q.busy, false);
});
