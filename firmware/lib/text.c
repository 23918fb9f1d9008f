/* text.c - the PROGMEM font and the scrolling text. Glyphs are 5x7
 * columns; they are drawn proportionally (blank columns trimmed, one column
 * between letters) so more of a word fits on 8 columns. Time enters only
 * through the now argument. */
#include "text.h"

#include "pgm.h"

/* The font holds only what the toy writes: digits, ':', '-' (in the slot
 * of ';'), '?' (in the slot of '<') and A..Z (moved down to follow it: the
 * unused '=', '>', '@' cost no flash), then '.' and '*' (an octal code:
 * 0.137, 0.3*); a space is a gap and anything else a '?'. text_put stores each character as its slot's code, FONT_FIRST + the
 * glyph's index. Columns are stored as the frame wants them (bit 7 = top
 * row, rows 1..7), so drawing is a plain OR. */
#define FONT_FIRST '0'
#define FONT_DASH ';'
#define FONT_QUESTION '<'
#define FONT_ALPHA '='      /* the slot of 'A' */
#define FONT_POINT (FONT_ALPHA + 26)
#define FONT_STAR (FONT_POINT + 1)
#define SPACE_W 3
#define PAUSE_MS 400    /* a label starting at the left edge holds still first */

static const uint8_t font[FONT_STAR - FONT_FIRST + 1][5] PROGMEM = {
    {0x7C, 0x8A, 0x92, 0xA2, 0x7C}, /* 0 */
    {0x00, 0x42, 0xFE, 0x02, 0x00}, /* 1 */
    {0x46, 0x8A, 0x92, 0x92, 0x62}, /* 2 */
    {0x44, 0x82, 0x92, 0x92, 0x6C}, /* 3 */
    {0x18, 0x28, 0x48, 0xFE, 0x08}, /* 4 */
    {0xE4, 0xA2, 0xA2, 0xA2, 0x9C}, /* 5 */
    {0x3C, 0x52, 0x92, 0x92, 0x0C}, /* 6 */
    {0x80, 0x8E, 0x90, 0xA0, 0xC0}, /* 7 */
    {0x6C, 0x92, 0x92, 0x92, 0x6C}, /* 8 */
    {0x60, 0x92, 0x92, 0x94, 0x78}, /* 9 */
    {0x00, 0x6C, 0x6C, 0x00, 0x00}, /* : */
    {0x10, 0x10, 0x10, 0x10, 0x00}, /* - */
    {0x40, 0x80, 0x8A, 0x90, 0x60}, /* ? */
    {0x7E, 0x88, 0x88, 0x88, 0x7E}, /* A */
    {0xFE, 0x92, 0x92, 0x92, 0x6C}, /* B */
    {0x7C, 0x82, 0x82, 0x82, 0x44}, /* C */
    {0xFE, 0x82, 0x82, 0x44, 0x38}, /* D */
    {0xFE, 0x92, 0x92, 0x92, 0x82}, /* E */
    {0xFE, 0x90, 0x90, 0x90, 0x80}, /* F */
    {0x7C, 0x82, 0x92, 0x92, 0x5E}, /* G */
    {0xFE, 0x10, 0x10, 0x10, 0xFE}, /* H */
    {0x00, 0x82, 0xFE, 0x82, 0x00}, /* I */
    {0x04, 0x02, 0x82, 0xFC, 0x80}, /* J */
    {0xFE, 0x10, 0x28, 0x44, 0x82}, /* K */
    {0xFE, 0x02, 0x02, 0x02, 0x02}, /* L */
    {0xFE, 0x40, 0x30, 0x40, 0xFE}, /* M */
    {0xFE, 0x20, 0x10, 0x08, 0xFE}, /* N */
    {0x7C, 0x82, 0x82, 0x82, 0x7C}, /* O */
    {0xFE, 0x90, 0x90, 0x90, 0x60}, /* P */
    {0x7C, 0x82, 0x8A, 0x84, 0x7A}, /* Q */
    {0xFE, 0x90, 0x98, 0x94, 0x62}, /* R */
    {0x62, 0x92, 0x92, 0x92, 0x8C}, /* S */
    {0x80, 0x80, 0xFE, 0x80, 0x80}, /* T */
    {0xFC, 0x02, 0x02, 0x02, 0xFC}, /* U */
    {0xF8, 0x04, 0x02, 0x04, 0xF8}, /* V */
    {0xFC, 0x02, 0x1C, 0x02, 0xFC}, /* W */
    {0xC6, 0x28, 0x10, 0x28, 0xC6}, /* X */
    {0xE0, 0x10, 0x0E, 0x10, 0xE0}, /* Y */
    {0x86, 0x8A, 0x92, 0xA2, 0xC2}, /* Z */
    {0x00, 0x06, 0x06, 0x00, 0x00}, /* . */
    {0x44, 0x28, 0x7C, 0x28, 0x44}, /* * */
};

static char buf[TEXT_MAX + 1];
static uint8_t len;
static uint16_t width;      /* columns of the text, plus one (kept by text_put) */
static uint16_t t0;
static bool from_right;

NOINLINE void text_clear(void)
{
    len = 0;
    width = 0;
}

/* Glyph c's width and (not for a space, a fixed gap) its first lit column. */
static uint8_t glyph_span(char c, const uint8_t **start)
{
    const uint8_t *g;
    uint8_t b = 5;
    if (c == ' ')
        return SPACE_W;     /* before indexing: ' ' is below FONT_FIRST */
    g = font[(uint8_t)(c - FONT_FIRST)];
    while (!PGM_U8(&g[b - 1]))
        b--;
    while (!PGM_U8(g)) {
        g++;
        b--;
    }
    *start = g;
    return b;
}

void text_put(char c)
{
    const uint8_t *g;
    if (c == '-')
        c = FONT_DASH;
    else if (c == '.')
        c = FONT_POINT;
    else if (c == '*')
        c = FONT_STAR;
    else if (c >= 'A' && c <= 'Z')
        c = (char)(c - 'A' + FONT_ALPHA);
    else if (c != ' ' && (c < FONT_FIRST || c > FONT_DASH))
        c = FONT_QUESTION;
    if (len < TEXT_MAX) {
        buf[len++] = c;
        width += glyph_span(c, &g) + 1u;
    }
}

void text_add_P(const char *s)
{
    char c;
    while ((c = PGM_CHAR(s++)) != 0)
        text_put(c);
}

void text_put_word_P(const char *list, uint8_t i, void (*put)(char c))
{
    char c;
    while (i)
        if (PGM_CHAR(list++) == ' ')
            i--;
    while ((c = PGM_CHAR(list++)) != 0 && c != ' ')
        put(c);
}

void text_add_word_P(const char *list, uint8_t i)
{
    text_put_word_P(list, i, text_put);
}

void text_put_num(uint16_t n, void (*put)(char c))
{
    if (n >= 10)
        text_put_num(n / 10, put);     /* the higher digits first: at most four calls deep */
    put((char)('0' + n % 10));
}

NOINLINE void text_add_num(uint8_t n)
{
    text_put_num(n, text_put);
}

NOINLINE void text_start(uint16_t now, bool right)
{
    t0 = now;
    from_right = right;
}

bool text_draw(uint8_t frame[BOARD_COLS], uint16_t now)
{
    uint16_t w = width ? width - 1u : 0;
    uint16_t cycle = w + BOARD_COLS + 1;
    uint16_t el = (uint16_t)(now - t0);
    uint16_t k;
    bool done;
    /* k: scroll steps since the text stood just off the right edge. */
    if (from_right) {
        k = el / TEXT_STEP_MS;
        done = k >= cycle;
    } else if (w <= BOARD_COLS) {
        k = BOARD_COLS;             /* fits: stands still at the left edge */
        done = el >= 4 * PAUSE_MS;
    } else {
        k = el < PAUSE_MS ? 0 : (uint16_t)(el - PAUSE_MS) / TEXT_STEP_MS;
        done = k >= w;
        k += BOARD_COLS;
    }
    /* Walk the letters once, drawing the columns that land in the window. */
    int16_t x = BOARD_COLS - (int16_t)(k % cycle);
    for (uint8_t i = 0; i < len && x < BOARD_COLS; i++) {
        const uint8_t *g;
        uint8_t gw = glyph_span(buf[i], &g);
        if (buf[i] != ' ')
            for (uint8_t j = 0; j < gw; j++)
                if ((uint16_t)(x + j) < BOARD_COLS)    /* also x + j >= 0 */
                    frame[x + j] |= PGM_U8(&g[j]);
        x += gw + 1;
    }
    return done;
}
