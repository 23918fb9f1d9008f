/* proto_words.c - the words of the PC link's line being run: the bottom of
 * the link, called by the dispatch (proto.c), the handlers (proto_cmd.c)
 * and the name reader (proto_name.c), calling none of them. */
#include "pgm.h"
#include "proto_int.h"

static char *cursor;        /* next unparsed character of the line */

void proto_words_start(char *line)
{
    cursor = line;
}

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

/* Word lists in flash, space separated: the index of w in list, or PROTO_NONE. */
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
            return PROTO_NONE;
        list++;
    }
}

/* A hex digit's value, PROTO_NONE for anything else (decimal callers check < 10). */
uint8_t proto_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return (uint8_t)(c - '0');
    if (c >= 'A' && c <= 'F')
        return (uint8_t)(c - 'A' + 10);
    return PROTO_NONE;
}

/* A decimal (or 0x hex) number up to max (below PROTO_NAN); PROTO_NAN
 * for anything else. Returned, not written through a pointer: the
 * callers then keep no number in their stack frames. */
/* It works in 16 bits: a value up to max, times 16, plus a digit; the
 * largest max, POS's one heap or a game's number, keeps below PROTO_NAN. */
_Static_assert(ENGINE_HEAP_MAX <= 4095 && PROTO_GAME_MAX <= 4095, "proto_number needs max * 16 + 15 < 65535");
uint16_t proto_number(const char *w, uint16_t max)
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
            return PROTO_NAN;
        n = (uint16_t)(n * base + d);
        if (n > max)
            return PROTO_NAN;
    } while (*++w);
    return n;
}

/* The next word as a number up to max (PROTO_NAN: none). */
uint16_t proto_next_num(uint16_t max)
{
    return proto_number(proto_word(), max);
}
