/* The simulator speed loop (make bench-sim): a long-running, kernel-like mix of ALU work,
 * loads and stores, branches, calls, multiplies and a few divides (CRC-32, insertion sort,
 * a linked-list walk, a small hash), repeated ROUNDS times.  Prints a checksum and exits 0.
 *
 * The data it writes sits on 4 KiB pages of its own, not beside the code: QEMU's TCG,
 * which runs the same virt image for the comparison, takes a slow self-modifying-code
 * path for writes to a page it translated code from. */
#include <stdint.h>
#include "bsp.h"

#ifndef ROUNDS
#define ROUNDS 2500
#endif
#define N 96

/* One page-aligned object makes the whole .data output section start on a new page, and
 * everything the loop writes (the stack aside, at the top of RAM) is in it. */
#define LOOP_DATA __attribute__((section(".data.speed")))
struct node {
    struct node *next;
    uint32_t key, val;
};
static uint32_t data[N] LOOP_DATA __attribute__((aligned(4096)));
static uint8_t bytes[256] LOOP_DATA;
static struct node nodes[64] LOOP_DATA;

static uint32_t crc32(const uint8_t *p, unsigned n, uint32_t crc)
{
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
    }
    return ~crc;
}

static void sort(uint32_t *a, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        uint32_t v = a[i];
        unsigned j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

static __attribute__((noinline)) uint32_t walk(const struct node *n, uint32_t key)
{
    uint32_t s = 0;
    for (; n; n = n->next)
        s += n->key == key ? n->val * 3 : n->val;
    return s;
}

static __attribute__((noinline)) uint32_t hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    return x ^ (x >> 16);
}

int main(void)
{
    uint32_t seed = 1, sum = 0;
    for (unsigned i = 0; i < 64; i++) {
        nodes[i].next = i + 1 < 64 ? &nodes[i + 1] : 0;
        nodes[i].key = i;
        nodes[i].val = i * 7;
    }
    for (unsigned r = 0; r < ROUNDS; r++) {
        for (unsigned i = 0; i < N; i++)
            data[i] = seed = hash(seed + i);
        sort(data, N);
        for (unsigned i = 0; i < 256; i++)
            bytes[i] = (uint8_t)(data[i % N] >> (i & 24));
        sum += crc32(bytes, sizeof bytes, sum);
        sum += walk(nodes, r & 63);
        sum += data[N / 2] / (r + 1) + data[0] % 977;
    }
    board_puts("loop checksum ");
    board_put_uint(sum);
    board_putc('\n');
    return 0;
}
