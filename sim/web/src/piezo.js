// piezo.js - the piezo on OC1A: the tone Timer1 puts on the pin, read from
// its registers (datasheet 16.9.2: f = fclk / (2 N (1 + OCR1A)) in CTC
// toggle mode) whenever the firmware writes one of them, logged with start
// and end cycle as nimsim's piezo part does; and a Web Audio voice for the
// page, silent until the user's first gesture (browsers' autoplay rule).

import { R } from './avr_regs.js';

// A register state that lasts fewer cycles than this is the firmware
// still writing its sequence, not a tone (nimsim: PIEZO_MIN_CYCLES).
export const PIEZO_MIN_CYCLES = 64;

const PRESCALE = [0, 1, 8, 64, 256, 1024, 0, 0];

export class Piezo {
    // timer1: avr8js's AVRTimer (holds OCR1A/ICR1), ddr: DDR address of the piezo port
    constructor(board, cpu, timer1, freqHz, ddrAddr, pin) {
        this.board = board;
        this.cpu = cpu;
        this.timer1 = timer1;
        this.freqHz = freqHz;
        this.ddrAddr = ddrAddr;
        this.pin = pin;
        this.hz = 0;
        this.log = [];            // { start, end, hz }, end 0 while sounding
        // Passing states in which Timer1 ran with OC1A toggling (a tone
        // started before its OCR1A was written): the pin toggled at a
        // frequency the firmware never asked for. { start, end, hz }
        this.glitches = [];
        this.onChange = null;     // (hz) => void
    }

    readHz() {
        const d = this.cpu.data;
        const a = d[R.ADDR_TCCR1A], b = d[R.ADDR_TCCR1B];
        const com = (a >> 6) & 3, wgm = (a & 3) | ((b >> 1) & 0x0C), n = PRESCALE[b & 7];
        const ocr = this.timer1.nextOcrA, icr = this.timer1.icr;
        if (!n || !(d[this.ddrAddr] & (1 << this.pin)))
            return 0;
        const f = this.freqHz / n;
        if (com === 1 && (wgm === 4 || wgm === 15)) return f / (2 * (ocr + 1));
        if (com === 1 && wgm === 12) return f / (2 * (icr + 1));
        if (com >= 2 && wgm === 14 && ocr > 0 && ocr < icr) return f / (icr + 1);
        return 0;
    }

    update() {
        const hz = this.readHz();
        if (hz === this.hz)
            return;
        const now = this.board.cycles;
        const last = this.log[this.log.length - 1];
        if (this.hz > 0 && last) {
            if (now - last.start < PIEZO_MIN_CYCLES) {
                this.log.pop();
                this.glitches.push({ start: last.start, end: now, hz: last.hz });
            } else {
                last.end = now;
            }
        }
        this.hz = hz;
        if (hz > 0)
            this.log.push({ start: now, end: 0, hz });
        if (this.onChange)
            this.onChange(hz);
    }
}

// The page's voice: a square wave at the pin's frequency.
export class PiezoAudio {
    constructor() {
        this.ctx = null;
        this.osc = null;
        this.gain = null;
        this.hz = 0;
        this.muted = false;
    }

    // Called from a user gesture: browsers start audio only then.
    unlock() {
        if (this.ctx || typeof AudioContext === 'undefined')
            return;
        this.ctx = new AudioContext();
        this.gain = this.ctx.createGain();
        this.gain.gain.value = 0;
        this.gain.connect(this.ctx.destination);
        this.osc = this.ctx.createOscillator();
        this.osc.type = 'square';
        this.osc.connect(this.gain);
        this.osc.start();
        this.set(this.hz);
    }

    set(hz) {
        this.hz = hz;
        if (!this.ctx)
            return;
        const t = this.ctx.currentTime;
        if (hz > 0 && !this.muted) {
            this.osc.frequency.setValueAtTime(hz, t);
            this.gain.gain.setValueAtTime(0.06, t);
        } else {
            this.gain.gain.setValueAtTime(0, t);
        }
    }
}
