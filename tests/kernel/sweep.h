/* The integer-parameter sweep shared by sweep_threads.c and sweep_objects.c: every integer
 * parameter of every call is tried at 0, 1, 2, its documented maximum - 1, maximum and
 * maximum + 1, 2^31 - 1, 2^31, 2^32 - 2, 2^32 - 1, 2^32, 2^63 and 2^64 - 1 (those its type
 * can hold), and each outcome is checked against the documented one (tempo.h). */
#ifndef SWEEP_H
#define SWEEP_H
#include "ktest.h"

#define SW_MAXV 16

/* The values tried for a parameter of `bits` bits (32 or 64) whose documented maximum is max;
 * returns how many. */
static unsigned sw_values(uint64_t *out, unsigned bits, uint64_t max)
{
    static const uint64_t base[] = {0, 1, 2, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu,
                                    (uint64_t)1 << 32, (uint64_t)1 << 63, ~(uint64_t)0};
    const uint64_t lim = bits == 64 ? ~(uint64_t)0 : 0xFFFFFFFFu;
    const uint64_t edge[] = {max - 1, max, max + 1};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof base / sizeof base[0]; i++)
        if (base[i] <= lim)
            out[n++] = base[i];
    for (unsigned i = 0; i < 3; i++)
        if (edge[i] <= lim && (i < 2 || max < lim))
            out[n++] = edge[i];
    return n;
}

#define SW_FOR(v, bits, max)                                                                 \
    for (uint64_t vals_[SW_MAXV], v, n_ = sw_values(vals_, (bits), (max)), i_ = 0;          \
         i_ < n_ && ((v = vals_[i_]), 1); i_++)

/* A check naming the value tried when it fails (without the expression's text: these images
 * must fit the paper SoC's 32 KiB of code). */
static void sw_fail(const char *file, int line, uint64_t v, long got, long want)
{
    kt_log_num("sweep: value ", v);
    kt_fail(file, line, "outcome", got, want);
}
#define SW_EQ(v, got, want)                                                                  \
    do {                                                                                     \
        long g_ = (long)(got), w_ = (long)(want);                                            \
        if (g_ != w_)                                                                        \
            sw_fail(__FILE__, __LINE__, (v), g_, w_);                                        \
    } while (0)

#define XLEN (8 * sizeof(uintptr_t))

/* A timeout is valid as TK_NOWAIT, 1..TK_TIMEOUT_MAX or TK_FOREVER. */
static int sw_timeout_ok(uint64_t t)
{
    return t <= TK_TIMEOUT_MAX || t == TK_FOREVER;
}

/* The timeout sweep of one blocking call, run by a helper thread of a higher priority than
 * the caller: call(t) must wait.  For each timeout: TK_NOWAIT returns TK_EAGAIN at once, an
 * invalid one TK_EINVAL at once, 1 times out at the next tick (TK_ETIMEOUT), a longer one (or
 * TK_FOREVER) still waits after a tick and returns TK_OK once wake() serves it. */
struct sw_wait {
    int (*call)(tk_tick_t t);
    void (*wake)(void);
    volatile tk_tick_t t;
    volatile int rc, done;
};
static struct tk_thread sw_helper;
static uintptr_t sw_helper_stack[KT_STACK_WORDS] __attribute__((aligned(16)));

static void sw_helper_main(void *arg)
{
    struct sw_wait *w = arg;
    w->rc = w->call(w->t);
    w->done = 1;
}

static void sw_timeouts(struct sw_wait *w)
{
    SW_FOR(v, 32, TK_TIMEOUT_MAX) {
        w->t = (tk_tick_t)v;
        w->done = 0;
        w->rc = 99;
        KT_EQ(tk_thread_create(&sw_helper, "helper", sw_helper_main, w, sw_helper_stack,
                               sizeof sw_helper_stack, 1, 0), TK_OK);
        if (v == TK_NOWAIT || !sw_timeout_ok(v)) {
            SW_EQ(v, w->done, 1);
            SW_EQ(v, w->rc, v == TK_NOWAIT ? TK_EAGAIN : TK_EINVAL);
            continue;
        }
        SW_EQ(v, w->done, 0);
        KT_EQ(tk_delay(1), TK_OK);
        if (v == 1) {
            SW_EQ(v, w->done, 1);
            SW_EQ(v, w->rc, TK_ETIMEOUT);
            continue;
        }
        SW_EQ(v, w->done, 0);
        w->wake();
        SW_EQ(v, w->done, 1);
        SW_EQ(v, w->rc, TK_OK);
    }
}
#endif
