/* The TX_THREAD fields the port's assembly touches (common/inc/tx_api.h, the first section of
 * the control block, "referenced by the port-specific assembly language code"), as byte
 * offsets at RV32; tx_timer_interrupt.c checks them against the C structure. */
#ifndef TX_PORT_OFFSETS_H
#define TX_PORT_OFFSETS_H
#define TX_THREAD_RUN_COUNT  4  /* tx_thread_run_count */
#define TX_THREAD_STACK_PTR  8  /* tx_thread_stack_ptr */
#define TX_THREAD_STACK_END  16 /* tx_thread_stack_end */
#define TX_THREAD_TIME_SLICE 24 /* tx_thread_time_slice */
#endif
