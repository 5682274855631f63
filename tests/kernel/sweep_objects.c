/* Integer-parameter sweep (sweep.h), part 2: event flags, message and blocking queues, pools,
 * the heap and interrupts.  Values that the kernel accepts but that describe the caller's
 * memory (a heap larger than the buffer at hand, up to its maximum) are not tried. */
#include "sweep.h"

static struct tk_thread ctl;
KT_STACK(s_ctl);
static struct tk_event ev;
static struct tk_msgq mq;
static struct tk_bmq bq;
static uint32_t q_buf[4];
static uintptr_t pool_buf[64];
static struct tk_pool pool;
static uint64_t heap_mem[128];
static struct tk_heap heap;

/* ---- event flags: init(bits), set(bits), clear(bits), wait(bits, options, timeout) ---- */
static int ev_call(tk_tick_t t)
{
    uint32_t got;
    return tk_event_wait(&ev, 1, TK_EVENT_ANY | TK_EVENT_CLEAR, &got, t);
}
static void ev_wake(void) { KT_EQ(tk_event_set(&ev, 1), TK_OK); }

static void events(void)
{
    uint32_t b, got;
    SW_FOR(v, 32, 0xFFFFFFFFu) {
        SW_EQ(v, tk_event_init(&ev, (uint32_t)v), TK_OK);
        KT_EQ(tk_event_get(&ev, &b), TK_OK);
        SW_EQ(v, b == (uint32_t)v, 1);
        SW_EQ(v, tk_event_clear(&ev, (uint32_t)v), TK_OK);
        KT_EQ(tk_event_get(&ev, &b), TK_OK);
        SW_EQ(v, b, 0);
        SW_EQ(v, tk_event_set(&ev, (uint32_t)v), TK_OK);
        KT_EQ(tk_event_get(&ev, &b), TK_OK);
        SW_EQ(v, b == (uint32_t)v, 1);
        /* bits: any non-zero set; all of them are set now */
        int rc = tk_event_wait(&ev, (uint32_t)v, TK_EVENT_ALL, &got, TK_NOWAIT);
        SW_EQ(v, rc, v ? TK_OK : TK_EINVAL);
        if (rc == TK_OK)
            SW_EQ(v, got == (uint32_t)v, 1);
    }
    KT_EQ(tk_event_init(&ev, 1), TK_OK);
    SW_FOR(v, 32, TK_EVENT_ALL | TK_EVENT_CLEAR) { /* options */
        KT_EQ(tk_event_set(&ev, 1), TK_OK);
        SW_EQ(v, tk_event_wait(&ev, 1, (unsigned)v, &got, TK_NOWAIT),
              v <= (TK_EVENT_ALL | TK_EVENT_CLEAR) ? TK_OK : TK_EINVAL);
    }
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    struct sw_wait w = {ev_call, ev_wake, 0, 0, 0};
    sw_timeouts(&w);
}

/* ---- queues: init(msg_bytes, capacity), recv(timeout), bmq send(timeout) ---- */
static int mq_call(tk_tick_t t)
{
    uint32_t m;
    return tk_msgq_recv(&mq, &m, t);
}
static void mq_wake(void)
{
    uint32_t m = 1;
    KT_EQ(tk_msgq_send(&mq, &m), TK_OK);
}
static int bq_recv_call(tk_tick_t t)
{
    uint32_t m;
    return tk_bmq_recv(&bq, &m, t);
}
static void bq_recv_wake(void)
{
    uint32_t m = 1;
    KT_EQ(tk_bmq_send(&bq, &m, TK_NOWAIT), TK_OK);
}
static int bq_send_call(tk_tick_t t)
{
    uint32_t m = 2;
    return tk_bmq_send(&bq, &m, t);
}
static void bq_send_wake(void) /* takes one message: the waiting sender's goes in */
{
    uint32_t m;
    KT_EQ(tk_bmq_recv(&bq, &m, TK_NOWAIT), TK_OK);
}

/* msg_bytes: a multiple of 4 from 4 to 1024; capacity 1..65535.  The buffer is not touched by
 * the initialisation, so a large capacity is accepted here and never used. */
static int ring_ok(uint64_t bytes, uint64_t cap)
{
    return bytes >= 4 && bytes <= 1024 && bytes % 4 == 0 && cap >= 1 && cap <= 0xFFFF;
}

static void queues(void)
{
    SW_FOR(v, XLEN, 1024) {
        SW_EQ(v, tk_msgq_init(&mq, q_buf, (size_t)v, 1), ring_ok(v, 1) ? TK_OK : TK_EINVAL);
        SW_EQ(v, tk_bmq_init(&bq, q_buf, (size_t)v, 1), ring_ok(v, 1) ? TK_OK : TK_EINVAL);
    }
    const size_t bytes[] = {3, 4, 5, 8, 1020, 1023, 1024, 1028};
    for (unsigned i = 0; i < sizeof bytes / sizeof bytes[0]; i++)
        SW_EQ(bytes[i], tk_msgq_init(&mq, q_buf, bytes[i], 1),
              ring_ok(bytes[i], 1) ? TK_OK : TK_EINVAL);
    SW_FOR(v, XLEN, 0xFFFF) {
        SW_EQ(v, tk_msgq_init(&mq, q_buf, 4, (size_t)v), ring_ok(4, v) ? TK_OK : TK_EINVAL);
        SW_EQ(v, tk_bmq_init(&bq, q_buf, 4, (size_t)v), ring_ok(4, v) ? TK_OK : TK_EINVAL);
    }
    KT_EQ(tk_msgq_init(&mq, q_buf, 4, 4), TK_OK);
    struct sw_wait w1 = {mq_call, mq_wake, 0, 0, 0};
    sw_timeouts(&w1);
    KT_EQ(tk_bmq_init(&bq, q_buf, 4, 4), TK_OK);
    struct sw_wait w2 = {bq_recv_call, bq_recv_wake, 0, 0, 0};
    sw_timeouts(&w2);
    uint32_t m = 3;
    for (int i = 0; i < 4; i++) /* full: a send waits */
        KT_EQ(tk_bmq_send(&bq, &m, TK_NOWAIT), TK_OK);
    struct sw_wait w3 = {bq_send_call, bq_send_wake, 0, 0, 0};
    sw_timeouts(&w3);
}

/* ---- pool: init(buf_bytes, block_bytes, count) over a real buffer ---- */
static int pool_ok(uint64_t buf_bytes, uint64_t block, uint64_t count)
{
    if (block == 0 || block > TK_POOL_BLOCK_MAX || count == 0 || count > TK_POOL_COUNT_MAX)
        return 0;
    uint64_t stride = ((block + sizeof(void *) - 1) & ~(uint64_t)(sizeof(void *) - 1)) +
                      sizeof(void *);
    return count * stride <= buf_bytes && count * stride < ((uint64_t)1 << 31) &&
           buf_bytes <= UINTPTR_MAX - (uintptr_t)pool_buf;
}

static void pools(void)
{
    void *p;
    SW_FOR(v, XLEN, TK_POOL_BLOCK_MAX) { /* block_bytes */
        int rc = tk_pool_init(&pool, pool_buf, sizeof pool_buf, (size_t)v, 2);
        SW_EQ(v, rc, pool_ok(sizeof pool_buf, v, 2) ? TK_OK : TK_EINVAL);
        if (rc == TK_OK) {
            SW_EQ(v, tk_pool_alloc(&pool, &p), TK_OK);
            SW_EQ(v, tk_pool_free(&pool, p), TK_OK);
        }
    }
    SW_FOR(v, XLEN, TK_POOL_COUNT_MAX) { /* count */
        SW_EQ(v, tk_pool_init(&pool, pool_buf, sizeof pool_buf, 8, (size_t)v),
              pool_ok(sizeof pool_buf, 8, v) ? TK_OK : TK_EINVAL);
    }
    SW_FOR(v, XLEN, UINTPTR_MAX - (uintptr_t)pool_buf) { /* buf_bytes: only `need` is used */
        SW_EQ(v, tk_pool_init(&pool, pool_buf, (size_t)v, 8, 2),
              pool_ok(v, 8, 2) ? TK_OK : TK_EINVAL);
    }
}

/* ---- heap: init(bytes), alloc(bytes) ---- */
#define HEAP_MAX (((size_t)1 << (TK_HEAP_FL + 5)) - 1)
static void heaps(void)
{
    void *p;
    SW_FOR(v, XLEN, HEAP_MAX) {
        if (v > sizeof heap_mem && v <= HEAP_MAX)
            continue; /* the caller's memory: not at hand */
        SW_EQ(v, tk_heap_init(&heap, heap_mem, (size_t)v),
              v >= 64 && v <= HEAP_MAX ? TK_OK : TK_EINVAL);
    }
    SW_EQ(sizeof heap_mem, tk_heap_init(&heap, heap_mem, sizeof heap_mem), TK_OK);
    SW_FOR(v, XLEN, sizeof heap_mem) {
        int rc = tk_heap_alloc(&heap, (size_t)v, &p);
        SW_EQ(v, rc, v == 0 ? TK_EINVAL : v <= sizeof heap_mem / 2 ? TK_OK : TK_ENOMEM);
        if (rc == TK_OK)
            SW_EQ(v, tk_heap_free(&heap, p), TK_OK);
    }
}

/* ---- interrupts: attach(irq), unlock(state) ---- */
static void interrupts(void)
{
    SW_FOR(v, 32, TK_IRQ_EXTERNAL) {
        SW_EQ(v, tk_irq_attach((unsigned)v, NULL, 0),
              v == TK_IRQ_SOFTWARE || v == TK_IRQ_EXTERNAL ? TK_OK : TK_EINVAL);
    }
    SW_FOR(v, XLEN, UINTPTR_MAX) { /* only the interrupt-enable bit of the state counts */
        unsigned long s = tk_irq_lock();
        tk_irq_unlock((unsigned long)v & ~8ul);
        SW_EQ(v, tk_irq_lock() & 8ul, 0); /* still off */
        tk_irq_unlock((unsigned long)v);
        SW_EQ(v, tk_irq_lock() & 8ul, (unsigned long)v & 8ul);
        tk_irq_unlock(s);
    }
}

static void ctl_main(void *arg)
{
    (void)arg;
    events();
    queues();
    pools();
    heaps();
    interrupts();
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, TK_PRIO_LOWEST, 0),
          TK_OK);
    tk_start();
}
