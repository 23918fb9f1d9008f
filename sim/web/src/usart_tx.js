// usart_tx.js - the USART transmitter as the chip has it, for avr8js 0.21
// (runner.js, workaround `udre`). Datasheet 20.6.3: UDR0 is a buffer in
// front of the shift register; a byte written to an idle transmitter moves
// into the shift register at once and UDRE0 is set again, so the next byte
// can wait in UDR0 while the first goes out; TXC0 is set when the shift
// register empties with nothing waiting. avr8js instead clears UDRE0 for a
// whole frame after each write: every byte then costs a frame plus the
// UDRE interrupt's latency (1,399 cycles instead of 1,360 at 115,200 Bd
// here), a long reply goes out 3 % slow, and the main loop, waiting in
// uart_putc for room in its ring, runs that much later.
import { usart0Config } from 'avr8js';

export function usartTxBuffer(board) {
    const cpu = board.cpu, usart = board.usart;
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
