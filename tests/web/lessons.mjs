// lessons.mjs - every "play it" link of the lessons, in Debian's chromium:
// for each distinct link found in docs/course/**/*.md, the lesson's page
// in the built site (make web: build/web/course/...) is opened and the link
// clicked, as a teacher's student would; the page must set the firmware up
// from its address (its console shows the commands and their OKs), draw
// the position nimsim draws after the same commands (the page's FRAME,
// which must also be what it drew, among nimsim's frames of the same
// seconds: a cursor blinks), and answer HINT with a winning move, checked
// apart from the page: nimsim plays that move in the same position and its
// GRUNDY must say P (a HINT NONE: nimsim's GRUNDY of the position says P).
// Then a fragment the page refuses and one the firmware refuses each show
// an error line and the toy plays on; a new fragment (hashchange) sets up
// the toy again. A screenshot of the first lesson link open in the page.
//
// usage: node tests/web/lessons.mjs WEBDIR COURSE_DIR NIMSIM ELF SCREENSHOT.png
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { chromium } from '../../sim/web/node_modules/playwright-core/index.mjs';
import { fragmentParse } from '../../sim/web/src/fragment.js';
import { pageKit, sleep, tally, webServe } from './pagekit.mjs';

const [webDir, courseDir, nimsim, elf, shot] = process.argv.slice(2);
if (!shot) {
    console.error('usage: node tests/web/lessons.mjs WEBDIR COURSE_DIR NIMSIM ELF SCREENSHOT.png');
    process.exit(2);
}
const CHROMIUM = process.env.NIMWEB_CHROMIUM || '/usr/bin/chromium';
// Links checked side by side: the pages run at the chip's real time and
// mostly wait, so three at once take about a third of the time.
const JOBS = Number(process.env.NIMWEB_LESSON_JOBS || 3);
const execFileP = promisify(execFile);
const T = tally('lessons');
const check = T.check;

// Every file under dir/rel ending in ext, as a path relative to dir, in order.
function filesUnder(dir, ext, rel = '') {
    const out = [];
    for (const name of readdirSync(join(dir, rel)).sort()) {
        const r = rel ? posix.join(rel, name) : name;
        if (statSync(join(dir, r)).isDirectory())
            out.push(...filesUnder(dir, ext, r));
        else if (name.endsWith(ext))
            out.push(r);
    }
    return out;
}

// The lessons' links to the page: [text](../../index.html#...) (from a
// language's folder) or ../index.html#... (from docs/course itself).
function playLinks(dir) {
    const found = new Map();          // href's fragment -> { lesson, href }
    for (const r of filesUnder(dir, '.md'))
        for (const m of readFileSync(join(dir, r), 'utf8').matchAll(/\]\(((?:\.\.\/)+index\.html)(#[^)\s]*)\)/g))
            if (!found.has(m[2]))
                found.set(m[2], { lesson: r, href: m[1] + m[2], hash: m[2] });
    return [...found.values()];
}

// nimsim after boot, given `lines` then `after`: its UART text.
const tmp = mkdtempSync(join(tmpdir(), 'nimweb-lessons-'));
let runs = 0;
async function nimsimRun(lines, after) {
    const k = runs++;
    const script = join(tmp, `run${k}.nims`), out = join(tmp, `run${k}.out`);
    const body = ['wait 100ms', ...lines.flatMap((l) => [`send ${l}`, 'wait 50ms']), ...after];
    writeFileSync(script, body.join('\n') + '\n');
    await execFileP(nimsim, ['--script', script, '--uart-out', out, elf]);
    return readFileSync(out, 'utf8');
}
// nimsim's frames from 0.5 s to 2 s after the commands (a cursor blinks)
async function nimsimFrames(lines) {
    const after = ['wait 500ms'];
    for (let i = 0; i < 30; i++)
        after.push('send FRAME', 'wait 50ms');
    return new Set([...(await nimsimRun(lines, after)).matchAll(/OK FRAME ([0-9A-F]+)\n/g)].map((m) => m[1]));
}
// P or N: nimsim's GRUNDY after the commands (and a move, two players)
async function nimsimGrundy(lines, move) {
    const after = move ? ['send SET OPP 1', 'wait 50ms', `send MOVE ${move}`, 'wait 50ms'] : [];
    const text = await nimsimRun(lines, [...after, 'send GRUNDY', 'wait 200ms']);
    const moved = !move || text.includes(`OK MOVE ${move}\n`);
    const g = /OK GRUNDY [^\n]* ([PN])\n/.exec(text);
    // A move that ends the game has no GRUNDY after it: the game's end says
    // who won (H1 made the move: it leaves a P-position exactly when H1 won).
    const end = /LOG END (H[12])\n/.exec(text);
    if (moved && end) return end[1] === 'H1' ? 'P' : 'N';
    return moved && g ? g[1] : `none (${JSON.stringify(text.slice(-120))})`;
}

// The built site's own links: every relative href and src of the lessons'
// pages (build/web/course/**/*.html) names a file of the site, none a .md.
function siteLinks(dir) {
    const bad = [];
    let count = 0;
    for (const r of filesUnder(dir, '.html', 'course')) {
            for (const m of readFileSync(join(dir, r), 'utf8').matchAll(/\b(?:href|src)="([^"]*)"/g)) {
                const target = m[1].replace(/&amp;/g, '&');
                if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
                    continue;
                count++;
                const [path, frag] = target.split('#');
                const file = posix.normalize(posix.join(posix.dirname(r), path));
                if (/\.md$/.test(file) || !existsSync(join(dir, file)))
                    bad.push(`${r}: ${target}`);
                else if (frag && file.startsWith('course/') && !readFileSync(join(dir, file), 'utf8').includes(` id="${decodeURIComponent(frag)}"`))
                    bad.push(`${r}: ${target} (no #${frag})`);
            }
    }
    return { count, bad };
}

const htmlOf = (md) => md.replace(/(^|\/)README\.md$/, '$1index.html').replace(/\.md$/, '.html');

const links = playLinks(courseDir);
const { url, stop: stopServer } = await webServe(webDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const pageErrors = [];

// A fresh visitor (empty localStorage: a blank EEPROM, as nimsim's).
async function visitor() {
    const context = await browser.newContext({ viewport: { width: 760, height: 1060 }, locale: 'en-US' });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    return { context, page, kit: pageKit(page) };
}
const addressOf = (page) => page.evaluate(() => window.nimweb.address());
// The page's line about its address once it has changed `after` times
// (nimweb.address().seq) to done or error, or as it is after `ms`.
async function waitAddress(page, after, ms = 20000) {
    const until = Date.now() + ms;
    for (;;) {
        const a = await addressOf(page);
        if ((a.seq > after && (a.kind === 'done' || a.kind === 'error')) || Date.now() > until)
            return a;
        await sleep(50);
    }
}
const consoleText = (page) => page.locator('#uart-out').textContent();
// The console's text once it holds `text` (it is drawn once a frame), or as it is after 5 s.
async function consoleWait(page, text) {
    const until = Date.now() + 5000;
    let t = await consoleText(page);
    while (!t.includes(text) && Date.now() < until) {
        await sleep(50);
        t = await consoleText(page);
    }
    return t;
}

let rc = 1;
try {
    check(links.length > 0, `${links.length} distinct play links in ${courseDir}`);
    const site = siteLinks(webDir);
    check(site.count > 0 && !site.bad.length, `the site's lessons: ${site.count} relative links, each to a file of the site`
        + (site.bad.length ? `; broken: ${site.bad.join(', ')}` : ''));
    // One link, as a fresh visitor: its results, printed together.
    async function checkLink({ lesson, href, hash }, first) {
        const out = [];
        const note = (ok, what) => out.push([ok, what]);
        const lines = fragmentParse(hash).lines || [];
        const tLink = Date.now();
        const { context, page, kit } = await visitor();
        try {
            await page.goto(url + 'course/' + htmlOf(lesson));
            await page.locator(`a[href="${href}"]`).first().click();
            await page.waitForFunction(() => window.nimweb && window.nimweb.address, null, { timeout: 20000 });
            const landed = page.url() === url + 'index.html' + hash;
            const a = await waitAddress(page, 0);
            await kit.waitChip(0.8);
            const shown = await consoleWait(page, `> ${lines[lines.length - 1]}\n`);
            const echoed = lines.every((l) => shown.includes(`> ${l}\n`));
            const oks = (await kit.uartText()).match(/^(OK|ERR)[^\n]*/gm) || [];
            note(landed && a.kind === 'done' && echoed && oks.length === lines.length && oks.every((r) => r.startsWith('OK')),
                `${lesson}: ${href} opens the page (${landed ? 'at the link' : page.url()}), set up: ${a.kind} (${oks.join(' | ')})`);

            const frames = nimsimFrames(lines);
            const [fm] = await kit.type('FRAME', /OK FRAME ([0-9A-F]+)\n/);
            await kit.waitChip(0.15);    // a frame just sent reaches the page's next draw
            const { drawn, now } = await page.evaluate(() => ({ drawn: window.nimweb.drawn, now: window.nimweb.simSeconds() }));
            const recent = [...new Set(drawn.filter((d) => d.t > now - 1.5).map((d) => d.hex))];
            const current = drawn.length ? drawn[drawn.length - 1].hex : '';
            const want = await frames;
            note(want.has(fm[1]) && recent.includes(fm[1]) && want.has(current),
                `  the matrix shows the position: page FRAME ${fm[1]}, drawn ${recent.join('/')}, nimsim ${[...want].join('/')}`);

            const [hm] = await kit.type('HINT', /OK HINT ([^\n]*)\n/);
            const verdict = await nimsimGrundy(lines, hm[1] === 'NONE' ? null : hm[1]);
            note(verdict === 'P', `  HINT ${hm[1]}: ${hm[1] === 'NONE' ? 'the position' : 'after that move'} nimsim's GRUNDY says ${verdict}`);
            if (first) {
                // the page's own way back to the lessons, in its language
                const back = await page.evaluate(() => { const a = document.getElementById('lessons'); return a ? a.href : ''; });
                const rel = back.startsWith(url) ? back.slice(url.length) : '';
                note(rel !== '' && existsSync(join(webDir, rel)) && /^course\/[a-zA-Z-]+\/index\.html$/.test(rel),
                    `  the page links its lessons: ${back || 'no link'}`);
                await page.screenshot({ path: shot, fullPage: true });
                note(true, `  screenshot ${shot}`);
            }
        } catch (e) {
            note(false, `${lesson}: ${href}: ${e.message}`);
        } finally {
            await context.close();
        }
        for (const [ok, what] of out)
            check(ok, what);
        console.log(`    (${((Date.now() - tLink) / 1000).toFixed(1)} s)`);
    }
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(JOBS, links.length) }, async () => {
        while (next < links.length) {
            const i = next++;
            await checkLink(links[i], i === 0);
        }
    }));

    // Refused by the page: nothing sent, an error line, the toy plays on.
    {
        const { context, page, kit } = await visitor();
        await page.goto(url + 'index.html#GAME%20NIM;MOVE%200%201');
        await kit.waitUart(/LOG BOOT 1 0\n/);
        const a = await addressOf(page);
        const msg = await page.locator('#address').textContent();
        const shown = await consoleWait(page, '! address not used');
        await kit.waitChip(0.5);
        const sent = /OK GAME|LOG NEW/.test(await kit.uartText());
        check(a.kind === 'error' && msg.length > 0 && /! address not used: "MOVE 0 1"/.test(shown) && !sent,
            `#GAME NIM;MOVE 0 1: refused whole, nothing sent, error line: ${JSON.stringify(msg)}`);
        await kit.type('GAME NIM', /LOG NEW 0 H\n/);
        const from = (await kit.uartText()).length;
        await kit.key('DOWN');
        await kit.key('A');
        await kit.waitUart(/LOG MOVE H \d \d\n/, from);
        check(true, '  the page still plays: a move by the keys after it');

        // A new fragment on the same page: set up again.
        let seq = a.seq;
        await page.evaluate(() => { location.hash = '#GAME%20NIM;POS%201%202%203'; });
        const b = await waitAddress(page, seq);
        seq = b.seq;
        const [st] = await kit.type('STATE', /OK STATE [^\n]*POS=([\d,]*)/);
        check(b.kind === 'done' && st[1] === '1,2,3', `  hashchange to #GAME NIM;POS 1 2 3: ${b.kind}, POS=${st[1]}`);

        // Refused by the firmware: its ERR shown, the rest not sent.
        await page.evaluate(() => { location.hash = '#GAME%20NO%20SUCH;POS%205'; });
        const c = await waitAddress(page, seq);
        const shown2 = await consoleWait(page, 'stopped at');
        const [st2] = await kit.type('STATE', /OK STATE [^\n]*POS=([\d,]*)/);
        check(c.kind === 'error' && /! address: stopped at "GAME NO SUCH": ERR GAME NAME/.test(shown2) && !shown2.includes('> POS 5')
            && st2[1] === '1,2,3', `  #GAME NO SUCH;POS 5: the firmware's ERR shown, POS not sent, the game as it was (POS=${st2[1]})`);
        await context.close();
    }
    check(!pageErrors.length, `no page errors${pageErrors.length ? ': ' + pageErrors.join('; ') : ''}`);
    rc = T.fail ? 1 : 0;
} catch (e) {
    check(false, e.stack || e.message);
} finally {
    await browser.close();
    stopServer();
    rmSync(tmp, { recursive: true, force: true });
}
console.log(`lessons: ${T.pass} passed, ${T.fail} failed (${links.length} links, ${T.secs()} s)`);
process.exit(rc);
