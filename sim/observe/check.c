/* tempo-sim --check (check.h, docs/check.md). */
#include "check.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lines.h"
#include "machine.h"
#include "ops.h"
#include "observe.h"
#include "rtos.h"
#include "symbols.h"

/* A cycle of mutex waiters is reported once two looks this far apart both saw it: the
 * kernel's hand-over of a mutex (owner set, waiter not yet ready) is never caught twice. */
#define DEADLOCK_RESCAN 10000u

struct check {
    struct check_config cfg;
    const struct elf_image *img;
    struct lines *lines;
    struct rtos *r;              /* the kernel's threads: the observers', or own; NULL: none */
    struct rtos own;             /* kernel awareness when no observer runs (the fast engine) */
    uint64_t guard;              /* bytes at a stack's base that no push may reach */
    uint64_t sp_load_pc;         /* an AUIPC or LUI into sp: the next add completes an address */
    uint64_t code_lo, code_hi;   /* a store in [code_lo, code_hi) is a store into code */
    const struct ram *wram;      /* the data RAM (ram[0]) */
    uint8_t *written;            /* CHECK_UNINIT: a bit per byte of it, set once written */
    /* what the fast engine leaves to check_step() (observe.h's fast_watch): the store map
     * (on_fast_sync()), the threads' stacks as last marked in it, the current thread then */
    struct fast_watch *watch;
    uint8_t *stores;
    int marked_cur, marked_n;
    uint64_t marked_base[RTOS_MAX_THREADS], marked_top[RTOS_MAX_THREADS];
    unsigned marked_stacks;      /* the rtos's stacks count when they were marked */
    /* progress, as counted at the last look */
    uint64_t switches, seen_switches, seen_out, seen_traps, seen_slept;
    int seen_cur;
    uint64_t progress_at;
    /* --silence-limit */
    uint64_t silent_out, silent_since;
    bool silence_told;
    /* CHECK_DEADLOCK */
    uint64_t scanned_at, cycle_sig;
};

static const struct {
    const char *name;
    unsigned bit;
} names[] = {
    {"stack", CHECK_STACK}, {"code", CHECK_CODE}, {"null", CHECK_NULL},
    {"uninit", CHECK_UNINIT}, {"hang", CHECK_HANG}, {"deadlock", CHECK_DEADLOCK},
    {"irqoff", CHECK_IRQOFF},
    {"all", CHECK_ALL},
};

int check_parse(const char *list, unsigned *what, char *err, size_t errlen)
{
    *what = 0;
    while (*list) {
        size_t k = strcspn(list, ",");
        size_t i = 0;
        while (i < sizeof names / sizeof *names && (strlen(names[i].name) != k || strncmp(names[i].name, list, k)))
            i++;
        if (i == sizeof names / sizeof *names) {
            snprintf(err, errlen, "unknown check '%.*s' (stack, code, null, uninit, hang, deadlock, all)",
                     (int)k, list);
            return -1;
        }
        *what |= names[i].bit;
        list += k + (list[k] == ',');
    }
    if (!*what) {
        snprintf(err, errlen, "no check named");
        return -1;
    }
    return 0;
}

static void mark(struct check *c, uint64_t addr, uint64_t n)
{
    uint64_t off = addr - c->wram->base;
    for (uint64_t i = 0; i < n; i++, off++)
        if (off < c->wram->size)
            c->written[off >> 3] |= (uint8_t)(1u << (off & 7));
}

static bool any_written(const struct check *c, uint64_t off, unsigned n)
{
    for (unsigned i = 0; i < n; i++, off++)
        if (c->written[off >> 3] & (1u << (off & 7)))
            return true;
    return false;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    while (n--)
        v = v << 8 | p[n];
    return v;
}

/* [lo, hi) spanning the image's allocated executable sections (SHF_ALLOC | SHF_EXECINSTR);
 * elf.c has checked the section table's bounds.  lo = hi = 0 when there are none. */
static void code_sections(const struct elf_image *img, uint64_t *lo, uint64_t *hi)
{
    const uint8_t *d = img->data;
    bool w64 = img->xlen == 64;
    uint64_t off = le(d + (w64 ? 0x28 : 0x20), w64 ? 8 : 4);
    unsigned size = (unsigned)le(d + (w64 ? 0x3a : 0x2e), 2), n = (unsigned)le(d + (w64 ? 0x3c : 0x30), 2);
    *lo = UINT64_MAX, *hi = 0;
    for (unsigned i = 0; i < n && off + (uint64_t)(i + 1) * size <= img->len && size >= (w64 ? 64u : 40u); i++) {
        const uint8_t *sh = d + off + (uint64_t)i * size;
        uint64_t flags = le(sh + 8, w64 ? 8 : 4), addr = le(sh + (w64 ? 16 : 12), w64 ? 8 : 4),
                 len = le(sh + (w64 ? 32 : 20), w64 ? 8 : 4);
        if ((flags & 6) == 6 && len) { /* SHF_ALLOC | SHF_EXECINSTR */
            *lo = addr < *lo ? addr : *lo;
            *hi = addr + len > *hi ? addr + len : *hi;
        }
    }
    if (*lo > *hi)
        *lo = *hi = 0;
}

static void irqoff_over(void *ctx, const struct irqoff_window *w);
static int watch_new(struct machine *m, struct check *c);

struct check *check_new(struct machine *m, const struct elf_image *img, const char *path,
                        const struct check_config *cfg)
{
    struct check *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->cfg = *cfg;
    c->img = img;
    c->lines = lines_open(path);
    if (cfg->what && !c->lines)
        fprintf(stderr, "tempo-sim: --check: findings name no source lines: %s\n",
                lines_available() ? "the image has no DWARF line table (build it with -g)"
                                  : "tempo-sim was built without libdw (install libdw-dev and rebuild it)");
    if (m->obs && m->obs->kernel) {
        c->r = &m->obs->rtos;
    } else if (!m->obs) {
        c->own.m = m;
        c->own.cur = -1;
        if (!rtos_attach(&c->own, m, img))
            c->r = &c->own;
    }
    if (c->r && !strcmp(c->r->k->name, "tempo"))
        c->guard = c->r->ptr; /* the lowest word holds the guard (kernel.h tk__stack_ok) */
    const struct ram *code = m->bus.code;
    if (m->soc == SOC_PAPER) { /* the data port cannot write instruction memory at all */
        c->code_lo = code->base;
        c->code_hi = code->base + code->size;
    } else {                   /* virt: one RAM; its code is the executable sections */
        code_sections(img, &c->code_lo, &c->code_hi);
    }
    c->wram = &m->bus.ram[0];
    if (cfg->what & CHECK_UNINIT) {
        /* zero pages until touched; generated code reads it 4 bytes at a time (jit.c) */
        c->written = calloc(c->wram->size / 8 + 8, 1);
        if (!c->written) {
            check_free(c);
            return NULL;
        }
        for (size_t i = 0; i < img->nseg; i++)
            mark(c, img->seg[i].vaddr, img->seg[i].filesz);
    }
    if (m->obs && (cfg->what & CHECK_PER_INSN) && watch_new(m, c)) {
        check_free(c);
        return NULL;
    }
    if (cfg->what & CHECK_IRQOFF && cfg->irq_off)
        irqoff_set_limit(&m->irqoff, cfg->irq_off, irqoff_over, m);
    c->seen_cur = -2;
    m->check = c;
    m->watch_at = CHECK_LOOK;
    return c;
}

void check_free(struct check *c)
{
    if (!c)
        return;
    lines_close(c->lines);
    free(c->written);
    free(c->stores);
    free(c);
}

bool check_per_insn(const struct check *c) { return c && (c->cfg.what & CHECK_PER_INSN); }

static const char *thread_name(const struct rtos *r, int i)
{
    if (i < 0 || i >= r->n)
        return "main";
    return r->t[i].name[0] ? r->t[i].name : "?";
}

/* The function holding addr as the source names it: GCC's clones (name.constprop.0,
 * name.isra.0, name.part.0) are that function. */
static void function_name(const struct machine *m, uint64_t addr, char *buf, size_t n)
{
    snprintf(buf, n, "%s", symtab_name(m->symbols, addr));
    buf[strcspn(buf, ".")] = 0;
    if (!buf[0])
        snprintf(buf, n, "?");
}

/* "thread NAME, pc 0x... in FN (file:line)[, in an interrupt handler][, interrupts off]" */
static void where_at(struct machine *m, uint64_t pc, char *buf, size_t n)
{
    struct check *c = m->check;
    char line[256] = "";
    size_t k = 0;
    buf[0] = 0;
    if (c && c->r) {
        int cur = c->r == &c->own ? rtos_sync_current(c->r) : c->r->cur;
        k += (size_t)snprintf(buf, n, "thread %s, ", thread_name(c->r, cur));
    }
    if (c)
        lines_at(c->lines, pc, line + 2, sizeof line - 3);
    if (line[2]) {
        line[0] = ' ', line[1] = '(';
        strcat(line, ")");
    }
    char fn[128];
    function_name(m, pc, fn, sizeof fn);
    if (k < n)
        snprintf(buf + k, n - k, "pc 0x%llx in %s%s%s%s", (unsigned long long)pc, fn, line,
                 m->obs && m->obs->in_isr ? ", in an interrupt handler" : "",
                 m->hart.csr.mstatus_mie ? "" : ", interrupts off");
}

void check_where(struct machine *m, char *buf, size_t n) { where_at(m, m->hart.pc, buf, n); }

void check_context(struct machine *m, char *buf, size_t n)
{
    struct check *c = m->check;
    char line[256] = "";
    size_t k = 0;
    buf[0] = 0;
    if (c && lines_at(c->lines, m->hart.pc, line, sizeof line))
        k += (size_t)snprintf(buf, n, " (%s)", line);
    const char *sep = "; ";
    if (k < n && c && c->r) {
        int cur = c->r == &c->own ? rtos_sync_current(c->r) : c->r->cur;
        k += (size_t)snprintf(buf + k, n - k, "%sthread %s", sep, thread_name(c->r, cur));
        sep = ", ";
    }
    if (k < n && m->obs && m->obs->in_isr)
        k += (size_t)snprintf(buf + k, n - k, "%sin an interrupt handler", sep), sep = ", ";
    if (k < n && !m->hart.csr.mstatus_mie)
        snprintf(buf + k, n - k, "%sinterrupts off", sep);
}

/* One finding: its line, and the run stops before the instruction at pc executes. */
static bool finding(struct machine *m, uint64_t pc, const char *fmt, ...)
{
    char what[512], where[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    where_at(m, pc, where, sizeof where);
    fflush(stdout);
    fprintf(stderr, "tempo-sim: check: %s; %s, cycle %llu\n", what, where,
            (unsigned long long)m->hart.clk.cycle);
    run_stop(&m->run, STOP_CHECK);
    return false;
}

/* A window longer than --check-irq-off has just closed: named where interrupts come back on. */
static void irqoff_over(void *ctx, const struct irqoff_window *w)
{
    struct machine *m = ctx;
    char fn[128];
    function_name(m, w->start_pc, fn, sizeof fn);
    finding(m, w->end_pc, "interrupts disabled for %llu cycles (limit %llu), off since pc 0x%llx in %s "
            "at cycle %llu, on again here", (unsigned long long)w->cycles,
            (unsigned long long)m->check->cfg.irq_off, (unsigned long long)w->start_pc, fn,
            (unsigned long long)w->start_cycle);
}

/* The data object holding addr: "name" or "name+0xN"; else the bare address. */
static void object_name(const struct elf_image *img, uint64_t addr, char *buf, size_t n)
{
    for (size_t i = 0; i < img->nsym; i++) {
        const struct elf_symbol *s = &img->sym[i];
        if (s->type == 1 /* STT_OBJECT */ && s->name[0] && addr >= s->value && addr - s->value < s->size) {
            if (addr == s->value)
                snprintf(buf, n, "%s", s->name);
            else
                snprintf(buf, n, "%s+0x%llx", s->name, (unsigned long long)(addr - s->value));
            return;
        }
    }
    snprintf(buf, n, "0x%llx", (unsigned long long)addr);
}

/* The thread whose stack holds sp: (base, top], the current one first. */
static const struct rtos_thread *stack_of(const struct rtos *r, uint64_t sp)
{
    if (r->cur >= 0 && sp > r->t[r->cur].stack_base && sp <= r->t[r->cur].stack_top)
        return &r->t[r->cur];
    for (int i = 0; i < r->n; i++)
        if (sp > r->t[i].stack_base && sp <= r->t[i].stack_top)
            return &r->t[i];
    return NULL;
}

/* Is addr inside a function other than the reset code (the one holding the entry point)?
 * On the paper SoC code starts at 0: an access or a jump into a function there is no NULL
 * pointer, one into the reset code or into no function is. */
static bool in_function(const struct machine *m, const struct check *c, uint64_t addr)
{
    const struct symtab *s = m->symbols;
    size_t f = symtab_index(s, addr);
    return f < s->n && !(c->img->entry >= s->f[f].lo && c->img->entry < s->f[f].hi);
}

static bool mark_store(struct check *c, uint64_t ea, unsigned n)
{
    if (c->cfg.what & CHECK_UNINIT)
        mark(c, ea, n);
    return true;
}

static bool check_store(struct machine *m, struct check *c, uint64_t pc, uint64_t ea, unsigned n)
{
    unsigned w = c->cfg.what;
    char obj[128];
    if ((w & CHECK_CODE) && ea < c->code_hi && ea + n > c->code_lo)
        return finding(m, pc, "store into code: %u bytes at 0x%llx, in %s%s", n, (unsigned long long)ea,
                       symtab_name(m->symbols, ea),
                       m->soc == SOC_PAPER ? " (the paper core's data port cannot write instruction "
                                             "memory: the store is lost)" : "");
    if ((w & CHECK_STACK) && c->r && m->obs) {
        const struct rtos_thread *own = stack_of(c->r, m->hart.x[2]);
        if (own && ea < own->stack_base + c->guard && ea + n > own->stack_base)
            return finding(m, pc, "stack overflow: store of %u bytes at 0x%llx, the guard word at the base of the stack of thread %s (0x%llx-0x%llx)",
                           n, (unsigned long long)ea, own->name, (unsigned long long)own->stack_base,
                           (unsigned long long)own->stack_top);
        /* another thread's stack, below the sp it saved: space no one may write while it
         * does not run (the kernel's switch code and interrupt handlers aside) */
        if (m->obs->in_isr || (observe_flags(m->obs, pc) & PCF_SWITCH_CODE))
            return mark_store(c, ea, n);
        for (int i = 0; i < c->r->n; i++) {
            const struct rtos_thread *t = &c->r->t[i];
            struct rtos_info in;
            if (t == own || !t->stack_top || ea >= t->stack_top || ea + n <= t->stack_base ||
                rtos_info(c->r, i, &in) || !in.alive || !in.saved_sp || ea >= in.saved_sp ||
                i == c->r->cur)
                continue;
            object_name(c->img, ea, obj, sizeof obj);
            return finding(m, pc, "stray store: %u bytes at %s, into the stack of thread %s below its saved sp 0x%llx (0x%llx-0x%llx)",
                           n, obj, t->name, (unsigned long long)in.saved_sp,
                           (unsigned long long)t->stack_base, (unsigned long long)t->stack_top);
        }
    }
    return mark_store(c, ea, n);
}

bool check_step(struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea)
{
    struct check *c = m->check;
    unsigned w = c->cfg.what;
    const uint64_t *x = m->hart.x;
    char obj[128];
    if (d->t.cls == TC_LOAD || d->t.cls == TC_STORE) {
        unsigned n = op_size(d->op);
        bool store = d->t.cls == TC_STORE;
        if ((w & CHECK_NULL) && ea < c->cfg.null_size && !in_function(m, c, ea))
            return finding(m, pc, "NULL pointer: %s of %u bytes at 0x%llx, in the guard region [0, 0x%llx)",
                           store ? "store" : "load", n, (unsigned long long)ea,
                           (unsigned long long)c->cfg.null_size);
        if (store)
            return check_store(m, c, pc, ea, n);
        uint64_t off = ea - c->wram->base;
        if ((w & CHECK_UNINIT) && off < c->wram->size && n <= c->wram->size - off && !any_written(c, off, n)) {
            object_name(c->img, ea, obj, sizeof obj);
            return finding(m, pc, "uninitialised load: %u bytes at %s, never written since reset", n, obj);
        }
    }
    if (d->op == OP_JALR && (w & CHECK_NULL) && !(d->t.rd == 0 && d->t.rs1 == 1)) {
        /* a call or jump through a pointer (a return is none) */
        uint64_t target = (x[d->t.rs1] + (uint64_t)(int64_t)d->imm) & ~1ull;
        if (m->hart.xlen == 32)
            target = (uint32_t)target;
        if (target < c->cfg.null_size && !in_function(m, c, target))
            return finding(m, pc, "NULL pointer: a jump to 0x%llx, in the guard region [0, 0x%llx)",
                           (unsigned long long)target, (unsigned long long)c->cfg.null_size);
    }
    if (d->t.rd == 2 && (d->op == OP_AUIPC || d->op == OP_LUI)) {
        c->sp_load_pc = pc + 4; /* `lla sp, sym`: sp gets an address, another stack's maybe */
        return true;
    }
    if (d->t.rd == 2 && d->t.rs1 == 2 && (w & CHECK_STACK) && c->r && pc != c->sp_load_pc) {
        /* sp moved relative to itself (a frame): did it leave its thread's stack downwards? */
        uint64_t sp = x[2], nsp;
        if (d->op == OP_ADDI || d->op == OP_ADDIW)
            nsp = sp + (uint64_t)(int64_t)d->imm;
        else if (d->op == OP_ADD)
            nsp = sp + x[d->t.rs2];
        else if (d->op == OP_SUB)
            nsp = sp - x[d->t.rs2];
        else
            return true;
        if (m->hart.xlen == 32)
            nsp = (uint32_t)nsp;
        const struct rtos_thread *t = nsp < sp ? stack_of(c->r, sp) : NULL;
        if (t && nsp < t->stack_base + c->guard)
            return finding(m, pc, "stack overflow: sp 0x%llx would be %llu bytes below the stack of thread %s (0x%llx-0x%llx%s)",
                           (unsigned long long)nsp, (unsigned long long)(t->stack_base + c->guard - nsp), t->name,
                           (unsigned long long)t->stack_base, (unsigned long long)t->stack_top,
                           c->guard ? ", its lowest word the guard" : "");
    }
    return true;
}

static void on_event(void *ctx, const struct observe_event *e)
{
    struct check *c = ctx;
    if (e->kind == OBS_SWITCH)
        c->switches++; /* progress, for the hang check */
}

static bool on_exec(void *ctx, struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea)
{
    (void)ctx;
    return !check_wants(d) || check_step(m, pc, d, ea);
}

/* ---- what the fast engine leaves to check_step() (observe.h's fast_watch) ---- */

/* The store map (c->stores, the fast_watch's): a byte per doubleword of ram[0].  0: no
 * look; a thread's number + 1: a doubleword wholly inside its stack above the guard, which
 * needs a look unless the thread is the current one or sp's (fast_watch's stores_own);
 * ALWAYS: a look always (code, a stack's guard, a doubleword that two of them share or that
 * a stack only touches, the stacks of threads past 254).  A switch changes only stores_own. */
enum { ALWAYS = 0xff, NO_OWNER = 0x100 };

/* [lo, hi) as offsets in ram[0] */
static void in_wram(const struct check *c, uint64_t *lo, uint64_t *hi)
{
    const struct ram *r = c->wram;
    *lo = *lo > r->base ? *lo - r->base : 0;
    *hi = *hi > r->base ? *hi - r->base : 0;
    *hi = *hi < r->size ? *hi : r->size;
}

/* The doublewords [lo, hi) touches: those wholly inside [mine, hi) to thread i's number + 1
 * where nothing marked them before, the others ALWAYS (i -1: all of them). */
static void stores_mark(struct check *c, uint64_t lo, uint64_t hi, uint64_t mine, int i)
{
    uint64_t a = lo, b = hi;
    in_wram(c, &a, &b);
    for (uint64_t d = a >> 3; d < (b + 7) >> 3; d++) {
        const uint64_t at = c->wram->base + (d << 3);
        const bool owned = i >= 0 && i < ALWAYS - 1 && at >= mine && at + 8 <= hi && !c->stores[d];
        c->stores[d] = owned ? (uint8_t)(i + 1) : ALWAYS;
    }
}

/* The thread whose stack holds sp (stack_of()) as an index; -1: none. */
static int stack_index(const struct rtos *r, uint64_t sp)
{
    const struct rtos_thread *t = stack_of(r, sp);
    return t ? (int)(t - r->t) : -1;
}

/* The sp window around sp, whose thread is `own` (stack_index()): where stack_of() names
 * that thread, and the lowest sp a move may reach in it without a finding. */
static void sp_window(struct check *c, uint64_t sp, int own)
{
    const struct rtos *r = c->r;
    const struct rtos_thread *t = own >= 0 ? &r->t[own] : NULL;
    struct fast_watch *w = c->watch;
    uint64_t lo = t ? t->stack_base : 0, hi = t ? t->stack_top : UINT64_MAX;
    if (own < 0 || own != r->cur) /* the current thread's stack is its own */
        for (int i = 0; i < r->n; i++) {
            const struct rtos_thread *u = &r->t[i];
            if (i == own || !u->stack_top || u->stack_top <= lo || u->stack_base >= hi)
                continue;
            if (u->stack_top < sp)
                lo = u->stack_top;
            else if (u->stack_base >= sp)
                hi = u->stack_base;
            else { /* stacks overlap at sp: a window of sp alone */
                lo = sp - 1, hi = sp;
                break;
            }
        }
    w->sp_lo = lo;
    w->sp_hi = hi;
    w->sp_floor = t ? t->stack_base + c->guard : 0;
}

/* Code into the store map, when stores into it are looked at */
static void code_mark(struct check *c)
{
    if (c->cfg.what & CHECK_CODE)
        stores_mark(c, c->code_lo, c->code_hi, 0, -1);
}

/* The threads' stacks into the store map, as they are now (the marks of the ones before
 * gone, code's made again) */
static void stacks_mark(struct check *c)
{
    const struct rtos *r = c->r;
    for (int i = 0; i < c->marked_n; i++) {
        uint64_t lo = c->marked_base[i] & ~7ull, hi = (c->marked_top[i] + 7) & ~7ull;
        in_wram(c, &lo, &hi);
        if (lo < hi)
            memset(c->stores + (lo >> 3), 0, (hi - lo) >> 3);
    }
    code_mark(c);
    for (int i = 0; i < r->n; i++) {
        const struct rtos_thread *t = &r->t[i];
        c->marked_base[i] = t->stack_base;
        c->marked_top[i] = t->stack_top;
        if (t->stack_top)
            stores_mark(c, t->stack_base, t->stack_top, t->stack_base + c->guard, i);
    }
    c->marked_n = r->n;
    c->marked_stacks = r->stacks;
}

/* The engine goes on: the threads, the current one and the thread sp is in as the watch
 * last saw them, or the watch brought up to date.  The stores that stay are those into the
 * current thread's stack and the one sp is in (above their guards): a switch saves the
 * registers on the stack left after the kernel made the next thread the current one. */
static void on_fast_sync(void *ctx, struct machine *m)
{
    struct check *c = ctx;
    const struct rtos *r = c->r;
    struct fast_watch *w = c->watch;
    if (!w->sp)
        return;
    const uint64_t sp = m->hart.x[2];
    const bool same = c->marked_n >= 0 && r->stacks == c->marked_stacks;
    if (same && r->cur == c->marked_cur && fast_watch_holds(w, sp))
        return;
    if (!same)
        stacks_mark(c);
    const int own = stack_index(r, sp);
    sp_window(c, sp, own);
    const int stay[2] = {r->cur, own};
    for (int i = 0; i < 2; i++)
        w->stores_own[i] = stay[i] >= 0 && stay[i] < ALWAYS - 1 ? (unsigned)stay[i] + 1 : NO_OWNER;
    c->marked_cur = r->cur;
}

/* The fast engine's watch for the per-instruction checks asked for: 0, or -1 when out of
 * memory. */
static int watch_new(struct machine *m, struct check *c)
{
    struct fast_watch *w = &m->obs->watch;
    unsigned what = c->cfg.what;
    c->watch = w;
    w->on = true;
    w->low = what & CHECK_NULL ? c->cfg.null_size : 0;
    w->written = c->written;
    w->sp = (what & CHECK_STACK) && c->r;
    if (!(what & CHECK_CODE) && !w->sp)
        return 0;
    c->stores = calloc(c->wram->size / 8 + 1, 1);
    if (!c->stores)
        return -1;
    w->stores = c->stores;
    code_mark(c);
    w->stores_own[0] = w->stores_own[1] = NO_OWNER;
    c->marked_cur = -1;
    c->marked_n = -1; /* no stack marked: the first sync marks them */
    return 0;
}

struct observer check_observer(struct check *c)
{
    bool per_insn = check_per_insn(c);
    return (struct observer){.name = "check", .ctx = c, .exec = per_insn ? on_exec : NULL,
                             .fast_sync = per_insn ? on_fast_sync : NULL, .event = on_event};
}

/* Is the word before addr a call (jal or jalr writing ra)?  Its target into *to (jal), or
 * UINT64_MAX (jalr). */
static bool call_before(struct rtos *r, uint64_t addr, uint64_t *to)
{
    uint32_t w;
    if (addr < 4 || rtos_read(r, addr - 4, &w, 4) || ((w >> 7) & 31) != 1)
        return false;
    if ((w & 0x7f) == 0x6f) { /* jal: imm[20|10:1|11|19:12] */
        int32_t imm = (int32_t)((w & 0x80000000u) | ((w & 0xff000u) << 11) | ((w & 0x100000u) << 2) |
                                ((w & 0x7fe00000u) >> 9)) >> 11;
        *to = addr - 4 + (uint64_t)(int64_t)imm;
        return true;
    }
    *to = UINT64_MAX;
    return (w & 0x707f) == 0x67; /* jalr */
}

/* Where a blocked thread waits, in the application's terms: the call of the kernel's API
 * that blocked it.  Its saved pc when that is in the application (Tempo resumes a thread in
 * the caller of the blocking call), else the first return address on its stack that follows
 * a call of a kernel API function (FreeRTOS saves its context inside the kernel). */
static uint64_t wait_site(struct machine *m, struct check *c, int i, uint64_t pc, uint64_t sp)
{
    struct rtos *r = c->r;
    uint64_t to;
    if (!r->k->is_api(symtab_name(m->symbols, pc)))
        return call_before(r, pc, &to) ? pc - 4 : pc;
    for (uint64_t a = sp; a < r->t[i].stack_top && a < sp + 4096; a += r->ptr) {
        uint64_t w = rtos_ptr(r, a);
        if (w >= c->code_lo && w < c->code_hi && call_before(r, w, &to) && to != UINT64_MAX &&
            r->k->is_api(symtab_name(m->symbols, to)))
            return w - 4;
    }
    return pc;
}

/* Threads waiting for each other's mutexes: a cycle in "waits for a mutex held by". */
static void deadlock_scan(struct machine *m, struct check *c)
{
    struct rtos *r = c->r;
    int idx[RTOS_MAX_THREADS], holder[RTOS_MAX_THREADS];
    uint64_t mutex[RTOS_MAX_THREADS];
    int n = rtos_refresh(r, idx, RTOS_MAX_THREADS);
    for (int i = 0; i < r->n; i++)
        holder[i] = -1, mutex[i] = 0;
    for (int k = 0; k < n; k++) {
        struct rtos_info in;
        if (rtos_info(r, idx[k], &in) || !in.wait_mutex || !in.wait_holder)
            continue;
        for (int j = 0; j < r->n; j++)
            if (r->t[j].tcb == in.wait_holder)
                holder[idx[k]] = j;
        mutex[idx[k]] = in.wait_mutex;
    }
    for (int k = 0; k < n; k++) {
        /* follow "held by" from this thread; a walk as long as the thread count that has
         * not ended is inside a cycle */
        int t = idx[k], steps = 0;
        while (t >= 0 && steps <= r->n)
            t = holder[t], steps++;
        if (t < 0)
            continue;
        uint64_t sig = 0;
        int start = t;
        do {
            sig = sig * 31 + r->t[t].tcb;
            t = holder[t];
        } while (t != start);
        if (sig != c->cycle_sig) {
            c->cycle_sig = sig;
            return; /* report it when the next scan sees it again */
        }
        char text[1024], obj[128], line[160];
        size_t len = 0;
        do {
            uint64_t regs[33], valid = 0;
            line[0] = 0;
            if (!rtos_regs(r, t, regs, &valid) && (valid >> 32 & 1)) {
                uint64_t site = wait_site(m, c, t, regs[32], regs[2]);
                char fn[128];
                function_name(m, site, fn, sizeof fn);
                size_t l = (size_t)snprintf(line, sizeof line, " in %s", fn);
                if (lines_at(c->lines, site, line + l + 2, sizeof line - l - 3)) {
                    line[l] = ' ', line[l + 1] = '(';
                    strcat(line, ")");
                }
            }
            object_name(c->img, mutex[t], obj, sizeof obj);
            len += (size_t)snprintf(text + len, sizeof text - (len < sizeof text ? len : sizeof text),
                                    "%s%s waits%s for mutex %s held by %s", len ? "; " : "",
                                    thread_name(r, t), line, obj, thread_name(r, holder[t]));
            t = holder[t];
        } while (t != start && len < sizeof text);
        finding(m, m->hart.pc, "deadlock: %s", text);
        return;
    }
    c->cycle_sig = 0;
}

static void silence(struct machine *m, struct check *c, uint64_t now)
{
    if (m->uart.bytes != c->silent_out) {
        c->silent_out = m->uart.bytes;
        c->silent_since = now;
        c->silence_told = false;
        return;
    }
    if (!c->cfg.silence || c->silence_told || now - c->silent_since < c->cfg.silence)
        return;
    char where[512];
    check_where(m, where, sizeof where);
    fflush(stdout);
    fprintf(stderr, "tempo-sim: no output for %llu cycles; %s, cycle %llu; still running (Ctrl-C stops it, "
                    "--max-cycles N bounds a run, --check finds hangs and deadlocks, --silence-limit 0 "
                    "turns this off)\n",
            (unsigned long long)(now - c->silent_since), where, (unsigned long long)now);
    c->silence_told = true;
}

void check_look(struct machine *m)
{
    struct check *c = m->check;
    uint64_t now = m->hart.clk.cycle;
    m->watch_at = now + CHECK_LOOK < now ? UINT64_MAX : now + CHECK_LOOK;
    silence(m, c, now);
    if (!(c->cfg.what & (CHECK_HANG | CHECK_DEADLOCK)))
        return;
    int cur = !c->r ? -1 : c->r == &c->own ? rtos_sync_current(c->r) : c->r->cur;
    /* a WFI that slept until its wake-up waited for something that came: no hang either */
    if (m->uart.bytes != c->seen_out || m->stats.traps != c->seen_traps || m->stats.wfi_idle != c->seen_slept ||
        c->switches != c->seen_switches || cur != c->seen_cur) {
        c->seen_out = m->uart.bytes;
        c->seen_traps = m->stats.traps;
        c->seen_slept = m->stats.wfi_idle;
        c->seen_switches = c->switches;
        c->seen_cur = cur;
        c->progress_at = now;
    }
    if ((c->cfg.what & CHECK_DEADLOCK) && c->r && now - c->scanned_at >= DEADLOCK_RESCAN) {
        c->scanned_at = now;
        deadlock_scan(m, c);
        if (m->run.stop != STOP_NONE)
            return;
    }
    if ((c->cfg.what & CHECK_HANG) && now - c->progress_at >= c->cfg.hang)
        finding(m, m->hart.pc, "hang: no thread switch, output, interrupt or trap for %llu cycles",
                (unsigned long long)(now - c->progress_at));
}
