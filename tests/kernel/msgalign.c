/* Message pointers of tk_msgq_send/recv and tk_bmq_send/recv (and the from_isr sends) must be
 * 4-byte aligned, as the buffer of tk_msgq_init is (tempo.h): the kernel copies words.  A
 * misaligned one is refused with TK_EINVAL before anything is copied or waited for (it
 * faulted), and the queue is left as it was. */
#include "ktest.h"

static struct tk_thread ctl;
KT_STACK(s_ctl);
static struct tk_msgq q;
static struct tk_bmq b;
static uint32_t q_buf[2 * 2], b_buf[2 * 2];
static uint32_t raw[8];

static void ctl_main(void *arg)
{
    (void)arg;
    for (unsigned off = 1; off < 4; off++) {
        void *odd = (uint8_t *)raw + off;
        KT_EQ(tk_msgq_send(&q, odd), TK_EINVAL);
        KT_EQ(tk_msgq_recv(&q, odd, TK_NOWAIT), TK_EINVAL);
        KT_EQ(tk_msgq_recv(&q, odd, TK_FOREVER), TK_EINVAL); /* no wait either */
        KT_EQ(tk_bmq_send(&b, odd, TK_NOWAIT), TK_EINVAL);
        KT_EQ(tk_bmq_send(&b, odd, TK_FOREVER), TK_EINVAL);
        KT_EQ(tk_bmq_recv(&b, odd, TK_FOREVER), TK_EINVAL);
        KT_EQ(tk_msgq_send_from_isr(&q, odd), TK_EINVAL); /* from a thread: a plain send */
        KT_EQ(tk_bmq_send_from_isr(&b, odd), TK_EINVAL);
    }
    /* the queues are as they were: empty; an aligned message goes through */
    uint32_t m[2] = {7, 8}, out[2] = {0, 0};
    KT_EQ(tk_msgq_recv(&q, out, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_bmq_recv(&b, out, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_msgq_send(&q, m), TK_OK);
    KT_EQ(tk_msgq_recv(&q, out, TK_NOWAIT), TK_OK);
    KT_EQ(out[1], 8);
    /* a full bmq refuses a misaligned send before it would wait */
    KT_EQ(tk_bmq_send(&b, m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_bmq_send(&b, m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_bmq_send(&b, (uint8_t *)raw + 2, TK_FOREVER), TK_EINVAL);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_msgq_init(&q, q_buf, 8, 2), TK_OK);
    KT_EQ(tk_bmq_init(&b, b_buf, 8, 2), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 3, 0), TK_OK);
    tk_start();
}
