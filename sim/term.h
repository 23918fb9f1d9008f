/* term.h - the terminal make play draws in: raw mode restored on every
 * exit, the kitty keyboard protocol (key releases) asked for, and what the
 * terminal sends read as key events. Knows nothing of the toy's keys. */
#ifndef SIM_TERM_H
#define SIM_TERM_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/* Keys that are not characters (term_key_t.code). */
enum { TERM_KEY_UP = -1, TERM_KEY_DOWN = -2, TERM_KEY_RIGHT = -3, TERM_KEY_LEFT = -4 };
/* The kitty protocol's event types; other terminals only press. */
enum { TERM_PRESS = 1, TERM_REPEAT = 2, TERM_RELEASE = 3 };
/* The kitty protocol's modifier bits (its value less 1). */
enum { TERM_MOD_SHIFT = 1, TERM_MOD_CTRL = 4 };

typedef struct term_key {
    int code;                  /* a character (the shifted one with shift), or TERM_KEY_* */
    int mods;                  /* TERM_MOD_* (kitty only) */
    int ev;                    /* TERM_PRESS, TERM_REPEAT or TERM_RELEASE */
    bool kitty;                /* a kitty report (CSI code u), not a byte as typed */
} term_key_t;

typedef struct term_input {
    unsigned char in[256];     /* an escape sequence cut by a read */
    size_t in_len;
    bool lone_esc;             /* an ESC ending a read is a key, not a sequence begun
                                * (looked at byte by byte: on_key may change it) */
    void (*on_key)(void *ctx, const term_key_t *k);
    void *ctx;
} term_input_t;

/* Set by SIGINT, SIGTERM, SIGHUP or the end of input; by SIGWINCH. */
extern volatile sig_atomic_t term_quit, term_resized;

/* Raw mode, the alternate screen, no cursor, no line wrap, and the
 * question whether the terminal reports key releases. -1 if stdin is not
 * a terminal. */
int term_open(void);
/* Everything term_open changed, back as it was (also at exit). */
void term_close(void);
/* The terminal answered: key releases come (kitty protocol). */
bool term_kitty(void);
void term_size(int *rows, int *cols);
/* Reads what the terminal has, without waiting, and reports each key. */
void term_read(term_input_t *t);

#endif
