/* gen.h - what the table generator's files share (host program).
 *
 * build/grundy holds six concerns; the misere one takes two files, as a
 * quotient and its proof are ~800 lines together, and the tables take two
 * (the misere ones apart):
 *   sequence.c      the rules from rules.h, their moves and Grundy sequences
 *   misere.c        misere quotients: the generators, finding Q, its names
 *   misere_proof.c  the brute-force outcome, the proof of Q, its selftest
 *   emit.c          the C tables the engine reads (--emit-c)
 *   emit_misere.c   ... the misere ones
 *   binary.c        the BINARY form's periods (heaps up to 255)
 *   ed.c            EMPTY AND DIVIDE's boxes, proved on every position
 *   census.c        every typed-in code's misere play (--misere-census)
 *   main.c          the command line and what it prints
 * The generator runs once a build, so its state is plain globals. */
#ifndef GEN_GEN_H
#define GEN_GEN_H

#include <stdint.h>
#include <stdio.h>

#include "rules.h"

#define MAX_N 4096
/* The masks a block of the mask tables holds (tables.h's MASK_BLOCK; the
 * emitted tables assert the two agree). */
#define MASK_BLOCK 16

typedef struct {
    const char *id;
    const char *name;
    int kind;
    const char *code;
    int form;
    uint8_t digit[MAX_N + 1]; /* digit[k]: octal digit for taking k */
} rule_t;

extern rule_t rules[RULE_COUNT];

/* Stops the generator, and so the build, with a message on stderr;
 * noreturn so the compiler knows the bounds checks before it hold. */
void gen_die(const char *msg, const char *arg) __attribute__((noreturn));
/* The minimum excluded value of seen[0..n-1]. */
int gen_mex(const uint8_t *seen, int n);

/* ---- sequence.c ---- */
/* Fills r's digits from its octal code; stops on a malformed one. */
void rule_parse(rule_t *r);
/* g(0) .. g(n-1) of a rule, by the definition. */
void rule_sequence(const rule_t *r, int n, int *g);
/* How many coins a coin rule's move turns over (lo..hi, the head included). */
void coin_turns(const rule_t *r, int *lo, int *hi);
/* May a heap (or run of pins) of n lose k tokens? */
int heap_move_ok(const rule_t *r, int n, int k);
int heap_has_move(const rule_t *r, int n);
/* A mask column's value from the rule's g, and whether it has a move. */
int mask_value(const rule_t *r, const int *g, unsigned m);
int mask_has_move(const rule_t *r, unsigned m);
/* A rule by id or name in any case, as the PC link takes them; or NULL. */
const rule_t *rule_find(const char *name);
/* An octal code ("0.137", "0.3*") as a rule (a pin rule: it may split). */
const rule_t *rule_from_code(const char *code);

/* ---- misere.c ---- */
#define MQ_MAX 64                 /* elements */
#define MG_MAX 255                /* generators */
#define MG_OPTS 96                /* options of one generator */
#define MPOS_MAX 64               /* generators in a brute-force position */

/* A rule's generators (heaps, runs or coin masks) and their options. */
typedef struct {
    const rule_t *rule;
    int ngen;
    uint8_t nopt[MG_MAX];
    uint8_t opt[MG_MAX][MG_OPTS][2]; /* 0xFF: none */
    int grundy[MG_MAX];
} mgame_t;

/* A misere quotient: the monoid Q, P, and each generator's element. */
typedef struct {
    int n;                           /* elements; 0 is the identity */
    uint8_t mul[MQ_MAX][MQ_MAX];
    uint64_t p;                      /* bit e: e in P */
    uint8_t gen[MG_MAX];             /* each generator's element */
    uint8_t rep[MQ_MAX][MPOS_MAX];   /* a position of each element */
    uint8_t replen[MQ_MAX];
    int tame;                        /* misere Nim on the values */
    int checked_upto;                /* step 4's bound */
    int checked_weight;              /* ... counts tokens, not generators */
    const char *why_wild;            /* why misere Nim on the values fails */
    long states;                     /* step 2's closure */
    int found_d, found_all;          /* wild: the tests' size, all generators */
} mq_t;

/* The generators of the rule last given to mgame_build. */
extern mgame_t mgame;
/* mq_canon's names: the letters, each element's name and its word. */
extern int mq_letters[26], mq_nletters;
extern char mq_names[MQ_MAX][24];
extern uint8_t mq_word[MQ_MAX][26]; /* exponent of each letter */

/* Builds r's generators, their options and Grundy values into mgame. */
void mgame_build(const rule_t *r);
/* A column state as its generators (up to 4); how many. */
int mcol_gens(const rule_t *r, int state, uint8_t *g);
/* How many column states a rule has, and which of them can occur. */
int mcol_states(const rule_t *r);
int mcol_valid(const rule_t *r, int s);
/* Q's arithmetic: e in P; the product of generators; the element of
 * generator i's option j (of mgame). */
int mq_in_p(const mq_t *q, int e);
uint8_t mq_prod_gens(const mq_t *q, const uint8_t *g, int n);
uint8_t mq_opt_elem(const mq_t *q, int i, int j);
/* r's quotient, proved, or the generator stops (builds r's mgame). */
void mq_compute(const rule_t *r, mq_t *q);
/* ... 1 if proved, else 0 with q->why_wild (tame's failure) and mq_fail
 * (the last found quotient's) set; mq_found_most: the most classes
 * outcomes told apart, so Q has at least as many elements. */
int mq_find(const rule_t *r, mq_t *q);
extern int mq_found_most;
/* Renumbers q's elements in a canonical order and names them. */
void mq_canon(mq_t *q);

/* ---- misere_proof.c ---- */
/* A sum of generators, for the brute force. */
typedef struct {
    uint8_t len;
    uint8_t g[MPOS_MAX];
} mpos_t;

/* Why mq_prove last refused, or NULL. */
extern const char *mq_fail;

/* The misere outcome of x0 by search, memoised: 1 if the player to move
 * loses. memo_clear forgets it (another rule's generators). */
int brute_is_p(const mpos_t *x0);
void memo_clear(void);
/* How many positions the memo holds (the census's measure of the search). */
long memo_count(void);
/* Appends n generators to x; stops past MPOS_MAX. */
void mpos_cat(mpos_t *x, const uint8_t *g, int n);
/* A position of each element into q->rep; 0 if one is never reached. */
int mq_reps(mq_t *q);
/* Steps 1 to 4 of misere.c's comment; 0 with mq_fail set if one fails. */
int mq_prove(mq_t *q);
/* Shows every changed quotient refused; 1 if one was accepted. */
int mq_selftest(void);

/* ---- emit.c ---- */
/* Writes the engine's tables to path, one heap proved up to heap_max. */
void emit_c(const char *path, int heap_max);
/* One table row of n 4-bit values, two a byte; stops on one over 15. */
void emit_nibbles(FILE *f, const int *v, int n, const char *what);
/* A pin or cell column's table entry: value | MASK_HAS_MOVE if it moves. */
int mask_entry(const rule_t *r, const int *g, unsigned m);

/* ---- emit_misere.c ---- */
/* The misere tables: every rule's quotient computed and proved, a tame
 * rule's bits, a wild rule's quotient (emit_c calls it). Returns how many
 * pin and cell rules, from first_mask on, have their column values in
 * misere_fold (their table rows are left out). */
int emit_misere(FILE *f, int first_mask, int first_coins);

/* ---- binary.c ---- */
/* The BINARY form's period data of every heap rule (emit_c calls it);
 * returns the most values before a fold (heap_grundy holds them). */
int emit_binary(FILE *f, int first_mask);

/* ---- ed.c ---- */
/* EMPTY AND DIVIDE's tables, derived and proved by brute force over the
 * move graph of every position up to 255 x 255: its cold boxes' lists
 * (ed_bits), their folds and ed_kmax. */
void emit_ed(FILE *f);

/* ---- census.c ---- */
/* Every code of 1..digits (up to 4) digits, with and without '*', in
 * misere play: tame, wild and played, or refused; at most limit codes
 * (0: all), jobs at a time. Prints a line a code and the table. */
int census_run(int digits, long limit, int jobs);
/* The built-in heap and pin rules typed in as codes: the same quotient;
 * 1 if one differs (--misere-selftest runs it). */
int census_selftest(void);

#endif
