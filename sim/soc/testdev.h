/* QEMU virt's test device ("sifive_test", virt only): a store ends the run. */
#ifndef TEMPO_TESTDEV_H
#define TEMPO_TESTDEV_H
#include "device.h"
#include "run.h"

struct testdev {
    struct run_state *run;
};

void testdev_init(struct testdev *t, struct run_state *run, struct device *win);
#endif
