/* The fault handler is told everything: a stack overflow found at a switch (reason, thread,
 * the stack's lowest address, sp) may be survived (the handler returns: the thread is
 * terminated, the others go on); so may one found by the fault of an interrupt's frame save
 * (a thread whose stack pointer points at no memory: the trap entry used to fault again and
 * again); a load access fault arrives with its cause (5), pc (the load instruction) and
 * mtval (the address), on the exception stack. */
#include "ktest.h"

#ifdef BOARD_PAPER
#define NOWHERE 0x30000000u /* no device: a load access fault */
#define NO_STACK 0x0FFFF000u /* no memory just below the data memory */
#else
#define NOWHERE 0x0u
#define NO_STACK 0x00000800u
#endif

static struct tk_thread ctl, deep, loader, other, lost;
KT_STACK(s_lost);
KT_STACK(s_ctl); KT_STACK(s_loader); KT_STACK(s_other);
/* deep's stack sits above a pad that its overflow may trample */
static uintptr_t deep_area[3 * KT_STACK_WORDS] __attribute__((aligned(16)));
#define DEEP_STACK (&deep_area[2 * KT_STACK_WORDS])

static struct tk_fault seen[3];
static volatile int nseen, other_runs;
extern char kt_load_insn[]; /* the faulting load (below) */

static void on_fault(const struct tk_fault *f)
{
    if (nseen < 3)
        seen[nseen] = *f;
    nseen++;
    KT_CHECK(kt_on_exc_stack());
    if (f->reason == TK_FATAL_EXCEPTION) {
        KT_CHECK(f->thread == &loader);
        KT_EQ(f->cause, 5); /* load access fault */
        KT_EQ(f->pc, (uintptr_t)kt_load_insn);
        KT_EQ(f->tval, NOWHERE);
        KT_CHECK(f->sp > (uintptr_t)s_loader && f->sp < (uintptr_t)s_loader + sizeof s_loader);
        kt_pass();
    }
    /* TK_FATAL_STACK: returning terminates deep */
}

static volatile uint32_t sink;
static void deep_main(void *arg)
{
    (void)arg;
    volatile uintptr_t buf[KT_STACK_WORDS + 16]; /* more than the whole stack */
    for (unsigned i = 0; i < KT_STACK_WORDS + 16; i++)
        buf[i] = i;
    sink = (uint32_t)buf[3];
    tk_delay(1); /* the switch finds the overflow */
    KT_CHECK(0);
}

/* Points its stack pointer at no memory and spins: the next interrupt's frame save faults. */
static void lost_main(void *arg)
{
    (void)arg;
    __asm__ volatile("mv sp, %0\n1: j 1b" : : "r"((uintptr_t)NO_STACK));
}

static void loader_main(void *arg)
{
    (void)arg;
    uintptr_t v, a = NOWHERE;
#if __riscv_xlen == 64
    __asm__ volatile(".globl kt_load_insn\nkt_load_insn: ld %0, 0(%1)" : "=r"(v) : "r"(a));
#else
    __asm__ volatile(".globl kt_load_insn\nkt_load_insn: lw %0, 0(%1)" : "=r"(v) : "r"(a));
#endif
    sink = (uint32_t)v;
    KT_CHECK(0);
}

static void other_main(void *arg)
{
    (void)arg;
    for (;;) {
        other_runs++;
        tk_delay(1);
    }
}

static void ctl_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_thread_create(&other, "other", other_main, 0, s_other, sizeof s_other, 4, 0), TK_OK);
    KT_EQ(tk_thread_create(&deep, "deep", deep_main, 0, DEEP_STACK,
                           KT_STACK_WORDS * sizeof(uintptr_t), 3, 0), TK_OK);
    /* deep ran and was terminated at its switch; the others go on */
    KT_EQ(nseen, 1);
    KT_EQ(seen[0].reason, TK_FATAL_STACK);
    KT_CHECK(seen[0].thread == &deep);
    KT_EQ(seen[0].cause, 0);
    KT_EQ(seen[0].pc, 0);
    KT_EQ(seen[0].tval, (uintptr_t)DEEP_STACK);
    KT_CHECK(seen[0].sp < (uintptr_t)DEEP_STACK + KT_STACK_WORDS * sizeof(uintptr_t));
    KT_EQ(tk_thread_state(&deep), TK_STATE_EXITED);
    int runs = other_runs;
    KT_EQ(tk_delay(3), TK_OK);
    KT_CHECK(other_runs > runs);
    /* an interrupt arriving while the stack pointer points at no memory */
    KT_EQ(tk_thread_create(&lost, "lost", lost_main, 0, s_lost, sizeof s_lost, 6, 0), TK_OK);
    KT_EQ(tk_delay(2), TK_OK); /* lost spins; the timer interrupt's frame save faults */
    KT_EQ(nseen, 2);
    KT_EQ(seen[1].reason, TK_FATAL_STACK);
    KT_CHECK(seen[1].thread == &lost);
    KT_EQ(seen[1].cause, 7); /* store access fault */
    KT_EQ(seen[1].sp, NO_STACK - 18 * sizeof(uintptr_t)); /* after the frame's allocation */
    KT_EQ(tk_thread_state(&lost), TK_STATE_EXITED);
    /* the same control block and stack can host a thread again */
    KT_EQ(tk_thread_create(&deep, "deep", other_main, 0, DEEP_STACK,
                           KT_STACK_WORDS * sizeof(uintptr_t), 6, 0), TK_OK);
    /* an exception: its handler ends the run */
    KT_EQ(tk_thread_create(&loader, "loader", loader_main, 0, s_loader, sizeof s_loader, 3, 0),
          TK_OK);
    KT_CHECK(0);
}

int main(void)
{
    tk_set_fatal_handler(on_fault); /* allowed before tk_init() */
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
