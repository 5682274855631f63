/* Timing micro-program driver: runs every tc_* sequence of cases.S on tempo-sim and compares
 * the measured cycles with the figures expect.h takes from the RTL cross-check.  Prints one
 * line per case ("name measured expected") and exits with the number of mismatches. */
#include <stdint.h>
#include "board.h"
#include "bsp.h"
#include "expect.h"
#include "riscv/encoding.h"

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

typedef uintptr_t (*tc_fn)(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3,
                           uintptr_t a4, uintptr_t a5);
#define TC(name) extern uintptr_t tc_##name(uintptr_t, uintptr_t, uintptr_t, uintptr_t, \
                                            uintptr_t, uintptr_t);
TC(alu_dep) TC(alu_indep) TC(lui_dep) TC(load_use) TC(load_indep) TC(load_dist2)
TC(load_store_data) TC(alu_store_data) TC(store_ram) TC(store_mmio) TC(taken_predicted)
TC(nottaken_predicted) TC(taken_then_not) TC(not_then_taken) TC(jal) TC(call) TC(jal_jalr)
TC(mul) TC(mul_dep) TC(div32) TC(rem32) TC(div32_zero) TC(div32_overflow) TC(csr_read)
TC(csr_write) TC(csr_raw1) TC(csr_raw2) TC(csr_raw3) TC(csr_raw4) TC(ecall) TC(ecall1)
TC(ebreak) TC(misaligned_load) TC(msip)
#if __riscv_xlen == 64
TC(div64) TC(div64_zero) TC(div64_overflow)
#endif
extern void tc_trap(void), tc_trap_next(void);
extern volatile uintptr_t tc_irq_stamp, tc_irq_count;

static volatile uintptr_t scratch[8];
static int failures;

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

#define MIN_XLEN ((uintptr_t)1 << (__riscv_xlen - 1))
#define MIN_32 ((uintptr_t)(intptr_t)INT32_MIN)

/* The cost of 4 repetitions of the sequence in steady state. */
static void check4(const char *name, tc_fn fn, uintptr_t a0, uintptr_t a4, uintptr_t want)
{
    report(name, fn(a0, 0, 1000000, 7, a4, (uintptr_t)-1), want);
}

static void sequences(void)
{
    uintptr_t ram = (uintptr_t)&scratch[0];
    uintptr_t mmio = BOARD_SIMCTL + SIMCTL_IRQ_ACK;
    check4("alu-dependent-pair", tc_alu_dep, ram, 0, 4 * (2 + RTL_ALU_USE));
    check4("alu-independent-pair", tc_alu_indep, ram, 0, 4 * 2);
    check4("lui-then-use", tc_lui_dep, ram, 0, 4 * 2);
    check4("load-then-use", tc_load_use, ram, 0, 4 * (2 + RTL_LOAD_USE));
    check4("load-then-independent", tc_load_indep, ram, 0, 4 * 2);
    check4("load-one-between-use", tc_load_dist2, ram, 0, 4 * (3 + RTL_LOAD_USE_DIST2));
    check4("load-then-store-its-data", tc_load_store_data, ram, 0,
           4 * (2 + RTL_STORE_DATA_LOAD + RTL_STORE_RAM));
    check4("alu-then-store-its-data", tc_alu_store_data, ram, 0,
           4 * (2 + RTL_STORE_DATA_ALU + RTL_STORE_RAM));
    check4("store-ram", tc_store_ram, ram, 0, 4 * (1 + RTL_STORE_RAM));
    check4("store-mmio", tc_store_mmio, mmio, 0, 4 * (1 + RTL_STORE_MMIO));
    check4("branch-taken-predicted", tc_taken_predicted, 0, 0, 4 * (1 + RTL_BRANCH_TAKEN));
    check4("branch-not-taken-predicted", tc_nottaken_predicted, 0, 0, 4 * 1);
    check4("branch-taken-mispredicted-then-not-taken", tc_taken_then_not, 0, 0,
           4 * (1 + RTL_MISPREDICT + 1));
    check4("branch-not-taken-mispredicted-then-taken", tc_not_then_taken, 0, 0,
           4 * (1 + RTL_MISPREDICT + 1 + RTL_BRANCH_TAKEN));
    check4("jal", tc_jal, 0, 0, 4 * (1 + RTL_JAL));
    check4("jal-link-then-use", tc_call, 0, 0, 4 * (2 + RTL_JAL));
    check4("jal-then-jalr", tc_jal_jalr, 0, 0, 4 * (2 + RTL_JAL + RTL_JALR));
    check4("mul", tc_mul, 0, 0, 4 * (1 + RTL_MUL));
    check4("mul-then-use", tc_mul_dep, 0, 0, 4 * (2 + RTL_MUL + RTL_MUL_USE));
    check4("div-32bit", tc_div32, 0, 0, 4 * (1 + RTL_DIV32));
    check4("rem-32bit", tc_rem32, 0, 0, 4 * (1 + RTL_DIV32));
    check4("div-32bit-by-zero", tc_div32_zero, 0, 0, 4 * (1 + RTL_DIV_EARLY));
    check4("div-32bit-overflow", tc_div32_overflow, 0, MIN_32, 4 * (1 + RTL_DIV_EARLY));
#if __riscv_xlen == 64
    check4("div-64bit", tc_div64, 0, 0, 4 * (1 + RTL_DIV64));
    check4("div-64bit-by-zero", tc_div64_zero, 0, 0, 4 * (1 + RTL_DIV_EARLY));
    check4("rem-64bit-overflow", tc_div64_overflow, 0, MIN_XLEN, 4 * (1 + RTL_DIV_EARLY));
#endif
    check4("csr-read", tc_csr_read, 0, 0, 4 * (1 + RTL_CSR + 4));
    check4("csr-write", tc_csr_write, 0, 0, 4 * (1 + RTL_CSR + 4));
    check4("csr-after-csr", tc_csr_raw1, 0, 0, RTL_CSR_RAW_4REP_DIST1);
    check4("csr-after-csr-1-between", tc_csr_raw2, 0, 0, RTL_CSR_RAW_4REP_DIST2);
    check4("csr-after-csr-2-between", tc_csr_raw3, 0, 0, 4 * (3 + RTL_CSR + RTL_CSR_RAW_DIST3));
    check4("csr-after-csr-3-between", tc_csr_raw4, 0, 0, 4 * (4 + RTL_CSR + RTL_CSR_RAW_DIST4));
    /* ECALL round trip: ECALL, the handler (csrr, addi, 8 nops, csrw, 8 nops), MRET */
    __asm__ volatile("csrw mtvec, %0" ::"r"(tc_trap_next));
    check4("ecall-round-trip", tc_ecall, 0, 0,
           4 * (RTL_ECALL_TO_ID + (1 + RTL_CSR) + 1 + 8 + (1 + RTL_CSR) + 8 + RTL_MRET_TO_ID));
    __asm__ volatile("csrw mtvec, %0" ::"r"(tc_trap));
    uintptr_t d[8];
    tc_ecall1((uintptr_t)d, 0, 0, 0, 0, 0);
    report("ecall-to-handler", d[0], RTL_ECALL_READS);
    report("mret-to-next", d[1], RTL_MRET_READS);
    /* not measured on the RTL (it has no EBREAK trap: EBREAK enters its debug mode; no
     * misaligned case in the cross-check): the model's exc_stage (BR) and mem_fault_stage
     * (MEM) with the ECALL path's FSM */
    tc_ebreak((uintptr_t)d, 0, 0, 0, 0, 0);
    report("ebreak-to-handler", d[0], RTL_ECALL_READS + 3);
    tc_misaligned_load((uintptr_t)d, 0, 0, 0, 0, 0);
    report("misaligned-load-to-handler", d[0], RTL_ECALL_READS + 4);
}

static uint64_t mcycle64(void)
{
#if __riscv_xlen == 64
    return board_cycles();
#else
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile("csrr %0, mcycleh" : "=r"(hi));
        __asm__ volatile("csrr %0, mcycle" : "=r"(lo));
        __asm__ volatile("csrr %0, mcycleh" : "=r"(hi2));
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

/* External interrupt from the simulator-control device: its line rises when mcycle >= IRQ_AT. */
static void external_irq(const char *name, unsigned delay, int use_wfi)
{
    uintptr_t count0 = tc_irq_count;
    uint64_t at = mcycle64() + delay;
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(at >> 32);
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)at;
    __asm__ volatile("csrw mie, %0" ::"r"(MIE_MEIE));
    __asm__ volatile("csrsi mstatus, %0" ::"i"(MSTATUS_MIE));
    wait_irq(count0, use_wfi);
    report(name, tc_irq_stamp - (uintptr_t)at, RTL_IRQ_LATENCY);
}

/* Timer interrupt: the line rises in the cycle mtime reaches mtimecmp (spec: CLINT). */
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
    report(name, tc_irq_stamp - (uintptr_t)(cmp * RTL_CYCLES_PER_TICK), RTL_IRQ_LATENCY);
}

/* Software interrupt (MSIP of the simulator-control device): the line rises when the store
 * reaches the device, RTL_MMIO_EFFECT after it entered EXR (one cycle after the read before
 * it, which reads read_lag cycles back). */
static void software_irq(void)
{
    __asm__ volatile("csrw mie, %0" ::"r"(MIE_MSIE));
    __asm__ volatile("csrsi mstatus, %0" ::"i"(MSTATUS_MIE));
    uintptr_t d = tc_msip(BOARD_SIMCTL + SIMCTL_MSIP, 0, 0, 0, 0, 0);
    __asm__ volatile("csrci mstatus, %0" ::"i"(MSTATUS_MIE));
    __asm__ volatile("csrw mie, zero");
    report("software-irq-from-msip-store", d,
           RTL_READ_LAG + 1 + RTL_MMIO_EFFECT + RTL_IRQ_LATENCY);
}

int main(void)
{
    __asm__ volatile("csrw mtvec, %0" ::"r"(tc_trap));
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
