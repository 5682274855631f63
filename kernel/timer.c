/* Time: the timers behind every timeout, sleep and alarm, and the CLINT timer interrupt.  The
 * kernel is tickless: the CLINT compare is programmed for the earliest timer (or every tick
 * while some thread has a round-robin slice), so no interrupt fires when no event is due and
 * the idle thread sleeps in WFI until the next one.
 *
 * Two structures hold the armed timers:
 * - a wheel of TK_WHEEL slots for the timers due in the TK_WHEEL ticks from `wheel_base` on
 *   (the first tick the interrupt has not processed): slot `expiry % TK_WHEEL` is a circular
 *   list in arming order (FIFO), so arming and expiry are a constant number of steps, and a
 *   32-bit map of the non-empty slots finds the next expiry with one find-first-set;
 * - a list sorted by expiry (the kernel's `timers` sentinel, FIFO among equal expiries) for
 *   later timers and for those armed before tk_start(); the interrupt moves its timers into
 *   the wheel as they come within reach, in order, so FIFO order holds across the two.
 * Invariants: every wheel timer is due in [wheel_base, wheel_base + TK_WHEEL), so a slot holds
 * one expiry tick; after each insertion and each interrupt every sorted-list timer is due at
 * wheel_base + TK_WHEEL or later (before tk_start() the list holds them all).
 *
 * Bounded work per tick (tempo.h TK_CONFIG_TICK_EXPIRIES = K): an interrupt expires at most K
 * of the timers due on its own tick; the rest of that tick's slot moves, in order, to the
 * `carry` list (one splice), and the compare is set for the next tick, whose interrupt
 * expires the carried timers first, all of them, counting them against its own K.  So no
 * timer expires early or more than one tick late, the order (by expiry, FIFO within a tick)
 * is kept, a periodic alarm is re-armed from its due tick (no drift), and a tick on which
 * many timers are due spreads its work over two.  A carried timer that is disarmed leaves
 * the carry list like any other (tk__timer_remove: it is no slot's head).
 *
 * Built for size (timeout_q.h TK_TIMER_WHEEL 0), the sorted list alone holds the armed timers,
 * with the same expiry order and bound per tick, for half the code (list_interrupt, below).
 * Both are compiled in both builds; the interrupt calls the one of its build. */
#include "kernel.h"
#if TK_CONFIG_TIMERS /* tempo.h: the whole file */

_Static_assert(TK_WHEEL == 32, "the slot map is one 32-bit word");

/* Slot of a wheel timer due at `t`, and its bit in the map.  (ACSL contracts: make
 * frama-c checks them, and the assertions of this file, with Eva on the paths of
 * tests/frama-c/wheel.c.) */
/*@ assigns \nothing;
    ensures \result == &tk_k.wheel[t % TK_WHEEL];
    ensures \valid(\result); */
TK_INLINE struct tk_timer **wheel_slot(tk_tick_t t)
{
    return &tk_k.wheel[t & (TK_WHEEL - 1)];
}

/* Append tm (due at its expiry, inside the wheel's window) to its slot. */
/*@ requires window: (tk_tick_t)(expiry - tk_k.wheel_base) < TK_WHEEL; */
TK_INLINE void wheel_insert(struct tk_timer *tm, tk_tick_t expiry)
{
    struct tk_timer **slot = wheel_slot(expiry), *h = *slot;
    if (TK_LIKELY(h == NULL)) {
        uint32_t one = 1;
#ifndef __FRAMAC__ /* for GCC: the constant formed here, not hoisted (make frama-c: 1) */
        __asm__ volatile("li %0, 1" : "=r"(one));
#endif
        tm->next = tm;
        tm->prev = tm;
        *slot = tm;
        /*@ assert slot_bit: 0 <= (expiry & (TK_WHEEL - 1)) < TK_WHEEL &&
                             slot == &tk_k.wheel[expiry & (TK_WHEEL - 1)]; */
        tk_k.wheel_map |= one << (expiry & (TK_WHEEL - 1));
    } else {
        struct tk_timer *tail = h->prev;
        tm->next = h;
        tm->prev = tail;
        tail->next = tm;
        h->prev = tm;
    }
}

/* Insert tm into the sorted list after the timers due at the same tick or earlier (FIFO).
 * Cost: one step per earlier timer of the list (only timers beyond the wheel's window). */
static void sorted_insert(struct tk_timer *tm, tk_tick_t expiry)
{
    struct tk_timer *s = &tk_k.timers, *p = s->next;
    while (p != s && (int32_t)(p->expiry - expiry) <= 0) /* wcet: loop <= TIMERS */
        p = p->next;
    tm->next = p;
    tm->prev = p->prev;
    p->prev->next = tm;
    p->prev = tm;
}

/* Arm tm for tick `expiry`, which is later than the last tick the interrupt processed (after
 * tk_start(): the wheel is empty before).  Built for size, the sorted list alone holds the
 * timers (list_interrupt, below). */
TK_INLINE void timer_insert_started(struct tk_timer *tm, tk_tick_t expiry)
{
    tm->expiry = expiry;
    if (TK_TIMER_WHEEL && TK_LIKELY(((expiry - tk_k.wheel_base) >> 5) == 0)) /* below TK_WHEEL */
        wheel_insert(tm, expiry);
    else
        sorted_insert(tm, expiry);
}

TK_INLINE void timer_insert(struct tk_timer *tm, tk_tick_t expiry)
{
    if (TK_LIKELY(tk_k.started)) {
        timer_insert_started(tm, expiry);
    } else {
        tm->expiry = expiry;
        sorted_insert(tm, expiry);
    }
}

void tk__timer_add(struct tk_timer *tm, tk_tick_t expiry)
{
    timer_insert(tm, expiry);
    if ((int32_t)(expiry - tk_k.next_event) < 0 && tk_k.started) {
        tk_k.next_event = expiry;
        tk_port_timer_set(expiry);
    }
}

/* Expiry of a thread's timeout: a sleep ends with TK_OK, a wait with TK_ETIMEOUT. */
void tk__thread_timeout(struct tk_timer *tm)
{
    struct tk_thread *t = (struct tk_thread *)((char *)tm - offsetof(struct tk_thread, timeout));
    int result = TK_ETIMEOUT;
    if (t->state == TK_STATE_SLEEPING) {
        if (TK_SHORTCUTS) {
            t->wait_result = TK_OK;
            tk__ready_insert(t);
            return;
        }
        result = TK_OK; /* the general path: a sleeper waits on nothing */
    }
    struct tk_mutex *m = t->wait_mutex;
    struct tk_waitq *q = t->waitq; /* NULL for a mailbox wait */
    t->flags &= (uint8_t)~TK_TF_WAIT_MAIL;
    if (q) {
        tk__list_remove(&q->head, t);
        t->waitq = NULL;
    }
    /* no timer to cancel: the expiry has taken it off (wheel_expire) */
    t->wait_result = (int16_t)result;
    tk__ready_insert(t);
    if (m && tk__mutex_waiter_left) { /* m: mutex.c is linked (weak, ksched.h) */
        t->wait_mutex = NULL;
        tk__mutex_waiter_left(m);
    }
}

/* An alarm's expiry, called directly by the interrupt (an alarm's timer has no `expire`
 * function: NULL marks it, one load and one branch).  A periodic alarm is re-armed relative to its previous expiry, so it
 * does not drift, before its callback runs: a callback that stops or restarts it finds it
 * armed, as any other, and the callback is the interrupt's last use of the alarm. */
TK_INLINE void alarm_fire(struct tk_timer *tm)
{
    struct tk_alarm *a = (struct tk_alarm *)((char *)tm - offsetof(struct tk_alarm, node));
    tk_tick_t period = a->period;
    if (TK_LIKELY(period != 0)) {
        timer_insert_started(tm, tm->expiry + period);
    } else {
        tm->next = NULL;
        a->active = 0;
    }
    a->fn(a, a->arg);
}

/* Expire one timer (taken off its list): an alarm inline, else its expire function. */
TK_INLINE void timer_fire(struct tk_timer *tm)
{
    if (TK_LIKELY(tm->expire == NULL)) {
        alarm_fire(tm); /* re-arming sets tm->next, or a one-shot clears it */
    } else {
        tm->next = NULL;
        tm->expire(tm);
    }
}

/* The end of the timer interrupt: rotate a time slice (then the next tick is an event), and
 * program the next event. */
TK_INLINE void timer_program(tk_tick_t now, tk_tick_t next)
{
    if (TK_UNLIKELY(tk_k.slicers)) {
        struct tk_thread *cur = tk_k.current;
        if (cur->slice && cur->state == TK_STATE_READY && --cur->slice_left == 0) {
            cur->slice_left = cur->slice;
            if (tk_k.ready[cur->prio] == cur)
                tk_k.ready[cur->prio] = cur->next; /* behind its peers */
        }
        next = now + 1;
    }
    tk_k.next_event = next;
    tk_port_timer_set(next);
}

/* ---- the wheel and the sorted list (TK_TIMER_WHEEL 1) ---- */
/* Sorted-list timers that came within the wheel's window move into it, in order (out of
 * line: the sorted list is empty on the interrupt's usual path). */
static TK_COLD void timers_to_wheel(void)
{
    struct tk_timer *s = &tk_k.timers, *tm;
    while (TK_UNLIKELY((tm = s->next) != s) && /* wcet: loop <= TIMERS: each moves once */
           TK_UNLIKELY(tm->expiry - tk_k.wheel_base < TK_WHEEL)) {
        s->next = tm->next;
        tm->next->prev = s;
        wheel_insert(tm, tm->expiry);
    }
}

/* The first tick from tk_k.wheel_base on whose slot is not empty (the map must not be 0):
 * the next tick's slot first (a busy system has events every tick), else the map rotated so
 * that wheel_base's slot is bit 0 and one find-first-set (kbase.h). */
/*@ requires tk_k.wheel_map != 0;
    assigns \nothing;
    ensures window: (tk_tick_t)(\result - tk_k.wheel_base) < TK_WHEEL;
    ensures slot_used: (tk_k.wheel_map >> (\result % TK_WHEEL)) & 1; */
TK_INLINE tk_tick_t wheel_next(void)
{
    tk_tick_t b = tk_k.wheel_base;
    uint32_t m = tk_k.wheel_map, r = b & (TK_WHEEL - 1);
    m = (m >> r) | (m << ((TK_WHEEL - r) & (TK_WHEEL - 1)));
    if (TK_LIKELY(m & 1u))
        return b;
    return b + tk__ctz32(m);
}

#if TK_CONFIG_TICK_EXPIRIES
/* The rest of the slot of tick wheel_base joins the carry list's tail, in order, for the next
 * tick's interrupt; the slot is left empty.  (The slot is found again from wheel_base: nothing
 * more is kept in a register across the callbacks of wheel_expire.) */
TK_INLINE void carry_slot(void)
{
    struct tk_timer **slot = wheel_slot(tk_k.wheel_base), *h = *slot;
    struct tk_timer *c = &tk_k.carry, *tail = h->prev, *last = c->prev;
    last->next = h;
    h->prev = last;
    tail->next = c;
    c->prev = tail;
    *slot = NULL;
    tk_k.wheel_map &= ~((uint32_t)1 << (tk_k.wheel_base & (TK_WHEEL - 1)));
}

/* At an interrupt's start: expire every carried timer (late by one tick), in order.  Returns
 * what is left of the interrupt's budget for the timers of its own tick. */
TK_INLINE uint32_t carry_expire(void)
{
    struct tk_timer *c = &tk_k.carry, *tm;
    uint32_t n = 0;
    while ((tm = c->next) != c) { /* wcet: loop <= TIMERS: each carried timer once */
        c->next = tm->next;
        tm->next->prev = c;
        timer_fire(tm);
        n++;
    }
    return n < TK_CONFIG_TICK_EXPIRIES ? TK_CONFIG_TICK_EXPIRIES - n : 0;
}
#endif

/* Expire every timer of the slot of tick t (the window's first non-empty slot), in arming
 * order; the callbacks' re-arms land in later slots.  In the slot of the current tick `now`,
 * once *left (the interrupt's budget) is spent, the rest is carried to the next tick and 0
 * returned; else 1.  An earlier (late) slot is expired whole.  Across the callbacks: the slot
 * is found again from wheel_base, constants are formed at their use. */
TK_INLINE int wheel_expire(tk_tick_t t, tk_tick_t now, uint32_t *left)
{
    struct tk_timer **slot = wheel_slot(t), *tm;
    int whole = 1;
    tk_k.wheel_base = t; /* timers armed by the callbacks count from here */
    (void)now;
    (void)left;
    while ((tm = *slot) != NULL) { /* wcet: loop <= TIMERS: the slot's timers, once each */
#if TK_CONFIG_TICK_EXPIRIES
        if (TK_LIKELY(*left != 0)) {
            (*left)--;
        } else if (tk_k.wheel_base == now) {
            carry_slot();
            whole = 0;
            break;
        }
#endif
        struct tk_timer *n = tm->next;
        if (TK_UNLIKELY(n == tm)) {
            uint32_t one = 1;
#ifndef __FRAMAC__ /* as in wheel_insert */
            __asm__ volatile("li %0, 1" : "=r"(one));
#endif
            *slot = NULL;
            tk_k.wheel_map &= ~(one << (tk_k.wheel_base & (TK_WHEEL - 1)));
        } else {
            struct tk_timer *p = tm->prev;
            p->next = n;
            n->prev = p;
            *slot = n;
        }
        timer_fire(tm);
    }
    tk_k.wheel_base++;
    return whole;
}

/* Sorted-list timers due now (armed before the start or beyond the window while the wheel
 * stood still): move the window to the first of them; they join the wheel in order. */
static int timers_catch_up(tk_tick_t now)
{
    struct tk_timer *tm = tk_k.timers.next;
    if (tm == &tk_k.timers || (int32_t)(tm->expiry - now) > 0)
        return 0;
    tk_k.wheel_base = tm->expiry;
    timers_to_wheel();
    return 1;
}

/* Every timer due by `now` when the sorted list is not empty or the interrupt comes late by
 * a whole window: one tick at a time, sorted-list timers joining the wheel as they come
 * within reach, so that expiry order holds across the two. */
static TK_COLD void timers_run_all(tk_tick_t now, uint32_t left)
{
    for (;;) { /* wcet: loop <= 2 * TIMERS + 1: each pass moves timers in or expires some */
        timers_to_wheel();
        if (!tk_k.wheel_map) {
            if (timers_catch_up(now))
                continue;
            return;
        }
        tk_tick_t t = wheel_next();
        if ((int32_t)(t - now) > 0)
            return;
        wheel_expire(t, now, &left);
    }
}

/* The timer interrupt's work with the wheel: run every timer due, in expiry order (FIFO
 * within a tick), at most TK_CONFIG_TICK_EXPIRIES of those due on this very tick (the header
 * comment), rotate a time slice, program the next event.  Work per tick: at most one
 * find-first-set per due tick and a constant number of steps per expiring timer. */
static inline __attribute__((always_inline)) void wheel_interrupt(void)
{
    tk_tick_t now = tk_port_ticks(), next;
    uint32_t left = TK_CONFIG_TICK_EXPIRIES;
#if TK_CONFIG_TICK_EXPIRIES
    if (TK_UNLIKELY(tk_k.carry.next != &tk_k.carry))
        left = carry_expire();
#endif
    if (TK_LIKELY(tk_k.timers.next == &tk_k.timers) &&
        TK_LIKELY(now - tk_k.wheel_base < TK_WHEEL)) {
        /* Everything due is in the wheel, and a callback's re-arm beyond the window is
         * later than now.  The compare was programmed for the first event: its slot,
         * unless that timer was cancelled since; then the other due ticks (an interrupt
         * served late), each found from the map; the first later one is the next event. */
        tk_tick_t t = tk_k.next_event;
        if (TK_UNLIKELY((int32_t)(t - now) > 0) || TK_UNLIKELY(t - tk_k.wheel_base >= TK_WHEEL) ||
            TK_UNLIKELY(*wheel_slot(t) == NULL))
            goto search;
        for (;;) { /* wcet: loop <= 32: one pass per due tick of the window (TK_WHEEL) */
            if (TK_UNLIKELY(!wheel_expire(t, now, &left))) {
                next = now + 1; /* the carried timers; nothing else is due by now */
                break;
            }
        search:
            next = now + TK_TICK_MAX_SLEEP;
            if (TK_UNLIKELY(!tk_k.wheel_map))
                break;
            next = t = wheel_next();
            if (TK_LIKELY((int32_t)(next - now) > 0))
                break;
        }
        tk_k.wheel_base = now + 1; /* every tick up to now is processed */
        if (TK_UNLIKELY(tk_k.timers.next != &tk_k.timers))
            goto sorted; /* a callback armed a timer beyond the window */
    } else {
        timers_run_all(now, left);
        tk_k.wheel_base = now + 1;
    sorted:
        timers_to_wheel();
        struct tk_timer *tm = tk_k.timers.next;
        next = now + TK_TICK_MAX_SLEEP;
        if (tk_k.wheel_map)
            next = wheel_next();
        else if (tm != &tk_k.timers && (int32_t)(tm->expiry - next) < 0)
            next = tm->expiry;
#if TK_CONFIG_TICK_EXPIRIES
        if (tk_k.carry.next != &tk_k.carry)
            next = now + 1;
#endif
    }
    timer_program(now, next);
}
/* ---- the sorted list alone (TK_TIMER_WHEEL 0) ---- */
/* Built for size, the sorted list alone holds every armed timer (the wheel stays empty):
 * arming takes one step per timer due at the same tick or earlier instead of a constant
 * number, and the interrupt expires the list's head, in the same order and with the same
 * bound per tick.  The timers of this tick beyond the bound stay at the head, and are the
 * next interrupt's first (the wheel's carry list), expired whatever its bound, as they are
 * due before its tick. */
static inline __attribute__((always_inline)) void list_interrupt(void)
{
    tk_tick_t now = tk_port_ticks(), next = now + TK_TICK_MAX_SLEEP;
    uint32_t left = TK_CONFIG_TICK_EXPIRIES;
    struct tk_timer *s = &tk_k.timers, *tm;
    while ((tm = s->next) != s) {
        if ((int32_t)(tm->expiry - now) > 0) { /* the next event, if before the longest sleep */
            if ((int32_t)(tm->expiry - next) < 0)
                next = tm->expiry;
            break;
        }
#if TK_CONFIG_TICK_EXPIRIES
        if (left) {
            left--;
        } else if (tm->expiry == now) { /* the bound is spent: the rest at the next tick */
            next = now + 1;
            break;
        }
#endif
        s->next = tm->next;
        tm->next->prev = s;
        timer_fire(tm);
    }
    (void)left;
    timer_program(now, next);
}

/* The CLINT timer interrupt (the trap entry calls it from its table, then the interrupt
 * exit): the work of the timers' structure this build has (timeout_q.h TK_TIMER_WHEEL). */
void tk__timer_interrupt(void *unused)
{
    (void)unused;
    if (TK_TIMER_WHEEL)
        wheel_interrupt();
    else
        list_interrupt();
}
#endif /* TK_CONFIG_TIMERS */
