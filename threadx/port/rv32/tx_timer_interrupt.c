/* The ThreadX tick for the RV32 port: called by the board's timer interrupt, in interrupt
 * context (after _tx_thread_context_save).  Advances the clock and the timer wheel, and hands
 * expired timers and an expired time slice to ThreadX, which processes them in the ISR
 * (TX_TIMER_PROCESS_IN_ISR) or wakes its timer thread. */
#define TX_SOURCE_CODE
#include <stddef.h>
#include "tx_api.h"
#include "tx_timer.h"
#include "tx_thread.h"
#include "tx_port_offsets.h"

_Static_assert(offsetof(TX_THREAD, tx_thread_run_count) == TX_THREAD_RUN_COUNT, "tx_port_offsets.h");
_Static_assert(offsetof(TX_THREAD, tx_thread_stack_ptr) == TX_THREAD_STACK_PTR, "tx_port_offsets.h");
_Static_assert(offsetof(TX_THREAD, tx_thread_stack_end) == TX_THREAD_STACK_END, "tx_port_offsets.h");
_Static_assert(offsetof(TX_THREAD, tx_thread_time_slice) == TX_THREAD_TIME_SLICE, "tx_port_offsets.h");

VOID _tx_timer_interrupt(VOID)
{
    _tx_timer_system_clock++;
    if (_tx_timer_time_slice != 0 && --_tx_timer_time_slice == 0)
        _tx_timer_expired_time_slice = TX_TRUE;
    /* The wheel's current slot holds the timers due at this tick; an empty slot just moves on. */
    if (*_tx_timer_current_ptr != TX_NULL) {
        _tx_timer_expired = TX_TRUE;
    } else if (++_tx_timer_current_ptr == _tx_timer_list_end) {
        _tx_timer_current_ptr = _tx_timer_list_start;
    }
    if (_tx_timer_expired)
        _tx_timer_expiration_process();
    if (_tx_timer_expired_time_slice)
        _tx_thread_time_slice();
}
