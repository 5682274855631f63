/* tk_strerror: every error code's text starts with its name and a colon, TK_OK's too; any
 * other value (positive, or below the lowest code) gives the one unknown text. */
#include "ktest.h"

static int starts(const char *s, const char *prefix)
{
    while (*prefix)
        if (*s++ != *prefix++)
            return 0;
    return *s == ':';
}

#define NAMED(code) KT_CHECK(starts(tk_strerror(code), #code))

int main(void)
{
    NAMED(TK_OK);
    NAMED(TK_EINVAL);
    NAMED(TK_EOBJ);
    NAMED(TK_EISR);
    NAMED(TK_ELOCKED);
    NAMED(TK_ETIMEOUT);
    NAMED(TK_EAGAIN);
    NAMED(TK_EFULL);
    NAMED(TK_EPERM);
    NAMED(TK_ESTATE);
    NAMED(TK_ENOMEM);
    NAMED(TK_ELATE);
    NAMED(TK_EOVERFLOW);
    NAMED(TK_EBUSY);
    NAMED(TK_EDEADLK);
    const char *t = tk_strerror(TK_ETIMEOUT);
    const char *want = "TK_ETIMEOUT: timed out";
    while (*want)
        KT_EQ(*t++, *want++);
    KT_EQ(*t, 0);
    const char *unknown = tk_strerror(TK_EDEADLK - 1);
    KT_CHECK(unknown == tk_strerror(1));
    KT_CHECK(unknown == tk_strerror(-1000000));
    KT_CHECK(unknown == tk_strerror(2147483647));
    KT_CHECK(unknown == tk_strerror(-2147483647 - 1));
    KT_CHECK(starts(unknown, "unknown error code") == 0 && unknown[0] == 'u');
    kt_pass();
}
