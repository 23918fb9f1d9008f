/* census.c - --misere-census: how the toy could play every typed-in
 * octal code in misere play (host program; the build does not run it).
 *
 * Each code of 1..D digits, with and without '*', that has a move (as
 * tests/engine/test_octal.c enumerates them) gets the form the chip gives
 * it (rule_from_code) and the generator's own search for its quotient,
 * exactly as for a built-in rule (mq_find): tame, a proved wild quotient
 * the engine's tables hold (at most MISERE_ELEMS elements), or refused:
 * more elements than that, or nothing proved within the generator's
 * bounds. Each code runs in a child process, because the generator stops
 * (exit) when a bound of its search is passed, and so a CPU-time limit
 * can end a code without ending the census. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, setrlimit under -std=c99 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gen.h"

/* A code's CPU seconds before it counts as not proved. */
#ifndef CENSUS_CPU_LIMIT
#define CENSUS_CPU_LIMIT 60
#endif
#define CENSUS_MAX_CODES (2 * (8 + 64 + 512 + 4096))
#define CENSUS_JOBS_MAX 8

enum { CL_TAME, CL_WILD_OK, CL_WILD_BIG, CL_UNPROVED, CL_COUNT };
static const char *const cl_name[CL_COUNT] = {"TAME", "WILD-OK", "WILD-BIG", "UNPROVED"};

/* What a child reports of one code. */
typedef struct {
    int cls, form, n, most, proved, depth, all;
    double cpu;
    long memo, states;
    uint64_t shape;   /* a hash of the canonical products and P */
    char why[160];
} census_one_t;

/* The code's quotient by the generator's search, classified; runs in the
 * child. */
static void census_code(const char *code, census_one_t *o)
{
    static mq_t q;
    clock_t t0 = clock();
    const rule_t *r = rule_from_code(code);
    memset(o, 0, sizeof *o);
    o->form = r->form;
    int ok = mq_find(r, &q);
    o->cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
    o->memo = memo_count();
    o->states = q.states;
    o->most = mq_found_most;
    o->n = ok ? q.n : mq_found_most;
    o->proved = ok;
    o->depth = ok && !q.tame ? q.found_d : 0;
    o->all = ok && !q.tame && q.found_all;
    if (ok && q.tame)
        o->cls = CL_TAME;
    else if (ok)
        o->cls = q.n <= MISERE_ELEMS ? CL_WILD_OK : CL_WILD_BIG;
    else /* classes told apart by outcomes are distinct elements: a bound */
        o->cls = mq_found_most > MISERE_ELEMS ? CL_WILD_BIG : CL_UNPROVED;
    if (!ok)
        snprintf(o->why, sizeof o->why, "%s", mq_fail ? mq_fail : "?");
    if (ok) {
        mq_canon(&q);
        uint64_t h = 1469598103934665603ull ^ (uint64_t)q.n ^ q.p << 8;
        for (int a = 0; a < q.n; a++)
            for (int b = 0; b < q.n; b++)
                h = (h ^ q.mul[a][b]) * 1099511628211ull;
        o->shape = h;
    }
}

/* Every built-in octal rule played in heaps or pins, typed in as its
 * code: the code gets the rule's form and the same quotient (canonical
 * products, P, generators' elements). 1 if one differs. NO ADJACENT's
 * 0.137 is played in cells, which a typed-in code never is. */
int census_selftest(void)
{
    static mq_t want, got;
    int bad = 0, n = 0;
    for (int i = 0; i < RULE_COLUMN_COUNT; i++) {
        const rule_t *b = &rules[i];
        if (b->kind != KIND_OCTAL || (b->form != FORM_HEAP && b->form != FORM_PINS))
            continue;
        mq_compute(b, &want);
        mq_canon(&want);
        const rule_t *r = rule_from_code(b->code);
        int same = r->form == b->form && mq_find(r, &got);
        if (same) {
            mq_canon(&got);
            same = got.n == want.n && got.p == want.p && got.tame == want.tame
                   && !memcmp(got.gen, want.gen, sizeof got.gen);
            for (int a = 0; a < got.n && same; a++)
                same = !memcmp(got.mul[a], want.mul[a], (size_t)got.n);
        }
        if (!same)
            printf("  %s typed in as %s: not the rule's form and quotient\n", b->id, b->code);
        bad |= !same;
        n++;
    }
    printf("misere codes: %d built-in rules typed in as their codes, %s\n", n,
           bad ? "FAILED (a code's quotient is not its rule's)" : "each the rule's form and quotient");
    return bad;
}

/* ---- the census: children, their reports, the table ---------------------- */

static struct {
    char code[CENSUS_MAX_CODES][12];
    uint8_t digits[CENSUS_MAX_CODES];
    int same[CENSUS_MAX_CODES];        /* the first code of the same game */
    census_one_t res[CENSUS_MAX_CODES];
    int ncodes;
    long count[2][5][CL_COUNT];        /* [pins][digits][class] */
    census_one_t most_wild, most_tame, slowest, most_memo, most_states;
    char most_wild_c[12], most_tame_c[12], slowest_c[12], most_memo_c[12], most_states_c[12];
    uint64_t shapes[CENSUS_MAX_CODES];
    int nshapes, deepest, by_all;
    double cpu;
} cen;

typedef struct {
    pid_t pid;
    int at, res_fd, err_fd;
} census_slot_t;

/* A code's game on a column of 8: the digit bits a heap or run of up to
 * 8 uses (bit 2 needs k < n, bit 4 k <= n - 2), and the form. Codes of
 * the same key are one game (0.3 and 0.300; 0.3* and 0.33*: heaps up to
 * 8 cannot tell them apart), so each is searched once. */
static uint64_t census_key(const char *code)
{
    const rule_t *r = rule_from_code(code);
    uint64_t k = (uint64_t)r->form;
    for (int n = 1; n <= TABLE_ROWS; n++)
        k = k << 3 | (r->digit[n] & (n <= TABLE_ROWS - 2 ? 7 : n < TABLE_ROWS ? 3 : 1));
    return k;
}

/* Every code of 1..digits digits, each with and without repeat, that has
 * a move (all digits 0: none), in test_octal's order. */
static void census_list(int digits)
{
    cen.ncodes = 0;
    for (int len = 1; len <= digits; len++)
        for (int v = 0; v < 1 << (3 * len); v++)
            for (int rep = 0; rep < 2; rep++) {
                if (!v)
                    continue;
                char *s = cen.code[cen.ncodes];
                int k = sprintf(s, "0.");
                for (int i = 0; i < len; i++)
                    s[k++] = (char)('0' + ((v >> (3 * (len - 1 - i))) & 7));
                if (rep)
                    s[k++] = '*';
                s[k] = 0;
                cen.digits[cen.ncodes++] = (uint8_t)len;
            }
    static uint64_t key[CENSUS_MAX_CODES];
    for (int i = 0; i < cen.ncodes; i++) {
        key[i] = census_key(cen.code[i]);
        for (cen.same[i] = 0; key[cen.same[i]] != key[i]; cen.same[i]++)
            ;
    }
}

/* A child for code 'at': its report on one pipe, the generator's stderr
 * (why it stopped) on the other. */
static void census_start(census_slot_t *sl, int at)
{
    int res[2], err[2];
    if (pipe(res) || pipe(err))
        gen_die("pipe failed", NULL);
    fflush(stdout); /* else the child's exit writes it again */
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        gen_die("fork failed", NULL);
    if (!pid) {
        struct rlimit lim = {CENSUS_CPU_LIMIT, CENSUS_CPU_LIMIT + 5};
        setrlimit(RLIMIT_CPU, &lim);
        close(res[0]);
        close(err[0]);
        dup2(err[1], 2);
        census_one_t o;
        census_code(cen.code[at], &o);
        if (write(res[1], &o, sizeof o) != (ssize_t)sizeof o)
            _exit(3);
        _exit(0);
    }
    close(res[1]);
    close(err[1]);
    sl->pid = pid;
    sl->at = at;
    sl->res_fd = res[0];
    sl->err_fd = err[0];
}

/* A finished child's report, or one made up from how it ended. */
static void census_reap(census_slot_t *sl, int status, census_one_t *o)
{
    ssize_t got = read(sl->res_fd, o, sizeof *o);
    if (got != (ssize_t)sizeof *o) {
        char msg[200] = "";
        ssize_t m = read(sl->err_fd, msg, sizeof msg - 1);
        msg[m > 0 ? m : 0] = 0;
        msg[strcspn(msg, "\n")] = 0;
        memset(o, 0, sizeof *o);
        o->cls = CL_UNPROVED;
        o->form = rule_from_code(cen.code[sl->at])->form;
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) {
            o->cpu = CENSUS_CPU_LIMIT;
            snprintf(o->why, sizeof o->why, "over %d s of CPU", CENSUS_CPU_LIMIT);
        } else
            snprintf(o->why, sizeof o->why, "%s", *msg ? msg : "the search stopped");
    }
    close(sl->res_fd);
    close(sl->err_fd);
}

/* Keeps c's report if it beats *best on key (a bigger value). */
static void census_keep(census_one_t *best, char *best_c, const census_one_t *o, const char *c, double ob,
                        double bb)
{
    if (!*best_c || ob > bb) {
        *best = *o;
        strcpy(best_c, c);
    }
}

/* A searched code's report: its line, the records it beats. */
static void census_report(int at, const census_one_t *o)
{
    const char *c = cen.code[at];
    cen.cpu += o->cpu;
    printf("%-7s %-4s %-8s %2d elements %6.2f s %8ld memo %7ld closure", c, o->form == FORM_PINS ? "pins" : "heap",
           cl_name[o->cls], o->n, o->cpu, o->memo, o->states);
    if (o->depth)
        printf("  tests of %d%s", o->depth, o->all ? ", all generators" : "");
    printf("%s%s\n", *o->why ? "  " : "", o->why);
    if (o->depth > cen.deepest)
        cen.deepest = o->depth;
    cen.by_all += o->all;
    if (o->proved && o->cls != CL_TAME)
        census_keep(&cen.most_wild, cen.most_wild_c, o, c, o->n, cen.most_wild.n);
    if (o->cls == CL_TAME)
        census_keep(&cen.most_tame, cen.most_tame_c, o, c, o->n, cen.most_tame.n);
    census_keep(&cen.slowest, cen.slowest_c, o, c, o->cpu, cen.slowest.cpu);
    census_keep(&cen.most_memo, cen.most_memo_c, o, c, (double)o->memo, (double)cen.most_memo.memo);
    census_keep(&cen.most_states, cen.most_states_c, o, c, (double)o->states, (double)cen.most_states.states);
    if (o->cls == CL_WILD_OK) {
        int s;
        for (s = 0; s < cen.nshapes && cen.shapes[s] != o->shape; s++)
            ;
        if (s == cen.nshapes)
            cen.shapes[cen.nshapes++] = o->shape;
    }
}

static void census_row(const char *form, const char *digits, const long *c)
{
    printf("%-5s %-6s %7ld %7ld %8ld %8ld %7ld\n", form, digits, c[CL_TAME], c[CL_WILD_OK], c[CL_WILD_BIG],
           c[CL_UNPROVED], c[CL_TAME] + c[CL_WILD_OK] + c[CL_WILD_BIG] + c[CL_UNPROVED]);
}

static void census_table(int digits, int done, int searched, double wall)
{
    printf("\nmisere census: %d codes of 1..%d digits (of %d), %d games searched (the rest the same game on"
           " 8 cells as an earlier code), %.1f s wall, %.1f s CPU in the searches (%.3f s a game)\n", done, digits,
           cen.ncodes, searched, wall, cen.cpu, searched ? cen.cpu / searched : 0.0);
    printf("%-5s %-6s %7s %7s %8s %8s %7s\n", "form", "digits", "TAME", "WILD-OK", "WILD-BIG", "UNPROVED", "all");
    long tot[CL_COUNT] = {0};
    for (int pins = 0; pins < 2; pins++) {
        long form[CL_COUNT] = {0};
        for (int d = 1; d <= digits; d++) {
            char dd[12];
            sprintf(dd, "%d", d);
            census_row(pins ? "pins" : "heap", dd, cen.count[pins][d]);
            for (int k = 0; k < CL_COUNT; k++)
                form[k] += cen.count[pins][d][k];
        }
        census_row(pins ? "pins" : "heap", "all", form);
        for (int k = 0; k < CL_COUNT; k++)
            tot[k] += form[k];
    }
    census_row("all", "all", tot);
    printf("played: %ld (tame %ld, wild %ld), refused: %ld\n", tot[CL_TAME] + tot[CL_WILD_OK], tot[CL_TAME],
           tot[CL_WILD_OK], tot[CL_WILD_BIG] + tot[CL_UNPROVED]);
    printf("largest wild quotient proved: %d elements (%s); largest tame: %d (%s)\n", cen.most_wild.n,
           cen.most_wild_c, cen.most_tame.n, cen.most_tame_c);
    printf("distinct wild quotients played (canonical products and P): %d; tests of up to %d generators;"
           " %d wild quotients found only with all generators\n", cen.nshapes, cen.deepest, cen.by_all);
    printf("slowest code: %s, %.2f s (%s)\n", cen.slowest_c, cen.slowest.cpu, cl_name[cen.slowest.cls]);
    printf("most brute-force positions memoised: %ld (%s); largest proof closure: %ld states (%s)\n",
           cen.most_memo.memo, cen.most_memo_c, cen.most_states.states, cen.most_states_c);
}

/* The census of codes of 1..digits digits, at most limit codes (0: all),
 * jobs children at a time; a code of the same game as an earlier one
 * takes its report. */
int census_run(int digits, long limit, int jobs)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    census_list(digits);
    int total = limit > 0 && limit < cen.ncodes ? (int)limit : cen.ncodes, next = 0, running = 0, searched = 0;
    census_slot_t slot[CENSUS_JOBS_MAX];
    for (int s = 0; s < jobs; s++)
        slot[s].pid = 0;
    for (;;) {
        for (int s = 0; s < jobs; s++) {
            while (next < total && cen.same[next] != next)
                next++;
            if (!slot[s].pid && next < total)
                census_start(&slot[s], next++), running++;
        }
        if (!running)
            break;
        int status, s;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0)
            gen_die("waitpid failed", NULL);
        for (s = 0; s < jobs && slot[s].pid != pid; s++)
            ;
        if (s == jobs)
            continue;
        census_reap(&slot[s], status, &cen.res[slot[s].at]);
        census_report(slot[s].at, &cen.res[slot[s].at]);
        slot[s].pid = 0;
        running--;
        searched++;
    }
    for (int i = 0; i < total; i++) {
        const census_one_t *o = &cen.res[cen.same[i]];
        cen.count[rule_from_code(cen.code[i])->form == FORM_PINS][cen.digits[i]][o->cls]++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    census_table(digits, total, searched, (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    return 0;
}
