/* fail.h - the engine proofs' failure report: the first 30 failures
 * printed with the game they were found in, all of them counted. Each
 * proof program includes it once. */
#ifndef TESTS_FAIL_H
#define TESTS_FAIL_H

#include <stdio.h>

static unsigned long failures;
static char game_name[48];

#define FAIL(...)                                                             \
    do {                                                                      \
        if (failures++ < 30) {                                                \
            fprintf(stderr, "FAIL %s: ", game_name);                          \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
        }                                                                     \
    } while (0)

#endif
