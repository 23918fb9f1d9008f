/* sound.c - tunes as {hz, ms} pairs in flash; sound_step starts the next
 * note when the piezo is free, so the main loop never waits for a tone. */
#include "sound.h"

#include "hal.h"
#include "pgm.h"

/* A note as the timer takes it (hal.h: PIEZO_OCR, PIEZO_HALVES), worked
 * out at compile time. halves is even (whole periods): its bit 0 marks a
 * tune's last note, so no terminating note is stored. */
typedef struct {
    uint16_t ocr;
    uint16_t halves;
} note_t;

#define NOTE(hz, ms) {PIEZO_OCR(hz), PIEZO_HALVES(hz, ms)}
#define NOTE_LAST(hz, ms) {PIEZO_OCR(hz), PIEZO_HALVES(hz, ms) | 1u}
static const note_t tune_click[] PROGMEM = {NOTE_LAST(SOUND_CLICK_HZ, SOUND_CLICK_MS)};
static const note_t tune_buzz[] PROGMEM = {NOTE_LAST(SOUND_BUZZ_HZ, 250)};
static const note_t tune_move[] PROGMEM = {NOTE_LAST(SOUND_MOVE_HZ, 15)};
static const note_t tune_win[] PROGMEM = {
    NOTE(523, 120), NOTE(659, 120), NOTE(784, 120), NOTE_LAST(1047, 300)};
static const note_t tune_lose[] PROGMEM = {
    NOTE(392, 160), NOTE(330, 160), NOTE_LAST(262, 400)};
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

/* The next note, at once (a note playing is cut). */
static void note_start(void)
{
    uint16_t halves = PGM_U16(&next->halves);
    piezo_play(PGM_U16(&next->ocr), halves & (uint16_t)~1u);
    next = (halves & 1) ? 0 : next + 1;
}

void sound_play(uint8_t id)
{
    if (muted || id >= sizeof tunes / sizeof tunes[0])
        return;
    /* A new sound starts at once, cutting the one playing: a refused
     * press buzzes at the moment it is refused, not after its click. */
    next = (const note_t *)PGM_PTR(&tunes[id]);
    note_start();
}

void sound_step(void)
{
    if (next && !piezo_busy())
        note_start();
}

