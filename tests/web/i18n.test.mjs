// i18n.test.mjs - the page's language tables (sim/web/src/i18n/*.js): every
// language has every key of every other, none empty, the same {names} to
// fill in; no English word left in a translation (languages.mjs's check,
// which test-web also runs on the page itself); every key the page asks
// for exists and every key is asked for; the browser's languages pick the
// page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS, i18nPick, i18nText } from '../../sim/web/src/i18n.js';
import { englishLeft } from './languages.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '../../sim/web');
const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');

test('every language has the same keys, none empty, the same {names}', () => {
    const all = new Set(Object.values(LANGS).flatMap((t) => Object.keys(t)));
    for (const [lang, table] of Object.entries(LANGS))
        for (const key of all) {
            assert.ok(key in table, `'${key}' missing in ${lang}`);
            assert.ok(table[key].trim(), `'${key}' empty in ${lang}`);
            assert.equal(holes(table[key]), holes(LANGS.en[key]), `'${key}' in ${lang}: {names} differ from en`);
        }
});

test('every translated text differs from the English one', () => {
    for (const [lang, table] of Object.entries(LANGS))
        if (lang !== 'en')
            for (const [key, v] of Object.entries(table))
                assert.notEqual(v, LANGS.en[key], `'${key}' in ${lang} is the English text`);
});

test('no English word is left in a translation, beyond names and the protocol', () => {
    assert.deepEqual(englishLeft('gửi send Kayles nim-sum HELP'), ['send'], 'the check finds a planted word');
    for (const [lang, table] of Object.entries(LANGS))
        if (lang !== 'en')
            for (const [key, v] of Object.entries(table))
                assert.deepEqual(englishLeft(v), [], `'${key}' in ${lang}`);
});

test('every key the page uses exists, and every key is used', () => {
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const used = new Set([...html.matchAll(/data-i18n(?:-\w+)?="(\w+)"/g)].map((m) => m[1]));
    const src = join(web, 'src');
    for (const f of readdirSync(src).filter((n) => n.endsWith('.js')))
        for (const m of readFileSync(join(src, f), 'utf8').matchAll(/\bT\('(\w+)'|'(\w+)' : '(\w+)'/g))
            for (const k of m.slice(1).filter(Boolean))
                used.add(k);
    used.add('lang_name');           // the switch's options
    for (const key of used)
        assert.ok(key in LANGS.en, `the page uses '${key}', which no table has`);
    for (const key of Object.keys(LANGS.en))
        assert.ok(used.has(key), `'${key}' is in the tables but the page never shows it`);
    assert.throws(() => i18nText('vi', 'no_such_key'), /no 'no_such_key' in vi/);
});

test('the browser\'s languages pick the page\'s', () => {
    assert.equal(i18nPick(null, ['vi-VN', 'en']), 'vi');
    assert.equal(i18nPick(null, ['zh-TW']), 'zh-Hant');
    assert.equal(i18nPick(null, ['zh-Hant-HK']), 'zh-Hant');
    assert.equal(i18nPick(null, ['fr-FR', 'th-TH']), 'th');
    assert.equal(i18nPick(null, ['de', 'fr']), 'en');
    assert.equal(i18nPick(null, []), 'en');
    assert.equal(i18nPick('th', ['vi']), 'th', 'the stored choice first');
    assert.equal(i18nPick('xx', ['vi']), 'vi', 'an unknown stored choice is ignored');
    assert.equal(i18nText('en', 'sub', { cols: 8 }), 'the real firmware (nim.hex) on a simulated ATmega328P, 8 columns');
});
