/* The kernel-metric suite of docs/benchmarks.md, as a test with budgets: each figure must be
 * under the published CH32V307 figure (the RMP paper, quoted in docs/benchmarks.md), and the
 * worst case within 1.5x of the average (the kernel budgets).  Prints "metric NAME avg min
 * max" lines (tests/kernel/widths.sh compares RV32 with RV64).  On QEMU the figures are not
 * cycles of the paper core: they are printed, not checked. */
#include "ktest.h"

#define ROUNDS 1000
#define WARMUP 2 /* first rounds run cold paths: not sampled */

/* docs/benchmarks.md: published CH32V307 figures (cycles), the kernel budgets */
#define CH32_YIELD  209
#define CH32_MAIL   386
#define CH32_SEM    336
#define CH32_FIFO   172
#define CH32_MSGQ   538
#define CH32_BMQ    698
#define CH32_MAIL_I 350
#define CH32_SEM_I  306
#define CH32_MSGQ_I 436
#define CH32_BMQ_I  555
#define CH32_MEM    433

static struct tk_thread ctl, ta, tb;
KT_STACK(s_ctl); KT_STACK(s_a); KT_STACK(s_b);

static struct tk_sem sem;
static struct tk_msgq mq;
static struct tk_bmq bq;
static uint32_t mq_buf[4], bq_buf[4];
static struct tk_fifo fifo;
static struct tk_fifo_node fnode;
static struct tk_heap heap;
static uint64_t heap_mem[4096 / 8];

static volatile uintptr_t t_start;
static volatile int flip;
static uintptr_t sum, mn, mx;
static int samples;

static void sample(uintptr_t d)
{
    if (samples++ < WARMUP)
        return;
    sum += d;
    if (d < mn)
        mn = d;
    if (d > mx)
        mx = d;
}

static void report(const char *name, unsigned budget)
{
    uintptr_t n = (uintptr_t)(samples - WARMUP);
    uintptr_t avg = sum / n;
    kt_log("metric ");
    kt_log(name);
    kt_log(" avg ");
    board_put_uint(avg);
    kt_log(" min ");
    board_put_uint(mn);
    kt_log(" max ");
    board_put_uint(mx);
    kt_log("\n");
    if (!kt_on_qemu()) {
        if (avg >= budget || mx * 2 > avg * 3) {
            kt_log("over budget: ");
            kt_log(name);
            kt_log("\n");
            kt_fail(__FILE__, __LINE__, name, (long)avg, (long)budget);
        }
    }
    sum = 0;
    mn = ~(uintptr_t)0;
    mx = 0;
    samples = 0;
}

/* One sample: B reads the counter on wake-up; the flip variable proves strict alternation. */
static volatile int bad_flip, b_rounds;
#define B_SAMPLE()                                    \
    do {                                              \
        uintptr_t d_ = board_cycles() - t_start;      \
        if (!flip)                                    \
            bad_flip++;                               \
        flip = 0;                                     \
        sample(d_);                                   \
        b_rounds++;                                   \
    } while (0)
#define A_STAMP()                                     \
    do {                                              \
        if (flip)                                     \
            bad_flip++;                               \
        flip = 1;                                     \
        t_start = board_cycles();                     \
    } while (0)

static uint32_t msg1[1] = {1}, rx[1];
static void a_yield(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { A_STAMP(); tk_yield(); } }
static void b_yield(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { B_SAMPLE(); tk_yield(); } }
static void a_mail(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { A_STAMP(); tk_mail_send(&tb, 1); } }
static void b_mail(void *arg) { (void)arg; uintptr_t w; for (int i = 0; i < ROUNDS; i++) { tk_mail_recv(&w, TK_FOREVER); B_SAMPLE(); } }
static void a_sem(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { A_STAMP(); tk_sem_post(&sem); } }
static void b_sem(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { tk_sem_pend(&sem, TK_FOREVER); B_SAMPLE(); } }
static void a_msgq(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { A_STAMP(); tk_msgq_send(&mq, msg1); } }
static void b_msgq(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { tk_msgq_recv(&mq, rx, TK_FOREVER); B_SAMPLE(); } }
static void a_bmq(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { A_STAMP(); tk_bmq_send(&bq, msg1, TK_FOREVER); } }
static void b_bmq(void *arg) { (void)arg; for (int i = 0; i < ROUNDS; i++) { tk_bmq_recv(&bq, rx, TK_FOREVER); B_SAMPLE(); } }

/* Interrupt variants: A (low) raises the interrupt and waits for B's round; the handler
 * reads the counter and sends; B (high) wakes at interrupt exit and reads it. */
static volatile int kind;
enum { K_MAIL_I = 1, K_SEM_I, K_MSGQ_I, K_BMQ_I };
static void isr_body(void)
{
    t_start = board_cycles();
    flip = 1;
    switch (kind) {
    case K_MAIL_I: tk_mail_send_from_isr(&tb, 1); break;
    case K_SEM_I: tk_sem_post_from_isr(&sem); break;
    case K_MSGQ_I: tk_msgq_send_from_isr(&mq, msg1); break;
    case K_BMQ_I: tk_bmq_send_from_isr(&bq, msg1); break;
    }
}
static void a_isr(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        int r = b_rounds;
        kt_irq_fire(40);
        while (b_rounds == r)
            ;
    }
}

static void run(void (*a)(void *), void (*b)(void *), int equal, const char *name, unsigned budget)
{
    samples = 0;
    b_rounds = 0;
    flip = 0;
    KT_EQ(tk_thread_create(&ta, "A", a, 0, s_a, sizeof s_a, 6, TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_create(&tb, "B", b, 0, s_b, sizeof s_b, equal ? 6 : 4, TK_THREAD_SUSPENDED),
          TK_OK);
    /* A first in its list; B, when higher, runs first anyway and blocks in its receive. */
    KT_EQ(tk_sched_lock(), TK_OK);
    KT_EQ(tk_thread_resume(&ta), TK_OK);
    KT_EQ(tk_thread_resume(&tb), TK_OK);
    KT_EQ(tk_sched_unlock(), TK_OK); /* both run to completion: ctl is the lowest */
    KT_EQ(tk_thread_state(&ta), TK_STATE_EXITED);
    KT_EQ(tk_thread_state(&tb), TK_STATE_EXITED);
    KT_EQ(b_rounds, ROUNDS);
    KT_EQ(bad_flip, 0);
    report(name, budget);
}

static void ctl_main(void *arg)
{
    (void)arg;
    mn = ~(uintptr_t)0;
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 4, 4), TK_OK);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 4), TK_OK);
    KT_EQ(tk_fifo_init(&fifo), TK_OK);
    KT_EQ(tk_heap_init(&heap, heap_mem, sizeof heap_mem), TK_OK);
    kt_irq_setup(isr_body);

    run(a_yield, b_yield, 1, "Yield", CH32_YIELD);
    run(a_mail, b_mail, 0, "Mail", CH32_MAIL);
    run(a_sem, b_sem, 0, "Sem", CH32_SEM);
    run(a_msgq, b_msgq, 0, "Msgq", CH32_MSGQ);
    run(a_bmq, b_bmq, 0, "Bmq", CH32_BMQ);
    kind = K_MAIL_I;
    run(a_isr, b_mail, 0, "Mail/I", CH32_MAIL_I);
    kind = K_SEM_I;
    run(a_isr, b_sem, 0, "Sem/I", CH32_SEM_I);
    kind = K_MSGQ_I;
    run(a_isr, b_msgq, 0, "Msgq/I", CH32_MSGQ_I);
    kind = K_BMQ_I;
    run(a_isr, b_bmq, 0, "Bmq/I", CH32_BMQ_I);

    /* FIFO: a write + read pair in one thread */
    struct tk_fifo_node *out;
    for (int i = 0; i < ROUNDS; i++) {
        uintptr_t t0 = board_cycles();
        tk_fifo_put(&fifo, &fnode);
        tk_fifo_get(&fifo, &out);
        sample(board_cycles() - t0);
        KT_CHECK(out == &fnode);
    }
    report("FIFO", CH32_FIFO);

    /* Mem: allocate/free pairs, 8 sizes in a random order */
    static const size_t sz[8] = {8, 16, 32, 48, 64, 128, 200, 256};
    kt_srand(2024);
    for (int i = 0; i < ROUNDS; i++) {
        void *p;
        size_t s = sz[kt_rand() & 7];
        uintptr_t t0 = board_cycles();
        tk_heap_alloc(&heap, s, &p);
        tk_heap_free(&heap, p);
        sample(board_cycles() - t0);
        KT_CHECK(p != NULL);
    }
    report("Mem", CH32_MEM);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
