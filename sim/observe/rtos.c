/* Kernel awareness, the part every kernel shares (rtos.h). */
#include "rtos.h"
#include <stdio.h>
#include <string.h>
#include "machine.h"

static const struct rtos_kernel *const kernels[] = {&rtos_tempo, &rtos_freertos};

int rtos_attach(struct rtos *r, struct machine *m, const struct elf_image *img)
{
    char why[sizeof r->why] = "";
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        memset(r, 0, sizeof *r);
        r->m = m;
        r->ptr = (unsigned)m->hart.xlen / 8;
        r->cur = -1;
        if (kernels[i]->attach(r, img) == 0) {
            r->k = kernels[i];
            return 0;
        }
        if (r->why[0] && !why[0])
            memcpy(why, r->why, sizeof why);
    }
    memset(r, 0, sizeof *r);
    r->m = m;
    r->cur = -1;
    memcpy(r->why, why, sizeof why);
    return -1;
}

int rtos_read(struct rtos *r, uint64_t addr, void *buf, uint64_t n)
{
    return bus_peek(&r->m->bus, addr, buf, n);
}

uint64_t rtos_word(struct rtos *r, uint64_t addr, unsigned size)
{
    uint64_t v = 0;
    if (rtos_read(r, addr, &v, size)) /* little-endian host, as everywhere in the simulator */
        return 0;
    return v;
}

uint64_t rtos_ptr(struct rtos *r, uint64_t addr) { return rtos_word(r, addr, r->ptr); }

void rtos_string(struct rtos *r, uint64_t addr, char *out, unsigned max)
{
    unsigned i = 0;
    for (; addr && i + 1 < max; i++) {
        char c;
        if (rtos_read(r, addr + i, &c, 1) || !c)
            break;
        out[i] = c >= 0x20 && c < 0x7f ? c : '?';
    }
    out[i] = 0;
}

/* A first look at a thread that has not run since it was created (or since the simulator
 * forgot it): its stack's extent, from its base and the initial context on it. */
static void look(struct rtos *r, struct rtos_thread *t)
{
    struct rtos_info in;
    if (t->stack_top || r->k->info(r, t->tcb, &in) || !in.saved_sp)
        return;
    snprintf(t->name, sizeof t->name, "%s", in.name);
    t->stack_base = in.stack_base;
    t->stack_top = in.saved_sp + r->initial_frame;
    r->stacks++;
}

int rtos_thread_index(struct rtos *r, uint64_t tcb)
{
    for (int i = 0; i < r->n; i++)
        if (r->t[i].tcb == tcb) {
            look(r, &r->t[i]);
            return i;
        }
    if (!tcb || r->n == RTOS_MAX_THREADS)
        return -1;
    struct rtos_thread *t = &r->t[r->n];
    memset(t, 0, sizeof *t);
    t->tcb = tcb;
    t->lowest_sp = UINT64_MAX;
    look(r, t);
    r->stacks++;
    return r->n++;
}

void rtos_created(struct rtos *r, uint64_t tcb)
{
    for (int i = 0; i < r->n; i++)
        if (r->t[i].tcb == tcb) {
            struct rtos_thread *t = &r->t[i];
            t->stack_base = t->stack_top = 0;
            t->lowest_sp = UINT64_MAX;
            t->irq_valid = false;
            r->stacks++;
            return;
        }
    if (r->n < RTOS_MAX_THREADS) {
        struct rtos_thread *t = &r->t[r->n++];
        memset(t, 0, sizeof *t);
        t->tcb = tcb;
        t->lowest_sp = UINT64_MAX;
        r->stacks++;
    }
}

int rtos_sync_current(struct rtos *r)
{
    if (!r->k)
        return -1;
    /* Tempo stores its current thread once more after `started`; FreeRTOS does not */
    if (!r->started && rtos_word(r, r->started_var, r->started_size)) {
        r->started = true;
        rtos_refresh(r, NULL, 0); /* every thread created so far has not run yet */
    }
    r->cur = r->started ? rtos_thread_index(r, rtos_ptr(r, r->current_var)) : -1;
    return r->cur;
}

int rtos_refresh(struct rtos *r, int *idx, int max)
{
    uint64_t tcb[RTOS_MAX_THREADS];
    int n = r->k ? r->k->threads(r, tcb, RTOS_MAX_THREADS) : 0, live = 0;
    for (int i = 0; i < n; i++) {
        struct rtos_info in;
        int k = rtos_thread_index(r, tcb[i]);
        if (k < 0 || r->k->info(r, tcb[i], &in) || !in.alive)
            continue;
        snprintf(r->t[k].name, sizeof r->t[k].name, "%s", in.name);
        if (idx && live < max)
            idx[live] = k;
        live++;
    }
    return idx && live > max ? max : live;
}

int rtos_info(struct rtos *r, int i, struct rtos_info *out)
{
    if (!r->k || i < 0 || i >= r->n || r->k->info(r, r->t[i].tcb, out))
        return -1;
    if (i == r->cur)
        out->state = "running";
    return 0;
}

int rtos_regs(struct rtos *r, int i, uint64_t regs[33], uint64_t *valid)
{
    const struct hart *h = &r->m->hart;
    if (i < 0 || i == r->cur || !r->k) {
        memcpy(regs, h->x, 32 * sizeof *regs);
        regs[32] = h->pc;
        *valid = (1ull << 33) - 1;
        return 0;
    }
    if (i >= r->n)
        return -1;
    *valid = 0;
    memset(regs, 0, 33 * sizeof *regs);
    if (r->k->saved_regs(r, &r->t[i], regs, valid))
        return -1;
    /* gp and tp hold the image's global pointer and (Tempo) the kernel state: one value for
     * every thread, so the hart's own */
    regs[3] = h->x[3];
    regs[4] = h->x[4];
    *valid |= 1u << 3 | 1u << 4;
    return 0;
}
