/*
 * tabellone.matching._blossom -- maximum-weight matching in general graphs with exact
 * multi-precision non-negative integer weights.
 *
 * Algorithm: Edmonds' blossom algorithm with the primal-dual method
 * (J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17, 1965;
 * Z. Galil, "Efficient algorithms for finding maximum matching in graphs",
 * ACM Computing Surveys 18, 1986), O(n^3), organised in stages with S/T
 * labels, nested blossoms (base, children, connecting endpoints), vertex and
 * blossom dual variables and the four kinds of dual adjustment delta1..delta4,
 * following the well-known structure of J. van Rantwijk's mwmatching.  This is
 * an independent implementation written for Tabellone.
 *
 * Conventions (as in the classic integer formulation):
 *   - edge k joins endpoint[2k] and endpoint[2k+1]; an "endpoint index" p
 *     names the vertex endpoint[p], and p^1 is the other end of the edge;
 *   - vertex duals are stored doubled: slack(k) = u_i + u_j - 2 w_k, and the
 *     per-edge value 2 w_k is precomputed; blossom duals z_B are stored as is.
 *     With integer weights every quantity stays integral (delta3 = slack/2 is
 *     exact because all S-vertices have duals of equal parity);
 *   - numbers are fixed-width two's complement integers on L 64-bit limbs,
 *     L chosen per call from the widest weight; every dual update is checked
 *     to stay far inside the representable range, and a run that would leave
 *     it is restarted with twice as many limbs.
 *
 * Every result is checked before it is returned, independently of the
 * algorithm's own bookkeeping: the matching is valid, the final duals are
 * feasible (all edge slacks >= 0, summing the duals of all blossoms that hold
 * both ends), complementary slackness holds (matched edges tight, exposed
 * vertices at the minimum dual, blossoms with positive dual odd and full),
 * and with max_cardinality a Tutte-Berge barrier proves that no larger
 * matching exists.  A failed check raises RuntimeError: a wrong matching is
 * never returned.
 *
 * Warm start (_solve_with_state, used by tabellone.matching.blossom.Matcher): the proven
 * optimum of the previous call is kept (matching, duals, blossoms as vertex
 * pairs).  For the vertices given as changed (one end of every edge added,
 * removed or re-weighted), every blossom holding one is dissolved with its
 * dual moved onto its vertices, they and their mates are unmatched, and their
 * duals are reset to the smallest feasible values; then stages(warm = 1) runs
 * only from the exposed vertices with a positive dual.  The result goes
 * through the same certificate, and anything the warm start cannot handle is
 * solved cold.
 *
 * IncrementalMatcher (used by tabellone.matching.blossom.Matcher) keeps the graph itself
 * in C between solves: edge slots with weights as limbs, per-vertex
 * adjacency arrays, a pair index (triangular table up to 4096 vertices, hash
 * table above), and the list of pairs changed since the last optimum.
 * set_edge/set_edges change it in place (a wider weight widens every row);
 * solve() covers the changed pairs with few vertices and runs the warm start
 * above on the kept graph, so nothing is converted again.
 *
 * Python API: max_weight_matching(n, edges, max_cardinality=False) -> mate
 * list; _solve_with_state(n, edges, state, changed); IncrementalMatcher(n);
 * _last_stats().
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t limb_t;
typedef unsigned __int128 dlimb_t;

#define MAX_VERTICES ((int64_t)1 << 29)
#define MAX_EDGES (((int64_t)1 << 30) - 1)
/* Values are kept in [-2^(64L-5), 2^(64L-5)): sums of three never overflow. */
#define SAFE_TOP_SHIFT 59
#define HEADROOM_BITS 6
#define MAX_RETRIES 3

enum { ST_OK = 0, ST_OVERFLOW = 1, ST_NOMEM = 2, ST_INTERNAL = 3 };

/* ------------------------------------------------------------------------ */
/* Multi-limb two's complement arithmetic (little-endian limbs).            */
/* ------------------------------------------------------------------------ */

static inline void mp_zero(limb_t *r, int L) { memset(r, 0, (size_t)L * sizeof(limb_t)); }
static inline void mp_copy(limb_t *r, const limb_t *a, int L) { memcpy(r, a, (size_t)L * sizeof(limb_t)); }

static inline int mp_is_zero(const limb_t *a, int L)
{
    for (int i = 0; i < L; i++)
        if (a[i]) return 0;
    return 1;
}

static inline int mp_is_neg(const limb_t *a, int L) { return (int64_t)a[L - 1] < 0; }

static inline int mp_le_zero(const limb_t *a, int L) { return mp_is_neg(a, L) || mp_is_zero(a, L); }

static inline void mp_add(limb_t *r, const limb_t *a, const limb_t *b, int L)
{
    limb_t c = 0;
    for (int i = 0; i < L; i++) {
        dlimb_t s = (dlimb_t)a[i] + b[i] + c;
        r[i] = (limb_t)s;
        c = (limb_t)(s >> 64);
    }
}

static inline void mp_sub(limb_t *r, const limb_t *a, const limb_t *b, int L)
{
    limb_t br = 0;
    for (int i = 0; i < L; i++) {
        dlimb_t d = (dlimb_t)a[i] - b[i] - br;
        r[i] = (limb_t)d;
        br = (limb_t)(d >> 64) & 1;
    }
}

static inline void mp_neg(limb_t *r, const limb_t *a, int L)
{
    limb_t br = 0;
    for (int i = 0; i < L; i++) {
        dlimb_t d = (dlimb_t)0 - a[i] - br;
        r[i] = (limb_t)d;
        br = (limb_t)(d >> 64) & 1;
    }
}

/* signed comparison: -1, 0, 1 */
/* r (L + 1 limbs) = a + b - w exactly, for L-limb two's complement a, b, w: one pass
 * with a signed carry (the verifier's slack of every edge; the same value as sign
 * extending each to L + 1 limbs and adding, in a fifth of the memory traffic). With
 * A = A_u - s_a R (A_u the limbs read unsigned, s_a the sign bit, R = 2^(64L)), the
 * loop yields A_u + B_u - W_u = low + carry R, so the top limb is
 * carry - s_a - s_b + s_w. */
static inline void mp_add_sub_wide(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *w, int L)
{
    __int128 carry = 0;
    for (int i = 0; i < L; i++) {
        __int128 t = (__int128)a[i] + (__int128)b[i] - (__int128)w[i] + carry;
        r[i] = (limb_t)t;
        carry = t >> 64; /* -1, 0 or 1 (arithmetic shift) */
    }
    r[L] = (limb_t)((int64_t)carry + ((int64_t)a[L - 1] >> 63) + ((int64_t)b[L - 1] >> 63) - ((int64_t)w[L - 1] >> 63));
}

static inline int mp_cmp(const limb_t *a, const limb_t *b, int L)
{
    int64_t ta = (int64_t)a[L - 1], tb = (int64_t)b[L - 1];
    if (ta != tb) return ta < tb ? -1 : 1;
    for (int i = L - 2; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* arithmetic shift right by one bit */
static inline void mp_sar1(limb_t *r, const limb_t *a, int L)
{
    for (int i = 0; i < L - 1; i++) r[i] = (a[i] >> 1) | (a[i + 1] << 63);
    r[L - 1] = (limb_t)((int64_t)a[L - 1] >> 1);
}

static inline int mp_in_range(const limb_t *a, int L)
{
    int64_t t = (int64_t)a[L - 1] >> SAFE_TOP_SHIFT;
    return t == 0 || t == -1;
}

/* r (L2 limbs) = sign extension of a (L limbs), L2 >= L */
static inline void mp_sext(limb_t *r, int L2, const limb_t *a, int L)
{
    memcpy(r, a, (size_t)L * sizeof(limb_t));
    limb_t fill = mp_is_neg(a, L) ? ~(limb_t)0 : 0;
    for (int i = L; i < L2; i++) r[i] = fill;
}

/* ------------------------------------------------------------------------ */
/* Solver state                                                             */
/* ------------------------------------------------------------------------ */

/* Counters of what a run went through: tests use them to check that their
 * hand-made graphs reach every branch of the algorithm. */
enum {
    STAT_STAGES, STAT_BLOSSOMS, STAT_NESTED, STAT_EXPAND_T, STAT_EXPAND_END, STAT_RELABEL,
    STAT_AUGMENT_BLOSSOM, STAT_DELTA1, STAT_DELTA2, STAT_DELTA3, STAT_DELTA4, STAT_FLIPS, STAT_DISSOLVED,
    STAT_CERTIFIED, STAT_COUNT
};
static const char *stat_names[STAT_COUNT] = {
    "stages", "blossoms", "nested_blossoms", "expand_t", "expand_endstage", "expand_relabel",
    "augment_blossom", "delta1", "delta2", "delta3", "delta4", "warm_flips", "warm_dissolved",
    "certified_edges",
};

/* One adjacency entry of vertex x: edge p >> 1 to vertex v == endpoint[p]
 * (so p ^ 1 is x's end), and the top limb of its 2w (a cached copy used
 * only to skip exact slack computations that surely give a positive slack;
 * the certificate never reads it). */
typedef struct {
    int32_t v;
    int32_t p;
    int64_t top;
} AdjEntry;

typedef struct {
    int64_t stats[STAT_COUNT];
    int32_t n;        /* vertices */
    int32_t m;        /* edges */
    int L;            /* limbs per number */
    int maxcard;
    int status;
    const char *msg;  /* internal error message */

    /* graph (owned by the caller of solve); m counts edge slots, and a
     * slot whose endpoints are -1 is unused (no adjacency entry names it) */
    const int32_t *endpoint;      /* 2m */
    AdjEntry *const *adj;         /* n: adjacency of each vertex */
    const int32_t *deg;           /* n: length of adj[v] */
    const limb_t *w2;             /* m*L: twice the weight */
    limb_t *const *adjw;          /* n: the same, in adjacency order (Graph.adjw) */
    int64_t *dtop;                /* n: top limb of each vertex dual */

    /* algorithm state */
    int32_t *mate;       /* n: endpoint index of the mate, -1 */
    int32_t *label;      /* 2n: 0 free, 1 S, 2 T, 5 scan mark, -1 unused blossom */
    int32_t *labelend;   /* 2n */
    int32_t *inblossom;  /* n: top-level blossom containing the vertex */
    int32_t *bparent;    /* 2n */
    int32_t *bbase;      /* 2n */
    int32_t *bestedge;   /* 2n */
    int32_t **bchilds;   /* 2n */
    int32_t **bendps;    /* 2n */
    int32_t *bnchilds;   /* 2n */
    int32_t **bbest;     /* 2n: least-slack edges to other S-blossoms */
    int32_t *nbbest;     /* 2n: count, -1 = none recorded */
    int32_t *unused;     /* stack of unused blossom ids */
    int32_t nunused;
    limb_t *dual;        /* 2n*L */
    uint8_t *allowedge;  /* m */
    int32_t *queue;
    int64_t qlen, qcap;

    /* scratch */
    int32_t *scratch;    /* n */
    int32_t *stk;        /* 2n+1 */
    int32_t *pathbuf;    /* n+1 */
    int32_t *endpbuf;    /* n+1 */
    int32_t *bestedgeto; /* 2n, kept at -1 between uses */
    limb_t *mslack;      /* 2n*L: exact slack of bestedgeto[x] when mvalid[x] */
    uint8_t *mvalid;     /* 2n */
    int32_t *touched;    /* 2n */
    limb_t *t1, *t2, *delta;

    /* exact slack of bestedge[x], valid while cedge[x] == bestedge[x] and
     * cepoch[x] == epoch (the count of dual updates so far) */
    limb_t *cslack;      /* 2n*L */
    int32_t *cedge;      /* 2n */
    int64_t *cepoch;     /* 2n */
    int64_t epoch;
} Ctx;

#define DUAL(c, x) ((c)->dual + (size_t)(x) * (size_t)(c)->L)
#define W2(c, k) ((c)->w2 + (size_t)(k) * (size_t)(c)->L)

static void internal_error(Ctx *c, const char *msg)
{
    if (c->status == ST_OK) {
        c->status = ST_INTERNAL;
        c->msg = msg;
    }
}

static void ctx_free(Ctx *c)
{
    if (c->bchilds) {
        for (int64_t b = 0; b < 2 * (int64_t)c->n; b++) {
            free(c->bchilds[b]);
            free(c->bendps[b]);
            free(c->bbest[b]);
        }
    }
    free(c->mate); free(c->label); free(c->labelend); free(c->inblossom);
    free(c->bparent); free(c->bbase); free(c->bestedge);
    free(c->bchilds); free(c->bendps); free(c->bnchilds);
    free(c->bbest); free(c->nbbest); free(c->unused);
    free(c->dual); free(c->allowedge); free(c->queue);
    free(c->scratch); free(c->stk); free(c->pathbuf); free(c->endpbuf);
    free(c->bestedgeto); free(c->touched); free(c->mslack); free(c->mvalid);
    c->mslack = NULL; c->mvalid = NULL;
    free(c->t1); free(c->t2); free(c->delta);
    free(c->cslack); free(c->cedge); free(c->cepoch);
    free(c->dtop);
    c->cslack = NULL; c->cedge = NULL; c->cepoch = NULL;
    c->dtop = NULL;
    c->mate = c->label = c->labelend = c->inblossom = NULL;
    c->bparent = c->bbase = c->bestedge = NULL;
    c->bchilds = c->bendps = c->bbest = NULL;
    c->bnchilds = c->nbbest = c->unused = NULL;
    c->dual = NULL; c->allowedge = NULL; c->queue = NULL;
    c->scratch = c->stk = c->pathbuf = c->endpbuf = c->bestedgeto = c->touched = NULL;
    c->t1 = c->t2 = c->delta = NULL;
}

static int ctx_alloc(Ctx *c)
{
    size_t n = (size_t)c->n, n2 = 2 * n, L = (size_t)c->L;
    c->mate = malloc((n + 1) * sizeof(int32_t));
    c->label = malloc((n2 + 1) * sizeof(int32_t));
    c->labelend = malloc((n2 + 1) * sizeof(int32_t));
    c->inblossom = malloc((n + 1) * sizeof(int32_t));
    c->bparent = malloc((n2 + 1) * sizeof(int32_t));
    c->bbase = malloc((n2 + 1) * sizeof(int32_t));
    c->bestedge = malloc((n2 + 1) * sizeof(int32_t));
    c->bchilds = calloc(n2 + 1, sizeof(int32_t *));
    c->bendps = calloc(n2 + 1, sizeof(int32_t *));
    c->bnchilds = calloc(n2 + 1, sizeof(int32_t));
    c->bbest = calloc(n2 + 1, sizeof(int32_t *));
    c->nbbest = malloc((n2 + 1) * sizeof(int32_t));
    c->unused = malloc((n + 1) * sizeof(int32_t));
    c->dual = calloc((n2 + 1) * L, sizeof(limb_t));
    c->allowedge = calloc((size_t)c->m + 1, 1);
    c->qcap = 2 * (int64_t)n + 16;
    c->queue = malloc((size_t)c->qcap * sizeof(int32_t));
    c->scratch = malloc((n + 1) * sizeof(int32_t));
    c->stk = malloc((n2 + 2) * sizeof(int32_t));
    c->pathbuf = malloc((n + 2) * sizeof(int32_t));
    c->endpbuf = malloc((n + 2) * sizeof(int32_t));
    c->bestedgeto = malloc((n2 + 1) * sizeof(int32_t));
    c->mslack = malloc((n2 + 1) * L * sizeof(limb_t));
    c->mvalid = calloc(n2 + 1, 1);
    c->touched = malloc((n2 + 1) * sizeof(int32_t));
    c->t1 = calloc(L, sizeof(limb_t));
    c->t2 = calloc(L, sizeof(limb_t));
    c->delta = calloc(L, sizeof(limb_t));
    c->cslack = calloc((n2 + 1) * L, sizeof(limb_t));
    c->cedge = malloc((n2 + 1) * sizeof(int32_t));
    c->cepoch = malloc((n2 + 1) * sizeof(int64_t));
    c->dtop = calloc(n + 1, sizeof(int64_t));
    if (!c->cslack || !c->cedge || !c->cepoch || !c->dtop) {
        ctx_free(c);
        return -1;
    }
    for (size_t x = 0; x <= n2; x++) {
        c->cedge[x] = -1;
        c->cepoch[x] = -1;
    }
    c->epoch = 0;
    if (!c->mate || !c->label || !c->labelend || !c->inblossom || !c->bparent ||
        !c->bbase || !c->bestedge || !c->bchilds || !c->bendps || !c->bnchilds ||
        !c->bbest || !c->nbbest || !c->unused || !c->dual || !c->allowedge ||
        !c->queue || !c->scratch || !c->stk || !c->pathbuf || !c->endpbuf ||
        !c->bestedgeto || !c->touched || !c->t1 || !c->t2 || !c->delta || !c->mslack || !c->mvalid) {
        ctx_free(c);
        return -1;
    }
    return 0;
}

/* out = u_i + u_j - 2 w_k (no blossom duals: the caller uses it only for edges
 * between different top-level blossoms or whose blossoms have been expanded) */
static inline void slack_row(const Ctx *c, int32_t i, int32_t j, const limb_t *w, limb_t *out)
{
    const int L = c->L;
    const limb_t *a = DUAL(c, i);
    const limb_t *b = DUAL(c, j);
    limb_t carry = 0, br = 0;
    for (int i = 0; i < L; i++) {
        dlimb_t s = (dlimb_t)a[i] + b[i] + carry;
        carry = (limb_t)(s >> 64);
        dlimb_t d = (dlimb_t)(limb_t)s - w[i] - br;
        out[i] = (limb_t)d;
        br = (limb_t)(d >> 64) & 1;
    }
}

static inline void slack_vw(const Ctx *c, int32_t i, int32_t j, int32_t k, limb_t *out)
{
    slack_row(c, i, j, W2(c, k), out);
}

/* the same, edge k = {i, j} given by its slot only */
static inline void slack(const Ctx *c, int32_t k, limb_t *out)
{
    slack_vw(c, c->endpoint[2 * k], c->endpoint[2 * k + 1], k, out);
}

/* Exact slack of bestedge[x] (which must be set), from the cache when valid. */
static inline const limb_t *best_slack(Ctx *c, int32_t x)
{
    limb_t *cs = c->cslack + (size_t)x * c->L;
    if (c->cedge[x] != c->bestedge[x] || c->cepoch[x] != c->epoch) {
        slack(c, c->bestedge[x], cs);
        c->cedge[x] = c->bestedge[x];
        c->cepoch[x] = c->epoch;
    }
    return cs;
}

/* Edge k = {i, j}, not tight, from an S-vertex: make it bestedge[x] if its
 * slack is smaller.  tk is the top-limb estimate of slack(k) (see stages). */
static inline void offer_best(Ctx *c, int32_t x, int32_t k, int64_t tk, int32_t i, int32_t j, const limb_t *row)
{
    const int L = c->L;
    if (c->bestedge[x] == -1) {
        c->bestedge[x] = k;
        return;
    }
    const limb_t *bs = best_slack(c, x);
    if (tk >= (int64_t)bs[L - 1] + 2) return; /* surely not smaller */
    limb_t *ks = c->t1;
    slack_row(c, i, j, row, ks);
    if (mp_cmp(ks, bs, L) < 0) {
        c->bestedge[x] = k;
        mp_copy(c->cslack + (size_t)x * L, ks, L);
        c->cedge[x] = k;
        c->cepoch[x] = c->epoch;
    }
}

/* All vertices (leaves) of blossom b, in depth-first order, written to out. */
static int32_t leaves(Ctx *c, int32_t b, int32_t *out)
{
    const int32_t n = c->n;
    int32_t cnt = 0, sp = 0;
    int32_t *stk = c->stk;
    stk[sp++] = b;
    while (sp > 0) {
        int32_t x = stk[--sp];
        if (x < n) {
            out[cnt++] = x;
        } else {
            const int32_t *ch = c->bchilds[x];
            for (int32_t i = c->bnchilds[x] - 1; i >= 0; i--) stk[sp++] = ch[i];
        }
    }
    return cnt;
}

static int queue_reserve(Ctx *c, int64_t extra)
{
    if (c->qlen + extra <= c->qcap) return 0;
    int64_t cap = c->qcap * 2;
    while (cap < c->qlen + extra) cap *= 2;
    int32_t *q = realloc(c->queue, (size_t)cap * sizeof(int32_t));
    if (!q) {
        c->status = ST_NOMEM;
        return -1;
    }
    c->queue = q;
    c->qcap = cap;
    return 0;
}

static void queue_push(Ctx *c, int32_t v)
{
    if (queue_reserve(c, 1) < 0) return;
    c->queue[c->qlen++] = v;
}

/* Label the top-level blossom containing w with t (1 = S, 2 = T), reached
 * through endpoint p; a T-blossom's mate becomes S. */
static void assign_label(Ctx *c, int32_t w, int32_t t, int32_t p)
{
    for (;;) {
        int32_t b = c->inblossom[w];
        if (c->label[w] != 0 || c->label[b] != 0) {
            internal_error(c, "assign_label on a labelled vertex");
            return;
        }
        c->label[w] = c->label[b] = t;
        c->labelend[w] = c->labelend[b] = p;
        c->bestedge[w] = c->bestedge[b] = -1;
        if (t == 1) {
            if (queue_reserve(c, c->n) < 0) return;
            c->qlen += leaves(c, b, c->queue + c->qlen);
            return;
        }
        int32_t base = c->bbase[b];
        int32_t mb = c->mate[base];
        if (mb < 0) {
            internal_error(c, "T-blossom with an unmatched base");
            return;
        }
        w = c->endpoint[mb];
        t = 1;
        p = mb ^ 1;
    }
}

/* Trace back from v and w to find a new blossom (returns its base) or an
 * augmenting path (returns -1). */
static int32_t scan_blossom(Ctx *c, int32_t v, int32_t w)
{
    int32_t np = 0, base = -1;
    int32_t *path = c->scratch;
    while (v != -1 || w != -1) {
        int32_t b = c->inblossom[v];
        if (c->label[b] & 4) {
            base = c->bbase[b];
            break;
        }
        if (c->label[b] != 1) {
            internal_error(c, "scan_blossom reached a non-S blossom");
            break;
        }
        path[np++] = b;
        c->label[b] = 5;
        if (c->labelend[b] == -1) {
            v = -1;
        } else {
            v = c->endpoint[c->labelend[b]];
            b = c->inblossom[v];
            if (c->label[b] != 2 || c->labelend[b] < 0) {
                internal_error(c, "scan_blossom: broken alternating tree");
                break;
            }
            v = c->endpoint[c->labelend[b]];
        }
        if (w != -1) {
            int32_t tmp = v;
            v = w;
            w = tmp;
        }
    }
    for (int32_t i = 0; i < np; i++) c->label[path[i]] = 1;
    return base;
}

/* Exact slack of bestedgeto[bj], computed once and kept in mslack. */
static inline const limb_t *merge_slack(Ctx *c, int32_t bj)
{
    limb_t *ms = c->mslack + (size_t)bj * c->L;
    if (!c->mvalid[bj]) {
        slack(c, c->bestedgeto[bj], ms);
        c->mvalid[bj] = 1;
    }
    return ms;
}

/* Consider edge k = {i, j} (i in the top-level blossom b being built, wtop
 * the top limb of its 2w) to blossom bj: remember it if it is the least-slack
 * edge so far to that S-blossom.  The top-limb bound of offer_best skips the
 * exact comparison when k is surely not better, so the choices are those of
 * comparing exact slacks every time. */
static inline void merge_best(Ctx *c, int32_t b, int32_t k, int32_t i, int32_t j, int64_t wtop, const limb_t *row,
                              int32_t *ntouched)
{
    int32_t bj = c->inblossom[j];
    if (bj == b || c->label[bj] != 1) return;
    int32_t cur = c->bestedgeto[bj];
    if (cur == -1) {
        c->bestedgeto[bj] = k;
        c->mvalid[bj] = 0;
        c->touched[(*ntouched)++] = bj;
        return;
    }
    const int L = c->L;
    limb_t *ms = (limb_t *)merge_slack(c, bj);
    int64_t tk = c->dtop[i] + c->dtop[j] - wtop;
    if (tk >= (int64_t)ms[L - 1] + 2) return; /* slack(k) > (tk-1)R >= (top+1)R > slack(cur) */
    slack_row(c, i, j, row, c->t1);
    if (mp_cmp(c->t1, ms, L) < 0) {
        c->bestedgeto[bj] = k;
        mp_copy(ms, c->t1, L);
    }
}

/* Make a new blossom with base `base` through the S-S edge k. */
static void add_blossom(Ctx *c, int32_t base, int32_t k)
{
    const int32_t n = c->n;
    int32_t v = c->endpoint[2 * k], w = c->endpoint[2 * k + 1];
    int32_t bb = c->inblossom[base], bv = c->inblossom[v], bw = c->inblossom[w];
    if (c->nunused <= 0) {
        internal_error(c, "out of blossom ids");
        return;
    }
    int32_t b = c->unused[--c->nunused];
    int32_t *path = c->pathbuf, *endps = c->endpbuf;
    int32_t np = 0, ne = 0;

    c->bbase[b] = base;
    c->bparent[b] = -1;
    c->bparent[bb] = b;
    while (bv != bb) {
        c->bparent[bv] = b;
        path[np++] = bv;
        endps[ne++] = c->labelend[bv];
        if (np > n || c->labelend[bv] < 0) {
            internal_error(c, "add_blossom: bad path");
            return;
        }
        v = c->endpoint[c->labelend[bv]];
        bv = c->inblossom[v];
    }
    path[np++] = bb;
    for (int32_t i = 0, j = np - 1; i < j; i++, j--) {
        int32_t t = path[i]; path[i] = path[j]; path[j] = t;
    }
    for (int32_t i = 0, j = ne - 1; i < j; i++, j--) {
        int32_t t = endps[i]; endps[i] = endps[j]; endps[j] = t;
    }
    endps[ne++] = 2 * k;
    while (bw != bb) {
        c->bparent[bw] = b;
        path[np++] = bw;
        endps[ne++] = c->labelend[bw] ^ 1;
        if (np > n || c->labelend[bw] < 0) {
            internal_error(c, "add_blossom: bad path");
            return;
        }
        w = c->endpoint[c->labelend[bw]];
        bw = c->inblossom[w];
    }
    if (np != ne || (np & 1) == 0 || np < 3) {
        internal_error(c, "add_blossom: blossom is not an odd cycle");
        return;
    }
    c->bchilds[b] = malloc((size_t)np * sizeof(int32_t));
    c->bendps[b] = malloc((size_t)np * sizeof(int32_t));
    if (!c->bchilds[b] || !c->bendps[b]) {
        c->status = ST_NOMEM;
        return;
    }
    memcpy(c->bchilds[b], path, (size_t)np * sizeof(int32_t));
    memcpy(c->bendps[b], endps, (size_t)np * sizeof(int32_t));
    c->bnchilds[b] = np;
    c->stats[STAT_BLOSSOMS]++;
    for (int32_t i = 0; i < np; i++)
        if (path[i] >= n) {
            c->stats[STAT_NESTED]++;
            break;
        }

    c->label[b] = 1;
    c->labelend[b] = c->labelend[bb];
    mp_zero(DUAL(c, b), c->L);

    /* Relabel the vertices; former T-vertices become S and get scanned. */
    int32_t nl = leaves(c, b, c->scratch);
    for (int32_t i = 0; i < nl; i++) {
        int32_t x = c->scratch[i];
        if (c->label[c->inblossom[x]] == 2) queue_push(c, x);
        c->inblossom[x] = b;
    }
    if (c->status) return;

    /* Least-slack edges from the new blossom to every other S-blossom. */
    int32_t ntouched = 0;
    const int32_t *childs = c->bchilds[b];
    for (int32_t ci = 0; ci < np; ci++) {
        int32_t cb = childs[ci];
        if (c->nbbest[cb] < 0) {
            int32_t cnt = leaves(c, cb, c->scratch);
            for (int32_t li = 0; li < cnt; li++) {
                int32_t x = c->scratch[li];
                const AdjEntry *ax = c->adj[x];
                const limb_t *wx = c->adjw[x];
                for (int32_t q = 0; q < c->deg[x]; q++)
                    merge_best(c, b, ax[q].p >> 1, x, ax[q].v, ax[q].top, wx + (size_t)q * c->L, &ntouched);
            }
        } else {
            const int32_t *lst = c->bbest[cb];
            for (int32_t li = 0; li < c->nbbest[cb]; li++) {
                int32_t kk = lst[li];
                int32_t i = c->endpoint[2 * kk], j = c->endpoint[2 * kk + 1];
                if (c->inblossom[j] == b) {
                    int32_t t = i;
                    i = j;
                    j = t;
                }
                merge_best(c, b, kk, i, j, (int64_t)W2(c, kk)[c->L - 1], W2(c, kk), &ntouched);
            }
        }
        free(c->bbest[cb]);
        c->bbest[cb] = NULL;
        c->nbbest[cb] = -1;
        c->bestedge[cb] = -1;
    }
    int32_t *lst = malloc((size_t)(ntouched > 0 ? ntouched : 1) * sizeof(int32_t));
    if (!lst) {
        for (int32_t i = 0; i < ntouched; i++) c->bestedgeto[c->touched[i]] = -1;
        c->status = ST_NOMEM;
        return;
    }
    int32_t best = -1;
    const limb_t *bestslack = NULL;
    for (int32_t i = 0; i < ntouched; i++) {
        int32_t bj = c->touched[i];
        int32_t kk = c->bestedgeto[bj];
        const limb_t *ms = merge_slack(c, bj);
        lst[i] = kk;
        if (best == -1 || mp_cmp(ms, bestslack, c->L) < 0) {
            best = kk;
            bestslack = ms;
        }
    }
    for (int32_t i = 0; i < ntouched; i++) {
        c->bestedgeto[c->touched[i]] = -1;
        c->mvalid[c->touched[i]] = 0;
    }
    c->bbest[b] = lst;
    c->nbbest[b] = ntouched;
    c->bestedge[b] = best;
}

static inline int32_t wrap_index(int32_t j, int32_t nc) { return j < 0 ? j + nc : j; }

static int32_t child_index(Ctx *c, int32_t b, int32_t t)
{
    const int32_t *ch = c->bchilds[b];
    for (int32_t i = 0; i < c->bnchilds[b]; i++)
        if (ch[i] == t) return i;
    internal_error(c, "child not found in blossom");
    return -1;
}

static void release_blossom(Ctx *c, int32_t b)
{
    c->label[b] = c->labelend[b] = -1;
    free(c->bchilds[b]);
    free(c->bendps[b]);
    c->bchilds[b] = c->bendps[b] = NULL;
    c->bnchilds[b] = 0;
    c->bbase[b] = -1;
    free(c->bbest[b]);
    c->bbest[b] = NULL;
    c->nbbest[b] = -1;
    c->bestedge[b] = -1;
    c->unused[c->nunused++] = b;
}

/* Expand blossom b: its children become top-level.  During a stage (endstage
 * = 0) a T-blossom is replaced by the alternating path through it. */
static void expand_blossom(Ctx *c, int32_t b, int endstage)
{
    const int32_t n = c->n;
    const int32_t nc = c->bnchilds[b];
    for (int32_t ci = 0; ci < nc; ci++) {
        int32_t s = c->bchilds[b][ci];
        c->bparent[s] = -1;
        if (s < n) {
            c->inblossom[s] = s;
        } else if (endstage && mp_is_zero(DUAL(c, s), c->L)) {
            expand_blossom(c, s, endstage);
            if (c->status) return;
        } else {
            int32_t cnt = leaves(c, s, c->scratch);
            for (int32_t i = 0; i < cnt; i++) c->inblossom[c->scratch[i]] = s;
        }
    }
    c->stats[endstage ? STAT_EXPAND_END : STAT_EXPAND_T]++;
    if (!endstage && c->label[b] == 2) {
        const int32_t *childs = c->bchilds[b];
        const int32_t *endps = c->bendps[b];
        int32_t entrychild = c->inblossom[c->endpoint[c->labelend[b] ^ 1]];
        int32_t j = child_index(c, b, entrychild);
        if (j < 0) return;
        int32_t jstep, endptrick;
        if (j & 1) {
            j -= nc;
            jstep = 1;
            endptrick = 0;
        } else {
            jstep = -1;
            endptrick = 1;
        }
        int32_t p = c->labelend[b];
        while (j != 0) {
            int32_t q = endps[wrap_index(j - endptrick, nc)];
            c->label[c->endpoint[p ^ 1]] = 0;
            c->label[c->endpoint[q ^ endptrick ^ 1]] = 0;
            assign_label(c, c->endpoint[p ^ 1], 2, p);
            if (c->status) return;
            c->allowedge[q >> 1] = 1;
            j += jstep;
            p = endps[wrap_index(j - endptrick, nc)] ^ endptrick;
            c->allowedge[p >> 1] = 1;
            j += jstep;
        }
        int32_t bv = childs[wrap_index(j, nc)];
        c->label[c->endpoint[p ^ 1]] = c->label[bv] = 2;
        c->labelend[c->endpoint[p ^ 1]] = c->labelend[bv] = p;
        c->bestedge[bv] = -1;
        j += jstep;
        int32_t guard = 0;
        while (childs[wrap_index(j, nc)] != entrychild) {
            if (++guard > nc) {
                internal_error(c, "expand_blossom: entry child not reached");
                return;
            }
            bv = childs[wrap_index(j, nc)];
            if (c->label[bv] == 1) {
                j += jstep;
                continue;
            }
            int32_t cnt = leaves(c, bv, c->scratch);
            int32_t v = -1;
            for (int32_t i = 0; i < cnt; i++) {
                v = c->scratch[i];
                if (c->label[v] != 0) break;
            }
            if (v >= 0 && c->label[v] != 0) {
                if (c->label[v] != 2 || c->inblossom[v] != bv) {
                    internal_error(c, "expand_blossom: unexpected label");
                    return;
                }
                c->stats[STAT_RELABEL]++;
                c->label[v] = 0;
                c->label[c->endpoint[c->mate[c->bbase[bv]]]] = 0;
                assign_label(c, v, 2, c->labelend[v]);
                if (c->status) return;
            }
            j += jstep;
        }
    }
    release_blossom(c, b);
}

static void reverse_range(int32_t *a, int32_t lo, int32_t hi) /* [lo, hi) */
{
    for (hi--; lo < hi; lo++, hi--) {
        int32_t t = a[lo]; a[lo] = a[hi]; a[hi] = t;
    }
}

/* Swap matched and unmatched edges along the even path from vertex v to the
 * base of blossom b, and make v the new base. */
static void augment_blossom(Ctx *c, int32_t b, int32_t v)
{
    const int32_t n = c->n;
    int32_t t = v;
    c->stats[STAT_AUGMENT_BLOSSOM]++;
    while (c->bparent[t] != b) {
        t = c->bparent[t];
        if (t < 0) {
            internal_error(c, "augment_blossom: vertex not in blossom");
            return;
        }
    }
    if (t >= n) {
        augment_blossom(c, t, v);
        if (c->status) return;
    }
    const int32_t nc = c->bnchilds[b];
    int32_t *childs = c->bchilds[b];
    int32_t *endps = c->bendps[b];
    int32_t i = child_index(c, b, t);
    if (i < 0) return;
    int32_t j = i, jstep, endptrick;
    if (i & 1) {
        j -= nc;
        jstep = 1;
        endptrick = 0;
    } else {
        jstep = -1;
        endptrick = 1;
    }
    while (j != 0) {
        j += jstep;
        t = childs[wrap_index(j, nc)];
        int32_t p = endps[wrap_index(j - endptrick, nc)] ^ endptrick;
        if (t >= n) {
            augment_blossom(c, t, c->endpoint[p]);
            if (c->status) return;
        }
        j += jstep;
        t = childs[wrap_index(j, nc)];
        if (t >= n) {
            augment_blossom(c, t, c->endpoint[p ^ 1]);
            if (c->status) return;
        }
        c->mate[c->endpoint[p]] = p ^ 1;
        c->mate[c->endpoint[p ^ 1]] = p;
    }
    /* rotate children and endpoints so that child i comes first */
    if (i > 0) {
        reverse_range(childs, 0, i); reverse_range(childs, i, nc); reverse_range(childs, 0, nc);
        reverse_range(endps, 0, i); reverse_range(endps, i, nc); reverse_range(endps, 0, nc);
    }
    c->bbase[b] = c->bbase[childs[0]];
    if (c->bbase[b] != v) internal_error(c, "augment_blossom: wrong new base");
}

/* Walk from S-vertex s up to the root of its tree, swapping matched and
 * unmatched edges; s gets mate endpoint p (-1: s becomes exposed and the root
 * becomes matched). */
static void augment_side(Ctx *c, int32_t s, int32_t p)
{
    const int32_t n = c->n;
    int32_t guard = 0;
    for (;;) {
        if (++guard > n + 1) {
            internal_error(c, "augment: path does not end");
            return;
        }
        int32_t bs = c->inblossom[s];
        if (c->label[bs] != 1) {
            internal_error(c, "augment: path through a non-S blossom");
            return;
        }
        if (bs >= n) {
            augment_blossom(c, bs, s);
            if (c->status) return;
        }
        c->mate[s] = p;
        if (c->labelend[bs] == -1) break;
        int32_t t = c->endpoint[c->labelend[bs]];
        int32_t bt = c->inblossom[t];
        if (c->label[bt] != 2 || c->labelend[bt] < 0) {
            internal_error(c, "augment: broken alternating tree");
            return;
        }
        s = c->endpoint[c->labelend[bt]];
        int32_t j = c->endpoint[c->labelend[bt] ^ 1];
        if (c->bbase[bt] != t) {
            internal_error(c, "augment: T-blossom entered off its base");
            return;
        }
        if (bt >= n) {
            augment_blossom(c, bt, j);
            if (c->status) return;
        }
        c->mate[j] = c->labelend[bt];
        p = c->labelend[bt] ^ 1;
    }
}

/* Augment the matching along the path through the S-S edge k. */
static void augment_matching(Ctx *c, int32_t k)
{
    augment_side(c, c->endpoint[2 * k], 2 * k + 1);
    if (c->status) return;
    augment_side(c, c->endpoint[2 * k + 1], 2 * k);
}

/* Check that x stays inside the safe range; flag an overflow otherwise. */
static inline void check_range(Ctx *c, const limb_t *x)
{
    if (!mp_in_range(x, c->L) && c->status == ST_OK) c->status = ST_OVERFLOW;
}

/* Cold start: empty matching, no blossoms, every vertex dual at the largest
 * weight (half the largest 2w). */
static void init_cold(Ctx *c)
{
    const int32_t n = c->n, m = c->m;
    const int L = c->L;
    int32_t v;

    for (v = 0; v < n; v++) {
        c->mate[v] = -1;
        c->inblossom[v] = v;
    }
    for (int32_t b = 0; b < 2 * n; b++) {
        c->label[b] = 0;
        c->labelend[b] = -1;
        c->bparent[b] = -1;
        c->bbase[b] = b < n ? b : -1;
        c->bestedge[b] = -1;
        c->bestedgeto[b] = -1;
        c->nbbest[b] = -1;
        c->bnchilds[b] = 0;
    }
    c->nunused = 0;
    for (int32_t b = n; b < 2 * n; b++) c->unused[c->nunused++] = b;

    /* initial vertex duals: the largest weight (half the largest 2w) */
    limb_t *maxw = c->t1;
    mp_zero(maxw, L);
    for (int32_t k = 0; k < m; k++)
        if (c->endpoint[2 * k] >= 0 && mp_cmp(W2(c, k), maxw, L) > 0) mp_copy(maxw, W2(c, k), L);
    mp_sar1(maxw, maxw, L);
    for (v = 0; v < n; v++) {
        mp_copy(DUAL(c, v), maxw, L);
        c->dtop[v] = (int64_t)maxw[L - 1];
    }
    for (int32_t b = n; b < 2 * n; b++) mp_zero(DUAL(c, b), L);
}

/* A cold start that begins near the optimum (for stages(c, 1), without
 * max_cardinality).  Every vertex dual starts at its largest incident weight,
 * which makes every edge feasible (u_i + u_j >= w + w).  Then, vertex by
 * vertex, the dual is lowered to the smallest feasible value,
 * max(0, max_j 2w_ij - u_j): that makes at least one of its edges tight (or
 * the dual zero), and an exposed vertex is matched along a tight edge to an
 * exposed neighbour when it has one.  Lowering never breaks a matched edge's
 * tightness (its mate bounds the dual from below by exactly the present
 * value).  The result satisfies the warm start's invariants: feasible duals,
 * tight matched edges, no blossoms; exposed vertices may hold different duals
 * and, as in warm_init, those with a positive dual are brought to one parity
 * (raising an exposed vertex's dual by one keeps every edge feasible).  The
 * classic algorithm would need a stage per augmentation to find the pairs the
 * greedy pass matches at once (on a Swiss bracket most of them: the criteria
 * make many edges equally good).  The answer goes through the same
 * certificate as any other. */
static void init_greedy(Ctx *c)
{
    const int32_t n = c->n;
    const int L = c->L;
    int32_t v;
    limb_t *best = c->t2, *t = c->t1;

    init_cold(c);
    for (v = 0; v < n; v++) {
        mp_zero(best, L);
        const AdjEntry *av = c->adj[v];
        const limb_t *wv = c->adjw[v];
        for (int32_t q = 0; q < c->deg[v]; q++)
            if (mp_cmp(wv + (size_t)q * L, best, L) > 0) mp_copy(best, wv + (size_t)q * L, L);
        mp_sar1(DUAL(c, v), best, L);
    }
    for (v = 0; v < n; v++) {
        const AdjEntry *av = c->adj[v];
        mp_zero(best, L);
        const limb_t *wv = c->adjw[v];
        for (int32_t q = 0; q < c->deg[v]; q++) {
            mp_sub(t, wv + (size_t)q * L, DUAL(c, av[q].v), L);
            if (mp_cmp(t, best, L) > 0) mp_copy(best, t, L);
        }
        mp_copy(DUAL(c, v), best, L);
        if (c->mate[v] != -1 || mp_is_zero(best, L)) continue;
        for (int32_t q = 0; q < c->deg[v]; q++) {
            int32_t w = av[q].v;
            if (c->mate[w] != -1) continue;
            slack_row(c, v, w, wv + (size_t)q * L, t);
            if (mp_is_zero(t, L)) {
                c->mate[v] = av[q].p;     /* endpoint[p] == w */
                c->mate[w] = av[q].p ^ 1; /* endpoint[p ^ 1] == v */
                break;
            }
        }
    }
    int64_t votes[2] = {0, 0};
    for (v = 0; v < n; v++)
        if (c->mate[v] == -1 && !mp_is_zero(DUAL(c, v), L)) votes[DUAL(c, v)[0] & 1]++;
    limb_t target = votes[1] > votes[0];
    limb_t *one = c->t1;
    mp_zero(one, L);
    one[0] = 1;
    for (v = 0; v < n; v++) {
        if (c->mate[v] == -1 && !mp_is_zero(DUAL(c, v), L) && (DUAL(c, v)[0] & 1) != target) {
            mp_add(DUAL(c, v), DUAL(c, v), one, L);
            check_range(c, DUAL(c, v));
        }
        c->dtop[v] = (int64_t)DUAL(c, v)[L - 1];
    }
}

/* Whether a cold start without max_cardinality begins with init_greedy (1,
 * the default) or with the classic equal duals (0); _set_greedy_start. */
static int greedy_start = 1;

/* Tests only: when set, the next warm start moves 2 from the dual of its
 * first matched vertex (of degree 2 or more) to its mate's before the
 * certificate is checked: the matched edge stays tight, the vertex's other
 * edges lose 2 of slack, and only a check of that vertex's edges sees it. */
static int sabotage = 0;

/* The primal-dual main loop.  Leaves the final stage's labels and blossoms in
 * place for the certificate check; mate[] holds endpoint indices.
 *
 * warm = 0: the classic algorithm (all exposed vertices share the smallest
 * vertex dual).  warm = 1 (warm start, without max_cardinality): exposed
 * vertices may have different duals; only those with a positive dual are
 * roots, an exposed vertex with zero dual reached by a tight edge ends an
 * augmenting path, delta1 is the smallest dual of an S-vertex, and when it
 * binds the even tree path from that vertex's root to it is flipped (the
 * vertex becomes exposed with zero dual).  Each stage removes at least one
 * root, and at the end every exposed vertex has zero dual: the same optimality
 * conditions as the classic algorithm, checked by verify(). */
static void stages(Ctx *c, int warm)
{
    const int32_t n = c->n, m = c->m;
    const int L = c->L;
    int32_t v;
    limb_t *ks = c->t1, *delta = c->delta;
    for (int64_t stage = 0;; stage++) {
        if (stage > (int64_t)n + 1) {
            internal_error(c, "too many stages");
            return;
        }
        for (int32_t b = 0; b < 2 * n; b++) {
            c->label[b] = 0;
            c->bestedge[b] = -1;
        }
        for (int32_t b = n; b < 2 * n; b++) {
            free(c->bbest[b]);
            c->bbest[b] = NULL;
            c->nbbest[b] = -1;
        }
        memset(c->allowedge, 0, (size_t)m);
        c->qlen = 0;
        c->stats[STAT_STAGES]++;
        int32_t nroots = 0;
        for (v = 0; v < n; v++)
            if (c->mate[v] == -1 && c->label[c->inblossom[v]] == 0 &&
                (!warm || !mp_le_zero(DUAL(c, v), L))) {
                assign_label(c, v, 1, -1);
                nroots++;
            }
        if (c->status) return;
        if (warm && nroots == 0) break;

        int augmented = 0, flipped = 0;
        int32_t vmin = -1;
        for (;;) {
            /* grow the alternating forest from the S-vertices in the queue */
            while (c->qlen > 0 && !augmented) {
                v = c->queue[--c->qlen];
                if (c->label[c->inblossom[v]] != 1) {
                    internal_error(c, "queued vertex is not an S-vertex");
                    return;
                }
                const int32_t qend = c->deg[v];
                const AdjEntry *const av = c->adj[v];
                const limb_t *const adjw_v = c->adjw[v];
                int32_t *const inblossom = c->inblossom;
                int32_t *const label = c->label;
                uint8_t *const allowedge = c->allowedge;
                const int64_t *const dtop = c->dtop;
                for (int32_t q = 0; q < qend; q++) {
                    int32_t w = av[q].v;
                    int32_t bw = inblossom[w];
                    int32_t bv = inblossom[v];
                    if (bv == bw) continue;
                    int32_t lw = label[bw];
                    /* An edge to a vertex that already has a T label needs no
                     * work: tight or not, nothing would change, and its slack
                     * stays constant while v is S (v stays S for the whole
                     * stage), so "allowed" would be recomputed identically. */
                    if (lw == 2 && label[w] != 0) continue;
                    int32_t p = av[q].p;
                    int32_t k = p >> 1;
                    /* Top-limb estimate: with R = 2^(64(L-1)), slack(k) lies in
                     * ((tk-1)R, (tk+2)R); tk >= 1 proves slack(k) > 0, so the
                     * edge is not allowed (allowed edges have zero slack) and
                     * allowedge[k], a likely cache miss, need not be read. */
                    int64_t tk = dtop[v] + dtop[w] - av[q].top;
#ifdef BLOSSOM_DEBUG_INVARIANTS
                    if (tk >= 1 && allowedge[k]) {
                        internal_error(c, "allowed edge with a positive slack");
                        return;
                    }
#endif
                    const limb_t *row = adjw_v + (size_t)q * L;
                    if (tk >= 1) {
                        if (lw == 1) offer_best(c, bv, k, tk, v, w, row);
                        else if (label[w] == 0) offer_best(c, w, k, tk, v, w, row);
                        continue;
                    }
                    if (!allowedge[k]) {
                        slack_row(c, v, w, row, ks);
                        if (mp_le_zero(ks, L)) {
                            allowedge[k] = 1;
                        } else {
                            if (lw == 1) offer_best(c, bv, k, tk, v, w, row);
                            else if (label[w] == 0) offer_best(c, w, k, tk, v, w, row);
                            continue;
                        }
                    }
                    /* tight edge */
                    if (lw == 0 && warm && c->mate[c->bbase[bw]] == -1) {
                        /* exposed with zero dual: the path ends here */
                        assign_label(c, w, 1, -1);
                        if (c->status) return;
                        augment_matching(c, k);
                        augmented = 1;
                    } else if (lw == 0) {
                        assign_label(c, w, 2, p ^ 1);
                    } else if (lw == 1) {
                        int32_t base = scan_blossom(c, v, w);
                        if (c->status) return;
                        if (base >= 0) {
                            add_blossom(c, base, k);
                        } else {
                            augment_matching(c, k);
                            augmented = 1;
                        }
                    } else if (c->label[w] == 0) {
                        c->label[w] = 2;
                        c->labelend[w] = p ^ 1;
                    }
                    if (c->status) return;
                    if (augmented) break;
                }
            }
            if (augmented) break;

            /* no tight edge left to use: find the dual adjustment */
            int deltatype = -1;
            int32_t deltaedge = -1, deltablossom = -1;
            if (warm) {
                /* delta1: the smallest dual of an S-vertex */
                vmin = -1;
                for (v = 0; v < n; v++) {
                    if (c->label[c->inblossom[v]] == 1 && (vmin == -1 || mp_cmp(DUAL(c, v), delta, L) < 0)) {
                        mp_copy(delta, DUAL(c, v), L);
                        vmin = v;
                    }
                }
                if (vmin == -1) {
                    internal_error(c, "warm stage without S-vertices");
                    return;
                }
                deltatype = 1;
            } else if (!c->maxcard) {
                deltatype = 1;
                mp_copy(delta, DUAL(c, 0), L);
                for (v = 1; v < n; v++)
                    if (mp_cmp(DUAL(c, v), delta, L) < 0) mp_copy(delta, DUAL(c, v), L);
            }
            /* delta2: free vertex to S-vertex */
            for (v = 0; v < n; v++) {
                if (c->label[c->inblossom[v]] == 0 && c->bestedge[v] != -1) {
                    const limb_t *bs = best_slack(c, v);
                    if (deltatype == -1 || mp_cmp(bs, delta, L) < 0) {
                        mp_copy(delta, bs, L);
                        deltatype = 2;
                        deltaedge = c->bestedge[v];
                    }
                }
            }
            /* delta3: half the slack of an edge between two S-blossoms */
            for (int32_t b = 0; b < 2 * n; b++) {
                if (c->bparent[b] == -1 && c->label[b] == 1 && c->bestedge[b] != -1) {
                    mp_copy(ks, best_slack(c, b), L);
                    if (ks[0] & 1) {
                        internal_error(c, "odd slack between S-blossoms");
                        return;
                    }
                    mp_sar1(ks, ks, L);
                    if (deltatype == -1 || mp_cmp(ks, delta, L) < 0) {
                        mp_copy(delta, ks, L);
                        deltatype = 3;
                        deltaedge = c->bestedge[b];
                    }
                }
            }
            /* delta4: dual of a T-blossom */
            for (int32_t b = n; b < 2 * n; b++) {
                if (c->bbase[b] >= 0 && c->bparent[b] == -1 && c->label[b] == 2 &&
                    (deltatype == -1 || mp_cmp(DUAL(c, b), delta, L) < 0)) {
                    mp_copy(delta, DUAL(c, b), L);
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            if (deltatype == -1) {
                /* max cardinality and nothing else to do: final delta1 */
                deltatype = 1;
                mp_zero(delta, L);
                if (n > 0) {
                    limb_t *mn = c->t2;
                    mp_copy(mn, DUAL(c, 0), L);
                    for (v = 1; v < n; v++)
                        if (mp_cmp(DUAL(c, v), mn, L) < 0) mp_copy(mn, DUAL(c, v), L);
                    if (!mp_is_neg(mn, L)) mp_copy(delta, mn, L);
                }
            }
            if (mp_is_neg(delta, L)) {
                internal_error(c, "negative dual adjustment");
                return;
            }

            /* update the duals */
            for (v = 0; v < n; v++) {
                int32_t lb = c->label[c->inblossom[v]];
                if (lb == 1) {
                    mp_sub(DUAL(c, v), DUAL(c, v), delta, L);
                    check_range(c, DUAL(c, v));
                } else if (lb == 2) {
                    mp_add(DUAL(c, v), DUAL(c, v), delta, L);
                    check_range(c, DUAL(c, v));
                }
                c->dtop[v] = (int64_t)DUAL(c, v)[L - 1];
            }
            for (int32_t b = n; b < 2 * n; b++) {
                if (c->bbase[b] >= 0 && c->bparent[b] == -1) {
                    if (c->label[b] == 1) {
                        mp_add(DUAL(c, b), DUAL(c, b), delta, L);
                        check_range(c, DUAL(c, b));
                    } else if (c->label[b] == 2) {
                        mp_sub(DUAL(c, b), DUAL(c, b), delta, L);
                        check_range(c, DUAL(c, b));
                    }
                }
            }
            if (c->status) return;
            c->epoch++;
            c->stats[STAT_DELTA1 + deltatype - 1]++;

            if (deltatype == 1) {
                if (warm) {
                    /* vmin's dual is zero: make it exposed, its root matched */
                    c->stats[STAT_FLIPS]++;
                    augment_side(c, vmin, -1);
                    if (c->status) return;
                    flipped = 1;
                }
                break; /* classic: optimum reached */
            } else if (deltatype == 2) {
                c->allowedge[deltaedge] = 1;
                int32_t i = c->endpoint[2 * deltaedge], j = c->endpoint[2 * deltaedge + 1];
                if (c->label[c->inblossom[i]] == 0) i = j;
                if (c->label[c->inblossom[i]] != 1) {
                    internal_error(c, "delta2 edge has no S end");
                    return;
                }
                queue_push(c, i);
            } else if (deltatype == 3) {
                c->allowedge[deltaedge] = 1;
                int32_t i = c->endpoint[2 * deltaedge];
                if (c->label[c->inblossom[i]] != 1) {
                    internal_error(c, "delta3 edge has no S end");
                    return;
                }
                queue_push(c, i);
            } else {
                expand_blossom(c, deltablossom, 0);
            }
            if (c->status) return;
        }

        if (!augmented && !flipped) break;

        /* end of stage: expand S-blossoms whose dual reached zero */
        for (int32_t b = n; b < 2 * n; b++) {
            if (c->bparent[b] == -1 && c->bbase[b] >= 0 && c->label[b] == 1 && mp_is_zero(DUAL(c, b), L)) {
                expand_blossom(c, b, 1);
                if (c->status) return;
            }
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Independent optimality certificate                                       */
/* ------------------------------------------------------------------------ */

static int32_t uf_find(int32_t *par, int32_t x)
{
    int32_t r = x;
    while (par[r] != r) r = par[r];
    while (par[x] != r) {
        int32_t nx = par[x];
        par[x] = r;
        x = nx;
    }
    return r;
}

/* Step 4 of verify() for edge k: its slack is non-negative, and zero when it
 * is matched (then it is counted in cntm[] for each blossom holding it).
 * Returns NULL, or what is wrong. */
/* The blossom forest as verify() reads it: depth and top-level ancestor of
 * every vertex and blossom, the sum of the blossom duals from the top down to
 * each (zsum, L + 1 limbs), and, for deep forests, ancestor tables for
 * lowest-common-ancestor queries in O(log depth) (Bender and Farach-Colton,
 * "The LCA problem revisited", LATIN 2000: the "jump pointer" method). */
typedef struct {
    int32_t *dep, *top;
    limb_t *zsum;
    int32_t *up;   /* up[l * n2 + x]: the 2^l-th ancestor (a top-level x itself) */
    int levels;    /* 0: walk parent pointers */
} Forest;

static inline int32_t forest_lca(const Ctx *c, const Forest *f, int32_t a, int32_t b)
{
    const int32_t *dep = f->dep;
    if (f->levels == 0) {
        while (dep[a] > dep[b]) a = c->bparent[a];
        while (dep[b] > dep[a]) b = c->bparent[b];
        while (a != b) { a = c->bparent[a]; b = c->bparent[b]; }
        return a;
    }
    const int64_t n2 = 2 * (int64_t)c->n;
    if (dep[a] < dep[b]) { int32_t t = a; a = b; b = t; }
    int32_t diff = dep[a] - dep[b];
    for (int l = 0; diff; l++, diff >>= 1)
        if (diff & 1) a = f->up[l * n2 + a];
    if (a == b) return a;
    for (int l = f->levels - 1; l >= 0; l--) {
        int32_t pa = f->up[l * n2 + a], pb = f->up[l * n2 + b];
        if (pa != pb) { a = pa; b = pb; }
    }
    return c->bparent[a];
}

static inline __attribute__((always_inline)) const char *check_edge(Ctx *c, int32_t k, int32_t i, int32_t j,
                                                                    const Forest *f, int32_t *cntm, limb_t *s)
{
    const int32_t n = c->n;
    const int L = c->L, L2 = c->L + 1;
    const int32_t *top = f->top;
    if (i < 0 || j < 0 || i >= n || j >= n || i == j) return "bad edge endpoints";
    if (c->mate[i] != 2 * k + 1 && c->mate[j] != 2 * k) {
        __int128 tk = (__int128)(int64_t)DUAL(c, i)[L - 1] + (int64_t)DUAL(c, j)[L - 1] -
                      (int64_t)W2(c, k)[L - 1];
        if (tk >= 1) return NULL;
    }
    mp_add_sub_wide(s, DUAL(c, i), DUAL(c, j), W2(c, k), L);
    /* The blossoms holding both ends add twice their (non-negative, step 3)
     * duals: an unmatched edge whose vertex part is already non-negative
     * needs no walk to their lowest common blossom (which is as long as
     * the blossoms are deeply nested). */
    if (top[i] == top[j] && (mp_is_neg(s, L2) || c->mate[i] == 2 * k + 1 || c->mate[j] == 2 * k)) {
        const limb_t *zz = f->zsum + (size_t)forest_lca(c, f, i, j) * L2;
        mp_add(s, s, zz, L2);
        mp_add(s, s, zz, L2);
    }
    if (mp_is_neg(s, L2)) return "dual infeasible: negative edge slack";
    int matched_i = c->mate[i] == 2 * k + 1, matched_j = c->mate[j] == 2 * k;
    if (matched_i != matched_j) return "matched edge seen from one side";
    if (matched_i) {
        if (!mp_is_zero(s, L2)) return "matched edge with positive slack";
        if (top[i] == top[j]) {
            for (int32_t a = forest_lca(c, f, i, j); a != -1; a = c->bparent[a]) cntm[a]++;
        }
    }
    return NULL;
}

/* Returns 0 when the matching is proven optimal, else sets c->status.
 *
 * With dirty == NULL every edge is checked.  Otherwise the caller proves that
 * only the edges with an end v where dirty[v] != 0 can have a slack other
 * than the one an earlier call of verify() found non-negative for them
 * (dirty_since()): then every matched edge (for complementary slackness and
 * the count of matched edges inside each blossom) and every edge at a dirty
 * vertex are checked, and the other edges keep their proven slack.  All the
 * other conditions (a matching, non-negative duals, zero duals at exposed
 * vertices, a laminar blossom forest, full odd blossoms) are checked whole. */
static int verify(Ctx *c, const uint8_t *dirty)
{
    const int32_t n = c->n, m = c->m, n2 = 2 * n;
    const int L = c->L, L2 = c->L + 1;
    int32_t *dep = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    int32_t *top = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    int32_t *cntl = calloc((size_t)n2 + 1, sizeof(int32_t));
    int32_t *cntm = calloc((size_t)n2 + 1, sizeof(int32_t));
    int32_t *stack = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    limb_t *zsum = calloc(((size_t)n2 + 1) * (size_t)L2, sizeof(limb_t));
    limb_t *s = calloc((size_t)L2, sizeof(limb_t));
    limb_t *tmp = calloc((size_t)L2, sizeof(limb_t));
    limb_t *off = calloc((size_t)L, sizeof(limb_t));
    int32_t *uf = NULL, *up = NULL;
    const char *err = NULL;
    int32_t v, x;
    int64_t msize = 0, ncert = 0;

    if (!dep || !top || !cntl || !cntm || !stack || !zsum || !s || !tmp || !off) {
        c->status = ST_NOMEM;
        goto done;
    }

    /* 1. the matching is symmetric and uses given edges */
    for (v = 0; v < n; v++) {
        int32_t p = c->mate[v];
        if (p == -1) continue;
        if (p < 0 || p >= 2 * m) { err = "mate out of range"; goto done; }
        int32_t w = c->endpoint[p];
        if (w < 0 || w >= n) { err = "matched through an unused edge slot"; goto done; }
        if (w == v || c->endpoint[p ^ 1] != v || c->mate[w] != (p ^ 1)) { err = "matching is not symmetric"; goto done; }
        msize++;
    }
    if (msize & 1) { err = "odd number of matched vertices"; goto done; }
    msize /= 2;

    /* 2. vertex duals: offset for max cardinality, non-negativity */
    if (n > 0) {
        limb_t *mn = c->t1;
        mp_copy(mn, DUAL(c, 0), L);
        for (v = 1; v < n; v++)
            if (mp_cmp(DUAL(c, v), mn, L) < 0) mp_copy(mn, DUAL(c, v), L);
        if (mp_is_neg(mn, L)) {
            if (!c->maxcard) { err = "negative vertex dual"; goto done; }
            mp_neg(off, mn, L);
        }
    }
    for (v = 0; v < n; v++) {
        if (c->mate[v] == -1) {
            mp_add(c->t1, DUAL(c, v), off, L);
            if (!mp_is_zero(c->t1, L)) { err = "exposed vertex with a positive dual"; goto done; }
        }
    }

    /* 3. blossom forest: depth, top-level ancestor, nested dual sums */
    for (x = 0; x < n2; x++) dep[x] = -1;
    for (x = 0; x < n2; x++) {
        if (x >= n && c->bbase[x] < 0) continue;
        if (x >= n && mp_is_neg(DUAL(c, x), L)) { err = "negative blossom dual"; goto done; }
        int32_t sp = 0, y = x;
        while (y != -1 && dep[y] < 0) {
            if (sp > n2) { err = "cycle in blossom forest"; goto done; }
            stack[sp++] = y;
            int32_t py = c->bparent[y];
            if (py != -1 && (py < n || py >= n2 || c->bbase[py] < 0)) { err = "bad blossom parent"; goto done; }
            y = py;
        }
        while (sp > 0) {
            int32_t z = stack[--sp];
            int32_t pz = c->bparent[z];
            limb_t *zz = zsum + (size_t)z * L2;
            if (pz == -1) {
                dep[z] = 0;
                top[z] = z;
                mp_zero(zz, L2);
            } else {
                dep[z] = dep[pz] + 1;
                top[z] = top[pz];
                mp_copy(zz, zsum + (size_t)pz * L2, L2);
            }
            if (z >= n) {
                mp_sext(tmp, L2, DUAL(c, z), L);
                mp_add(zz, zz, tmp, L2);
            }
        }
    }

    /* ancestor tables when the forest is deep (lowest common ancestors) */
    Forest forest = {dep, top, zsum, NULL, 0};
    {
        int32_t maxdep = 0;
        for (x = 0; x < n2; x++) if (dep[x] > maxdep) maxdep = dep[x];
        if (maxdep > 8) {
            int levels = 0;
            while ((1 << levels) <= maxdep) levels++;
            up = malloc((size_t)levels * (size_t)n2 * sizeof(int32_t));
            if (!up) { c->status = ST_NOMEM; goto done; }
            for (x = 0; x < n2; x++) up[x] = (dep[x] < 0 || c->bparent[x] == -1) ? x : c->bparent[x];
            for (int l = 1; l < levels; l++)
                for (x = 0; x < n2; x++) up[(size_t)l * n2 + x] = up[(size_t)(l - 1) * n2 + up[(size_t)(l - 1) * n2 + x]];
            forest.up = up;
            forest.levels = levels;
        }
    }

    /* 4. every edge has non-negative slack, matched edges zero slack.
     * Fast path, exact, for an unmatched edge: with R = 2^(64(L-1)) every
     * L-limb number x equals top(x) R + low(x) with 0 <= low(x) < R, so
     * u_i + u_j - 2w > (top(u_i) + top(u_j) - top(2w) - 1) R, and the slack
     * is that plus twice the (checked non-negative, step 3) duals of the
     * blossoms holding both ends: it is surely positive when the top limbs
     * (read here from the duals and weights themselves) give at least 1. */
    if (!dirty) {
        for (int32_t k = 0; k < m; k++) {
            int32_t i = c->endpoint[2 * k], j = c->endpoint[2 * k + 1];
            if (i < 0 && j < 0) continue; /* unused edge slot */
            if ((err = check_edge(c, k, i, j, &forest, cntm, s)) != NULL) goto done;
            ncert++;
        }
    } else {
        /* every matched edge, then the other edges at dirty vertices (once) */
        for (v = 0; v < n; v++) {
            int32_t p = c->mate[v];
            if (p == -1 || c->endpoint[p] < v) continue;
            if ((err = check_edge(c, p >> 1, c->endpoint[p ^ 1], c->endpoint[p], &forest, cntm, s)) != NULL) goto done;
            ncert++;
        }
        for (v = 0; v < n; v++) {
            if (!dirty[v]) continue;
            const AdjEntry *av = c->adj[v];
            for (int32_t q = 0; q < c->deg[v]; q++) {
                int32_t u = av[q].v;
                if (c->mate[v] == av[q].p || (dirty[u] && u < v)) continue;
                if ((err = check_edge(c, av[q].p >> 1, v, u, &forest, cntm, s)) != NULL) goto done;
                ncert++;
            }
        }
    }

    c->stats[STAT_CERTIFIED] += ncert;

    /* 5. blossoms with positive dual are odd and full */
    for (v = 0; v < n; v++)
        for (x = c->bparent[v]; x != -1; x = c->bparent[x]) cntl[x]++;
    for (x = n; x < n2; x++) {
        if (c->bbase[x] < 0 || mp_is_zero(DUAL(c, x), L)) continue;
        if ((cntl[x] & 1) == 0 || cntl[x] < 3) { err = "blossom with positive dual is not odd"; goto done; }
        if (2 * (int64_t)cntm[x] != (int64_t)cntl[x] - 1) { err = "blossom with positive dual is not full"; goto done; }
    }

    /* 6. max cardinality: Tutte-Berge barrier from the final labels */
    if (c->maxcard) {
        uf = malloc(((size_t)n + 1) * sizeof(int32_t));
        if (!uf) { c->status = ST_NOMEM; goto done; }
        int64_t nx = 0, nodd = 0;
        for (v = 0; v < n; v++) {
            uf[v] = v;
            cntl[v] = 0; /* reused: component sizes */
        }
        for (v = 0; v < n; v++) if (c->label[top[v]] == 2) nx++;
        for (int32_t k = 0; k < m; k++) {
            int32_t i = c->endpoint[2 * k], j = c->endpoint[2 * k + 1];
            if (i < 0) continue; /* unused edge slot */
            if (c->label[top[i]] == 2 || c->label[top[j]] == 2) continue;
            int32_t ri = uf_find(uf, i), rj = uf_find(uf, j);
            if (ri != rj) uf[ri] = rj;
        }
        for (v = 0; v < n; v++)
            if (c->label[top[v]] != 2) cntl[uf_find(uf, v)]++;
        for (v = 0; v < n; v++)
            if (cntl[v] & 1) nodd++;
        if ((int64_t)n - 2 * msize != nodd - nx) { err = "maximum cardinality not certified"; goto done; }
    }

done:
    if (err) internal_error(c, err);
    free(dep); free(top); free(cntl); free(cntm); free(stack);
    free(zsum); free(s); free(tmp); free(off); free(uf); free(up);
    return c->status;
}

/* ------------------------------------------------------------------------ */
/* Python interface                                                         */
/* ------------------------------------------------------------------------ */

/* What a solve did (for tests): counters, limb width, limb retries, and why a
 * warm start fell back to a cold one.  Filled without the GIL into a local
 * struct, published to the globals below with the GIL held. */
typedef struct {
    int64_t stats[STAT_COUNT];
    int limbs, retries;
    const char *warm_failure;
} SolveInfo;

static SolveInfo last_info;

/* An error about edge idx of a list ("edge 3: ..."), or about the single
 * edge of a call like set_edge(u, v, w) when idx < 0. */
#define EDGE_ERROR(exc, idx, fmt, ...)                                        \
    ((idx) >= 0 ? PyErr_Format((exc), "edge %zd: " fmt, (Py_ssize_t)(idx), __VA_ARGS__) \
                : PyErr_Format((exc), fmt, __VA_ARGS__))

/* Borrow the three items of an edge; *hold receives a new reference to keep
 * alive (or NULL). */
static int edge_items(PyObject *item, Py_ssize_t idx, PyObject **u, PyObject **v, PyObject **w, PyObject **hold)
{
    *hold = NULL;
    if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 3) {
        *u = PyTuple_GET_ITEM(item, 0);
        *v = PyTuple_GET_ITEM(item, 1);
        *w = PyTuple_GET_ITEM(item, 2);
        return 0;
    }
    if (!PySequence_Check(item) || PyUnicode_Check(item) || PyBytes_Check(item)) {
        PyErr_Format(PyExc_TypeError, "edge %zd: expected a (u, v, weight) tuple, got %.100s", idx,
                     Py_TYPE(item)->tp_name);
        return -1;
    }
    PyObject *f = PySequence_Fast(item, "edge must be a (u, v, weight) tuple");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != 3) {
        PyErr_Format(PyExc_ValueError, "edge %zd: expected (u, v, weight), got a sequence of length %zd", idx,
                     PySequence_Fast_GET_SIZE(f));
        Py_DECREF(f);
        return -1;
    }
    *hold = f;
    *u = PySequence_Fast_GET_ITEM(f, 0);
    *v = PySequence_Fast_GET_ITEM(f, 1);
    *w = PySequence_Fast_GET_ITEM(f, 2);
    return 0;
}

static int parse_vertex(PyObject *o, Py_ssize_t idx, int64_t n, int32_t *out)
{
    if (!PyLong_Check(o)) {
        if (PyFloat_Check(o) || !PyIndex_Check(o)) {
            EDGE_ERROR(PyExc_TypeError, idx, "vertex must be an int, got %.100s", Py_TYPE(o)->tp_name);
            return -1;
        }
    }
    PyObject *iv = PyNumber_Index(o);
    if (!iv) return -1;
    int ovf = 0;
    long long x = PyLong_AsLongLongAndOverflow(iv, &ovf);
    Py_DECREF(iv);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (ovf != 0 || x < 0 || x >= n) {
        EDGE_ERROR(PyExc_ValueError, idx, "vertex %R out of range for n=%lld", o, (long long)n);
        return -1;
    }
    *out = (int32_t)x;
    return 0;
}

/* New reference to the weight as a Python int, checked non-negative. */
static PyObject *weight_int(PyObject *o, Py_ssize_t idx)
{
    if (!PyLong_Check(o) && (PyFloat_Check(o) || !PyIndex_Check(o))) {
        EDGE_ERROR(PyExc_TypeError, idx, "weight must be an int, got %.100s", Py_TYPE(o)->tp_name);
        return NULL;
    }
    PyObject *iv = PyNumber_Index(o);
    if (!iv) return NULL;
    int ovf = 0;
    long long x = PyLong_AsLongLongAndOverflow(iv, &ovf);
    if (x == -1 && PyErr_Occurred()) {
        Py_DECREF(iv);
        return NULL;
    }
    if (ovf < 0 || (ovf == 0 && x < 0)) {
        EDGE_ERROR(PyExc_ValueError, idx, "negative weight %R", iv);
        Py_DECREF(iv);
        return NULL;
    }
    return iv;
}

/* Bit length of a non-negative int; -1 on error. */
static int64_t weight_bits(PyObject *iv)
{
    int ovf = 0;
    long long x = PyLong_AsLongLongAndOverflow(iv, &ovf);
    if (ovf == 0) {
        if (x == -1 && PyErr_Occurred()) return -1;
        return x == 0 ? 0 : 64 - __builtin_clzll((unsigned long long)x);
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t nbytes = PyLong_AsNativeBytes(iv, NULL, 0, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (nbytes < 0) return -1;
    return (int64_t)nbytes * 8;
#else
    size_t nb = _PyLong_NumBits(iv);
    if (nb == (size_t)-1 && PyErr_Occurred()) return -1;
    return (int64_t)nb;
#endif
}

/* Store the non-negative int iv into L limbs at dst (which fit by choice of L). */
static int weight_store(PyObject *iv, limb_t *dst, int L)
{
    int ovf = 0;
    long long x = PyLong_AsLongLongAndOverflow(iv, &ovf);
    mp_zero(dst, L);
    if (ovf == 0) {
        if (x == -1 && PyErr_Occurred()) return -1;
        dst[0] = (limb_t)x;
        return 0;
    }
#if PY_VERSION_HEX >= 0x030D0000
    unsigned char *buf = (unsigned char *)dst;
    Py_ssize_t r = PyLong_AsNativeBytes(iv, buf, (Py_ssize_t)L * 8,
                                        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (r < 0) return -1;
    if (r > (Py_ssize_t)L * 8) {
        PyErr_SetString(PyExc_OverflowError, "weight does not fit (internal)");
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)iv, (unsigned char *)dst, (size_t)L * 8, 1, 0) < 0) return -1;
#endif
#if !PY_LITTLE_ENDIAN
    {
        unsigned char *bytes = (unsigned char *)dst;
        for (int i = 0; i < L; i++) {
            limb_t val = 0;
            for (int b = 7; b >= 0; b--) val = (val << 8) | bytes[8 * i + b];
            dst[i] = val;
        }
    }
#endif
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Widen each of the m rows of *buf from L to L2 limbs (values non-negative). */
static int widen_rows(limb_t **buf, int32_t m, int L, int L2)
{
    limb_t *nbuf = realloc(*buf, ((size_t)m * L2 + 1) * sizeof(limb_t));
    if (!nbuf) return -1;
    for (int64_t k = (int64_t)m - 1; k >= 0; k--) {
        memmove(nbuf + (size_t)k * L2, nbuf + (size_t)k * L, (size_t)L * sizeof(limb_t));
        memset(nbuf + (size_t)k * L2 + L, 0, (size_t)(L2 - L) * sizeof(limb_t));
    }
    *buf = nbuf;
    return 0;
}

static int bit_length_u64(uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }

/* A validated graph in C form.  Edge k (a "slot") joins endpoint[2k] and
 * endpoint[2k+1] with weight w2[k] / 2; in an IncrementalMatcher slots of
 * removed edges have endpoints -1 and a zero weight until they are reused.
 * adj[v] lists v's edges (deg[v] of them).  A one-shot graph keeps all
 * entries in one block (`entries`); an IncrementalMatcher gives each vertex
 * its own growable array (`adjcap` set). */
typedef struct {
    int32_t n, m;      /* vertices, edge slots */
    int32_t cap;       /* allocated slots (rows of w2, pairs of endpoint) */
    int32_t nlive;     /* edges in use */
    int L;
    int32_t *endpoint; /* 2m */
    limb_t *w2;        /* m*L */
    AdjEntry **adj;    /* n */
    int32_t *deg;      /* n */
    AdjEntry *entries; /* one-shot: 2m entries */
    int32_t *adjcap;   /* incremental: capacity of adj[v] */
    /* adjw[v] + q * L: a copy of 2w of v's q-th edge, beside its adjacency
     * entry, so that the algorithm's scan of v's edges reads weights in order
     * instead of one row of w2 per edge (a cache miss each); w2 stays the
     * weights the certificate reads */
    limb_t **adjw;     /* n */
    limb_t *wentries;  /* one-shot: 2m rows */
} Graph;

static void graph_free(Graph *g)
{
    if (g->adjcap && g->adj)
        for (int32_t v = 0; v < g->n; v++) free(g->adj[v]);
    if (g->adjcap && g->adjw)
        for (int32_t v = 0; v < g->n; v++) free(g->adjw[v]);
    free(g->adjw);
    free(g->wentries);
    g->adjw = NULL;
    g->wentries = NULL;
    free(g->endpoint);
    free(g->w2);
    free(g->adj);
    free(g->deg);
    free(g->entries);
    free(g->adjcap);
    g->endpoint = g->deg = g->adjcap = NULL;
    g->w2 = NULL;
    g->adj = NULL;
    g->entries = NULL;
}

/* Refresh the cached top limbs of 2w in every adjacency entry. */
static void graph_set_tops(Graph *g)
{
    const int L = g->L;
    for (int32_t v = 0; v < g->n; v++) {
        AdjEntry *a = g->adj[v];
        for (int32_t q = 0; q < g->deg[v]; q++) {
            const limb_t *row = g->w2 + (size_t)(a[q].p >> 1) * L;
            a[q].top = (int64_t)row[L - 1];
            mp_copy(g->adjw[v] + (size_t)q * L, row, L);
        }
    }
}

/* Widen every weight row (all allocated slots) from g->L to L2 limbs. */
static int graph_widen(Graph *g, int L2)
{
    if (L2 <= g->L) return 0;
    if (widen_rows(&g->w2, g->cap, g->L, L2) < 0) return -1;
    if (g->adjcap) {
        for (int32_t v = 0; v < g->n; v++) {
            if (!g->adjcap[v]) continue;
            limb_t *r = realloc(g->adjw[v], (size_t)g->adjcap[v] * L2 * sizeof(limb_t));
            if (!r) return -1;
            g->adjw[v] = r;
        }
    } else {
        limb_t *r = realloc(g->wentries, ((size_t)2 * g->m + 1) * L2 * sizeof(limb_t));
        if (!r) return -1;
        g->wentries = r;
        for (int32_t v = 0; v < g->n; v++) g->adjw[v] = r + (size_t)(g->adj[v] - g->entries) * L2;
    }
    g->L = L2;
    graph_set_tops(g);
    return 0;
}

static int parse_n(PyObject *nobj, int32_t *out)
{
    if (!PyLong_Check(nobj)) {
        PyErr_Format(PyExc_TypeError, "n must be an int, got %.100s", Py_TYPE(nobj)->tp_name);
        return -1;
    }
    int ovf = 0;
    long long nll = PyLong_AsLongLongAndOverflow(nobj, &ovf);
    if (nll == -1 && PyErr_Occurred()) return -1;
    if (ovf < 0 || (ovf == 0 && nll < 0)) {
        PyErr_SetString(PyExc_ValueError, "n must be non-negative");
        return -1;
    }
    if (ovf > 0 || nll > MAX_VERTICES) {
        PyErr_Format(PyExc_ValueError, "n is too large (at most %lld vertices)", (long long)MAX_VERTICES);
        return -1;
    }
    *out = (int32_t)nll;
    return 0;
}

/* Validate the edges and convert them; -1 with a Python exception set. */
static int parse_graph(int32_t n, PyObject *edges_obj, int maxcard, int force_limbs, Graph *g)
{
    memset(g, 0, sizeof(*g));
    PyObject *seq = PySequence_Fast(edges_obj, "edges must be an iterable of (u, v, weight) tuples");
    if (!seq) return -1;
    Py_ssize_t mm = PySequence_Fast_GET_SIZE(seq);
    if (mm > MAX_EDGES) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "too many edges (at most %lld)", (long long)MAX_EDGES);
        return -1;
    }
    const int32_t m = (int32_t)mm;
    uint8_t *bitmap = NULL;
    uint64_t *keys = NULL;
    int32_t *fill = NULL;
    int64_t maxbits = 0;
    int L = 1;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    const int use_bitmap = (int64_t)n <= 16384;

    g->n = n;
    g->m = m;
    g->endpoint = malloc(((size_t)2 * m + 1) * sizeof(int32_t));
    if (!g->endpoint) { PyErr_NoMemory(); goto fail; }
    if (use_bitmap) bitmap = calloc(((size_t)n * n + 7) / 8 + 1, 1);
    else keys = malloc(((size_t)m + 1) * sizeof(uint64_t));
    if (use_bitmap ? !bitmap : !keys) { PyErr_NoMemory(); goto fail; }

    /* pass 1: validate, record endpoints, find the widest weight */
    for (Py_ssize_t k = 0; k < mm; k++) {
        PyObject *uo, *vo, *wo, *hold;
        if (edge_items(items[k], k, &uo, &vo, &wo, &hold) < 0) goto fail;
        int32_t u = 0, v = 0;
        int bad = parse_vertex(uo, k, n, &u) < 0 || parse_vertex(vo, k, n, &v) < 0;
        PyObject *iv = bad ? NULL : weight_int(wo, k);
        Py_XDECREF(hold);
        if (!iv) goto fail;
        int64_t bits = weight_bits(iv);
        Py_DECREF(iv);
        if (bits < 0) goto fail;
        if (bits > maxbits) maxbits = bits;
        if (u == v) {
            PyErr_Format(PyExc_ValueError, "edge %zd: self-loop on vertex %d", k, (int)u);
            goto fail;
        }
        int32_t a = u < v ? u : v, b = u < v ? v : u;
        if (use_bitmap) {
            size_t bit = (size_t)a * n + b;
            if (bitmap[bit >> 3] & (1u << (bit & 7))) {
                PyErr_Format(PyExc_ValueError, "edge %zd: duplicate edge between vertices %d and %d", k, (int)a, (int)b);
                goto fail;
            }
            bitmap[bit >> 3] |= (uint8_t)(1u << (bit & 7));
        } else {
            keys[k] = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
        }
        g->endpoint[2 * k] = u;
        g->endpoint[2 * k + 1] = v;
    }
    if (!use_bitmap && m > 1) {
        qsort(keys, (size_t)m, sizeof(uint64_t), cmp_u64);
        for (int32_t k = 1; k < m; k++) {
            if (keys[k] == keys[k - 1]) {
                PyErr_Format(PyExc_ValueError, "duplicate edge between vertices %d and %d", (int)(keys[k] >> 32),
                             (int)(keys[k] & 0xffffffffu));
                goto fail;
            }
        }
    }
    free(bitmap); bitmap = NULL;
    free(keys); keys = NULL;
    if (maxbits > 1 << 24) {
        PyErr_SetString(PyExc_ValueError, "weights wider than 2^24 bits are not supported");
        goto fail;
    }

    /* limbs: 2w plus headroom; max cardinality duals can reach about n^2 w */
    int64_t need = maxbits + 1 + 5 + HEADROOM_BITS;
    if (maxcard) need += 2 * bit_length_u64((uint64_t)n) + 2;
    L = (int)((need + 63) / 64);
    if (L < 1) L = 1;
    if (force_limbs > 0) {
        /* testing hook: start narrower (never narrower than 2w needs) */
        int floor_limbs = (int)((maxbits + 1 + 5 + 63) / 64);
        L = force_limbs < floor_limbs ? floor_limbs : force_limbs;
        if (L < 1) L = 1;
    }
    g->L = L;

    /* pass 2: weights as 2w on L limbs */
    g->w2 = malloc(((size_t)m * L + 1) * sizeof(limb_t));
    if (!g->w2) { PyErr_NoMemory(); goto fail; }
    for (Py_ssize_t k = 0; k < mm; k++) {
        PyObject *uo, *vo, *wo, *hold;
        if (edge_items(items[k], k, &uo, &vo, &wo, &hold) < 0) goto fail;
        PyObject *iv = weight_int(wo, k);
        Py_XDECREF(hold);
        if (!iv) goto fail;
        limb_t *dst = g->w2 + (size_t)k * L;
        int r = weight_store(iv, dst, L);
        Py_DECREF(iv);
        if (r < 0) goto fail;
        for (int i = L - 1; i > 0; i--) dst[i] = (dst[i] << 1) | (dst[i - 1] >> 63);
        dst[0] <<= 1;
    }

    /* adjacency: one block, each vertex's entries in edge order */
    g->nlive = m;
    g->cap = m;
    g->adj = malloc(((size_t)n + 1) * sizeof(AdjEntry *));
    g->deg = calloc((size_t)n + 1, sizeof(int32_t));
    g->entries = malloc(((size_t)2 * m + 1) * sizeof(AdjEntry));
    g->adjw = malloc(((size_t)n + 1) * sizeof(limb_t *));
    g->wentries = malloc(((size_t)2 * m + 1) * L * sizeof(limb_t));
    fill = calloc((size_t)n + 2, sizeof(int32_t));
    if (!g->adj || !g->deg || !g->entries || !g->adjw || !g->wentries || !fill) { PyErr_NoMemory(); goto fail; }
    for (int32_t k = 0; k < 2 * m; k++) fill[g->endpoint[k] + 1]++;
    for (int32_t v = 0; v < n; v++) fill[v + 1] += fill[v];
    for (int32_t v = 0; v < n; v++) {
        g->adj[v] = g->entries + fill[v];
        g->adjw[v] = g->wentries + (size_t)fill[v] * L;
    }
    for (int32_t k = 0; k < m; k++) {
        int32_t a = g->endpoint[2 * k], b = g->endpoint[2 * k + 1];
        g->adj[a][g->deg[a]++] = (AdjEntry){b, 2 * k + 1, 0};
        g->adj[b][g->deg[b]++] = (AdjEntry){a, 2 * k, 0};
    }
    graph_set_tops(g);
    free(fill);
    Py_DECREF(seq);
    return 0;

fail:
    free(bitmap);
    free(keys);
    free(fill);
    graph_free(g);
    Py_DECREF(seq);
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Warm start                                                               */
/* ------------------------------------------------------------------------ */

/* A proven optimum kept for the next solve: matching (vertex ids), duals,
 * blossoms (children and the edges joining them, as vertex pairs). */
typedef struct {
    int32_t n;
    int L;
    int32_t *mate;     /* n */
    limb_t *dual;      /* 2n*L */
    int32_t *bparent;  /* 2n */
    int32_t *bbase;    /* 2n, -1 = unused blossom id */
    int32_t *bnchilds; /* 2n */
    int32_t **bchilds; /* 2n */
    int32_t **bendv;   /* 2n: 2*nchilds vertex ids (endpoint[p], endpoint[p^1]) */
} WarmState;

static void ws_free(WarmState *w)
{
    if (!w) return;
    if (w->bchilds)
        for (int64_t b = 0; b < 2 * (int64_t)w->n; b++) {
            free(w->bchilds[b]);
            free(w->bendv[b]);
        }
    free(w->mate); free(w->dual); free(w->bparent); free(w->bbase); free(w->bnchilds);
    free(w->bchilds); free(w->bendv);
    free(w);
}

static WarmState *ws_save(const Ctx *c)
{
    const int32_t n = c->n, n2 = 2 * n;
    const int L = c->L;
    WarmState *w = calloc(1, sizeof(WarmState));
    if (!w) return NULL;
    w->n = n;
    w->L = L;
    w->mate = malloc(((size_t)n + 1) * sizeof(int32_t));
    w->dual = malloc(((size_t)n2 + 1) * L * sizeof(limb_t));
    w->bparent = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    w->bbase = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    w->bnchilds = calloc((size_t)n2 + 1, sizeof(int32_t));
    w->bchilds = calloc((size_t)n2 + 1, sizeof(int32_t *));
    w->bendv = calloc((size_t)n2 + 1, sizeof(int32_t *));
    if (!w->mate || !w->dual || !w->bparent || !w->bbase || !w->bnchilds || !w->bchilds || !w->bendv) goto fail;
    for (int32_t v = 0; v < n; v++) w->mate[v] = c->mate[v] >= 0 ? c->endpoint[c->mate[v]] : -1;
    memcpy(w->dual, c->dual, (size_t)n2 * L * sizeof(limb_t));
    for (int32_t b = 0; b < n2; b++) {
        w->bparent[b] = c->bparent[b];
        w->bbase[b] = b < n ? b : c->bbase[b];
        if (b < n || c->bbase[b] < 0) continue;
        int32_t nc = c->bnchilds[b];
        w->bnchilds[b] = nc;
        w->bchilds[b] = malloc((size_t)nc * sizeof(int32_t));
        w->bendv[b] = malloc((size_t)2 * nc * sizeof(int32_t));
        if (!w->bchilds[b] || !w->bendv[b]) goto fail;
        memcpy(w->bchilds[b], c->bchilds[b], (size_t)nc * sizeof(int32_t));
        for (int32_t i = 0; i < nc; i++) {
            int32_t p = c->bendps[b][i];
            w->bendv[b][2 * i] = c->endpoint[p];
            w->bendv[b][2 * i + 1] = c->endpoint[p ^ 1];
        }
    }
    return w;
fail:
    ws_free(w);
    return NULL;
}

/* eff[x], for every vertex and live blossom x of a blossom forest: its
 * nearest proper ancestor whose dual is not zero (nz[b]), -1 if none.
 * Returns -1 on a cycle (the caller then checks every edge). */
static int eff_parents(int32_t n, const int32_t *bparent, const int32_t *bbase, const uint8_t *nz, int32_t *eff,
                       int32_t *stack)
{
    const int32_t n2 = 2 * n;
    for (int32_t x = 0; x < n2; x++) eff[x] = -2;
    for (int32_t x = 0; x < n2; x++) {
        if (x >= n && bbase[x] < 0) continue;
        int32_t sp = 0, y = x;
        while (y != -1 && eff[y] == -2) {
            if (sp >= n2 || (y >= n && bbase[y] < 0)) return -1;
            stack[sp++] = y;
            y = bparent[y];
        }
        while (sp > 0) {
            int32_t t = stack[--sp], p = bparent[t];
            eff[t] = p == -1 ? -1 : (nz[p] ? p : eff[p]);
        }
    }
    return 0;
}

/* The vertices whose edges may have another slack than under the saved
 * optimum w, whose certificate proved every slack non-negative: the changed
 * vertices (every edge added or re-weighted since has an end among them),
 * and every vertex whose dual, or whose chain of enclosing blossoms with a
 * non-zero dual (their ids and duals), differs from w's.
 *
 * Why the other edges need no check: the slack of an edge {i, j} is
 * u_i + u_j - 2 w_ij plus twice the duals of the blossoms holding both ends,
 * that is of the blossoms named in both chains; a blossom whose dual is zero
 * adds nothing.  When neither end is dirty, the weight, both vertex duals and
 * both chains (as sequences of ids and duals) are w's, so the slack is the one
 * w's certificate proved non-negative.
 *
 * NULL when out of memory, when a forest has a cycle, or when more than a
 * quarter of the vertices are dirty: then verify() checks every edge. */
static uint8_t *dirty_since(const Ctx *c, const WarmState *w, const int32_t *changed, int32_t nchanged)
{
    const int32_t n = c->n, n2 = 2 * n;
    const int L = c->L, wl = w->L;
    uint8_t *dirty = calloc((size_t)n + 1, 1);
    uint8_t *nzn = calloc((size_t)n2 + 1, 1), *nzo = calloc((size_t)n2 + 1, 1);
    int8_t *clean = malloc((size_t)n2 + 1);
    int32_t *effn = malloc(((size_t)n2 + 1) * sizeof(int32_t)), *effo = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    int32_t *stack = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    limb_t *old = malloc((size_t)L * sizeof(limb_t));
    int ok = 0;
    if (!dirty || !nzn || !nzo || !clean || !effn || !effo || !stack || !old) goto done;
    for (int32_t b = n; b < n2; b++) {
        nzn[b] = c->bbase[b] >= 0 && !mp_is_zero(DUAL(c, b), L);
        nzo[b] = w->bbase[b] >= 0 && !mp_is_zero(w->dual + (size_t)b * wl, wl);
    }
    if (eff_parents(n, c->bparent, c->bbase, nzn, effn, stack) < 0) goto done;
    if (eff_parents(n, w->bparent, w->bbase, nzo, effo, stack) < 0) goto done;
    /* clean[b]: blossom b (non-zero dual now) had the same dual and the same
     * chain above it in w, recursively */
    for (int32_t b = 0; b < n2; b++) clean[b] = -1;
    for (int32_t b = n; b < n2; b++) {
        if (!nzn[b] || clean[b] >= 0) continue;
        int32_t sp = 0, y = b;
        while (y != -1 && clean[y] < 0) {
            stack[sp++] = y;
            y = effn[y];
        }
        while (sp > 0) {
            int32_t t = stack[--sp], p = effn[t];
            int same = nzo[t] && effo[t] == p && (p == -1 || clean[p] == 1);
            if (same) {
                mp_sext(old, L, w->dual + (size_t)t * wl, wl);
                same = mp_cmp(old, DUAL(c, t), L) == 0;
            }
            clean[t] = (int8_t)same;
        }
    }
    for (int32_t i = 0; i < nchanged; i++) dirty[changed[i]] = 1;
    for (int32_t v = 0; v < n; v++) {
        if (dirty[v]) continue;
        int32_t p = effn[v];
        if (p != effo[v] || (p != -1 && clean[p] != 1)) {
            dirty[v] = 1;
            continue;
        }
        mp_sext(old, L, w->dual + (size_t)v * wl, wl);
        dirty[v] = mp_cmp(old, DUAL(c, v), L) != 0;
    }
    /* with many dirty vertices, checking every edge in slot order (reading
     * the weights in order) is cheaper than their adjacencies */
    int32_t ndirty = 0;
    for (int32_t v = 0; v < n; v++) ndirty += dirty[v];
    ok = 4 * (int64_t)ndirty <= n;
done:
    free(nzn); free(nzo); free(clean); free(effn); free(effo); free(stack); free(old);
    if (!ok) {
        free(dirty);
        return NULL;
    }
    return dirty;
}

/* Open-addressing map from an unordered vertex pair to its edge id. */
typedef struct {
    uint64_t *keys; /* (a << 32 | b) + 1, a < b; 0 = empty */
    int32_t *vals;
    uint64_t mask;
} PairMap;

static inline uint64_t pair_key(int32_t u, int32_t v)
{
    uint32_t a = (uint32_t)(u < v ? u : v), b = (uint32_t)(u < v ? v : u);
    return (((uint64_t)a << 32) | b) + 1;
}

static inline uint64_t pair_hash(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

static int pairmap_build(PairMap *pm, const int32_t *endpoint, int32_t m)
{
    uint64_t cap = 16;
    while (cap < 2 * (uint64_t)m + 16) cap <<= 1;
    pm->keys = calloc(cap, sizeof(uint64_t));
    pm->vals = malloc(cap * sizeof(int32_t));
    pm->mask = cap - 1;
    if (!pm->keys || !pm->vals) return -1;
    for (int32_t k = 0; k < m; k++) {
        if (endpoint[2 * k] < 0) continue;
        uint64_t key = pair_key(endpoint[2 * k], endpoint[2 * k + 1]);
        uint64_t h = pair_hash(key) & pm->mask;
        while (pm->keys[h]) h = (h + 1) & pm->mask;
        pm->keys[h] = key;
        pm->vals[h] = k;
    }
    return 0;
}

static int32_t pairmap_get(const PairMap *pm, int32_t u, int32_t v)
{
    uint64_t key = pair_key(u, v);
    uint64_t h = pair_hash(key) & pm->mask;
    while (pm->keys[h]) {
        if (pm->keys[h] == key) return pm->vals[h];
        h = (h + 1) & pm->mask;
    }
    return -1;
}

/* Finds the slot of edge {a, b}, or -1: the caller's index of the graph. */
typedef struct {
    int32_t (*find)(const void *index, int32_t a, int32_t b);
    const void *index;
} EdgeLookup;

static int32_t pairmap_find(const void *pm, int32_t a, int32_t b) { return pairmap_get((const PairMap *)pm, a, b); }

/* The endpoint index p of edge {a, b} with endpoint[p] == b, or -1. */
static int32_t endpoint_to(const Ctx *c, const EdgeLookup *lk, int32_t a, int32_t b)
{
    int32_t k = lk->find(lk->index, a, b);
    if (k < 0 || k >= c->m) return -1;
    if (c->endpoint[2 * k] == b && c->endpoint[2 * k + 1] == a) return 2 * k;
    if (c->endpoint[2 * k] == a && c->endpoint[2 * k + 1] == b) return 2 * k + 1;
    return -1;
}

/* Dissolve top-level blossom b of the loaded state: its dual moves onto its
 * vertices (u_v += z_b keeps every edge inside b exactly as tight, and edges
 * leaving b get slack z_b), its children become top-level, and if z_b > 0 the
 * base's matched edge to the outside is no longer tight, so it is unmatched. */
static void warm_dissolve(Ctx *c, int32_t b, int32_t *mv)
{
    const int L = c->L;
    const limb_t *z = DUAL(c, b);
    int32_t cnt = leaves(c, b, c->scratch);
    for (int32_t i = 0; i < cnt; i++) {
        limb_t *u = DUAL(c, c->scratch[i]);
        mp_add(u, u, z, L);
        check_range(c, u);
    }
    for (int32_t i = 0; i < c->bnchilds[b]; i++) c->bparent[c->bchilds[b][i]] = -1;
    int32_t base = c->bbase[b];
    if (!mp_is_zero(z, L) && mv[base] >= 0) {
        mv[mv[base]] = -1;
        mv[base] = -1;
    }
    mp_zero(DUAL(c, b), L);
    free(c->bchilds[b]);
    c->bchilds[b] = NULL;
    c->bnchilds[b] = 0;
    c->bbase[b] = -1;
    c->stats[STAT_DISSOLVED]++;
}

/* Load a saved optimum into c (allocated for the new graph), undo what the
 * changed vertices touch, and restore dual feasibility.  Returns 0 when the
 * state is ready for stages(c, 1), -1 when it cannot be used (cold start). */
static int warm_init(Ctx *c, const WarmState *w, const int32_t *changed, int32_t nchanged, const EdgeLookup *lookup)
{
    const int32_t n = c->n, n2 = 2 * n;
    const int L = c->L;
    int rc = -1;
    PairMap pm = {NULL, NULL, 0};
    int32_t *mv = malloc(((size_t)n + 1) * sizeof(int32_t));
    if (!mv) {
        c->status = ST_NOMEM;
        return -1;
    }
    for (int32_t x = 0; x < n2; x++) {
        mp_sext(DUAL(c, x), L, w->dual + (size_t)x * w->L, w->L);
        c->label[x] = 0;
        c->labelend[x] = -1;
        c->bestedge[x] = -1;
        c->bestedgeto[x] = -1;
        c->nbbest[x] = -1;
        c->bparent[x] = w->bparent[x];
        c->bbase[x] = w->bbase[x];
        c->bnchilds[x] = 0;
        if (x >= n && w->bbase[x] >= 0) {
            int32_t nc = w->bnchilds[x];
            c->bchilds[x] = malloc((size_t)nc * sizeof(int32_t));
            if (!c->bchilds[x]) {
                c->status = ST_NOMEM;
                goto done;
            }
            memcpy(c->bchilds[x], w->bchilds[x], (size_t)nc * sizeof(int32_t));
            c->bnchilds[x] = nc;
        }
    }
    memcpy(mv, w->mate, (size_t)n * sizeof(int32_t));

    /* dissolve every blossom that holds a changed vertex, outermost first */
    for (int32_t i = 0; i < nchanged; i++) {
        int32_t x = changed[i];
        for (;;) {
            int32_t t = x, guard = 0;
            while (c->bparent[t] != -1) {
                t = c->bparent[t];
                if (++guard > n2) goto done;
            }
            if (t == x) break;
            warm_dissolve(c, t, mv);
        }
    }
    /* changed vertices and their mates become exposed */
    for (int32_t i = 0; i < nchanged; i++) {
        int32_t x = changed[i];
        if (mv[x] >= 0) {
            mv[mv[x]] = -1;
            mv[x] = -1;
        }
    }
    /* each changed vertex (now top-level and exposed) gets the smallest dual
     * that makes its edges feasible: max(0, max_j 2w - u_j) */
    for (int32_t i = 0; i < nchanged; i++) {
        int32_t x = changed[i];
        limb_t *best = c->t2, *t = c->t1;
        mp_zero(best, L);
        const AdjEntry *ax = c->adj[x];
        for (int32_t q = 0; q < c->deg[x]; q++) {
            mp_sub(t, c->adjw[x] + (size_t)q * L, DUAL(c, ax[q].v), L);
            if (mp_cmp(t, best, L) > 0) mp_copy(best, t, L);
        }
        mp_copy(DUAL(c, x), best, L);
        check_range(c, DUAL(c, x));
    }
    /* All roots (exposed vertices with a positive dual) must share one parity:
     * every vertex joined to a root by tight edges has the root's parity, so
     * then every slack between two S-blossoms is even and delta3 = slack/2
     * exact (the classic algorithm gets this from equal root duals).  Raising
     * an exposed top-level vertex's dual by one keeps every edge feasible; a
     * root that is the base of a blossom is first freed by dissolving. */
    {
        int64_t votes[2] = {0, 0};
        for (int32_t v = 0; v < n; v++)
            if (mv[v] < 0 && !mp_le_zero(DUAL(c, v), L)) votes[DUAL(c, v)[0] & 1] += c->bparent[v] != -1 ? n2 : 1;
        limb_t target = votes[1] > votes[0];
        for (int32_t v = 0; v < n; v++) {
            if (mv[v] >= 0 || mp_le_zero(DUAL(c, v), L)) continue;
            int guard = 0;
            while ((DUAL(c, v)[0] & 1) != target) {
                if (++guard > n2 + 2) goto done;
                int32_t t = v;
                while (c->bparent[t] != -1) t = c->bparent[t];
                if (t == v) {
                    limb_t *one = c->t1;
                    mp_zero(one, L);
                    one[0] = 1;
                    mp_add(DUAL(c, v), DUAL(c, v), one, L);
                    check_range(c, DUAL(c, v));
                } else {
                    if (c->bbase[t] != v) goto done; /* an exposed vertex is its blossom's base */
                    warm_dissolve(c, t, mv);
                }
            }
        }
    }
    if (c->status) goto done;

    /* edges of the remaining blossoms and matched edges, in the new numbering;
     * none touches a changed vertex, so all still exist with the same weight */
    EdgeLookup own;
    if (!lookup) {
        if (pairmap_build(&pm, c->endpoint, c->m) < 0) {
            c->status = ST_NOMEM;
            goto done;
        }
        own.find = pairmap_find;
        own.index = &pm;
        lookup = &own;
    }
    for (int32_t b = n; b < n2; b++) {
        if (c->bbase[b] < 0) continue;
        int32_t nc = c->bnchilds[b];
        c->bendps[b] = malloc((size_t)nc * sizeof(int32_t));
        if (!c->bendps[b]) {
            c->status = ST_NOMEM;
            goto done;
        }
        for (int32_t i = 0; i < nc; i++) {
            int32_t a = w->bendv[b][2 * i], bb = w->bendv[b][2 * i + 1];
            int32_t p = endpoint_to(c, lookup, bb, a); /* endpoint[p] == a */
            if (p < 0) goto done;
            c->bendps[b][i] = p;
        }
    }
    for (int32_t v = 0; v < n; v++) {
        c->mate[v] = -1;
        if (mv[v] >= 0) {
            if (mv[mv[v]] != v) goto done;
            c->mate[v] = endpoint_to(c, lookup, v, mv[v]);
            if (c->mate[v] < 0) goto done;
        }
    }
    for (int32_t v = 0; v < n; v++) {
        int32_t t = v, guard = 0;
        while (c->bparent[t] != -1) {
            t = c->bparent[t];
            if (++guard > n2) goto done;
        }
        c->inblossom[v] = t;
    }
    c->nunused = 0;
    for (int32_t b = n2 - 1; b >= n; b--)
        if (c->bbase[b] < 0) c->unused[c->nunused++] = b;

    for (int32_t v = 0; v < n; v++) c->dtop[v] = (int64_t)DUAL(c, v)[L - 1];
    if (c->status) goto done;
    rc = 0;

done:
    free(pm.keys);
    free(pm.vals);
    free(mv);
    return rc;
}

/* Solve g (GIL released).  With a saved state and without max_cardinality a
 * warm start is tried first; anything it cannot handle falls back to a cold
 * start.  *ws_out (if given) receives the new optimum's state. */
static int solve_graph(Graph *g, int maxcard, const WarmState *ws, const int32_t *changed, int32_t nchanged,
                       int changes_complete, const EdgeLookup *lookup, int32_t *mate_out, WarmState **ws_out,
                       int *warm_used, const char **msg, SolveInfo *info)
{
    const int32_t n = g->n, m = g->m;
    int status = ST_OK;
    Ctx c;
    *msg = NULL;
    if (warm_used) *warm_used = 0;
    if (ws_out) *ws_out = NULL;

    memset(info, 0, sizeof(*info));
    info->limbs = g->L;
    if (n == 0 || g->nlive == 0) {
        for (int32_t v = 0; v < n; v++) mate_out[v] = -1;
        return ST_OK;
    }

    if (ws && !maxcard && ws->n == n) {
        if (g->L < ws->L && graph_widen(g, ws->L) < 0) return ST_NOMEM;
        memset(&c, 0, sizeof(c));
        c.n = n; c.m = m; c.L = g->L; c.maxcard = 0;
        c.endpoint = g->endpoint; c.adj = g->adj; c.deg = g->deg; c.w2 = g->w2; c.adjw = g->adjw;
        if (ctx_alloc(&c) < 0) return ST_NOMEM;
        if (warm_init(&c, ws, changed, nchanged, lookup) == 0 && c.status == ST_OK) {
            stages(&c, 1);
            if (c.status == ST_OK && sabotage) { /* tests: a wrong dual the certificate must catch */
                for (int32_t v = 0; v < n; v++) {
                    if (c.mate[v] < 0 || c.deg[v] < 2) continue;
                    int32_t m2 = c.endpoint[c.mate[v]];
                    limb_t *two = c.t1;
                    mp_zero(two, c.L);
                    two[0] = 2;
                    mp_sub(DUAL(&c, v), DUAL(&c, v), two, c.L);
                    mp_add(DUAL(&c, m2), DUAL(&c, m2), two, c.L);
                    break;
                }
                sabotage = 0;
            }
            if (c.status == ST_OK) {
                /* with every change since ws's certificate known, only the
                 * edges whose slack may differ from then are checked again */
                uint8_t *dirty = changes_complete ? dirty_since(&c, ws, changed, nchanged) : NULL;
                verify(&c, dirty);
                free(dirty);
            }
            if (c.status != ST_OK) info->warm_failure = c.status == ST_INTERNAL ? c.msg : "overflow or memory";
        } else {
            info->warm_failure = "saved state does not fit the new graph";
        }
        memcpy(info->stats, c.stats, sizeof(info->stats));
        info->limbs = c.L;
        if (c.status == ST_OK && c.mate) {
            for (int32_t v = 0; v < n; v++) mate_out[v] = c.mate[v] >= 0 ? g->endpoint[c.mate[v]] : -1;
            if (ws_out) *ws_out = ws_save(&c);
            if (warm_used) *warm_used = 1;
            ctx_free(&c);
            return ST_OK;
        }
        status = c.status;
        ctx_free(&c);
        if (status == ST_NOMEM) return status;
        /* otherwise: a cold start decides */
    }

    for (int attempt = 0;; attempt++) {
        memset(&c, 0, sizeof(c));
        c.n = n; c.m = m; c.L = g->L; c.maxcard = maxcard;
        c.endpoint = g->endpoint; c.adj = g->adj; c.deg = g->deg; c.w2 = g->w2; c.adjw = g->adjw;
        if (ctx_alloc(&c) < 0) return ST_NOMEM;
        int greedy = greedy_start && !maxcard && attempt == 0;
        if (greedy) {
            init_greedy(&c);
            if (c.status == ST_OK) stages(&c, 1);
            if (c.status == ST_OK) verify(&c, NULL);
            if (c.status == ST_INTERNAL) { /* not expected: the classic start decides */
                ctx_free(&c);
                memset(&c, 0, sizeof(c));
                c.n = n; c.m = m; c.L = g->L; c.maxcard = maxcard;
                c.endpoint = g->endpoint; c.adj = g->adj; c.deg = g->deg; c.w2 = g->w2; c.adjw = g->adjw;
                if (ctx_alloc(&c) < 0) return ST_NOMEM;
                greedy = 0;
            }
        }
        if (!greedy) {
            init_cold(&c);
            stages(&c, 0);
            if (c.status == ST_OK) verify(&c, NULL);
        }
        status = c.status;
        *msg = c.msg;
        memcpy(info->stats, c.stats, sizeof(info->stats));
        info->limbs = c.L;
        info->retries = attempt;
        if (status == ST_OK) {
            for (int32_t v = 0; v < n; v++) mate_out[v] = c.mate[v] >= 0 ? g->endpoint[c.mate[v]] : -1;
            if (ws_out && !maxcard) *ws_out = ws_save(&c);
        }
        ctx_free(&c);
        if (status != ST_OVERFLOW || attempt >= MAX_RETRIES) break;
        if (graph_widen(g, 2 * g->L) < 0) return ST_NOMEM;
    }
    return status;
}

static void set_status_error(int status, const char *msg)
{
    if (status == ST_NOMEM) {
        PyErr_NoMemory();
    } else if (status == ST_OVERFLOW) {
        PyErr_SetString(PyExc_RuntimeError, "blossom: dual variables overflowed every limb width tried (a bug)");
    } else {
        PyErr_Format(PyExc_RuntimeError, "blossom: internal error, optimality certificate failed: %s", msg ? msg : "?");
    }
}

static PyObject *mate_list(const int32_t *mate, int32_t n)
{
    PyObject *result = PyList_New(n);
    if (!result) return NULL;
    for (int32_t v = 0; v < n; v++) {
        PyObject *o = PyLong_FromLong(mate[v]);
        if (!o) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, v, o);
    }
    return result;
}

PyDoc_STRVAR(mwm_doc,
"max_weight_matching(n, edges, max_cardinality=False) -> list[int]\n"
"\n"
"Maximum-weight matching of the graph on vertices 0..n-1 (Edmonds' blossom\n"
"algorithm, primal-dual, O(n^3)). `edges` is an iterable of (u, v, weight)\n"
"with distinct vertices in range and exact non-negative int weights of any\n"
"size. With max_cardinality=True the matching has the most edges possible\n"
"and the greatest weight among those. Returns the mate of every vertex\n"
"(-1 when unmatched). Raises ValueError/TypeError for bad input and\n"
"RuntimeError if the result fails its optimality certificate (a bug).");

static PyObject *py_max_weight_matching(PyObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n", "edges", "max_cardinality", "_limbs", NULL};
    PyObject *nobj = NULL, *edges_obj = NULL;
    int maxcard = 0, force_limbs = 0;
    int32_t n;
    Graph g;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|p$i:max_weight_matching", kwlist, &nobj, &edges_obj, &maxcard,
                                     &force_limbs))
        return NULL;
    if (parse_n(nobj, &n) < 0) return NULL;
    if (parse_graph(n, edges_obj, maxcard, force_limbs, &g) < 0) return NULL;
    int32_t *mate = malloc(((size_t)n + 1) * sizeof(int32_t));
    if (!mate) {
        graph_free(&g);
        return PyErr_NoMemory();
    }
    int status;
    const char *msg = NULL;
    SolveInfo info;
    Py_BEGIN_ALLOW_THREADS
    status = solve_graph(&g, maxcard, NULL, NULL, 0, 0, NULL, mate, NULL, NULL, &msg, &info);
    Py_END_ALLOW_THREADS
    last_info = info;
    PyObject *result = NULL;
    if (status == ST_OK) result = mate_list(mate, n);
    else set_status_error(status, msg);
    free(mate);
    graph_free(&g);
    return result;
}

#define WARM_CAPSULE "tabellone.matching._blossom.WarmState"

static void warm_capsule_free(PyObject *cap)
{
    ws_free((WarmState *)PyCapsule_GetPointer(cap, WARM_CAPSULE));
}

PyDoc_STRVAR(solve_state_doc,
"_solve_with_state(n, edges, state, changed) -> (mate, state, warm)\n"
"\n"
"max_weight_matching (without max_cardinality) that keeps the optimum for the\n"
"next call. `state` is None or what the previous call returned for the same n;\n"
"`changed` lists every vertex with an edge added, removed or re-weighted since\n"
"then. The previous optimum is repaired locally (blossoms holding changed\n"
"vertices dissolved, changed vertices and their mates unmatched, their duals\n"
"made feasible) and the stages run only for the vertices left exposed with a\n"
"positive dual. The result carries the same optimality certificate as a cold\n"
"solve; anything the warm start cannot handle is solved cold. `warm` tells which\n"
"happened. Used by tabellone.matching.blossom.Matcher.");

static PyObject *py_solve_with_state(PyObject *self, PyObject *args)
{
    PyObject *nobj, *edges_obj, *state_obj, *changed_obj;
    int32_t n;
    Graph g;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO:_solve_with_state", &nobj, &edges_obj, &state_obj, &changed_obj)) return NULL;
    if (parse_n(nobj, &n) < 0) return NULL;
    const WarmState *ws = NULL;
    if (state_obj != Py_None) {
        ws = PyCapsule_GetPointer(state_obj, WARM_CAPSULE);
        if (!ws) return NULL;
    }
    PyObject *chseq = PySequence_Fast(changed_obj, "changed must be a sequence of vertices");
    if (!chseq) return NULL;
    Py_ssize_t nch = PySequence_Fast_GET_SIZE(chseq);
    int32_t *changed = malloc(((size_t)nch + 1) * sizeof(int32_t));
    uint8_t *seen = calloc((size_t)n + 1, 1);
    int32_t nchanged = 0;
    if (!changed || !seen) {
        free(changed);
        free(seen);
        Py_DECREF(chseq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < nch; i++) {
        int32_t x;
        if (parse_vertex(PySequence_Fast_GET_ITEM(chseq, i), i, n, &x) < 0) {
            free(changed);
            free(seen);
            Py_DECREF(chseq);
            return NULL;
        }
        if (!seen[x]) {
            seen[x] = 1;
            changed[nchanged++] = x;
        }
    }
    free(seen);
    Py_DECREF(chseq);
    if (parse_graph(n, edges_obj, 0, 0, &g) < 0) {
        free(changed);
        return NULL;
    }
    int32_t *mate = malloc(((size_t)n + 1) * sizeof(int32_t));
    if (!mate) {
        free(changed);
        graph_free(&g);
        return PyErr_NoMemory();
    }
    int status, warm = 0;
    const char *msg = NULL;
    WarmState *out = NULL;
    SolveInfo info;
    Py_BEGIN_ALLOW_THREADS
    status = solve_graph(&g, 0, ws, changed, nchanged, 0, NULL, mate, &out, &warm, &msg, &info);
    Py_END_ALLOW_THREADS
    last_info = info;
    PyObject *result = NULL, *lst = NULL, *cap = NULL;
    if (status != ST_OK) {
        set_status_error(status, msg);
        ws_free(out);
    } else {
        lst = mate_list(mate, n);
        if (out) {
            cap = PyCapsule_New(out, WARM_CAPSULE, warm_capsule_free);
            if (!cap) ws_free(out);
        } else {
            cap = Py_None;
            Py_INCREF(cap);
        }
        if (lst && cap) result = Py_BuildValue("(OOO)", lst, cap, warm ? Py_True : Py_False);
        Py_XDECREF(lst);
        Py_XDECREF(cap);
    }
    free(mate);
    free(changed);
    graph_free(&g);
    return result;
}

static PyObject *py_last_stats(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int i = 0; i < STAT_COUNT; i++) {
        PyObject *v = PyLong_FromLongLong(last_info.stats[i]);
        if (!v || PyDict_SetItemString(d, stat_names[i], v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(v);
    }
    PyObject *l = PyLong_FromLong(last_info.limbs), *r = PyLong_FromLong(last_info.retries);
    if (!l || !r || PyDict_SetItemString(d, "limbs", l) < 0 || PyDict_SetItemString(d, "retries", r) < 0) {
        Py_XDECREF(l);
        Py_XDECREF(r);
        Py_DECREF(d);
        return NULL;
    }
    Py_DECREF(l);
    Py_DECREF(r);
    PyObject *f = last_info.warm_failure ? PyUnicode_FromString(last_info.warm_failure) : Py_NewRef(Py_None);
    if (!f || PyDict_SetItemString(d, "warm_failure", f) < 0) {
        Py_XDECREF(f);
        Py_DECREF(d);
        return NULL;
    }
    Py_DECREF(f);
    return d;
}

/* ------------------------------------------------------------------------ */
/* IncrementalMatcher: the graph and the last optimum, kept on the C side   */
/* ------------------------------------------------------------------------ */

/* The graph lives in a Graph whose edge slots are reused (a removed edge's
 * slot goes to a free list; its endpoints become -1 and its weight 0), with
 * one growable adjacency array per vertex and apos[p] locating endpoint p's
 * entry in the adjacency of endpoint[p ^ 1] so that an edge is unlinked in
 * O(1).  Pairs are found through a triangular n x n table of slot numbers
 * (n <= DENSE_INDEX_MAX_N: at most 32 MiB) or an open-addressing hash table.
 * Every change is recorded as a vertex pair while a saved optimum exists;
 * solve() covers the changed pairs with few vertices (greedy, largest degree
 * first) and warm-starts from the saved optimum exactly as
 * _solve_with_state does, so the graph is never converted again. */

#define DENSE_INDEX_MAX_N 4096

typedef struct {
    PyObject_HEAD
    Graph g;
    int32_t *apos;      /* 2*cap */
    int32_t *freeslots; /* cap */
    int32_t nfree;
    int32_t *dense;     /* n(n-1)/2 slot numbers (-1: no edge), or NULL */
    uint64_t *hkeys;    /* hash index: pair_key, 0 = empty */
    int32_t *hvals;
    uint64_t hmask;     /* capacity - 1 (0: not allocated) */
    int64_t hcount;
    uint64_t *chg;      /* pairs changed since the last solve: a << 32 | b, a < b */
    int64_t nchg, chgcap;
    WarmState *ws;      /* the last optimum, or NULL (next solve is cold) */
    int last_warm;
    int busy;           /* a solve runs without the GIL */
} MatcherObject;

static inline int64_t tri_index(int32_t n, int32_t a, int32_t b) /* a < b */
{
    return (int64_t)a * (2 * (int64_t)n - a - 1) / 2 + (b - a - 1);
}

static int32_t mt_find(const MatcherObject *self, int32_t u, int32_t v)
{
    int32_t a = u < v ? u : v, b = u < v ? v : u;
    if (self->dense) return self->dense[tri_index(self->g.n, a, b)];
    if (!self->hmask) return -1;
    uint64_t key = pair_key(a, b), h = pair_hash(key) & self->hmask;
    while (self->hkeys[h]) {
        if (self->hkeys[h] == key) return self->hvals[h];
        h = (h + 1) & self->hmask;
    }
    return -1;
}

static int32_t mt_find_cb(const void *index, int32_t a, int32_t b) { return mt_find((const MatcherObject *)index, a, b); }

static int hash_resize(MatcherObject *self, uint64_t cap)
{
    uint64_t *keys = calloc(cap, sizeof(uint64_t));
    int32_t *vals = malloc(cap * sizeof(int32_t));
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return -1;
    }
    uint64_t mask = cap - 1;
    for (uint64_t i = 0; self->hmask && i <= self->hmask; i++) {
        if (!self->hkeys[i]) continue;
        uint64_t h = pair_hash(self->hkeys[i]) & mask;
        while (keys[h]) h = (h + 1) & mask;
        keys[h] = self->hkeys[i];
        vals[h] = self->hvals[i];
    }
    free(self->hkeys);
    free(self->hvals);
    self->hkeys = keys;
    self->hvals = vals;
    self->hmask = mask;
    return 0;
}

/* Room in the index for one more pair. */
static int index_reserve(MatcherObject *self)
{
    if (self->g.n <= DENSE_INDEX_MAX_N) {
        if (!self->dense) {
            int64_t size = tri_index(self->g.n, self->g.n - 2, self->g.n - 1) + 1;
            self->dense = malloc((size_t)(size > 0 ? size : 1) * sizeof(int32_t));
            if (!self->dense) return -1;
            memset(self->dense, 0xff, (size_t)(size > 0 ? size : 1) * sizeof(int32_t));
        }
        return 0;
    }
    if (2 * ((uint64_t)self->hcount + 1) > self->hmask) return hash_resize(self, self->hmask ? 2 * (self->hmask + 1) : 64);
    return 0;
}

static void index_put(MatcherObject *self, int32_t a, int32_t b, int32_t k) /* a < b, reserved */
{
    if (self->dense) {
        self->dense[tri_index(self->g.n, a, b)] = k;
        return;
    }
    uint64_t key = pair_key(a, b), h = pair_hash(key) & self->hmask;
    while (self->hkeys[h]) h = (h + 1) & self->hmask;
    self->hkeys[h] = key;
    self->hvals[h] = k;
    self->hcount++;
}

static void index_del(MatcherObject *self, int32_t a, int32_t b) /* a < b, present */
{
    if (self->dense) {
        self->dense[tri_index(self->g.n, a, b)] = -1;
        return;
    }
    const uint64_t mask = self->hmask;
    uint64_t key = pair_key(a, b), i = pair_hash(key) & mask;
    while (self->hkeys[i] != key) {
        if (!self->hkeys[i]) return;
        i = (i + 1) & mask;
    }
    /* backward-shift deletion: no tombstones */
    for (uint64_t j = i;;) {
        j = (j + 1) & mask;
        if (!self->hkeys[j]) break;
        uint64_t h = pair_hash(self->hkeys[j]) & mask;
        int stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
        if (!stays) {
            self->hkeys[i] = self->hkeys[j];
            self->hvals[i] = self->hvals[j];
            i = j;
        }
    }
    self->hkeys[i] = 0;
    self->hcount--;
}

static int adj_reserve(MatcherObject *self, int32_t x)
{
    Graph *g = &self->g;
    if (g->deg[x] < g->adjcap[x]) return 0;
    int64_t cap = g->adjcap[x] ? 2 * (int64_t)g->adjcap[x] : 4;
    if (cap > g->n) cap = g->n > 4 ? g->n : 4;
    AdjEntry *a = realloc(g->adj[x], (size_t)cap * sizeof(AdjEntry));
    if (!a) return -1;
    g->adj[x] = a;
    limb_t *r = realloc(g->adjw[x], (size_t)cap * g->L * sizeof(limb_t));
    if (!r) return -1; /* adj[x] grew; adjcap[x] stays: the next reserve retries both */
    g->adjw[x] = r;
    g->adjcap[x] = (int32_t)cap;
    return 0;
}

static void adj_push(MatcherObject *self, int32_t x, int32_t v, int32_t p, int64_t top) /* reserved */
{
    Graph *g = &self->g;
    int32_t pos = g->deg[x]++;
    g->adj[x][pos] = (AdjEntry){v, p, top};
    mp_copy(g->adjw[x] + (size_t)pos * g->L, g->w2 + (size_t)(p >> 1) * g->L, g->L);
    self->apos[p] = pos;
}

/* Unlink endpoint p's entry from the adjacency of endpoint[p ^ 1]. */
static void adj_unlink(MatcherObject *self, int32_t p)
{
    Graph *g = &self->g;
    int32_t x = g->endpoint[p ^ 1], pos = self->apos[p], last = --g->deg[x];
    if (pos != last) {
        g->adj[x][pos] = g->adj[x][last];
        mp_copy(g->adjw[x] + (size_t)pos * g->L, g->adjw[x] + (size_t)last * g->L, g->L);
        self->apos[g->adj[x][pos].p] = pos;
    }
}

static int slots_reserve(MatcherObject *self)
{
    Graph *g = &self->g;
    if (self->nfree > 0 || g->m < g->cap) return 0;
    int64_t cap = g->cap ? 2 * (int64_t)g->cap : 16;
    if (cap > MAX_EDGES) cap = MAX_EDGES;
    if (cap <= g->cap) return -1;
    const int L = g->L;
    int32_t *ep = realloc(g->endpoint, (size_t)cap * 2 * sizeof(int32_t));
    if (!ep) return -1;
    g->endpoint = ep;
    int32_t *ap = realloc(self->apos, (size_t)cap * 2 * sizeof(int32_t));
    if (!ap) return -1;
    self->apos = ap;
    int32_t *fs = realloc(self->freeslots, (size_t)cap * sizeof(int32_t));
    if (!fs) return -1;
    self->freeslots = fs;
    limb_t *w = realloc(g->w2, ((size_t)cap * L + 1) * sizeof(limb_t));
    if (!w) return -1;
    g->w2 = w;
    memset(w + (size_t)g->cap * L, 0, (size_t)(cap - g->cap) * L * sizeof(limb_t));
    for (int64_t i = 2 * (int64_t)g->cap; i < 2 * cap; i++) ep[i] = ap[i] = -1;
    g->cap = (int32_t)cap;
    return 0;
}

/* Remember that pair {a, b} changed (only while a saved optimum exists). */
static void note_change(MatcherObject *self, int32_t a, int32_t b)
{
    if (!self->ws) return;
    if (self->nchg == self->chgcap) {
        int64_t cap = self->chgcap ? 2 * self->chgcap : 64;
        uint64_t *c = realloc(self->chg, (size_t)cap * sizeof(uint64_t));
        if (!c) { /* cannot remember: forget the optimum, the next solve is cold */
            ws_free(self->ws);
            self->ws = NULL;
            self->nchg = 0;
            return;
        }
        self->chg = c;
        self->chgcap = cap;
    }
    self->chg[self->nchg++] = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
}

/* Set edge {u, v} to weight w2row / 2 (L limbs; NULL removes it).  Inputs are
 * validated; returns -1 only when out of memory (nothing changed then). */
static int mt_set(MatcherObject *self, int32_t u, int32_t v, const limb_t *w2row)
{
    Graph *g = &self->g;
    const int L = g->L;
    int32_t a = u < v ? u : v, b = u < v ? v : u;
    int32_t k = mt_find(self, a, b);
    if (!w2row) {
        if (k < 0) return 0;
        adj_unlink(self, 2 * k);
        adj_unlink(self, 2 * k + 1);
        index_del(self, a, b);
        g->endpoint[2 * k] = g->endpoint[2 * k + 1] = -1;
        self->apos[2 * k] = self->apos[2 * k + 1] = -1;
        mp_zero(g->w2 + (size_t)k * L, L);
        self->freeslots[self->nfree++] = k;
        g->nlive--;
    } else if (k >= 0) {
        limb_t *row = g->w2 + (size_t)k * L;
        if (memcmp(row, w2row, (size_t)L * sizeof(limb_t)) == 0) return 0;
        mp_copy(row, w2row, L);
        int64_t top = (int64_t)w2row[L - 1];
        g->adj[g->endpoint[2 * k]][self->apos[2 * k + 1]].top = top;
        g->adj[g->endpoint[2 * k + 1]][self->apos[2 * k]].top = top;
        mp_copy(g->adjw[g->endpoint[2 * k]] + (size_t)self->apos[2 * k + 1] * L, w2row, L);
        mp_copy(g->adjw[g->endpoint[2 * k + 1]] + (size_t)self->apos[2 * k] * L, w2row, L);
    } else {
        if (slots_reserve(self) < 0 || index_reserve(self) < 0 || adj_reserve(self, a) < 0 || adj_reserve(self, b) < 0)
            return -1;
        k = self->nfree > 0 ? self->freeslots[--self->nfree] : g->m++;
        g->endpoint[2 * k] = a;
        g->endpoint[2 * k + 1] = b;
        mp_copy(g->w2 + (size_t)k * L, w2row, L);
        int64_t top = (int64_t)w2row[L - 1];
        adj_push(self, a, b, 2 * k + 1, top);
        adj_push(self, b, a, 2 * k, top);
        index_put(self, a, b, k);
        g->nlive++;
    }
    note_change(self, a, b);
    return 0;
}

/* Limbs needed for weights of `bits` bits (2w plus the same headroom as a
 * one-shot solve). */
static int limbs_for_bits(int64_t bits) { return (int)((bits + 1 + 5 + HEADROOM_BITS + 63) / 64); }

/* 2w on L limbs from a non-negative int that fits. */
static int store_w2(PyObject *iv, limb_t *dst, int L)
{
    if (weight_store(iv, dst, L) < 0) return -1;
    for (int i = L - 1; i > 0; i--) dst[i] = (dst[i] << 1) | (dst[i - 1] >> 63);
    dst[0] <<= 1;
    return 0;
}

static int mt_check_idle(MatcherObject *self)
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "IncrementalMatcher is busy: solve() is running in another thread");
        return -1;
    }
    return 0;
}

/* A parsed edge: vertices and the weight as a new reference. */
typedef struct {
    int32_t u, v;
    PyObject *w;
} ParsedEdge;

static int parse_one_edge(MatcherObject *self, PyObject *uo, PyObject *vo, PyObject *wo, Py_ssize_t idx, ParsedEdge *out,
                          int64_t *maxbits)
{
    if (parse_vertex(uo, idx, self->g.n, &out->u) < 0 || parse_vertex(vo, idx, self->g.n, &out->v) < 0) return -1;
    PyObject *iv = weight_int(wo, idx);
    if (!iv) return -1;
    if (out->u == out->v) {
        Py_DECREF(iv);
        EDGE_ERROR(PyExc_ValueError, idx, "self-loop on vertex %d", (int)out->u);
        return -1;
    }
    int64_t bits = weight_bits(iv);
    if (bits < 0) {
        Py_DECREF(iv);
        return -1;
    }
    if (bits > 1 << 24) {
        Py_DECREF(iv);
        PyErr_SetString(PyExc_ValueError, "weights wider than 2^24 bits are not supported");
        return -1;
    }
    if (bits > *maxbits) *maxbits = bits;
    out->w = iv;
    return 0;
}

/* Apply parsed edges (all validated): widen first if a weight needs it. */
static int mt_apply(MatcherObject *self, ParsedEdge *edges, Py_ssize_t count, int64_t maxbits)
{
    int need = limbs_for_bits(maxbits);
    if (need > self->g.L && graph_widen(&self->g, need) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    const int L = self->g.L;
    limb_t *row = malloc((size_t)L * sizeof(limb_t));
    if (!row) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        int zero = PyObject_Not(edges[i].w);
        if (zero < 0 || (!zero && store_w2(edges[i].w, row, L) < 0)) {
            free(row);
            return -1;
        }
        if (mt_set(self, edges[i].u, edges[i].v, zero ? NULL : row) < 0) {
            free(row);
            PyErr_NoMemory();
            return -1;
        }
    }
    free(row);
    return 0;
}

static PyObject *mt_set_edge(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "set_edge() takes exactly 3 arguments (u, v, w), got %zd", nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    ParsedEdge e;
    int64_t maxbits = 0;
    if (parse_one_edge(self, args[0], args[1], args[2], -1, &e, &maxbits) < 0) return NULL;
    int r = mt_apply(self, &e, 1, maxbits);
    Py_DECREF(e.w);
    if (r < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *mt_set_edges(MatcherObject *self, PyObject *edges_obj)
{
    if (mt_check_idle(self) < 0) return NULL;
    PyObject *seq = PySequence_Fast(edges_obj, "edges must be an iterable of (u, v, weight) tuples");
    if (!seq) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq), parsed = 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    ParsedEdge *edges = PyMem_Malloc((size_t)(count > 0 ? count : 1) * sizeof(ParsedEdge));
    int64_t maxbits = 0;
    int ok = 0;
    if (!edges) {
        PyErr_NoMemory();
        goto done;
    }
    /* validate everything before changing anything */
    for (; parsed < count; parsed++) {
        PyObject *uo, *vo, *wo, *hold;
        if (edge_items(items[parsed], parsed, &uo, &vo, &wo, &hold) < 0) goto done;
        int r = parse_one_edge(self, uo, vo, wo, parsed, &edges[parsed], &maxbits);
        Py_XDECREF(hold);
        if (r < 0) goto done;
    }
    ok = mt_apply(self, edges, count, maxbits) == 0;
done:
    for (Py_ssize_t i = 0; i < parsed; i++) Py_DECREF(edges[i].w);
    PyMem_Free(edges);
    Py_DECREF(seq);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

/* w2row / 2 as a Python int. */
static PyObject *w2_to_int(const limb_t *w2row, int L)
{
    unsigned char *bytes = PyMem_Malloc((size_t)L * 8);
    if (!bytes) return PyErr_NoMemory();
    for (int i = 0; i < L; i++) {
        limb_t x = (w2row[i] >> 1) | (i + 1 < L ? w2row[i + 1] << 63 : 0);
        for (int b = 0; b < 8; b++) bytes[8 * i + b] = (unsigned char)(x >> (8 * b));
    }
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *r = PyLong_FromUnsignedNativeBytes(bytes, (size_t)L * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *r = _PyLong_FromByteArray(bytes, (size_t)L * 8, 1, 0);
#endif
    PyMem_Free(bytes);
    return r;
}

static PyObject *mt_get_weight(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "get_weight() takes exactly 2 arguments (u, v), got %zd", nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    int32_t u, v;
    if (parse_vertex(args[0], -1, self->g.n, &u) < 0 || parse_vertex(args[1], -1, self->g.n, &v) < 0) return NULL;
    int32_t k = u == v ? -1 : mt_find(self, u, v);
    if (k < 0) return PyLong_FromLong(0);
    return w2_to_int(self->g.w2 + (size_t)k * self->g.L, self->g.L);
}

static PyObject *mt_edges(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    if (mt_check_idle(self) < 0) return NULL;
    const Graph *g = &self->g;
    PyObject *lst = PyList_New(g->nlive);
    if (!lst) return NULL;
    Py_ssize_t i = 0;
    for (int32_t k = 0; k < g->m; k++) {
        if (g->endpoint[2 * k] < 0) continue;
        PyObject *w = w2_to_int(g->w2 + (size_t)k * g->L, g->L);
        PyObject *t = w ? Py_BuildValue("(iiN)", (int)g->endpoint[2 * k], (int)g->endpoint[2 * k + 1], w) : NULL;
        if (!t || i >= g->nlive) {
            Py_XDECREF(t);
            Py_DECREF(lst);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "IncrementalMatcher: edge count is wrong");
            return NULL;
        }
        PyList_SET_ITEM(lst, i++, t);
    }
    if (i != g->nlive) {
        Py_DECREF(lst);
        PyErr_SetString(PyExc_SystemError, "IncrementalMatcher: edge count is wrong");
        return NULL;
    }
    return lst;
}

static PyObject *mt_remove_vertex(MatcherObject *self, PyObject *arg)
{
    if (mt_check_idle(self) < 0) return NULL;
    int32_t u;
    if (parse_vertex(arg, -1, self->g.n, &u) < 0) return NULL;
    while (self->g.deg[u] > 0) mt_set(self, u, self->g.adj[u][self->g.deg[u] - 1].v, NULL); /* cannot fail */
    Py_RETURN_NONE;
}

static PyObject *mt_degree(MatcherObject *self, PyObject *arg)
{
    int32_t u;
    if (parse_vertex(arg, -1, self->g.n, &u) < 0) return NULL;
    return PyLong_FromLong(self->g.deg[u]);
}

/* Twice the int o as a two's complement number on L limbs (out): 0; or 1 when
 * it lies above what L limbs hold, -1 below (out unset); -2 on an error. */
static int twice_to_limbs(PyObject *o, limb_t *out, int L)
{
    PyObject *iv = PyNumber_Index(o);
    if (!iv) return -2;
    int ovf = 0, rc = -2;
    long long v = PyLong_AsLongLongAndOverflow(iv, &ovf);
    PyObject *d = NULL, *q = NULL, *sh = NULL, *one = NULL;
    if (v == -1 && !ovf && PyErr_Occurred()) goto done;
    if (!ovf && v < ((long long)1 << 61) && v > -((long long)1 << 61)) {
        long long t = 2 * v;
        out[0] = (limb_t)t;
        for (int j = 1; j < L; j++) out[j] = t < 0 ? ~(limb_t)0 : 0;
        rc = 0;
        goto done;
    }
    one = PyLong_FromLong(1);
    d = one ? PyNumber_Lshift(iv, one) : NULL;
    if (!d) goto done;
    for (int j = 0; j <= L; j++) {
        sh = PyLong_FromLongLong(64LL * j - (j == L)); /* the last: the sign bit's place */
        q = sh ? PyNumber_Rshift(d, sh) : NULL;
        Py_CLEAR(sh);
        if (!q) goto done;
        if (j < L) {
            out[j] = (limb_t)PyLong_AsUnsignedLongLongMask(q);
        } else {
            /* what lies above the sign bit's place: 0 or -1 when it fits */
            int o2 = 0;
            long long top = PyLong_AsLongLongAndOverflow(q, &o2);
            if (top == -1 && !o2 && PyErr_Occurred()) goto done;
            rc = o2 > 0 || (!o2 && top > 0) ? 1 : o2 < 0 || (!o2 && top < -1) ? -1 : 0;
        }
        Py_CLEAR(q);
        if (PyErr_Occurred()) goto done;
    }
done:
    Py_XDECREF(iv); Py_XDECREF(d); Py_XDECREF(q); Py_XDECREF(sh); Py_XDECREF(one);
    return rc;
}

/* all_within(x, ys, margins) -> list or None: every i, in order, such that
 * edge {x, ys[i]} exists and its slack under the kept optimum's duals is at
 * most margins[i]; None when the kept optimum is not current (no solve yet, or
 * changes since it was certified).
 *
 * The slack of edge {x, y} is u_x + u_y + the duals z_B of the blossoms
 * holding both - w_xy (half of the stored u_x + u_y - 2 w + 2 sum z).  Every
 * optimum uses only edges of slack 0 (complementary slackness holds between
 * any optimal matching and any optimal dual), so margins of 0 name the edges of
 * x that an optimum can use (tabellone.rules.dutch.Matcher.usable); and by LP duality
 * every matching weighs at most the optimum's weight less the slacks of its
 * edges. */
static PyObject *mt_all_within(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "all_within() takes exactly 3 arguments (x, ys, margins), got %zd", nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    const int32_t n = self->g.n, n2 = 2 * n;
    int32_t x;
    if (parse_vertex(args[0], -1, n, &x) < 0) return NULL;
    PyObject *ys = PySequence_Fast(args[1], "ys must be a sequence");
    if (!ys) return NULL;
    PyObject *ms = PySequence_Fast(args[2], "margins must be a sequence");
    if (!ms) {
        Py_DECREF(ys);
        return NULL;
    }
    Py_ssize_t cnt = PySequence_Fast_GET_SIZE(ys);
    PyObject *result = NULL, *hits = NULL;
    int32_t *pos = NULL, *chain = NULL;
    limb_t *zs = NULL, *s = NULL, *t = NULL, *t2 = NULL;
    if (PySequence_Fast_GET_SIZE(ms) != cnt) {
        PyErr_SetString(PyExc_ValueError, "ys and margins differ in length");
        goto done;
    }
    const WarmState *w = self->ws;
    if (!w || self->nchg || w->n != n) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    const int Lw = w->L, Lg = self->g.L, L = (Lw > Lg ? Lw : Lg) + 1;
    /* x's enclosing blossoms, innermost first, with the sum of the duals
     * from each one up to the top-level blossom (zs) */
    pos = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    chain = malloc(((size_t)n + 1) * sizeof(int32_t));
    s = calloc((size_t)L, sizeof(limb_t));
    t = calloc((size_t)L, sizeof(limb_t));
    t2 = calloc((size_t)L, sizeof(limb_t));
    if (!pos || !chain || !s || !t || !t2) {
        PyErr_NoMemory();
        goto done;
    }
    for (int32_t b = 0; b < n2; b++) pos[b] = -1;
    int32_t depth = 0;
    for (int32_t b = w->bparent[x]; b != -1 && depth <= n; b = w->bparent[b]) {
        if (b < n || b >= n2 || pos[b] >= 0) {
            PyErr_SetString(PyExc_SystemError, "bad blossom forest");
            goto done;
        }
        pos[b] = depth;
        chain[depth++] = b;
    }
    zs = calloc(((size_t)depth + 1) * (size_t)L, sizeof(limb_t));
    if (!zs) {
        PyErr_NoMemory();
        goto done;
    }
    for (int32_t d = depth - 1; d >= 0; d--) {
        mp_sext(t, L, w->dual + (size_t)chain[d] * Lw, Lw);
        mp_add(zs + (size_t)d * L, zs + (size_t)(d + 1) * L, t, L);
    }
    if (!(hits = PyList_New(0))) goto done;
    for (Py_ssize_t i = 0; i < cnt; i++) {
        int32_t y;
        if (parse_vertex(PySequence_Fast_GET_ITEM(ys, i), i, n, &y) < 0) goto done;
        int32_t k = y == x ? -1 : mt_find(self, x, y);
        int beyond = twice_to_limbs(PySequence_Fast_GET_ITEM(ms, i), t2, L);
        if (beyond == -2) goto done;
        if (k < 0 || beyond < 0) continue; /* no edge, or a margin below every slack */
        if (beyond == 0) { /* (beyond > 0: a margin above every slack) */
            /* s = u_x + u_y - 2 w + 2 (duals of the blossoms holding both) - 2 margin */
            mp_sext(s, L, w->dual + (size_t)x * Lw, Lw);
            mp_sext(t, L, w->dual + (size_t)y * Lw, Lw);
            mp_add(s, s, t, L);
            mp_sext(t, L, self->g.w2 + (size_t)k * Lg, Lg);
            mp_sub(s, s, t, L);
            int32_t b = w->bparent[y];
            while (b != -1 && pos[b] < 0) b = w->bparent[b];
            if (b != -1) {
                mp_add(s, s, zs + (size_t)pos[b] * L, L);
                mp_add(s, s, zs + (size_t)pos[b] * L, L);
            }
            mp_sub(s, s, t2, L);
            if (!mp_le_zero(s, L)) continue;
        }
        PyObject *iv = PyLong_FromSsize_t(i);
        if (!iv || PyList_Append(hits, iv) < 0) {
            Py_XDECREF(iv);
            goto done;
        }
        Py_DECREF(iv);
    }
    result = Py_NewRef(hits);
done:
    free(pos); free(chain); free(zs); free(s); free(t); free(t2);
    Py_XDECREF(hits);
    Py_DECREF(ys);
    Py_DECREF(ms);
    return result;
}

/* _forest() -> (bparent, nonzero): the kept optimum's blossom forest (parent of
 * every vertex and blossom id, -1 at the top or unused) and, per blossom id,
 * whether its dual is non-zero; None without a kept optimum.  For inspection. */
static PyObject *mt_forest(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    const WarmState *w = self->ws;
    if (!w) Py_RETURN_NONE;
    const int32_t n2 = 2 * w->n;
    PyObject *par = PyList_New(n2), *nz = PyList_New(n2);
    if (!par || !nz) {
        Py_XDECREF(par);
        Py_XDECREF(nz);
        return NULL;
    }
    for (int32_t b = 0; b < n2; b++) {
        int live = b < w->n || w->bbase[b] >= 0;
        PyObject *p = PyLong_FromLong(live ? w->bparent[b] : -1);
        if (!p) {
            Py_DECREF(par);
            Py_DECREF(nz);
            return NULL;
        }
        PyList_SET_ITEM(par, b, p);
        PyList_SET_ITEM(nz, b, PyBool_FromLong(b >= w->n && live && !mp_is_zero(w->dual + (size_t)b * w->L, w->L)));
    }
    return Py_BuildValue("(NN)", par, nz);
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? -1 : x > y;
}

static inline void heap_push(uint64_t *heap, int64_t *len, uint64_t x)
{
    int64_t i = (*len)++;
    while (i > 0) {
        int64_t par = (i - 1) / 2;
        if (heap[par] >= x) break;
        heap[i] = heap[par];
        i = par;
    }
    heap[i] = x;
}

static inline uint64_t heap_pop(uint64_t *heap, int64_t *len)
{
    uint64_t top = heap[0], x = heap[--(*len)];
    int64_t i = 0, n = *len;
    for (;;) {
        int64_t l = 2 * i + 1, r = l + 1, big = i;
        uint64_t bx = x;
        if (l < n && heap[l] > bx) { big = l; bx = heap[l]; }
        if (r < n && heap[r] > bx) { big = r; bx = heap[r]; }
        if (big == i) break;
        heap[i] = heap[big];
        i = big;
    }
    if (n > 0) heap[i] = x;
    return top;
}

/* A small set of vertices touching every changed pair (greedy: largest
 * number of uncovered changed pairs first, ties to the smaller vertex),
 * sorted; *out is malloc'ed.  -1 when out of memory. */
static int changed_cover(const MatcherObject *self, int32_t **out, int32_t *nout)
{
    const int32_t n = self->g.n;
    const int64_t nc = self->nchg;
    int32_t *cnt = calloc((size_t)n + 2, sizeof(int32_t));
    int64_t *off = calloc((size_t)n + 2, sizeof(int64_t));
    int64_t *inc = malloc(((size_t)2 * nc + 1) * sizeof(int64_t));
    uint8_t *alive = malloc((size_t)nc + 1);
    uint64_t *heap = malloc(((size_t)n + nc + 2) * sizeof(uint64_t));
    int32_t *cover = malloc(((size_t)n + 1) * sizeof(int32_t));
    int rc = -1;
    int32_t ncover = 0;
    if (!cnt || !off || !inc || !alive || !heap || !cover) goto done;
    for (int64_t i = 0; i < nc; i++) {
        cnt[self->chg[i] >> 32]++;
        cnt[self->chg[i] & 0xffffffffu]++;
        alive[i] = 1;
    }
    for (int32_t v = 0; v < n; v++) off[v + 1] = off[v] + cnt[v];
    for (int32_t v = 0; v < n; v++) cnt[v] = 0;
    for (int64_t i = 0; i < nc; i++) {
        int32_t a = (int32_t)(self->chg[i] >> 32), b = (int32_t)(self->chg[i] & 0xffffffffu);
        inc[off[a] + cnt[a]++] = i;
        inc[off[b] + cnt[b]++] = i;
    }
    int64_t hl = 0;
    for (int32_t v = 0; v < n; v++)
        if (cnt[v] > 0) heap_push(heap, &hl, ((uint64_t)(uint32_t)cnt[v] << 32) | (uint32_t)(0x7fffffff - v));
    while (hl > 0) {
        uint64_t e = heap_pop(heap, &hl);
        int32_t v = 0x7fffffff - (int32_t)(e & 0xffffffffu), d = (int32_t)(e >> 32);
        if (cnt[v] == 0) continue;
        if (d != cnt[v]) { /* stale: the degree dropped since it was pushed */
            heap_push(heap, &hl, ((uint64_t)(uint32_t)cnt[v] << 32) | (uint32_t)(0x7fffffff - v));
            continue;
        }
        cover[ncover++] = v;
        for (int64_t q = off[v]; q < off[v + 1]; q++) {
            int64_t i = inc[q];
            if (!alive[i]) continue;
            alive[i] = 0;
            int32_t a = (int32_t)(self->chg[i] >> 32), b = (int32_t)(self->chg[i] & 0xffffffffu);
            cnt[a]--;
            cnt[b]--;
        }
    }
    qsort(cover, (size_t)ncover, sizeof(int32_t), cmp_i32);
    rc = 0;
done:
    free(cnt); free(off); free(inc); free(alive); free(heap);
    if (rc == 0) {
        *out = cover;
        *nout = ncover;
    } else {
        free(cover);
    }
    return rc;
}

static PyObject *mt_solve(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    if (mt_check_idle(self) < 0) return NULL;
    const int32_t n = self->g.n;
    int32_t *cover = NULL, ncover = 0;
    if (self->ws && changed_cover(self, &cover, &ncover) < 0) return PyErr_NoMemory();
    int32_t *mate = malloc(((size_t)n + 1) * sizeof(int32_t));
    if (!mate) {
        free(cover);
        return PyErr_NoMemory();
    }
    EdgeLookup lookup = {mt_find_cb, self};
    int status, warm = 0;
    const char *msg = NULL;
    WarmState *out = NULL;
    SolveInfo info;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = solve_graph(&self->g, 0, self->ws, cover, ncover, 1, &lookup, mate, &out, &warm, &msg, &info);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    last_info = info;
    free(cover);
    ws_free(self->ws);
    self->ws = status == ST_OK ? out : NULL;
    if (status != ST_OK) ws_free(out);
    self->nchg = 0;
    if (self->chgcap > 4096 && self->chgcap > 4 * (int64_t)n) { /* drop a huge change list's memory */
        free(self->chg);
        self->chg = NULL;
        self->chgcap = 0;
    }
    self->last_warm = status == ST_OK && warm;
    PyObject *result = NULL;
    if (status == ST_OK) result = mate_list(mate, n);
    else set_status_error(status, msg);
    free(mate);
    return result;
}

static PyObject *mt_reset(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    if (mt_check_idle(self) < 0) return NULL;
    ws_free(self->ws);
    self->ws = NULL;
    self->nchg = 0;
    Py_RETURN_NONE;
}

/* Bytes held by the matcher (graph, index, saved optimum). */
static PyObject *mt_memory(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    const Graph *g = &self->g;
    size_t total = sizeof(MatcherObject);
    total += (size_t)g->cap * (2 * sizeof(int32_t) * 2 + sizeof(int32_t) + (size_t)g->L * sizeof(limb_t));
    total += (size_t)g->n * (sizeof(AdjEntry *) + 2 * sizeof(int32_t));
    for (int32_t v = 0; v < g->n; v++) total += (size_t)g->adjcap[v] * (sizeof(AdjEntry) + (size_t)g->L * sizeof(limb_t));
    if (self->dense) total += (size_t)(tri_index(g->n, g->n - 2, g->n - 1) + 1) * sizeof(int32_t);
    if (self->hmask) total += (size_t)(self->hmask + 1) * (sizeof(uint64_t) + sizeof(int32_t));
    total += (size_t)self->chgcap * sizeof(uint64_t);
    if (self->ws) {
        const WarmState *w = self->ws;
        total += (size_t)w->n * (sizeof(int32_t) + 2 * (size_t)w->L * sizeof(limb_t) + 6 * sizeof(int32_t));
        for (int32_t b = w->n; b < 2 * w->n; b++) total += (size_t)w->bnchilds[b] * 3 * sizeof(int32_t);
    }
    return PyLong_FromSize_t(total);
}

/* Consistency of index, slots, adjacency and positions (for tests). */
static PyObject *mt_check(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    const Graph *g = &self->g;
    const char *err = NULL;
    int64_t live = 0, entries = 0;
    for (int32_t k = 0; k < g->m && !err; k++) {
        int32_t a = g->endpoint[2 * k], b = g->endpoint[2 * k + 1];
        if (a < 0 || b < 0) {
            if (a != b) err = "half-unused slot";
            else if (!mp_is_zero(g->w2 + (size_t)k * g->L, g->L)) err = "unused slot with a weight";
            continue;
        }
        live++;
        if (!(a < b) || b >= g->n) err = "bad endpoints";
        else if (mt_find(self, a, b) != k) err = "index does not find the slot";
        else if (mp_is_zero(g->w2 + (size_t)k * g->L, g->L)) err = "zero-weight edge stored";
        else if (g->adj[a][self->apos[2 * k + 1]].p != 2 * k + 1 || g->adj[a][self->apos[2 * k + 1]].v != b ||
                 g->adj[b][self->apos[2 * k]].p != 2 * k || g->adj[b][self->apos[2 * k]].v != a)
            err = "adjacency position is wrong";
        else if (g->adj[a][self->apos[2 * k + 1]].top != (int64_t)g->w2[(size_t)k * g->L + g->L - 1] ||
                 g->adj[b][self->apos[2 * k]].top != (int64_t)g->w2[(size_t)k * g->L + g->L - 1])
            err = "stale top limb";
        else if (memcmp(g->adjw[a] + (size_t)self->apos[2 * k + 1] * g->L, g->w2 + (size_t)k * g->L, (size_t)g->L * sizeof(limb_t)) ||
                 memcmp(g->adjw[b] + (size_t)self->apos[2 * k] * g->L, g->w2 + (size_t)k * g->L, (size_t)g->L * sizeof(limb_t)))
            err = "stale weight copy in the adjacency";
    }
    for (int32_t v = 0; v < g->n; v++) entries += g->deg[v];
    if (!err && live != g->nlive) err = "live edge count is wrong";
    if (!err && entries != 2 * live) err = "adjacency size is wrong";
    if (!err && !self->dense && self->hcount != live) err = "hash index size is wrong";
    if (!err && g->m - self->nfree != live) err = "free slot count is wrong";
    if (err) {
        PyErr_SetString(PyExc_AssertionError, err);
        return NULL;
    }
    Py_RETURN_NONE;
}

static Py_ssize_t mt_len(MatcherObject *self) { return self->g.nlive; }

static PyObject *mt_get_n(MatcherObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(self->g.n);
}

static PyObject *mt_get_warm(MatcherObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(self->last_warm);
}

static PyObject *mt_get_limbs(MatcherObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(self->g.L);
}

static PyObject *mt_get_has_state(MatcherObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(self->ws != NULL);
}

static void mt_dealloc(MatcherObject *self)
{
    graph_free(&self->g);
    free(self->apos);
    free(self->freeslots);
    free(self->dense);
    free(self->hkeys);
    free(self->hvals);
    free(self->chg);
    ws_free(self->ws);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *mt_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n", NULL};
    PyObject *nobj;
    int32_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:IncrementalMatcher", kwlist, &nobj)) return NULL;
    if (parse_n(nobj, &n) < 0) return NULL;
    MatcherObject *self = (MatcherObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    /* tp_alloc zeroes the object */
    self->g.n = n;
    self->g.L = 1;
    self->g.adj = calloc((size_t)n + 1, sizeof(AdjEntry *));
    self->g.deg = calloc((size_t)n + 1, sizeof(int32_t));
    self->g.adjcap = calloc((size_t)n + 1, sizeof(int32_t));
    self->g.adjw = calloc((size_t)n + 1, sizeof(limb_t *));
    if (!self->g.adj || !self->g.deg || !self->g.adjcap || !self->g.adjw) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static PyMethodDef mt_methods[] = {
    {"set_edge", (PyCFunction)(void (*)(void))mt_set_edge, METH_FASTCALL,
     "set_edge(u, v, w): add, re-weight or (w == 0) remove edge {u, v}."},
    {"set_edges", (PyCFunction)mt_set_edges, METH_O,
     "set_edges(edges): set_edge for every (u, v, w) in order; all are validated before any is applied."},
    {"get_weight", (PyCFunction)(void (*)(void))mt_get_weight, METH_FASTCALL,
     "get_weight(u, v) -> int: the weight of edge {u, v} (0 when absent)."},
    {"edges", (PyCFunction)mt_edges, METH_NOARGS, "edges() -> list of (u, v, w) with u < v."},
    {"remove_vertex", (PyCFunction)mt_remove_vertex, METH_O, "remove_vertex(u): remove every edge of u."},
    {"degree", (PyCFunction)mt_degree, METH_O, "degree(u) -> int: the number of edges of u."},
    {"solve", (PyCFunction)mt_solve, METH_NOARGS,
     "solve() -> list[int]: the mate of every vertex (-1 when unmatched) in a maximum-weight matching,\n"
     "warm-started from the last optimum when there is one, and certificate-checked."},
    {"all_within", (PyCFunction)(void (*)(void))mt_all_within, METH_FASTCALL,
     "all_within(x, ys, margins) -> list[int] | None: every i, in order, such that edge {x, ys[i]} exists and\n"
     "its slack under the kept optimum's duals is at most margins[i]; None if that optimum is not current."},
    {"_forest", (PyCFunction)mt_forest, METH_NOARGS, "_forest() -> (bparent, nonzero) of the kept optimum, or None."},
    {"reset", (PyCFunction)mt_reset, METH_NOARGS, "reset(): forget the saved optimum (the next solve is cold)."},
    {"_memory", (PyCFunction)mt_memory, METH_NOARGS, "Bytes held by the matcher."},
    {"_check", (PyCFunction)mt_check, METH_NOARGS, "Check the internal graph structures (raises AssertionError)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef mt_getset[] = {
    {"n", (getter)mt_get_n, NULL, "number of vertices", NULL},
    {"last_solve_was_warm", (getter)mt_get_warm, NULL, "whether the last solve() warm-started", NULL},
    {"limbs", (getter)mt_get_limbs, NULL, "64-bit limbs per number", NULL},
    {"has_state", (getter)mt_get_has_state, NULL, "whether an optimum is kept for a warm start", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods mt_as_sequence = {
    .sq_length = (lenfunc)mt_len,
};

PyDoc_STRVAR(mt_doc,
"IncrementalMatcher(n)\n"
"\n"
"Maximum-weight matching on vertices 0..n-1 whose graph is kept in C between\n"
"solves: set_edge/set_edges change it in place and solve() warm-starts from the\n"
"previous optimum (blossoms holding a changed vertex dissolved, changed vertices\n"
"and their mates unmatched, their duals made feasible, stages run for the\n"
"exposed vertices), falling back to a cold solve when needed. Every answer\n"
"carries the same optimality certificate as max_weight_matching. Weights are\n"
"exact non-negative ints of any width; a wider weight widens the limbs.");

static PyTypeObject MatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tabellone.matching._blossom.IncrementalMatcher",
    .tp_basicsize = sizeof(MatcherObject),
    .tp_itemsize = 0,
    .tp_dealloc = (destructor)mt_dealloc,
    .tp_as_sequence = &mt_as_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = mt_doc,
    .tp_methods = mt_methods,
    .tp_getset = mt_getset,
    .tp_new = mt_new,
};

static PyObject *py_sabotage_next_warm_start(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    sabotage = 1;
    Py_RETURN_NONE;
}

static PyObject *py_set_greedy_start(PyObject *self, PyObject *arg)
{
    (void)self;
    int on = PyObject_IsTrue(arg);
    if (on < 0) return NULL;
    PyObject *was = PyBool_FromLong(greedy_start);
    greedy_start = on;
    return was;
}

static PyMethodDef methods[] = {
    {"_sabotage_next_warm_start", py_sabotage_next_warm_start, METH_NOARGS,
     "_sabotage_next_warm_start(): tests only: the next warm start's duals are made wrong where only a check of the edges of one unchanged vertex can see it."},
    {"_set_greedy_start", py_set_greedy_start, METH_O,
     "_set_greedy_start(on) -> bool: whether cold solves without max_cardinality start from the greedy\n"
     "matching and lowered duals (default True) or from the classic equal duals; returns the old setting."},
    {"_solve_with_state", py_solve_with_state, METH_VARARGS, solve_state_doc},
    {"_last_stats", py_last_stats, METH_NOARGS,
     "Counters of the last max_weight_matching call (stages, blossoms, expansions, deltas, limbs, retries)."},
    {"max_weight_matching", (PyCFunction)(void (*)(void))py_max_weight_matching, METH_VARARGS | METH_KEYWORDS, mwm_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    "tabellone.matching._blossom",
    "Maximum-weight matching in general graphs with exact multi-precision integer weights\n"
    "(Edmonds' blossom algorithm, primal-dual, O(n^3)), with a checked optimality certificate.",
    -1,
    methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__blossom(void)
{
    if (PyType_Ready(&MatcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "IncrementalMatcher", (PyObject *)&MatcherType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
