/* main.c - build/grundy's command line: the table generator (host program,
 * run at build time).
 *
 * Derives every table the engine reads from the rule definitions in
 * rules.h, so no Grundy value is ever typed in:
 *   build/grundy NAME N                  print g(0) .. g(N-1) of a rule
 *   build/grundy CODE N                  ... of any octal code (0.137, 0.3*)
 *   build/grundy --list                  list the rules
 *   build/grundy --emit-c FILE --heap-max M   write the PROGMEM tables
 *   build/grundy --misere NAME|CODE      print a rule's misere quotient, proved
 *                                        (a code in the form the toy plays it)
 *   build/grundy --misere-census D [LIMIT [JOBS]]  every code of 1..D digits
 *   build/grundy --misere-selftest       show the quotient proof refuses wrong ones */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* A generator in words, as --misere lists them. */
static void mq_describe_gen(char *buf, int g)
{
    if (mgame.rule->form == FORM_COINS)
        sprintf(buf, "coins %02x", g + 1);
    else
        sprintf(buf, "%s %d", mgame.rule->form == FORM_HEAP ? "heap" : mgame.rule->form == FORM_PINS ? "run of pins" : "run of free cells", g + 1);
}

/* The relations: the words that are not names but whose every
 * one-letter-shorter word is, a rewriting system that reduces any word to
 * its name. Returns how many it printed. */
static int mq_print_relations(const mq_t *q)
{
    int any = 0;
    for (int e = 0; e < q->n; e++)
        for (int l = 0; l < mq_nletters; l++) {
            uint8_t w[26];
            memcpy(w, mq_word[e], sizeof w);
            w[l]++;
            int y = q->mul[e][mq_letters[l]], named = !memcmp(mq_word[y], w, sizeof w), minimal = 1;
            if (named)
                continue;
            for (int k = 0; k < mq_nletters && minimal; k++) {
                if (!w[k])
                    continue;
                w[k]--;
                int f;
                for (f = 0; f < q->n && memcmp(mq_word[f], w, sizeof w); f++)
                    ;
                minimal = f < q->n;
                w[k]++;
            }
            /* print each minimal word once: from its lowest letter's side */
            if (!minimal)
                continue;
            int low = 0;
            for (int k = 0; k < mq_nletters; k++)
                if (w[k]) {
                    low = k;
                    break;
                }
            uint8_t wl[26];
            memcpy(wl, w, sizeof wl);
            wl[low]--;
            if (memcmp(wl, mq_word[e], sizeof wl))
                continue; /* another letter's side prints it */
            printf("%s ", any++ ? "," : "");
            for (int k = 0; k < mq_nletters; k++)
                if (w[k])
                    printf(w[k] > 1 ? "%c^%d" : "%c", 'a' + k, w[k]);
            printf(" = %s", mq_names[y]);
        }
    return any;
}

/* What --misere prints: Q by generators and relations, P, the products,
 * which column is which element, the witnesses and what was proved. */
static void mq_print(const rule_t *r, const mq_t *q)
{
    printf("%s (%s) misere quotient: %d elements, %s%s%s\n", r->id, r->name, q->n,
           q->tame ? "tame: misere Nim on the column values" : "wild: misere Nim on the column values fails (",
           q->tame ? "" : q->why_wild, q->tame ? "" : ")");
    printf("generators:");
    for (int l = 0; l < mq_nletters; l++)
        printf(" %c", 'a' + l);
    printf("\nrelations:");
    int any = mq_print_relations(q);
    printf("%s\nP:", any ? "" : " none");
    for (int e = 0; e < q->n; e++)
        if (mq_in_p(q, e))
            printf(" %s", mq_names[e]);
    printf("\nelements:");
    for (int e = 0; e < q->n; e++)
        printf(" %d=%s", e, mq_names[e]);
    printf("\nproducts:\n");
    for (int a = 0; a < q->n; a++) {
        printf("  %-8s", mq_names[a]);
        for (int b = 0; b < q->n; b++)
            printf(" %-6s", mq_names[q->mul[a][b]]);
        printf("\n");
    }
    printf("generators map to:\n");
    for (int g = 0; g < mgame.ngen; g++) {
        char buf[40];
        mq_describe_gen(buf, g);
        printf("  %-20s g=%-2d -> %s\n", buf, mgame.grundy[g], mq_names[q->gen[g]]);
    }
    printf("columns map to:\n");
    for (int e = 0; e < q->n; e++) {
        int cnt = 0;
        for (int s = 0; s < mcol_states(r); s++) {
            uint8_t g[4];
            if (!mcol_valid(r, s))
                continue;
            int k = mcol_gens(r, s, g);
            if (mq_prod_gens(q, g, k) != e)
                continue;
            if (!cnt++)
                printf("  %-8s <-", mq_names[e]);
            printf(r->form == FORM_HEAP ? " %d" : " %02x", s);
        }
        if (cnt)
            printf("\n");
    }
    printf("witnesses: every two elements x, y differ in P-membership of x*z, y*z for a z below:\n");
    for (int a = 0; a < q->n; a++)
        for (int b = a + 1; b < q->n; b++) {
            int z;
            for (z = 0; z < q->n && mq_in_p(q, q->mul[a][z]) == mq_in_p(q, q->mul[b][z]); z++)
                ;
            printf("  %s/%s:%s", mq_names[a], mq_names[b], mq_names[z]);
        }
    printf("\npositions of the elements:");
    for (int e = 0; e < q->n; e++) {
        printf(" %s=[", mq_names[e]);
        for (int i = 0; i < q->replen[e]; i++)
            printf(r->form == FORM_COINS ? "%s%02x" : "%s%d", i ? " " : "", q->rep[e][i] + 1);
        printf("]");
    }
    printf("\nproved: every position of any number of columns (%ld closure states);"
           " brute force agrees on every position of up to %d %s\n", q->states, q->checked_upto,
           q->checked_weight ? "tokens in all" : "columns");
}

int main(int argc, char **argv)
{
    for (int i = 0; i < RULE_COUNT; i++)
        rule_parse(&rules[i]);
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (int i = 0; i < RULE_COUNT; i++)
            printf("%-8s %-14s %s\n", rules[i].id, rules[i].name, rules[i].kind == KIND_OCTAL ? rules[i].code : rules[i].kind == KIND_HALF ? "at-most-half" : rules[i].kind == KIND_TWINS ? "twins" : rules[i].kind == KIND_ED ? "empty-and-divide" : "mock-turtles");
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--misere-selftest"))
        return mq_selftest() | census_selftest();
    if (argc == 3 && !strcmp(argv[1], "--misere")) {
        const rule_t *r = !strncmp(argv[2], "0.", 2) ? rule_from_code(argv[2]) : rule_find(argv[2]);
        if (!r)
            gen_die("unknown rule (see --list): ", argv[2]);
        static mq_t q;
        mq_compute(r, &q);
        mq_canon(&q);
        mq_print(r, &q);
        if (!q.tame && q.n > MISERE_ELEMS)
            printf("over MISERE_ELEMS (%d): the engine's tables cannot hold it\n", MISERE_ELEMS);
        return 0;
    }
    if (argc >= 3 && argc <= 5 && !strcmp(argv[1], "--misere-census")) {
        int d = atoi(argv[2]), jobs = argc == 5 ? atoi(argv[4]) : 1;
        if (d < 1 || d > 4 || jobs < 1 || jobs > 8)
            gen_die("--misere-census takes 1..4 digits, then a limit of codes (0: all), then 1..8 jobs", NULL);
        return census_run(d, argc >= 4 ? atol(argv[3]) : 0, jobs);
    }
    if (argc == 5 && !strcmp(argv[1], "--emit-c") && !strcmp(argv[3], "--heap-max")) {
        int m = atoi(argv[4]);
        if (m < 8 || m > MAX_N || m % 8)
            gen_die("--heap-max must be a multiple of 8 up to ", "4096");
        emit_c(argv[2], m);
        return 0;
    }
    if (argc == 3) {
        const rule_t *r = !strncmp(argv[1], "0.", 2) ? rule_from_code(argv[1]) : rule_find(argv[1]);
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (!r)
            gen_die("unknown rule (see --list): ", argv[1]);
        if (*end || n < 1 || n > MAX_N)
            gen_die("length must be 1..4096: ", argv[2]);
        static int g[MAX_N + 1];
        rule_sequence(r, (int)n, g);
        for (int i = 0; i < n; i++)
            printf("%d%c", g[i], i + 1 < n ? ' ' : '\n');
        return 0;
    }
    fprintf(stderr, "usage: grundy NAME|CODE N | grundy --list | grundy --emit-c FILE --heap-max M\n"
                    "       grundy --misere NAME|CODE | grundy --misere-selftest\n"
                    "       grundy --misere-census DIGITS [LIMIT [JOBS]]\n");
    return 2;
}
