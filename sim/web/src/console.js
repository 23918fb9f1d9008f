// console.js - the UART as a console: what the firmware sends (replies,
// LOG lines) scrolls in the output; a typed line goes to the firmware at
// line speed with its newline, as a PC terminal would send it, in its turn
// (send: the page's link queue, linkq.js).

const KEEP_CHARS = 20000;

export class UartConsole {
    constructor(out, form, input, send) {
        this.out = out;
        this.text = '';
        this.pending = '';
        this.all = '';            // everything, for the tests' hook
        form.addEventListener('submit', (e) => {
            e.preventDefault();
            const line = input.value;
            input.value = '';
            this.echo(line);
            send(line);
        });
    }

    echo(line) {
        this.say(`> ${line}`);
    }

    // A line of the page's own (the address's commands and errors), not
    // the toy's: shown, but not in the UART text the tests read.
    say(text) {
        this.pending += `${text}\n`;
    }

    byte(b) {
        const ch = b === 10 || (b >= 32 && b < 127) ? String.fromCharCode(b) : b === 13 ? '' : '\ufffd';
        this.pending += ch;
        this.all += String.fromCharCode(b);
    }

    // Called once per animation frame: one DOM update, however many bytes.
    flush() {
        if (!this.pending)
            return;
        this.text = (this.text + this.pending).slice(-KEEP_CHARS);
        this.pending = '';
        const stick = this.out.scrollTop + this.out.clientHeight >= this.out.scrollHeight - 4;
        this.out.textContent = this.text;
        if (stick)
            this.out.scrollTop = this.out.scrollHeight;
    }
}
