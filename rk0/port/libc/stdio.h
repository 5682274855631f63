/* The <stdio.h> RK0's kerr.h includes: these images are freestanding (no C library), and
 * nothing RK0 builds here prints through it (its fault printing is kerr.c's, which
 * rk0/port/rk_port.c replaces; its trace console is off). */
#ifndef RK_PORT_STDIO_H
#define RK_PORT_STDIO_H
#include <stddef.h>
#include <stdarg.h>
#endif
