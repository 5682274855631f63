/* Nested interrupts (the kernel built with TK_IRQ_NESTING=1, kernel/kernel.mk "nest"
 * images; tempo-sim only: the external interrupt is the simulator-control device's).
 * The software interrupt and the external one at different priorities: the more urgent
 * handler runs inside the other one (nesting depth 2); equal or lower priority waits for
 * the running handler's end; kernel objects posted from both levels stay consistent; a switch
 * the inner handler makes necessary happens once, at the outermost exit; a blocking call from
 * a nested handler is refused, and so are the thread-only calls whose assembly fast paths
 * (port/riscv/switch.S) must see a handler although interrupts are enabled in it: tk_yield and
 * a self-suspend return TK_EISR, a resume from a handler switches only at the outermost exit.
 * An unhandled interrupt taken inside a handler is reported with its own mcause.  Then the latency of the external interrupt, alone and
 * arriving while a lower-priority handler runs, read at the handler's first statement. */
#include "ktest.h"

#if !TK_IRQ_NESTING
#error "nest.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif

/* How long a handler waits for the other one, in loop iterations (the external interrupt is
 * armed IRQ_DELAY cycles ahead: a few hundred cycles in all). */
#define WAIT_ITERS 400
#define IRQ_DELAY  40
/* Latency rounds, and the most a nested interrupt may take beyond an interrupt alone
 * (cycles: the entry is the same; the budget covers the branch counter's state). */
#define LAT_ROUNDS   16
#define NESTED_SLACK 20

static struct tk_thread main_t, waker_t, res_t;
KT_STACK(main_stack);
KT_STACK(waker_stack);
KT_STACK(res_stack);
static volatile int inner_yield_rc, inner_suspend_rc, inner_resume_rc, low_yield_rc, res_ran;
static struct tk_sem sem;
static struct tk_msgq q;
static uint32_t q_buf[4];

enum mode { M_PLAIN, M_POST, M_LAT };
static volatile enum mode mode;
static volatile int ext_seen, sw_seen, low_active;
static volatile unsigned depth_ext, depth_sw, depth_low_after;
static volatile int ext_inside_low, sw_inside_low, waker_ran, waker_base, outer_done;
static volatile int low_is_ext;               /* which source plays the low handler */
static volatile int inner_take_rc, inner_post_rc, outer_post_rc;
static volatile struct tk_thread *inner_self;
static volatile uintptr_t t_first, t_raise;

static inline uintptr_t cycles(void)
{
    return board_cycles();
}

static void irq_at(uint64_t cycle)
{
    KT_SIMCTL(SIMCTL_IRQ_AT + 4) = (uint32_t)(cycle >> 32);
    KT_SIMCTL(SIMCTL_IRQ_AT) = (uint32_t)cycle;
}

/* The work of the more urgent handler: seen, its depth, and in M_POST the inner posts. */
static void inner_work(volatile int *seen, volatile unsigned *depth, volatile int *inside)
{
    *depth = tk_irq_nesting();
    *inside = low_active;
    if (mode == M_POST) {
        uint32_t m = 1;
        inner_post_rc = tk_sem_post_from_isr(&sem); /* wakes waker: more urgent than main */
        (void)tk_msgq_send_from_isr(&q, &m);
        inner_take_rc = tk_sem_pend(&sem, 10);      /* blocking from a handler: refused */
        inner_self = tk_thread_self();              /* no switch inside a handler */
        /* thread-only calls: refused, or (resume) done without a switch inside the handler */
        inner_yield_rc = tk_yield();
        inner_suspend_rc = tk_thread_suspend(tk_thread_self());
        inner_resume_rc = tk_thread_resume(&res_t);
    }
    *seen = 1;
}

/* The low handler: arms (or raises) the other source, waits for it a bounded time. */
static void low_work(void)
{
    low_active = 1;
    if (low_is_ext)
        tk_irq_raise_software();
    else
        kt_irq_after(IRQ_DELAY);
    volatile int *other = low_is_ext ? &sw_seen : &ext_seen;
    for (volatile int i = 0; i < WAIT_ITERS && !*other; i++)
        ;
    depth_low_after = tk_irq_nesting();
    if (mode == M_POST) {
        uint32_t m = 2;
        low_yield_rc = tk_yield(); /* depth 1, interrupts enabled: still a handler */
        KT_EQ(waker_ran, waker_base); /* the inner exit did not switch */
        outer_post_rc = tk_sem_post_from_isr(&sem);
        (void)tk_msgq_send_from_isr(&q, &m);
        outer_done = 1;
    }
    low_active = 0;
    if (low_is_ext)
        ext_seen = 1;
    else
        sw_seen = 1;
}

/* The latency handlers: the external one reads the counter at its first statement (as
 * Rhealstone's il_handler); the software one runs until the external one has come. */
static void ext_lat_handler(void *arg)
{
    (void)arg;
    t_first = cycles();
    kt_irq_ack();
    ext_seen = 1;
}

static void sw_lat_handler(void *arg)
{
    (void)arg;
    low_active = 1;
    while (!ext_seen)
        ;
    low_active = 0;
}

static void ext_handler(void *arg)
{
    (void)arg;
    kt_irq_ack();
    if (low_is_ext)
        low_work();
    else
        inner_work(&ext_seen, &depth_ext, &ext_inside_low);
}

static void sw_handler(void *arg)
{
    (void)arg;
    if (low_is_ext)
        inner_work(&sw_seen, &depth_sw, &sw_inside_low);
    else
        low_work();
}

static void waker_main(void *arg)
{
    (void)arg;
    for (;;) {
        KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
        waker_ran++;
        KT_EQ(outer_done, 1); /* resumed only after the outer handler ended */
    }
}

/* The most urgent thread, suspended: the inner handler resumes it; it runs after the outer
 * handler's end, before the waker. */
static void res_main(void *arg)
{
    (void)arg;
    for (;;) {
        KT_EQ(tk_thread_suspend(tk_thread_self()), TK_OK);
        res_ran++;
        KT_EQ(outer_done, 1);
        KT_EQ(waker_ran, waker_base); /* before the waker (less urgent) */
    }
}

static void reset(enum mode m)
{
    mode = m;
    ext_seen = sw_seen = low_active = 0;
    depth_ext = depth_sw = depth_low_after = 0;
    ext_inside_low = sw_inside_low = 0;
    outer_done = 0;
    waker_base = waker_ran;
}

/* One round: the low source starts it (software: raised here; external: armed here). */
static void round_(int low_ext)
{
    low_is_ext = low_ext;
    if (low_ext)
        kt_irq_after(IRQ_DELAY);
    else
        tk_irq_raise_software();
    for (volatile int i = 0; i < 4 * WAIT_ITERS && !(ext_seen && sw_seen); i++)
        ;
    KT_CHECK(ext_seen && sw_seen);
    KT_EQ(tk_irq_nesting(), 0);
}

static uintptr_t latency(int nested)
{
    uintptr_t worst = 0;
    for (int r = 0; r < LAT_ROUNDS; r++) {
        reset(M_LAT);
        uint64_t target = (uint64_t)cycles() + 200 + (unsigned)r;
        irq_at(target);
        if (nested)
            tk_irq_raise_software(); /* the low handler spins until the external one */
        while (!ext_seen)
            ;
        if (nested)
            KT_EQ(low_active, 0); /* it was inside the low handler (which then ended) */
        uintptr_t l = t_first - (uintptr_t)target;
        if (l > worst)
            worst = l;
    }
    return worst;
}

static void main_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_irq_attach(TK_IRQ_EXTERNAL, ext_handler, 0), TK_OK);
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, sw_handler, 0), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, TK_IRQ_PRIO_MAX + 1), TK_EINVAL);
    KT_EQ(tk_irq_set_priority(5, 1), TK_EINVAL);
    KT_EQ(tk_irq_nesting(), 0);

    /* external above software: the external handler runs inside the software one */
    KT_EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 2), TK_OK);
    reset(M_PLAIN);
    round_(0);
    KT_EQ(ext_inside_low, 1);
    KT_EQ(depth_ext, 2);
    KT_EQ(depth_low_after, 1);

    /* equal, then lower: it waits for the software handler's end */
    for (unsigned p = 1; p + 1 > 0; p--) {
        KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, p), TK_OK);
        reset(M_PLAIN);
        round_(0);
        KT_EQ(ext_inside_low, 0);
        KT_EQ(depth_ext, 1);
        if (p == 0)
            break;
    }

    /* software above external: raised by the external handler, it runs inside it */
    KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 3), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 4), TK_OK);
    reset(M_PLAIN);
    round_(1);
    KT_EQ(sw_inside_low, 1);
    KT_EQ(depth_sw, 2);

    /* posts from both levels: one switch, at the outermost exit, to the woken thread, which
     * finds both posts in order */
    KT_EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 2), TK_OK);
    for (int r = 0; r < 8; r++) {
        int before = waker_ran, res_before = res_ran;
        reset(M_POST);
        round_(0);
        KT_EQ(ext_inside_low, 1);
        KT_EQ(inner_yield_rc, TK_EISR);
        KT_EQ(inner_suspend_rc, TK_EISR);
        KT_EQ(low_yield_rc, TK_EISR);
        KT_EQ(inner_resume_rc, TK_OK);
        KT_EQ(res_ran, res_before + 1);
        KT_EQ(inner_post_rc, TK_OK);
        KT_EQ(outer_post_rc, TK_OK);
        KT_EQ(inner_take_rc, TK_EISR);
        KT_CHECK(inner_self == &main_t);
        /* the waker (more urgent) took both posts before main went on, nothing is left */
        KT_EQ(waker_ran, before + 2);
        KT_EQ(tk_sem_pend(&sem, TK_NOWAIT), TK_EAGAIN);
        uint32_t m = 0;
        KT_EQ(tk_msgq_recv(&q, &m, TK_NOWAIT), TK_OK);
        KT_EQ(m, 1u);
        KT_EQ(tk_msgq_recv(&q, &m, TK_NOWAIT), TK_OK);
        KT_EQ(m, 2u);
        KT_EQ(tk_msgq_recv(&q, &m, TK_NOWAIT), TK_EAGAIN);
    }

    /* latency: the external interrupt alone, then arriving inside the software handler */
    KT_EQ(tk_irq_attach(TK_IRQ_EXTERNAL, ext_lat_handler, 0), TK_OK);
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, sw_lat_handler, 0), TK_OK);
    uintptr_t alone = latency(0), nested = latency(1);
    kt_log_num("nest: interrupt latency alone (cycles, worst)", alone);
    kt_log_num("nest: interrupt latency inside a lower handler (cycles, worst)", nested);
    KT_CHECK(nested <= alone + NESTED_SLACK);
    kt_pass();
}

int main(void)
{
    if (kt_on_qemu())
        kt_pass(); /* no simulator-control device */
    tk_init();
    KT_EQ(tk_sem_init(&sem, 0, 10), TK_OK);
    KT_EQ(tk_msgq_init(&q, q_buf, 4, 4), TK_OK);
    KT_EQ(tk_thread_create(&waker_t, "waker", waker_main, 0, waker_stack, sizeof waker_stack,
                           1, 0), TK_OK);
    KT_EQ(tk_thread_create(&main_t, "main", main_main, 0, main_stack, sizeof main_stack, 2, 0),
          TK_OK);
    KT_EQ(tk_thread_create(&res_t, "res", res_main, 0, res_stack, sizeof res_stack, 0, 0),
          TK_OK);
    tk_start();
    return 0;
}
