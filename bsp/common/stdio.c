/* printf and friends on the board's console, for applications linked with picolibc (Debian:
 * picolibc-riscv64-unknown-elf, gcc --specs=picolibc.specs): picolibc's stdio writes through
 * the FILE that stdout names, and this is it.  Unbuffered: every character goes to the UART
 * as it is written.  Not used by the kernel, the tests or the benchmarks (they link no C
 * library).
 *
 * picolibc keeps errno in thread-local storage, reached through tp, and Tempo keeps its
 * state in tp: the functions that set errno (strtol, ...) must not be called under Tempo.
 * The examples' Makefile refuses an image that has thread-local data. */
#include <stdio.h>
#include "bsp.h"

static int console_put(char c, FILE *f)
{
    (void)f;
    board_putc(c);
    return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(console_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;
