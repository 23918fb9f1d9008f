// pagekit.mjs - a person at the page, for the browser tests: the console
// read and typed, buttons pressed with the mouse or the keyboard, waits in
// chip time.

import { spawn } from 'node:child_process';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A test's PASS/FAIL lines under `label`, counted: tally.check(ok, what).
export function tally(label) {
    const t = { pass: 0, fail: 0, t0: Date.now() };
    t.check = (ok, what) => {
        if (ok) t.pass++; else t.fail++;
        console.log(`${label} ${ok ? 'PASS' : 'FAIL'} ${what}`);
        return ok;
    };
    t.secs = () => ((Date.now() - t.t0) / 1000).toFixed(1);
    return t;
}

// make web-serve on a free port (WEB_PORT=0) for WEBDIR (build/web, or
// build/m<N>/web); its first line has the URL. Returns { url, stop }.
export async function webServe(webDir) {
    const modules = /\/m(\d)\/web\/?$/.exec(webDir);
    const server = spawn('make', ['--no-print-directory', '-s', 'web-serve', 'WEB_PORT=0',
        ...(modules ? [`MODULES=${modules[1]}`] : [])], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    const url = await new Promise((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (d) => {
            out += d;
            const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
            if (m) resolve(m[1]);
        });
        server.on('exit', (code) => reject(new Error(`make web-serve ended (${code}): ${out}`)));
        setTimeout(() => reject(new Error('make web-serve printed no URL in 60 s')), 60000);
    });
    return { url, stop: () => { try { process.kill(-server.pid); } catch { /* gone */ } } };
}
const KEY = { UP: 'ArrowUp', DOWN: 'ArrowDown', LEFT: 'ArrowLeft', RIGHT: 'ArrowRight', A: 'KeyZ', B: 'KeyX' };

export function pageKit(page) {
    const uartText = () => page.evaluate(() => window.nimweb.uartText());

    // Waits for a UART pattern after `from` (an index in the UART text); returns [match, end index].
    async function waitUart(re, from = 0, ms = 10000) {
        const until = Date.now() + ms;
        for (;;) {
            const t = await uartText();
            const m = re.exec(t.slice(from));
            if (m)
                return [m, from + m.index + m[0].length];
            if (Date.now() > until)
                throw new Error(`no ${re} on the UART within ${ms} ms; last: ${JSON.stringify(t.slice(-200))}`);
            await sleep(40);
        }
    }

    // Types a line into the console, as a person would, and waits for its reply.
    async function type(line, reply) {
        const from = (await uartText()).length;
        await page.fill('#uart-in', line);
        await page.press('#uart-in', 'Enter');
        return waitUart(reply, from);
    }

    // Waits for the chip to run `s` seconds: on a busy machine the page's
    // real-time pacing falls behind the wall clock, and holds are chip time.
    const chipNow = () => page.evaluate(() => window.nimweb.simSeconds());
    async function waitChip(s) {
        const until = (await chipNow()) + s;
        while (await chipNow() < until)
            await sleep(20);
    }

    // Presses held an exact chip time: the page's gate (nimweb.stopAt)
    // stops the chip where the press or release is due and waits for it,
    // since a release sent after polling the chip's time came late on a
    // loaded machine (make test's two lanes), turning 90 ms taps into
    // holds past the 400 ms key repeat (H 0 0 for DOWN DOWN A).
    const gate = (s) => page.evaluate((s) => {
        const n = window.nimweb;
        n.stopAt = s === null ? null : n.board.cycles + Math.round(s * n.hz);
    }, s);
    const atGate = () => page.evaluate(() => window.nimweb.board.cycles >= window.nimweb.stopAt);
    async function press(down, up, hold) {
        await gate(0);              // the chip waits for the press
        await down();
        await gate(hold);
        while (!await atGate())
            await sleep(10);
        await up();
        await gate(null);
        await waitChip(0.09);
    }

    // A press and release with the mouse: real pointerdown, hold, pointerup.
    async function click(name) {
        const box = await page.locator(`[data-button="${name}"]`).boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await press(() => page.mouse.down(), () => page.mouse.up(), 0.09);
    }

    async function key(name, hold = 0.09) {
        // keys go to the toy, not to the console's input line
        await page.evaluate(() => document.activeElement?.blur());
        await press(() => page.keyboard.down(KEY[name]), () => page.keyboard.up(KEY[name]), hold);
    }

    return { uartText, waitUart, type, chipNow, waitChip, press, click, key };
}
