// linkq.js - the page's side of the PC link, as docs/protocol.md's
// streaming rule asks of a host: a line goes to the toy only once the line
// before it has its OK or ERR reply (the simple host the rule names: one
// line in flight, never more than RX bytes). A blank line gets no reply,
// so it waits for nothing. The console's typed lines and the address's
// commands (fragment.js) share this one queue, so each reply finds its line.
//
// A toy that is off does not listen: a line with no reply after
// REPLY_SECS of chip time is given up, and the next goes.

const REPLY_SECS = 3;

export class LinkQueue {
    // send(bytes) writes to the UART; now() is the chip's time in seconds.
    constructor(send, now) {
        this.send = send;
        this.now = now;
        this.waiting = [];        // { line, resolve } not sent yet
        this.inFlight = null;     // { line, resolve, since, info }
        this.rx = '';             // the reply line being received
        this.onLine = null;       // (text) every line the toy sends
    }

    // Sends `line` (no newline) in its turn; resolves to { reply, info }
    // (reply: the OK/ERR line, info: the '#' lines before it), or to
    // { reply: null } when the toy gave none.
    line(line) {
        return new Promise((resolve) => {
            this.waiting.push({ line, resolve });
            this.next();
        });
    }

    get busy() {
        return this.inFlight !== null || this.waiting.length > 0;
    }

    next() {
        while (!this.inFlight && this.waiting.length) {
            const item = this.waiting.shift();
            this.send(new TextEncoder().encode(item.line + '\n'));
            if (!item.line.trim()) {
                item.resolve({ reply: null, info: [] });
                continue;
            }
            this.inFlight = { ...item, since: this.now(), info: [] };
        }
    }

    // Every byte the toy sends.
    byte(b) {
        if (b !== 10) {
            if (b !== 13)
                this.rx += String.fromCharCode(b);
            return;
        }
        const text = this.rx;
        this.rx = '';
        if (this.onLine)
            this.onLine(text);
        const f = this.inFlight;
        if (!f)
            return;
        if (text.startsWith('#')) {
            f.info.push(text);
        } else if (/^(OK|ERR)\b/.test(text)) {
            this.inFlight = null;
            f.resolve({ reply: text, info: f.info });
            this.next();
        }
    }

    // Called every animation frame: a line whose reply never came is
    // given up. A reset (power cycle) drops what was in flight too.
    tick() {
        const f = this.inFlight;
        if (f && this.now() - f.since > REPLY_SECS) {
            this.inFlight = null;
            f.resolve({ reply: null, info: f.info });
            this.next();
        }
    }

    reset() {
        this.rx = '';
        if (this.inFlight) {
            const f = this.inFlight;
            this.inFlight = null;
            f.resolve({ reply: null, info: f.info });
        }
        this.next();
    }
}
