/* Eva harness: the timer wheel and the sorted timer list (kernel/timer.c, kernel/alarm.c,
 * kernel/kernel.h's tk__timer_remove).
 * Preconditions: the kernel is started (the wheel's window begins at wheel_base: 100, not
 * at a slot boundary, or 2^32 - 20, so the tick counter wraps during the run), no thread
 * has a time slice, the timers are two alarms; tk_port_ticks() is the tick `now`, which
 * only moves forward.
 * Sequences: every sequence of WHEEL_STEPS (3) steps Eva enumerates (each step more
 * multiplies the run time by about 20: 4 steps took hours): start an alarm (delay 1, 31 or 40
 * ticks: in the wheel, at its edge, in the sorted list; period 0, 3 or 40), stop one, or
 * let time pass (1, 3 or 70 ticks: an interrupt served late by more than the window) and
 * run the timer interrupt; the callbacks restart or stop the other alarm.  Checked: no
 * run-time error (Eva checks every wheel slot access against the array bounds), and the
 * ACSL contracts and assertions of kernel/timer.c (each timer's slot, inside the window).
 * Run twice: with the default expiry budget per tick (TK_CONFIG_TICK_EXPIRIES, more than two
 * alarms) and with a budget of 1, so that a tick's second alarm is carried to the next. */
#include "common.h"
#include "../../kernel/timer.c"
#include "../../kernel/alarm.c"

#ifndef WHEEL_STEPS
#define WHEEL_STEPS 3
#endif

static tk_tick_t now;
tk_tick_t tk_port_ticks(void) { return now; }
tk_tick_t tk_tick_get(void) { return now; }
void tk_port_timer_set(tk_tick_t tick) { (void)tick; }
struct tk_thread *tk__unused_thread;

static struct tk_alarm al[2];
static int fired[2];

static void callback(struct tk_alarm *a, void *arg)
{
    int i = (int *)arg == &fired[0] ? 0 : 1; /* the argument: the alarm's fired[] counter */
    fired[i]++;
    int what = Frama_C_interval(0, 2);
    //@ split what;
    if (what == 1)
        (void)tk_alarm_start(&al[1 - i], 2, 0);
    else if (what == 2)
        (void)tk_alarm_stop(&al[1 - i]);
    (void)a;
}

int main(void)
{
    static const tk_tick_t bases[] = {100, 0xFFFFFFECu};
    static const tk_tick_t delays[] = {1, 31, 40}, periods[] = {0, 3, 40}, steps[] = {1, 3, 70};
    tk_kp = &tk_kernel_state;
    tk_k.timers.next = tk_k.timers.prev = &tk_k.timers;
#if TK_CONFIG_TICK_EXPIRIES
    tk_k.carry.next = tk_k.carry.prev = &tk_k.carry;
#endif
    int bi = Frama_C_interval(0, 1);
    //@ split bi;
    now = bases[bi];
    tk_k.wheel_base = now + 1;
    tk_k.next_event = now + TK_TICK_MAX_SLEEP;
    tk_k.started = 1;
    for (int i = 0; i < 2; i++)
        (void)tk_alarm_init(&al[i], callback, &fired[i]);
    //@ loop unroll WHEEL_STEPS;
    for (int s = 0; s < WHEEL_STEPS; s++) {
        /* (the two alarms are alike until one is started: the first step uses al[0]) */
        int op = Frama_C_interval(0, 2), k = s ? Frama_C_interval(0, 1) : 0,
            x = Frama_C_interval(0, 2), y = Frama_C_interval(0, 2);
        //@ split op;
        if (op == 0) {
            //@ split k;
            //@ split x;
            //@ split y;
            (void)tk_alarm_start(&al[k], delays[x], periods[y]);
        } else if (op == 1) {
            //@ split k;
            (void)tk_alarm_stop(&al[k]);
        } else {
            //@ split x;
            now += steps[x];
            tk__timer_interrupt(NULL);
        }
    }
    return 0;
}
