// languages.mjs - the page in each of its languages (issue 23), run by
// browser.mjs in the same chromium: the browser's language picks the
// page's; every text and every title, placeholder and label the page
// shows is a value of that language's table; no English word is left in
// Vietnamese, Chinese or Thai beyond the names and the PC link's protocol;
// the text is drawn with the system's fonts (none downloaded), no letter
// as a missing glyph's box; a move is
// played; a screenshot per language; the switch changes the language and
// a reload keeps it.
import { LANGS } from '../../sim/web/src/i18n.js';
import { pageKit } from './pagekit.mjs';

// navigator.languages as a browser set to that language sends them
export const LOCALES = { en: 'en-US', vi: 'vi-VN', 'zh-Hant': 'zh-TW', th: 'th-TH' };

// Words that stay as they are in every language: names (of the toy's
// file, chip, buttons, keys, people, games and a book), units, and the PC
// link's commands, which are its protocol. A name of several words is kept
// whole, so that its words alone are still English elsewhere.
const KEPT_TOKENS = /nim\.hex|nim-sum|sprague-grundy|no adjacent|dawson's chess|winning ways|game octal/gi;
const KEPT_WORDS = new Set(['nim', 'xor', 'bouton', 'kayles', 'treblecross', 'atmega328p', 'eeprom',
    'uart', 'led', 'wasd', 'enter', 'backspace', 'help', 'ver', 'state', 'frame', 'baud']);

const words = (text) => text.replace(KEPT_TOKENS, ' ').toLowerCase().split(/[^\p{L}\p{N}]+/u)
    .filter((w) => /^[a-z]{3,}$/.test(w) && !KEPT_WORDS.has(w));
// Every English word of the English table that is not a name.
const ENGLISH = new Set(Object.values(LANGS.en).flatMap((v) => words(v.replace(/\{\w+\}/g, ' '))));
// The English words left in a text meant to be in another language ({name}s
// to fill in are not words).
export const englishLeft = (text) =>
    [...new Set(words(text.replace(/\{\w+\}/g, ' ')).filter((w) => ENGLISH.has(w)))];

// What the page shows, read in the page: its text nodes (but the UART
// console's output, the toy's button faces and the language switch, whose
// options are each language's own name) and its titles, placeholders and
// labels.
function shownStrings() {
    const skip = (el) => el.closest('#uart-out, [data-button], #lang, script, style');
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode())
        if (/\p{L}/u.test(n.data) && !skip(n.parentElement))
            out.push(n.data.trim());
    for (const el of document.querySelectorAll('[title], [placeholder], [aria-label]'))
        if (!el.matches('[data-button="A"], [data-button="B"]'))
            for (const a of ['title', 'placeholder', 'aria-label'])
                if (el.hasAttribute(a))
                    out.push(el.getAttribute(a));
    out.push(document.title);
    return { strings: out, options: [...document.querySelectorAll('#lang option')].map((o) => o.textContent) };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function tableMatcher(lang) {
    const res = Object.values(LANGS[lang]).map((v) =>
        new RegExp('^' + escape(v).replace(/\\\{\w+\\\}/g, '[\\s\\S]+?') + '$'));
    return (s) => res.some((re) => re.test(s));
}

// The letters of `text` that the page draws as the box of a missing glyph:
// the same pixels as an unassigned code point (U+0378) in the page's font.
function boxedLetters(text) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 40;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.font = `24px ${getComputedStyle(document.body).fontFamily}`;
    const pixels = (t) => {
        ctx.clearRect(0, 0, 40, 40);
        ctx.fillText(t, 4, 30);
        return ctx.getImageData(0, 0, 40, 40).data.join();
    };
    const box = pixels('\u0378');
    return [...new Set(text)].filter((c) => c > '\x7f' && /\p{L}/u.test(c) && pixels(c) === box);
}

// The fonts chromium drew a node's text with (CDP CSS.getPlatformFontsForNode).
async function fontsOf(context, page, selector) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    await cdp.detach();
    return fonts;
}

// One language in its own browser context; `shot` the screenshot's path.
async function checkLanguage(browser, url, lang, shot, check) {
    const context = await browser.newContext({ viewport: { width: 760, height: 1060 }, locale: LOCALES[lang] });
    const page = await context.newPage();
    const errors = [], foreign = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => r.url().startsWith(url) || foreign.push(r.url()));
    const { uartText, waitUart, type, click } = pageKit(page);
    try {
        await page.goto(url);
        await waitUart(/LOG BOOT 1 0\n/);
        const picked = await page.evaluate(() => [window.nimweb.lang(), document.documentElement.lang]);
        check(picked[0] === lang && picked[1] === lang, `${lang}: a browser in ${LOCALES[lang]} gets the page in ${picked[0]} (lang=${picked[1]})`);

        // a move against the machine, by clicks
        for (const set of ['SET LEVEL 2', 'SET FIRST 0', 'SET START 0'])
            await type(set, new RegExp(`OK ${set}\\n`));
        await type('GAME NIM', /LOG NEW 0 H\n/);
        const from = (await uartText()).length;
        for (const b of ['DOWN', 'DOWN', 'A'])
            await click(b);
        await waitUart(/LOG MOVE H 0 1\n/, from);
        await waitUart(/LOG MOVE M 2 4\n/, from, 8000);
        check(true, `${lang}: a move played by clicks (H 0 1), the machine answered (M 2 4)`);

        const { strings, options } = await page.evaluate(shownStrings);
        const inTable = tableMatcher(lang);
        const stray = strings.filter((s) => !inTable(s));
        check(strings.length >= 30 && !stray.length,
            `${lang}: all ${strings.length} strings shown come from the ${lang} table${stray.length ? '; not: ' + stray.map((s) => JSON.stringify(s)).join(', ') : ''}`);
        const names = Object.values(LANGS).map((t) => t.lang_name);
        check(options.join('|') === names.join('|'), `${lang}: the switch offers ${options.join(', ')}`);
        if (lang !== 'en') {
            const english = englishLeft(strings.join('\n'));
            check(!english.length, `${lang}: no English word left${english.length ? ': ' + english.join(' ') : ''}`);
        }
        const fonts = await fontsOf(context, page, '.howto p');
        const boxed = await page.evaluate(boxedLetters, strings.join(''));
        check(fonts.length && fonts.every((f) => !f.isCustomFont) && !boxed.length,
            `${lang}: drawn with the system's fonts: ${fonts.map((f) => `${f.familyName} (${f.glyphCount})`).join(', ')}; ` +
            (boxed.length ? `no glyph for ${boxed.join('')}` : 'no letter drawn as a box'));
        check(!foreign.length, `${lang}: nothing fetched beyond the page${foreign.length ? ': ' + foreign.join(' ') : ''}`);
        // the toy and the panel, from the top of the page
        await page.evaluate(() => { document.activeElement?.blur(); scrollTo(0, 0); });
        const bottom = await page.evaluate(() => Math.ceil(document.querySelector('.howto').getBoundingClientRect().bottom) + 8);
        if (lang !== 'en') {        // English: browser.mjs's own screenshot
            await page.screenshot({ path: shot, fullPage: true, clip: { x: 0, y: 0, width: 760, height: bottom } });
            check(true, `${lang}: screenshot ${shot}`);
        }

        // The switch, then a reload: the choice is kept in localStorage.
        if (lang === 'vi') {
            await page.selectOption('#lang', 'th');
            const h1 = await page.textContent('h1');
            await page.reload();
            await waitUart(/LOG BOOT \d+ \d+\n/);
            const after = await page.evaluate(() => [window.nimweb.lang(), document.querySelector('h1').textContent]);
            check(h1 === LANGS.th.title && after[0] === 'th' && after[1] === LANGS.th.title,
                `vi: the switch turns the page to Thai (${h1}), a reload keeps it (${after[0]})`);
        }
        check(!errors.length, `${lang}: no page errors${errors.length ? ': ' + errors.join('; ') : ''}`);
    } finally {
        await context.close();
    }
}

export async function checkLanguages(browser, url, shot, check) {
    for (const lang of Object.keys(LANGS))
        await checkLanguage(browser, url, lang, shot.replace(/\.png$/, `-${lang}.png`), check);
}
