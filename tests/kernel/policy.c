/* The port's assembly fast paths against the kernel's C policy (kernel.h: "the C path of
 * the port's yield"): tk_yield against tk__yield_c, and the trap exit's own decision
 * (port/riscv/switch.S ISR_EXIT, after a software interrupt) against tk__isr_next, on TRIALS
 * random kernel states.  tk_thread_suspend and tk_thread_resume are C alone: their two runs
 * from one state must agree too (the same outcome classes count for them).
 *
 * A state: the running test thread (`me`, random priority, random time slice) and NF other
 * threads at nearby priorities (so ready lists hold several threads), each ready, suspended,
 * blocked, sleeping or exited, in a random order in their ready lists (the running thread is
 * the head of its own), the scheduler locked or not, interrupts enabled or not (the call as
 * from an interrupt handler), and a call: yield, or suspend/resume of NULL, the caller, one of
 * the others, the idle thread or an object that is no thread, or an interrupt.  Only states
 * the kernel can be in: unless the scheduler is locked, no other ready thread is more urgent
 * than the running one, except at an interrupt's exit (its handler may have made one ready,
 * moved the running thread off the head of its list or out of the ready lists).  For the
 * interrupt, the C side is the state itself with the switch tk__isr_next chooses.  The same state is built before each path; each side's outcome is recorded: the
 * return value, the thread switched to (each other thread, and the idle thread, resume into
 * `catcher`, which records and switches straight back) and the scheduler state after the call
 * (current thread, ready bitmap, ready lists, every thread's links, state, priority,
 * wait_result and slice).  Both must be equal.  Each outcome class (a switch by each call, an
 * error, no switch) must occur often enough for the comparison to mean something. */
#include "ktest.h"
#include "kernel.h"

#define TRIALS 6000
#define NF 6        /* threads besides the running one */
#define NT (NF + 1) /* index NF: the running thread */
#define MIN_CASES 40 /* of each outcome class */

enum { C_YIELD, C_SUSPEND, C_RESUME, C_ISR, C_COUNT };
enum { O_SWITCH, O_IDLE, O_NONE, O_ERROR, O_COUNT }; /* outcome classes */

struct plan {
    uint8_t prio[NT], state[NT], order[NF];
    uint16_t slice[NT], slice_left[NT];
    int32_t wait_result[NT];
    uint8_t lock, irq_off, call;
    uint8_t me_off; /* C_ISR: 0 the head of its list, 1 rotated behind the next, 2 not ready */
    struct tk_thread *arg;
};

struct outcome {
    int rc;
    struct tk_thread *ran; /* switched to, NULL: no switch */
    struct tk_thread *current;
    uint32_t ready_map;
    uint8_t sched_lock;
    struct tk_thread *ready[TK_PRIO_COUNT];
    struct {
        struct tk_thread *next, *prev;
        uint8_t state, prio;
        int32_t wait_result;
        uint16_t slice, slice_left;
    } t[NT];
};

static struct tk_thread f[NF], me, not_a_thread;
static struct tk_thread *const thr[NT] = {&f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &me};
_Static_assert(NF == 6, "thr lists every thread, the running one last");
KT_STACK(s_me);
KT_STACK(s_idle);
static uintptr_t s_f[NF][KT_STACK_WORDS] __attribute__((aligned(16)));
static struct outcome *volatile rec; /* where the switched-to thread records */
static volatile int caught, isr_ran;
static unsigned cases[C_COUNT][O_COUNT], fast_cases[C_COUNT], isr_c_cases;

/* Is a thread of the plan ready at priority q? */
static int ready_at(const struct plan *p, unsigned q)
{
    for (unsigned i = 0; i < NT; i++)
        if (p->state[i] == TK_STATE_READY && p->prio[i] == q)
            return 1;
    return 0;
}

/* Does the plan take the port's straight line (port/riscv/switch.S), not its C fallback?
 * Yield: a switch; suspend: the caller alone at its priority suspends itself by its pointer;
 * resume: a suspended thread into an empty ready list, from a thread. */
static int on_fast_path(const struct plan *p)
{
    unsigned others = 0; /* ready at the caller's priority */
    for (unsigned i = 0; i < NF; i++)
        others += p->state[i] == TK_STATE_READY && p->prio[i] == p->prio[NF];
    if (p->call == C_ISR) { /* decided in line unless nothing more urgent is ready and the
                             * running thread is not the head of its list */
        for (unsigned q = 0; q < p->prio[NF]; q++)
            if (ready_at(p, q))
                return 1;
        return p->me_off == 0 || (p->me_off == 1 && !others);
    }
    if (p->irq_off)
        return 0;
    if (p->call == C_YIELD)
        return !p->lock && others;
    if (p->call == C_SUSPEND)
        return !p->lock && p->arg == &me && !others;
    for (unsigned i = 0; i < NF; i++)
        if (p->arg == &f[i])
            return p->state[i] == TK_STATE_SUSPENDED && !ready_at(p, p->prio[i]);
    return 0;
}

static void take(struct outcome *o)
{
    o->current = tk_k.current;
    o->ready_map = tk_k.ready_map;
    o->sched_lock = tk_k.sched_lock;
    for (unsigned p = 0; p < TK_PRIO_COUNT; p++)
        o->ready[p] = tk_k.ready[p];
    for (unsigned i = 0; i < NT; i++) {
        const struct tk_thread *t = thr[i];
        o->t[i].next = t->next;
        o->t[i].prev = t->prev;
        o->t[i].state = t->state;
        o->t[i].prio = t->prio;
        o->t[i].wait_result = t->wait_result;
        o->t[i].slice = t->slice;
        o->t[i].slice_left = t->slice_left;
    }
}

/* Every thread but `me` resumes here when a path switches to it: record, and back to `me`,
 * which returns from the call with its wait_result. */
static void catcher(void *arg)
{
    (void)arg;
    (void)tk_irq_lock();
    take(rec);
    rec->ran = tk_k.current;
    caught = 1;
    tk_port_switch(tk_k.current, &me); /* does not come back: the frame is rebuilt */
    kt_fail(__FILE__, __LINE__, "catcher resumed", 0, 0);
}

static unsigned below(unsigned n)
{
    return kt_rand() % n;
}

static void make_plan(struct plan *p)
{
    static const uint8_t state_pick[10] = {
        TK_STATE_READY, TK_STATE_READY, TK_STATE_READY, TK_STATE_READY, TK_STATE_SUSPENDED,
        TK_STATE_SUSPENDED, TK_STATE_SUSPENDED, TK_STATE_BLOCKED, TK_STATE_SLEEPING,
        TK_STATE_EXITED};
    unsigned mine = below(TK_PRIO_COUNT);
    p->call = (uint8_t)below(C_COUNT);
    p->lock = below(4) ? 0 : (uint8_t)(1 + below(2));
    p->irq_off = p->call != C_ISR && below(10) == 0;
    p->me_off = p->call == C_ISR ? (uint8_t)below(3) : 0;
    for (unsigned i = 0; i < NT; i++) {
        int q = (int)mine + (int)below(7) - 3, lowest = (int)TK_PRIO_LOWEST;
        p->prio[i] = (uint8_t)(i == NF ? (int)mine : q < 0 ? 0 : q > lowest ? lowest : q);
        p->state[i] = i == NF ? TK_STATE_READY : state_pick[below(10)];
        /* nothing more urgent than the running thread is ready, unless the scheduler is locked */
        if (p->state[i] == TK_STATE_READY && p->prio[i] < mine && !p->lock && p->call != C_ISR)
            p->state[i] = TK_STATE_SUSPENDED;
        p->slice[i] = (uint16_t)(below(3) ? 0 : below(50));
        p->slice_left[i] = (uint16_t)below(50);
        p->wait_result[i] = (int32_t)below(8) - 7; /* TK_OK or an error code */
    }
    if (p->me_off == 2 && below(3) == 0) /* nothing ready at all: the exit runs the idle thread */
        for (unsigned i = 0; i < NF; i++)
            if (p->state[i] == TK_STATE_READY)
                p->state[i] = TK_STATE_SUSPENDED;
    for (unsigned i = 0; i < NF; i++) /* the order they joined their ready lists */
        p->order[i] = (uint8_t)i;
    for (unsigned i = NF - 1; i > 0; i--) {
        unsigned j = below(i + 1);
        uint8_t x = p->order[i];
        p->order[i] = p->order[j];
        p->order[j] = x;
    }
    unsigned a = below(20);
    p->arg = a < 2 ? NULL : a < 5 ? &me : a < 6 ? &tk_idle : a < 7 ? &not_a_thread : &f[below(NF)];
}

/* The kernel state of the plan, with `me` running. */
static void build(const struct plan *p)
{
    for (unsigned q = 0; q < TK_PRIO_COUNT; q++)
        tk_k.ready[q] = NULL;
    tk_k.ready_map = 0;
    for (unsigned i = 0; i < NT; i++) {
        struct tk_thread *t = thr[i];
        t->next = t->prev = NULL;
        tk__set_prio(t, p->prio[i]);
        t->state = p->state[i];
        t->slice = p->slice[i];
        t->slice_left = p->slice_left[i];
        t->wait_result = p->wait_result[i];
    }
    for (unsigned k = 0; k < NF; k++)
        if (p->state[p->order[k]] == TK_STATE_READY)
            tk__ready_insert(&f[p->order[k]]);
    tk__ready_insert(&me);
    *me.ready_slot = &me; /* the head of its list, the others after it in their order */
    if (p->me_off == 1) /* a time slice's rotation: the next at its priority is the head */
        *me.ready_slot = me.next;
    else if (p->me_off == 2) { /* suspended by the handler */
        tk__ready_remove(&me);
        me.state = TK_STATE_SUSPENDED;
    }
    for (unsigned i = 0; i < NF; i++)
        f[i].sp = tk_port_stack_init((uintptr_t)&s_f[i][KT_STACK_WORDS], catcher, NULL);
    tk_idle.sp = tk_port_stack_init((uintptr_t)&s_idle[KT_STACK_WORDS], catcher, NULL);
    tk_k.current = &me;
    tk_k.sched_lock = p->lock;
}

/* The software interrupt of C_ISR: changes nothing (the plan's state is what its handler
 * left); the exit decides. */
static void on_isr(void *arg)
{
    (void)arg;
    isr_ran = 1;
}

/* Run one path (fast: the port's, else the C one) on the plan's state. */
/* Interrupts enabled on the state as built: not tk_irq_unlock, which would run the highest
 * ready thread first (the state's current thread need not be it). */
static inline void irq_enable(void)
{
    __asm__ volatile("csrsi mstatus, 8" ::: "memory");
}

static void run(const struct plan *p, int fast, struct outcome *o)
{
    (void)tk_irq_lock();
    build(p);
    rec = o;
    caught = 0;
    o->ran = NULL;
    if (p->call == C_ISR) {
        if (fast) { /* the trap exit, after the handler */
            isr_ran = 0;
            tk_irq_raise_software();
            irq_enable();
            while (!isr_ran) /* taken at once; a switch comes back here through catcher */
                ;
            (void)tk_irq_lock();
            if (!caught)
                take(o);
        } else { /* the policy: the state, and the switch tk__isr_next picks */
            struct tk_thread *next = tk__isr_next();
            take(o);
            if (next) {
                o->ran = next;
                o->current = next;
            }
        }
        o->rc = TK_OK;
        return;
    }
    if (!p->irq_off)
        irq_enable();
    int rc;
    if (p->call == C_YIELD)
        rc = fast ? tk_yield() : tk__yield_c();
    else if (p->call == C_SUSPEND) /* C alone: both runs of the same call from the same state */
        rc = tk_thread_suspend(p->arg);
    else
        rc = tk_thread_resume(p->arg);
    (void)tk_irq_lock();
    if (!caught)
        take(o);
    o->rc = rc;
}

static void compare(const struct outcome *a, const struct outcome *c, unsigned trial)
{
#define SAME(x) do { if (a->x != c->x) { kt_log_num("trial ", trial); \
    kt_fail(__FILE__, __LINE__, "fast path and C differ: " #x, (long)(uintptr_t)a->x, \
            (long)(uintptr_t)c->x); } } while (0)
    SAME(rc);
    SAME(ran);
    SAME(current);
    SAME(ready_map);
    SAME(sched_lock);
    for (unsigned q = 0; q < TK_PRIO_COUNT; q++)
        SAME(ready[q]);
    for (unsigned i = 0; i < NT; i++) {
        SAME(t[i].next);
        SAME(t[i].prev);
        SAME(t[i].state);
        SAME(t[i].prio);
        SAME(t[i].wait_result);
        SAME(t[i].slice);
        SAME(t[i].slice_left);
    }
#undef SAME
}

static void test_main(void *arg)
{
    (void)arg;
    static struct plan p;
    static struct outcome fast, slow;
    for (unsigned n = 0; n < TRIALS; n++) {
        make_plan(&p);
        run(&p, 1, &fast);
        fast_cases[p.call] += on_fast_path(&p);
        isr_c_cases += p.call == C_ISR && !on_fast_path(&p);
        run(&p, 0, &slow);
        compare(&fast, &slow, n);
        unsigned cls = fast.ran == &tk_idle ? O_IDLE : fast.ran ? O_SWITCH
                       : fast.rc != TK_OK  ? O_ERROR : O_NONE;
        cases[p.call][cls]++;
    }
    /* Every way each call can end was compared often enough (a self-suspend with nothing
     * else ready runs the idle thread; yield and resume never do). */
    for (unsigned c = 0; c < C_COUNT; c++)
        for (unsigned o = 0; o < O_COUNT; o++)
            if ((o != O_IDLE || c == C_SUSPEND || c == C_ISR) && (o != O_ERROR || c != C_ISR)) {
                if (cases[c][o] < MIN_CASES)
                    kt_fail(__FILE__, __LINE__, "too few cases of a call and outcome",
                            (long)(c * O_COUNT + o), (long)cases[c][o]);
            }
    for (unsigned c = 0; c < C_COUNT; c++)
        if (fast_cases[c] < MIN_CASES)
            kt_fail(__FILE__, __LINE__, "too few states on a fast path", (long)c,
                    (long)fast_cases[c]);
    if (isr_c_cases < MIN_CASES) /* and the exit's call of the C policy */
        kt_fail(__FILE__, __LINE__, "too few interrupt exits left to tk__isr_exit", 0,
                (long)isr_c_cases);
    static const char *const call_name[C_COUNT] = {"yield", "suspend", "resume", "interrupt"};
    for (unsigned c = 0; c < C_COUNT; c++) {
        kt_log(call_name[c]);
        kt_log_num(": on the fast path ", fast_cases[c]);
        kt_log_num("  switched ", cases[c][O_SWITCH]);
        kt_log_num("  to idle ", cases[c][O_IDLE]);
        kt_log_num("  no switch ", cases[c][O_NONE]);
        kt_log_num("  error ", cases[c][O_ERROR]);
    }
    kt_log_num("interrupt exits left to tk__isr_exit ", isr_c_cases);
    kt_log_num("policy: states compared ", TRIALS);
    kt_pass();
}

int main(void)
{
    kt_srand(0x9e3779b9u);
    KT_EQ(tk_init(), TK_OK);
    for (unsigned i = 0; i < NF; i++)
        KT_EQ(tk_thread_create(&f[i], "other", catcher, NULL, s_f[i], sizeof s_f[i], 10,
                               TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_create(&me, "me", test_main, NULL, s_me, sizeof s_me, 10, 0), TK_OK);
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, on_isr, NULL), TK_OK);
    tk_start();
    return 1;
}
