/* The direct external handler (kernel/include/tempo.h TK_IRQ_DIRECT_EXTERNAL; built with it
 * named kt_direct_isr, kernel/kernel.mk): the thread `low` fills every register it may with a
 * known value and spins on a flag in an assembly loop (fill_and_wait) until the handler sets
 * it; then it checks every register.  Each round the handler posts one semaphore:
 *   - ROUND_NOBODY: nobody waits on it: no switch, `low` goes on;
 *   - ROUND_LOWER: `lower` (less urgent than `low`) waits: made ready, no switch;
 *   - ROUND_HIGHER: `high` (more urgent) waits: tk_irq_direct_end switches to it before `low`
 *     continues (`high` sees `low` still in its loop; `low` sees `high` ran once the loop
 *     ends), then `high` takes a software interrupt (which leaves mepc its own) and blocks
 *     again, and `low` resumes inside the handler, which ends.
 * In every round `low` gets all its registers back.  The interrupt lands at varying cycles.
 * Also the interrupt taking the idle thread (every thread waits): a handler that makes no
 * thread ready returns to it, one that wakes `high` switches to it.
 * With TK_IRQ_NESTING, also: the direct handler preempting the (less urgent) software
 * interrupt's handler wakes `high`, which runs when that handler ends, not inside it.
 * Also: tk_irq_attach refuses the external interrupt in this build, tk_irq_direct_end from a
 * thread does nothing, and the software interrupt and the tick work as before. */
#include "ktest.h"

#define ROUNDS 60
#define ROUND_NOBODY 0
#define ROUND_LOWER  1
#define ROUND_HIGHER 2
/* The interrupt comes this many cycles (and 0..10 more) after it is armed: past the fill
 * (about 100 cycles at RV64), so the handler finds the registers filled (checked) */
#define FILL_CYCLES 300
#define PRIO_HIGH  5
#define PRIO_LOW   10
#define PRIO_LOWER 20

static struct tk_thread t_low, t_high, t_lower;
KT_STACK(s_low);
KT_STACK(s_high);
KT_STACK(s_lower);
static struct tk_sem sem_nobody, sem_lower, sem_high;

/* sync[0]: set by the handler, ends fill_and_wait's loop; sync[1]: set by fill_and_wait once
 * every register is filled, just before its loop */
static volatile uint32_t sync[2];
static volatile uint32_t isr_saw_fill;  /* the handler came during the loop */
static volatile uint32_t round_kind;
static volatile uint32_t low_in_loop;  /* `low` is between its fill and its check */
static volatile uint32_t high_runs, lower_runs, isr_runs, sw_runs;
static volatile uint32_t high_saw_loop; /* `high` found `low` still in its loop */
static volatile int high_saw_low_state; /* `low`'s state when `high` last ran */
static struct tk_thread *volatile isr_saw_thread; /* the thread the handler interrupted */
extern struct tk_thread tk_idle; /* the kernel's idle thread (kernel/sched.c) */

/* uint32_t fill_and_wait(volatile uint32_t sync[2]): every register but sp, gp and tp holds
 * KT_FILL + its number, sync[1] = 1, then it waits until sync[0] is non-zero (t5 holds the
 * address, t6 the loaded word); returns 0 if every one of them, tp and sp came back intact,
 * else non-zero. */
#define KT_FILL 0x5a5a0000
#if __riscv_xlen == 64
#define S "sd"
#define L "ld"
#define R "8"
#else
#define S "sw"
#define L "lw"
#define R "4"
#endif
#define FILL(reg, n) "li " #reg ", 0x5a5a0000 + " #n "\n"
#define CHECK(reg, n) "li t6, 0x5a5a0000 + " #n "\n xor t6, t6, " #reg "\n or t5, t5, t6\n"
uint32_t fill_and_wait(volatile uint32_t *s);
__asm__(
    ".text\n .globl fill_and_wait\n .type fill_and_wait, @function\n .align 2\n"
    "fill_and_wait:\n"
    "addi sp, sp, -16*" R "\n"
    S " ra, 0*" R "(sp)\n" S " s0, 1*" R "(sp)\n" S " s1, 2*" R "(sp)\n" S " s2, 3*" R "(sp)\n"
    S " s3, 4*" R "(sp)\n" S " s4, 5*" R "(sp)\n" S " s5, 6*" R "(sp)\n" S " s6, 7*" R "(sp)\n"
    S " s7, 8*" R "(sp)\n" S " s8, 9*" R "(sp)\n" S " s9, 10*" R "(sp)\n" S " s10, 11*" R "(sp)\n"
    S " s11, 12*" R "(sp)\n" S " a0, 13*" R "(sp)\n" S " tp, 14*" R "(sp)\n" S " sp, 15*" R "(sp)\n"
    "mv t5, a0\n"
    FILL(ra, 1) FILL(t0, 5) FILL(t1, 6) FILL(t2, 7) FILL(s0, 8) FILL(s1, 9)
    FILL(a0, 10) FILL(a1, 11) FILL(a2, 12) FILL(a3, 13) FILL(a4, 14) FILL(a5, 15) FILL(a6, 16)
    FILL(a7, 17) FILL(s2, 18) FILL(s3, 19) FILL(s4, 20) FILL(s5, 21) FILL(s6, 22) FILL(s7, 23)
    FILL(s8, 24) FILL(s9, 25) FILL(s10, 26) FILL(s11, 27) FILL(t3, 28) FILL(t4, 29)
    "li t6, 1\n sw t6, 4(t5)\n"
    "1: lw t6, 0(t5)\n"
    "beqz t6, 1b\n"
    /* t5 = the address of sync, tp and sp against their values at entry: 0 when intact */
    L " t6, 13*" R "(sp)\n xor t5, t5, t6\n"
    L " t6, 14*" R "(sp)\n xor t6, t6, tp\n or t5, t5, t6\n"
    L " t6, 15*" R "(sp)\n xor t6, t6, sp\n or t5, t5, t6\n"
    CHECK(ra, 1) CHECK(t0, 5) CHECK(t1, 6) CHECK(t2, 7) CHECK(s0, 8) CHECK(s1, 9)
    CHECK(a0, 10) CHECK(a1, 11) CHECK(a2, 12) CHECK(a3, 13) CHECK(a4, 14) CHECK(a5, 15)
    CHECK(a6, 16) CHECK(a7, 17) CHECK(s2, 18) CHECK(s3, 19) CHECK(s4, 20) CHECK(s5, 21)
    CHECK(s6, 22) CHECK(s7, 23) CHECK(s8, 24) CHECK(s9, 25) CHECK(s10, 26) CHECK(s11, 27)
    CHECK(t3, 28) CHECK(t4, 29)
    "mv a0, t5\n"
    L " ra, 0*" R "(sp)\n" L " s0, 1*" R "(sp)\n" L " s1, 2*" R "(sp)\n" L " s2, 3*" R "(sp)\n"
    L " s3, 4*" R "(sp)\n" L " s4, 5*" R "(sp)\n" L " s5, 6*" R "(sp)\n" L " s6, 7*" R "(sp)\n"
    L " s7, 8*" R "(sp)\n" L " s8, 9*" R "(sp)\n" L " s9, 10*" R "(sp)\n" L " s10, 11*" R "(sp)\n"
    L " s11, 12*" R "(sp)\n"
    "addi sp, sp, 16*" R "\n"
    "ret\n"
    ".size fill_and_wait, . - fill_and_wait\n");

/* The direct handler: the vector jumps here with nothing saved. */
TK_IRQ_DIRECT(kt_direct_isr)
{
    kt_irq_ack();
    isr_runs++;
    isr_saw_fill = sync[1];
    isr_saw_thread = tk_thread_self();
    struct tk_sem *s = round_kind == ROUND_HIGHER ? &sem_high
                     : round_kind == ROUND_LOWER ? &sem_lower : &sem_nobody;
    KT_EQ(tk_sem_post_from_isr(s), TK_OK);
    sync[0] = 1;
    tk_irq_direct_end();
}

static void high(void *arg)
{
    (void)arg;
    for (;;) {
        KT_EQ(tk_sem_pend(&sem_high, TK_FOREVER), TK_OK);
        high_saw_loop = low_in_loop;
        high_saw_low_state = tk_thread_state(&t_low);
        high_runs++;
        tk_irq_raise_software(); /* a trap of its own: mepc is no longer the interrupted pc */
    }
}

static void lower(void *arg)
{
    (void)arg;
    for (;;) {
        KT_EQ(tk_sem_pend(&sem_lower, TK_FOREVER), TK_OK);
        lower_runs++;
    }
}

#if TK_IRQ_NESTING
static volatile uint32_t nest_mode;     /* the next software interrupt waits for the direct one */
static volatile uint32_t high_in_nested; /* high_runs seen by it once the direct handler ran */
#endif

static void sw_handler(void *arg)
{
    (void)arg;
    sw_runs++;
#if TK_IRQ_NESTING
    if (nest_mode) { /* interrupts enabled: the more urgent external interrupt comes in here */
        nest_mode = 0;
        while (!sync[0])
            ;
        high_in_nested = high_runs;
    }
#endif
}

static void low(void *arg)
{
    (void)arg;
    KT_EQ(tk_irq_attach(TK_IRQ_EXTERNAL, sw_handler, 0), TK_EINVAL);
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, sw_handler, 0), TK_OK);
    KT_EQ(tk_irq_direct_enable(1), TK_OK);
    tk_irq_direct_end(); /* from a thread: nothing */
    for (uint32_t i = 0; i < ROUNDS; i++) {
        uint32_t kind = i % 3, highs = high_runs, lowers = lower_runs;
        round_kind = kind;
        sync[0] = sync[1] = 0;
        isr_saw_fill = 0;
        high_saw_loop = 0;
        low_in_loop = 1;
        kt_irq_after(FILL_CYCLES + i % 11);
        uint32_t bad = fill_and_wait(sync);
        low_in_loop = 0;
        KT_EQ(isr_saw_fill, 1);
        KT_EQ(bad, 0);
        KT_EQ(isr_runs, i + 1);
        KT_EQ(high_runs, highs + (kind == ROUND_HIGHER));
        KT_EQ(sw_runs, high_runs);
        if (kind == ROUND_HIGHER)
            KT_EQ(high_saw_loop, 1);
        KT_EQ(lower_runs, lowers); /* ready (ROUND_LOWER) but less urgent: not yet */
        if (kind == ROUND_LOWER) {
            KT_EQ(tk_delay(1), TK_OK); /* now it runs */
            KT_EQ(lower_runs, lowers + 1);
        }
    }
    /* With the scheduler locked, a direct handler that wakes `high` does not switch: the
     * unlock does. */
    uint32_t lk_highs = high_runs, lk_runs = isr_runs;
    round_kind = ROUND_HIGHER;
    KT_EQ(tk_sched_lock(), TK_OK);
    kt_irq_after(FILL_CYCLES);
    while (isr_runs == lk_runs)
        ;
    KT_EQ(high_runs, lk_highs);
    KT_EQ(tk_sched_unlock(), TK_OK);
    KT_EQ(high_runs, lk_highs + 1);
    /* The interrupt comes while `low` sleeps and the others wait: it takes the idle thread
     * (the ready map is empty).  Waking nobody, the handler returns to it; waking `high`, it
     * switches to it at once, while `low` still sleeps; either way `low` wakes when its sleep
     * ends. */
    for (uint32_t kind = ROUND_NOBODY; kind <= ROUND_HIGHER; kind += ROUND_HIGHER) {
        uint32_t highs = high_runs, runs = isr_runs;
        round_kind = kind;
        isr_saw_thread = 0;
        kt_irq_after(FILL_CYCLES);
        KT_EQ(tk_delay(2), TK_OK);
        KT_EQ(isr_runs, runs + 1);
        KT_CHECK(isr_saw_thread == &tk_idle);
        KT_EQ(high_runs, highs + (kind == ROUND_HIGHER));
        KT_EQ(sw_runs, high_runs);
        if (kind == ROUND_HIGHER)
            KT_EQ(high_saw_low_state, TK_STATE_SLEEPING);
    }
#if TK_IRQ_NESTING
    /* The direct handler preempts a kernel handler of a lower priority (the software one): it
     * wakes `high`, whose switch waits for that handler's end (tk_irq_direct_end sees the
     * depth), and comes before `low` continues. */
    KT_EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 2), TK_OK);
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t highs = high_runs;
        round_kind = ROUND_HIGHER;
        sync[0] = 0;
        high_in_nested = ~0u;
        nest_mode = 1;
        kt_irq_after(FILL_CYCLES + i);
        tk_irq_raise_software();
        KT_EQ(nest_mode, 0);
        KT_EQ(high_in_nested, highs); /* not inside the software handler */
        KT_EQ(high_runs, highs + 1);  /* but at its end, before `low` continued */
    }
#endif
    /* The software interrupt is still the program's (above); the tick still comes. */
    tk_tick_t t0 = tk_tick_get();
    KT_EQ(tk_delay(3), TK_OK);
    KT_CHECK(tk_tick_get() - t0 >= 3);
    KT_EQ(tk_irq_direct_enable(0), TK_OK);
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, 0, 0), TK_OK); /* detached: the unhandled report's */
    kt_log("direct handler: every round switched as expected, registers intact\n");
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_irq_direct_enable(1), TK_ESTATE);
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem_nobody, 0, 1000), TK_OK);
    KT_EQ(tk_sem_init(&sem_lower, 0, 1000), TK_OK);
    KT_EQ(tk_sem_init(&sem_high, 0, 1000), TK_OK);
    KT_EQ(tk_thread_create(&t_low, "low", low, 0, s_low, sizeof s_low, PRIO_LOW, 0), TK_OK);
    KT_EQ(tk_thread_create(&t_high, "high", high, 0, s_high, sizeof s_high, PRIO_HIGH, 0), TK_OK);
    KT_EQ(tk_thread_create(&t_lower, "lower", lower, 0, s_lower, sizeof s_lower, PRIO_LOWER, 0),
          TK_OK);
    tk_start();
}
