/* The structure offsets and constants the port's assembly uses, taken from C: compiled to
 * assembly (never to an object), each TK_OFFSET leaves a line `.ascii "->NAME value"` that
 * kernel/kernel.mk turns into `#define NAME value` of offsets.h in the build directory, once
 * per width and interrupt-nesting setting (the two things that move the fields switch.S
 * reads), the way Zephyr's gen_offset.h works.  Compiled with the kernel's flags, so the
 * assembly and C cannot disagree. */
#include "kernel.h"

#define TK_OFFSET(name, value) __asm__ volatile(".ascii \"->" #name " %0\"" : : "n"(value))
#define TK_LOG2(x) (__builtin_ctz(x))

void tk__gen_offsets(void);
void tk__gen_offsets(void)
{
    /* struct tk_thread */
    TK_OFFSET(TK_T_SP, offsetof(struct tk_thread, sp));
    TK_OFFSET(TK_T_NEXT, offsetof(struct tk_thread, next));
    TK_OFFSET(TK_T_GUARD, offsetof(struct tk_thread, stack_guard));
    TK_OFFSET(TK_T_SLICE, offsetof(struct tk_thread, slice));
    TK_OFFSET(TK_T_SLICE_LEFT, offsetof(struct tk_thread, slice_left));
    TK_OFFSET(TK_T_WAIT_RESULT, offsetof(struct tk_thread, wait_result));
    TK_OFFSET(TK_T_PRIO_BIT, offsetof(struct tk_thread, prio_bit));
    TK_OFFSET(TK_T_READY_SLOT, offsetof(struct tk_thread, ready_slot));
    /* struct tk_kernel */
    TK_OFFSET(TK_K_CURRENT, offsetof(struct tk_kernel, current));
    TK_OFFSET(TK_K_MAP, offsetof(struct tk_kernel, ready_map));
    TK_OFFSET(TK_K_LOCK, offsetof(struct tk_kernel, sched_lock));
    TK_OFFSET(TK_K_STARTED, offsetof(struct tk_kernel, started));
    TK_OFFSET(TK_K_READY, offsetof(struct tk_kernel, ready));
    TK_OFFSET(TK_K_DEBRUIJN, offsetof(struct tk_kernel, debruijn));
    TK_OFFSET(TK_K_IRQ, offsetof(struct tk_kernel, irq));
    /* The trap entry scales the cause code by an entry's size (a power of two) */
    TK_OFFSET(TK_IRQ_SHIFT, TK_LOG2(sizeof(struct tk_irq)));
#if TK_IRQ_NESTING
    TK_OFFSET(TK_K_IRQ_EN, offsetof(struct tk_kernel, irq_enabled));
    TK_OFFSET(TK_K_NEST, offsetof(struct tk_kernel, irq_nest));
#endif
    /* TK_FATAL_* (tempo.h), the reasons the fault entries pass */
    TK_OFFSET(TK_FATAL_STACK_V, TK_FATAL_STACK);
    TK_OFFSET(TK_FATAL_EXCEPTION_V, TK_FATAL_EXCEPTION);
    TK_OFFSET(TK_FATAL_IRQ_V, TK_FATAL_IRQ);
    TK_OFFSET(TK_FATAL_DEADLOCK_V, TK_FATAL_DEADLOCK);
    /* The exception stack (kernel/fault.c), in words */
    TK_OFFSET(TK_EXC_STACK_WORDS, TK_FAULT_STACK_BYTES / sizeof(uintptr_t));
}

/* What the assembly assumes of the layout beyond the offsets themselves. */
_Static_assert(sizeof(((struct tk_thread *)0)->wait_result) == 2 &&
                   offsetof(struct tk_thread, slice_left) % 4 == 0 &&
                   offsetof(struct tk_thread, wait_result) == offsetof(struct tk_thread, slice_left) + 2,
               "switch.S: one sw sets slice_left and wait_result");
_Static_assert((sizeof(struct tk_irq) & (sizeof(struct tk_irq) - 1)) == 0 &&
                   offsetof(struct tk_irq, arg) == TK_R,
               "switch.S: an entry is fn, arg, ... in a power of two bytes");
#if TK_IRQ_NESTING
_Static_assert(offsetof(struct tk_irq, mask) == 2 * TK_R, "switch.S: the mask after fn, arg");
#endif
_Static_assert(TK_OK == 0, "switch.S stores and returns TK_OK as the zero register");
_Static_assert(sizeof(uintptr_t) == TK_R, "port_defs.h: TK_R is the register width");
