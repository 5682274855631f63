# The FreeRTOS kernel's benchmark layer (read by bench/bench.mk, which documents the variables).
# Only when FREERTOS_DIR points at a FreeRTOS-Kernel tree (FreeRTOS is not in this repository):
#   make bench FREERTOS_DIR=/path/to/FreeRTOS-Kernel
# The board layer it runs on is freertos/board/ (freertos/freertos.mk builds its other images).
ifneq ($(FREERTOS_DIR),)
# A directory that is not a kernel tree stops here with the reason (as freertos/check-kernel-dir.sh).
FR_BENCH_NEED := tasks.c include/FreeRTOS.h portable/GCC/RISC-V/portASM.S portable/MemMang/heap_4.c
FR_BENCH_MISSING := $(firstword $(foreach f,$(FR_BENCH_NEED),$(if $(wildcard $(FREERTOS_DIR)/$(f)),,$(f))))
ifneq ($(FR_BENCH_MISSING),)
$(error freertos: FREERTOS_DIR=$(FREERTOS_DIR) is not a FreeRTOS-Kernel tree (no $(FR_BENCH_MISSING)); point it at a FreeRTOS-Kernel checkout, e.g. git clone -b V11.1.0 https://github.com/FreeRTOS/FreeRTOS-Kernel)
endif
BENCH_KERNELS += freertos
BENCH_SRCS_freertos := bench/ports/freertos/port.c
# The kernel: FreeRTOS itself and the board layer it runs on (freertos/board/).
BENCH_KSRCS_freertos := freertos/board/fr_board.c freertos/board/fr_libc.c \
    $(addprefix $(FREERTOS_DIR)/,tasks.c queue.c list.c timers.c portable/MemMang/heap_4.c \
                                 portable/GCC/RISC-V/port.c portable/GCC/RISC-V/portASM.S)
# bench/port.h priorities 1..15 plus the timer task above them; FIFO among equals, no time
# slicing (bench/port.h conventions); the heap holds the task stacks and bp_malloc's arena.
# FreeRTOS's public headers need its configuration (freertos/board/FreeRTOSConfig.h), so the
# layer and the kernel share these flags.
FR_BENCH_CONFIG := -DFR_MAX_PRIORITIES=17 -DFR_TIME_SLICING=0 -DFR_USE_TIMERS=1 -DFR_HEAP_BYTES=22528
BENCH_KCFLAGS_freertos := -Ifreertos/board -Ifreertos/board/libc \
    -I$(FREERTOS_DIR)/include -I$(FREERTOS_DIR)/portable/GCC/RISC-V $(FR_BENCH_CONFIG)
BENCH_CFLAGS_freertos := $(BENCH_KCFLAGS_freertos)
# The paper's FreeRTOS is compiled with -Os (the paper, section IV-A).
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
BENCH_DEPS_freertos := $(wildcard freertos/board/*.h freertos/board/libc/*.h) freertos/check-kernel-dir.sh
endif
