// pagekit.mjs - a person at the page, for the browser tests: the console
// read and typed, buttons pressed with the mouse or the keyboard, waits in
// chip time.

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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

    // A press and release with the mouse: real pointerdown, hold, pointerup.
    async function click(name) {
        const box = await page.locator(`[data-button="${name}"]`).boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await waitChip(0.09);
        await page.mouse.up();
        await waitChip(0.09);
    }

    async function key(name, hold = 0.09) {
        // keys go to the toy, not to the console's input line
        await page.evaluate(() => document.activeElement?.blur());
        await page.keyboard.down(KEY[name]);
        await waitChip(hold);
        await page.keyboard.up(KEY[name]);
        await waitChip(0.09);
    }

    return { uartText, waitUart, type, chipNow, waitChip, click, key };
}
