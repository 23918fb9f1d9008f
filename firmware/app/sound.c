/* sound.c - tunes as {hz, ms} pairs in flash; sound_step starts the next
 * note when the piezo is free, so the main loop never waits for a tone. */
#include "sound.h"

#include "hal.h"
#include "pgm.h"

typedef struct {
    uint16_t hz;
    uint16_t ms;
} note_t;

static const note_t tune_click[] PROGMEM = {{SOUND_CLICK_HZ, 4}, {0, 0}};
static const note_t tune_buzz[] PROGMEM = {{SOUND_BUZZ_HZ, 250}, {0, 0}};
static const note_t tune_move[] PROGMEM = {{SOUND_MOVE_HZ, 15}, {0, 0}};
static const note_t tune_win[] PROGMEM = {
    {523, 120}, {659, 120}, {784, 120}, {1047, 300}, {0, 0}};
static const note_t tune_lose[] PROGMEM = {
    {392, 160}, {330, 160}, {262, 400}, {0, 0}};
static const note_t *const tunes[] PROGMEM = {
    tune_click, tune_buzz, tune_win, tune_lose, tune_move};

static const note_t *next;   /* next note to start, NULL when silent */
static bool enabled = true;

void sound_enable(bool on)
{
    enabled = on;
    if (!on)
        next = 0;
}

void sound_play(uint8_t id)
{
    if (!enabled || id >= sizeof tunes / sizeof tunes[0])
        return;
    next = (const note_t *)PGM_PTR(&tunes[id]);
    sound_step();
}

void sound_step(void)
{
    if (!next || piezo_busy())
        return;
    uint16_t ms = PGM_U16(&next->ms);
    if (!ms) {
        next = 0;
        return;
    }
    piezo_tone(PGM_U16(&next->hz), ms);
    next++;
}

bool sound_busy(void)
{
    return next != 0 || piezo_busy();
}
