/* Randomised stress (seeded, reproducible): eight threads and a device interrupt exchange
 * numbered messages through every object kind (message queue, blocking queue, mailbox, FIFO
 * with pool blocks, semaphore, event flags, a mutex-protected counter, heap blocks) under the
 * tick and random interrupts for tens of millions of cycles, some of them armed a few cycles
 * before a switch.  Checks: nothing lost or duplicated (per-sender sequence numbers, totals),
 * mutual exclusion, memory returned, and, continuously, the scheduling invariant: no thread
 * runs while a higher-priority one is ready. */
#include "ktest.h"

#ifndef KT_SEED
#define KT_SEED 0x7E3A51u
#endif
#define RUN_TICKS 500 /* 50 million cycles on the paper SoC */
#define NT 8

static struct tk_thread ctl, th[NT];
KT_STACK(s_ctl); KT_STACK(s0); KT_STACK(s1); KT_STACK(s2); KT_STACK(s3);
KT_STACK(s4); KT_STACK(s5); KT_STACK(s6); KT_STACK(s7);
static uintptr_t *const stk[NT] = {s0, s1, s2, s3, s4, s5, s6, s7};
static const unsigned prio[NT] = {6, 7, 5, 8, 9, 3, 10, 2};

struct msg { uint32_t sender, seq; };
static struct tk_msgq q;
static struct tk_bmq b;
static uint32_t q_buf[4 * 2], b_buf[3 * 2];
static struct tk_sem sem;
static struct tk_event ev;
static struct tk_mutex mtx;
static struct tk_fifo fifo;
static struct tk_pool pool;
struct node { struct tk_fifo_node link; uint32_t seq; };
static uintptr_t pool_buf[TK_POOL_BYTES(sizeof(struct node), 6) / sizeof(uintptr_t)];
static struct tk_heap heap;
static uint64_t heap_mem[1024 / 8];

static volatile int stop;
static volatile uint32_t q_sent[16], q_recv[16], b_sent[16], b_recv[16];
static volatile uint32_t mail_sent, mail_recv, isr_mail_sent, isr_mail_recv;
static volatile uint32_t fifo_put, fifo_got, sem_posts, sem_pends, ev_sets, ev_gets;
static volatile uint32_t shared, incs[NT], isr_count, prio_checks;
/* The nesting configuration's second level (sw_body) */
static volatile uint32_t sw_count, sw_sem_posts, sw_ev_sets, nested_count;
static uint32_t rng[NT + 1];

static uint32_t rnd(int who)
{
    uint32_t x = rng[who];
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng[who] = x;
}

/* Nothing of a higher priority than the caller may be ready while the caller runs. */
static void check_prio(void)
{
    int me = tk_thread_priority(NULL);
    for (int i = 0; i < NT; i++) {
        if (&th[i] == tk_thread_self() || tk_thread_state(&th[i]) != TK_STATE_READY)
            continue;
        KT_CHECK(tk_thread_priority(&th[i]) >= me);
    }
    prio_checks++;
}

static void heap_churn(int who)
{
    void *p;
    size_t n = 1 + rnd(who) % 96;
    if (tk_heap_alloc(&heap, n, &p) == TK_OK) {
        uint8_t *c = p;
        for (size_t i = 0; i < n; i++)
            c[i] = (uint8_t)who;
        if (rnd(who) & 1)
            tk_yield();
        for (size_t i = 0; i < n; i++)
            KT_EQ(c[i], who);
        KT_EQ(tk_heap_free(&heap, p), TK_OK);
    }
}

static void mutex_work(int who)
{
    KT_EQ(tk_mutex_lock(&mtx, TK_FOREVER), TK_OK);
    uint32_t v = shared;
    if (rnd(who) & 1)
        tk_yield();
    else if ((rnd(who) & 7) == 0)
        tk_delay(1);
    shared = v + 1; /* lost updates would show if exclusion failed */
    incs[who]++;
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK);
}

static void worker(void *arg)
{
    int who = (int)(uintptr_t)arg;
    uint32_t next_q[16] = {0}, next_b[16] = {0};
    while (!stop) {
        check_prio();
        uint32_t r = rnd(who);
        switch (who) {
        case 0: { /* message queue producer, FIFO producer */
            struct msg m = {0, q_sent[0]};
            if (tk_msgq_send(&q, &m) == TK_OK)
                q_sent[0]++;
            void *blk;
            if (tk_pool_alloc(&pool, &blk) == TK_OK) {
                struct node *n = blk;
                n->seq = fifo_put;
                KT_EQ(tk_fifo_put(&fifo, &n->link), TK_OK);
                fifo_put++;
            }
            if (kt_on_qemu() && (r & 3) == 0)
                kt_irq_fire(0);
            if (TK_IRQ_NESTING && !kt_on_qemu() && (r & 3) == 1)
                tk_irq_raise_software();
            tk_delay(r & 1);
            break;
        }
        case 1: { /* blocking-queue producer: blocks when full, may time out */
            struct msg m = {1, b_sent[1]};
            int rc = tk_bmq_send(&b, &m, (r & 1) ? TK_FOREVER : 1 + (r >> 8) % 3);
            if (stop && rc != TK_OK)
                break;
            KT_CHECK(rc == TK_OK || rc == TK_ETIMEOUT);
            if (rc == TK_OK)
                b_sent[1]++;
            break;
        }
        case 2: { /* message queue consumer: per-sender order */
            struct msg m;
            int rc = tk_msgq_recv(&q, &m, 1 + r % 3);
            if (rc == TK_OK) {
                KT_CHECK(m.sender < 16);
                KT_EQ(m.seq, next_q[m.sender]);
                next_q[m.sender]++;
                q_recv[m.sender]++;
            } else {
                KT_EQ(rc, TK_ETIMEOUT);
            }
            break;
        }
        case 3: { /* blocking-queue consumer (lower priority: the producer blocks), FIFO */
            struct msg m;
            int rc = tk_bmq_recv(&b, &m, 1 + r % 2);
            if (rc == TK_OK) {
                KT_CHECK(m.sender < 16);
                KT_EQ(m.seq, next_b[m.sender]);
                next_b[m.sender]++;
                b_recv[m.sender]++;
            }
            struct tk_fifo_node *fn;
            while (tk_fifo_get(&fifo, &fn) == TK_OK) {
                struct node *n = (struct node *)fn;
                KT_EQ(n->seq, fifo_got);
                fifo_got++;
                KT_EQ(tk_pool_free(&pool, n), TK_OK);
            }
            heap_churn(who);
            break;
        }
        case 4: /* mutex, event flags from the interrupt */
        case 5: {
            mutex_work(who);
            uint32_t got;
            if (tk_event_wait(&ev, 1, TK_EVENT_ANY | TK_EVENT_CLEAR, &got, r % 2) == TK_OK)
                ev_gets++;
            heap_churn(who);
            break;
        }
        case 6: { /* mail sender */
            int rc = tk_mail_send(&th[7], (uintptr_t)mail_sent);
            if (rc == TK_OK)
                mail_sent++;
            else
                KT_EQ(rc, TK_EFULL);
            mutex_work(who);
            tk_delay(r & 1);
            break;
        }
        case 7: { /* highest: mail receiver, semaphore */
            uintptr_t w;
            /* now and then the interrupt a few cycles ahead of the switch the wait makes:
             * it lands as the preempted thread is switched back in */
            if (!kt_on_qemu() && (r & 0x300) == 0)
                kt_irq_after((r >> 10) % 96);
            if (tk_mail_recv(&w, 1 + r % 2) == TK_OK) {
                if (w & 0x80000000u) {
                    isr_mail_recv++;
                } else {
                    KT_EQ(w, mail_recv);
                    mail_recv++;
                }
            }
            if (tk_sem_pend(&sem, r % 2) == TK_OK)
                sem_pends++;
            break;
        }
        }
    }
}

static void isr_body(void)
{
    uint32_t r = rnd(NT);
    isr_count++;
#if TK_IRQ_NESTING
    if (tk_irq_nesting() > 1)
        nested_count++;
#endif
    struct msg m = {9, q_sent[9]};
    if (tk_msgq_send_from_isr(&q, &m) == TK_OK)
        q_sent[9]++;
    struct msg mb = {10, b_sent[10]};
    if (tk_bmq_send_from_isr(&b, &mb) == TK_OK)
        b_sent[10]++;
    if (tk_sem_post_from_isr(&sem) == TK_OK)
        sem_posts++;
    if (tk_event_set_from_isr(&ev, 1) == TK_OK)
        ev_sets++;
    if ((r & 3) == 0 && tk_mail_send_from_isr(&th[7], 0x80000000u | isr_mail_sent) == TK_OK)
        isr_mail_sent++;
    if (!stop && !kt_on_qemu())
        kt_irq_after(3000 + r % 30000);
}

#if TK_IRQ_NESTING
/* The nesting configuration (kernel/kernel.mk: nest-<cfg>/stress.elf): a second interrupt
 * level.  The workers raise the software interrupt; its handler, of a lower priority than
 * the device's, posts to the same objects with its own sender ids and counters (the device's
 * handler may preempt it in the middle of an update) and lingers a little, so that the
 * device's interrupt comes inside it. */
static void sw_body(void *arg)
{
    (void)arg;
    sw_count++;
    struct msg m = {11, q_sent[11]};
    if (tk_msgq_send_from_isr(&q, &m) == TK_OK)
        q_sent[11]++;
    struct msg mb = {12, b_sent[12]};
    if (tk_bmq_send_from_isr(&b, &mb) == TK_OK)
        b_sent[12]++;
    if (tk_sem_post_from_isr(&sem) == TK_OK)
        sw_sem_posts++;
    for (volatile int i = 0; i < 100; i++)
        ;
    if (tk_event_set_from_isr(&ev, 1) == TK_OK)
        sw_ev_sets++;
}
#endif

static void ctl_main(void *arg)
{
    (void)arg;
    kt_log_num("stress seed: ", KT_SEED);
    for (int i = 0; i <= NT; i++)
        rng[i] = KT_SEED * (uint32_t)(2 * i + 1) | 1;
    KT_EQ(tk_msgq_init(&q, q_buf, sizeof(struct msg), 4), TK_OK);
    KT_EQ(tk_bmq_init(&b, b_buf, sizeof(struct msg), 3), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1000000), TK_OK);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_fifo_init(&fifo), TK_OK);
    KT_EQ(tk_pool_init(&pool, pool_buf, sizeof pool_buf, sizeof(struct node), 6), TK_OK);
    KT_EQ(tk_heap_init(&heap, heap_mem, sizeof heap_mem), TK_OK);
    size_t heap_all = 0, heap_end = 0;
    KT_EQ(tk_heap_free_bytes(&heap, &heap_all), TK_OK);
    kt_irq_setup(isr_body);
#if TK_IRQ_NESTING
    if (!kt_on_qemu()) {
        KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, sw_body, 0), TK_OK);
        KT_EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_OK);
        KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 2), TK_OK);
    }
#endif
    for (int i = 0; i < NT; i++)
        KT_EQ(tk_thread_create(&th[i], "w", worker, (void *)(uintptr_t)i, stk[i],
                               KT_STACK_WORDS * sizeof(uintptr_t), prio[i], 0), TK_OK);
    kt_irq_fire(5000);
    KT_EQ(tk_delay(RUN_TICKS), TK_OK);
    stop = 1;
    KT_EQ(tk_delay(10), TK_OK); /* every worker sees stop within its timeouts */
    for (int i = 0; i < NT; i++) {
        if (tk_thread_state(&th[i]) != TK_STATE_EXITED) {
            /* a producer blocked forever on a full queue: drain to let it finish */
            struct msg m;
            while (tk_bmq_recv(&b, &m, TK_NOWAIT) == TK_OK) {
                b_recv[m.sender]++;
            }
            KT_EQ(tk_delay(3), TK_OK);
        }
        KT_EQ(tk_thread_state(&th[i]), TK_STATE_EXITED);
    }
    /* drain what is still queued */
    struct msg m;
    while (tk_msgq_recv(&q, &m, TK_NOWAIT) == TK_OK)
        q_recv[m.sender]++;
    while (tk_bmq_recv(&b, &m, TK_NOWAIT) == TK_OK)
        b_recv[m.sender]++;
    struct tk_fifo_node *fn;
    while (tk_fifo_get(&fifo, &fn) == TK_OK) {
        fifo_got++;
        KT_EQ(tk_pool_free(&pool, fn), TK_OK);
    }
    uintptr_t w;
    (void)w;

    kt_log_num("interrupts: ", isr_count);
    kt_log_num("msgq messages: ", q_recv[0] + q_recv[9]);
    kt_log_num("bmq messages: ", b_recv[1] + b_recv[10]);
    kt_log_num("mails: ", mail_recv + isr_mail_recv);
    kt_log_num("mutex increments: ", shared);
    kt_log_num("priority checks: ", prio_checks);
    KT_CHECK(isr_count > 50);
    if (TK_IRQ_NESTING) {
        kt_log_num("software interrupts: ", sw_count);
        kt_log_num("nested interrupts: ", nested_count);
        KT_CHECK(sw_count > 50 && nested_count > 0);
        KT_CHECK(q_recv[11] > 20);
    }
    for (int s = 0; s < 16; s++) {
        KT_EQ(q_recv[s], q_sent[s]);
        KT_EQ(b_recv[s], b_sent[s]);
    }
    KT_CHECK(q_recv[0] > 50 && q_recv[9] > 20 && b_recv[1] > 50);
    KT_EQ(fifo_got, fifo_put);
    void *blk[6], *none; /* every block came back, none twice */
    for (int i = 0; i < 6; i++)
        KT_EQ(tk_pool_alloc(&pool, &blk[i]), TK_OK);
    KT_EQ(tk_pool_alloc(&pool, &none), TK_ENOMEM);
    uint32_t total = 0;
    for (int i = 0; i < NT; i++)
        total += incs[i];
    KT_EQ(shared, total);
    KT_CHECK(shared > 50);
    uint32_t sem_left = 0;
    KT_EQ(tk_sem_count(&sem, &sem_left), TK_OK);
    KT_EQ(sem_posts + sw_sem_posts, sem_pends + sem_left);
    KT_CHECK(ev_gets <= ev_sets + sw_ev_sets && ev_gets > 10);
    /* every mail sent was received, except one still in the mailbox */
    uint32_t in_box = (uint32_t)(tk_mail_send(&th[7], 0) == TK_EFULL);
    KT_EQ(mail_sent + isr_mail_sent, mail_recv + isr_mail_recv + in_box);
    KT_EQ(tk_heap_free_bytes(&heap, &heap_end), TK_OK);
    KT_EQ(heap_end, heap_all);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 0, 0), TK_OK);
    tk_start();
}
