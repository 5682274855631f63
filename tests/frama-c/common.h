/* What every Frama-C harness needs (tests/frama-c/frama-c.mk): the kernel's definitions,
 * Frama-C's nondeterminism builtins, the kernel state the code reaches through tp, and the
 * find-first-set table (a copy of kernel/sched.c's: that file is not analysed). */
#ifndef FC_COMMON_H
#define FC_COMMON_H
#include "kernel.h"
#include "__fc_builtin.h"

struct tk_kernel tk_kernel_state;
struct tk_thread tk_idle;
#define S(k) (uint8_t)((k) * sizeof(struct tk_thread *))
const uint8_t tk_debruijn32[32] = {
    S(0), S(1), S(28), S(2), S(29), S(14), S(24), S(3), S(30), S(22), S(20), S(15), S(25), S(17),
    S(4), S(8), S(31), S(27), S(13), S(23), S(21), S(19), S(16), S(7), S(26), S(12), S(18), S(6),
    S(11), S(5), S(10), S(9)};
#undef S
#endif
