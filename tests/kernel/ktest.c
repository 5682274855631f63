/* Kernel test helpers, and memcpy/memset for freestanding images. */
#include <stddef.h>
#include "ktest.h"

void kt_fail(const char *file, int line, const char *what, long a, long b)
{
    (void)tk_irq_lock();
    board_puts("FAIL ");
    board_puts(file);
    board_putc(':');
    board_put_uint((uint64_t)line);
    board_puts(": ");
    board_puts(what);
    board_puts(" (");
    if (a < 0) {
        board_putc('-');
        a = -a;
    }
    board_put_uint((uint64_t)a);
    board_puts(" vs ");
    if (b < 0) {
        board_putc('-');
        b = -b;
    }
    board_put_uint((uint64_t)b);
    board_puts(")\n");
    board_exit(1);
}

void kt_pass(void)
{
    board_puts("PASS\n");
    board_exit(0);
}

void kt_log(const char *s)
{
    board_puts(s);
}

void kt_log_num(const char *label, uint64_t v)
{
    board_puts(label);
    board_put_uint(v);
    board_putc('\n');
}

/* Whether the caller runs on the kernel's exception stack (kernel/fault.c), as every fault
 * handler does. */
int kt_on_exc_stack(void)
{
    extern uintptr_t tk_exc_stack[TK_FAULT_STACK_BYTES / sizeof(uintptr_t)];
    uintptr_t sp;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    return sp > (uintptr_t)tk_exc_stack && sp <= (uintptr_t)tk_exc_stack + sizeof tk_exc_stack;
}

/* tempo-sim answers reads of the simulator-control device; QEMU virt has nothing at that
 * address and faults, so the test images ask the build instead: KT_QEMU is defined for the
 * QEMU runs (see kernel/kernel.mk). */
int kt_on_qemu(void)
{
#ifdef KT_QEMU
    return 1;
#else
    return 0;
#endif
}

void kt_irq_after(uint32_t cycles)
{
    KT_SIMCTL(SIMCTL_IRQ_AFTER) = cycles;
}

void kt_irq_ack(void)
{
    KT_SIMCTL(SIMCTL_IRQ_ACK) = 1;
}

static void (*kt_irq_body)(void);

static void kt_irq_handler(void *arg)
{
    (void)arg;
    if (!kt_on_qemu())
        kt_irq_ack();
    kt_irq_body();
}

void kt_irq_setup(void (*body)(void))
{
    kt_irq_body = body;
    int rc = tk_irq_attach(kt_on_qemu() ? TK_IRQ_SOFTWARE : TK_IRQ_EXTERNAL, kt_irq_handler, 0);
    KT_EQ(rc, TK_OK);
}

void kt_irq_fire(uint32_t cycles)
{
    if (kt_on_qemu())
        tk_irq_raise_software();
    else
        kt_irq_after(cycles);
}

static uint32_t kt_seed = 1;
void kt_srand(uint32_t seed)
{
    kt_seed = seed ? seed : 1;
}

uint32_t kt_rand(void)
{
    uint32_t x = kt_seed;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return kt_seed = x;
}

void *memcpy(void *d, const void *s, size_t n)
{
    uint8_t *dp = d;
    const uint8_t *sp = s;
    while (n--)
        *dp++ = *sp++;
    return d;
}

void *memset(void *d, int c, size_t n)
{
    uint8_t *dp = d;
    while (n--)
        *dp++ = (uint8_t)c;
    return d;
}
