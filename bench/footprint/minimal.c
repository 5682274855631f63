/* Footprint, minimal configuration: two threads, tk_yield and a semaphore, and nothing else
 * of the kernel's API.  Linked with --gc-sections, the image holds only the kernel code these
 * calls reach (bench/footprint/footprint.mk measures it).  It runs: a ping-pong of 10 rounds,
 * then exit status 0 (anything else is a failure of the configuration). */
#include "tempo.h"
#include "bsp.h"

#define ROUNDS 10
static struct tk_thread ping_thread, pong_thread;
static uintptr_t ping_stack[TK_STACK_MIN / sizeof(uintptr_t) * 2];
static uintptr_t pong_stack[TK_STACK_MIN / sizeof(uintptr_t) * 2];
static struct tk_sem ball;
static volatile unsigned rounds;

static void ping(void *arg)
{
    (void)arg;
    for (unsigned i = 0; i < ROUNDS; i++) {
        if (tk_sem_post(&ball) != TK_OK)
            board_exit(1);
        if (tk_yield() != TK_OK)
            board_exit(2);
    }
    board_exit(rounds == ROUNDS ? 0 : 3);
}

static void pong(void *arg)
{
    (void)arg;
    for (;;) {
        if (tk_sem_pend(&ball, TK_FOREVER) != TK_OK)
            board_exit(4);
        rounds++;
        if (tk_yield() != TK_OK)
            board_exit(5);
    }
}

int main(void)
{
    tk_init();
    tk_sem_init(&ball, 0, 1);
    tk_thread_create(&ping_thread, "ping", ping, 0, ping_stack, sizeof ping_stack, 1, 0);
    tk_thread_create(&pong_thread, "pong", pong, 0, pong_stack, sizeof pong_stack, 1, 0);
    tk_start();
}
