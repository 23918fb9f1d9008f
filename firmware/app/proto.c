/* proto.c - the PC link's line assembler, its words and the dispatch to
 * the command table (proto_cmd.c). A line is checked whole before anything
 * is done: bad bytes, a line over PROTO_LINE_MAX or lost bytes make the
 * line an ERR and nothing else.
 *
 * A host streams under a rule (README.md): it keeps at most PROTO_RX_ROOM
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
static char *cursor;        /* next unparsed character of the line */
uint8_t proto_cmd;

/* Reasons' words, in R_* order (proto_int.h). */
static const char reasons[] PROGMEM =
    "OK RULE MODE COLS HEIGHT HEAP ADJ COL ILLEGAL NOGAME TURN OVER "
    "ARGS NAME ITEM VALUE BUTTON UNKNOWN OVERRUN LONG BINARY";

/* ---- the words of a line ------------------------------------------------------ */

/* The next space-separated word, NUL-terminated in place; "" at the end. */
char *proto_word(void)
{
    char *w;
    while (*cursor == ' ')
        cursor++;
    w = cursor;
    while (*cursor && *cursor != ' ')
        cursor++;
    if (*cursor)
        *cursor++ = 0;
    return w;
}

bool proto_at_end(void)
{
    return !*proto_word();
}

/* Word lists in flash, space separated: the index of w in list, or 0xFF. */
uint8_t proto_list_find(const char *list, const char *w)
{
    for (uint8_t i = 0;; i++) {
        const char *p = w;
        char c;
        while ((c = PGM_CHAR(list)) == *p && c) {
            list++;
            p++;
        }
        if (!*p && (c == ' ' || !c))
            return i;
        while ((c = PGM_CHAR(list)) != 0 && c != ' ')
            list++;
        if (!c)
            return 0xFF;
        list++;
    }
}

/* A hex digit's value, 0xFF for anything else (decimal callers check < 10). */
uint8_t proto_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return (uint8_t)(c - '0');
    if (c >= 'A' && c <= 'F')
        return (uint8_t)(c - 'A' + 10);
    return 0xFF;
}

/* A decimal (or 0x hex) number up to max; false for anything else. */
bool proto_number(const char *w, uint16_t max, uint16_t *v)
{
    uint16_t n = 0;
    uint8_t base = 10;
    if (w[0] == '0' && w[1] == 'X') {
        base = 16;
        w += 2;
    }
    /* At least one digit: an empty word ("", "0X") fails at its NUL. */
    do {
        uint8_t d = proto_hex_digit(*w);
        if (d >= base)
            return false;
        n = (uint16_t)(n * base + d);
        if (n > max)
            return false;
    } while (*++w);
    *v = n;
    return true;
}

/* The next word as a number up to max. */
bool proto_next_num(uint16_t max, uint16_t *v)
{
    return proto_number(proto_word(), max, v);
}

/* ---- running a line -------------------------------------------------------------- */

/* The command named by the line's first word, then its handler. */
static uint8_t line_run(uint16_t now)
{
    char *w;
    cursor = line;
    w = proto_word();
    if (!*w)
        return R_QUIET;     /* blank line: nothing to answer */
    proto_cmd = proto_list_find(proto_commands, w);
    if (proto_cmd == 0xFF)
        return R_UNKNOWN;
    return proto_cmd_run(now);
}

/* The end of a line: its reply (none for a blank line), then a new line. */
static void line_end(uint16_t now)
{
    uint8_t r;
    line[line_len] = 0;
    r = line_bad ? line_bad : line_run(now);
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
            line_end(now);
        }
        if (b && line_bad < R_OVERRUN)
            line_bad = R_OVERRUN;
        return;
    }
    if (b == '\n') {
        line_end(now);
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
