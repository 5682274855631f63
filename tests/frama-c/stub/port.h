/* The kernel's port (port/riscv/port.h) as Frama-C sees it: interrupt lock and unlock as
 * plain functions (a thread with interrupts enabled: MIE set), the switch and CLINT calls
 * declared only (the data-structure code analysed never reaches them; Eva would stop on a
 * call without a body).  Only for make frama-c. */
#ifndef TK_PORT_H
#define TK_PORT_H
#include <stdint.h>
#include "tempo.h"
#define TK_PORT_MSTATUS_MIE 8u
static inline unsigned long tk_port_irq_lock(void) { return TK_PORT_MSTATUS_MIE; }
static inline void tk_port_irq_unlock(unsigned long s) { (void)s; }
int tk_port_switch(struct tk_thread *from, struct tk_thread *to);
void tk_port_start(struct tk_thread *to) __attribute__((noreturn));
void tk_port_trap_entry(void);
uintptr_t tk_port_stack_init(uintptr_t top, void (*entry)(void *), void *arg);
void tk_port_timer_start(void);
tk_tick_t tk_port_ticks(void);
void tk_port_timer_set(tk_tick_t tick);
void tk_port_irq_enable(unsigned irq, int on);
void tk_port_msip(int on);
#endif
