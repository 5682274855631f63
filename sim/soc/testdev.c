/* QEMU virt's test device (testdev.h). */
#include "testdev.h"

#define TEST_BASE 0x00100000u /* QEMU virt */
#define TEST_SIZE 0x1000u
#define TEST_PASS 0x5555u
#define TEST_FAIL 0x3333u

static int test_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    (void)dev;
    (void)off;
    (void)size;
    *val = 0;
    return 0;
}

static int test_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct testdev *t = dev;
    if (off != 0 || size < 4)
        return -1;
    /* QEMU: 0x5555 = pass (status 0), (code << 16) | 0x3333 = fail with status `code`;
     * other values (0x7777 reset) are ignored */
    if ((val & 0xffff) == TEST_PASS)
        run_exit(t->run, 0);
    else if ((val & 0xffff) == TEST_FAIL)
        run_exit(t->run, (val >> 16) & 0xffff);
    return 0;
}

static const struct device_ops test_ops = {.read = test_read, .write = test_write};

void testdev_init(struct testdev *t, struct run_state *run, struct device *win)
{
    t->run = run;
    *win = (struct device){
        .name = "test", .base = TEST_BASE, .size = TEST_SIZE, .ops = &test_ops, .state = t,
    };
}
