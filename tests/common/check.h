/* check.h - the host tests' assertion (tests/unit, tests/sim's
 * test_max7219): counts every check, reports a failed one with its place
 * and a printf message on stderr, and goes on, so one run lists every
 * failure. The test prints the counts and exits non-zero when failures is
 * not 0.
 * The other assertions of tests/ differ on purpose: tests/engine/fail.h
 * prints only the first 30 failures of proofs over millions of positions,
 * with the game they came from; tests/robust's rb_fail and tests/fuzz's
 * fuzz_fail stop at the first violation (the simulated toy's state is no
 * longer trustworthy; libFuzzer keeps an input only when it aborts). */
#ifndef TESTS_COMMON_CHECK_H
#define TESTS_COMMON_CHECK_H

#include <stdio.h>

static int failures, checks;

#define CHECK(cond, ...)                                          \
    do {                                                          \
        checks++;                                                 \
        if (!(cond)) {                                            \
            failures++;                                           \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);  \
            fprintf(stderr, __VA_ARGS__);                         \
            fputc('\n', stderr);                                  \
        }                                                         \
    } while (0)

#endif
