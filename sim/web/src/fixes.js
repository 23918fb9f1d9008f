// fixes.js - avr8js 0.21 workarounds, as sim/fixes.c holds simavr's: where
// avr8js is kinder or different than the chip in ways that hit this
// firmware. Each has a name, and a Board's `keepBugs` (a Set, or
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
//   ocf    a timer's output compare flag is set as TCNTn reaches OCRnx; the
//          chip sets it "in the timer clock cycle after the counter value
//          matches" (datasheet, TIFRn and the Output Compare Units of
//          Timer0, 1 and 2): Timer2's 16 ms tick (CTC, /1024) came a count,
//          1,024 cycles, early
// The functions take the Board (runner.js) and do nothing when its bug is kept.

import { CPU, PinState, usart0Config } from 'avr8js';
import { R } from './avr_regs.js';

export const BUGS = ['rxc', 'porf', 'pullup', 'sleep', 'sram', 'irq', 'wdt', 'eeprom', 'udre', 'ocf'];

const OP_SEI = 0x9478, OP_RETI = 0x9518;
const SRAM_328P = 2048;
// Datasheet 8.6.3 table 8-1, by EEPM1:0: erase and write, erase only,
// write only (reserved: as erase and write), in microseconds.
const EEPROM_WRITE_US = [3400, 1800, 1800, 3400];
// Interrupt vectors (word addresses) that wake the chip from power-down,
// power-save and standby (datasheet table 10-1): INT0, INT1, PCINT0..2, WDT;
// power-save adds Timer2 (asynchronous clock), ext-standby too.
const WAKE_POWER_DOWN_MAX = 0x0C, WAKE_POWER_SAVE_MAX = 0x0E;

export function fixesCheck(keep) {
    for (const b of keep)
        if (!BUGS.includes(b))
            throw new Error(`unknown avr8js workaround '${b}' (known: ${BUGS.join(' ')})`);
}

// sram
export function fixesCpu(board) {
    return board.bug('sram') ? new CPU(board.flash) : new CPU(board.flash, SRAM_328P);
}

// porf: the reset flags the firmware finds after a reset of cause `mcusr`.
export function fixesResetFlags(board, mcusr) {
    if (!(mcusr === R.MCUSR_PORF && board.bug('porf')))
        board.cpu.data[R.ADDR_MCUSR] = mcusr;
}

// pullup: the level of a released button's pin, high when the firmware has
// the pull-up on (PORT bit set, DDR clear), else the floating input reads 0.
export function fixesReleasedLevel(board, port, pin) {
    return !board.bug('pullup') && port.pinState(pin) === PinState.InputPullUp;
}

// rxc
export function fixesRxc(board) {
    const cpu = board.cpu, usart = board.usart;
    if (board.bug('rxc'))
        return;
    const { UCSRA, UCSRB } = usart0Config;
    const avrHook = cpu.writeHooks[UCSRB];
    cpu.writeHooks[UCSRB] = (value, old, addr, mask) => {
        const rxc = cpu.data[UCSRA] & R.UCSR0A_RXC0;
        const r = avrHook(value, old, addr, mask);
        // Datasheet 20.11.2: RXC is cleared by reading UDR0 (or turning
        // the receiver off), not by writing UCSR0B.
        if (rxc && (value & R.UCSR0B_RXEN0)) {
            cpu.data[UCSRA] |= R.UCSR0A_RXC0;
            if (value & R.UCSR0B_RXCIE0)
                cpu.queueInterrupt(usart.RXC);
        }
        return r;
    };
}

// udre: the transmitter as the chip has it (datasheet 20.6.3). UDR0 is a
// buffer in front of the shift register: a byte written to an idle
// transmitter moves on into the shift register at once and UDRE0 is set
// again, so the next byte waits in UDR0 while the first goes out; TXC0 is
// set when the shift register empties with nothing waiting. avr8js clears
// UDRE0 for a whole frame after each write: every byte then costs a frame
// plus the UDRE interrupt's latency (1,399 cycles, not 1,360, at 115,200
// Bd here), and the main loop, waiting in uart_putc for room in its ring,
// runs that much later.
export function fixesUdre(board) {
    const cpu = board.cpu, usart = board.usart;
    if (board.bug('udre'))
        return;
    let shifting = false, waiting = false;
    const frameEnd = () => {
        if (cpu !== board.cpu)
            return;                     // a reset rebuilt the chip meanwhile
        if (waiting) {
            waiting = false;
            cpu.setInterruptFlag(usart.UDRE);
            cpu.addClockEvent(frameEnd, usart.cyclesPerChar);
        } else {
            shifting = false;
            cpu.setInterruptFlag(usart.TXC);
        }
    };
    cpu.writeHooks[usart0Config.UDR] = (value) => {
        if (!usart.txEnable)
            return true;                // 20.6: nothing is sent while TXEN0 is off
        if (usart.onByteTransmit)
            usart.onByteTransmit(value);
        cpu.clearInterrupt(usart.TXC);
        if (shifting) {
            waiting = true;
            cpu.clearInterrupt(usart.UDRE);
        } else {
            shifting = true;
            cpu.setInterruptFlag(usart.UDRE);
            cpu.addClockEvent(frameEnd, usart.cyclesPerChar);
        }
        return true;
    };
}

// ocf: the compare match of timer t (normal and CTC modes, the firmware's)
// sets OCFnx, and toggles OCnx, one timer clock after TCNTn equals OCRnx:
// avr8js compares the count it has just reached, so its compare is made on
// the count one before (modulo TOP + 1: the match at TOP, where CTC clears
// the counter, comes as the count wraps to 0).
const TIMER_NORMAL = 0, TIMER_CTC = 2;
export function fixesOcf(board, t) {
    if (board.bug('ocf'))
        return;
    const updated = t.timerUpdated.bind(t);
    t.timerUpdated = (value, prev) => {
        if (t.timerMode !== TIMER_NORMAL && t.timerMode !== TIMER_CTC)
            return updated(value, prev);
        const n = t.TOP + 1;
        return updated((value + n - 1) % n, (prev + n - 1) % n);
    };
}

// sleep: true when the instruction at pc is a SLEEP that must sleep.
export function fixesSleeps(board, op) {
    return op === 0x9588 && !board.bug('sleep') && (board.cpu.data[R.ADDR_SMCR] & R.SMCR_SE);
}

export function fixesSleepMode(board) {
    return (board.cpu.data[R.ADDR_SMCR] & R.SMCR_SM) >> 1;
}

// sleep: whether a pending interrupt wakes the chip from its sleep mode.
export function fixesCanWake(board) {
    const cpu = board.cpu;
    if (!(cpu.data[R.ADDR_SREG] & R.SREG_I) || cpu.nextInterrupt < 0)
        return false;
    const m = board.sleepMode;
    if (m === 0 || m === 1)
        return true;                      // idle, ADC noise reduction: any interrupt
    const max = m === 3 || m === 7 ? WAKE_POWER_SAVE_MAX : WAKE_POWER_DOWN_MAX;
    for (let v = cpu.nextInterrupt; v <= max; v++)
        if (cpu.pendingInterrupts[v])
            return true;
    return false;
}

// irq: cycles the chip adds to avr8js's 2-cycle interrupt entry
// (datasheet 7.7.1: 4 cycles to enter an interrupt, 4 more from sleep).
export function fixesIrqExtra(board, fromSleep) {
    return board.bug('irq') ? 0 : 2 + (fromSleep ? 4 : 0);
}

// irq: the instruction after SEI or RETI runs before any pending interrupt.
export function fixesIrqHeld(board, op) {
    return !board.bug('irq') && (op === OP_SEI || op === OP_RETI);
}

// wdt
export function fixesWatchdog(board) {
    const cpu = board.cpu;
    if (board.bug('wdt'))
        return;
    // avr8js resets only the core on a watchdog time-out (its issue
    // #107); the chip resets every I/O register (datasheet 10.2).
    const coreReset = cpu.reset.bind(cpu);
    cpu.reset = () => {
        coreReset();
        if (board.cpu === cpu && board.started)
            board.pendingReset = R.MCUSR_WDRF;
    };
}

// eeprom: the EEPROM as datasheet 8.6.3 has it (avr8js's hook replaced):
// EEPE set by EEMPE then EEPE within 4 cycles, held for the programming
// time of table 8-1 and cleared only by the hardware; the byte stored when
// it clears; while it is set a new write, a read, EEPM and EEAR are
// locked; EE_READY a level while EERIE is set and EEPE clear. A reset that
// is not a power cut lets the write finish (8.4.2).
export function fixesEeprom(board) {
    const cpu = board.cpu, ee = board.avrEeprom, store = board.eeprom;
    if (board.bug('eeprom'))
        return;
    const size = store.memory.length;
    let enabledUntil = -1;
    const finish = () => {
        const w = board.eeWrite;
        if (!w || cpu !== board.cpu)
            return;
        board.eeWrite = null;
        if (w.mode !== 2)
            store.eraseMemory(w.addr);
        if (w.mode !== 1)
            store.writeMemory(w.addr, w.data);
        cpu.setInterruptFlag(ee.EER);       // clears EEPE; EE_READY if EERIE
    };
    const busy = () => board.eeWrite !== null;
    cpu.writeHooks[R.ADDR_EECR] = (v) => {
        const cur = cpu.data[R.ADDR_EECR];
        let n;
        if (busy()) {
            n = (cur & R.EECR_EEPM) | R.EECR_EEPE | (v & R.EECR_EERIE) | (cur & R.EECR_EEMPE);
        } else if ((v & R.EECR_EEPE) && cpu.cycles < enabledUntil) {
            const mode = (v & R.EECR_EEPM) >> 4;
            const len = Math.round(EEPROM_WRITE_US[mode] * board.freq / 1e6);
            board.eeWrite = {
                addr: ((cpu.data[R.ADDR_EEARH] << 8) | cpu.data[R.ADDR_EEARL]) & (size - 1),
                data: cpu.data[R.ADDR_EEDR], mode, end: board.cycles + len,
            };
            board.eeLog.push({ at: board.cycles, len });
            cpu.data[R.ADDR_EECR] = (v & (R.EECR_EEPM | R.EECR_EERIE)) | R.EECR_EEPE | (cur & R.EECR_EEMPE);
            cpu.addClockEvent(finish, len);
            cpu.cycles += 2;           // the CPU halts 2 cycles (8.6.3)
            cpu.updateInterruptEnable(ee.EER, v);
            return true;
        } else {
            n = (v & (R.EECR_EEPM | R.EECR_EERIE)) | (cur & R.EECR_EEMPE);
            if (v & R.EECR_EERE) {
                cpu.data[R.ADDR_EEDR] = store.readMemory(((cpu.data[R.ADDR_EEARH] << 8) | cpu.data[R.ADDR_EEARL]) & (size - 1));
                cpu.cycles += 4;       // the CPU halts 4 cycles (8.6.3)
            }
        }
        if ((v & R.EECR_EEMPE) && !(cur & R.EECR_EEMPE)) {
            n |= R.EECR_EEMPE;
            enabledUntil = cpu.cycles + 4;
            cpu.addClockEvent(() => { cpu.data[R.ADDR_EECR] &= ~R.EECR_EEMPE; }, 4);
        }
        cpu.data[R.ADDR_EECR] = n;
        cpu.updateInterruptEnable(ee.EER, n);
        return true;
    };
    for (const a of [R.ADDR_EEARL, R.ADDR_EEARH])
        cpu.writeHooks[a] = (v) => {
            if (!busy())
                cpu.data[a] = v;
            return true;
        };
    if (board.eeWrite) {                  // a reset during a write
        cpu.data[R.ADDR_EECR] |= R.EECR_EEPE;
        cpu.addClockEvent(finish, Math.max(1, board.eeWrite.end - board.cycles));
    }
}
