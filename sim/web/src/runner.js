// runner.js - the Nim board on avr8js: an ATmega328P running the flashed
// image, wired from board/nano.h (via the generated board object) to the
// MAX7219 chain, six buttons, the piezo and the UART; time in cycles at
// 16 MHz, with the time the CPU sleeps skipped to the next event instead of
// stepped. Shared by the page and by the Node differential (tests/web).
//
// avr8js 0.21 is kinder or different than the chip in ways that hit this
// firmware; each workaround below has a name, and `keepBugs` (a Set, or
// NIMWEB_KEEP_BUGS under Node) turns one off so a test can show the defect
// it hides is real:
//   rxc    a write to UCSR0B that keeps RXEN0 set clears a pending RXC: the
//          received byte is lost (VER\nSTATE\n arrives as VER\nTATE\n)
//   porf   MCUSR is 0 at power-on; the chip sets PORF (datasheet 10.9.1)
//   pullup internal pull-ups are not modelled: a released button reads 0
//   sleep  SLEEP is a no-op: the CPU spins through every idle moment, and a
//          power-down sleeps nothing
//   sram   new CPU(prog) has 8 KB of SRAM; the 328P has 2 KB (RAMEND 0x8FF)
//   irq    interrupt entry takes 2 cycles (chip: 4, +4 from sleep), and the
//          instruction after SEI or RETI does not run before a pending
//          interrupt (datasheet 7.7): `sei; sleep` then misses its wake-up
//   wdt    a watchdog reset resets only the CPU core, not the peripherals
//   eeprom a write to EECR while a write is in progress (the firmware's
//          `EECR |= EERIE`) clears EEPE, so the next write is dropped
//          silently; the byte is stored when the write starts, not when it
//          ends; the write takes 2 x 1.8 ms (datasheet table 8-1: 3.4 ms
//          erase and write, 1.8 ms erase only or write only); a read and
//          EEAR are not locked while it lasts (8.6.3)
//   udre   the transmitter has no buffer: UDRE0 stays clear for a whole
//          frame after each UDR0 write, so a reply goes out 3 % slow
//          (usart_tx.js)

import {
    CPU, avrInstruction, avrInterrupt, AVRTimer, timer0Config, timer1Config, timer2Config,
    AVRSPI, spiConfig, AVRUSART, usart0Config, AVREEPROM, eepromConfig, AVRIOPort,
    portBConfig, portCConfig, portDConfig, AVRClock, clockConfig, AVRWatchdog, watchdogConfig,
    PinState,
} from 'avr8js';
import { Max7219Chain } from './max7219.js';
import { Piezo } from './piezo.js';
import { usartTxBuffer } from './usart_tx.js';

export const BUGS = ['rxc', 'porf', 'pullup', 'sleep', 'sram', 'irq', 'wdt', 'eeprom', 'udre'];
export const BUTTON_NAMES = ['UP', 'DOWN', 'LEFT', 'RIGHT', 'A', 'B'];

const OP_SLEEP = 0x9588, OP_SEI = 0x9478, OP_RETI = 0x9518;
const SREG = 0x5F, SMCR = 0x53, MCUSR = 0x54;
const PORF = 0x01, WDRF = 0x08;
const UCSRA_RXC = 0x80, UCSRB_RXCIE = 0x80, UCSRB_RXEN = 0x10;
const SRAM_328P = 2048;
const EECR = 0x3F, EEDR = 0x40, EEARL = 0x41, EEARH = 0x42;
const EERE = 0x01, EEPE = 0x02, EEMPE = 0x04, EERIE = 0x08, EEPM = 0x30;
// Datasheet 8.6.3 table 8-1, by EEPM1:0: erase and write, erase only,
// write only (reserved: as erase and write), in microseconds.
const EEPROM_WRITE_US = [3400, 1800, 1800, 3400];
// Interrupt vectors (word addresses) that wake the chip from power-down,
// power-save and standby (datasheet table 10-1): INT0, INT1, PCINT0..2, WDT;
// power-save adds Timer2 (asynchronous clock), ext-standby too.
const WAKE_POWER_DOWN_MAX = 0x0C, WAKE_POWER_SAVE_MAX = 0x0E;
const PORTS = { B: portBConfig, C: portCConfig, D: portDConfig };

export class Board {
    // opts: { flash: Uint16Array, board: generated board object, eeprom: EepromStore,
    //         keepBugs: Set of names }
    constructor(opts) {
        this.flash = opts.flash;
        this.board = opts.board;
        this.eeprom = opts.eeprom;
        this.keep = opts.keepBugs || new Set();
        for (const b of this.keep)
            if (!BUGS.includes(b))
                throw new Error(`unknown avr8js workaround '${b}' (known: ${BUGS.join(' ')})`);
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
        this.build(PORF);
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
        const cpu = this.bug('sram') ? new CPU(this.flash) : new CPU(this.flash, SRAM_328P);
        this.cpu = cpu;
        this.sleeping = false;
        this.sleepMode = 0;
        this.timer0 = new AVRTimer(cpu, timer0Config);
        this.timer1 = new AVRTimer(cpu, timer1Config);
        this.timer2 = new AVRTimer(cpu, timer2Config);
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
        this.wireWatchdog();
        this.wireEeprom();
        if (!(mcusr === PORF && this.bug('porf')))
            cpu.data[MCUSR] = mcusr;
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
        const cpu = this.cpu, usart = this.usart;
        usart.onByteTransmit = (value) => this.onUartByte && this.onUartByte(value, this.cycles);
        if (!this.bug('udre'))
            usartTxBuffer(this);
        if (this.bug('rxc'))
            return;
        const { UCSRA, UCSRB } = usart0Config;
        const avrHook = cpu.writeHooks[UCSRB];
        cpu.writeHooks[UCSRB] = (value, old, addr, mask) => {
            const rxc = cpu.data[UCSRA] & UCSRA_RXC;
            const r = avrHook(value, old, addr, mask);
            // Datasheet 20.11.2: RXC is cleared by reading UDR0 (or turning
            // the receiver off), not by writing UCSR0B.
            if (rxc && (value & UCSRB_RXEN)) {
                cpu.data[UCSRA] |= UCSRA_RXC;
                if (value & UCSRB_RXCIE)
                    cpu.queueInterrupt(usart.RXC);
            }
            return r;
        };
    }

    // Pins of released buttons: the pull-up's high when the firmware has it
    // on (PORT bit set, DDR clear), else the floating input reads 0 here.
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
            let level;
            if (closed)
                level = !activeLow;
            else if (this.bug('pullup'))
                level = false;
            else
                level = port.pinState(pin) === PinState.InputPullUp;
            port.setPin(pin, level);
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
        const regs = [0x80, 0x81, 0x86, 0x87, 0x88, 0x89, ddr];
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

    wireWatchdog() {
        const cpu = this.cpu;
        if (this.bug('wdt'))
            return;
        // avr8js resets only the core on a watchdog time-out (its issue
        // #107); the chip resets every I/O register (datasheet 10.2).
        const coreReset = cpu.reset.bind(cpu);
        cpu.reset = () => {
            coreReset();
            if (this.cpu === cpu && this.started)
                this.pendingReset = WDRF;
        };
    }

    // The EEPROM as datasheet 8.6.3 has it (avr8js's hook replaced): EEPE
    // set by EEMPE then EEPE within 4 cycles, held for the programming time
    // of table 8-1 and cleared only by the hardware; the byte stored when
    // it clears; while it is set a new write, a read, EEPM and EEAR are
    // locked; EE_READY a level while EERIE is set and EEPE clear. A reset
    // that is not a power cut lets the write finish (8.4.2).
    wireEeprom() {
        const cpu = this.cpu, ee = this.avrEeprom, store = this.eeprom;
        if (this.bug('eeprom'))
            return;
        const size = store.memory.length;
        let enabledUntil = -1;
        const finish = () => {
            const w = this.eeWrite;
            if (!w || cpu !== this.cpu)
                return;
            this.eeWrite = null;
            if (w.mode !== 2)
                store.eraseMemory(w.addr);
            if (w.mode !== 1)
                store.writeMemory(w.addr, w.data);
            cpu.setInterruptFlag(ee.EER);       // clears EEPE; EE_READY if EERIE
        };
        const busy = () => this.eeWrite !== null;
        cpu.writeHooks[EECR] = (v) => {
            const cur = cpu.data[EECR];
            let n;
            if (busy()) {
                n = (cur & EEPM) | EEPE | (v & EERIE) | (cur & EEMPE);
            } else if ((v & EEPE) && cpu.cycles < enabledUntil) {
                const mode = (v & EEPM) >> 4;
                const len = Math.round(EEPROM_WRITE_US[mode] * this.freq / 1e6);
                this.eeWrite = {
                    addr: ((cpu.data[EEARH] << 8) | cpu.data[EEARL]) & (size - 1),
                    data: cpu.data[EEDR], mode, end: this.cycles + len,
                };
                this.eeLog.push({ at: this.cycles, len });
                cpu.data[EECR] = (v & (EEPM | EERIE)) | EEPE | (cur & EEMPE);
                cpu.addClockEvent(finish, len);
                cpu.cycles += 2;           // the CPU halts 2 cycles (8.6.3)
                cpu.updateInterruptEnable(ee.EER, v);
                return true;
            } else {
                n = (v & (EEPM | EERIE)) | (cur & EEMPE);
                if (v & EERE) {
                    cpu.data[EEDR] = store.readMemory(((cpu.data[EEARH] << 8) | cpu.data[EEARL]) & (size - 1));
                    cpu.cycles += 4;       // the CPU halts 4 cycles (8.6.3)
                }
            }
            if ((v & EEMPE) && !(cur & EEMPE)) {
                n |= EEMPE;
                enabledUntil = cpu.cycles + 4;
                cpu.addClockEvent(() => { cpu.data[EECR] &= ~EEMPE; }, 4);
            }
            cpu.data[EECR] = n;
            cpu.updateInterruptEnable(ee.EER, n);
            return true;
        };
        for (const a of [EEARL, EEARH])
            cpu.writeHooks[a] = (v) => {
                if (!busy())
                    cpu.data[a] = v;
                return true;
            };
        if (this.eeWrite) {                  // a reset during a write
            cpu.data[EECR] |= EEPE;
            cpu.addClockEvent(finish, Math.max(1, this.eeWrite.end - this.cycles));
        }
    }

    // Power cycle: RAM and registers lost, flash and EEPROM kept; the
    // MAX7219s lose power too (a held button stays held). mcusr: the reset
    // flags the firmware finds (the chip: PORF); keepRegisters: r0..r31
    // survive (undefined on the chip; simavr keeps them).
    powerCycle(mcusr = PORF, keepRegisters = false) {
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
            if (this.usart.rxEnable && !(cpu.data[usart0Config.UCSRA] & UCSRA_RXC))
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

    // Datasheet 7.7.1: 4 cycles to enter an interrupt, 4 more from sleep.
    interrupt(fromSleep) {
        const cpu = this.cpu;
        const irq = cpu.pendingInterrupts[cpu.nextInterrupt];
        const c0 = cpu.cycles;
        avrInterrupt(cpu, irq.address);       // 2 cycles in avr8js
        if (!irq.constant)
            cpu.clearInterrupt(irq);
        if (!this.bug('irq'))
            cpu.cycles += 2 + (fromSleep ? 4 : 0);
        this.awake += cpu.cycles - c0;
    }

    canWake() {
        const cpu = this.cpu;
        if (!(cpu.data[SREG] & 0x80) || cpu.nextInterrupt < 0)
            return false;
        const m = this.sleepMode;
        if (m === 0 || m === 1)
            return true;                      // idle, ADC noise reduction: any interrupt
        const max = m === 3 || m === 7 ? WAKE_POWER_SAVE_MAX : WAKE_POWER_DOWN_MAX;
        for (let v = cpu.nextInterrupt; v <= max; v++)
            if (cpu.pendingInterrupts[v])
                return true;
        return false;
    }

    // Runs until the board's cycle count reaches `until` (or a little past:
    // the last instruction ends there).
    run(until) {
        this.started = true;
        let cpu = this.cpu;
        const fixSleep = !this.bug('sleep'), fixIrq = !this.bug('irq');
        while (this.base + cpu.cycles < until) {
            const target = until - this.base;
            if (this.sleeping) {
                if (this.canWake()) {
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
            if (op === OP_SLEEP && fixSleep && (cpu.data[SMCR] & 1)) {
                cpu.pc++;
                cpu.cycles++;
                this.awake++;
                this.sleeping = true;
                this.sleepMode = (cpu.data[SMCR] >> 1) & 7;
            } else {
                avrInstruction(cpu);
                this.awake += cpu.cycles - c0;
            }
            const ev = cpu.nextClockEvent;
            if (ev && ev.cycles <= cpu.cycles)
                this.fireEvents();
            if (this.pendingReset) {
                // reset flags add up until software clears them (10.9.1)
                const m = this.pendingReset | cpu.data[MCUSR];
                this.pendingReset = 0;
                this.resets++;
                this.build(m);
                cpu = this.cpu;
                if (this.onReset)
                    this.onReset('watchdog');
                continue;
            }
            if (cpu.nextInterrupt >= 0 && (cpu.data[SREG] & 0x80) && !this.sleeping &&
                !(fixIrq && (op === OP_SEI || op === OP_RETI)))
                this.interrupt(false);
        }
    }

    // Fraction of the cycles the CPU was awake.
    awakeShare() {
        const t = this.awake + this.slept;
        return t ? this.awake / t : 0;
    }
}

// The board object from `cc -dM -E board/board.h` lines.
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
    b.BOARD_ROWS = 8;
    for (const k of ['BOARD_F_CPU', 'BOARD_MODULES', 'BOARD_SPI_PORT', 'BOARD_SPI_CS',
        'BOARD_BTN_PORT', 'BOARD_PIEZO_PORT', 'BOARD_PIEZO_PIN', 'BOARD_FLASH_BYTES',
        'BOARD_EEPROM_BYTES'])
        if (b[k] === undefined)
            throw new Error(`board defines lack ${k}`);
    return b;
}
