/* ThreadX board layer for tempo-sim (paper and virt SoCs) and QEMU virt: trap vector, timer
 * tick, interrupt dispatch, fatal errors.  ThreadX's port contract (the RISC-V ports of
 * ThreadX): the trap entry allocates a 32-word interrupt frame, saves ra in its word 28 and
 * calls _tx_thread_context_save; it ends with _tx_thread_context_restore.  Prefix tx_board_. */
#ifndef TX_BOARD_H
#define TX_BOARD_H
#include <stddef.h>
#include <stdint.h>

/* The kernel tick rate: the timer interrupt calls _tx_timer_interrupt this often.  The
 * benchmark images use 1 kHz (bench/port.h BP_TICK_HZ); Thread-Metric's own ThreadX layer
 * counts 100 ticks per second (tm_porting_layer_threadx.c), so its images are built with
 * -DTX_BOARD_TICK_HZ=100. */
#ifndef TX_BOARD_TICK_HZ
#define TX_BOARD_TICK_HZ 1000
#endif

/* Exit codes of a ThreadX image besides 0 (pass) and 1 (a self-check failed). */
enum {
    TX_BOARD_EXIT_CHECK = 1,     /* a self-check failed */
    TX_BOARD_EXIT_EXCEPTION = 3, /* unexpected synchronous exception */
    TX_BOARD_EXIT_NO_MEMORY = 4, /* an object or stack did not fit */
    TX_BOARD_EXIT_INTERRUPT = 6, /* an interrupt nobody handles */
};

/* Handlers of the machine external and software interrupts, called in interrupt context (after
 * _tx_thread_context_save, on the system stack) where ThreadX's services that may be called
 * from an ISR are legal; a thread they make ready runs when the interrupt returns.  The
 * external handler acknowledges the simulator-control device itself, the software one clears
 * MSIP.  NULL: the interrupt ends the run with TX_BOARD_EXIT_INTERRUPT.  Any context. */
void tx_board_set_external_handler(void (*handler)(void));
void tx_board_set_software_handler(void (*handler)(void));

/* Enable the machine external (MEIE) or software (MSIE) interrupt.  Any context. */
void tx_board_enable_external(void);
void tx_board_enable_software(void);

/* The application's start-up hook, called at the end of _tx_initialize_low_level with
 * interrupts off (weak: empty unless the program defines it), for a program whose main() only
 * enters the kernel (ThreadX's Thread-Metric examples). */
void tx_board_app_init(void);

/* Bytes of the system stack (interrupts, the idle scheduler loop) never used so far. */
size_t tx_board_system_stack_unused(void);

/* End the run with a one-line reason. */
void tx_board_fatal(const char *what, uintptr_t a, uintptr_t b, int code) __attribute__((noreturn));
#endif
