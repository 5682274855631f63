/* The kernel's one build option, for the C sources and the port's assembly alike: TK_SIZE 1
 * is the size build (the footprint figures' -Os, mk/firmware.mk TK_SIZE_OPT), which shares the
 * helpers the speed build inlines and picks the smaller variant behind each internal
 * interface (ready_q.h: the ready queue scanned instead of a bitmap; the port: the C yield
 * and interrupt exit, one copy of the context save).  Given on the command line, or taken
 * from the optimisation level. */
#ifndef TK_KCONFIG_H
#define TK_KCONFIG_H
#ifndef TK_SIZE
#ifdef __OPTIMIZE_SIZE__
#define TK_SIZE 1
#else
#define TK_SIZE 0
#endif
#endif
#endif
