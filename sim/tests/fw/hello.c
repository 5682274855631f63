/* Smoke test: console output, arithmetic, a call chain, exit code 7 through board_exit. */
#include "bsp.h"

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(void)
{
    board_puts("hello from tempo-sim\n");
    board_put_uint((uint64_t)fib(15));
    board_putc('\n');
    return 7;
}
