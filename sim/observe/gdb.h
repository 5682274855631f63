/* --gdb PORT: the GDB remote serial protocol on 127.0.0.1:PORT (0: any free port; the line
 * "tempo-sim: waiting for GDB on 127.0.0.1:PORT" on stderr names it).  The core is halted at
 * reset until the debugger resumes it; while it is halted nothing simulated happens, so every
 * cycle count is what it would be without the debugger.
 *
 * Served: registers x0-x31 and pc ('g', 'G', 'p', 'P') and the CSRs through the target
 * description (qXfer:features:read: org.gnu.gdb.riscv.cpu and .csr, CSR n as register 65 + n);
 * memory ('m', 'M', 'X': RAM, and aligned reads of device registers); breakpoints kept by the
 * simulator, any number, not written into memory (Z0/Z1, so code memory and cycles are
 * untouched); watchpoints on writes, reads and both (Z2, Z3, Z4: the stop comes after the
 * access); single step and continue ('s', 'c', vCont); Ctrl-C (the socket is looked at
 * every 2^20 cycles); `monitor` commands (qRcmd: help, cycles, stats, engine, threads,
 * rtos); the threads of the image's kernel (rtos.h: qfThreadInfo, qThreadExtraInfo, Hg, T, registers of a thread
 * that is not running from its saved context); the exit status ('W') when the run ends.
 * 'D' detaches (the run goes on to its end), 'k' ends the run with status 137. */
#ifndef TEMPO_GDB_H
#define TEMPO_GDB_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "observer.h"

struct gdb;

/* Listen on 127.0.0.1:port; `stats` prints the --stats report for `monitor stats`.  NULL
 * with the reason in err. */
struct gdb *gdb_listen(unsigned port, void (*stats)(const struct machine *m, FILE *out), char *err,
                       unsigned errlen);
/* The debugger as an observer (observer.h), to register with observe_register(): before
 * an instruction it stops when the debugger wants (reset, breakpoint, a single step that
 * entered a trap, Ctrl-C) and serves it until it resumes; after it, a watchpoint it hit or
 * the end of a single step.  The fast engine runs what it need not see: it leaves to the
 * reference loop the instructions at breakpoints (flags: PCF_BREAK), the stores a write
 * watchpoint may watch, everything while the core steps or a watchpoint watches loads, and
 * a block now and then for the look for Ctrl-C. */
struct observer gdb_observer(struct gdb *g);
/* The run ended with `status`: tell the debugger, and let it go (g NULL: nothing). */
void gdb_exit(struct gdb *g, int status);
void gdb_free(struct gdb *g);
/* The run was ended from the debugger ('k'). */
bool gdb_killed(const struct gdb *g);
#endif
