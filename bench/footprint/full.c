/* Footprint, full API: every call of tempo.h is kept (a table of their addresses that main
 * reads), so --gc-sections removes nothing of the kernel a program could use.  It is
 * measured, not run (bench/footprint/footprint.mk). */
#include "tempo.h"

typedef void (*fn_t)(void);
#define F(f) (fn_t)(uintptr_t)(f)
/* Referenced from main so the linker keeps it (and with it every call named here). */
const fn_t tk_footprint_api[] = {
    F(tk_init), F(tk_start), F(tk_thread_create), F(tk_thread_self), F(tk_yield), F(tk_delay),
    F(tk_delay_until), F(tk_thread_suspend), F(tk_thread_resume), F(tk_thread_resume_from_isr),
    F(tk_thread_set_priority), F(tk_thread_priority), F(tk_thread_set_slice),
    F(tk_thread_exit), F(tk_thread_state), F(tk_sched_lock), F(tk_sched_unlock),
    F(tk_tick_get), F(tk_alarm_init), F(tk_alarm_start), F(tk_alarm_stop), F(tk_sem_init),
    F(tk_sem_post), F(tk_sem_post_from_isr), F(tk_sem_pend), F(tk_sem_try), F(tk_sem_count),
    F(tk_mutex_init), F(tk_mutex_lock), F(tk_mutex_trylock), F(tk_mutex_unlock),
    F(tk_event_init), F(tk_event_set), F(tk_event_set_from_isr), F(tk_event_clear),
    F(tk_event_get), F(tk_event_wait), F(tk_mail_send), F(tk_mail_send_from_isr),
    F(tk_mail_recv), F(tk_fifo_init), F(tk_fifo_put), F(tk_fifo_get), F(tk_msgq_init),
    F(tk_msgq_send), F(tk_msgq_send_from_isr), F(tk_msgq_recv), F(tk_bmq_init),
    F(tk_bmq_send), F(tk_bmq_send_from_isr), F(tk_bmq_recv), F(tk_pool_init),
    F(tk_pool_alloc), F(tk_pool_free), F(tk_heap_init), F(tk_heap_alloc), F(tk_heap_free),
    F(tk_heap_free_bytes), F(tk_irq_attach), F(tk_irq_raise_software), F(tk_irq_lock),
    F(tk_irq_unlock), F(tk_set_fatal_handler), F(tk_fault_report),
};

/* One object of every kernel type: their ELF symbol sizes are the RAM each costs. */
struct tk_thread fp_thread;
uintptr_t fp_min_stack[TK_STACK_MIN / sizeof(uintptr_t)];
struct tk_sem fp_sem;
struct tk_mutex fp_mutex;
struct tk_event fp_event;
struct tk_fifo fp_fifo;
struct tk_msgq fp_msgq;
struct tk_bmq fp_bmq;
struct tk_pool fp_pool;
struct tk_heap fp_heap;
struct tk_alarm fp_alarm;
void *const fp_objects[] = {&fp_thread, fp_min_stack, &fp_sem, &fp_mutex, &fp_event,
                            &fp_fifo, &fp_msgq, &fp_bmq, &fp_pool, &fp_heap, &fp_alarm};

int main(void)
{
    /* Volatile reads: the tables, and everything they name, stay in the image. */
    uintptr_t keep = (uintptr_t)*(fn_t const volatile *)&tk_footprint_api[0];
    keep += (uintptr_t)*(void *const volatile *)&fp_objects[0];
    return (int)(keep & 0);
}
