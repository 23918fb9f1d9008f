/* sound.c - tunes as {hz, ms} pairs in flash; sound_step starts the next
 * note when the piezo is free, so the main loop never waits for a tone. */
#include "sound.h"

#include "hal.h"
#include "pgm.h"

typedef struct {
    uint16_t hz;
    uint16_t ms;
} note_t;

/* The last note of a tune has NOTE_LAST in hz (tones stay below 32 kHz):
 * no terminating note in flash. */
#define NOTE_LAST 0x8000u
static const note_t tune_click[] PROGMEM = {{SOUND_CLICK_HZ | NOTE_LAST, SOUND_CLICK_MS}};
static const note_t tune_buzz[] PROGMEM = {{SOUND_BUZZ_HZ | NOTE_LAST, 250}};
static const note_t tune_move[] PROGMEM = {{SOUND_MOVE_HZ | NOTE_LAST, 15}};
static const note_t tune_win[] PROGMEM = {
    {523, 120}, {659, 120}, {784, 120}, {1047 | NOTE_LAST, 300}};
static const note_t tune_lose[] PROGMEM = {
    {392, 160}, {330, 160}, {262 | NOTE_LAST, 400}};
static const note_t *const tunes[] PROGMEM = {
    tune_click, tune_buzz, tune_win, tune_lose, tune_move};

static const note_t *next;   /* next note to start, NULL when silent */
static bool muted;           /* sound on at reset: .bss, not .data (no flash copy) */

void sound_enable(bool on)
{
    muted = !on;
    if (!on)
        next = 0;
}

void sound_play(uint8_t id)
{
    if (muted || id >= sizeof tunes / sizeof tunes[0])
        return;
    next = (const note_t *)PGM_PTR(&tunes[id]);
    /* A new sound starts at once, cutting the one playing: a refused
     * press buzzes at the moment it is refused, not after its click. */
    piezo_tone(0, 0);
    sound_step();
}

void sound_step(void)
{
    if (!next || piezo_busy())
        return;
    uint16_t hz = PGM_U16(&next->hz);
    piezo_tone(hz & (uint16_t)~NOTE_LAST, PGM_U16(&next->ms));
    next = (hz & NOTE_LAST) ? 0 : next + 1;
}

bool sound_busy(void)
{
    return next != 0 || piezo_busy();
}
