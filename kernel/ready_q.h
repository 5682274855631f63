/* The ready queue: one list per priority, the running thread the head of its own, and the
 * search for the most urgent ready thread.  Two variants behind the same calls (TK_SIZE,
 * kconfig.h): the speed build keeps a bitmap of the non-empty lists (a de Bruijn search);
 * the size build scans the lists in priority order. */
#ifndef TK_READY_Q_H
#define TK_READY_Q_H
#include "tlist.h"

/* ---- ready lists ---- */
/* Set a thread's priority fields (it must not be queued anywhere). */
TK_INLINE void tk__set_prio(struct tk_thread *t, uint8_t p)
{
    t->prio = p;
    t->ready_slot = &tk_k.ready[p & (TK_PRIO_COUNT - 1)];
#if !TK_SIZE /* built for size, no ready map (tk__highest) */
    t->prio_bit = 1u << (p & (TK_PRIO_COUNT - 1));
#endif
}

TK_SHARED void tk__ready_insert(struct tk_thread *t)
{
    t->state = TK_STATE_READY;
#if TK_SIZE
    /* Built for size, the wait queue's insertion (a tail call): a ready list is a queue of
     * one priority, which it appends to (the walk from the tail stops at once). */
    tk__waitq_insert((struct tk_waitq *)t->ready_slot, t);
#else
    tk__list_append(t->ready_slot, t);
    tk_k.ready_map |= t->prio_bit;
#endif
}

#if TK_SIZE /* built for size, the shared list removal (no ready map) */
static inline __attribute__((always_inline)) void tk__ready_remove(struct tk_thread *t)
{
    tk__list_remove(t->ready_slot, t);
}
#else
TK_SHARED void tk__ready_remove(struct tk_thread *t)
{
    struct tk_thread *n = t->next;
    if (TK_LIKELY(n == t)) {
        *t->ready_slot = NULL;
        tk_k.ready_map &= ~t->prio_bit;
    } else {
        struct tk_thread *p = t->prev;
        p->next = n;
        n->prev = p;
        if (*t->ready_slot == t)
            *t->ready_slot = n;
    }
}
#endif

/* tk__ready_remove for the running thread when it blocks, sleeps or suspends itself: it is
 * the head of its ready list then (a switch runs the head; a time slice moves the head only
 * with the scheduler locked, when no thread may block, and the unlock switches), so the head
 * simply moves on. */
TK_INLINE void tk__ready_remove_running(struct tk_thread *t)
{
#if TK_SIZE /* built for size, the general removal does the same */
    tk__ready_remove(t);
#else
    struct tk_thread *n = t->next;
    if (TK_LIKELY(n == t)) {
        *t->ready_slot = NULL;
        tk_k.ready_map &= ~t->prio_bit;
    } else {
        struct tk_thread *p = t->prev;
        p->next = n;
        n->prev = p;
        *t->ready_slot = n;
    }
#endif
}

#if TK_SIZE
/* Built for size, the ready lists are searched in priority order (at most TK_PRIO_COUNT
 * steps) rather than kept in a map of the non-empty ones, whose upkeep on every insert and
 * removal, and the de Bruijn search, cost more code. */
TK_SHARED struct tk_thread *tk__highest(void)
{
    struct tk_thread **l = tk_k.ready;
    do { /* wcet: loop <= 32: one step per priority (TK_PRIO_COUNT) */
        if (*l)
            return *l;
    } while (++l < tk_k.ready + TK_PRIO_COUNT);
    return &tk_idle;
}
#else
TK_SHARED struct tk_thread *tk__highest(void)
{
    uint32_t m = tk_k.ready_map;
    if (__builtin_expect(m == 0, 0))
        return &tk_idle;
    uint32_t index = ((m & (0u - m)) * (uint32_t)TK_DEBRUIJN32) >> TK_DEBRUIJN_SHIFT;
    uintptr_t off = tk_k.debruijn[index];
    return *(struct tk_thread **)((char *)tk_k.ready + off);
}
#endif

/* Set up the ready queue's search at tk_init (the ready lists start empty: the kernel state
 * is zero).  For speed, the de Bruijn table copied into the kernel state, reached through tp;
 * built for size, nothing (tk__highest searches the ready lists). */
TK_INLINE void tk__ready_init(void)
{
#if !TK_SIZE
    for (unsigned i = 0; i < sizeof tk_k.debruijn; i++) /* wcet: loop <= 32: the table */
        tk_k.debruijn[i] = tk_debruijn32[i];
#endif
}

/* Is any thread ready (the idle thread does not count)? */
TK_INLINE int tk__any_ready(void)
{
#if TK_SIZE
    return tk__highest() != &tk_idle;
#else
    return tk_k.ready_map != 0;
#endif
}
#endif
