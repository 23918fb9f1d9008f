/* rb_uart.h - the uart campaign's parts: the wire (rb_uart_rx.c), the lines
 * sent and what each must get back (rb_uart_lines.c), the judge of every
 * reply (rb_uart_judge.c), the episodes (rb_uart.c). */
#ifndef ROBUST_RB_UART_H
#define ROBUST_RB_UART_H

#include "rb.h"

/* ---- rb_uart_rx.c: the chip's receiver, and output lines snapped ---------- */

void uart_rx_install(void);
/* The PC's bytes, back to back at line speed. */
void uart_rx_send(const void *data, size_t len);
size_t uart_rx_pending(void);
/* Bytes the receiver lost (both UDR0 bytes and the shift register full). */
uint64_t uart_rx_lost(void);
/* The run loop's hook: snaps each output line as uart_putc starts it. */
bool uart_snap_step(sim_t *s, void *ctx);

/* ---- the lines sent and what each must get back ----------------------------- */

enum { L_ANY, L_BAD, L_STATE, L_FRAME, L_VER, L_HELP, L_GRUNDY, L_HINT, L_SCORES, L_GAMEQ, L_SAVE, L_RELEASE,
       L_MOVE, L_AI, L_POS, L_SET, L_NEW, L_GAME };
typedef struct {
    int kind;
    char err[24];               /* L_BAD: the one refusal it must get (or ERR OVERRUN) */
    char shown[72];             /* the line, printable, for messages */
    engine_move_t m;            /* L_MOVE */
    uint8_t item, val;          /* L_SET; L_GAME: val = the game */
    uint8_t ncols, vals[BOARD_COLS];
    uint16_t heap;              /* L_POS */
    uint64_t serial;
} expect_t;

/* What the driver knows of the toy while lines are in flight. */
typedef struct {
    rb_game_t prev_g;           /* the state after the previous line */
    bool exact;                 /* nothing moves by itself: every line's state is known */
    uint8_t set[16];            /* the settings as the driver set them */
    char ver_reply[256], help_reply[512];
    unsigned n_games;
} uart_known_t;
extern uart_known_t uart_known;

struct uart_counts {
    uint64_t lines, bad, bytes, errs, overruns, ok_valid, ro, mut, mut_ok, blank, overlong, binary,
        exact_lines, bursts, max_burst;
};
extern struct uart_counts uart_n;

extern const char *const uart_set_names[];
extern const char *const uart_btn_names[];

/* ---- rb_uart_lines.c: making lines ------------------------------------------ */

/* The oldest line in flight, taken as answered (NULL: none in flight). */
const expect_t *uart_expect_take(void);
/* The oldest line in flight and how many are. */
const expect_t *uart_expect_oldest(void);
uint64_t uart_expect_in_flight(void);
/* A line the harness's own command() sends: its reply is the driver's. */
void uart_expect_any(const char *text);
/* nlines lines back to back, all sent before the first reply; changes:
 * settings, new games and positions among them. */
void uart_burst_send(int nlines, bool changes);

/* ---- rb_uart_judge.c ---------------------------------------------------------- */

bool uart_game_same(const rb_game_t *a, const rb_game_t *b);
/* A reply, judged against the state it was written from (the snap) and
 * the state after the line before. */
void uart_judge(const char *line, const rb_snap_t *snap);

#endif
