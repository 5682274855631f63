/* Faults: synchronous exceptions, stack overflows, unhandled interrupts, and their report.
 *
 * Every fault is handled on the kernel's own exception stack, never on the faulting thread's:
 * that stack may be the fault (an overflow whose frame save would fault again, for ever).  On
 * a core without memory protection an overflow tramples whatever lies below the stack before
 * it is found; below the first data of a RAM-only image (virt) that is the tail of the
 * constants, so the report's text is kept with the code (tk_texts), not there, and a thread's
 * name is a copy in its control block. */
#include "kernel.h"

uintptr_t tk_exc_stack[TK_FAULT_STACK_BYTES / sizeof(uintptr_t)] __attribute__((aligned(16)));
_Static_assert(sizeof tk_exc_stack == TK_EXC_STACK_WORDS * TK_R, "offsets.h");

volatile int tk__in_fatal; /* a fault inside the handler: give up */
/* The program's fault handler (fatal.c): weak, so a program that never calls
 * tk_set_fatal_handler links none of it (nor the termination of a thread it allows). */
void tk__fatal_handler(const struct tk_fault *f) __attribute__((weak));

/* Everything here is cold: TK_COLD (kernel.h) also makes GCC optimise it for size. */
static TK_COLD void tk_puts(const char *s)
{
    while (*s)
        tk_port_putc(*s++);
}

static TK_COLD void tk_put_hex(uintptr_t v)
{
    tk_port_putc('0');
    tk_port_putc('x');
    for (int shift = (int)(8 * sizeof v) - 4; shift >= 0; shift -= 4) {
        unsigned d = (unsigned)(v >> shift) & 15u;
        tk_port_putc((char)(d < 10 ? '0' + d : 'a' + d - 10));
    }
}

#if TK_CONFIG_FAULT_TEXT
/* A priority (at most TK_PRIO_COUNT: two digits) in decimal.  Not the board's 64-bit print:
 * on RV32 its division is libgcc's __udivdi3 and __umoddi3 (2 KB of code). */
_Static_assert(TK_PRIO_COUNT < 100, "two digits");
static TK_COLD void tk_put_prio(unsigned v)
{
    if (v >= 10)
        tk_port_putc((char)('0' + v / 10));
    tk_port_putc((char)('0' + v % 10));
}

/* All of the report's text, NUL-separated, in one block with the code (.text): the names of
 * the exception causes (mcause 0-15, privileged spec) and of the interrupts (0-11), then the
 * words of the report.  One block, padded to 8 bytes: data in a code section must not leave
 * the next code misaligned. */
#define TK_TEXTS                                                                            \
    "instruction address misaligned\0instruction access fault\0illegal instruction\0"     \
    "breakpoint\0load address misaligned\0load access fault\0store address misaligned\0"  \
    "store access fault\0environment call from U-mode\0environment call from S-mode\0"     \
    "exception 10\0environment call from M-mode\0instruction page fault\0load page fault\0" \
    "exception 14\0store page fault\0"                                                     \
    "interrupt 0\0interrupt 1\0interrupt 2\0machine software interrupt\0interrupt 4\0"    \
    "interrupt 5\0interrupt 6\0machine timer interrupt\0interrupt 8\0interrupt 9\0"      \
    "interrupt 10\0machine external interrupt\0"                                           \
    "tempo: fatal: \0 in \0thread \0main\0: pc \0 at pc \0, mtval \0, sp \0"              \
    "stack overflow\0: sp \0, stack from \0 (\0)\0unknown fault\0"                        \
    "deadlock: no thread can run again (no timer armed, no interrupt enabled)\0tempo:   \0"    \
    " (priority \0) \0is suspended\0waits for mutex \0 held by \0waits for mail\0"            \
    "waits for semaphore \0waits for event flags \0waits to receive from message queue \0"    \
    "waits to receive from blocking queue \0waits to send to blocking queue \0waits on \0"
enum {
    T_EXC = 0,   /* + mcause, 0..15 */
    T_IRQ = 16,  /* + interrupt code, 0..11 */
    T_FATAL = 28, T_IN, T_THREAD, T_MAIN, T_PC, T_AT_PC, T_TVAL, T_SP, T_OVERFLOW, T_SP_FIRST,
    T_LIMIT, T_OPEN, T_CLOSE, T_UNKNOWN, T_DEADLOCK, T_INDENT, T_PRIO, T_PRIO_END,
    T_SUSPENDED, T_MUTEX, T_HELD_BY, T_MAIL, T_SEM, T_EVENT, T_MSGQ, T_BMQ_RECV, T_BMQ_SEND,
    T_OBJECT
};
static const char tk_texts[(sizeof TK_TEXTS + 7) & ~7u]
    __attribute__((aligned(8), section(".text.tk_fault_text"))) = TK_TEXTS;

/* Text n of tk_texts. */
static TK_COLD void tk_put_text(uintptr_t n)
{
    const char *s = tk_texts;
    while (n--)
        while (*s++)
            ;
    tk_puts(s);
}

/* The cause of an exception or interrupt in words. */
static TK_COLD void tk_put_cause(uintptr_t cause)
{
    uintptr_t code = cause & ~((uintptr_t)1 << (8 * sizeof cause - 1));
    if ((intptr_t)cause < 0 && code <= 11)
        tk_put_text(T_IRQ + code);
    else if ((intptr_t)cause >= 0 && code <= 15)
        tk_put_text(T_EXC + code);
    else
        tk_put_hex(cause);
}

static TK_COLD void tk_put_thread(const struct tk_thread *t)
{
    if (!t) {
        tk_put_text(T_MAIN);
        return;
    }
    tk_put_text(T_THREAD);
    if (t->name[0])
        tk_puts(t->name);
    else
        tk_put_hex((uintptr_t)t);
}

/* What a waiting thread waits for.  A wait queue is known by the magic word of the object it
 * is in (it may be any of them: this is a diagnostic). */
#define TK_IN(q, type, member) ((const type *)((const char *)(q) - offsetof(type, member)))
static TK_COLD void tk_put_wait(const struct tk_thread *t)
{
    const struct tk_waitq *q = t->waitq;
    uintptr_t what = T_OBJECT;
    if (t->state == TK_STATE_SUSPENDED) {
        tk_put_text(T_SUSPENDED);
        return;
    }
    if (t->wait_mutex) {
        tk_put_text(T_MUTEX);
        tk_put_hex((uintptr_t)t->wait_mutex);
        tk_put_text(T_HELD_BY);
        tk_put_thread(t->wait_mutex->owner);
        return;
    }
    if (!q) {
        tk_put_text(T_MAIL);
        return;
    }
    if (TK_IN(q, struct tk_sem, waiters)->magic == TK_MAGIC_SEM)
        what = T_SEM;
    else if (TK_IN(q, struct tk_event, waiters)->magic == TK_MAGIC_EVENT)
        what = T_EVENT;
    else if (TK_IN(q, struct tk_msgq, receivers)->magic == TK_MAGIC_MSGQ)
        what = T_MSGQ;
    else if (TK_IN(q, struct tk_bmq, receivers)->magic == TK_MAGIC_BMQ)
        what = T_BMQ_RECV;
    else if (TK_IN(q, struct tk_bmq, senders)->magic == TK_MAGIC_BMQ)
        what = T_BMQ_SEND;
    tk_put_text(what);
    tk_put_hex((uintptr_t)q);
}

/* The deadlock report: every thread that waits, and for what. */
static TK_COLD void tk_put_waiting(void)
{
    tk_put_text(T_DEADLOCK);
    for (const struct tk_thread *t = tk_k.threads; t; t = t->all_next) {
        if (t->state != TK_STATE_BLOCKED && t->state != TK_STATE_SUSPENDED)
            continue;
        tk_port_putc('\n');
        tk_put_text(T_INDENT);
        tk_put_thread(t);
        tk_put_text(T_PRIO);
        tk_put_prio(t->prio);
        tk_put_text(T_PRIO_END);
        tk_put_wait(t);
    }
}

/* No switch statement here: its jump table would sit with the constants. */
TK_COLD void tk_fault_report(const struct tk_fault *f)
{
    tk_put_text(T_FATAL);
    if (f->reason == TK_FATAL_STACK) {
        /* stack overflow in thread t: sp X, stack from G[ (cause at pc P, mtval V)] */
        tk_put_text(T_OVERFLOW);
        tk_put_text(T_IN);
        tk_put_thread(f->thread);
        tk_put_text(T_SP_FIRST);
        tk_put_hex(f->sp);
        if (f->thread) {
            tk_put_text(T_LIMIT);
            tk_put_hex((uintptr_t)f->thread->stack_guard);
        }
        if (f->pc) { /* found by the exception it caused */
            tk_put_text(T_OPEN);
            tk_put_cause(f->cause);
            tk_put_text(T_AT_PC);
            tk_put_hex(f->pc);
            tk_put_text(T_TVAL);
            tk_put_hex(f->tval);
            tk_put_text(T_CLOSE);
        }
    } else if (f->reason == TK_FATAL_EXCEPTION || f->reason == TK_FATAL_IRQ) {
        /* cause in thread t: pc P, mtval V, sp X */
        tk_put_cause(f->cause);
        tk_put_text(T_IN);
        tk_put_thread(f->thread);
        tk_put_text(T_PC);
        tk_put_hex(f->pc);
        tk_put_text(T_TVAL);
        tk_put_hex(f->tval);
        tk_put_text(T_SP);
        tk_put_hex(f->sp);
    } else if (f->reason == TK_FATAL_DEADLOCK && tk__initialised()) {
        tk_put_waiting();
    } else {
        tk_put_text(T_UNKNOWN);
    }
    tk_port_putc('\n');
}
#else /* TK_CONFIG_FAULT_TEXT 0 (tempo.h): one line of numbers */
static const char tk_texts[16] __attribute__((aligned(8), section(".text.tk_fault_text"))) =
    "tempo: fatal";

/* "tempo: fatal R C T P V S": reason, mcause, thread, pc, mtval, sp, in hex. */
TK_COLD void tk_fault_report(const struct tk_fault *f)
{
    const uintptr_t v[] = {(uintptr_t)f->reason, f->cause, (uintptr_t)f->thread, f->pc,
                           f->tval, f->sp};
    tk_puts(tk_texts);
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        tk_port_putc(' ');
        tk_put_hex(v[i]);
    }
    tk_port_putc('\n');
}
#endif

/* A fault, with the fields of its struct tk_fault: handed to the program's fault handler, if
 * it installed one (fatal.c), else reported, and the run ends with 100 + reason.  Does not
 * return: after a handler that returned from a stack overflow of a thread, fatal.c
 * terminates the thread.  One routine taking the fields as arguments: each kind of fault
 * below only passes them on. */
static TK_COLD __attribute__((noreturn)) void tk_fatal(int reason, struct tk_thread *t,
                                                       uintptr_t cause, uintptr_t pc,
                                                       uintptr_t tval, uintptr_t sp)
{
    struct tk_fault f = {reason, t, cause, pc, tval, sp};
    if (tk__in_fatal)
        tk_port_exit(100 + TK_FATAL_EXCEPTION); /* a fault while handling one */
    tk__in_fatal = 1;
    if (tk__fatal_handler)
        tk__fatal_handler(&f); /* returns only if no handler is installed */
    tk_fault_report(&f);
    tk_port_exit(100 + reason);
}

/* t's stack overflowed, found as it was switched away from (tk__switch_return,
 * tk__isr_exit, the assembly fast paths); sp is its stack pointer.  On the exception stack
 * (tk_port_stack_fault). */
TK_COLD void tk__stack_overflow(struct tk_thread *t, uintptr_t sp)
{
    tk_fatal(TK_FATAL_STACK, t, 0, 0, (uintptr_t)t->stack_guard, sp);
}

/* The thread a fault interrupted: NULL before tk_start() (main). */
TK_INLINE struct tk_thread *tk_faulting_thread(void)
{
    return tk__initialised() && tk_k.started ? tk_k.current : NULL;
}

/* A synchronous exception (switch.S: on the exception stack, the faulting code never
 * resumes).  The running thread's stack pointer at or below its guard word, or the guard
 * overwritten, makes it a stack overflow. */
TK_COLD void tk__exception(uintptr_t cause, uintptr_t pc, uintptr_t tval, uintptr_t sp)
{
    struct tk_thread *t = tk_faulting_thread();
    int reason = TK_FATAL_EXCEPTION;
    if (t && (*t->stack_guard != (uintptr_t)t->stack_guard || sp <= (uintptr_t)t->stack_guard))
        reason = TK_FATAL_STACK;
    tk_fatal(reason, t, cause, pc, tval, sp);
}

/* An interrupt with no handler: reported; a handler may not return from it. */
TK_COLD void tk__fatal_irq(uintptr_t cause, uintptr_t pc)
{
    uintptr_t sp;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    tk_fatal(TK_FATAL_IRQ, tk_faulting_thread(), cause, pc, 0, sp);
}

/* No thread can ever run again (sched.c: the idle thread found it, and calls this on the
 * exception stack): reported once, then the run ends with 100 + TK_FATAL_DEADLOCK. */
TK_COLD void tk__deadlock(void)
{
    tk_fatal(TK_FATAL_DEADLOCK, NULL, 0, 0, 0, 0);
}
