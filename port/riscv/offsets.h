/* Every constant the port's assembly uses: structure offsets, error codes, states (checked
 * against the C definitions in port.c), so that C and assembly share one source. */
#ifndef TK_OFFSETS_H
#define TK_OFFSETS_H
#if __riscv_xlen == 64
#define TK_R 8
#define TK_LOG_R 3
#define TK_K_READY 24
#define TK_K_DEBRUIJN 312
#define TK_K_IRQ 608
#else
#define TK_R 4
#define TK_LOG_R 2
#define TK_K_READY 16
#define TK_K_DEBRUIJN 160
#define TK_K_IRQ 328
#endif
/* With TK_IRQ_NESTING a handler entry is four words (fn, arg, mask, unused), and the kernel
 * keeps the nesting depth and the enabled sources after the table (port.c checks these). */
#if TK_IRQ_NESTING
#define TK_IRQ_SHIFT (TK_LOG_R + 2)
#if __riscv_xlen == 64
#define TK_K_IRQ_EN  1048
#define TK_K_NEST    1056
#else
#define TK_K_IRQ_EN  552
#define TK_K_NEST    556
#endif
#else
#define TK_IRQ_SHIFT (TK_LOG_R + 1)
#endif
/* struct tk_thread */
#define TK_T_SP         0
#define TK_T_NEXT       (1 * TK_R)
#define TK_T_GUARD      (3 * TK_R)
#define TK_T_SLICE      (4 * TK_R + 4)
#define TK_T_SLICE_LEFT (4 * TK_R)
#define TK_T_PRIO       (4 * TK_R + 6)
#define TK_T_PREV       (2 * TK_R)
#define TK_T_STATE      (4 * TK_R + 8)
#define TK_T_WAIT_RESULT (4 * TK_R + 2) /* 16 bits, the upper half of
                                           * slice_left's word */
#define TK_T_PRIO_BIT   (4 * TK_R + 12)
#define TK_T_MAGIC      (4 * TK_R + 16)
#define TK_T_READY_SLOT (4 * TK_R + 24)
#define TK_MAGIC_THREAD_HI 0x54680 /* TK_MAGIC_THREAD >> 12 (kernel/kernel.h) */
/* TK_OK (tempo.h) is 0: the assembly stores and returns it as the zero register. */
#define TK_STATE_READY_V     1     /* enum tk_thread_state (tempo.h) */
#define TK_STATE_SUSPENDED_V 4
#define TK_FATAL_STACK_V     1     /* TK_FATAL_* (tempo.h) */
#define TK_FATAL_EXCEPTION_V 2
#define TK_FATAL_IRQ_V       3
#define TK_FATAL_DEADLOCK_V  4
/* The de Bruijn sequence B(2,5) of the find-first-set (kernel.h: tk__highest): the isolated
 * lowest bit times it, shifted right by TK_DEBRUIJN_SHIFT, indexes tk_kernel.debruijn. */
#define TK_DEBRUIJN32   0x077CB531
#define TK_DEBRUIJN_SHIFT 27
/* struct tk_kernel (kernel/kernel.h) */
#define TK_IRQ_CODES    12       /* tk_kernel.irq: one entry per interrupt cause code, 0-11 */
#define TK_K_CURRENT    0
#define TK_K_MAP        TK_R
#define TK_K_LOCK       (TK_R + 4)
#define TK_K_STARTED    (TK_R + 5)
/* The assembly fast paths of tk_yield, tk_thread_suspend and tk_thread_resume (switch.S):
 * the speed build's.  Built for size (-Os) the kernel's C paths alone serve (kernel/thread.c:
 * the same policy, which tests/kernel/policy.c checks the fast paths against), and switch.S
 * shares one copy of the context save and restore; the -O2 build keeps its straight lines. */
#ifndef TK_PORT_FAST_PATHS
#ifdef __OPTIMIZE_SIZE__
#define TK_PORT_FAST_PATHS 0
#else
#define TK_PORT_FAST_PATHS 1
#endif
#endif
/* tempo.h "Configuration", for the assembly, which does not include tempo.h: the same
 * default (interrupts taken). */
#ifndef TK_CONFIG_IRQ
#define TK_CONFIG_IRQ 1
#endif
/* The exception stack, in words (TK_FAULT_STACK_BYTES, tempo.h; kernel/fault.c) */
#define TK_EXC_STACK_WORDS 128
/* Switch frame: resume pc, s0-s11. */
#define TK_SWITCH_FRAME ((13 * TK_R + 15) & ~15)
/* The words of the switch frame a thread's context is in (switch.S; port.h tk_port_stack_init;
 * the simulator's thread view, sim/observe/rtos_tempo.c): the resume pc, s0 and s1 (s2-s11 follow
 * s1 the same way).  The speed build's own save puts the resume pc lowest, then s0-s11
 * upwards; built for size, the switch saves with libgcc's __riscv_save_12 (-msave-restore's
 * prologue routine: ra, s0-s11 in a frame of TK_SWITCH_FRAME bytes, ra at its top, s0, s1,
 * ... downwards), so ra is the resume pc, and tk_port_frame_save_restore is defined. */
#if TK_PORT_FAST_PATHS
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
