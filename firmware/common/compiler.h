/* compiler.h - the firmware's one spelling of each GCC attribute and
 * code-placement hint (after LUFA's Common/Attributes.h). Nothing outside
 * this file writes __attribute__ (make test-compiler checks it). Each use
 * says why it is there; what it saves is measured by make size-report,
 * not written in the comment. Portable: the host build (tests, fuzzing)
 * is GCC too, and BASE_REG is a no-op there. */
#ifndef COMMON_COMPILER_H
#define COMMON_COMPILER_H

/* Keeps LTO from copying a function into its callers (a size trick): a
 * function called from two or more places that LTO copied into each, where
 * the copies cost more flash than the calls (make size-report shows it).
 * That is the reason wherever NOINLINE stands without a comment of its
 * own; one kept out of line for another reason (the stack, a register, a
 * hot loop) says which. */
#define NOINLINE __attribute__((noinline))

/* NOINLINE's opposite: a small function copied into every caller, where a
 * call costs more than the copy, or on a hot loop. */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* A default that a stronger definition elsewhere replaces at link time:
 * an event hook's empty listener in the room that raises the event (as
 * QMK's _kb/_user hooks), so the room links and runs alone (a host test)
 * and app/events.c, above it, wires the real listeners. */
#define WEAK __attribute__((weak))

/* A struct laid out with no padding on every compiler: the AVR has none
 * anyway, and a host build then holds the same bytes. */
#define PACKED __attribute__((packed))

/* A variable the C start-up leaves alone (.noinit): it survives a reset. */
#define NOINIT __attribute__((section(".noinit")))

/* A function the start-up code runs inline in section .init<n> (avr-libc's
 * .init0 .. .init9), before main and, below .init4, before .data/.bss are
 * set up: no prologue, no return, kept although nothing calls it. */
#define INIT_SECTION(n) __attribute__((naked, used, section(".init" #n)))

/* p in a base register (Y or Z), hidden from the optimiser: the fields of
 * a global struct read through it are ldd/std from the register instead
 * of lds/sts at a constant address each (a size trick, on the AVR only). */
#if defined(__AVR__)
#define BASE_REG(p) ({ __typeof__(p) b_ = (p); __asm__("" : "+b"(b_)); b_; })
#else
#define BASE_REG(p) (p)
#endif

#endif
