/* Mailbox, intrusive FIFO, message queue (receiver blocks), bounded blocking queue (both
 * sides block): every call, error paths, timeouts, direct hand-off, blocked senders, FIFO
 * order of messages, wake order of receivers, and the *_from_isr variants. */
#include "ktest.h"

static struct tk_thread ctl, t1, t2, t3;
KT_STACK(s_ctl); KT_STACK(s_1); KT_STACK(s_2); KT_STACK(s_3);

static struct tk_msgq mq;
static struct tk_bmq bq;
static uint32_t mq_buf[3 * 4], bq_buf[2 * 4];
static volatile uintptr_t got_word;
static volatile int rc1, rc2;
static volatile uint32_t got_msg[4];
static volatile char order[8];
static volatile int norder;

static void mail_receiver(void *arg)
{
    (void)arg;
    uintptr_t w = 0;
    rc1 = tk_mail_recv(&w, TK_FOREVER);
    got_word = w;
}

static void msgq_receiver(void *arg)
{
    uint32_t m[4] = {0};
    rc1 = tk_msgq_recv(&mq, m, TK_FOREVER);
    for (int i = 0; i < 4; i++)
        got_msg[i] = m[i];
    order[norder++] = (char)(uintptr_t)arg;
}

static void bmq_receiver(void *arg)
{
    uint32_t m[4] = {0};
    rc1 = tk_bmq_recv(&bq, m, TK_FOREVER);
    for (int i = 0; i < 4; i++)
        got_msg[i] = m[i];
    order[norder++] = (char)(uintptr_t)arg;
}

static void bmq_sender(void *arg)
{
    uint32_t m[4] = {(uint32_t)(uintptr_t)arg, 0, 0, 0};
    rc2 = tk_bmq_send(&bq, m, TK_FOREVER);
    order[norder++] = (char)(uintptr_t)arg;
}

/* ---- interrupt side ---- */
static volatile int isr_what, isr_rc, isr_rc2;
static struct tk_fifo fifo;
static struct tk_fifo_node isr_node;
static void isr_body(void)
{
    uint32_t m[4] = {7, 8, 9, 10};
    switch (isr_what) {
    case 1:
        isr_rc = tk_mail_send_from_isr(&t1, 0xBEEF);
        isr_rc2 = tk_mail_recv((uintptr_t *)m, TK_NOWAIT); /* thread-only */
        break;
    case 2:
        isr_rc = tk_msgq_send_from_isr(&mq, m);
        isr_rc2 = tk_msgq_recv(&mq, m, 1);
        break;
    case 3:
        isr_rc = tk_bmq_send_from_isr(&bq, m);
        isr_rc2 = tk_bmq_send(&bq, m, 1);
        break;
    case 4:
        isr_rc = tk_fifo_put(&fifo, &isr_node);
        isr_rc2 = 0;
        break;
    }
}

static void check_isr_wake(int what, void (*receiver)(void *))
{
    isr_what = what;
    rc1 = 99;
    got_word = 0;
    KT_EQ(tk_thread_create(&t1, "r", receiver, (void *)'i', s_1, sizeof s_1, 1, 0), TK_OK);
    KT_EQ(tk_thread_state(&t1), TK_STATE_BLOCKED);
    kt_irq_fire(200);
    for (volatile int i = 0; i < 20000 && rc1 == 99; i++)
        ;
    KT_EQ(rc1, TK_OK);
    KT_EQ(isr_rc, TK_OK);
    KT_EQ(isr_rc2, TK_EISR);
}

static void ctl_main(void *arg)
{
    (void)arg;
    uintptr_t w;
    kt_irq_setup(isr_body);

    /* ---- mailbox ---- */
    KT_EQ(tk_mail_send(NULL, 1), TK_EOBJ);
    KT_EQ(tk_mail_send((struct tk_thread *)&fifo, 1), TK_EOBJ);
    KT_EQ(tk_mail_send_from_isr(NULL, 1), TK_EOBJ);
    KT_EQ(tk_mail_recv(NULL, TK_NOWAIT), TK_EINVAL);
    KT_EQ(tk_mail_recv(&w, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_mail_send(&ctl, 42), TK_OK);
    KT_EQ(tk_mail_send(&ctl, 43), TK_EFULL);
    KT_EQ(tk_mail_recv(&w, TK_NOWAIT), TK_OK);
    KT_EQ(w, 42);
    KT_EQ(tk_mail_recv(&w, 2), TK_ETIMEOUT);
    /* a mail sent after a timeout is kept for the next receive */
    KT_EQ(tk_mail_send(&ctl, 44), TK_OK);
    KT_EQ(tk_mail_recv(&w, TK_FOREVER), TK_OK);
    KT_EQ(w, 44);
    KT_EQ(tk_thread_create(&t1, "m", mail_receiver, 0, s_1, sizeof s_1, 1, 0), TK_OK);
    KT_EQ(tk_thread_state(&t1), TK_STATE_BLOCKED);
    KT_EQ(tk_mail_send(&t1, 0x1234), TK_OK); /* hand-off, receiver runs at once */
    KT_EQ(rc1, TK_OK);
    KT_EQ(got_word, 0x1234);
    check_isr_wake(1, mail_receiver);
    KT_EQ(got_word, 0xBEEF);

    /* ---- FIFO ---- */
    static struct tk_fifo_node n[3];
    struct tk_fifo_node *out;
    struct tk_fifo zf = {0};
    KT_EQ(tk_fifo_init(NULL), TK_EINVAL);
    KT_EQ(tk_fifo_put(&zf, &n[0]), TK_EOBJ);
    KT_EQ(tk_fifo_get(&zf, &out), TK_EOBJ);
    KT_EQ(tk_fifo_init(&fifo), TK_OK);
    KT_EQ(tk_fifo_put(&fifo, NULL), TK_EINVAL);
    KT_EQ(tk_fifo_get(&fifo, NULL), TK_EINVAL);
    KT_EQ(tk_fifo_get(&fifo, &out), TK_EAGAIN);
    KT_CHECK(out == NULL);
    for (int i = 0; i < 3; i++)
        KT_EQ(tk_fifo_put(&fifo, &n[i]), TK_OK);
    for (int i = 0; i < 3; i++) {
        KT_EQ(tk_fifo_get(&fifo, &out), TK_OK);
        KT_CHECK(out == &n[i]);
    }
    KT_EQ(tk_fifo_get(&fifo, &out), TK_EAGAIN);
    isr_what = 4;
    kt_irq_fire(50);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(isr_rc, TK_OK);
    KT_EQ(tk_fifo_get(&fifo, &out), TK_OK);
    KT_CHECK(out == &isr_node);

    /* ---- message queue ---- */
    uint32_t m[4] = {1, 2, 3, 4}, r[4];
    struct tk_msgq zq = {0};
    KT_EQ(tk_msgq_init(NULL, mq_buf, 16, 3), TK_EINVAL);
    KT_EQ(tk_msgq_init(&mq, NULL, 16, 3), TK_EINVAL);
    KT_EQ(tk_msgq_init(&mq, (char *)mq_buf + 1, 16, 3), TK_EINVAL);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 6, 3), TK_EINVAL);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 0, 3), TK_EINVAL);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 16, 0), TK_EINVAL);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 2048, 1), TK_EINVAL);
    KT_EQ(tk_msgq_send(&zq, m), TK_EOBJ);
    KT_EQ(tk_msgq_recv(&zq, r, TK_NOWAIT), TK_EOBJ);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 16, 3), TK_OK);
    KT_EQ(tk_msgq_send(&mq, NULL), TK_EINVAL);
    KT_EQ(tk_msgq_recv(&mq, NULL, TK_NOWAIT), TK_EINVAL);
    KT_EQ(tk_msgq_recv(&mq, r, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_msgq_recv(&mq, r, 2), TK_ETIMEOUT);
    /* ring order across the wrap: capacity 3, send 3, take 2, send 2, take 3 */
    for (uint32_t i = 0; i < 3; i++) {
        m[0] = i;
        KT_EQ(tk_msgq_send(&mq, m), TK_OK);
    }
    KT_EQ(tk_msgq_send(&mq, m), TK_EFULL);
    for (uint32_t i = 0; i < 2; i++) {
        KT_EQ(tk_msgq_recv(&mq, r, TK_NOWAIT), TK_OK);
        KT_EQ(r[0], i);
        KT_EQ(r[3], 4);
    }
    for (uint32_t i = 3; i < 5; i++) {
        m[0] = i;
        KT_EQ(tk_msgq_send(&mq, m), TK_OK);
    }
    for (uint32_t i = 2; i < 5; i++) {
        KT_EQ(tk_msgq_recv(&mq, r, TK_FOREVER), TK_OK);
        KT_EQ(r[0], i);
    }
    /* blocked receivers: priority order, direct copy */
    norder = 0;
    KT_EQ(tk_thread_create(&t1, "a", msgq_receiver, (void *)'a', s_1, sizeof s_1, 12, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(tk_thread_create(&t2, "b", msgq_receiver, (void *)'b', s_2, sizeof s_2, 11, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK);
    m[0] = 100;
    KT_EQ(tk_msgq_send(&mq, m), TK_OK);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(norder, 1);
    KT_EQ(order[0], 'b');
    KT_EQ(got_msg[0], 100);
    KT_EQ(got_msg[1], 2);
    m[0] = 101;
    KT_EQ(tk_msgq_send(&mq, m), TK_OK);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(order[1], 'a');
    KT_EQ(got_msg[0], 101);
    check_isr_wake(2, msgq_receiver);
    KT_EQ(got_msg[0], 7);
    KT_EQ(got_msg[3], 10);

    /* ---- bounded blocking queue ---- */
    struct tk_bmq zb = {0};
    KT_EQ(tk_bmq_init(NULL, bq_buf, 16, 2), TK_EINVAL);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 16, 70000), TK_EINVAL);
    KT_EQ(tk_bmq_send(&zb, m, TK_NOWAIT), TK_EOBJ);
    KT_EQ(tk_bmq_send_from_isr(&zb, m), TK_EOBJ);
    KT_EQ(tk_bmq_recv(&zb, r, TK_NOWAIT), TK_EOBJ);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 16, 2), TK_OK);
    KT_EQ(tk_bmq_send(&bq, NULL, TK_NOWAIT), TK_EINVAL);
    KT_EQ(tk_bmq_recv(&bq, NULL, TK_NOWAIT), TK_EINVAL);
    KT_EQ(tk_bmq_recv(&bq, r, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_bmq_recv(&bq, r, 2), TK_ETIMEOUT);
    m[0] = 1;
    KT_EQ(tk_bmq_send(&bq, m, TK_NOWAIT), TK_OK);
    m[0] = 2;
    KT_EQ(tk_bmq_send(&bq, m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_bmq_send(&bq, m, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_bmq_send(&bq, m, 2), TK_ETIMEOUT);
    KT_EQ(tk_sched_lock(), TK_OK);
    KT_EQ(tk_bmq_send(&bq, m, 2), TK_ELOCKED);
    KT_EQ(tk_sched_unlock(), TK_OK);
    /* two blocked senders (prio 12 then 11): the 11 gets in first when room appears */
    norder = 0;
    KT_EQ(tk_thread_create(&t1, "x", bmq_sender, (void *)'x', s_1, sizeof s_1, 12, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(tk_thread_create(&t2, "y", bmq_sender, (void *)'y', s_2, sizeof s_2, 11, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(tk_thread_state(&t1), TK_STATE_BLOCKED);
    KT_EQ(tk_thread_state(&t2), TK_STATE_BLOCKED);
    static const uint32_t expect[4] = {1, 2, 'y', 'x'};
    for (int i = 0; i < 4; i++) {
        KT_EQ(tk_bmq_recv(&bq, r, TK_FOREVER), TK_OK);
        KT_EQ(r[0], expect[i]);
        KT_EQ(tk_delay(1), TK_OK); /* let a woken sender finish */
    }
    KT_EQ(rc2, TK_OK);
    KT_EQ(norder, 2);
    KT_EQ(order[0], 'y');
    KT_EQ(order[1], 'x');
    /* blocked receiver: direct copy from the sender */
    KT_EQ(tk_thread_create(&t3, "r", bmq_receiver, (void *)'r', s_3, sizeof s_3, 1, 0), TK_OK);
    m[0] = 55;
    KT_EQ(tk_bmq_send(&bq, m, TK_FOREVER), TK_OK);
    KT_EQ(got_msg[0], 55);
    check_isr_wake(3, bmq_receiver);
    KT_EQ(got_msg[0], 7);
    /* from an ISR when full: TK_EFULL, never blocks */
    KT_EQ(tk_bmq_send(&bq, m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_bmq_send(&bq, m, TK_NOWAIT), TK_OK);
    isr_what = 3;
    isr_rc = 99;
    kt_irq_fire(50);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(isr_rc, TK_EFULL);
    KT_EQ(isr_rc2, TK_EISR);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
