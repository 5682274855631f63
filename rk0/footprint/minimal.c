/* RK0's footprint, beside Tempo's minimal configuration (bench/footprint/minimal.c): two
 * tasks, a yield and a semaphore, and nothing else of the kernel's API.  Linked with
 * --gc-sections, the image holds only the RK0 code these calls reach, plus what every RK0
 * system has (its idle and post-processing tasks, the tick) and the port (rk0/rk0.mk measures
 * it).  It runs: a ping-pong of 10 rounds, then exit status 0. */
#include <kapi.h>
#include "bsp.h"

#define ROUNDS 10
#define STACK_WORDS RK_MIN_STACKSIZE
static RK_TASK_HANDLE ping_task, pong_task;
static RK_STACK ping_stack[STACK_WORDS] __attribute__((aligned(16)));
static RK_STACK pong_stack[STACK_WORDS] __attribute__((aligned(16)));
static RK_SEMAPHORE ball;
static volatile unsigned rounds;

static VOID ping(VOID *arg)
{
    (void)arg;
    for (unsigned i = 0; i < ROUNDS; i++) {
        if (kSemaphorePost(&ball) != RK_ERR_SUCCESS)
            board_exit(1);
        kYield();
    }
    board_exit(rounds == ROUNDS ? 0 : 3);
}

static VOID pong(VOID *arg)
{
    (void)arg;
    for (;;) {
        if (kSemaphorePend(&ball, RK_WAIT_FOREVER) != RK_ERR_SUCCESS)
            board_exit(4);
        rounds++;
        kYield();
    }
}

VOID kApplicationInit(VOID)
{
    if (kSemaCountInit(&ball, 0) != RK_ERR_SUCCESS ||
        kTaskInit(&ping_task, ping, RK_NO_ARGS, "ping", ping_stack, STACK_WORDS, 1, RK_PREEMPT) !=
            RK_ERR_SUCCESS ||
        kTaskInit(&pong_task, pong, RK_NO_ARGS, "pong", pong_stack, STACK_WORDS, 1, RK_PREEMPT) !=
            RK_ERR_SUCCESS)
        board_exit(5);
}

int main(void)
{
    kCoreInit();
    kInit();
    return 6;
}
