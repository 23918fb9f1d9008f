/* rb.h - the harness every robustness campaign (rb_*.c) shares: the real
 * firmware on the simulated board, its clock, the PC link (commands and the
 * reader that checks every output line), the invariants checked after each
 * step, the toy's state as STATE and SCORES tell it, and the power cut.
 * A campaign drives the board through these and prints its own counts. */
#ifndef ROBUST_RB_H
#define ROBUST_RB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "view.h"
#include "rb_fw.h"
#include "sim.h"

/* The STATE reply's screen words, in the firmware's SCR_* order (view.h):
 * named here once, never by their numbers. */
#define RB_SCR_NAMES { [SCR_INTRO] = "INTRO", [SCR_MENU] = "MENU", [SCR_TEST] = "TEST", \
                       [SCR_PLAY] = "PLAY", [SCR_END] = "END" }
#define RB_SCR_COUNT (SCR_END + 1)

/* The games list (firmware/app/game/game.h GAME_COUNT): every rule in columns,
 * normal and misere, and every heap rule (those before KAYLES) in one-heap
 * form, normal and misere. */
#define RB_GAMES (2 * RULE_COUNT + 2 * RULE_KAYLES)

#define RB_STACK_BUDGET 384
/* Register addresses and bits: sim/avr_regs.h (through sim.h). GPIOR0's
 * bit is the firmware's own flag, not the chip's. */
#define GPIOR0_SPI_BUSY 0x02

/* Setting items and values the driver uses (docs/protocol.md#set, in SET's order). */
enum { S_GAME, S_OPP, S_FIRST, S_LEVEL, S_START, S_SOUND, S_BRIGHT, S_OFF };

/* ---- rb_harness.c: the board, its clock, the random source, the power ---- */

extern sim_t rb_board;
extern const char *rb_elf_path;
extern const char *rb_mode_name;
extern uint32_t rb_main_lo, rb_main_hi;        /* byte addresses of main() */
extern uint32_t rb_putc_lo, rb_putc_hi;        /* of uart_putc() (0: none) */

/* The campaign's random source (xorshift), seeded from the command line. */
void rb_rnd_seed(uint64_t seed);
uint32_t rb_rnd(void);
uint32_t rb_rnd_n(uint32_t n);
uint32_t rb_rnd_range(uint32_t lo, uint32_t hi);

uint64_t rb_now_cycles(void);
double rb_now_ms(void);
/* A violation: what was seen, the UART's tail, exit 1. */
void rb_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* The simulated EEPROM's bytes. */
uint8_t *rb_ee(void);

void rb_read_game(rb_game_t *g);
engine_pos_t rb_to_pos(const rb_game_t *g);
bool rb_pos_equal(const engine_pos_t *a, const engine_pos_t *b);
/* A position for messages (8 buffers in turn: several per message). */
const char *rb_pos_str(const engine_pos_t *p);

/* The board with rb_elf_path loaded and its symbols read; then its boot. */
void rb_board_open(void);
void rb_boot_wait(void);
void rb_run_for_ms(double ms);
/* Until the main loop has finished a pass and the UART is idle. */
void rb_run_until_quiet(double max_ms);

/* How the power goes: the plug pulled (the default; an EEPROM write in
 * progress keeps its old byte, gets the new one or a torn one), or the
 * brown-out campaign's supply episode. fast: the cut lands inside an EEPROM
 * write window the campaign aimed at. */
extern void (*rb_power_source)(bool fast);
void rb_power_cut(bool fast);
/* Cuts of the plug inside a write window, and how each left the byte. */
extern uint64_t rb_window_cuts, rb_torn[3];

/* ---- rb_link.c: the PC link, and every output line checked ------------- */

/* RAM and LEDs when an output line began. */
typedef struct {
    rb_game_t g;
    uint8_t frame[BOARD_COLS];
    bool shutdown;
    bool fresh;         /* the UART was idle before: the line began as it was written */
    bool no_frame;      /* the LEDs may still show an earlier pass: do not compare */
} rb_snap_t;

/* The game as the LOG lines tell it, move by move. */
typedef struct {
    bool valid;
    engine_pos_t pos;
    uint8_t turn;
    bool over;
    bool pending_new;   /* a new game whose start the next quiet point reads */
} rb_shadow_t;

struct rb_stats {
    uint64_t boots, boots_expected, moves, games_new, games_ended, replies, errs, states_checked,
        frames_checked, steps, overruns, dumps_stale, log_reviews, log_tests, log_records_old;
    int last_boot_cause, last_boot_resumed;
};

/* A model of the chip's receiver in place of simavr's fifo (the uart
 * campaign installs one): the PC's bytes go through it, every simulated
 * instruction steps it, and it judges every reply line. */
typedef struct {
    void (*send)(const void *data, size_t len);
    size_t (*pending)(void);
    bool (*step)(sim_t *s, void *ctx);
    void (*judge)(const char *line, const rb_snap_t *snap);
    void (*expect)(const char *text);      /* a line the harness itself sends */
} rb_link_t;

extern const rb_link_t *rb_link;        /* NULL: simavr's own fifo */
extern rb_shadow_t rb_shadow;
extern struct rb_stats rb_st;
extern engine_move_t rb_last_log_move;  /* the latest LOG MOVE */

/* The snapshot of the next output line, taken now. */
rb_snap_t *rb_snap_take(void);
/* simavr's UART output callback: snaps each line as its first byte goes out. */
void rb_link_on_byte(void *ctx, uint8_t b);
/* Reads and checks the complete output lines. */
void rb_link_process(void);
/* The power went: bytes on their way either side are lost. */
void rb_link_drop(void);
void rb_send(const char *text);
/* Reply lines (OK/ERR) read so far; rb_reply_wait runs until there are
 * want of them (2 s at most) and says whether they came. */
uint64_t rb_reply_count(void);
bool rb_reply_wait(uint64_t want);
const char *rb_reply_last(void);
/* Send a command and wait for its reply line (OK/ERR). */
const char *rb_command(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *rb_command_ok(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* How many games the toy lists (VER's GAMES). */
unsigned rb_game_count(void);
/* The g-th game number on the link (g < rb_game_count()), and whether a
 * number is one of your own game's that a code can refuse (misere, one
 * heap). */
unsigned rb_game_number(unsigned g);
bool rb_game_own_refusable(unsigned number);
const char *rb_game_line(unsigned g, unsigned games);

/* ---- rb_check.c: the invariants ------------------------------------------ */

bool rb_side_is_machine(const rb_game_t *g, uint8_t side);
/* After every step: RAM state legal, equal to the shadow, frame consistent, stack under budget. */
void rb_check_step(void);
bool rb_state_field(const char *line, const char *key, char *out, size_t n);
void rb_check_state_line(const char *line, const rb_snap_t *s);
void rb_check_frame_line(const char *line, const rb_snap_t *s);

/* ---- rb_state.c: the persistent state through the PC link --------------- */

typedef struct {
    int scr, phase;
    uint8_t set[16];
    int nset;
    bool in_game;
    engine_pos_t pos;
    uint8_t turn;
    unsigned game, w, l;
} rb_state_t;

void rb_state_get(rb_state_t *p);
void rb_scores_get(unsigned game, unsigned *w, unsigned *l);
/* Until every save asked for is written (no EEPROM write for 40 ms). */
void rb_wait_saved(void);
/* Back to a game on the screen, the machine's turn played out, saved. */
void rb_ensure_play(rb_state_t *p);

#endif
