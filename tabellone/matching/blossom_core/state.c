/* ------------------------------------------------------------------------ */
/* Solver state                                                             */
/* ------------------------------------------------------------------------ */

/* Counters of what a run went through: tests use them to check that their
 * hand-made graphs reach every branch of the algorithm. */
enum {
    STAT_STAGES, STAT_BLOSSOMS, STAT_NESTED, STAT_EXPAND_T, STAT_EXPAND_END, STAT_RELABEL,
    STAT_AUGMENT_BLOSSOM, STAT_DELTA1, STAT_DELTA2, STAT_DELTA3, STAT_DELTA4, STAT_FLIPS, STAT_DISSOLVED,
    STAT_CERTIFIED, STAT_WARM_SAVED, STAT_WARM_KEPT, STAT_WARM_SHIFTED, STAT_WARM_PEELED, STAT_DELTA4_ZERO, STAT_COUNT
};
static const char *stat_names[STAT_COUNT] = {
    "stages", "blossoms", "nested_blossoms", "expand_t", "expand_endstage", "expand_relabel",
    "augment_blossom", "delta1", "delta2", "delta3", "delta4", "warm_flips", "warm_dissolved",
    "certified_edges", "warm_saved", "warm_kept", "warm_shifted", "warm_peeled", "delta4_zero",
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
    int keep_zero_min; /* zero-dual S-blossoms of this many vertices stay at a stage's end (0: none) */
    int status;
    const char *msg;  /* internal error message */

    /* graph (owned by the caller of solve); m counts edge slots, and a
     * slot whose endpoints are -1 is unused (no adjacency entry names it) */
    const int32_t *endpoint;      /* 2m */
    AdjEntry *const *adj;         /* n: adjacency of each vertex */
    const int32_t *deg;           /* n: length of adj[v] */
    const int32_t *wid;           /* m: the row of each edge's 2w in wrows (Graph.wid) */
    const limb_t *wrows;          /* the distinct values of 2w, L limbs each (WeightTable) */
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
    uint8_t *allowedge;  /* m: edge k is allowed (tight) in this stage when allowedge[k] == allowmark */
    uint8_t allowmark;   /* the present stage's mark, 1..255 (stages.c) */
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

    /* exact slack of bestedge[x], valid while cedge[x] == bestedge[x]: each
     * dual adjustment updates it (stages.c, track_best_slacks) */
    limb_t *cslack;      /* 2n*L */
    int32_t *cedge;      /* 2n */

    /* several augmentations per stage (stages.c): the root of each labelled
     * vertex's tree, and which trees an augmentation has used up; NULL
     * outside stages() or when the stage augments once */
    int32_t *tree;       /* n */
    uint8_t *dead;       /* n, by root */
    /* with them, the blossoms labelled T in this stage that may have a zero
     * dual (zt_push), for the dual adjustment to expand at once; NULL when
     * the stage augments once */
    int32_t *zt;         /* n */
    int32_t nzt;
    uint8_t *ztin;       /* n, by blossom id - n: on the stack */
} Ctx;

#define DUAL(c, x) ((c)->dual + (size_t)(x) * (size_t)(c)->L)
/* twice the weight of edge k: a row of the graph's table of distinct weights */
#define W2(c, k) ((c)->wrows + (size_t)(c)->wid[k] * (size_t)(c)->L)

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
    free(c->cslack); free(c->cedge);
    free(c->dtop);
    c->cslack = NULL; c->cedge = NULL;
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
    c->dtop = calloc(n + 1, sizeof(int64_t));
    if (!c->cslack || !c->cedge || !c->dtop) {
        ctx_free(c);
        return -1;
    }
    for (size_t x = 0; x <= n2; x++) c->cedge[x] = -1;
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
