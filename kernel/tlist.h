/* Circular doubly-linked thread lists, the one mechanism of the ready lists (ready_q.h) and
 * the wait queues (wait_q.h): append, removal, and the priority-ordered insert (wait.c). */
#ifndef TK_TLIST_H
#define TK_TLIST_H
#include "kbase.h"

/* ---- circular doubly-linked thread lists (ready lists and wait queues) ---- */
/* Append t to the list whose head slot is `head` and whose first thread is h (*head, loaded
 * by the caller: the wake-ups load it with their other loads, before any store). */
TK_INLINE void tk__list_append_to(struct tk_thread **head, struct tk_thread *h, struct tk_thread *t)
{
    if (__builtin_expect(!h, 1)) { /* alone at its level: the common real-time case */
        t->next = t;
        t->prev = t;
        *head = t;
    } else {
        struct tk_thread *tail = h->prev;
        t->next = h;
        t->prev = tail;
        tail->next = t;
        h->prev = t;
    }
}

TK_INLINE void tk__list_append(struct tk_thread **head, struct tk_thread *t)
{
    tk__list_append_to(head, *head, t);
}

TK_SHARED void tk__list_remove(struct tk_thread **head, struct tk_thread *t)
{
    struct tk_thread *n = t->next;
    if (__builtin_expect(n == t, 1)) {
        *head = NULL;
    } else {
        struct tk_thread *p = t->prev;
        p->next = n;
        n->prev = p;
        if (*head == t)
            *head = n;
    }
}

/* ---- wait queues (wait.c) ---- */
/* Queue t on q, sorted by priority (wait.c).  For speed q is never empty (tk__waitq_insert
 * queues on an empty one inline); built for size every insert is this one call, an empty
 * queue's included (TK_WAITQ_INSERT_ANY). */
void tk__waitq_insert_sorted(struct tk_waitq *q, struct tk_thread *t);
#define TK_WAITQ_INSERT_ANY TK_SIZE

#if TK_WAITQ_INSERT_ANY
#define tk__waitq_insert tk__waitq_insert_sorted
#else
TK_SHARED void tk__waitq_insert(struct tk_waitq *q, struct tk_thread *t)
{
    if (__builtin_expect(q->head != NULL, 0))
        tk__waitq_insert_sorted(q, t);
    else {
        t->next = t;
        t->prev = t;
        q->head = t;
    }
}
#endif
#endif
