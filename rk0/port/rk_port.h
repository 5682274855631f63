/* RK0 on RISC-V (rk0/port/): what an application or the benchmark layer adds to RK0's own
 * API on this port: the machine external interrupt, the interrupt stack, fatal errors.
 * Prefix rk_port_.  The tick runs at RK_CONF_SYSTICK_DIV per second (kconfig.h; the images
 * set it, rk0/kernel.mk). */
#ifndef RK_PORT_H
#define RK_PORT_H
#include <stddef.h>
#include <stdint.h>

/* Exit codes of an RK0 image besides 0 (pass) and 1 (a self-check failed). */
enum {
    RK_PORT_EXIT_CHECK = 1,     /* a self-check failed */
    RK_PORT_EXIT_EXCEPTION = 3, /* unexpected synchronous exception */
    RK_PORT_EXIT_KERNEL = 5,    /* RK0 reported a fault or panicked */
    RK_PORT_EXIT_INTERRUPT = 6, /* an interrupt nobody handles */
};

/* The handler of the machine external interrupt, called in interrupt context (on the
 * interrupt stack, kIsISR() true) where RK0's ISR-callable services are legal; a task it
 * makes ready runs when the interrupt returns.  It acknowledges the device itself.  NULL:
 * the interrupt ends the run with RK_PORT_EXIT_INTERRUPT.  Any context. */
void rk_port_set_external_handler(void (*handler)(void));
/* Enable the machine external interrupt (MEIE).  Any context. */
void rk_port_enable_external(void);
/* Bytes of the interrupt stack never used so far. */
size_t rk_port_isr_stack_unused(void);
/* End the run with a one-line reason. */
void rk_port_fatal(const char *what, uintptr_t a, uintptr_t b, int code) __attribute__((noreturn));
#endif
