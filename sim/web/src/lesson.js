// lesson.js - the page set up from its address: once the firmware has
// booted, the fragment's commands (fragment.js) go over the PC link one by
// one (linkq.js), each echoed in the console with the toy's answer, as if
// typed; the first refusal stops the rest (a POS after a refused GAME
// would land on another game). A bad fragment gets an error line, never
// a broken page. A new fragment (hashchange) is set up the same way.
import { fragmentParse } from './fragment.js';

export class AddressSetup {
    // queue: a LinkQueue; say(text): a line of the page in the console;
    // shown(kind, detail): 'done' | 'error' | '' for the page's message.
    constructor(queue, say, shown) {
        this.queue = queue;
        this.say = say;
        this.shown = shown;
        this.ready = false;
        this.pending = null;      // the lines to send once booted
        this.runs = 0;            // fragments set up, for the tests
    }

    // The address's fragment: checked now, sent once the toy is ready.
    want(hash) {
        const f = fragmentParse(hash);
        if (f.error) {
            this.pending = null;
            this.say(`! address not used: ${f.error}`);
            this.shown('error', f.error);
            return;
        }
        this.pending = f.lines.length ? f.lines : null;
        if (!this.pending)
            this.shown('', '');
        this.go();
    }

    // The firmware said LOG BOOT: its link listens.
    booted() {
        this.ready = true;
        this.go();
    }

    async go() {
        if (!this.ready || !this.pending)
            return;
        const lines = this.pending;
        this.pending = null;
        for (const line of lines) {
            this.say(`> ${line}`);
            const { reply } = await this.queue.line(line);
            if (!reply || reply.startsWith('ERR')) {
                const why = reply ? `"${line}": ${reply}` : `"${line}": no reply`;
                this.say(`! address: stopped at ${why}`);
                this.shown('error', why);
                return;
            }
        }
        this.runs++;
        this.shown('done', lines.join('; '));
    }
}
