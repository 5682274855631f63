/* The chip RMP's RV32P platform runs on (its rmp_platform_rv32p.h includes this file). */
#include "rmp_platform_tempo.h"
