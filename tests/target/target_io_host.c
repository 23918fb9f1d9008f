/* target_io_host.c - the host side of target_io.h: stdout, no markers. */
#include "target_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void target_io_init(void)
{
}

void target_send(char c)
{
    putchar(c);
}

uint8_t target_full_game(void)
{
    const char *v = getenv("TARGET_FULL");
    if (!v || !*v)
        return TARGET_FULL_NONE;
    if (!strcmp(v, "all"))
        return TARGET_FULL_ALL;
    return (uint8_t)atoi(v);
}

void target_done(void)
{
    fflush(stdout);
    exit(ferror(stdout) ? 1 : 0);
}
