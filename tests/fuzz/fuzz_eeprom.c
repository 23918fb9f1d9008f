/* fuzz_eeprom.c - libFuzzer target: the boot on an arbitrary EEPROM image.
 * store_load's ring scan and the settings and game record decoders of
 * game_init (the real firmware/app and engine over fake_hal.c) read
 * whatever a worn, torn or foreign EEPROM holds. Input: a flags byte,
 * then the image (the rest of the 1 KB stays blank, 0xFF). Flags bit 0
 * seals the image: every slot that starts with the commit byte gets the
 * CRC of its bytes, so the fuzzer reaches the decoders behind the CRC
 * instead of spending its runs guessing checksums. Checks:
 *   - the boot leaves legal state (fuzz_check_pos_legal): any setting in
 *     range, a resumed game legal, listed and unfinished;
 *   - a move of the resumed game and the settings, saved over that image,
 *     come back after a power cycle, whatever the rings held (valid slots
 *     with seq numbers scattered over the 16-bit circle included: store.c
 *     clears those out of the newest's window before its first save). */
#include <string.h>

#include "fake_hal.h"
#include "fuzz_check.h"
#include "game.h"
#include "store.h"
#include "ui.h"

/* store.c's CRC-16/CCITT-FALSE, bit at a time (an independent copy: a
 * slot sealed here is valid only if both agree). */
static uint16_t crc_update(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)(byte << 8);
    for (int i = 0; i < 8; i++)
        crc = (uint16_t)(crc & 0x8000u ? crc << 1 ^ 0x1021u : crc << 1);
    return crc;
}

/* Seals ring id: every slot that starts with the commit byte gets the CRC
 * of its bytes. */
static void ring_seal(uint8_t id, uint16_t base, uint16_t slots, uint16_t max)
{
    for (uint16_t s = 0; s < slots; s++) {
        uint8_t *slot = fake_eeprom + base + s * (max + STORE_SLOT_OVERHEAD);
        uint8_t len = slot[3];
        if (slot[0] != STORE_COMMIT || len > max)
            continue;
        uint16_t crc = crc_update(0xFFFFu, id);
        for (uint16_t i = 1; i < 4u + len; i++)
            crc = crc_update(crc, slot[i]);
        slot[4 + len] = (uint8_t)crc;
        slot[5 + len] = (uint8_t)(crc >> 8);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;
    size_t n = size - 1 < sizeof fake_eeprom ? size - 1 : sizeof fake_eeprom;
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    memcpy(fake_eeprom, data + 1, n);
    if (data[0] & 1) {
        ring_seal(STORE_SETTINGS, RECORDS_SETTINGS_BASE, RECORDS_SETTINGS_SLOTS, RECORDS_SETTINGS_BYTES);
        ring_seal(STORE_GAME, RECORDS_GAME_BASE, RECORDS_GAME_SLOTS, RECORDS_GAME_BYTES);
    }
    fake_out_len = 0;
    fake_out[0] = 0;
    fake_buttons = 0;
    fuzz_boot(0);
    /* The intro, then the title: both draw what was loaded. */
    for (uint16_t t = 0; t <= UI_INTRO_MS + 100; t += UI_INTRO_MS / 2) {
        fake_now = t;
        game_tick(t);
        ui_render(t);
        fuzz_check_pos_legal("(boot, time)");
    }
    if (game.in_game && engine_has_move(&game.pos)) {
        engine_pos_t p = game.pos;
        engine_move_t m;
        game_resume(fake_now);  /* as A on the title does */
        if (game_move_ai(&m, fake_now))
            fuzz_check_one_move(&p, &game.pos, "(a move of the resumed game)");
        fuzz_check_pos_legal("(a move of the resumed game)");
    }
    game_save_settings();
    fuzz_check_reboot("(saves over the image)");
    return 0;
}
