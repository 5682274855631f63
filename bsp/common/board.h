/* Board support: the addresses of one SoC, usable from C and assembly.
 * Select the board with -DBOARD_PAPER or -DBOARD_VIRT.  The simulator implements both
 * (sim/: `tempo-sim --soc paper|virt`); QEMU `virt` implements the second, except the
 * simulator-control device, which exists only in tempo-sim. */
#ifndef TEMPO_BOARD_H
#define TEMPO_BOARD_H

#if defined(BOARD_PAPER)
/* docs/boards.md "Paper SoC" */
#define BOARD_NAME            "paper"
#define BOARD_IMEM_BASE       0x00000000
#define BOARD_DMEM_BASE       0x10000000
#define BOARD_MTIME           0x02000000
#define BOARD_MTIMECMP        0x02000008
#define BOARD_UART_TX         0x10010000
#define BOARD_UART_STATUS     0x10010004 /* bit 0 = busy */
#define BOARD_VGA             0x10020000 /* 80 x 30 characters, byte writes, write-only */
#define BOARD_PS2_DATA        0x10030000 /* the scancode at the FIFO's head */
#define BOARD_PS2_STATUS      0x10030004 /* r: bit 0 = a scancode waits; w: pop it */
#define BOARD_SIMCTL          0x10040000 /* tempo-sim only; above the SoC's own devices */
#define BOARD_MSIP            (BOARD_SIMCTL + 0x18) /* the paper CLINT has no msip */
#define BOARD_CYCLES_PER_TICK 100000     /* mtime += 1 every 100,000 cycles */
#elif defined(BOARD_VIRT)
/* QEMU `virt` (docs/boards.md "virt SoC"): SiFive CLINT, NS16550, test device */
#define BOARD_NAME            "virt"
#define BOARD_RAM_BASE        0x80000000
#define BOARD_MSIP            0x02000000
#define BOARD_MTIMECMP        0x02004000
#define BOARD_MTIME           0x0200BFF8
#define BOARD_UART_TX         0x10000000 /* NS16550 THR */
#define BOARD_UART_LSR        0x10000005 /* bit 5 = THR empty */
#define BOARD_TEST            0x00100000 /* 0x5555 pass, (code << 16) | 0x3333 fail */
#define BOARD_SIMCTL          0x00110000 /* tempo-sim only; absent on QEMU */
#define BOARD_CYCLES_PER_TICK 10         /* 10 MHz mtime at a 100 MHz core */
#else
#error "define BOARD_PAPER or BOARD_VIRT"
#endif

/* Simulator-control device (tempo-sim, both SoCs), 32-bit registers at BOARD_SIMCTL: */
#define SIMCTL_EXIT      0x00 /* w: end the simulation, exit status = value */
#define SIMCTL_IRQ_AT    0x08 /* w 64-bit (+0x0C high word first, then +0x08 low, or one sd):
                                 raise the machine external interrupt when mcycle >= value */
#define SIMCTL_IRQ_ACK   0x10 /* w: clear the pending external interrupt and disarm;
                                 r: bit 0 = external interrupt pending */
#define SIMCTL_IRQ_AFTER 0x14 /* w: arm the external interrupt at (mcycle of this store) + value */
#define SIMCTL_MSIP      0x18 /* r/w bit 0: machine software interrupt pending (paper SoC msip) */
#define SIMCTL_CACHE     0x1C /* w: 1 invalidate the caches, 2 also fill the D$ with dirty lines
                                 (no cycles: a measurement device, docs/caches.md);
                                 r: bit 0 I$, bit 1 D$, bit 2 D$ write-back, bit 3 a miss costs
                                 cycles (0: no caches) */
#define SIMCTL_CACHE_COLD       1
#define SIMCTL_CACHE_COLD_DIRTY 2
#define SIMCTL_CACHE_COSTLY     8 /* r: misses cost cycles */

#endif
