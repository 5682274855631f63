/* The port's constants that C and its assembly share and that no structure defines: the
 * register width, the switch frame's layout, the de Bruijn search, the build's variant of
 * the port, and configuration defaults for the assembly (which does not include tempo.h).
 * The structures' offsets are generated from C (gen_offsets.c: offsets.h in the build
 * directory, which includes this). */
#ifndef TK_PORT_DEFS_H
#define TK_PORT_DEFS_H
#include "kconfig.h"
#if __riscv_xlen == 64
#define TK_R 8
#else
#define TK_R 4
#endif
/* The de Bruijn sequence B(2,5) of the find-first-set (ready_q.h: tk__highest): the isolated
 * lowest bit times it, shifted right by TK_DEBRUIJN_SHIFT, indexes tk_kernel.debruijn. */
#define TK_DEBRUIJN32   0x077CB531
#define TK_DEBRUIJN_SHIFT 27
#define TK_IRQ_CODES    12       /* tk_kernel.irq: one entry per interrupt cause code, 0-11 */
/* The switch frame: the speed build's own straight-line save and restore; built for size
 * (TK_SIZE), one shared copy, libgcc's __riscv_save_12 (TK_FRAME_PC below). */
#define TK_PORT_OWN_FRAME (!TK_SIZE)
/* The assembly fast paths of tk_yield and of the interrupt exit's common cases (switch.S):
 * the speed build's, where the budgets need them (docs/kernel.md "Where the port's assembly
 * decides", which measures the speed build with -DTK_PORT_FAST_PATHS=0 against them).
 * Without them the kernel's C paths alone serve (kernel/thread.c tk__yield_c, kernel/sched.c
 * tk__isr_exit: the same policy, which tests/kernel/policy.c checks the fast paths against). */
#ifndef TK_PORT_FAST_PATHS
#define TK_PORT_FAST_PATHS (!TK_SIZE)
#endif
/* tempo.h "Configuration", for the assembly: the same default (interrupts taken). */
#ifndef TK_CONFIG_IRQ
#define TK_CONFIG_IRQ 1
#endif
/* Switch frame: resume pc, s0-s11. */
#define TK_SWITCH_FRAME ((13 * TK_R + 15) & ~15)
/* The words of the switch frame a thread's context is in (switch.S; port.h tk_port_stack_init;
 * the simulator's thread view, sim/observe/rtos_tempo.c): the resume pc, s0 and s1 (s2-s11 follow
 * s1 the same way).  The speed build's own save puts the resume pc lowest, then s0-s11
 * upwards; built for size, the switch saves with libgcc's __riscv_save_12 (-msave-restore's
 * prologue routine: ra, s0-s11 in a frame of TK_SWITCH_FRAME bytes, ra at its top, s0, s1,
 * ... downwards), so ra is the resume pc, and tk_port_frame_save_restore is defined. */
#if TK_PORT_OWN_FRAME
#define TK_FRAME_PC 0
#define TK_FRAME_S0 1
#define TK_FRAME_S1 2
#else
#define TK_FRAME_PC (TK_SWITCH_FRAME / TK_R - 1)
#define TK_FRAME_S0 (TK_SWITCH_FRAME / TK_R - 2)
#define TK_FRAME_S1 (TK_SWITCH_FRAME / TK_R - 3)
#endif
/* A direct handler's switch (switch.S tk_port_switch_direct): the return address and mepc,
 * above the switch frame, in 16 bytes (the stack alignment). */
#define TK_DIRECT_SLOT 16
#endif
