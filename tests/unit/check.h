/* check.h - the host unit tests' assertion: counts every check, reports a
 * failed one with its place and a printf message, and goes on, so one run
 * lists every failure. The test prints the counts and exits non-zero when
 * failures is not 0. */
#ifndef TESTS_UNIT_CHECK_H
#define TESTS_UNIT_CHECK_H

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
