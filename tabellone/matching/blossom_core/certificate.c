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
 * every vertex and blossom, twice the sum of the blossom duals from the top
 * down to each (zsum2, L + 1 limbs) and a lower bound of it in top limbs
 * (zfl), and, for deep forests, a table for constant-time
 * lowest-common-ancestor queries of two vertices (Bender and Farach-Colton,
 * "The LCA problem revisited", LATIN 2000: the lowest common ancestor as a
 * range-minimum query answered by a sparse table).  The vertices are listed in
 * depth-first order (pos); link[k], the lowest common ancestor of the k-th and
 * (k+1)-th, is the parent of the first node the traversal takes after the
 * k-th; the lowest common ancestor of two vertices of one tree is the
 * shallowest link between their positions. */
typedef struct {
    int32_t *dep, *top;
    limb_t *zsum2; /* twice the sum of the blossom duals from the top down to each, L + 1 limbs */
    int64_t *zfl;  /* floor(zsum2[x] / 2^(64(L-1))), at most 2^61 (a lower bound) */
    int32_t *pos;  /* n: position of each vertex in depth-first order */
    int32_t *rmq;  /* rmq[l * n + k]: the shallowest of link[k .. k + 2^l) */
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
    int32_t pa = f->pos[a], pb = f->pos[b];
    if (pa > pb) { int32_t t = pa; pa = pb; pb = t; }
    const int l = 63 - tb_clz64((uint64_t)(pb - pa)); /* a != b: pb > pa */
    const int32_t *row = f->rmq + (size_t)l * c->n;
    const int32_t x = row[pa], y = row[pb - ((int32_t)1 << l)];
    return dep[x] <= dep[y] ? x : y;
}

/* Whether (top-limb estimate) + zfl >= 1, which proves a positive slack
 * (see check_edge); tk terms are top limbs, zfl in [0, 2^61]. */
static inline int tops_positive(int64_t ta, int64_t tb, int64_t tw, int64_t zfl)
{
#ifdef TB_INT128
    return (__int128)ta + tb - tw + zfl >= 1;
#else
    /* the same test in 64 bits where no term can overflow it (else the full sum) */
    const int64_t lim = (int64_t)1 << 61;
    return ta > -lim && ta < lim && tb > -lim && tb < lim && tw > -lim && tw < lim && ta + tb - tw + zfl >= 1;
#endif
}

static TB_ALWAYS_INLINE const char *check_edge(Ctx *c, int32_t k, int32_t i, int32_t j,
                                                                    const Forest *f, int32_t *cntm, limb_t *s, limb_t *t)
{
    const int32_t n = c->n;
    const int L = c->L, L2 = c->L + 1;
    const int32_t *top = f->top;
    (void)t;
    if (i < 0 || j < 0 || i >= n || j >= n || i == j) return "bad edge endpoints";
    const int matched = c->mate[i] == 2 * k + 1 || c->mate[j] == 2 * k;
    const int inside = top[i] == top[j]; /* some blossoms hold both ends */
    int32_t lca = -1;
    if (!matched) {
        /* The slack is the vertex part u_i + u_j - 2w plus twice the duals
         * of the blossoms holding both ends, 2 zsum[lca] (zsum2), at least
         * 2 zsum[b] for any blossom b holding both (the duals are
         * non-negative, step 3).  With R = 2^(64(L-1)) and zfl[b] =
         * floor(zsum2[b] / R), the top limbs prove it positive when
         * top(u_i) + top(u_j) - top(2w) + zfl[b] >= 1: first with the
         * top-level blossom (no walk to the lowest common one), then with
         * the lowest common blossom; on a Swiss bracket's deeply nested
         * blossoms (hundreds of levels) most edges inside a top-level
         * blossom are settled so, without multi-limb arithmetic. */
        const int64_t ta = (int64_t)DUAL(c, i)[L - 1], tb = (int64_t)DUAL(c, j)[L - 1], tw = (int64_t)W2(c, k)[L - 1];
        if (tops_positive(ta, tb, tw, inside ? f->zfl[top[i]] : 0)) return NULL;
        if (inside) {
            lca = forest_lca(c, f, i, j);
            if (tops_positive(ta, tb, tw, f->zfl[lca])) return NULL;
        }
    } else if (inside) {
        lca = forest_lca(c, f, i, j);
    }
    mp_add_sub_wide(s, DUAL(c, i), DUAL(c, j), W2(c, k), L);
    if (inside) mp_add(s, s, f->zsum2 + (size_t)lca * L2, L2);
    if (mp_is_neg(s, L2)) return "dual infeasible: negative edge slack";
    int matched_i = c->mate[i] == 2 * k + 1, matched_j = c->mate[j] == 2 * k;
    if (matched_i != matched_j) return "matched edge seen from one side";
    if (matched_i) {
        if (!mp_is_zero(s, L2)) return "matched edge with positive slack";
        if (inside) cntm[lca]++; /* and its ancestors: verify() step 5 */
    }
    return NULL;
}

/* Returns 0 when the matching is proven optimal, else sets c->status.
 *
 * With dirty == NULL every edge is checked.  Otherwise the caller proves that
 * only some edges can have a lower slack than the one an earlier call of
 * verify() found non-negative for them (dirty_since(): an edge whose two ends
 * lie in the same outermost blossom of non-zero dual, etop, when an end has
 * flag 2; any other edge when an end has flag 1; and of those, only an edge
 * whose classes' slacks may be lower, codes and table): then every matched edge
 * (for complementary slackness and the count of matched edges inside each
 * blossom) and those edges are checked, and the other edges keep a slack at
 * least the proven one.  All the other conditions (a matching, non-negative
 * duals, zero duals at exposed vertices, a laminar blossom forest, full odd
 * blossoms) are checked whole. */
typedef struct DirtySet {
    uint8_t *flags; /* n: bit 1, edges to other outermost blossoms; bit 2, edges inside its own */
    int32_t *etop;  /* n: outermost blossom of non-zero dual holding the vertex, -1 if none */
    /* a second proof (pair_classes()), of the same edges' slacks: an edge is checked when
     * neither proves it kept its slack */
    uint8_t *codes;        /* n: the vertex's class, 255: every edge of it may be lower */
    unsigned char *table;  /* k * k: 1 where the edges between two classes may be lower */
    int32_t k;
    uint8_t *scanned;      /* n: whether its edges are read (every edge to check has such an end) */
} DirtySet;

static int verify(Ctx *c, const struct DirtySet *dirty)
{
    const int32_t n = c->n, m = c->m, n2 = 2 * n;
    const int L = c->L, L2 = c->L + 1;
    int32_t *dep = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    int32_t *top = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    int32_t *cntl = calloc((size_t)n2 + 1, sizeof(int32_t));
    int32_t *cntm = calloc((size_t)n2 + 1, sizeof(int32_t));
    int32_t *stack = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    limb_t *zsum2 = calloc(((size_t)n2 + 1) * (size_t)L2, sizeof(limb_t));
    int64_t *zfl = malloc(((size_t)n2 + 1) * sizeof(int64_t));
    limb_t *s = calloc((size_t)L2, sizeof(limb_t));
    limb_t *tmp = calloc((size_t)L2, sizeof(limb_t));
    limb_t *off = calloc((size_t)L, sizeof(limb_t));
    int32_t *uf = NULL, *up = NULL;
    const char *err = NULL;
    int32_t v, x;
    int64_t msize = 0, ncert = 0;

    if (!dep || !top || !cntl || !cntm || !stack || !zsum2 || !zfl || !s || !tmp || !off) {
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
            limb_t *zz = zsum2 + (size_t)z * L2;
            if (pz == -1) {
                dep[z] = 0;
                top[z] = z;
                mp_zero(zz, L2);
            } else {
                dep[z] = dep[pz] + 1;
                top[z] = top[pz];
                mp_copy(zz, zsum2 + (size_t)pz * L2, L2);
            }
            if (z >= n) { /* twice its dual */
                mp_sext(tmp, L2, DUAL(c, z), L);
                mp_add(zz, zz, tmp, L2);
                mp_add(zz, zz, tmp, L2);
            }
        }
    }

    /* the lowest-common-ancestor table when the forest is deep (Forest) */
    Forest forest = {dep, top, zsum2, zfl, NULL, NULL, 0};
    int32_t maxdep = 0;
    {
        for (x = 0; x < n2; x++) if (dep[x] > maxdep) maxdep = dep[x];
        if (maxdep > 8 && n >= 2) {
            int levels = 0;
            while (((int64_t)1 << levels) <= (int64_t)n - 1) levels++;
            up = malloc(((size_t)levels * (size_t)n + (size_t)n + 1) * sizeof(int32_t));
            if (!up) { c->status = ST_NOMEM; goto done; }
            int32_t *pos = up + (size_t)levels * n, *link = up; /* link: level 0 */
            int32_t cnt = 0;
            for (int32_t r = 0; r < n2; r++) {
                if (dep[r] != 0) continue;
                int32_t sp = 0, pend = -1; /* link to the tree before: none */
                stack[sp++] = r;
                while (sp > 0) {
                    int32_t y = stack[--sp];
                    if (pend == -2) pend = c->bparent[y];
                    if (y < n) {
                        if (cnt >= n) { err = "blossom forest holds a vertex twice"; goto done; }
                        if (cnt > 0) link[cnt - 1] = pend;
                        pos[y] = cnt++;
                        pend = -2; /* set by the next node taken */
                    } else {
                        if (sp + c->bnchilds[y] > n2) { err = "blossom forest holds a blossom twice"; goto done; }
                        for (int32_t ci = c->bnchilds[y] - 1; ci >= 0; ci--) stack[sp++] = c->bchilds[y][ci];
                    }
                }
            }
            if (cnt != n) { err = "blossom forest does not hold every vertex once"; goto done; }
            link[n - 1] = -1;
            for (int l = 1; l < levels; l++) {
                const int32_t *prev = up + (size_t)(l - 1) * n;
                int32_t *row = up + (size_t)l * n;
                const int32_t half = (int32_t)1 << (l - 1);
                for (int32_t k = 0; k + 2 * half <= n - 1; k++) {
                    const int32_t a = prev[k], b = prev[k + half];
                    row[k] = a == -1 || b == -1 ? -1 : (dep[a] <= dep[b] ? a : b);
                }
            }
            forest.pos = pos;
            forest.rmq = up;
            forest.levels = levels;
        }
    }
    /* zfl: zsum2 in units of R = 2^(64(L-1)), rounded down and capped (a
     * lower bound, for the fast path of check_edge; zsum2 >= 0, step 3) */
    for (x = 0; x < n2; x++) {
        const limb_t *zz = zsum2 + (size_t)x * L2;
        const limb_t cap = (limb_t)1 << 61;
        zfl[x] = dep[x] < 0 ? 0 : (int64_t)(zz[L] != 0 || zz[L - 1] > cap ? cap : zz[L - 1]);
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
            if (k + AHEAD < m) TB_PREFETCH(W2(c, k + AHEAD));
            int32_t i = c->endpoint[2 * k], j = c->endpoint[2 * k + 1];
            if (i < 0 && j < 0) continue; /* unused edge slot */
            if ((err = check_edge(c, k, i, j, &forest, cntm, s, tmp)) != NULL) goto done;
            ncert++;
        }
    } else {
        /* every matched edge, then the other edges at dirty vertices (once) */
        for (v = 0; v < n; v++) {
            int32_t p = c->mate[v];
            if (p == -1 || c->endpoint[p] < v) continue;
            if ((err = check_edge(c, p >> 1, c->endpoint[p ^ 1], c->endpoint[p], &forest, cntm, s, tmp)) != NULL) goto done;
            ncert++;
        }
        const uint8_t *flags = dirty->flags, *codes = dirty->codes, *scanned = dirty->scanned;
        const int32_t *etop = dirty->etop, k = dirty->k;
        for (v = 0; v < n; v++) {
            if (!scanned[v]) continue;
            const uint8_t fv = flags[v];
            const int32_t ev = etop[v];
            const unsigned char *row = codes[v] < k ? dirty->table + (size_t)codes[v] * k : NULL;
            const AdjEntry *av = c->adj[v];
            for (int32_t q = 0; q < c->deg[v]; q++) {
                prefetch_weight(c, av, q, c->deg[v]);
                int32_t u = av[q].v;
                const uint8_t fu = flags[u];
                /* u < v read too: u's turn, the same tests, came first */
                if (c->mate[v] == av[q].p || (scanned[u] && u < v)) continue;
                if (!((fv | fu) & (ev != -1 && ev == etop[u] ? 2 : 1))) continue;
                if (row && codes[u] < k && !row[codes[u]]) continue;
                if ((err = check_edge(c, av[q].p >> 1, v, u, &forest, cntm, s, tmp)) != NULL) goto done;
                ncert++;
            }
        }
    }

    c->stats[STAT_CERTIFIED] += ncert;

    /* 5. blossoms with positive dual are odd and full: cntl[x], the vertices
     * in x, and cntm[x], the matched edges inside x (counted at their ends'
     * lowest common blossom), summed up the forest, deepest first */
    {
        int32_t *bydep = calloc((size_t)maxdep + 2, sizeof(int32_t));
        if (!bydep) { c->status = ST_NOMEM; goto done; }
        for (x = 0; x < n2; x++) if (dep[x] >= 0) bydep[dep[x] + 1]++;
        for (int32_t d = 0; d <= maxdep; d++) bydep[d + 1] += bydep[d];
        for (x = 0; x < n2; x++) if (dep[x] >= 0) stack[bydep[dep[x]]++] = x; /* by depth, shallowest first */
        const int32_t nlive = bydep[maxdep];
        free(bydep);
        for (v = 0; v < n; v++) cntl[v] = 1;
        for (int32_t i = nlive - 1; i >= 0; i--) {
            x = stack[i];
            const int32_t px = c->bparent[x];
            if (px == -1) continue;
            cntl[px] += cntl[x];
            cntm[px] += cntm[x];
        }
    }
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
    free(zsum2); free(zfl); free(s); free(tmp); free(off); free(uf); free(up);
    return c->status;
}

