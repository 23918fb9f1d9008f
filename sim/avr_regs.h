/* avr_regs.h - the ATmega328P registers the simulator's parts read and
 * write, each written down once: data-space addresses (ADDR_*, the I/O
 * addresses + 0x20 for the low ones) and the bits used (REG_BIT). The
 * datasheet's register summary is the source; pins are in pins.h. The
 * web runner reads the same defines (sim/web/src/avr_regs.js, through
 * build/board.defs), so a register is written down here once for both. */
#ifndef SIM_AVR_REGS_H
#define SIM_AVR_REGS_H

#define ADDR_GPIOR0 0x3E       /* the firmware's flags (tests/robust) */
#define ADDR_EECR 0x3F
#define ADDR_EEDR 0x40
#define ADDR_EEARL 0x41
#define ADDR_EEARH 0x42
#define ADDR_GPIOR1 0x4A       /* cycle markers (contract 3) */
#define ADDR_SPCR 0x4C
#define ADDR_SPSR 0x4D
#define ADDR_SPDR 0x4E
#define ADDR_SMCR 0x53
#define ADDR_MCUSR 0x54
#define ADDR_MCUCR 0x55
#define ADDR_SPMCSR 0x57        /* self-programming (sim/selfprog.c) */
#define ADDR_SREG 0x5F         /* the web runner's (sim/web) */
#define ADDR_WDTCSR 0x60
#define ADDR_TCCR1A 0x80
#define ADDR_TCCR1B 0x81
#define ADDR_ICR1L 0x86
#define ADDR_ICR1H 0x87
#define ADDR_OCR1AL 0x88
#define ADDR_OCR1AH 0x89
#define ADDR_UCSR0A 0xC0
#define ADDR_UCSR0B 0xC1
#define ADDR_UCSR0C 0xC2
#define ADDR_UBRR0L 0xC4
#define ADDR_UBRR0H 0xC5
#define ADDR_UDR0 0xC6

/* EECR (8.6.3) */
#define EECR_EERE 0x01
#define EECR_EEPE 0x02
#define EECR_EEMPE 0x04
#define EECR_EERIE 0x08
#define EECR_EEPM 0x30
/* SREG (7.3.1): the global interrupt enable */
#define SREG_I 0x80
/* SMCR (10.11.1): sleep enable, then the mode (SIM_SLEEP_*) in SM2..0 */
#define SMCR_SE 0x01
#define SMCR_SM 0x0E
/* MCUSR (10.9.1) */
#define MCUSR_PORF 0x01
#define MCUSR_EXTRF 0x02
#define MCUSR_BORF 0x04
#define MCUSR_WDRF 0x08
/* MCUCR (10.11.2): the BOD off in sleep */
#define MCUCR_BODSE 0x20
#define MCUCR_BODS 0x40
/* SPMCSR (26.9.1): the operation an SPM instruction does */
#define SPMCSR_SPMEN 0x01
#define SPMCSR_PGERS 0x02
#define SPMCSR_PGWRT 0x04
/* WDTCSR (10.9.2) */
#define WDTCSR_WDE 0x08
#define WDTCSR_WDIE 0x40
/* UCSR0A, UCSR0B (20.11) */
#define UCSR0A_U2X0 0x02
#define UCSR0A_DOR0 0x08
#define UCSR0A_RXC0 0x80
#define UCSR0B_UCSZ02 0x04
#define UCSR0B_TXEN0 0x08
#define UCSR0B_RXEN0 0x10
#define UCSR0B_UDRIE0 0x20
#define UCSR0B_RXCIE0 0x80

/* Sleep modes, SMCR SM2..0 (10.11.1). */
enum { SIM_SLEEP_IDLE = 0, SIM_SLEEP_ADC = 1, SIM_SLEEP_POWER_DOWN = 2,
       SIM_SLEEP_POWER_SAVE = 3, SIM_SLEEP_STANDBY = 6, SIM_SLEEP_EXT_STANDBY = 7 };

#endif
