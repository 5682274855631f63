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

volatile int tk__in_fatal; /* a fault inside the handler: give up */

/* Everything here is cold: TK_COLD (kbase.h) also makes GCC optimise it for size. */
/* v (a variable, shifted out) in hex, every digit (the width of the word), the highest
 * first. */
#define TK_PUT_HEX(v)                                                                         \
    for (unsigned n = 2 * sizeof(uintptr_t); n--; v <<= 4) {                                  \
        unsigned d = (unsigned)((v) >> (8 * sizeof(uintptr_t) - 4));                           \
        tk_port_putc((char)(d < 10 ? '0' + d : 'a' + d - 10));                                \
    }

#if TK_CONFIG_FAULT_TEXT
static TK_COLD void tk_puts(const char *s)
{
    while (*s)
        tk_port_putc(*s++);
}

static TK_COLD void tk_put_hex(uintptr_t v)
{
    tk_port_putc('0');
    tk_port_putc('x');
    TK_PUT_HEX(v)
}

/* A priority (at most TK_PRIO_COUNT: two digits) in decimal.  Not the board's 64-bit print:
 * on RV32 its division is libgcc's __udivdi3 and __umoddi3 (2 KB of code). */
_Static_assert(TK_PRIO_COUNT < 100, "two digits");
static TK_COLD void tk_put_prio(unsigned v)
{
    if (v >= 10)
        tk_port_putc((char)('0' + v / 10));
    tk_port_putc((char)('0' + v % 10));
}

/* All of the report's text, in one block with the code (.text): NUL-separated entries, each
 * said by one loop (tk_say), in which a byte 0x80 + n says entry n (the words said more than
 * once, first: W_*) and a byte below 0x20 a value of the report (F_*).  After the words, the
 * names of the exception causes (mcause 0-15, privileged spec) and of the interrupts (0-11),
 * then the report's lines.  One block, padded to 8 bytes: data in a code section must not
 * leave the next code misaligned. */
/* The words: entries 0 to T_WORDS - 1, in this order. */
#define W_INSN    "\x80"
#define W_ADDR    "\x81"
#define W_ACCESS  "\x82"
#define W_PAGE    "\x83"
#define W_ECALL   "\x84"
#define W_IRQ     "\x85"
#define W_MACHINE "\x86"
#define W_EXC     "\x87"
#define W_WAITS   "\x88"
#define W_FOR     "\x89"
#define W_TO      "\x8a"
#define W_FROM    "\x8b"
#define W_BMQ     "\x8c"
#define W_MTVAL   "\x8d"
#define W_TEMPO   "\x8e"
/* The values (tk_say's v[]): a byte 0x08 + i says v[i] in hex, 0x10 + i as a thread, 0x18 + i
 * as a cause, i (> 0) in decimal.  A fault's: v[0] cause, v[1] thread, v[2] pc, v[3] mtval,
 * v[4] sp, v[5] the stack's guard; a waiting thread's: v[0] what it waits on, v[1] the thread,
 * v[2] its priority, v[3] the owner of the mutex it waits for. */
#define F_CAUSE  "\x18"
#define F_THREAD "\x11"
#define F_PC     "\x0a"
#define F_TVAL   "\x0b"
#define F_SP     "\x0c"
#define F_GUARD  "\x0d"
#define F_OBJECT "\x08"
#define F_OWNER  "\x13"
#define F_PRIO   "\x02"
#define TK_TEXTS                                                                              \
    "instruction\0 address misaligned\0 access fault\0 page fault\0environment call from \0"   \
    "interrupt\0machine \0exception \0waits \0" W_WAITS "for \0" W_WAITS "to \0"             \
    "receive from \0blocking queue \0, mtval \0tempo:\0"                                     \
    W_INSN W_ADDR "\0" W_INSN W_ACCESS "\0illegal " W_INSN "\0breakpoint\0"                  \
    "load" W_ADDR "\0load" W_ACCESS "\0store" W_ADDR "\0store" W_ACCESS "\0"                 \
    W_ECALL "U-mode\0" W_ECALL "S-mode\0" W_EXC "10\0" W_ECALL "M-mode\0"                      \
    W_INSN W_PAGE "\0load" W_PAGE "\0" W_EXC "14\0store" W_PAGE "\0"                           \
    W_IRQ " 0\0" W_IRQ " 1\0" W_IRQ " 2\0" W_MACHINE "software " W_IRQ "\0" W_IRQ " 4\0"      \
    W_IRQ " 5\0" W_IRQ " 6\0" W_MACHINE "timer " W_IRQ "\0" W_IRQ " 8\0" W_IRQ " 9\0"         \
    W_IRQ " 10\0" W_MACHINE "external " W_IRQ "\0"                                            \
    W_TEMPO " fatal: \0main\0thread \0"                                                       \
    "stack overflow in " F_THREAD ": sp " F_SP "\0, stack from " F_GUARD "\0"                 \
    " (" F_CAUSE " at pc " F_PC W_MTVAL F_TVAL ")\0"                                           \
    F_CAUSE " in " F_THREAD ": pc " F_PC W_MTVAL F_TVAL ", sp " F_SP "\0unknown fault\0"      \
    "deadlock: no thread can run again (no timer armed, no " W_IRQ " enabled)\0"              \
    W_TEMPO "   " F_THREAD " (priority " F_PRIO ") \0is suspended\0"                           \
    W_FOR "mutex " F_OBJECT " held by " F_OWNER "\0" W_FOR "mail\0"                            \
    W_FOR "semaphore " F_OBJECT "\0" W_FOR "event flags " F_OBJECT "\0"                       \
    W_TO W_FROM "message queue " F_OBJECT "\0" W_TO W_FROM W_BMQ F_OBJECT "\0"                \
    W_TO "send to " W_BMQ F_OBJECT "\0" W_WAITS "on " F_OBJECT "\0"
enum {
    T_WORDS = 15, /* W_* */
    T_EXC = T_WORDS, /* + mcause, 0..15 */
    T_IRQ = T_EXC + 16, /* + interrupt code, 0..11 */
    T_FATAL = T_IRQ + 12, T_MAIN, T_THREAD, T_OVERFLOW, T_GUARD, T_FOUND, T_CAUSE, T_UNKNOWN,
    T_DEADLOCK, T_WAITING, T_SUSPENDED, T_MUTEX, T_MAIL, T_SEM, T_EVENT, T_MSGQ, T_BMQ_RECV,
    T_BMQ_SEND, T_OBJECT
};
static const char tk_texts[(sizeof TK_TEXTS + 7) & ~7u]
    __attribute__((aligned(8), section(".text.tk_fault_text"))) = TK_TEXTS;

/* Entry n of tk_texts, with the values v[] it names.  Cold, as all here: built for size. */
static TK_COLD void tk_say(uintptr_t n, const uintptr_t *v)
{
    const unsigned char *s = (const unsigned char *)tk_texts;
    while (n--)
        while (*s++)
            ;
    for (unsigned c; (c = *s++) != 0;) {
        if (c >= 0x80) {
            tk_say(c - 0x80, v);
            continue;
        }
        if (c >= ' ') {
            tk_port_putc((char)c);
            continue;
        }
        uintptr_t x = v[c & 7], code = x << 1 >> 1;
        if (c >= 0x18) { /* a cause: its name, if it has one */
            if ((intptr_t)x < 0 ? code <= 11 : code <= 15) {
                tk_say(((intptr_t)x < 0 ? T_IRQ : T_EXC) + code, v);
                continue;
            }
        } else if (c >= 0x10) { /* a thread: main, or its name, else its address */
            const struct tk_thread *t = (const struct tk_thread *)x;
            tk_say(t ? T_THREAD : T_MAIN, v);
            if (!t)
                continue;
            if (t->name[0]) {
                tk_puts(t->name);
                continue;
            }
        } else if (c < 0x08) {
            tk_put_prio((unsigned)x);
            continue;
        }
        tk_put_hex(x);
    }
}

/* The objects a wait queue may be in, known by their magic words (the queue may be in any
 * of them: this is a diagnostic), in the order of their texts from T_SEM on. */
#define TK_WAITQ_IN(type, TYPE, q)                                                      \
    {TK_MAGIC_##TYPE >> 16,                                                              \
     (int16_t)((int)offsetof(struct tk_##type, magic) - (int)offsetof(struct tk_##type, q))}
static const int16_t tk_waitqs[5][2]
    __attribute__((aligned(4), section(".text.tk_fault_waitqs"))) = {
    TK_WAITQ_IN(sem, SEM, waiters), TK_WAITQ_IN(event, EVENT, waiters),
    TK_WAITQ_IN(msgq, MSGQ, receivers), TK_WAITQ_IN(bmq, BMQ, receivers),
    TK_WAITQ_IN(bmq, BMQ, senders)};

/* The deadlock report: every thread that waits, and for what. */
static TK_COLD void tk_put_waiting(void)
{
    uintptr_t v[4]; /* what it waits on, the thread, its priority, a mutex's owner */
    tk_say(T_DEADLOCK, NULL); /* no values */
    for (const struct tk_thread *t = tk_k.threads; t; t = t->all_next) {
        const char *q = (const char *)t->waitq;
        uintptr_t what = T_SEM;
        if (t->state != TK_STATE_BLOCKED && t->state != TK_STATE_SUSPENDED)
            continue;
        v[0] = (uintptr_t)q;
        v[1] = (uintptr_t)t;
        v[2] = t->prio;
        if (t->state == TK_STATE_SUSPENDED) {
            what = T_SUSPENDED;
        } else if (t->wait_mutex) {
            what = T_MUTEX;
            v[0] = (uintptr_t)t->wait_mutex;
            v[3] = (uintptr_t)t->wait_mutex->owner;
        } else if (!q) {
            what = T_MAIL;
        } else {
            while (what < T_OBJECT && *(const uint32_t *)(q + tk_waitqs[what - T_SEM][1]) !=
                                          (uint32_t)tk_waitqs[what - T_SEM][0] << 16)
                what++;
        }
        tk_port_putc('\n');
        tk_say(T_WAITING, v);
        tk_say(what, v);
    }
}

/* No switch statement here: its jump table would sit with the constants. */
TK_COLD void tk_fault_report(const struct tk_fault *f)
{
    const uintptr_t v[6] = {f->cause, (uintptr_t)f->thread, f->pc, f->tval, f->sp,
                            f->thread ? (uintptr_t)f->thread->stack_guard : 0};
    tk_say(T_FATAL, v);
    if (f->reason == TK_FATAL_STACK) {
        /* stack overflow in thread t: sp X[, stack from G][ (cause at pc P, mtval V)] */
        tk_say(T_OVERFLOW, v);
        if (f->thread)
            tk_say(T_GUARD, v);
        if (f->pc) /* found by the exception it caused */
            tk_say(T_FOUND, v);
    } else if (f->reason == TK_FATAL_EXCEPTION || f->reason == TK_FATAL_IRQ) {
        tk_say(T_CAUSE, v); /* cause in thread t: pc P, mtval V, sp X */
    } else if (f->reason == TK_FATAL_DEADLOCK && tk__initialised()) {
        tk_put_waiting();
    } else {
        tk_say(T_UNKNOWN, v);
    }
    tk_port_putc('\n');
}
#else /* TK_CONFIG_FAULT_TEXT 0 (tempo.h): one line of numbers */
/* The line's head, its last 3 bytes the text before each further value: with the code (as
 * tk_texts above; 16 bytes, the next code stays aligned). */
static const char tk_texts[16] __attribute__((aligned(4), section(".text.tk_fault_text"))) =
    "tempo: fatal 0x";

/* "tempo: fatal R T C P V S": the fields of f in their order (tempo.h), in hex: the reason
 * (an int, not a word at RV64), then the words that follow it.  One function, each value's
 * text and digits in one loop: the smallest code. */
TK_COLD void tk_fault_report(const struct tk_fault *f)
{
    uintptr_t v = (uintptr_t)f->reason;
    const char *s = tk_texts;
    for (const uintptr_t *p = (const uintptr_t *)&f->thread;; v = *p++) {
        while (*s)
            tk_port_putc(*s++);
        TK_PUT_HEX(v)
        if (p == &f->sp + 1)
            break;
        s -= 3; /* at the head's end: its last 3 bytes again */
    }
    tk_port_putc('\n');
}
#endif

/* The program's fault handler (fatal.c), else the report: a program that never calls
 * tk_set_fatal_handler links none of fatal.c (nor the termination of a thread it allows), and
 * tk__fault calls the report in its place, with no test. */
TK_COLD void tk__fatal_handler(const struct tk_fault *f)
    __attribute__((weak, alias("tk_fault_report")));

/* A fault, with the fields of its struct tk_fault, on the exception stack: the port's entries
 * (switch.S: tk_port_exception, tk_port_stack_fault, tk_port_deadlock) find the thread and the
 * reason and come here, as tk_port_irq_fault does.  Handed to the program's fault handler
 * (fatal.c), which reports it itself when the program installed none, or, when the program
 * never calls tk_set_fatal_handler, to the report alone (the weak alias above); then the run
 * ends with 100 + reason.  After a handler that returned from a stack overflow of a thread,
 * fatal.c terminates the thread instead. */
TK_COLD void tk__fault(struct tk_thread *t, uintptr_t cause, uintptr_t pc, uintptr_t tval,
                       uintptr_t sp, int reason)
{
    struct tk_fault f = {reason, t, cause, pc, tval, sp};
    if (tk__in_fatal)
        tk_port_exit(100 + TK_FATAL_EXCEPTION); /* a fault while handling one */
    tk__in_fatal = 1;
    tk__fatal_handler(&f);
    tk_port_exit(100 + reason);
}

