/* Tempo RISC-V port: initial thread frames, the CLINT time base, interrupt dispatch. */
#include "kernel.h"
#include "riscv/encoding.h"

/* What the assembly assumes beyond the generated offsets (gen_offsets.c) */
_Static_assert(TK_DEBRUIJN_SHIFT == 32 - 5, "port_defs.h: five index bits of a 32-bit product");
_Static_assert(TK_IRQ_EXTERNAL < TK_IRQ_CODES && IRQ_M_TIMER < TK_IRQ_CODES, "switch.S dispatches by code");
_Static_assert(TK_IRQ_TIMER == IRQ_M_TIMER, "tempo.h");
_Static_assert(TK_SWITCH_FRAME % 16 == 0, "the switch frame keeps sp 16-byte aligned");

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

/* ---- CLINT ---- */
static uint64_t tk_epoch; /* mtime at tick 0 */

static uint64_t mtime_read(void)
{
#if __riscv_xlen == 64
    return *(volatile uint64_t *)(uintptr_t)BOARD_MTIME;
#else
    uint32_t hi, lo;
    do { /* wcet: loop <= 2: the high word changes once in 2^32 ticks, so a retry sees it still */
        hi = REG32(BOARD_MTIME + 4);
        lo = REG32(BOARD_MTIME);
    } while (hi != REG32(BOARD_MTIME + 4));
    return ((uint64_t)hi << 32) | lo;
#endif
}

static void mtimecmp_write(uint64_t v)
{
#if __riscv_xlen == 64
    *(volatile uint64_t *)(uintptr_t)BOARD_MTIMECMP = v;
#else
    /* Never let the compare pass through a smaller value than either word (CLINT idiom);
     * MMIO stores do not stall (docs/timing.md "Memory"). */
    REG32(BOARD_MTIMECMP) = 0xFFFFFFFFu;
    REG32(BOARD_MTIMECMP + 4) = (uint32_t)(v >> 32);
    REG32(BOARD_MTIMECMP) = (uint32_t)v;
#endif
}

tk_tick_t tk_port_ticks(void)
{
#if TK_PORT_MTIME_PER_TICK == 1
    /* Paper SoC: mtime counts ticks; the low word suffices for a 32-bit tick count. */
    return REG32(BOARD_MTIME) - (uint32_t)tk_epoch;
#else
    return (tk_tick_t)((mtime_read() - tk_epoch) / TK_PORT_MTIME_PER_TICK);
#endif
}

void tk_port_timer_set(tk_tick_t tick)
{
    /* The absolute tick is re-based on the current tick so the 32-bit count may wrap. */
    uint64_t now = mtime_read();
    tk_tick_t cur = (tk_tick_t)((now - tk_epoch) / TK_PORT_MTIME_PER_TICK);
    int32_t ahead = (int32_t)(tick - cur);
    uint64_t base = tk_epoch + ((now - tk_epoch) / TK_PORT_MTIME_PER_TICK) * TK_PORT_MTIME_PER_TICK;
    mtimecmp_write(base + (uint64_t)(int64_t)ahead * TK_PORT_MTIME_PER_TICK);
}

void tk_port_timer_start(void)
{
#if TK_CONFIG_TIMERS /* else the timer interrupt stays off: nothing to time, the compare unused */
    mtimecmp_write(~(uint64_t)0);
    tk_epoch = mtime_read();
    tk_port_irq_enable(IRQ_M_TIMER, 1);
#elif TK_PORT_MTIME_PER_TICK == 1 && __riscv_xlen == 32
    /* tk_port_ticks, the one reader, reads the low word alone (at RV64 mtime is one load) */
    tk_epoch = REG32(BOARD_MTIME);
#else
    tk_epoch = mtime_read();
#endif
}

void tk_port_irq_enable(unsigned irq, int on)
{
    unsigned long bit = 1ul << irq;
#if TK_IRQ_NESTING
    /* The record the trap exit masks its re-enabling with: a source disabled by a handler
     * stays disabled when the handlers it preempted end (switch.S). */
    unsigned long s = tk_port_irq_lock();
    tk_k.irq_enabled = on ? tk_k.irq_enabled | bit : tk_k.irq_enabled & ~bit;
#endif
    if (on)
        __asm__ volatile("csrs mie, %0" : : "r"(bit));
    else
        __asm__ volatile("csrc mie, %0" : : "r"(bit));
#if TK_IRQ_NESTING
    tk_port_irq_unlock(s);
#endif
}

void tk_port_msip(int on)
{
    REG32(BOARD_MSIP) = on ? 1u : 0u;
}

#if TK_CONFIG_IRQ /* tempo.h: else no interrupt is taken, none of this */
/* ---- Interrupts: the trap entry (switch.S) calls the handler in entry mcause code of
 * tk_k.irq, then tk__isr_exit ---- */
/* The pc the running handler interrupted, in the function the trap entry called.  With
 * TK_IRQ_NESTING handlers run with interrupts enabled, so a more urgent interrupt may have
 * been taken since the entry and left mepc and mcause its own: the entry saved mepc in the
 * trap frame, which starts at the stack pointer the handler was called with (switch.S, word
 * 16; the frame address of the called function, as GCC gives it on RISC-V, is that stack
 * pointer).  Without it mepc holds it (no trap comes while MIE is 0).  A macro: the frame
 * must be that of the function the entry called. */
#if TK_IRQ_NESTING
#define TK_IRQ_PC() (((const uintptr_t *)__builtin_frame_address(0))[16])
#else
#define TK_IRQ_PC() tk__csr_mepc()
TK_INLINE uintptr_t tk__csr_mepc(void)
{
    uintptr_t v;
    __asm__ volatile("csrr %0, mepc" : "=r"(v));
    return v;
}
#endif

/* An interrupt with no handler, of cause code `code` at `pc`: reported (tk_port_irq_fault),
 * with the cause from its table entry rather than mcause (see TK_IRQ_PC).  Its source is
 * masked and a software interrupt acknowledged first: the fault handler, which may print at
 * length, is not taken into it again. */
static TK_COLD void irq_unhandled(unsigned code, uintptr_t pc)
{
    tk_port_irq_enable(code & 31u, 0);
    if (code == TK_IRQ_SOFTWARE)
        tk_port_msip(0);
    tk_port_irq_fault(MCAUSE_INT | code, pc);
}

/* The table's entry for a code with no handler: its argument is the code. */
static void tk__isr_unhandled(void *code)
{
    irq_unhandled((unsigned)(uintptr_t)code, TK_IRQ_PC());
}

/* The software interrupt: acknowledged (MSIP cleared), then its handler. */
static void tk__isr_software(void *unused)
{
    (void)unused;
    if (!tk_k.irq_sw.fn) {
        irq_unhandled(TK_IRQ_SOFTWARE, TK_IRQ_PC());
        return;
    }
    tk_port_msip(0);
    tk_k.irq_sw.fn(tk_k.irq_sw.arg);
}

#if TK_IRQ_NESTING && TK_CONFIG_TIMERS
/* The tick's kernel work (timer lists, ready lists) is not reentrant: with nesting it runs
 * with interrupts disabled, as every handler does without. */
static void tk__timer_isr_locked(void *unused)
{
    unsigned long s = tk_port_irq_lock();
    tk__timer_interrupt(unused);
    tk_port_irq_unlock(s);
}
#define TK_TIMER_ISR tk__timer_isr_locked
#else
#define TK_TIMER_ISR tk__timer_interrupt
#endif

/* Each source's mask: itself and every source of its priority or lower (locked). */
static void tk__irq_masks_update(void)
{
#if TK_IRQ_NESTING
    static const uint8_t tk_irq_sources[] = {TK_IRQ_SOFTWARE, IRQ_M_TIMER, TK_IRQ_EXTERNAL};
    for (unsigned i = 0; i < sizeof tk_irq_sources; i++) { /* wcet: loop <= 3: the sources */
        unsigned a = tk_irq_sources[i];
        uintptr_t mask = 0;
        for (unsigned j = 0; j < sizeof tk_irq_sources; j++) { /* wcet: loop <= 3 */
            unsigned b = tk_irq_sources[j];
            if (tk_k.irq_prio[b] <= tk_k.irq_prio[a])
                mask |= (uintptr_t)1 << b;
        }
        tk_k.irq[a].mask = mask;
    }
#endif
}

void tk__irq_table_init(void)
{
    for (unsigned i = 0; i < TK_IRQ_CODES; i++) { /* wcet: loop <= IRQ_CODES */
        tk_k.irq[i] = (struct tk_irq){.fn = tk__isr_unhandled, .arg = (void *)(uintptr_t)i};
        tk_k.irq_prio[i] = 0;
    }
    tk_k.irq[TK_IRQ_SOFTWARE].fn = tk__isr_software;
#if TK_CONFIG_TIMERS
    tk_k.irq[IRQ_M_TIMER].fn = TK_TIMER_ISR;
#endif
    tk_k.irq_sw.fn = NULL;
#if TK_IRQ_NESTING
    tk_k.irq_nest = 0;
    unsigned long mie;
    __asm__ volatile("csrr %0, mie" : "=r"(mie));
    tk_k.irq_enabled = mie;
#endif
    tk__irq_masks_update();
}

int tk_irq_set_priority(unsigned irq, unsigned prio)
{
    if ((irq != TK_IRQ_SOFTWARE && irq != TK_IRQ_TIMER && irq != TK_IRQ_EXTERNAL) ||
        prio > TK_IRQ_PRIO_MAX)
        return TK_EINVAL;
    if (!tk__initialised())
        return TK_ESTATE;
    unsigned long s = tk_port_irq_lock();
    tk_k.irq_prio[irq] = (uint8_t)prio;
    tk__irq_masks_update();
    tk_port_irq_unlock(s);
    return TK_OK;
}

#if TK_IRQ_NESTING
unsigned tk_irq_nesting(void)
{
    return tk__initialised() ? tk_k.irq_nest : 0;
}
#endif

#ifdef TK_IRQ_DIRECT_EXTERNAL
/* The vector goes to the direct handler for the external interrupt: its table entry is
 * never used, so only the software interrupt can be attached. */
#define TK_IRQ_ATTACHABLE(irq) ((irq) == TK_IRQ_SOFTWARE)

int tk_irq_direct_enable(int on)
{
    if (!tk__initialised())
        return TK_ESTATE;
    tk_port_irq_enable(TK_IRQ_EXTERNAL, on);
    return TK_OK;
}
#else
#define TK_IRQ_ATTACHABLE(irq) ((irq) == TK_IRQ_SOFTWARE || (irq) == TK_IRQ_EXTERNAL)
#endif

int tk_irq_attach(unsigned irq, void (*fn)(void *arg), void *arg)
{
    if (!TK_IRQ_ATTACHABLE(irq))
        return TK_EINVAL;
    if (!tk__initialised())
        return TK_ESTATE;
    unsigned long s = tk_port_irq_lock();
    /* The external handler is the table's entry itself (no call in between); the software
     * one is called by tk__isr_software, which acknowledges it first. */
    struct tk_irq *h = irq == TK_IRQ_EXTERNAL ? &tk_k.irq[irq] : &tk_k.irq_sw;
    h->fn = fn ? fn : irq == TK_IRQ_EXTERNAL ? tk__isr_unhandled : NULL;
    h->arg = fn ? arg : (void *)(uintptr_t)irq; /* tk__isr_unhandled's: the code */
    tk_port_irq_enable(irq, fn != NULL);
    tk_port_irq_unlock(s);
    return TK_OK;
}

void tk_irq_raise_software(void)
{
    tk_port_msip(1);
}
#endif

unsigned long tk_irq_lock(void)
{
    return tk_port_irq_lock();
}

/* A thread's calls made between the lock and this unlock saw interrupts disabled, an
 * interrupt handler's context to the kernel: a thread they made ready waits for the switch
 * that the end of a handler would do.  So the unlock that enables interrupts again ends the
 * section as a thread's call does: the highest ready thread runs (unless the scheduler is
 * locked: then at tk_sched_unlock). */
void tk_irq_unlock(unsigned long state)
{
    state &= TK_PORT_MSTATUS_MIE;
    if (state && tk__initialised())
        (void)tk__reschedule_return(state, TK_OK); /* enables interrupts, here or when resumed */
    else
        tk_port_irq_unlock(state);
}
