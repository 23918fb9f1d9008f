/* sound.h - the toy's noises: a click per press, a buzz for a refused move,
 * jingles for a win and a loss. Tunes are PROGMEM note lists played one note
 * at a time from the main loop (the piezo driver stops each note itself). */
#ifndef APP_SOUND_H
#define APP_SOUND_H

#include <stdbool.h>
#include <stdint.h>

enum sound_id { SOUND_CLICK, SOUND_BUZZ, SOUND_WIN, SOUND_LOSE, SOUND_MOVE };

/* Frequencies the tests listen for (expect-tone). */
#define SOUND_CLICK_HZ 2000
#define SOUND_BUZZ_HZ 150
#define SOUND_MOVE_HZ 1000
/* A click of 16 periods: timed by the tone's own timer (hal/piezo.c), the
 * same for every press. */
#define SOUND_CLICK_MS 8

void sound_enable(bool on);
void sound_play(uint8_t id);
void sound_step(void);

#endif
