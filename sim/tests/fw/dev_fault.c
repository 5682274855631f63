/* Accesses no device claims trap as access faults with mtval = address (and never touch
 * host memory); misaligned data accesses trap; device holes and wrong-size MMIO fault. */
#include "t.h"

#define EXPECT(cause, addr)                                              \
    do {                                                                 \
        CHECK(last_trap.count == ++n);                                   \
        CHECK(last_trap.mcause == (cause));                              \
        CHECK(last_trap.mtval == (uintptr_t)(addr));                     \
    } while (0)

static volatile uint32_t word;

int main(void)
{
    unsigned n = 0;
    trap_install(1);
    uintptr_t bad[] = {0x30000000u, 0x0ffffff0u, (uintptr_t)-16, BOARD_SIMCTL + 0x1000,
                       BOARD_SIMCTL + 0x4};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        (void)REG32(bad[i]);
        EXPECT(CAUSE_LOAD_ACCESS, bad[i]);
        REG32(bad[i]) = 1;
        EXPECT(CAUSE_STORE_ACCESS, bad[i]);
    }
    /* misaligned data accesses trap (the paper core does not split them) */
    uintptr_t mis = (uintptr_t)&word + 2, v;
    /* (asm: GCC splits an access it can see is misaligned) */
    __asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(mis) : "memory");
    EXPECT(CAUSE_MISALIGNED_LOAD, mis);
    __asm__ volatile("sw %0, 0(%1)" ::"r"(v), "r"(mis) : "memory");
    EXPECT(CAUSE_MISALIGNED_STORE, mis);
    /* a byte store to a 64-bit CLINT register is not a defined access */
    *(volatile uint8_t *)BOARD_MTIMECMP = 1;
    EXPECT(CAUSE_STORE_ACCESS, BOARD_MTIMECMP);
    /* fetch from nowhere: mepc = mtval = the target */
#if __riscv_xlen == 64
#define SX "sd"
#else
#define SX "sw"
#endif
    __asm__ volatile("la t0, 1f\n\t" SX " t0, 0(%0)\n\tjr %1\n1:"
                     ::"r"(&resume_at), "r"((uintptr_t)0x30000000u) : "t0", "memory");
    EXPECT(CAUSE_FETCH_ACCESS, 0x30000000u);
    CHECK(last_trap.mepc == 0x30000000u);
    board_puts("fault ok\n");
    return 0;
}

void on_interrupt(uintptr_t cause) { (void)cause; }
