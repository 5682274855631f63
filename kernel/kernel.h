/* Tempo kernel internals shared by the object files, by topic: kbase.h (the kernel state,
 * build attributes, faults), tlist.h (thread lists), ready_q.h (the ready queue), ksched.h
 * (scheduling decisions and the switch), timeout_q.h (timers), wait_q.h (waiting and
 * waking). */
#ifndef TK_KERNEL_H
#define TK_KERNEL_H
#include "kbase.h"
#include "tlist.h"
#include "ready_q.h"
#include "ksched.h"
#include "timeout_q.h"
#include "wait_q.h"
#endif
