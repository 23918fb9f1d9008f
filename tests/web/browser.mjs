// browser.mjs - the page in a real browser: Debian's chromium driven by
// playwright-core (no downloaded browser), the page served by make
// web-serve. In real time, as a person would: a whole game of Nim against
// the machine with mouse clicks, one with the keyboard (B held opens the
// menu on the way), the frames the page draws checked against the
// firmware's own (FRAME over the console), VER typed in the console, a
// reload that finds the game in progress, a screenshot; the page in each
// of its languages (languages.mjs); no page errors.
//
// usage: node tests/web/browser.mjs WEBDIR SCREENSHOT.png
import { chromium } from '../../sim/web/node_modules/playwright-core/index.mjs';
import { pageKit, sleep, webServe } from './pagekit.mjs';
import { checkLanguages } from './languages.mjs';

const [webDir, shot] = process.argv.slice(2);
if (!webDir || !shot) {
    console.error('usage: node tests/web/browser.mjs WEBDIR SCREENSHOT.png');
    process.exit(2);
}
const CHROMIUM = process.env.NIMWEB_CHROMIUM || '/usr/bin/chromium';
const t0 = Date.now();
let pass = 0, fail = 0;
const check = (ok, what) => {
    if (ok) pass++; else fail++;
    console.log(`webpage ${ok ? 'PASS' : 'FAIL'} ${what}`);
    return ok;
};

const { url, stop: stopServer } = await webServe(webDir);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
const context = await browser.newContext({ viewport: { width: 760, height: 1060 }, locale: 'en-US' });
const page = await context.newPage();
const pageErrors = [];
page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
page.on('pageerror', (e) => pageErrors.push(String(e)));

const { uartText, waitUart, type, chipNow, waitChip, click, key } = pageKit(page);

// The firmware's frame (FRAME over the console) must be one the page drew
// in the last second of chip time: the page shows what the MAX7219 got.
let frameChecks = 0, frameBad = 0;
async function frameCheck() {
    await waitChip(0.15);    // let a frame just sent reach the page's next draw
    const [m] = await type('FRAME', /OK FRAME ([0-9A-F]+)\n/);
    const { drawn, now } = await page.evaluate(() => ({ drawn: window.nimweb.drawn, now: window.nimweb.simSeconds() }));
    const recent = drawn.filter((d) => d.t > now - 1.5).map((d) => d.hex);
    // the page's current picture counts even if drawn earlier
    if (drawn.length) recent.push(drawn[drawn.length - 1].hex);
    frameChecks++;
    if (!recent.includes(m[1])) {
        frameBad++;
        console.log(`    firmware FRAME ${m[1]}, page drew ${[...new Set(recent)].join(' ')}`);
    }
}

// The moves of tests/e2e/nim_machine.nims: you start on 3-4-5 and make the
// winning moves; the perfect machine stalls and loses. [buttons, your move, its reply]
const GAME = [
    [['DOWN', 'DOWN', 'A'], 'H 0 1', 'M 2 4'],
    [['DOWN', 'A'], 'H 0 0', 'M 1 3'],
    [['RIGHT', 'RIGHT', 'DOWN', 'A'], 'H 2 3', 'M 1 2'],
    [['DOWN', 'A'], 'H 2 2', 'M 1 1'],
    [['DOWN', 'A'], 'H 2 1', 'M 1 0'],
    [['DOWN', 'A'], 'H 2 0', null],
];

async function playMoves(press, moves, label) {
    for (const [buttons, mine, theirs] of moves) {
        const from = (await uartText()).length;
        for (const b of buttons)
            await press(b);
        await waitUart(new RegExp(`LOG MOVE ${mine}\\n`), from);
        if (theirs)
            await waitUart(new RegExp(`LOG MOVE ${theirs}\\n`), from, 8000);
        await frameCheck();
    }
    console.log(`    ${label}: ${moves.length} moves`);
}

let rc = 1;
try {
    await page.goto(url);
    await waitUart(/LOG BOOT 1 0\n/);
    check(true, 'page loaded from make web-serve, firmware booted (LOG BOOT 1 0: power-on, no game)');
    const [ver] = await type('VER', /OK VER [^\n]*\n/);
    check(/^OK VER NIM \S+ BOARD nano COLS 8 GAMES \d+ LINE \d+(?: [A-Z]+ \S+)*\n$/.test(ver[0]), `console: VER -> ${ver[0].trim()}`);
    for (const set of ['SET LEVEL 2', 'SET FIRST 0', 'SET START 0'])
        await type(set, new RegExp(`OK ${set}\\n`));

    // Game 1: mouse clicks, to the end.
    await type('GAME NIM', /LOG NEW 0 H\n/);
    let from = (await uartText()).length;
    await playMoves(click, GAME, 'clicks');
    await waitUart(/LOG END H\n/, from);
    const [sc] = await type('SCORES', /OK SCORES [^\n]*\n/);
    check(/OK SCORES 0 W 1 L 0/.test(sc[0]), `a whole game by clicks, won: ${sc[0].trim()}`);
    await waitChip(2.2);     // the result scrolls, then A starts the next game

    // Game 2: the keyboard; B held opens the menu on the way, B comes back.
    from = (await uartText()).length;
    await key('A');
    await waitUart(/LOG NEW 0 H\n/, from);
    await playMoves(key, GAME.slice(0, 3), 'keys');
    await key('B', 1.0);
    const [menu] = await type('STATE', /OK STATE SCR=(\w+)/);
    check(menu[1] === 'MENU', `B held 1 s opens the menu (SCR=${menu[1]})`);
    await key('B');
    const [back] = await type('STATE', /OK STATE SCR=(\w+)[^\n]*POS=([\d,]*)/);
    check(back[1] === 'PLAY' && back[2] === '0,2,3', `B brings the game back (SCR=${back[1]} POS=${back[2]})`);
    from = (await uartText()).length;
    await playMoves(key, GAME.slice(3), 'keys');
    await waitUart(/LOG END H\n/, from);
    const [sc2] = await type('SCORES', /OK SCORES [^\n]*\n/);
    check(/OK SCORES 0 W 2 L 0/.test(sc2[0]), `a whole game by keyboard, won: ${sc2[0].trim()}`);
    check(frameChecks >= 12 && frameBad === 0, `the page drew the firmware's frame at each of ${frameChecks} FRAME checks (${frameBad} not)`);

    // Game 3: one move, then a reload: the EEPROM in localStorage brings it
    // back. A reload is a power cut; games 1 and 2 spent the burst of game
    // saves the wear limit allows a power-on (docs/architecture.md#eeprom-wear: after
    // it a game is saved every 171 s), so game 3 starts on a fresh power-on.
    await waitChip(1.0);
    await page.reload();
    await waitUart(/LOG BOOT 1 0\n/);
    await type('GAME NIM', /LOG NEW 0 H\n/);
    await playMoves(key, GAME.slice(0, 1), 'keys before the reload');
    const [before] = await type('STATE', /OK STATE SCR=(\w+)[^\n]*POS=([\d,]*)/);
    await waitChip(1.0);     // the toy saves the game; the page stores the EEPROM
    await sleep(400);
    await page.reload();
    await waitUart(/LOG BOOT \d+ \d+\n/);
    const boot = (await uartText()).split('\n')[0];
    let after;
    for (let i = 0; i < 20; i++) {      // the title first, then the game
        [after] = await type('STATE', /OK STATE SCR=(\w+)[^\n]*POS=([\d,]*)[^\n]* W=(\d+)/);
        if (after[1] !== 'INTRO')
            break;
        await waitChip(0.3);
    }
    check(boot === 'LOG BOOT 1 1' && after[1] === 'PLAY' && after[2] === before[2] && after[3] === '2',
        `reload: ${boot}, SCR=${after[1]}, game resumed at POS=${after[2]} (before: ${before[2]}), ${after[3]} wins kept`);
    await frameCheck();
    check(frameBad === 0, 'after the reload the page draws the firmware\'s frame');

    await page.screenshot({ path: shot, fullPage: true });
    check(true, `screenshot ${shot}`);
    // An idle toy costs almost nothing: asleep time is skipped, not stepped.
    await waitChip(1.5);
    const idle = await page.evaluate(() => window.nimweb.board.awakeShare());
    check(idle < 0.05, `the chip is awake ${(100 * idle).toFixed(2)} % of the time (sleep skipped)`);

    // The 32-column page (build/m4/web, served as m4/).
    await page.goto(url + 'm4/');
    await waitUart(/LOG BOOT 1 0\n/);
    const [ver32] = await type('VER', /OK VER [^\n]*\n/);
    const lamps = await page.locator('#matrix .lamp').count();
    await waitChip(3.5);
    await frameCheck();
    check(/COLS 32 /.test(ver32[0]) && lamps === 256 && frameBad === 0,
        `m4/: ${ver32[0].trim()}, ${lamps} lamps, the menu frame drawn as the firmware has it`);
    // A phone: touch with a real hold (touchstart ... touchend) and no
    // sideways scrolling on a 390 px screen.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const tp = await phone.newPage();
    tp.on('pageerror', (e) => pageErrors.push(String(e)));
    await tp.goto(url);
    const tChip = () => tp.evaluate(() => window.nimweb.simSeconds());
    while (await tChip() < 3.5)
        await sleep(50);
    const box = await tp.locator('[data-button="DOWN"]').boundingBox();
    const cdp = await phone.newCDPSession(tp);
    const at = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
    // held 90 ms of chip time by the page's gate, as every other press: a
    // release sent after polling the chip's time came late on a loaded
    // machine (a hold past the key repeat: MENU=3)
    await pageKit(tp).press(() => cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at }),
        () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }), 0.09);
    const tFrom = (await tp.evaluate(() => window.nimweb.uartText())).length;
    await tp.fill('#uart-in', 'STATE');
    await tp.press('#uart-in', 'Enter');
    let tState = null;
    for (let i = 0; i < 100 && !tState; i++) {
        tState = / MENU=(\d+)/.exec((await tp.evaluate(() => window.nimweb.uartText())).slice(tFrom));
        await sleep(50);
    }
    const wide = await tp.evaluate(() => document.documentElement.scrollWidth);
    check(tState && tState[1] === '1' && wide <= 390,
        `phone: a touch on DOWN moves the menu (MENU=${tState && tState[1]}), page ${wide} px wide on a 390 px screen`);
    await phone.close();

    // The page in English, Vietnamese, Traditional Chinese and Thai.
    await checkLanguages(browser, url, shot, check);

    const errs = await page.evaluate(() => window.nimweb.errors);
    check(!pageErrors.length && !errs.length, `no page errors${pageErrors.length || errs.length ? ': ' + [...pageErrors, ...errs].join('; ') : ''}`);
    rc = fail ? 1 : 0;
} catch (e) {
    console.log(`webpage FAIL ${e.message}`);
    fail++;
    await page.screenshot({ path: shot.replace(/\.png$/, '-fail.png') }).catch(() => {});
} finally {
    await browser.close();
    stopServer();
}
console.log(`webpage: ${pass} passed, ${fail} failed (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(rc);
