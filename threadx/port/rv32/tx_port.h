/* ThreadX port for RV32IM with GNU tools, written for this project against ThreadX's port
 * interface (common/inc/tx_api.h and the port routines it calls; upstream ships RV32 only for
 * IAR).  M-mode only, no floating point.  The interrupt and thread frames follow ThreadX's
 * RISC-V layout (tx_port.S), so the board's trap entry is the same at both widths.
 * Included from C and from assembly. */
#ifndef TX_PORT_H
#define TX_PORT_H

#if __riscv_xlen != 32
#error "threadx/port/rv32 is the RV32 port; RV64 builds use ThreadX's ports/risc-v64/gnu"
#endif
#if defined(__riscv_flen)
#error "threadx/port/rv32 saves no floating-point state: build for rv32im"
#endif

#ifdef __ASSEMBLER__
#define STORE    sw
#define LOAD     lw
#define REGBYTES 4
#else

#include <string.h> /* TX_MEMSET */

#ifdef TX_INCLUDE_USER_DEFINE_FILE
#include "tx_user.h"
#endif

#define VOID void
typedef char CHAR;
typedef unsigned char UCHAR;
typedef int INT;
typedef unsigned int UINT;
typedef long LONG;
typedef unsigned long ULONG;
typedef unsigned long long ULONG64;
typedef short SHORT;
typedef unsigned short USHORT;
#define ULONG64_DEFINED

/* Priority levels: a multiple of 32, from 32 to 1024. */
#ifndef TX_MAX_PRIORITIES
#define TX_MAX_PRIORITIES 32
#endif

/* The smallest stack tx_thread_create accepts: the 128-byte interrupt frame plus room for
 * the calls a thread makes. */
#ifndef TX_MINIMUM_STACK
#define TX_MINIMUM_STACK 512
#endif

/* The timer thread (unless TX_TIMER_PROCESS_IN_ISR). */
#ifndef TX_TIMER_THREAD_STACK_SIZE
#define TX_TIMER_THREAD_STACK_SIZE 1024
#endif
#ifndef TX_TIMER_THREAD_PRIORITY
#define TX_TIMER_THREAD_PRIORITY 0
#endif

/* tx_interrupt_control postures: mstatus.MIE clear or set. */
#define TX_INT_DISABLE 0x00000000
#define TX_INT_ENABLE  0x00000008

#ifndef TX_TRACE_TIME_SOURCE
#define TX_TRACE_TIME_SOURCE ++_tx_trace_simulated_time
#endif
#ifndef TX_TRACE_TIME_MASK
#define TX_TRACE_TIME_MASK 0xFFFFFFFFUL
#endif

#define TX_PORT_SPECIFIC_BUILD_OPTIONS 0
#define TX_INLINE_INITIALIZATION

#ifdef TX_ENABLE_STACK_CHECKING
#undef TX_DISABLE_STACK_FILLING
#endif

/* No port fields in the control blocks, no port work in creation and deletion. */
#define TX_THREAD_EXTENSION_0
#define TX_THREAD_EXTENSION_1
#define TX_THREAD_EXTENSION_2
#define TX_THREAD_EXTENSION_3
#define TX_BLOCK_POOL_EXTENSION
#define TX_BYTE_POOL_EXTENSION
#define TX_EVENT_FLAGS_GROUP_EXTENSION
#define TX_MUTEX_EXTENSION
#define TX_QUEUE_EXTENSION
#define TX_SEMAPHORE_EXTENSION
#define TX_TIMER_EXTENSION
#ifndef TX_THREAD_USER_EXTENSION
#define TX_THREAD_USER_EXTENSION
#endif
#define TX_THREAD_CREATE_EXTENSION(thread_ptr)
#define TX_THREAD_DELETE_EXTENSION(thread_ptr)
#define TX_THREAD_COMPLETED_EXTENSION(thread_ptr)
#define TX_THREAD_TERMINATED_EXTENSION(thread_ptr)
#define TX_BLOCK_POOL_CREATE_EXTENSION(pool_ptr)
#define TX_BYTE_POOL_CREATE_EXTENSION(pool_ptr)
#define TX_EVENT_FLAGS_GROUP_CREATE_EXTENSION(group_ptr)
#define TX_MUTEX_CREATE_EXTENSION(mutex_ptr)
#define TX_QUEUE_CREATE_EXTENSION(queue_ptr)
#define TX_SEMAPHORE_CREATE_EXTENSION(semaphore_ptr)
#define TX_TIMER_CREATE_EXTENSION(timer_ptr)
#define TX_BLOCK_POOL_DELETE_EXTENSION(pool_ptr)
#define TX_BYTE_POOL_DELETE_EXTENSION(pool_ptr)
#define TX_EVENT_FLAGS_GROUP_DELETE_EXTENSION(group_ptr)
#define TX_MUTEX_DELETE_EXTENSION(mutex_ptr)
#define TX_QUEUE_DELETE_EXTENSION(queue_ptr)
#define TX_SEMAPHORE_DELETE_EXTENSION(semaphore_ptr)
#define TX_TIMER_DELETE_EXTENSION(timer_ptr)

/* Critical sections: one csrrci saves mstatus and clears MIE; the restore sets MIE back only
 * if it was set (csrs of the saved MIE bit), leaving every other mstatus bit alone. */
#ifdef TX_DISABLE_INLINE
UINT _tx_thread_interrupt_control(UINT new_posture);
#define TX_INTERRUPT_SAVE_AREA register UINT interrupt_save;
#define TX_DISABLE             interrupt_save = _tx_thread_interrupt_control(TX_INT_DISABLE);
#define TX_RESTORE             _tx_thread_interrupt_control(interrupt_save);
#else
#define TX_INTERRUPT_SAVE_AREA UINT interrupt_save;
#define TX_DISABLE             __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(interrupt_save)::"memory");
#define TX_RESTORE             __asm__ volatile("csrs mstatus, %0" ::"r"(interrupt_save & 8u) : "memory");
#endif

#define TX_BLOCK_POOL_DISABLE         TX_DISABLE
#define TX_BYTE_POOL_DISABLE          TX_DISABLE
#define TX_EVENT_FLAGS_GROUP_DISABLE  TX_DISABLE
#define TX_MUTEX_DISABLE              TX_DISABLE
#define TX_QUEUE_DISABLE              TX_DISABLE
#define TX_SEMAPHORE_DISABLE          TX_DISABLE

#ifdef TX_THREAD_INIT
CHAR _tx_version_id[] = "ThreadX RISC-V32/GNU port of the Tempo project";
#else
extern CHAR _tx_version_id[];
#endif

#endif /* __ASSEMBLER__ */
#endif
