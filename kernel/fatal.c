/* The program's fault handler (tk_set_fatal_handler) and what it may ask for: the termination
 * of a thread whose stack overflowed.  Apart from fault.c, which reaches it through a weak
 * reference: a program that installs no handler links none of this. */
#include "kernel.h"

static void (*tk_fatal_fn)(const struct tk_fault *f); /* may be set before tk_init() */

void tk_set_fatal_handler(void (*fn)(const struct tk_fault *f))
{
    tk_fatal_fn = fn;
}

/* Terminate t, whose stack is not trustworthy (nothing of its context is saved), and run the
 * next thread: leaves the exception stack for good. */
static TK_COLD __attribute__((noreturn)) void tk_kill(struct tk_thread *t)
{
    (void)tk_port_irq_lock();
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
#if TK_CONFIG_TIMERS
    if (t->timeout.next)
        tk__timer_remove(&t->timeout);
#endif
    if (t->slice)
        tk_k.slicers--;
    t->state = TK_STATE_EXITED;
    t->waitq = NULL;
    /* a mailbox wait has no queue: the flag is the wait (a send would wake the thread) */
    t->flags &= (uint8_t)~TK_TF_WAIT_MAIL;
    tk_k.sched_lock = 0; /* the lock it may have held ends with it (as tk_thread_exit) */
    *t->stack_guard = (uintptr_t)t->stack_guard;
    struct tk_thread *next = tk__highest();
    tk_k.current = next;
    tk_port_start(next);
}

/* Hand f to the installed handler (fault.c: tk__fault), or, when none is installed, report
 * it and return.  After the handler, ends the run with 100 + reason, or, when it returned
 * from a stack overflow of a thread, terminates that thread and goes on scheduling. */
TK_COLD void tk__fatal_handler(const struct tk_fault *f)
{
    if (!tk_fatal_fn) {
        tk_fault_report(f);
        return;
    }
    tk_fatal_fn(f);
    if (f->reason != TK_FATAL_STACK || !f->thread || f->thread == &tk_idle)
        tk_port_exit(100 + f->reason);
    tk__in_fatal = 0;
    tk_kill(f->thread);
}
