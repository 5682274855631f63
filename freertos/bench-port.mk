# The FreeRTOS kernel for the benchmark suite (bench/bench.mk includes this file before it
# generates its rules; see /work/notes/bench-port.md).  Only when FREERTOS_DIR is set:
#   make bench FREERTOS_DIR=/path/to/FreeRTOS-Kernel
ifneq ($(FREERTOS_DIR),)
# A directory that is not a kernel tree stops here with the reason (as freertos/fr-kernel-check.sh).
FR_BENCH_NEED := tasks.c include/FreeRTOS.h portable/GCC/RISC-V/portASM.S portable/MemMang/heap_4.c
FR_BENCH_MISSING := $(firstword $(foreach f,$(FR_BENCH_NEED),$(if $(wildcard $(FREERTOS_DIR)/$(f)),,$(f))))
ifneq ($(FR_BENCH_MISSING),)
$(error freertos: FREERTOS_DIR=$(FREERTOS_DIR) is not a FreeRTOS-Kernel tree (no $(FR_BENCH_MISSING)); point it at a FreeRTOS-Kernel checkout, e.g. git clone -b V11.1.0 https://github.com/FreeRTOS/FreeRTOS-Kernel)
endif
BENCH_KERNELS += freertos
BENCH_SRCS_freertos := freertos/bench_port.c freertos/fr_board.c freertos/fr_libc.c \
    $(addprefix $(FREERTOS_DIR)/,tasks.c queue.c list.c timers.c portable/MemMang/heap_4.c \
                                 portable/GCC/RISC-V/port.c portable/GCC/RISC-V/portASM.S)
# bench/port.h priorities 1..15 plus the timer task above them; FIFO among equals, no time
# slicing (bench/port.h conventions); the heap holds the task stacks and bp_malloc's arena.
BENCH_CFLAGS_freertos := -Ifreertos -Ifreertos/libc -Ibench \
    -I$(FREERTOS_DIR)/include -I$(FREERTOS_DIR)/portable/GCC/RISC-V \
    -DFR_MAX_PRIORITIES=17 -DFR_TIME_SLICING=0 -DFR_USE_TIMERS=1 -DFR_HEAP_BYTES=22528
# seeds/000 section IV-A: the paper's FreeRTOS is compiled with -Os.
BENCH_OPT_freertos := -Os
# A FreeRTOS switch is the trap handler (taskYIELD is an ECALL; portASM.S saves the whole frame,
# calls vTaskSwitchContext and restores the next task's frame): it is both the switch routine
# and the trap entry.
BENCH_SWITCH_SYM_freertos := freertos_risc_v_trap_handler
BENCH_TRAP_SYM_freertos := freertos_risc_v_trap_handler
# FreeRTOS's kernel data (pxCurrentTCB, pxReadyTasksLists, uxTopReadyPriority, xTickCount,
# xCriticalNesting, ullNextTime, xISRStack, ucHeap, ...): its naming prefixes (no shell
# metacharacters: bench.mk passes it unquoted).
BENCH_DATA_RE_freertos := ^[clpux]+[A-Z]
BENCH_DEPS_freertos := $(wildcard freertos/*.h freertos/libc/*.h) freertos/fr-kernel-check.sh
endif
