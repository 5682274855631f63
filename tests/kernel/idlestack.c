/* The idle thread's stack is the program's to size (tempo.h TK_IDLE_STACK): interrupts that
 * land on the idle thread run their handlers on it, here a handler with a 400-byte frame,
 * more than the default stack leaves at RV32 below the trap frame.  Asserts the idle thread
 * runs on the program's array, the handler ran on it each time (its frame inside the array),
 * and the guard word and the words around the array are intact. */
#include "ktest.h"

#define IDLE_BYTES 2048
#define ROUNDS 20
static volatile uintptr_t below[4];
TK_IDLE_STACK(IDLE_BYTES);
static volatile uintptr_t above[4];
extern struct tk_thread tk_idle; /* kernel/sched.c */

static struct tk_thread ctl;
KT_STACK(s_ctl);
static struct tk_sem sem;
static volatile int on_idle, runs;
static volatile uintptr_t frame_at;

static __attribute__((noinline)) void deep_body(void)
{
    volatile uint8_t frame[400];
    for (unsigned i = 0; i < sizeof frame; i++)
        frame[i] = (uint8_t)i;
    frame_at = (uintptr_t)frame;
    if (tk_thread_self() == &tk_idle)
        on_idle++;
    runs++;
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
}

static void ctl_main(void *arg)
{
    (void)arg;
    KT_CHECK(tk_idle.stack_guard == (uintptr_t *)tk_idle_stack);
    KT_EQ(tk_idle_stack_bytes, IDLE_BYTES);
    for (int i = 0; i < ROUNDS; i++) {
        kt_irq_fire(300);
        KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
        if (tk_thread_self() != &tk_idle && on_idle) {
            KT_CHECK(frame_at > (uintptr_t)tk_idle_stack);
            KT_CHECK(frame_at < (uintptr_t)tk_idle_stack + IDLE_BYTES);
        }
    }
    KT_EQ(runs, ROUNDS);
    if (!kt_on_qemu())
        KT_EQ(on_idle, ROUNDS);
    KT_EQ(*tk_idle.stack_guard, (uintptr_t)tk_idle.stack_guard);
    for (int i = 0; i < 4; i++) {
        KT_EQ(below[i], 0);
        KT_EQ(above[i], 0);
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    kt_irq_setup(deep_body);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 3, 0), TK_OK);
    tk_start();
}
