/* target_io_host.c - the host side of target_io.h: stdout, no markers. */
#include "target_io.h"

#include <stdio.h>
#include <stdlib.h>

void target_io_init(void)
{
}

void target_putc(char c)
{
    putchar(c);
}

void target_done(void)
{
    fflush(stdout);
    exit(ferror(stdout) ? 1 : 0);
}
