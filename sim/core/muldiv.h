/* Integer helpers of the instructions' behaviour (ops.h, for both engines): XLEN views of a
 * register and the M extension.  Inlined with a constant XLEN, so each instance of an
 * engine gets its own code. */
#ifndef TEMPO_MULDIV_H
#define TEMPO_MULDIV_H
#include <stdbool.h>
#include <stdint.h>
#include "timing.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* a value as an XLEN-bit register holds it: zero-extended at RV32 ... */
static ALWAYS_INLINE uint64_t xl(int xlen, uint64_t v) { return xlen == 32 ? (uint32_t)v : v; }
/* ... and read as a signed XLEN-bit number */
static ALWAYS_INLINE int64_t sx(int xlen, uint64_t v) { return xlen == 32 ? (int32_t)v : (int64_t)v; }
/* RV64 W forms: the 32-bit result sign-extended */
static ALWAYS_INLINE uint64_t w32(uint64_t v) { return (uint64_t)(int64_t)(int32_t)v; }

/* M extension: the high words of products; division by zero gives all ones (quotient) or
 * the dividend (remainder), the signed overflow MIN / -1 gives MIN and 0; both finish
 * early (TF_DIV_EARLY). */
static ALWAYS_INLINE uint64_t mulh(int xlen, uint64_t a, uint64_t b)
{
    return xlen == 32 ? (uint64_t)((sx(32, a) * sx(32, b)) >> 32)
                      : (uint64_t)(((__int128)(int64_t)a * (int64_t)b) >> 64);
}
static ALWAYS_INLINE uint64_t mulhsu(int xlen, uint64_t a, uint64_t b)
{
    return xlen == 32 ? (uint64_t)((sx(32, a) * (int64_t)b) >> 32)
                      : (uint64_t)(((__int128)(int64_t)a * (unsigned __int128)b) >> 64);
}
static ALWAYS_INLINE uint64_t mulhu(int xlen, uint64_t a, uint64_t b)
{
    return xlen == 32 ? (a * b) >> 32 : (uint64_t)(((unsigned __int128)a * b) >> 64);
}
static ALWAYS_INLINE bool div_overflow(int xlen, uint64_t a, uint64_t b)
{
    return sx(xlen, b) == -1 && sx(xlen, a) == (xlen == 32 ? INT32_MIN : INT64_MIN);
}
static ALWAYS_INLINE uint64_t div_early(unsigned *flags, uint64_t v)
{
    *flags |= TF_DIV_EARLY;
    return v;
}
static ALWAYS_INLINE uint64_t divs(int xlen, uint64_t a, uint64_t b, unsigned *f)
{
    return b == 0 ? div_early(f, ~0ull) : div_overflow(xlen, a, b) ? div_early(f, a)
                                        : (uint64_t)(sx(xlen, a) / sx(xlen, b));
}
static ALWAYS_INLINE uint64_t divu(uint64_t a, uint64_t b, unsigned *f)
{
    return b == 0 ? div_early(f, ~0ull) : a / b;
}
static ALWAYS_INLINE uint64_t rems(int xlen, uint64_t a, uint64_t b, unsigned *f)
{
    return b == 0 ? div_early(f, a) : div_overflow(xlen, a, b) ? div_early(f, 0)
                                    : (uint64_t)(sx(xlen, a) % sx(xlen, b));
}
static ALWAYS_INLINE uint64_t remu(uint64_t a, uint64_t b, unsigned *f)
{
    return b == 0 ? div_early(f, a) : a % b;
}
/* the W forms: 32-bit operands, the result sign-extended */
static ALWAYS_INLINE uint64_t divw(uint64_t a, uint64_t b, unsigned *f)
{
    return (int32_t)b == 0 ? div_early(f, ~0ull) : div_overflow(32, a, b) ? div_early(f, w32(a))
                                                 : w32((int32_t)a / (int32_t)b);
}
static ALWAYS_INLINE uint64_t divuw(uint64_t a, uint64_t b, unsigned *f)
{
    return (uint32_t)b == 0 ? div_early(f, ~0ull) : w32((uint32_t)a / (uint32_t)b);
}
static ALWAYS_INLINE uint64_t remw(uint64_t a, uint64_t b, unsigned *f)
{
    return (int32_t)b == 0 ? div_early(f, w32(a)) : div_overflow(32, a, b) ? div_early(f, 0)
                                                  : w32((int32_t)a % (int32_t)b);
}
static ALWAYS_INLINE uint64_t remuw(uint64_t a, uint64_t b, unsigned *f)
{
    return (uint32_t)b == 0 ? div_early(f, w32(a)) : w32((uint32_t)a % (uint32_t)b);
}

#endif
