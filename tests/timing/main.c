/* Timing micro-program driver: runs every tc_* sequence of cases.S on tempo-sim and
 * compares the measured cycles with the spec's figures (expect.h).  Prints one line per
 * case ("name measured expected") and exits with the number of mismatches. */
#include <stdint.h>
#include "board.h"
#include "bsp.h"
#include "expect.h"
#include "riscv/encoding.h"

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

typedef uintptr_t (*tc_fn)(uintptr_t arg);
#define TC(name) extern uintptr_t tc_##name(uintptr_t);
TC(empty) TC(alu_dep) TC(alu_indep) TC(lui_dep) TC(load_use) TC(load_indep) TC(load_dist2)
TC(load_store_data) TC(store_ram) TC(store_mmio) TC(taken_s0) TC(taken_s1) TC(taken_s2)
TC(taken_s3) TC(nottaken_s0) TC(nottaken_s1) TC(nottaken_s2) TC(nottaken_s3) TC(jal)
TC(call) TC(jalr) TC(mul) TC(mul_dep) TC(div32) TC(rem32) TC(div32_zero) TC(div32_overflow)
TC(msip) TC(csr_read) TC(csr_write) TC(csr_raw1) TC(csr_raw2) TC(csr_raw3) TC(ecall) TC(ebreak) TC(misaligned_load)
#if __riscv_xlen == 64
TC(div64) TC(div64_zero) TC(div64_overflow)
#endif
extern void tc_trap(void);
extern volatile uintptr_t tc_irq_stamp, tc_irq_count;

static volatile uintptr_t scratch[4];
static int failures;
static uintptr_t empty;

static void report(const char *name, uintptr_t got, uintptr_t want)
{
    board_puts(got == want ? "ok   " : "FAIL ");
    board_puts(name);
    board_puts(" ");
    board_put_uint(got);
    board_puts(" expected ");
    board_put_uint(want);
    board_puts("\n");
    failures += got != want;
}

/* Cycles of the sequence alone: the measured pair minus the empty pair. */
static void check(const char *name, tc_fn fn, uintptr_t arg, uintptr_t want)
{
    report(name, fn(arg) - empty, want);
}

#define BR_TAKEN(s) (1 + ((s) >= 2 ? SPEC_BRANCH_TAKEN : SPEC_MISPREDICT))
#define BR_NOT_TAKEN(s) (1 + ((s) >= 2 ? SPEC_MISPREDICT : 0))

static void sequences(void)
{
    uintptr_t ram = (uintptr_t)&scratch[0];
    uintptr_t mmio = BOARD_SIMCTL + SIMCTL_IRQ_ACK;
    check("alu-dependent-pair", tc_alu_dep, 0, 2 + SPEC_ALU_USE);
    check("alu-independent-pair", tc_alu_indep, 0, 2);
    check("lui-then-use", tc_lui_dep, 0, 2);
    check("load-then-use", tc_load_use, ram, 2 + SPEC_LOAD_USE);
    check("load-then-independent", tc_load_indep, ram, 2);
    check("load-one-between-use", tc_load_dist2, ram, 3 + SPEC_LOAD_USE_DIST2);
    check("load-then-store-its-data", tc_load_store_data, ram, 2 + SPEC_STORE_RAM);
    check("store-ram", tc_store_ram, ram, 1 + SPEC_STORE_RAM);
    check("store-mmio", tc_store_mmio, mmio, 1 + SPEC_STORE_MMIO);
    check("branch-taken-counter0-mispredict", tc_taken_s0, 0, BR_TAKEN(0));
    check("branch-taken-counter1-mispredict", tc_taken_s1, 0, BR_TAKEN(1));
    check("branch-taken-counter2-predicted", tc_taken_s2, 0, BR_TAKEN(2));
    check("branch-taken-counter3-predicted", tc_taken_s3, 0, BR_TAKEN(3));
    check("branch-not-taken-counter0-predicted", tc_nottaken_s0, 0, BR_NOT_TAKEN(0));
    check("branch-not-taken-counter1-predicted", tc_nottaken_s1, 0, BR_NOT_TAKEN(1));
    check("branch-not-taken-counter2-mispredict", tc_nottaken_s2, 0, BR_NOT_TAKEN(2));
    check("branch-not-taken-counter3-mispredict", tc_nottaken_s3, 0, BR_NOT_TAKEN(3));
    check("jal", tc_jal, 0, 1 + SPEC_JAL);
    check("jal-link-then-use", tc_call, 0, 2 + SPEC_JAL);
    check("jalr", tc_jalr, 0, 1 + SPEC_JALR);
    check("mul", tc_mul, 0, 1 + SPEC_MUL);
    check("mul-then-use", tc_mul_dep, 0, 2 + SPEC_MUL + SPEC_MUL_USE);
    check("div-32bit", tc_div32, 0, 1 + SPEC_DIV32);
    check("rem-32bit", tc_rem32, 0, 1 + SPEC_DIV32);
    check("div-32bit-by-zero", tc_div32_zero, 0, 1 + SPEC_DIV_EARLY);
    check("div-32bit-overflow", tc_div32_overflow, 0, 1 + SPEC_DIV_EARLY);
#if __riscv_xlen == 64
    check("div-64bit", tc_div64, 0, 1 + SPEC_DIV64);
    check("div-64bit-by-zero", tc_div64_zero, 0, 1 + SPEC_DIV_EARLY);
    check("rem-64bit-overflow", tc_div64_overflow, 0, 1 + SPEC_DIV_EARLY);
#endif
    check("csr-read", tc_csr_read, 0, 1 + SPEC_CSR);
    check("csr-write", tc_csr_write, 0, 1 + SPEC_CSR);
    check("csr-read-after-write", tc_csr_raw1, 0, 2 + 2 * SPEC_CSR + SPEC_CSR_RAW_DIST1);
    check("csr-read-after-write-1-between", tc_csr_raw2, 0, 3 + 2 * SPEC_CSR + SPEC_CSR_RAW_DIST2);
    check("csr-read-after-write-2-between", tc_csr_raw3, 0, 4 + 2 * SPEC_CSR + SPEC_CSR_RAW_DIST3);
    uintptr_t d[8];
    tc_ecall((uintptr_t)d);
    report("ecall-to-handler", d[0] - empty, SPEC_ECALL);
    report("mret-to-next", d[1] - empty, SPEC_MRET);
    tc_ebreak((uintptr_t)d);
    report("ebreak-to-handler", d[0] - empty, SPEC_EXC);
    tc_misaligned_load((uintptr_t)d);
    report("misaligned-load-to-handler", d[0] - empty, SPEC_MEM_FAULT);
}

static uint64_t mcycle64(void)
{
#if __riscv_xlen == 64
    return board_cycles();
#else
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile("rdcycleh %0" : "=r"(hi));
        __asm__ volatile("rdcycle %0" : "=r"(lo));
        __asm__ volatile("rdcycleh %0" : "=r"(hi2));
    } while (hi != hi2);
    return (uint64_t)hi << 32 | lo;
#endif
}

static void wait_irq(uintptr_t count0, int use_wfi)
{
    while (tc_irq_count == count0)
        if (use_wfi)
            __asm__ volatile("wfi");
    __asm__ volatile("csrci mstatus, %0" ::"i"(MSTATUS_MIE));
    __asm__ volatile("csrw mie, zero");
}

/* External interrupt from the simulator-control device: asserted when mcycle >= IRQ_AT. */
static void external_irq(const char *name, unsigned delay, int use_wfi)
{
    uintptr_t count0 = tc_irq_count;
    uint64_t at = mcycle64() + delay;
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(at >> 32);
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)at;
    __asm__ volatile("csrw mie, %0" ::"r"(MIE_MEIE));
    __asm__ volatile("csrsi mstatus, %0" ::"i"(MSTATUS_MIE));
    wait_irq(count0, use_wfi);
    report(name, tc_irq_stamp - (uintptr_t)at, SPEC_IRQ_LATENCY);
}

/* Timer interrupt: asserted in the cycle mtime reaches mtimecmp (spec: CLINT). */
static void timer_irq(const char *name, int use_wfi)
{
    uintptr_t count0 = tc_irq_count;
    uint32_t hi, lo;
    do {
        hi = REG32(BOARD_MTIME + 4);
        lo = REG32(BOARD_MTIME);
    } while (hi != REG32(BOARD_MTIME + 4));
    uint64_t cmp = ((uint64_t)hi << 32 | lo) + 1;
    REG32(BOARD_MTIMECMP) = 0xffffffffu;
    REG32(BOARD_MTIMECMP + 4) = (uint32_t)(cmp >> 32);
    REG32(BOARD_MTIMECMP) = (uint32_t)cmp;
    __asm__ volatile("csrw mie, %0" ::"r"(MIE_MTIE));
    __asm__ volatile("csrsi mstatus, %0" ::"i"(MSTATUS_MIE));
    wait_irq(count0, use_wfi);
    report(name, tc_irq_stamp - (uintptr_t)(cmp * SPEC_CYCLES_PER_TICK), SPEC_IRQ_LATENCY);
}

/* Software interrupt (MSIP of the simulator-control device): asserted at the end of the
 * store's issue slot (sim/timing.h), so from the store to the handler: the store's own
 * cycle(s) + the interrupt latency. */
static void software_irq(void)
{
    __asm__ volatile("csrw mie, %0" ::"r"(MIE_MSIE));
    __asm__ volatile("csrsi mstatus, %0" ::"i"(MSTATUS_MIE));
    uintptr_t d = tc_msip(BOARD_SIMCTL + SIMCTL_MSIP);
    __asm__ volatile("csrci mstatus, %0" ::"i"(MSTATUS_MIE));
    __asm__ volatile("csrw mie, zero");
    report("software-irq-from-msip-store", d - empty, 1 + SPEC_STORE_MMIO + SPEC_IRQ_LATENCY);
}

int main(void)
{
    __asm__ volatile("csrw mtvec, %0" ::"r"(tc_trap));
    empty = tc_empty(0);
    report("empty-rdcycle-pair", empty, tc_empty(0));
    sequences();
    for (unsigned delay = 200; delay < 214; delay++) /* every alignment of the spin loop */
        external_irq("external-irq-spinning", delay, 0);
    external_irq("external-irq-wfi", 500, 1);
    timer_irq("timer-irq-spinning", 0);
    timer_irq("timer-irq-wfi", 1);
    software_irq();
    board_puts(failures ? "timing: FAILED\n" : "timing: all passed\n");
    return failures;
}
