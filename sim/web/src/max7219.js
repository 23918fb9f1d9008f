// max7219.js - a chain of MAX7219 LED drivers, modelled from the Maxim
// MAX7219/MAX7221 datasheet: 16-bit words (D15..D12 ignored, D11..D8 the
// register address, D7..D0 the data) shifted in MSB first; the MAX7219
// shifts on every CLK edge whatever LOAD does, and DOUT passes each bit on
// 16 clocks later, so in a chain of N the last 16*N bits sit one word per
// chip; LOAD's rising edge latches each chip's word (table 1 / figure 1).
// Registers (table 2): 0 no-op, 1..8 digits, 9 decode mode, A intensity,
// B scan limit, C shutdown, F display test. The frame seen by the user is
// kept in the engine's layout: frame[c] = column c from the left, bit r =
// row r from the bottom (board/nano.h gives the module orientation).

const REG_DECODE = 0x9, REG_INTENSITY = 0xA, REG_SCAN_LIMIT = 0xB,
    REG_SHUTDOWN = 0xC, REG_TEST = 0xF;

// Code B font (table 5): segments on data bits DP=7 A=6 B=5 C=4 D=3 E=2 F=1 G=0.
const CODE_B = [0x7E, 0x30, 0x6D, 0x79, 0x33, 0x5B, 0x5F, 0x70,
    0x7F, 0x7B, 0x01, 0x4F, 0x37, 0x0E, 0x67, 0x00];

export function max7219CodeB(v) {
    return (v & 0x80) | CODE_B[v & 0x0F];
}

function chipPowerOn() {
    // Power-up (datasheet "Initial power-up"): control registers reset,
    // display blanked, shutdown mode. Digit registers are not defined
    // there; they start at 0 here, as nimsim has them.
    return { digit: new Uint8Array(8), decode: 0, intensity: 0, scanLimit: 0,
        shutdown: true, test: false };
}

export class Max7219Chain {
    constructor(modules) {
        this.modules = modules;
        this.cols = 8 * modules;
        this.onChange = null;      // (chain) => void, when what the user sees changes
        this.powerOn();
    }

    powerOn() {
        this.chips = Array.from({ length: this.modules }, chipPowerOn);
        this.shift = new Uint8Array(2 * this.modules);  // [0] nearest the MCU
        this.load = true;
        this.words = 0;
        this.latches = 0;
        // what was shown before the power went: render() reports the change
        this.frame ||= new Uint8Array(this.cols);
        this.levels ||= new Uint8Array(this.cols * 8);   // per lamp: 0 dark, else duty in 32nds
        this.render();
    }

    // One byte on DIN/CLK (SPI, MSB first): the whole chain moves one byte on.
    spiByte(b) {
        this.shift.copyWithin(1, 0);
        this.shift[0] = b & 0xFF;
    }

    // The LOAD (CS) pin level; its rising edge latches one word per chip.
    setLoad(level) {
        const rising = level && !this.load;
        this.load = level;
        if (!rising)
            return;
        for (let m = 0; m < this.modules; m++) {
            this.write(this.chips[m], (this.shift[2 * m + 1] << 8) | this.shift[2 * m]);
            this.words++;
        }
        this.latches++;
        this.render();
    }

    write(c, word) {
        const reg = (word >> 8) & 0x0F, v = word & 0xFF;
        if (reg >= 1 && reg <= 8) c.digit[reg - 1] = v;
        else if (reg === REG_DECODE) c.decode = v;
        else if (reg === REG_INTENSITY) c.intensity = v & 0x0F;
        else if (reg === REG_SCAN_LIMIT) c.scanLimit = v & 0x07;
        else if (reg === REG_SHUTDOWN) c.shutdown = !(v & 1);
        else if (reg === REG_TEST) c.test = !!(v & 1);
        // 0x0 no-op, 0xD and 0xE: nothing
    }

    // Digit d's segment pattern as driven now (bit b lights module column 7-b).
    row(c, d) {
        if (c.test)
            return 0xFF;            // display test overrides shutdown and every register
        if (c.shutdown || d > c.scanLimit)
            return 0;
        return (c.decode >> d) & 1 ? max7219CodeB(c.digit[d]) : c.digit[d];
    }

    // Duty of a lit lamp in 32nds: (2i+1)/32 (table 7), 31/32 in display
    // test; scanning fewer digits gives each one a longer share of the
    // multiplex (8 / (limit+1)), capped at full on.
    duty(c) {
        if (c.test)
            return 31;
        return Math.min(32 * 8, (2 * c.intensity + 1) * 8 / (c.scanLimit + 1));
    }

    render() {
        const f = new Uint8Array(this.cols);
        const lv = new Uint8Array(this.cols * 8);
        for (let m = 0; m < this.modules; m++) {
            const c = this.chips[m];
            const duty = Math.max(1, Math.min(32, Math.round(this.duty(c))));
            for (let d = 0; d < 8; d++) {
                const row = this.row(c, d), r = 7 - d;   // digit 1 is the top row
                for (let b = 0; b < 8; b++)
                    if (row & (1 << b)) {
                        const col = 8 * m + 7 - b;
                        f[col] |= 1 << r;
                        lv[col * 8 + r] = duty;
                    }
            }
        }
        let changed = false;
        for (let i = 0; i < f.length; i++) changed ||= f[i] !== this.frame[i];
        for (let i = 0; i < lv.length && !changed; i++) changed = lv[i] !== this.levels[i];
        const framed = !f.every((v, i) => v === this.frame[i]);
        this.frame = f;
        this.levels = lv;
        if (changed && this.onChange)
            this.onChange(this, framed);
    }

    // The frame as the script language draws it: top row first, '#' lit.
    picture() {
        const lines = [];
        for (let r = 7; r >= 0; r--) {
            let s = '';
            for (let c = 0; c < this.cols; c++) s += this.frame[c] & (1 << r) ? '#' : '.';
            lines.push(s);
        }
        return lines.join('\n');
    }
}
