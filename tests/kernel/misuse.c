/* Misuse that used to corrupt the kernel silently, now refused with an error code:
 * - a stack size that wraps the end of the address space (it used to overwrite memory below
 *   the stack);
 * - a time slice given to an exited thread (it used to keep the kernel ticking forever). */
#include "ktest.h"

static struct tk_thread ctl, t1;
KT_STACK(s_ctl);
/* t1's stack between two canaries: creation must not write outside it. */
static uintptr_t s_t1_area[KT_STACK_WORDS + 2] __attribute__((aligned(16)));
#define S_T1 (&s_t1_area[1])
#define CANARY ((uintptr_t)0x5AFEC0DEu)

static volatile int ran;
static void body(void *arg)
{
    (void)arg;
    ran++;
}

static inline uintptr_t instret(void)
{
    uintptr_t v;
    __asm__ volatile("rdinstret %0" : "=r"(v));
    return v;
}

/* Stack sizes: below TK_STACK_MIN, above TK_STACK_MAX, or running past the end of the address
 * space are refused, and nothing is written. */
static void stack_sizes(void)
{
    const size_t words = KT_STACK_WORDS * sizeof(uintptr_t);
    const size_t to_end = UINTPTR_MAX - (uintptr_t)S_T1; /* largest size that does not wrap */
    const size_t bad[] = {(size_t)-1, to_end + 1, to_end + 16, TK_STACK_MAX + 1,
                          TK_STACK_MIN - 1, 0};
    s_t1_area[0] = CANARY;
    s_t1_area[KT_STACK_WORDS + 1] = CANARY;
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        KT_EQ(tk_thread_create(&t1, "t1", body, 0, S_T1, bad[i], 3, 0), TK_EINVAL);
    KT_EQ(s_t1_area[0], CANARY);
    KT_EQ(s_t1_area[KT_STACK_WORDS + 1], CANARY);
    KT_EQ(tk_thread_create(&t1, "t1", body, 0, S_T1, words, 3, 0), TK_OK);
    KT_EQ(ran, 1);
    KT_EQ(s_t1_area[0], CANARY);
    KT_EQ(s_t1_area[KT_STACK_WORDS + 1], CANARY);
}

/* A slice for an exited thread is refused; the kernel stays tickless. */
static void slice_of_exited(void)
{
    KT_EQ(tk_thread_state(&t1), TK_STATE_EXITED);
    KT_EQ(tk_thread_set_slice(&t1, 5), TK_ESTATE);
    KT_EQ(tk_thread_set_slice(&t1, 0), TK_ESTATE);
    /* re-created over the exited thread, t1 starts without a slice */
    KT_EQ(tk_thread_create(&t1, "t1", body, 0, S_T1, KT_STACK_WORDS * sizeof(uintptr_t), 6,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_set_slice(&t1, 5), TK_OK);
    KT_EQ(tk_thread_resume(&t1), TK_OK); /* lower priority: runs when ctl sleeps, exits */
    KT_EQ(tk_delay(2), TK_OK);
    KT_EQ(tk_thread_state(&t1), TK_STATE_EXITED);
    /* a 200-tick sleep with nothing due takes one interrupt, not 200 */
    uintptr_t i0 = instret();
    KT_EQ(tk_delay(200), TK_OK);
    uintptr_t di = instret() - i0;
    kt_log_num("instructions retired over a 200-tick idle sleep: ", di);
    if (!kt_on_qemu())
        KT_CHECK(di < 2000);
}

static void ctl_main(void *arg)
{
    (void)arg;
    stack_sizes();
    slice_of_exited();
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
