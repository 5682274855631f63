/* Kernel awareness for FreeRTOS (V11, its GCC RISC-V port, one core, no MPU), as OpenOCD's
 * RTOS support does it on hardware: every task is on one of the kernel's state lists
 * (pxReadyTasksLists[], xDelayedTaskList1/2, xPendingReadyList, xSuspendedTaskList,
 * xTasksWaitingTermination), each list item pointing at its task (pvOwner); pxCurrentTCB is
 * the running task.  A task that is not running has its whole context on its stack at
 * pxTopOfStack (portContext.h: mepc, x1, x5-x31, critical nesting, mstatus: 31 words).
 *
 * The layout follows from the pointer size and the tick width (TickType_t: the size of the
 * xTickCount symbol), and is checked against the size of xDelayedTaskList1; a build whose
 * lists differ (configUSE_LIST_DATA_INTEGRITY_CHECK_BYTES) is refused.  The task name is read
 * up to its NUL, so configMAX_TASK_NAME_LEN does not matter; uxBasePriority, which lies after
 * the name, is not shown. */
#include <stdio.h>
#include <string.h>
#include "machine.h"
#include "rtos.h"

enum { S_CURRENT, S_RUNNING, S_READY, S_DELAYED1, S_DELAYED2, S_PENDING, S_SUSPENDED, S_DELETED };
enum {
    L_NEXT, L_OWNER, L_CONTAINER, L_SIZE, LIST_END, LIST_SIZE, T_STATE_ITEM, T_EVENT_ITEM,
    T_PRIO, T_STACK, T_NAME, Q_RECV, Q_HOLDER, F_CONTEXT, N_READY,
};
static const char *const symbol[] = {
    [S_CURRENT] = "pxCurrentTCB", [S_RUNNING] = "xSchedulerRunning",
    [S_READY] = "pxReadyTasksLists", [S_DELAYED1] = "xDelayedTaskList1",
    [S_DELAYED2] = "xDelayedTaskList2", [S_PENDING] = "xPendingReadyList",
    [S_SUSPENDED] = "xSuspendedTaskList", [S_DELETED] = "xTasksWaitingTermination",
};
#define REQUIRED 6 /* the first six; suspension and deletion may be configured out */
#define CONTEXT_WORDS 31 /* portCONTEXT_SIZE without chip-specific registers */

static int attach(struct rtos *r, const struct elf_image *img)
{
    uint64_t R = r->ptr, tick, list_size, ready_size, v;
    for (int i = 0; i < (int)(sizeof symbol / sizeof *symbol); i++)
        if (!elf_find_symbol(img, symbol[i], &r->sym[i], i == S_READY ? &ready_size : NULL)) {
            if (i < REQUIRED)
                return -1;
            r->sym[i] = 0;
        }
    if (!elf_find_symbol(img, "xTickCount", &v, &tick) || (tick != 4 && tick != 8) ||
        !elf_find_symbol(img, "xDelayedTaskList1", &v, &list_size))
        return -1;
    uint64_t ti = tick > R ? tick : R; /* xItemValue, padded to the pointer after it */
    r->off[L_NEXT] = ti;
    r->off[L_OWNER] = ti + 2 * R;
    r->off[L_CONTAINER] = ti + 3 * R;
    r->off[L_SIZE] = ti + 4 * R;                       /* ListItem_t */
    r->off[LIST_END] = 2 * R;                          /* List_t: uxNumberOfItems, pxIndex, xListEnd */
    r->off[LIST_SIZE] = 2 * R + ti + 2 * R;
    r->off[T_STATE_ITEM] = R;                          /* TCB_t: pxTopOfStack, xStateListItem, */
    r->off[T_EVENT_ITEM] = R + r->off[L_SIZE];         /* xEventListItem, uxPriority, pxStack, */
    r->off[T_PRIO] = R + 2 * r->off[L_SIZE];           /* pcTaskName */
    r->off[T_STACK] = 2 * R + 2 * r->off[L_SIZE];
    r->off[T_NAME] = 3 * R + 2 * r->off[L_SIZE];
    r->off[Q_HOLDER] = 2 * R;                          /* Queue_t: pcHead, pcWriteTo, u, */
    r->off[Q_RECV] = 4 * R + r->off[LIST_SIZE];        /* xTasksWaitingToSend, ...ToReceive */
    r->off[F_CONTEXT] = CONTEXT_WORDS * R;
    if (list_size != r->off[LIST_SIZE] || ready_size % list_size) {
        snprintf(r->why, sizeof r->why, "FreeRTOS's List_t is %llu bytes in this image, %llu in "
                 "the simulator's table (sim/observe/rtos_freertos.c)", (unsigned long long)list_size,
                 (unsigned long long)r->off[LIST_SIZE]);
        return -1;
    }
    r->off[N_READY] = ready_size / list_size;
    r->current_var = r->sym[S_CURRENT];
    r->started_var = r->sym[S_RUNNING];
    r->started_size = (unsigned)R; /* BaseType_t */
    r->watch_started = true;       /* vTaskStartScheduler: pxCurrentTCB was set at creation */
    r->initial_frame = r->off[F_CONTEXT];
    return 0;
}

/* The tasks on the list at `list` into tcb[n..max); the new count. */
static int walk(struct rtos *r, uint64_t list, uint64_t *tcb, int n, int max)
{
    if (!list)
        return n;
    uint64_t end = list + r->off[LIST_END], item = rtos_ptr(r, end + r->off[L_NEXT]);
    for (int guard = 0; item && item != end && guard < RTOS_MAX_THREADS && n < max; guard++) {
        uint64_t t = rtos_ptr(r, item + r->off[L_OWNER]);
        bool seen = false;
        for (int i = 0; i < n; i++)
            seen |= tcb[i] == t;
        if (t && !seen)
            tcb[n++] = t;
        item = rtos_ptr(r, item + r->off[L_NEXT]);
    }
    return n;
}

static int threads(struct rtos *r, uint64_t *tcb, int max)
{
    int n = 0;
    for (uint64_t p = 0; p < r->off[N_READY]; p++)
        n = walk(r, r->sym[S_READY] + p * r->off[LIST_SIZE], tcb, n, max);
    for (int s = S_DELAYED1; s <= S_DELETED; s++)
        n = walk(r, r->sym[s], tcb, n, max);
    return n;
}

static int info(struct rtos *r, uint64_t tcb, struct rtos_info *out)
{
    memset(out, 0, sizeof *out);
    uint64_t item = tcb + r->off[T_STATE_ITEM], event = tcb + r->off[T_EVENT_ITEM];
    if (!tcb || rtos_ptr(r, item + r->off[L_OWNER]) != tcb)
        return -1; /* not a task: its state list item names its task */
    rtos_string(r, tcb + r->off[T_NAME], out->name, sizeof out->name);
    out->prio = (int)rtos_ptr(r, tcb + r->off[T_PRIO]);
    out->base_prio = -1;
    out->stack_base = rtos_ptr(r, tcb + r->off[T_STACK]);
    out->saved_sp = rtos_ptr(r, tcb);
    out->alive = true;
    uint64_t list = rtos_ptr(r, item + r->off[L_CONTAINER]);
    uint64_t on = rtos_ptr(r, event + r->off[L_CONTAINER]);
    uint64_t ready = r->sym[S_READY], ready_end = ready + r->off[N_READY] * r->off[LIST_SIZE];
    if (list >= ready && list < ready_end)
        out->state = "ready";
    else if (list && (list == r->sym[S_DELAYED1] || list == r->sym[S_DELAYED2]))
        out->state = "blocked";
    else if (list && list == r->sym[S_SUSPENDED])
        out->state = on ? "blocked" : "suspended";
    else if (list && list == r->sym[S_DELETED])
        out->state = "deleted", out->alive = false;
    else if (on == r->sym[S_PENDING])
        out->state = "ready";
    else
        out->state = "?";
    if (on && on != r->sym[S_PENDING] && !strcmp(out->state, "blocked")) {
        /* a mutex is a queue whose pcHead is NULL; its waiters are on xTasksWaitingToReceive */
        uint64_t q = on - r->off[Q_RECV], holder = rtos_ptr(r, q + r->off[Q_HOLDER]);
        char name[RTOS_NAME_MAX];
        if (!rtos_ptr(r, q) && holder && rtos_ptr(r, holder + r->off[T_STATE_ITEM] + r->off[L_OWNER]) == holder) {
            rtos_string(r, holder + r->off[T_NAME], name, sizeof name);
            snprintf(out->detail, sizeof out->detail, "on mutex 0x%llx held by %s",
                     (unsigned long long)q, name);
            out->wait_mutex = q;
            out->wait_holder = holder;
        } else {
            snprintf(out->detail, sizeof out->detail, "on the event list at 0x%llx",
                     (unsigned long long)on);
        }
    }
    return 0;
}

static int saved_regs(struct rtos *r, const struct rtos_thread *t, uint64_t regs[33], uint64_t *valid)
{
    const uint64_t R = r->ptr, frame = rtos_ptr(r, t->tcb);
    if (!frame)
        return -1;
    regs[32] = rtos_ptr(r, frame);
    regs[1] = rtos_ptr(r, frame + R);
    for (int x = 5; x < 32; x++)
        regs[x] = rtos_ptr(r, frame + (uint64_t)(x - 3) * R);
    regs[2] = frame + r->off[F_CONTEXT];
    *valid = ((1ull << 33) - 1) & ~(1ull << 3 | 1ull << 4);
    return 0;
}

/* The public API of task.h, queue.h, semphr.h (macros over xQueue*), timers.h,
 * event_groups.h, stream/message buffers and the heap; without the functions the kernel
 * exports only for itself or its port (their headers say so). */
static bool is_api(const char *fn)
{
    static const char *const prefix[] = {
        "xTask", "vTask", "uxTask", "ulTask", "pcTask", "eTask", "pvTask", "xQueue", "vQueue",
        "uxQueue", "pcQueue", "xTimer", "vTimer", "pvTimer", "pcTimer", "uxTimer", "xEventGroup",
        "vEventGroup", "uxEventGroup", "xStreamBuffer", "vStreamBuffer", "uxStreamBuffer",
        "xMessageBuffer", "pvPortMalloc", "vPortFree", "xPortGetFreeHeapSize",
    };
    static const char *const internal[] = {
        "vTaskSwitchContext", "xTaskIncrementTick", "vTaskPlaceOnEventList",
        "vTaskPlaceOnUnorderedEventList", "vTaskPlaceOnEventListRestricted",
        "xTaskRemoveFromEventList", "vTaskRemoveFromUnorderedEventList",
        "vTaskInternalSetTimeOutState", "xTaskCheckForTimeOut", "vTaskMissedYield",
        "xTaskPriorityInherit", "xTaskPriorityDisinherit", "vTaskPriorityDisinheritAfterTimeout",
        "pvTaskIncrementMutexHeldCount", "uxTaskResetEventItemValue", "xTimerCreateTimerTask",
        "vQueueWaitForMessageRestricted", "xTaskGetCurrentTaskHandle",
    };
    bool api = false;
    for (size_t i = 0; i < sizeof prefix / sizeof *prefix && !api; i++)
        api = !strncmp(fn, prefix[i], strlen(prefix[i]));
    for (size_t i = 0; i < sizeof internal / sizeof *internal && api; i++)
        api = strcmp(fn, internal[i]) != 0;
    return api;
}

static const char *const switch_code[] = {
    "freertos_risc_v_trap_handler", "freertos_risc_v_exception_handler",
    "freertos_risc_v_interrupt_handler", "freertos_risc_v_mtimer_interrupt_handler",
    "xPortStartFirstTask", "vTaskSwitchContext", NULL,
};

static const char *const offset_name[] = {
    [L_NEXT] = "ListItem_t::pxNext", [L_OWNER] = "ListItem_t::pvOwner",
    [L_CONTAINER] = "ListItem_t::pxContainer", [L_SIZE] = "sizeof(ListItem_t)",
    [LIST_END] = "List_t::xListEnd", [LIST_SIZE] = "sizeof(List_t)",
    [T_STATE_ITEM] = "TCB_t::xStateListItem", [T_EVENT_ITEM] = "TCB_t::xEventListItem",
    [T_PRIO] = "TCB_t::uxPriority", [T_STACK] = "TCB_t::pxStack", [T_NAME] = "TCB_t::pcTaskName",
    [Q_RECV] = "Queue_t::xTasksWaitingToReceive", [Q_HOLDER] = "Queue_t::u",
    [F_CONTEXT] = "task context", [N_READY] = "ready lists", NULL,
};

const struct rtos_kernel rtos_freertos = {
    .name = "freertos",
    .attach = attach,
    .threads = threads,
    .info = info,
    .saved_regs = saved_regs,
    .is_api = is_api,
    .switch_code = switch_code,
    .create_fn = NULL,
    .offset_name = offset_name,
};
