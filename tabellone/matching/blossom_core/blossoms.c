static inline void slack_row(const Ctx *c, int32_t i, int32_t j, const limb_t *w, limb_t *out)
{
    const int L = c->L;
    const limb_t *a = DUAL(c, i);
    const limb_t *b = DUAL(c, j);
    limb_t carry = 0, br = 0;
    for (int i = 0; i < L; i++) {
#ifdef TB_INT128
        dlimb_t s = (dlimb_t)a[i] + b[i] + carry;
        carry = (limb_t)(s >> 64);
        dlimb_t d = (dlimb_t)(limb_t)s - w[i] - br;
        out[i] = (limb_t)d;
        br = (limb_t)(d >> 64) & 1;
#else
        out[i] = tb_subb(tb_addc(a[i], b[i], &carry), w[i], &br);
#endif
    }
}

static inline void slack_vw(const Ctx *c, int32_t i, int32_t j, int32_t k, limb_t *out)
{
    slack_row(c, i, j, W2(c, k), out);
}

/* A hint for a scan of x's adjacency at entry q: the weights are read through
 * the edge's row (wid[k], then the row: two dependent reads, which miss the
 * cache on a large graph of many distinct weights), so the row of the entry
 * AHEAD places on and the wid of the one 2 AHEAD on are fetched early. */
#define AHEAD 8
static inline void prefetch_weight(const Ctx *c, const AdjEntry *a, int32_t q, int32_t deg)
{
    if (q + 2 * AHEAD < deg) TB_PREFETCH(&c->wid[a[q + 2 * AHEAD].p >> 1]);
    if (q + AHEAD < deg) TB_PREFETCH(W2(c, a[q + AHEAD].p >> 1));
}

/* the same, edge k = {i, j} given by its slot only */
static inline void slack(const Ctx *c, int32_t k, limb_t *out)
{
    slack_vw(c, c->endpoint[2 * k], c->endpoint[2 * k + 1], k, out);
}

/* Exact slack of bestedge[x] (which must be set), from the cache when valid
 * (cedge[x] == bestedge[x]: the dual adjustments keep it exact, see
 * track_best_slacks in stages.c). */
static inline const limb_t *best_slack(Ctx *c, int32_t x)
{
    limb_t *cs = c->cslack + (size_t)x * c->L;
    if (c->cedge[x] != c->bestedge[x]) {
        slack(c, c->bestedge[x], cs);
        c->cedge[x] = c->bestedge[x];
    }
#ifdef BLOSSOM_DEBUG_INVARIANTS
    else {
        slack(c, c->bestedge[x], c->t2);
        if (mp_cmp(c->t2, cs, c->L) != 0) internal_error(c, "kept slack of a least-slack edge is wrong");
    }
#endif
    return cs;
}

/* Edge k = {i, j}, not tight, from an S-vertex: make it bestedge[x] if its
 * slack is smaller.  tk is the top-limb estimate of slack(k) (see stages). */
static inline void offer_best(Ctx *c, int32_t x, int32_t k, int64_t tk, int32_t i, int32_t j)
{
    const int L = c->L;
    if (c->bestedge[x] == -1) {
        c->bestedge[x] = k;
        c->cedge[x] = -1; /* its slack is worked out when first asked for */
        return;
    }
    const limb_t *bs = best_slack(c, x);
    if (tk >= (int64_t)bs[L - 1] + 2) return; /* surely not smaller */
    limb_t *ks = c->t1;
    slack_vw(c, i, j, k, ks);
    if (mp_cmp(ks, bs, L) < 0) {
        c->bestedge[x] = k;
        mp_copy(c->cslack + (size_t)x * L, ks, L);
        c->cedge[x] = k;
    }
}

/* best = max(0, max over the edges {v, j} of 2w - u_j): the smallest dual of v,
 * in no blossom, that keeps its edges feasible (t: scratch). */
static void least_feasible_dual(const Ctx *c, int32_t v, limb_t *best, limb_t *t)
{
    const int L = c->L;
    const AdjEntry *av = c->adj[v];
    mp_zero(best, L);
    for (int32_t q = 0; q < c->deg[v]; q++) {
        prefetch_weight(c, av, q, c->deg[v]);
        mp_sub(t, W2(c, av[q].p >> 1), DUAL(c, av[q].v), L);
        if (mp_cmp(t, best, L) > 0) mp_copy(best, t, L);
    }
}

/* The vertices (leaves) of blossom b, in depth-first order, written to out: the
 * first lim of them (leaves: all). */
static int32_t leaves_upto(Ctx *c, int32_t b, int32_t *out, int32_t lim)
{
    const int32_t n = c->n;
    int32_t cnt = 0, sp = 0;
    int32_t *stk = c->stk;
    stk[sp++] = b;
    while (sp > 0 && cnt < lim) {
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

static int32_t leaves(Ctx *c, int32_t b, int32_t *out) { return leaves_upto(c, b, out, INT32_MAX); }

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

/* Note top-level blossom b, just labelled T, for stages_run's zero-dual
 * expansion (nothing to do outside a stage that augments more than once: the
 * one-shot solves keep the classic choice of adjustment, since some callers'
 * answers depend on which optimum comes back among equal ones).  A T-blossom
 * whose dual reaches zero through a dual adjustment is not noted: the search
 * for the least adjustment finds it (counted as delta4 only). */
static inline void zt_push(Ctx *c, int32_t b)
{
    if (!c->zt || b < c->n || c->ztin[b - c->n]) return;
    c->ztin[b - c->n] = 1;
    c->zt[c->nzt++] = b;
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
            int32_t cnt = leaves(c, b, c->queue + c->qlen);
            if (c->tree) { /* a root starts its own tree; others join the tree they are reached from */
                const int32_t root = p == -1 ? w : c->tree[c->endpoint[p]];
                for (int32_t i = 0; i < cnt; i++) c->tree[c->queue[c->qlen + i]] = root;
            }
            c->qlen += cnt;
            return;
        }
        zt_push(c, b);
        if (c->tree) {
            const int32_t root = c->tree[c->endpoint[p]];
            int32_t cnt = leaves(c, b, c->scratch);
            for (int32_t i = 0; i < cnt; i++) c->tree[c->scratch[i]] = root;
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
 * the top limb of its 2w, cached in the adjacency entry) to blossom bj: remember it if it is the least-slack
 * edge so far to that S-blossom.  The top-limb bound of offer_best skips the
 * exact comparison when k is surely not better, so the choices are those of
 * comparing exact slacks every time. */
static inline void merge_best(Ctx *c, int32_t b, int32_t k, int32_t i, int32_t j, int64_t wtop, int32_t *ntouched)
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
    slack_vw(c, i, j, k, c->t1);
    if (mp_cmp(c->t1, ms, L) < 0) {
        c->bestedgeto[bj] = k;
        mp_copy(ms, c->t1, L);
    }
}

/* Make a new blossom with base `base` through the S-S edge k.  With
 * track_best = 0 (no dual adjustment follows in this stage) its least-slack
 * edges to the other S-blossoms are not worked out. */
static void add_blossom(Ctx *c, int32_t base, int32_t k, int track_best)
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

    const int32_t *childs = c->bchilds[b];
    if (!track_best) {
        for (int32_t ci = 0; ci < np; ci++) {
            int32_t cb = childs[ci];
            free(c->bbest[cb]);
            c->bbest[cb] = NULL;
            c->nbbest[cb] = -1;
            c->bestedge[cb] = -1;
        }
        c->bestedge[b] = -1;
        return;
    }

    /* Least-slack edges from the new blossom to every other S-blossom. */
    int32_t ntouched = 0;
    for (int32_t ci = 0; ci < np; ci++) {
        int32_t cb = childs[ci];
        if (c->nbbest[cb] < 0) {
            int32_t cnt = leaves(c, cb, c->scratch);
            for (int32_t li = 0; li < cnt; li++) {
                int32_t x = c->scratch[li];
                const AdjEntry *ax = c->adj[x];
                for (int32_t q = 0; q < c->deg[x]; q++) {
                    prefetch_weight(c, ax, q, c->deg[x]);
                    merge_best(c, b, ax[q].p >> 1, x, ax[q].v, ax[q].top, &ntouched);
                }
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
                merge_best(c, b, kk, i, j, (int64_t)W2(c, kk)[c->L - 1], &ntouched);
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
    if (best != -1) mp_copy(c->cslack + (size_t)b * c->L, bestslack, c->L);
    for (int32_t i = 0; i < ntouched; i++) {
        c->bestedgeto[c->touched[i]] = -1;
        c->mvalid[c->touched[i]] = 0;
    }
    c->bbest[b] = lst;
    c->nbbest[b] = ntouched;
    c->bestedge[b] = best;
    c->cedge[b] = best;
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
            c->allowedge[q >> 1] = c->allowmark;
            j += jstep;
            p = endps[wrap_index(j - endptrick, nc)] ^ endptrick;
            c->allowedge[p >> 1] = c->allowmark;
            j += jstep;
        }
        int32_t bv = childs[wrap_index(j, nc)];
        c->label[c->endpoint[p ^ 1]] = c->label[bv] = 2;
        c->labelend[c->endpoint[p ^ 1]] = c->labelend[bv] = p;
        zt_push(c, bv);
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

