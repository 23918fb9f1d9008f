// avr_regs.js - the ATmega328P's register addresses and bits for the web
// runner (runner.js, fixes.js, piezo.js). Nothing is typed here: the values
// are sim/avr_regs.h's, the C simulator's, written down once. make runs the
// C preprocessor over that header into build/board.defs beside the board's
// figures (tests/web/web.mk); boardFromDefines reads them into board.regs,
// which reaches the page through the generated board object and the Node
// tests through the same file. A Board fills R before it runs.

// The names the runner reads: each must be in sim/avr_regs.h.
export const REGS_USED = [
    'ADDR_SREG', 'ADDR_SMCR', 'ADDR_MCUSR', 'ADDR_EECR', 'ADDR_EEDR', 'ADDR_EEARL', 'ADDR_EEARH',
    'ADDR_TCCR1A', 'ADDR_TCCR1B', 'ADDR_ICR1L', 'ADDR_ICR1H', 'ADDR_OCR1AL', 'ADDR_OCR1AH',
    'SREG_I', 'SMCR_SE', 'SMCR_SM', 'MCUSR_PORF', 'MCUSR_WDRF', 'UCSR0A_RXC0', 'UCSR0B_RXEN0',
    'UCSR0B_RXCIE0', 'EECR_EERE', 'EECR_EEPE', 'EECR_EEMPE', 'EECR_EERIE', 'EECR_EEPM',
];

// The registers, by avr_regs.h's names (R.ADDR_SREG, R.SREG_I).
export const R = {};

// The numeric defines of the preprocessor's output that are not the
// board's (BOARD_*): sim/avr_regs.h's.
export function regsFromDefines(text) {
    const regs = {};
    for (const line of text.split('\n')) {
        const m = /^#define ([A-Z][A-Z0-9]*_\w+) \(?(0x[0-9a-fA-F]+|\d+)[UL]*\)?$/.exec(line.trim());
        if (m && !m[1].startsWith('BOARD_'))
            regs[m[1]] = Number(m[2]);
    }
    regsCheck(regs);
    return regs;
}

export function regsCheck(regs) {
    const missing = REGS_USED.filter((k) => typeof regs[k] !== 'number');
    if (missing.length)
        throw new Error(`board defines lack ${missing.join(' ')} (sim/avr_regs.h, through build/board.defs)`);
}

// R from a board object's regs (boardFromDefines).
export function regsSet(regs) {
    regsCheck(regs);
    Object.assign(R, regs);
}
