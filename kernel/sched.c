/* Scheduler: kernel state, start-up, the idle thread, interrupt-exit switching, scheduler
 * lock. */
#include "kernel.h"

/* The de Bruijn table lives in .sdata, next to the global pointer, so the linker turns the
 * auipc+addi that reaches it into one gp-relative addi. */
const uint8_t tk_debruijn32[32] __attribute__((section(".sdata.tk_a"))) = {
#define S(k) (uint8_t)((k) * sizeof(struct tk_thread *)) /* pre-scaled: a byte offset */
    S(0), S(1), S(28), S(2), S(29), S(14), S(24), S(3), S(30), S(22), S(20), S(15), S(25), S(17),
    S(4), S(8), S(31), S(27), S(13), S(23), S(21), S(19), S(16), S(7), S(26), S(12), S(18), S(6),
    S(11), S(5), S(10), S(9),
#undef S
};
struct tk_kernel tk_kernel_state;
struct tk_thread tk_idle;
/* The idle thread's stack: this default unless the program defines its own (tempo.h
 * TK_IDLE_STACK), which the linker takes instead of these weak definitions. */
__attribute__((weak, aligned(16))) uintptr_t tk_idle_stack[TK_IDLE_STACK_BYTES / sizeof(uintptr_t)];
__attribute__((weak)) size_t tk_idle_stack_bytes = sizeof tk_idle_stack;


/* Can no thread ever run again?  None is ready (the idle thread runs), no timer is armed
 * (sleeps, timeouts, alarms, carried ones included), no interrupt but the timer's is enabled, so nothing can wake a
 * thread; and some thread waits (blocked or suspended) rather than all having exited.
 * Interrupts locked: the timer interrupt moves timers between the wheel and the list. */
static int tk_stalled(void)
{
    unsigned long mie = 0; /* TK_CONFIG_IRQ 0: no interrupt is ever enabled (tempo.h) */
#if TK_CONFIG_IRQ
    __asm__ volatile("csrr %0, mie" : "=r"(mie));
#endif
    if (tk__any_ready() || (mie & ~(1ul << 7)))
        return 0;
#if TK_CONFIG_TIMERS /* else no timer is ever armed */
    if (tk__timers_armed())
        return 0;
#endif
    for (const struct tk_thread *t = tk_k.threads; t; t = t->all_next) /* wcet: loop <= THREADS */
        if (t->state == TK_STATE_BLOCKED || t->state == TK_STATE_SUSPENDED)
            return 1;
    return 0;
}

/* The idle thread: runs when no thread is ready and sleeps with WFI; the CLINT compare is
 * programmed for the next timer event only (tickless), so it sleeps until that event or a
 * device interrupt.  When nothing can wake any thread it reports the deadlock (the run ends)
 * instead of sleeping for ever. */
static void tk_idle_main(void *arg)
{
    (void)arg;
    for (;;) {
        unsigned long s = tk_port_irq_lock();
        if (TK_UNLIKELY(tk_stalled()))
            tk_port_deadlock();
        tk_port_irq_unlock(s);
        __asm__ volatile("wfi");
    }
}

int tk_init(void)
{
    if (TK_UNLIKELY(tk_kp != NULL))
        return TK_ESTATE; /* once: what was made since stays as it is */
    unsigned long s = tk_port_irq_lock();
    __asm__ volatile("mv tp, %0" : : "r"(&tk_kernel_state) : "memory");
    /* Everything starts at zero (no thread ready or listed, no timer, unlocked, ...): the
     * kernel state is zero-initialised (.bss, which the start-up clears), and no call writes
     * it before this one (tk_kp is NULL until here). */
    tk_k.current = &tk_idle; /* never NULL: calls before tk_start see the idle thread */
    /* Locked until tk_start(): main is no thread, so no call switches from it (a blocking
     * call returns TK_ELOCKED should main enable interrupts; else TK_EISR). */
    tk_k.sched_lock = 1;
    tk__ready_init();
#if TK_CONFIG_TIMERS /* else no timer list is ever used */
    tk_k.timers.next = tk_k.timers.prev = &tk_k.timers;
#if TK_CONFIG_TICK_EXPIRIES
    tk_k.carry.next = tk_k.carry.prev = &tk_k.carry;
#endif
#endif
    /* The idle thread is never in a ready list: tk__highest() falls back to it.  (Its stack's
     * size is a variable, not a constant: GCC folds a weak constant's own initialiser into
     * its uses.) */
    tk__thread_setup(&tk_idle, "idle", tk_idle_main, NULL, tk_idle_stack, tk_idle_stack_bytes,
                     TK_PRIO_COUNT);
#if TK_CONFIG_IRQ
    tk__irq_table_init();
#endif
    /* Faults from here on are reported (main's included). */
    __asm__ volatile("csrw mtvec, %0" : : "r"((uintptr_t)tk_port_trap_entry));
    tk_port_irq_unlock(s);
    return TK_OK;
}

void tk_start(void)
{
    if (!tk__initialised())
        tk_init();
    (void)tk_port_irq_lock();
    tk_port_timer_start();
#if TK_CONFIG_TIMERS
    /* Timers armed before the start (alarms) count from tick 0. */
    tk_tick_t first = TK_TICK_MAX_SLEEP;
    if (tk_k.slicers)
        first = 1;
    if (tk_k.timers.next != &tk_k.timers && (int32_t)(tk_k.timers.next->expiry - first) < 0)
        first = tk_k.timers.next->expiry;
    tk_k.next_event = first;
    tk_port_timer_set(first);
#endif
    tk_k.sched_lock = 0;
    tk_k.started = 1;
    struct tk_thread *next = tk__highest();
    tk_k.current = next;
    tk_port_start(next); /* the thread entry enables interrupts */
}

#if TK_CONFIG_IRQ /* tempo.h: else no interrupt ends */
/* At the end of every interrupt: one switch, if the handler made a higher thread ready (or
 * rotated a time slice).  Runs on the interrupted thread's stack, under its trap frame.  The
 * port's trap exit decides the common cases itself (port/riscv/switch.S ISR_EXIT) and calls
 * this for the others.  Returns the interrupted thread when it is to be switched away from,
 * its stack checked and the thread to run made current, or NULL; the switch is the port's,
 * after the return: the interrupted thread's callee-saved registers are saved as they are
 * then, which a C function (this one) may use before, restoring them only on its return. */
struct tk_thread *tk__isr_exit(void)
{
    struct tk_thread *next = tk__isr_next(), *cur = tk_k.current;
    if (!next)
        return NULL;
    if (TK_UNLIKELY(!tk__stack_ok(cur)))
        tk_port_stack_fault(cur);
    tk_k.current = next;
    return cur;
}

#ifdef TK_IRQ_DIRECT_EXTERNAL
/* The end of a direct handler (tempo.h): the interrupt exit's policy, with the switch done
 * here, inside the handler, which continues when the interrupted thread is resumed.  Not in
 * a thread (interrupts enabled: nothing to do, a thread's own calls switch) nor (nesting)
 * inside a handler the direct one preempted, whose exit switches.  The policy is
 * tk__isr_next's, written out: the interrupted thread is running, so it is ready, and the
 * ready map is empty only when the idle thread was interrupted and the handler made no
 * thread ready, which returns at once (tk__isr_next's test of its result and the compare
 * that would follow tk__highest's empty-map case are not compiled: no case takes them). */
void tk_irq_direct_end(void)
{
    unsigned long mstatus;
    __asm__ volatile("csrr %0, mstatus" : "=r"(mstatus));
    if (TK_UNLIKELY(mstatus & TK_MIE))
        return;
#if TK_IRQ_NESTING
    if (tk_k.irq_nest)
        return;
#endif
    if (!tk__any_ready())
        return;
    struct tk_thread *next = tk__highest(), *cur = tk_k.current;
    if (next != cur && !tk_k.sched_lock) {
        uintptr_t *g = cur->stack_guard, sp;
        __asm__ volatile("mv %0, sp" : "=r"(sp));
        if (TK_UNLIKELY(*g != (uintptr_t)g || sp - TK_DIRECT_SLOT - TK_SWITCH_FRAME <= (uintptr_t)g))
            tk_port_stack_fault(cur);
        tk_k.current = next;
        tk_port_switch_direct(cur, next);
    }
}
#endif
#endif

int tk_sched_lock(void)
{
    unsigned long s = tk_port_irq_lock();
    int rc = TK_OK;
    if (!tk__thread_ctx(s) || !tk_k.started)
        rc = TK_EISR;
    else if (tk_k.sched_lock == 255)
        rc = TK_EOVERFLOW;
    else
        tk_k.sched_lock++;
    tk_port_irq_unlock(s);
    return rc;
}

int tk_sched_unlock(void)
{
    unsigned long s = tk_port_irq_lock();
    int rc = TK_OK;
    if (!tk__thread_ctx(s) || !tk_k.started)
        rc = TK_EISR;
    else if (tk_k.sched_lock == 0)
        rc = TK_ESTATE;
    else if (--tk_k.sched_lock == 0)
        return tk__reschedule_return(s, TK_OK);
    tk_port_irq_unlock(s);
    return rc;
}

tk_tick_t tk_tick_get(void)
{
    return tk__initialised() && tk_k.started ? tk_port_ticks() : 0;
}
