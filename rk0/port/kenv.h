/* RK0's environment header (<kenv.h>, included by RK0's sources): the architecture layer. */
#ifndef RK_ENV_H
#define RK_ENV_H
#include <kcoredefs.h>
#endif
