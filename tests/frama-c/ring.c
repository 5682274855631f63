/* Eva harness: the message ring of message queues and blocking queues (kernel/ring.h,
 * through kernel/msgq.c, or kernel/bmq.c when built with -DRING_BMQ: one queue per run
 * keeps the number of paths Eva enumerates small).
 * Preconditions: a buffer of capacity * msg_bytes bytes (at most 3 x 12), 4-byte aligned,
 * owned by the queue; msg_bytes 4, 8 or 12, capacity 1, 2 or 3; no thread waits (the
 * calls are made with TK_NOWAIT from a thread with interrupts enabled).
 * Sequences: every sequence of 7 sends and receives (the ring fills, wraps, empties), then
 * the argument checks (NULL message or buffer, bad sizes and capacities, which leave the queue as it
 * was).  Checked: no run-time error; messages come out whole and in the order they went
 * in (asserted); a send fails only when the ring is full, a receive only when it is empty. */
#include "common.h"
#ifdef RING_BMQ
#include "../../kernel/bmq.c"
static struct tk_bmq q;
#define q_init(q, buf, bytes, cap) tk_bmq_init(q, buf, bytes, cap)
#define q_send(q, m) tk_bmq_send(q, m, TK_NOWAIT)
#define q_recv(q, m) tk_bmq_recv(q, m, TK_NOWAIT)
#else
#include "../../kernel/msgq.c"
static struct tk_msgq q;
#define q_init(q, buf, bytes, cap) tk_msgq_init(q, buf, bytes, cap)
#define q_send(q, m) tk_msgq_send(q, m)
#define q_recv(q, m) tk_msgq_recv(q, m, TK_NOWAIT)
#endif

static struct tk_thread self;
/* The ring's buffer and the messages in and out at absolute addresses (make frama-c: inside
 * -absolute-valid-range), as in the paper SoC's data memory: the calls check that each is
 * 4-byte aligned, and Eva evaluates that test exactly only on an address it knows as a number. */
#define buf ((uint32_t *)(uintptr_t)0x10000000u) /* 9 words */
#define m ((uint32_t *)(uintptr_t)0x10000040u)   /* 3 words */
#define r ((uint32_t *)(uintptr_t)0x10000050u)   /* 3 words */

int main(void)
{
    tk_kp = &tk_kernel_state;
    tk_k.current = &self;
    tk_k.started = 1;
    int wi = Frama_C_interval(1, 3), cap = Frama_C_interval(1, 3);
    //@ split wi;
    //@ split cap;
    if (q_init(&q, buf, 4u * (unsigned)wi, (size_t)cap) != TK_OK)
        return 1;
    uint32_t sent = 0, got = 0;
    //@ loop unroll 7;
    for (int i = 0; i < 7; i++) {
        m[0] = m[1] = m[2] = sent + 1;
        r[0] = r[1] = r[2] = 0;
        int op = Frama_C_interval(0, 1);
        //@ split op;
        if (op == 0) {
            int rc = q_send(&q, m);
            //@ assert rc == TK_OK <==> sent - got < cap;
            if (rc == TK_OK)
                sent++;
        } else {
            int rc = q_recv(&q, r);
            //@ assert rc == TK_OK <==> got < sent;
            if (rc == TK_OK) {
                //@ assert r[0] == got + 1 && r[wi - 1] == got + 1;
                got++;
            }
        }
    }
    int e1 = q_send(&q, NULL), e2 = q_init(&q, buf, 6, 1), e3 = q_init(&q, buf, 4, 0x10000),
        e4 = q_init(&q, NULL, 4, 1);
    //@ assert e1 == TK_EINVAL;
    //@ assert e2 == TK_EINVAL;
    //@ assert e3 == TK_EINVAL;
    //@ assert e4 == TK_EINVAL;
    (void)q_recv(&q, m);
    return 0;
}
