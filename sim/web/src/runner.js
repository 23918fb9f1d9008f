// runner.js - the Nim board on avr8js: an ATmega328P running the flashed
// image, wired from board/nano.h (via the generated board object) to the
// MAX7219 chain, six buttons, the piezo and the UART; time in cycles at
// 16 MHz, with the time the CPU sleeps skipped to the next event instead of
// stepped. Shared by the page and by the Node differential (tests/web).
//
// avr8js 0.21's defects that hit this firmware are worked around in
// fixes.js, each by name, switchable by `keepBugs`.

import {
    avrInstruction, avrInterrupt, AVRTimer, timer0Config, timer1Config, timer2Config,
    AVRSPI, spiConfig, AVRUSART, usart0Config, AVREEPROM, eepromConfig, AVRIOPort,
    portBConfig, portCConfig, portDConfig, AVRClock, clockConfig, AVRWatchdog, watchdogConfig,
    PinState,
} from 'avr8js';
import {
    BUGS, fixesCheck, fixesCpu, fixesResetFlags, fixesReleasedLevel, fixesRxc, fixesUdre,
    fixesSleeps, fixesSleepMode, fixesCanWake, fixesIrqExtra, fixesIrqHeld, fixesWatchdog, fixesEeprom,
    fixesOcf,
} from './fixes.js';
import { R, regsFromDefines, regsSet } from './avr_regs.js';
import { Max7219Chain } from './max7219.js';
import { Piezo } from './piezo.js';

export { BUGS };
export const BUTTON_NAMES = ['UP', 'DOWN', 'LEFT', 'RIGHT', 'A', 'B'];

const PORTS = { B: portBConfig, C: portCConfig, D: portDConfig };

export class Board {
    // opts: { flash: Uint16Array, board: generated board object, eeprom: EepromStore,
    //         keepBugs: Set of names }
    constructor(opts) {
        this.flash = opts.flash;
        this.board = opts.board;
        regsSet(this.board.regs);     // the chip's registers (avr_regs.js)
        this.eeprom = opts.eeprom;
        this.keep = opts.keepBugs || new Set();
        fixesCheck(this.keep);
        this.freq = Number(this.board.BOARD_F_CPU);
        this.eeWrite = null;             // the EEPROM write in progress, over resets
        this.eeLog = [];                 // { at, len } of every EEPROM write started
        this.chain = new Max7219Chain(this.board.BOARD_MODULES);
        this.buttons = 0;                // BTN_* bits held
        this.onUartByte = null;          // (byte, cycle)
        this.onFrame = null;             // (chain, framed) when the display changes
        this.onTone = null;              // (hz)
        this.onReset = null;             // (cause)
        this.uartQueue = [];
        this.base = 0;                   // cycles of the CPUs before the last reset
        this.awake = 0;
        this.slept = 0;
        this.wakeups = 0;
        this.resets = 0;
        this.tones = [];                 // the piezo log over resets
        this.chain.onChange = (chain, framed) => this.onFrame && this.onFrame(chain, framed);
        this.build(R.MCUSR_PORF);
    }

    get cycles() {
        return this.base + this.cpu.cycles;
    }

    bug(name) {
        return this.keep.has(name);
    }

    // A new chip: core and peripherals at their reset state, flash and EEPROM kept.
    build(mcusr) {
        if (this.cpu)
            this.base += this.cpu.cycles;
        const cpu = fixesCpu(this);
        this.cpu = cpu;
        this.sleeping = false;
        this.sleepMode = 0;
        this.timer0 = new AVRTimer(cpu, timer0Config);
        this.timer1 = new AVRTimer(cpu, timer1Config);
        this.timer2 = new AVRTimer(cpu, timer2Config);
        for (const t of [this.timer0, this.timer1, this.timer2])
            fixesOcf(this, t);
        this.ports = {};
        for (const [name, cfg] of Object.entries(PORTS))
            this.ports[name] = new AVRIOPort(cpu, cfg);
        this.clock = new AVRClock(cpu, this.freq, clockConfig);
        this.watchdog = new AVRWatchdog(cpu, watchdogConfig, this.clock);
        this.avrEeprom = new AVREEPROM(cpu, this.eeprom, eepromConfig);
        this.spi = new AVRSPI(cpu, spiConfig, this.freq);
        this.usart = new AVRUSART(cpu, usart0Config, this.freq);
        this.wireSpi();
        this.wireUart();
        this.wireButtons();
        this.wirePiezo();
        fixesWatchdog(this);
        fixesEeprom(this);
        fixesResetFlags(this, mcusr);
        this.uartArmed = false;
        this.uartArm();
    }

    wireSpi() {
        const b = this.board, cpu = this.cpu, spi = this.spi;
        spi.onByte = (value) => {
            this.chain.spiByte(value);
            cpu.addClockEvent(() => spi.completeTransfer(0xFF), spi.transferCycles);
        };
        const port = this.ports[b.BOARD_SPI_PORT];
        const cs = b.BOARD_SPI_CS;
        // LOAD follows the CS pin: low only while driven low. avr8js does
        // not toggle SCK/MOSI, so the bytes come from the SPI's onByte.
        const follow = () => this.chain.setLoad(port.pinState(cs) !== PinState.Low);
        port.addListener(follow);
        follow();
    }

    wireUart() {
        this.usart.onByteTransmit = (value) => this.onUartByte && this.onUartByte(value, this.cycles);
        fixesRxc(this);
        fixesUdre(this);
    }

    // Pins of released buttons: high through the pull-up (fixes.js).
    wireButtons() {
        const b = this.board;
        const port = this.ports[b.BOARD_BTN_PORT];
        this.btnPins = BUTTON_NAMES.map((n) => b['BOARD_BTN_' + n]);
        this.btnPort = port;
        port.addListener(() => this.applyButtons());
        this.applyButtons();
    }

    applyButtons() {
        const port = this.btnPort, activeLow = !!this.board.BOARD_BTN_ACTIVE_LOW;
        for (let i = 0; i < this.btnPins.length; i++) {
            const pin = this.btnPins[i];
            const closed = !!(this.buttons & (1 << i));
            port.setPin(pin, closed ? !activeLow : fixesReleasedLevel(this, port, pin));
        }
    }

    setButton(i, pressed) {
        const bit = 1 << i;
        this.buttons = pressed ? this.buttons | bit : this.buttons & ~bit;
        this.applyButtons();
    }

    wirePiezo() {
        const b = this.board, cpu = this.cpu;
        const ddr = PORTS[b.BOARD_PIEZO_PORT].DDR;
        const old = this.piezo;
        this.piezo = new Piezo(this, cpu, this.timer1, this.freq, ddr, b.BOARD_PIEZO_PIN);
        if (old) {
            this.piezo.hz = old.hz;
            this.piezo.log = old.log;
            this.piezo.glitches = old.glitches;
        }
        this.piezo.onChange = (hz) => this.onTone && this.onTone(hz);
        const regs = [R.ADDR_TCCR1A, R.ADDR_TCCR1B, R.ADDR_ICR1L, R.ADDR_ICR1H, R.ADDR_OCR1AL, R.ADDR_OCR1AH, ddr];
        for (const addr of regs) {
            const prev = cpu.writeHooks[addr];
            cpu.writeHooks[addr] = (value, oldValue, a, mask) => {
                const handled = prev ? prev(value, oldValue, a, mask) : false;
                if (!handled)
                    cpu.data[a] = value;
                this.piezo.update();
                return true;
            };
        }
        this.piezo.update();        // a reset silences it
    }

    // Power cycle: RAM and registers lost, flash and EEPROM kept; the
    // MAX7219s lose power too (a held button stays held). mcusr: the reset
    // flags the firmware finds (the chip: PORF); keepRegisters: r0..r31
    // survive (undefined on the chip; simavr keeps them).
    powerCycle(mcusr = R.MCUSR_PORF, keepRegisters = false) {
        this.resets++;
        this.chain.powerOn();
        this.eeWrite = null;             // a write in progress keeps its old byte
        const regs = this.cpu.data.slice(0, 32);
        this.build(mcusr);
        if (keepRegisters)
            this.cpu.data.set(regs, 0);
        if (this.onReset)
            this.onReset('power');
    }

    // --- UART: bytes to the firmware at line speed from the current UBRR0
    uartSend(bytes) {
        for (const b of bytes)
            this.uartQueue.push(b & 0xFF);
        this.uartArm();
    }

    uartArm() {
        if (this.uartArmed || !this.uartQueue.length)
            return;
        this.uartArmed = true;
        const cpu = this.cpu;
        const feed = () => {
            if (cpu !== this.cpu)
                return;                          // a reset built a new chip
            // Held while the receiver is off (booting) or a byte waits
            // unread (the chip's two-byte FIFO, avr8js has one).
            if (this.usart.rxEnable && !(cpu.data[usart0Config.UCSRA] & R.UCSR0A_RXC0))
                this.usart.writeByte(this.uartQueue.shift(), true);
            if (this.uartQueue.length)
                cpu.addClockEvent(feed, this.usart.cyclesPerChar);
            else
                this.uartArmed = false;
        };
        cpu.addClockEvent(feed, this.usart.cyclesPerChar);
    }

    // A byte arrives now (the differential replays nimsim's receive times).
    uartInject(byte) {
        if (!this.usart.rxEnable)
            return false;
        this.usart.writeByte(byte, true);
        return true;
    }

    // --- time
    fireEvents() {
        const cpu = this.cpu;
        let ev;
        while ((ev = cpu.nextClockEvent) && ev.cycles <= cpu.cycles) {
            cpu.nextClockEvent = ev.next;
            ev.callback();
            if (cpu.clockEventPool.length < 10)
                cpu.clockEventPool.push(ev);
        }
    }

    interrupt(fromSleep) {
        const cpu = this.cpu;
        const irq = cpu.pendingInterrupts[cpu.nextInterrupt];
        const c0 = cpu.cycles;
        avrInterrupt(cpu, irq.address);       // 2 cycles in avr8js
        if (!irq.constant)
            cpu.clearInterrupt(irq);
        cpu.cycles += fixesIrqExtra(this, fromSleep);
        this.awake += cpu.cycles - c0;
    }

    // Runs until the board's cycle count reaches `until` (or a little past:
    // the last instruction ends there).
    run(until) {
        this.started = true;
        let cpu = this.cpu;
        while (this.base + cpu.cycles < until) {
            const target = until - this.base;
            if (this.sleeping) {
                if (fixesCanWake(this)) {
                    this.sleeping = false;
                    this.wakeups++;
                    this.interrupt(true);
                    continue;
                }
                const ev = cpu.nextClockEvent;
                const next = ev && ev.cycles < target ? ev.cycles : target;
                if (next > cpu.cycles) {
                    this.slept += next - cpu.cycles;
                    cpu.cycles = next;
                }
                this.fireEvents();
                continue;
            }
            const op = this.flash[cpu.pc];
            const c0 = cpu.cycles;
            if (fixesSleeps(this, op)) {
                cpu.pc++;
                cpu.cycles++;
                this.awake++;
                this.sleeping = true;
                this.sleepMode = fixesSleepMode(this);
            } else {
                avrInstruction(cpu);
                this.awake += cpu.cycles - c0;
            }
            const ev = cpu.nextClockEvent;
            if (ev && ev.cycles <= cpu.cycles)
                this.fireEvents();
            if (this.pendingReset) {
                // reset flags add up until software clears them (10.9.1)
                const m = this.pendingReset | cpu.data[R.ADDR_MCUSR];
                this.pendingReset = 0;
                this.resets++;
                this.build(m);
                cpu = this.cpu;
                if (this.onReset)
                    this.onReset('watchdog');
                continue;
            }
            if (cpu.nextInterrupt >= 0 && (cpu.data[R.ADDR_SREG] & R.SREG_I) && !this.sleeping &&
                !fixesIrqHeld(this, op))
                this.interrupt(false);
        }
    }

    // Fraction of the cycles the CPU was awake.
    awakeShare() {
        const t = this.awake + this.slept;
        return t ? this.awake / t : 0;
    }
}

// The board object from `cc -dM -E board/board.h` lines, and the chip's
// registers from sim/avr_regs.h's (board.regs: tests/web/web.mk).
export function boardFromDefines(text) {
    const b = {};
    for (const line of text.split('\n')) {
        const m = /^#define (BOARD_\w+) (.+)$/.exec(line.trim());
        if (!m)
            continue;
        let v = m[2].trim();
        const ch = /^'(.)'$/.exec(v);
        const num = /^\(?(-?(?:0x[0-9a-fA-F]+|\d+))[UL]*\)?$/.exec(v);
        const str = /^"(.*)"$/.exec(v);
        if (ch) v = ch[1];
        else if (num) v = Number(num[1]);
        else if (str) v = str[1];
        b[m[1]] = v;
    }
    // board.h derives these from BOARD_MODULES
    b.BOARD_COLS = 8 * b.BOARD_MODULES;
    b.regs = regsFromDefines(text);     // sim/avr_regs.h's, in the same file
    b.BOARD_ROWS = 8;
    for (const k of ['BOARD_F_CPU', 'BOARD_MODULES', 'BOARD_SPI_PORT', 'BOARD_SPI_CS',
        'BOARD_BTN_PORT', 'BOARD_PIEZO_PORT', 'BOARD_PIEZO_PIN', 'BOARD_FLASH_BYTES',
        'BOARD_EEPROM_BYTES'])
        if (b[k] === undefined)
            throw new Error(`board defines lack ${k}`);
    return b;
}
