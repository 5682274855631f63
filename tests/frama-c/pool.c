/* Eva harness: the fixed-block pool (kernel/pool.c).
 * Preconditions: the pool's buffer is TK_POOL_BYTES(block_bytes, count) bytes at POOL_MEM,
 * pointer-aligned, owned by the pool; block_bytes 1, 8 or 13, count 1, 2 or 3.
 * Sequences: every sequence of 5 steps on 2 slots (tk_pool_alloc into an empty slot,
 * tk_pool_free of a full one), then a misuse: tk_pool_free of a pointer before, inside
 * (misaligned), at the end of or past the buffer, NULL, or the last block freed again.
 * Checked: no run-time error. */
#include "common.h"
#include "../../kernel/pool.c"

#define POOL_MEM 0x10000000u /* make frama-c: -absolute-valid-range */
static struct tk_pool pool;
static const size_t bsizes[] = {1, 8, 13};

int main(void)
{
    int bi = Frama_C_interval(0, 2), count = Frama_C_interval(1, 3);
    size_t bs;
    //@ split bi;
    //@ split count;
    bs = bsizes[bi];
    if (tk_pool_init(&pool, (void *)(uintptr_t)POOL_MEM, TK_POOL_BYTES(bs, count), bs,
                     (size_t)count) != TK_OK)
        return 1;
    void *p[2] = {0}, *stale = 0;
    //@ loop unroll 5;
    for (int i = 0; i < 5; i++) {
        int k = Frama_C_interval(0, 1);
        //@ split k;
        if (p[k]) {
            tk_pool_free(&pool, p[k]);
            stale = p[k];
            p[k] = 0;
        } else if (tk_pool_alloc(&pool, &p[k]) != TK_OK) {
            p[k] = 0;
        }
    }
    uintptr_t end = (uintptr_t)pool.start + pool.span;
    int w = Frama_C_interval(0, 5);
    uintptr_t a;
    //@ split w;
    a = w == 0 ? 0 : w == 1 ? POOL_MEM - 8 : w == 2 ? POOL_MEM + 1 : w == 3 ? end
      : w == 4 ? end + 8 : (uintptr_t)stale;
    tk_pool_free(&pool, (void *)a);
    return 0;
}
