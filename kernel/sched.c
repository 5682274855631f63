/* Scheduler: kernel state, start-up, the idle thread, interrupt-exit switching, scheduler
 * lock, faults. */
#include "kernel.h"
#include "bsp.h"

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
static uintptr_t tk_idle_stack[128];


/* The idle thread: runs when no thread is ready and sleeps with WFI; the CLINT compare is
 * programmed for the next timer event only (tickless), so it sleeps until that event or a
 * device interrupt. */
static void tk_idle_main(void *arg)
{
    (void)arg;
    for (;;)
        __asm__ volatile("wfi");
}

int tk_init(void)
{
    unsigned long s = tk_port_irq_lock();
    __asm__ volatile("mv tp, %0" : : "r"(&tk_kernel_state) : "memory");
    tk_k.current = &tk_idle; /* never NULL: calls before tk_start see the idle thread */
    tk_k.ready_map = 0;
    tk_k.sched_lock = 0;
    tk_k.started = 0;
    tk_k.slicers = 0;
    for (unsigned p = 0; p < TK_PRIO_COUNT; p++) {
        tk_k.ready[p] = NULL;
        tk_k.debruijn[p] = tk_debruijn32[p];
    }
    tk_k.timers.next = tk_k.timers.prev = &tk_k.timers;
    /* The idle thread is never in a ready list: tk__highest() falls back to it. */
    struct tk_thread *t = &tk_idle;
    t->stack_guard = &tk_idle_stack[0];
    tk_idle_stack[0] = (uintptr_t)&tk_idle_stack[0];
    t->sp = tk_port_stack_init((uintptr_t)&tk_idle_stack[128] & ~(uintptr_t)15, tk_idle_main, 0);
    t->name = "idle";
    t->magic = TK_MAGIC_THREAD;
    t->base_prio = TK_PRIO_COUNT;
    tk__set_prio(t, TK_PRIO_COUNT);
    t->state = TK_STATE_READY;
    t->timeout.next = NULL;
    t->timeout.expire = tk__thread_timeout;
    t->held = NULL;
    tk_port_irq_unlock(s & TK_MIE);
    return TK_OK;
}

void tk_start(void)
{
    (void)tk_port_irq_lock();
    __asm__ volatile("csrw mtvec, %0" : : "r"((uintptr_t)tk_port_trap_entry));
    tk_port_timer_start();
    /* Timers armed before the start (alarms) count from tick 0. */
    tk_tick_t first = TK_TICK_MAX_SLEEP;
    if (tk_k.slicers)
        first = 1;
    if (tk_k.timers.next != &tk_k.timers && (int32_t)(tk_k.timers.next->expiry - first) < 0)
        first = tk_k.timers.next->expiry;
    tk_k.next_event = first;
    tk_port_timer_set(first);
    tk_k.started = 1;
    struct tk_thread *next = tk__highest();
    tk_k.current = next;
    tk_port_start(next); /* the thread entry enables interrupts */
}

/* At the end of every interrupt: one switch, if the handler made a higher thread ready (or
 * rotated a time slice).  Runs on the interrupted thread's stack, under its trap frame. */
void tk__isr_exit(void)
{
    struct tk_thread *next = tk__highest();
    struct tk_thread *cur = tk_k.current;
    if (next != cur && !tk_k.sched_lock) {
        if (TK_UNLIKELY(!tk__stack_ok(cur)))
            tk__stack_overflow(cur);
        tk_k.current = next;
        tk_port_switch_isr(cur, next);
    }
}

int tk_sched_lock(void)
{
    unsigned long s = tk_port_irq_lock();
    int rc = TK_OK;
    if (!(s & TK_MIE) || !tk_k.started)
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
    if (!(s & TK_MIE) || !tk_k.started)
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
    return tk_k.started ? tk_port_ticks() : 0;
}

/* ---- faults ---- */
static void tk_fatal_default(int reason, struct tk_thread *t, uintptr_t detail)
{
    static const char *const what[] = {"?", "stack overflow", "exception", "unhandled irq"};
    board_puts("tempo: fatal: ");
    board_puts(what[reason >= 1 && reason <= 3 ? reason : 0]);
    board_puts(" in thread ");
    board_puts(t && t->name ? t->name : "?");
    board_puts(", detail ");
    board_put_uint(detail);
    if (reason == TK_FATAL_EXCEPTION) {
        uintptr_t mepc;
        __asm__ volatile("csrr %0, mepc" : "=r"(mepc));
        board_puts(", mepc ");
        board_put_uint(mepc);
    }
    board_putc('\n');
    board_exit(100 + reason);
}

void tk_set_fatal_handler(void (*fn)(int reason, struct tk_thread *t, uintptr_t detail))
{
    tk_k.fatal = fn;
}

void tk__fatal(int reason, struct tk_thread *t, uintptr_t detail)
{
    if (tk_k.fatal)
        tk_k.fatal(reason, t, detail);
    else
        tk_fatal_default(reason, t, detail);
    if (reason != TK_FATAL_STACK)
        board_exit(100 + reason);
}

/* The guard word of `t` (the outgoing thread) was overwritten: report it, terminate t
 * without saving its context (its stack is not trustworthy) and run the next thread. */
void tk__stack_overflow(struct tk_thread *t)
{
    tk__fatal(TK_FATAL_STACK, t, (uintptr_t)t->stack_guard);
    if (t == &tk_idle)
        board_exit(100 + TK_FATAL_STACK);
    if (t->state == TK_STATE_READY)
        tk__ready_remove(t);
    else if (t->waitq)
        tk__list_remove(&t->waitq->head, t);
    if (t->wait_mutex) {
        /* it waited for a mutex: its owner no longer inherits its priority (as on a
         * timeout, kernel/timer.c) */
        struct tk_mutex *m = t->wait_mutex;
        t->wait_mutex = NULL;
        tk__mutex_waiter_left(m);
    }
    if (t->timeout.next)
        tk__timer_remove(&t->timeout);
    if (t->slice)
        tk_k.slicers--;
    t->state = TK_STATE_EXITED;
    t->waitq = NULL;
    *t->stack_guard = (uintptr_t)t->stack_guard;
    struct tk_thread *next = tk__highest();
    tk_k.current = next;
    tk_port_start(next);
}
