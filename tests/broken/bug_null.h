/* The NULL store of tk_null.c and fr_null.c: one bug, the same line for both kernels. */
#ifndef BUG_NULL_H
#define BUG_NULL_H
struct result {
    int value;
};

static struct result *volatile where; /* never set: NULL */

static void __attribute__((noinline)) save_result(int v)
{
    where->value = v; /* bug */
}
#endif
