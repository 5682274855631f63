/* The name of each error code (tk_strerror).  One function and one array of texts: a program
 * that does not call it links neither (function and data sections, --gc-sections). */
#include "kernel.h"

/* TK_OK, then TK_E* by -code (tempo.h), each "name: meaning", separated by NULs */
static const char tk_error_texts[] =
    "TK_OK: success\0"
    "TK_EINVAL: invalid argument\0"
    "TK_EOBJ: not an initialised object\0"
    "TK_EISR: not allowed from an interrupt handler or with interrupts disabled\0"
    "TK_ELOCKED: not allowed with the scheduler locked\0"
    "TK_ETIMEOUT: timed out\0"
    "TK_EAGAIN: would block\0"
    "TK_EFULL: no room\0"
    "TK_EPERM: not the owner\0"
    "TK_ESTATE: wrong state for the call\0"
    "TK_ENOMEM: out of memory\0"
    "TK_ELATE: wake-up time already passed\0"
    "TK_EOVERFLOW: counter would overflow\0"
    "TK_EBUSY: object in use\0"
    "TK_EDEADLK: waiting would deadlock\0"
    "unknown error code";
#define TK_ERROR_CODES 15 /* TK_OK .. -TK_EDEADLK */
_Static_assert(-TK_EDEADLK == TK_ERROR_CODES - 1, "a text for every code");

const char *tk_strerror(int err)
{
    unsigned n = err <= 0 && err > -TK_ERROR_CODES ? (unsigned)-err : TK_ERROR_CODES;
    const char *s = tk_error_texts;
    while (n--)
        while (*s++)
            ;
    return s;
}
