/* Kernel awareness for Tempo (kernel/, port/riscv/): what the simulator must know of its data
 * structures, in one place.  The layout is kernel/include/tempo.h's struct tk_thread, and
 * port/riscv's two saved contexts (switch.S, port_defs.h):
 *   - the switch frame at thread->sp: resume pc (a voluntary switch resumes in the caller of
 *     the kernel call), s0-s11; in a kernel built for size (port_defs.h TK_FRAME_PC: the symbol
 *     tk_port_frame_save_restore), libgcc's save frame: resume pc at its top, s0-s11 below;
 *   - a thread switched out at interrupt exit resumes in tk_port_isr_resume: its
 *     interrupted state is the interrupt frame (ra, t0-t2, a0-a7, t3-t6, mepc) that
 *     tk_port_trap_entry pushed, plus s0-s11 and sp as the interrupt found them;
 *   - a thread switched out by a direct handler (TK_IRQ_DIRECT_EXTERNAL) resumes in
 *     tk_port_direct_resume, back into the handler: shown as that pc and its switch frame.
 * The simulator watches tk_thread_create's calls (a0 = the control block) and adds the idle
 * thread, rather than walking the kernel's own list of every thread (kernel.h: threads,
 * through all_next): a call is also the moment a control block is reused for a new thread,
 * when that thread's stack marks must start again (rtos_created);
 * `monitor rtos` prints every offset below and the test checks them against the DWARF of an
 * image (sim/tests/gdb-test.sh). */
#include <stdio.h>
#include <string.h>
#include "machine.h"
#include "rtos.h"

enum { S_KERNEL, S_IDLE, S_ENTRY, S_ISR_RESUME };
enum {
    T_SP, T_GUARD, T_PRIO, T_BASE_PRIO, T_STATE, T_MAGIC, T_WAIT_MUTEX, T_NAME, T_SIZE, M_OWNER,
    K_STARTED, F_SWITCH, F_TRAP, F_TRAP_MEPC, F_PC, F_S0,
};
#define MAGIC_THREAD 0x54680000u /* kernel/kernel.h TK_MAGIC_THREAD */
#define NAME_MAX 16u             /* tempo.h TK_NAME_MAX: the name is a copy in the block */

static const char *const state_name[] = {"unused", "ready", "blocked", "sleeping", "suspended",
                                         "exited"}; /* enum tk_thread_state */

/* The offsets at pointer size R (tempo.h: sp, next, prev, stack_guard, slice_left,
 * wait_result, slice, prio, base_prio, state, flags, prio_bit, magic, wait_bits, ready_slot, waitq,
 * wait_mutex, held, wait_buf, mail, timeout (3 pointers and a tick), all_next, name: a
 * TK_NAME_MAX array). */
static void layout(struct rtos *r)
{
    uint64_t R = r->ptr, timer = R == 8 ? 32 : 16;
    r->off[T_SP] = 0;
    r->off[T_GUARD] = 3 * R;
    r->off[T_PRIO] = 4 * R + 6;
    r->off[T_BASE_PRIO] = 4 * R + 7;
    r->off[T_STATE] = 4 * R + 8;
    r->off[T_MAGIC] = 4 * R + 16;
    r->off[T_WAIT_MUTEX] = 6 * R + 24;
    r->off[T_NAME] = 11 * R + 24 + timer;
    r->off[T_SIZE] = r->off[T_NAME] + NAME_MAX;
    r->off[M_OWNER] = R;                      /* struct tk_mutex: waiters, owner */
    r->off[K_STARTED] = R + 5;                /* struct tk_kernel: current, ready_map, sched_lock, started */
    r->off[F_SWITCH] = (13 * R + 15) & ~15ull; /* port_defs.h TK_SWITCH_FRAME */
    r->off[F_TRAP] = 18 * R;                  /* switch.S TRAP_FRAME */
    r->off[F_TRAP_MEPC] = 16 * R;
    r->off[F_PC] = 0;                         /* the switch frame's resume pc, s0 (s1-s11 follow) */
    r->off[F_S0] = R;
}

static int attach(struct rtos *r, const struct elf_image *img)
{
    uint64_t size, a;
    if (!elf_find_symbol(img, "tk_kernel_state", &r->sym[S_KERNEL], NULL) ||
        !elf_find_symbol(img, "tk_idle", &r->sym[S_IDLE], &size) ||
        !elf_find_symbol(img, "tk_thread_create", &a, NULL) ||
        !elf_find_symbol(img, "tk_port_trap_entry", &a, NULL) ||
        !elf_find_symbol(img, "tk_port_thread_entry", &r->sym[S_ENTRY], NULL) ||
        !elf_find_symbol(img, "tk_port_isr_resume", &r->sym[S_ISR_RESUME], NULL))
        return -1;
    layout(r);
    if (elf_find_symbol(img, "tk_port_frame_save_restore", &a, NULL)) {
        r->off[F_PC] = r->off[F_SWITCH] - r->ptr;   /* libgcc's frame: downwards from the top */
        r->off[F_S0] = r->off[F_SWITCH] - 2 * r->ptr;
    }
    if (size != r->off[T_SIZE]) {
        snprintf(r->why, sizeof r->why, "Tempo's struct tk_thread is %llu bytes in this image, "
                 "%llu in the simulator's table (sim/observe/rtos_tempo.c)", (unsigned long long)size,
                 (unsigned long long)r->off[T_SIZE]);
        return -1;
    }
    r->current_var = r->sym[S_KERNEL];
    r->started_var = r->sym[S_KERNEL] + r->off[K_STARTED];
    r->started_size = 1;
    r->initial_frame = r->off[F_SWITCH];
    return 0;
}

/* The idle thread, then every thread tk_thread_create was called for. */
static int threads(struct rtos *r, uint64_t *tcb, int max)
{
    int n = 0;
    if (n < max)
        tcb[n++] = r->sym[S_IDLE];
    for (int i = 0; i < r->n && n < max; i++)
        if (r->t[i].tcb != r->sym[S_IDLE])
            tcb[n++] = r->t[i].tcb;
    return n;
}

static int info(struct rtos *r, uint64_t tcb, struct rtos_info *out)
{
    memset(out, 0, sizeof *out);
    if (rtos_word(r, tcb + r->off[T_MAGIC], 4) != MAGIC_THREAD)
        return -1;
    rtos_string(r, tcb + r->off[T_NAME], out->name, NAME_MAX);
    if (!out->name[0])
        snprintf(out->name, sizeof out->name, "0x%llx", (unsigned long long)tcb);
    unsigned st = (unsigned)rtos_word(r, tcb + r->off[T_STATE], 1);
    out->state = st < sizeof state_name / sizeof *state_name ? state_name[st] : "?";
    out->alive = st != 0 && st != 5;
    out->prio = (int)rtos_word(r, tcb + r->off[T_PRIO], 1);
    out->base_prio = (int)rtos_word(r, tcb + r->off[T_BASE_PRIO], 1);
    out->stack_base = rtos_ptr(r, tcb + r->off[T_GUARD]);
    out->saved_sp = rtos_ptr(r, tcb + r->off[T_SP]);
    uint64_t mutex = st == 2 ? rtos_ptr(r, tcb + r->off[T_WAIT_MUTEX]) : 0;
    if (mutex) {
        char owner[RTOS_NAME_MAX] = "?";
        uint64_t o = rtos_ptr(r, mutex + r->off[M_OWNER]);
        if (o && rtos_word(r, o + r->off[T_MAGIC], 4) == MAGIC_THREAD)
            rtos_string(r, o + r->off[T_NAME], owner, NAME_MAX);
        snprintf(out->detail, sizeof out->detail, "on mutex 0x%llx held by %s",
                 (unsigned long long)mutex, owner);
        out->wait_mutex = mutex;
        out->wait_holder = o;
    }
    return 0;
}

static int saved_regs(struct rtos *r, const struct rtos_thread *t, uint64_t regs[33], uint64_t *valid)
{
    static const uint8_t s_reg[12] = {8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27}; /* s0-s11 */
    static const uint8_t trap_reg[16] = {1, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29, 30, 31};
    const uint64_t R = r->ptr;
    uint64_t sp = rtos_ptr(r, t->tcb + r->off[T_SP]), resume;
    if (!sp || rtos_read(r, sp + r->off[F_PC], &resume, R))
        return -1;
    resume = R == 4 ? (uint32_t)resume : resume;
    if (resume == r->sym[S_ISR_RESUME] && t->irq_valid) {
        /* switched out at interrupt exit: the state the interrupt found */
        uint64_t top = t->irq_regs[2], frame = top - r->off[F_TRAP];
        for (int i = 0; i < 16; i++)
            regs[trap_reg[i]] = rtos_ptr(r, frame + (uint64_t)i * R);
        regs[32] = rtos_ptr(r, frame + r->off[F_TRAP_MEPC]);
        for (int i = 0; i < 12; i++)
            regs[s_reg[i]] = t->irq_regs[s_reg[i]];
        regs[2] = top;
        *valid = (1ull << 33) - 1; /* x0-x31 and pc */
        return 0;
    }
    /* a voluntary switch (or one whose interrupt the simulator did not see): the switch frame */
    int64_t step = r->off[F_S0] > r->off[F_PC] ? (int64_t)R : -(int64_t)R; /* s0 to s11 */
    for (int i = 0; i < 12; i++)
        regs[s_reg[i]] = rtos_ptr(r, sp + r->off[F_S0] + (uint64_t)(i * step));
    regs[1] = regs[32] = resume & ~1ull;
    regs[2] = sp + r->off[F_SWITCH];
    /* a thread that never ran starts in tk_port_thread_entry: no caller to show */
    *valid = 1ull << 32 | 1u << 0 | (regs[32] != r->sym[S_ENTRY]) << 1 | 1u << 2;
    for (int i = 0; i < 12; i++)
        *valid |= 1ull << s_reg[i];
    return 0;
}

/* tk_* calls of tempo.h; tk__* are the kernel's internals, tk_port_* the port's */
static bool is_api(const char *fn)
{
    return !strncmp(fn, "tk_", 3) && strncmp(fn, "tk__", 4) && strncmp(fn, "tk_port_", 8);
}

static const char *const switch_code[] = {
    "tk_port_switch", "tk_port_switch_isr", "tk_port_isr_resume", "tk_port_start",
    "tk_port_switch_direct", "tk_port_direct_resume",
    "tk_port_trap_entry", "tk_port_thread_entry", "tk__isr_exit", "tk__timer_interrupt", "tk__isr_other", "tk_yield", "tk_thread_resume",
    "tk_thread_suspend", NULL,
};

static const char *const offset_name[] = {
    [T_SP] = "struct tk_thread::sp", [T_GUARD] = "struct tk_thread::stack_guard",
    [T_PRIO] = "struct tk_thread::prio", [T_BASE_PRIO] = "struct tk_thread::base_prio",
    [T_STATE] = "struct tk_thread::state", [T_MAGIC] = "struct tk_thread::magic",
    [T_WAIT_MUTEX] = "struct tk_thread::wait_mutex", [T_NAME] = "struct tk_thread::name",
    [T_SIZE] = "sizeof(struct tk_thread)", [M_OWNER] = "struct tk_mutex::owner",
    [K_STARTED] = "struct tk_kernel::started", [F_SWITCH] = "switch frame",
    [F_TRAP] = "interrupt frame", [F_TRAP_MEPC] = "interrupt frame mepc",
    [F_PC] = "switch frame resume pc", [F_S0] = "switch frame s0", NULL,
};

const struct rtos_kernel rtos_tempo = {
    .name = "tempo",
    .attach = attach,
    .threads = threads,
    .info = info,
    .saved_regs = saved_regs,
    .is_api = is_api,
    .switch_code = switch_code,
    .create_fn = "tk_thread_create",
    .offset_name = offset_name,
};
