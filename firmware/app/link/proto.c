/* proto.c - the PC link's line assembler and the dispatch to the command
 * table (proto_cmd.c), which reads the line's words (proto_words.c). A line is checked whole before anything
 * is done: bad bytes, a line over PROTO_LINE_MAX or lost bytes make the
 * line an ERR and nothing else.
 *
 * A host streams under a rule (docs/protocol.md): it keeps at most PROTO_RX_ROOM
 * bytes of unanswered lines in flight, so the receive ring never overflows
 * whatever a command costs; a line lost all the same is answered ERR
 * OVERRUN, so replies and lines always pair up. */
#include "proto.h"

#include "hal.h"
#include "pgm.h"
#include "proto_int.h"

static char line[PROTO_LINE_MAX + 1];
static uint8_t line_len;
static uint8_t line_bad;    /* 0, or the R_* reason the whole line is refused for */

/* Reasons' words, in R_* order (proto_int.h). */
static const char reasons[] PROGMEM =
    "OK RULE MODE COLS HEIGHT HEAP ADJ COL ILLEGAL NOGAME TURN OVER "
    "ARGS NAME ITEM VALUE BUTTON UNKNOWN WAIT FORM WILD CODE NUMBER OVERRUN LONG BINARY";

/* ---- running a line -------------------------------------------------------------- */

/* The command named by the line's first word, then its handler. */
static uint8_t proto_line_run(uint16_t now)
{
    char *w;
    proto_words_start(line);
    w = proto_word();
    if (!*w)
        return R_QUIET;     /* blank line: nothing to answer */
    proto_cmd = proto_list_find(proto_commands, w);
    if (proto_cmd == PROTO_NONE)
        return R_UNKNOWN;
    return proto_cmd_run(now);
}

/* The end of a line: its reply (none for a blank line), then a new line. */
static void proto_line_end(uint16_t now)
{
    uint8_t r;
    line[line_len] = 0;
    r = line_bad ? line_bad : proto_line_run(now);
    if (r != R_QUIET) {
        if (r) {
            proto_out_P(PSTR("ERR "));
            if (r & R_CMD) {
                proto_out_word(proto_commands, proto_cmd);
                proto_out_sp();
            }
            proto_out_word(reasons, r & 0x7F);
        }
        proto_out_nl();
    }
    line_len = 0;
    line_bad = 0;
}

void proto_feed(int16_t c, uint16_t now)
{
    uint8_t b = (uint8_t)c;
    if (c < 0) {
        /* Bytes were lost: b = -1 - (2 * the line ends lost + 1 if the
         * line being received lost bytes). */
        for (b = (uint8_t)~b; b > 1; b -= 2) {
            line_bad = R_OVERRUN;
            proto_line_end(now);
        }
        if (b && line_bad < R_OVERRUN)
            line_bad = R_OVERRUN;
        return;
    }
    if (b == '\n') {
        proto_line_end(now);
        return;
    }
    if (b == '\r')
        return;
    if (b == '\t')
        b = ' ';
    if (b < ' ' || b > '~') {
        line_bad = R_BINARY;    /* the highest: always named */
        return;
    }
    if (line_len >= PROTO_LINE_MAX) {
        if (line_bad < R_LONG)
            line_bad = R_LONG;
        return;
    }
    if (b >= 'a' && b <= 'z')
        b = (uint8_t)(b - 'a' + 'A');
    line[line_len++] = (char)b;
}
