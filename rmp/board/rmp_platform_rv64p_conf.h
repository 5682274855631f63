/* The chip the RV64P platform layer (rmp/rv64p/) runs on. */
#include "rmp_platform_tempo.h"
