/* The GDB stub (gdb.h).  One connection, all-stop, single-threaded: the traced loop calls
 * gdb_pre/gdb_post, and while the core is halted serve() talks to GDB until it resumes.  The
 * fast engine runs the rest (gdb_fast_at, gdb_fast_stores: what it must leave to them). */
#define _POSIX_C_SOURCE 200809L
#include "gdb.h"
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "disasm.h"
#include "machine.h"
#include "observe.h"

#define PACKET_MAX 4096
/* Cycles between looks for Ctrl-C: a few milliseconds on the fast engine; each look costs
 * a system call and a block of the traced loop. */
#define POLL_CYCLES (1u << 20)
#define WATCH_MAX 16
#define CSR_REGNUM(csr) (65 + (csr)) /* GDB's RISC-V numbering: x0-x31, pc, f0-f31, fflags.. */

struct watch {
    uint64_t addr, len;
    int type; /* 2 write, 3 read, 4 access (the Z packet's number) */
};

struct gdb {
    int listen_fd, fd;
    unsigned port;
    bool noack, detached, killed;
    bool halt_now;            /* stop before the next instruction (reset) */
    bool stepping;            /* 's': stop after one instruction */
    bool waiting;             /* GDB waits for a stop reply (it resumed the core) */
    uint64_t resume_pc, resume_cycle; /* where the core was resumed: no breakpoint stop there */
    uint64_t poll_at;         /* the cycle of the next look for Ctrl-C */
    uint64_t seen;            /* instructions gdb_pre() saw (monitor engine) */
    int stop_sig;
    char stop_why[64];
    int g_thread;             /* Hg: thread index for registers (-2: the current one) */
    void (*stats)(const struct machine *m, FILE *out); /* monitor stats */
    struct watch wp[WATCH_MAX];
    int nwp;
    unsigned char in[PACKET_MAX];
    size_t in_len, in_pos;
    char pkt[PACKET_MAX + 1], out[2 * PACKET_MAX + 64];
    size_t pkt_len;
};

struct gdb *gdb_listen(unsigned port, void (*stats)(const struct machine *m, FILE *out), char *err,
                       unsigned errlen)
{
    struct gdb *g = calloc(1, sizeof *g);
    int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    if (g)
        g->stats = stats;
    if (!g || s < 0) {
        snprintf(err, errlen, "--gdb: no socket: %s", strerror(errno));
        free(g);
        return NULL;
    }
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(s, (struct sockaddr *)&a, sizeof a) || listen(s, 1) ||
        getsockname(s, (struct sockaddr *)&a, &len)) {
        snprintf(err, errlen, "--gdb: cannot listen on 127.0.0.1:%u: %s", port, strerror(errno));
        close(s);
        free(g);
        return NULL;
    }
    g->listen_fd = s;
    g->fd = -1;
    g->port = ntohs(a.sin_port);
    g->halt_now = true;
    g->g_thread = -2;
    g->stop_sig = 5;
    fprintf(stderr, "tempo-sim: waiting for GDB on 127.0.0.1:%u (target remote :%u)\n", g->port, g->port);
    return g;
}

void gdb_free(struct gdb *g)
{
    if (!g)
        return;
    if (g->fd >= 0)
        close(g->fd);
    if (g->listen_fd >= 0)
        close(g->listen_fd);
    free(g);
}

bool gdb_killed(const struct gdb *g) { return g && g->killed; }

/* ---- bytes and packets ---- */

/* The next byte from GDB (blocking); -1 when the connection ended (or a signal asks the
 * simulator to stop). */
static int next_byte(struct gdb *g)
{
    while (g->in_pos == g->in_len) {
        ssize_t n = recv(g->fd, g->in, sizeof g->in, 0);
        if (n > 0) {
            g->in_len = (size_t)n;
            g->in_pos = 0;
        } else if (n < 0 && errno == EINTR && !machine_signal) {
            continue;
        } else {
            return -1;
        }
    }
    return g->in[g->in_pos++];
}

static void send_all(struct gdb *g, const char *s, size_t n)
{
    while (n && g->fd >= 0) {
        ssize_t k = send(g->fd, s, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return;
        s += k;
        n -= (size_t)k;
    }
}

/* Send "$data#cs" and, unless acknowledgements are off, wait for GDB's '+'. */
static void put_packet(struct gdb *g, const char *data)
{
    char frame[sizeof g->out + 8];
    unsigned char sum = 0;
    size_t n = 0;
    frame[n++] = '$';
    for (const char *p = data; *p && n < sizeof frame - 4; p++) {
        sum = (unsigned char)(sum + (unsigned char)*p);
        frame[n++] = *p;
    }
    n += (size_t)snprintf(frame + n, 4, "#%02x", sum);
    for (int tries = 0; tries < 3; tries++) {
        send_all(g, frame, n);
        if (g->noack)
            return;
        int c;
        while ((c = next_byte(g)) >= 0 && c != '+' && c != '-')
            ;
        if (c != '-')
            return;
    }
}

/* The next packet into g->pkt (g->pkt_len bytes); false when the connection ended. */
static bool get_packet(struct gdb *g)
{
    for (;;) {
        int c;
        while ((c = next_byte(g)) >= 0 && c != '$')
            ; /* acks, and a Ctrl-C that arrives while halted */
        if (c < 0)
            return false;
        unsigned char sum = 0;
        size_t n = 0;
        while ((c = next_byte(g)) >= 0 && c != '#') {
            if (n < PACKET_MAX)
                g->pkt[n++] = (char)c;
            sum = (unsigned char)(sum + c);
        }
        int h1 = next_byte(g), h2 = next_byte(g);
        if (c < 0 || h1 < 0 || h2 < 0)
            return false;
        char hex[3] = {(char)h1, (char)h2, 0};
        bool ok = strtoul(hex, NULL, 16) == sum && n < PACKET_MAX;
        if (!g->noack)
            send_all(g, ok ? "+" : "-", 1);
        if (ok) {
            g->pkt[n] = 0;
            g->pkt_len = n;
            return true;
        }
    }
}

static const char hexdigit[] = "0123456789abcdef";

static void hex_bytes(char *out, const void *buf, size_t n)
{
    const unsigned char *b = buf;
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hexdigit[b[i] >> 4];
        out[2 * i + 1] = hexdigit[b[i] & 15];
    }
    out[2 * n] = 0;
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* n bytes from hex text; -1 when the text is not hex */
static int unhex(void *buf, const char *s, size_t n)
{
    unsigned char *b = buf;
    for (size_t i = 0; i < n; i++) {
        int hi = hexval(s[2 * i]), lo = hi < 0 ? -1 : hexval(s[2 * i + 1]);
        if (lo < 0)
            return -1;
        b[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

/* "addr,len" (hex); the text after it in *rest */
static bool parse_addr_len(const char *s, uint64_t *addr, uint64_t *len, const char **rest)
{
    char *e;
    *addr = strtoull(s, &e, 16);
    if (*e != ',')
        return false;
    *len = strtoull(e + 1, &e, 16);
    *rest = e;
    return true;
}

/* ---- threads ---- */

static struct observe *obs(struct machine *m) { return m->obs; }

static bool threads_on(struct machine *m)
{
    return obs(m)->kernel && obs(m)->rtos.started;
}

/* GDB's id of thread index i: the control block's address, or 1 for the one thread there is
 * before the scheduler starts (or without a known kernel). */
static uint64_t thread_id(struct machine *m, int i)
{
    return threads_on(m) && i >= 0 ? obs(m)->rtos.t[i].tcb : 1;
}

/* The index of GDB's thread id; -2 for the current thread (also 0 and -1: any, all); -3 when
 * no thread has that id. */
static int thread_index(struct machine *m, const char *s)
{
    if (!strcmp(s, "0") || !strcmp(s, "-1"))
        return -2;
    uint64_t id = strtoull(s, NULL, 16);
    struct rtos *r = &obs(m)->rtos;
    if (!threads_on(m))
        return id == 1 ? -2 : -3;
    for (int i = 0; i < r->n; i++)
        if (r->t[i].tcb == id)
            return i == r->cur ? -2 : i;
    return -3;
}

static int current_index(struct machine *m) { return threads_on(m) ? obs(m)->rtos.cur : -1; }

/* ---- registers ---- */

static unsigned reg_bytes(struct machine *m) { return (unsigned)m->hart.xlen / 8; }

static void put_reg(struct machine *m, char *out, uint64_t v, bool known)
{
    unsigned n = reg_bytes(m);
    if (known)
        hex_bytes(out, &v, n); /* little-endian host */
    else
        memset(out, 'x', 2 * n), out[2 * n] = 0;
}

/* registers of the thread Hg selected (-2 the current one) */
static int thread_regs(struct machine *m, int i, uint64_t regs[33], uint64_t *valid)
{
    if (i == -2 || !threads_on(m))
        i = -1;
    return rtos_regs(&obs(m)->rtos, i < 0 ? -1 : i, regs, valid);
}

static const unsigned csr_list[] = {
    CSR_MSTATUS, CSR_MISA, CSR_MIE, CSR_MTVEC, CSR_MSCRATCH, CSR_MEPC, CSR_MCAUSE, CSR_MTVAL,
    CSR_MIP, CSR_MCYCLE, CSR_MINSTRET, CSR_MCYCLEH, CSR_MINSTRETH, CSR_CYCLE, CSR_TIME,
    CSR_INSTRET, CSR_CYCLEH, CSR_TIMEH, CSR_INSTRETH, CSR_MVENDORID, CSR_MARCHID, CSR_MIMPID,
    CSR_MHARTID,
};

static bool csr_here(struct machine *m, unsigned csr)
{
    uint64_t v;
    return csr_read(m, csr, &v) == 0;
}

/* The target description: the core's registers and CSRs (GDB's features for RISC-V). */
static size_t target_xml(struct machine *m, char *buf, size_t size)
{
    unsigned w = (unsigned)m->hart.xlen;
    size_t n = (size_t)snprintf(buf, size,
        "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
        "<target version=\"1.0\">\n<architecture>riscv:rv%u</architecture>\n"
        "<feature name=\"org.gnu.gdb.riscv.cpu\">\n", w);
    for (unsigned r = 0; r < 32 && n < size; r++)
        n += (size_t)snprintf(buf + n, size - n, "<reg name=\"%s\" bitsize=\"%u\" regnum=\"%u\" type=\"%s\"/>\n",
                              disasm_reg(r), w, r, r == 1 ? "code_ptr" : r == 2 ? "data_ptr" : "int");
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "<reg name=\"pc\" bitsize=\"%u\" regnum=\"32\" type=\"code_ptr\"/>\n"
                              "</feature>\n<feature name=\"org.gnu.gdb.riscv.csr\">\n", w);
    for (size_t i = 0; i < sizeof csr_list / sizeof *csr_list && n < size; i++)
        if (csr_here(m, csr_list[i]))
            n += (size_t)snprintf(buf + n, size - n, "<reg name=\"%s\" bitsize=\"%u\" regnum=\"%u\" group=\"csr\"/>\n",
                                  disasm_csr(csr_list[i]), w, CSR_REGNUM(csr_list[i]));
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "</feature>\n</target>\n");
    return n < size ? n : size - 1;
}

static void reply_reg(struct gdb *g, struct machine *m, unsigned n)
{
    uint64_t regs[33], valid, v;
    if (n <= 32) {
        if (thread_regs(m, g->g_thread, regs, &valid)) {
            put_packet(g, "E01");
            return;
        }
        put_reg(m, g->out, regs[n], valid >> n & 1);
    } else if (n >= CSR_REGNUM(0) && n < CSR_REGNUM(4096) && csr_read(m, n - CSR_REGNUM(0), &v) == 0) {
        put_reg(m, g->out, v, true);
    } else {
        put_packet(g, "E45");
        return;
    }
    put_packet(g, g->out);
}

static bool write_reg(struct gdb *g, struct machine *m, unsigned n, uint64_t v)
{
    if (g->g_thread != -2 && g->g_thread != current_index(m))
        return false; /* a thread that is not running: its context is the kernel's */
    if (m->hart.xlen == 32)
        v = (uint32_t)v;
    if (n < 32) {
        if (n)
            m->hart.x[n] = v;
        return true;
    }
    if (n == 32) {
        m->hart.pc = v & ~3ull;
        return true;
    }
    return n >= CSR_REGNUM(0) && n < CSR_REGNUM(4096) && csr_write(m, n - CSR_REGNUM(0), v) == 0;
}

/* ---- memory ---- */

static void read_memory(struct gdb *g, struct machine *m, uint64_t addr, uint64_t len)
{
    unsigned char buf[PACKET_MAX / 2];
    if (len > sizeof buf)
        len = sizeof buf;
    uint64_t n = 0;
    while (n < len && bus_peek(&m->bus, addr + n, buf + n, 1) == 0)
        n++;
    if (!n && (len == 1 || len == 2 || len == 4 || len == 8) && !(addr & (len - 1))) {
        uint64_t v; /* a device register: what a load would read (no cycles pass) */
        if (bus_load(&m->bus, addr, (unsigned)len, &v) != BUS_FAULT) {
            memcpy(buf, &v, len);
            n = len;
        }
    }
    if (!n) {
        put_packet(g, "E14");
        return;
    }
    hex_bytes(g->out, buf, n);
    put_packet(g, g->out);
}

/* ---- monitor ---- */

static void monitor_out(struct gdb *g, const char *text)
{
    /* 'O' packets carry hex text; split to stay under the packet size */
    while (*text) {
        size_t n = strlen(text) < 512 ? strlen(text) : 512;
        g->out[0] = 'O';
        hex_bytes(g->out + 1, text, n);
        put_packet(g, g->out);
        text += n;
    }
}

static void monitor(struct gdb *g, struct machine *m, const char *cmd)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f) {
        put_packet(g, "E01");
        return;
    }
    struct observe *o = obs(m);
    if (!strcmp(cmd, "cycles")) {
        fprintf(f, "cycle %llu (mcycle %llu, minstret %llu, pc 0x%llx)\n",
                (unsigned long long)m->hart.clk.cycle, (unsigned long long)machine_mcycle(m),
                (unsigned long long)m->hart.instret, (unsigned long long)m->hart.pc);
    } else if (!strcmp(cmd, "stats") || !strcmp(cmd, "engine")) {
        if (m->settle)
            m->settle(m->settle_ctx);
        if (cmd[0] == 's')
            g->stats(m, f);
        else
            fprintf(f, "issued %llu, seen by the debugger %llu (the rest ran on the fast engine)\n",
                    (unsigned long long)m->stats.issued, (unsigned long long)g->seen);
    } else if (!strcmp(cmd, "threads") || !strcmp(cmd, "rtos")) {
        struct rtos *r = &o->rtos;
        if (!o->kernel) {
            fprintf(f, "no kernel known in this image%s%s\n", r->why[0] ? ": " : "", r->why);
        } else if (!strcmp(cmd, "rtos")) {
            fprintf(f, "kernel %s, scheduler %s\n", r->k->name, r->started ? "started" : "not started");
            for (int i = 0; r->k->offset_name[i]; i++)
                fprintf(f, "offset %s %llu\n", r->k->offset_name[i], (unsigned long long)r->off[i]);
        } else {
            int idx[RTOS_MAX_THREADS], n = rtos_refresh(r, idx, RTOS_MAX_THREADS);
            fprintf(f, "%-18s %-10s %5s %8s %8s  %s\n", "thread", "state", "prio", "stack", "used", "id");
            for (int k = 0; k < n; k++) {
                struct rtos_info in;
                const struct rtos_thread *t = &r->t[idx[k]];
                if (rtos_info(r, idx[k], &in))
                    continue;
                uint64_t low = t->lowest_sp != UINT64_MAX ? t->lowest_sp : t->stack_top - r->initial_frame;
                fprintf(f, "%-18s %-10s %5d %8llu %8llu  0x%llx %s\n", in.name, in.state, in.prio,
                        (unsigned long long)(t->stack_top - t->stack_base),
                        (unsigned long long)(t->stack_top - low), (unsigned long long)t->tcb, in.detail);
            }
        }
    } else {
        fprintf(f, "tempo-sim monitor commands:\n"
                   "  cycles   the cycle count (and mcycle, minstret, pc) where the core stopped\n"
                   "  stats    the --stats report so far\n"
                   "  engine   instructions issued, and those the debugger saw one at a time\n"
                   "  threads  the kernel's threads: state, priority, stack size and use\n"
                   "  rtos     the kernel found in the image, and the structure offsets used\n"
                   "  help     this list\n");
    }
    fclose(f);
    monitor_out(g, text);
    free(text);
    put_packet(g, "OK");
}

/* ---- stop replies ---- */

static void stop_reply(struct gdb *g, struct machine *m)
{
    snprintf(g->out, sizeof g->out, "T%02xthread:%llx;%s", g->stop_sig,
             (unsigned long long)thread_id(m, current_index(m)), g->stop_why);
    put_packet(g, g->out);
}

static void thread_extra(struct gdb *g, struct machine *m, int i)
{
    char text[256];
    struct rtos_info in;
    if (i == -2)
        i = current_index(m);
    if (i < 0 || rtos_info(&obs(m)->rtos, i, &in)) {
        snprintf(text, sizeof text, "%s", threads_on(m) ? "?" : "main");
    } else {
        int n = snprintf(text, sizeof text, "%s: %s%s%s, prio %d", in.name, in.state,
                         in.detail[0] ? " " : "", in.detail, in.prio);
        if (in.base_prio >= 0 && in.base_prio != in.prio && n > 0 && (size_t)n < sizeof text)
            snprintf(text + n, sizeof text - (size_t)n, " (base %d)", in.base_prio);
    }
    hex_bytes(g->out, text, strlen(text));
    put_packet(g, g->out);
}

static void thread_info(struct gdb *g, struct machine *m)
{
    int idx[RTOS_MAX_THREADS], n = threads_on(m) ? rtos_refresh(&obs(m)->rtos, idx, RTOS_MAX_THREADS) : 0;
    size_t k = 0;
    g->out[k++] = 'm';
    if (!n)
        k += (size_t)snprintf(g->out + k, sizeof g->out - k, "1");
    for (int i = 0; i < n && k < sizeof g->out - 24; i++)
        k += (size_t)snprintf(g->out + k, sizeof g->out - k, "%s%llx", i ? "," : "",
                              (unsigned long long)thread_id(m, idx[i]));
    put_packet(g, g->out);
}

/* ---- breakpoints and watchpoints ---- */

/* A breakpoint is the flag PCF_BREAK on its code word, as many as there are words (GDB
 * inserts an address once, however many of its breakpoints share it). */
static bool breakpoint(struct machine *m, uint64_t addr, bool insert)
{
    if (!insert && !(observe_flags(obs(m), addr) & PCF_BREAK))
        return false;
    return observe_flag(obs(m), addr, PCF_BREAK, insert) == 0;
}

static bool watchpoint(struct gdb *g, int type, uint64_t addr, uint64_t len, bool insert)
{
    if (insert) {
        if (g->nwp == WATCH_MAX || !len)
            return false;
        g->wp[g->nwp++] = (struct watch){addr, len, type};
        return true;
    }
    for (int i = 0; i < g->nwp; i++)
        if (g->wp[i].addr == addr && g->wp[i].len == len && g->wp[i].type == type) {
            g->wp[i] = g->wp[--g->nwp];
            return true;
        }
    return false;
}

/* ---- the conversation while halted ---- */

enum { STAY, RESUME, END };

/* 'g': every register of the selected thread. */
static void read_regs(struct gdb *g, struct machine *m)
{
    uint64_t regs[33], valid;
    if (thread_regs(m, g->g_thread, regs, &valid)) {
        put_packet(g, "E01");
        return;
    }
    size_t k = 0;
    for (int r = 0; r < 33; r++) {
        put_reg(m, g->out + k, regs[r], valid >> r & 1);
        k += 2 * reg_bytes(m);
    }
    put_packet(g, g->out);
}

/* 'G': every register; 'P': one ("Pn=value"). */
static void write_regs(struct gdb *g, struct machine *m, const char *p)
{
    unsigned nb = reg_bytes(m);
    uint64_t v;
    bool ok = true;
    if (p[0] == 'P') {
        const char *eq = strchr(p, '=');
        unsigned n = (unsigned)strtoul(p + 1, NULL, 16);
        v = 0;
        ok = eq && strlen(eq + 1) >= 2 * nb && unhex(&v, eq + 1, nb) == 0 && write_reg(g, m, n, v);
    } else if (strlen(p + 1) < 33 * 2 * nb) {
        ok = false;
    } else {
        for (unsigned r = 0; r < 33 && ok; r++) {
            v = 0;
            ok = unhex(&v, p + 1 + 2 * nb * r, nb) == 0 && write_reg(g, m, r, v);
        }
    }
    put_packet(g, ok ? "OK" : "E01");
}

/* 'M' (hex) and 'X' (binary, with '}' escapes): "addr,len:data" into RAM. */
static void write_memory(struct gdb *g, struct machine *m, const char *p)
{
    unsigned char buf[PACKET_MAX];
    uint64_t addr, len;
    const char *rest;
    bool ok = parse_addr_len(p + 1, &addr, &len, &rest) && *rest == ':' && len <= sizeof buf;
    if (ok && p[0] == 'M') {
        ok = strlen(rest + 1) >= 2 * len && unhex(buf, rest + 1, len) == 0;
    } else if (ok) {
        const char *s = rest + 1, *end = g->pkt + g->pkt_len;
        uint64_t k = 0;
        for (; s < end && k < len; k++)
            buf[k] = *s == '}' && s + 1 < end ? (unsigned char)(s[1] ^ 0x20) : (unsigned char)*s, s += *s == '}' ? 2 : 1;
        ok = k == len;
    }
    ok = ok && (len == 0 || bus_poke(&m->bus, addr, buf, len) == 0);
    put_packet(g, ok ? "OK" : "E14");
}

/* 'Z' inserts, 'z' removes: "type,addr,kind" (0, 1 breakpoints; 2, 3, 4 watchpoints). */
static void points(struct gdb *g, struct machine *m, const char *p)
{
    uint64_t addr, len;
    const char *rest;
    int type = p[1] - '0';
    bool insert = p[0] == 'Z', ok;
    if (p[2] != ',' || !parse_addr_len(p + 3, &addr, &len, &rest)) {
        put_packet(g, "E01");
        return;
    }
    if (type == 0 || type == 1)
        ok = breakpoint(m, addr, insert);
    else if (type >= 2 && type <= 4)
        ok = watchpoint(g, type, addr, len, insert);
    else {
        put_packet(g, "");
        return;
    }
    put_packet(g, ok ? "OK" : "E01");
}

/* 'c', 's' ("c[addr]"), 'C', 'S' ("Csig[;addr]"): resume, maybe elsewhere, maybe one step. */
static int resume(struct gdb *g, struct machine *m, const char *p)
{
    const char *a = p[0] == 'C' || p[0] == 'S' ? strchr(p, ';') : (p[1] ? p + 1 : NULL);
    if (a && *a == ';')
        a++;
    if (a && *a)
        m->hart.pc = strtoull(a, NULL, 16) & ~3ull;
    g->stepping = p[0] == 's' || p[0] == 'S';
    return RESUME;
}

/* 'v' packets: vCont and vKill. */
static int verbose_packet(struct gdb *g, const char *p)
{
    if (!strcmp(p, "vCont?")) {
        put_packet(g, "vCont;c;C;s;S");
    } else if (!strncmp(p, "vCont;", 6)) {
        g->stepping = strstr(p, ";s") || strstr(p, ";S");
        return RESUME;
    } else if (!strncmp(p, "vKill", 5)) {
        put_packet(g, "OK");
        g->killed = true;
        return END;
    } else {
        put_packet(g, "");
    }
    return STAY;
}

/* qXfer:features:read:target.xml:offset,length */
static void target_xml_part(struct gdb *g, struct machine *m, const char *args)
{
    char xml[8192];
    size_t n = target_xml(m, xml, sizeof xml);
    uint64_t off = strtoull(args, NULL, 16), want;
    const char *comma = strchr(args, ',');
    want = comma ? strtoull(comma + 1, NULL, 16) : 0;
    if (off > n)
        off = n;
    if (want > PACKET_MAX / 2)
        want = PACKET_MAX / 2;
    size_t take = n - off < want ? n - off : want;
    g->out[0] = off + take < n ? 'm' : 'l';
    memcpy(g->out + 1, xml + off, take);
    g->out[1 + take] = 0;
    put_packet(g, g->out);
}

/* 'q' packets: features, the target description, threads, monitor commands. */
static void query(struct gdb *g, struct machine *m, const char *p)
{
    if (!strncmp(p, "qSupported", 10)) {
        put_packet(g, "PacketSize=1000;qXfer:features:read+;swbreak+;hwbreak+;vContSupported+;"
                      "QStartNoAckMode+");
    } else if (!strncmp(p, "qXfer:features:read:target.xml:", 31)) {
        target_xml_part(g, m, p + 31);
    } else if (!strcmp(p, "qfThreadInfo")) {
        thread_info(g, m);
    } else if (!strcmp(p, "qsThreadInfo")) {
        put_packet(g, "l");
    } else if (!strcmp(p, "qC")) {
        snprintf(g->out, sizeof g->out, "QC%llx", (unsigned long long)thread_id(m, current_index(m)));
        put_packet(g, g->out);
    } else if (!strncmp(p, "qThreadExtraInfo,", 17)) {
        int i = thread_index(m, p + 17);
        if (i == -3)
            put_packet(g, "E01");
        else
            thread_extra(g, m, i);
    } else if (!strncmp(p, "qRcmd,", 6)) {
        char cmd[256] = {0};
        size_t n = strlen(p + 6) / 2;
        if (n >= sizeof cmd || unhex(cmd, p + 6, n))
            put_packet(g, "E01");
        else
            monitor(g, m, cmd);
    } else if (!strcmp(p, "qAttached")) {
        put_packet(g, "1");
    } else if (!strncmp(p, "qSymbol", 7)) {
        put_packet(g, "OK");
    } else {
        put_packet(g, "");
    }
}

/* One packet: STAY halted, RESUME the core, or END the run. */
static int handle(struct gdb *g, struct machine *m)
{
    const char *p = g->pkt;
    uint64_t addr, len;
    const char *rest;
    switch (p[0]) {
    case '?': stop_reply(g, m); break;
    case 'g': read_regs(g, m); break;
    case 'G':
    case 'P': write_regs(g, m, p); break;
    case 'p': reply_reg(g, m, (unsigned)strtoul(p + 1, NULL, 16)); break;
    case 'm':
        if (parse_addr_len(p + 1, &addr, &len, &rest))
            read_memory(g, m, addr, len);
        else
            put_packet(g, "E01");
        break;
    case 'M':
    case 'X': write_memory(g, m, p); break;
    case 'Z':
    case 'z': points(g, m, p); break;
    case 'H': {
        int i = thread_index(m, p + 2);
        if (p[1] == 'g')
            g->g_thread = i == -3 ? -2 : i;
        put_packet(g, "OK");
        break;
    }
    case 'T': put_packet(g, thread_index(m, p + 1) == -3 ? "E01" : "OK"); break;
    case 'c':
    case 's':
    case 'C':
    case 'S': return resume(g, m, p);
    case 'D':
        put_packet(g, "OK");
        g->detached = true;
        return RESUME;
    case 'k':
        g->killed = true;
        return END;
    case 'v': return verbose_packet(g, p);
    case 'q': query(g, m, p); break;
    case 'Q': {
        bool noack = !strcmp(p, "QStartNoAckMode");
        put_packet(g, noack ? "OK" : "");
        g->noack |= noack; /* the OK itself is still acknowledged */
        break;
    }
    default: put_packet(g, ""); break;
    }
    return STAY;
}

/* The connection ended without a detach or kill: say so, the run goes on. */
static void gone(struct gdb *g)
{
    if (!g->detached && !machine_signal)
        fprintf(stderr, "tempo-sim: the GDB connection closed; the run goes on without the debugger\n");
    g->detached = true;
}

/* The core is halted with signal sig: talk to GDB until it resumes the core (true) or ends
 * the run (false). */
static bool serve(struct machine *m, struct gdb *g, int sig, const char *why)
{
    g->stop_sig = sig;
    snprintf(g->stop_why, sizeof g->stop_why, "%s", why);
    g->stepping = false;
    if (g->fd < 0) {
        g->fd = accept(g->listen_fd, NULL, NULL);
        if (g->fd < 0) { /* a signal while waiting: the run stops at the next instruction */
            g->detached = true;
            return true;
        }
        int one = 1;
        setsockopt(g->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    if (g->waiting) {
        stop_reply(g, m);
        g->waiting = false;
    }
    for (;;) {
        if (!get_packet(g)) { /* GDB went away: the run goes on without it */
            gone(g);
            return true;
        }
        switch (handle(g, m)) {
        case RESUME:
            g->waiting = !g->detached;
            g->resume_pc = m->hart.pc;
            g->resume_cycle = m->hart.clk.cycle;
            g->g_thread = -2;
            return true;
        case END:
            run_stop(&m->run, STOP_KILLED);
            return false;
        }
    }
}

/* A Ctrl-C (0x03) from GDB since the last look?  Other bytes stay for get_packet. */
static bool interrupted(struct gdb *g)
{
    if (g->in_pos == g->in_len) {
        ssize_t n = recv(g->fd, g->in, sizeof g->in, MSG_DONTWAIT);
        if (n <= 0) {
            if (n == 0) /* GDB closed the connection while the core ran */
                gone(g);
            return false;
        }
        g->in_len = (size_t)n;
        g->in_pos = 0;
    }
    if (g->in[g->in_pos] == 0x03) {
        g->in_pos++;
        return true;
    }
    return false;
}

/* Before the instruction at pc: stop when the debugger wants (reset, breakpoint, a single
 * step that entered a trap, Ctrl-C) and serve it until it resumes.  false: the run ends. */
static bool gdb_pre(void *ctx, struct machine *m, uint64_t pc, uint64_t cycle)
{
    struct gdb *g = ctx;
    if (g->detached)
        return true;
    g->seen++;
    bool here = pc == g->resume_pc && cycle == g->resume_cycle;
    if (g->halt_now) {
        g->halt_now = false;
        return serve(m, g, 5, "");
    }
    if (g->stepping && !here) /* the step ended in a trap handler (an interrupt was taken) */
        return serve(m, g, 5, "");
    if ((observe_flags(obs(m), pc) & PCF_BREAK) && !here)
        return serve(m, g, 5, "swbreak:;");
    if (cycle >= g->poll_at) {
        g->poll_at = cycle + POLL_CYCLES;
        if (interrupted(g))
            return serve(m, g, 2, "");
    }
    return true;
}

/* After it: a watchpoint it hit, the end of a single step. */
static void gdb_post(void *ctx, struct machine *m, const struct observe_step *s)
{
    struct gdb *g = ctx;
    const struct insn *d = s->d;
    uint64_t ea = s->ea;
    bool retired = s->retired;
    if (g->detached)
        return;
    if (g->nwp && d && retired && (d->t.cls == TC_LOAD || d->t.cls == TC_STORE)) {
        static const uint8_t size[OP_COUNT] = {
            [OP_LB] = 1, [OP_LBU] = 1, [OP_SB] = 1, [OP_LH] = 2, [OP_LHU] = 2, [OP_SH] = 2,
            [OP_LW] = 4, [OP_LWU] = 4, [OP_SW] = 4, [OP_LD] = 8, [OP_SD] = 8,
        };
        bool store = d->t.cls == TC_STORE;
        uint64_t n = size[d->op];
        for (int i = 0; i < g->nwp; i++) {
            const struct watch *w = &g->wp[i];
            if ((w->type == 2 && !store) || (w->type == 3 && store) || ea >= w->addr + w->len ||
                w->addr >= ea + n)
                continue;
            char why[64];
            snprintf(why, sizeof why, "%s:%llx;", w->type == 2 ? "watch" : w->type == 3 ? "rwatch" : "awatch",
                     (unsigned long long)(ea > w->addr ? ea : w->addr));
            serve(m, g, 5, why);
            return;
        }
    }
    if (g->stepping)
        serve(m, g, 5, "");
}

/* The cycle from which gdb_pre() must see every instruction: at once while it halts at
 * reset or steps, or while a watchpoint watches loads (the fast engine's loads are not
 * watched); else at its next look for Ctrl-C (its breakpoints are flags: PCF_FAST_STOP). */
static uint64_t gdb_fast_at(const void *ctx)
{
    const struct gdb *g = ctx;
    if (g->detached)
        return UINT64_MAX;
    for (int i = 0; i < g->nwp; i++)
        if (g->wp[i].type != 2)
            return 0;
    return g->halt_now || g->stepping ? 0 : g->poll_at;
}

/* The range that holds every address a watchpoint watches stores to. */
static void gdb_fast_stores(const void *ctx, uint64_t *lo, uint64_t *hi)
{
    const struct gdb *g = ctx;
    *lo = UINT64_MAX;
    *hi = 0;
    for (int i = 0; i < g->nwp && !g->detached; i++) {
        const struct watch *w = &g->wp[i];
        uint64_t end = w->addr + w->len < w->addr ? UINT64_MAX : w->addr + w->len;
        *lo = w->addr < *lo ? w->addr : *lo;
        *hi = end > *hi ? end : *hi;
    }
}

struct observer gdb_observer(struct gdb *g)
{
    return (struct observer){.name = "gdb", .ctx = g, .pre = gdb_pre, .pre_stops = true,
                             .post = gdb_post, .fast_at = gdb_fast_at,
                             .fast_stores = gdb_fast_stores};
}

void gdb_exit(struct gdb *g, int status)
{
    if (!g || g->detached || g->fd < 0 || g->killed)
        return;
    if (g->waiting) {
        snprintf(g->out, sizeof g->out, "W%02x", status & 0xff);
        put_packet(g, g->out);
        g->waiting = false;
    }
    /* answer what GDB still asks until it closes the connection (at most 2 s of silence) */
    struct pollfd p = {g->fd, POLLIN, 0};
    while (poll(&p, 1, 2000) > 0 && get_packet(g)) {
        if (g->pkt[0] == 'k' || !strncmp(g->pkt, "vKill", 5)) {
            if (g->pkt[0] == 'v')
                put_packet(g, "OK");
            break;
        }
        put_packet(g, g->pkt[0] == '?' ? g->out : "E01");
    }
}
