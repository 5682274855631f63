/* ThreadX's footprint, beside Tempo's minimal configuration (bench/footprint/minimal.c): two
 * threads, a relinquish and a semaphore, and nothing else of the kernel's API.  Linked with
 * --gc-sections, the image holds only the ThreadX code these calls reach, plus the tick
 * processing the board's timer interrupt calls (threadx/threadx.mk measures it).  It runs: a
 * ping-pong of 10 rounds, then exit status 0. */
#define TX_DISABLE_ERROR_CHECKING
#include "tx_api.h"
#include "bsp.h"

#define ROUNDS 10
static TX_THREAD ping_thread, pong_thread;
static ULONG ping_stack[TX_MINIMUM_STACK / sizeof(ULONG)];
static ULONG pong_stack[TX_MINIMUM_STACK / sizeof(ULONG)];
static TX_SEMAPHORE ball;
static volatile unsigned rounds;

static VOID ping(ULONG arg)
{
    (void)arg;
    for (unsigned i = 0; i < ROUNDS; i++) {
        if (tx_semaphore_put(&ball) != TX_SUCCESS)
            board_exit(1);
        tx_thread_relinquish();
    }
    board_exit(rounds == ROUNDS ? 0 : 3);
}

static VOID pong(ULONG arg)
{
    (void)arg;
    for (;;) {
        if (tx_semaphore_get(&ball, TX_WAIT_FOREVER) != TX_SUCCESS)
            board_exit(4);
        rounds++;
        tx_thread_relinquish();
    }
}

VOID tx_application_define(VOID *first_unused_memory)
{
    (void)first_unused_memory;
    tx_semaphore_create(&ball, "ball", 0);
    tx_thread_create(&ping_thread, "ping", ping, 0, ping_stack, sizeof ping_stack, 1, 1,
                     TX_NO_TIME_SLICE, TX_AUTO_START);
    tx_thread_create(&pong_thread, "pong", pong, 0, pong_stack, sizeof pong_stack, 1, 1,
                     TX_NO_TIME_SLICE, TX_AUTO_START);
}

int main(void)
{
    tx_kernel_enter();
    return 6;
}
