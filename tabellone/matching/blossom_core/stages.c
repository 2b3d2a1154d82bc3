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
        for (int32_t q = 0; q < c->deg[v]; q++) {
            prefetch_weight(c, av, q, c->deg[v]);
            if (mp_cmp(W2(c, av[q].p >> 1), best, L) > 0) mp_copy(best, W2(c, av[q].p >> 1), L);
        }
        mp_sar1(DUAL(c, v), best, L);
    }
    for (v = 0; v < n; v++) {
        const AdjEntry *av = c->adj[v];
        least_feasible_dual(c, v, best, t);
        mp_copy(DUAL(c, v), best, L);
        if (c->mate[v] != -1 || mp_is_zero(best, L)) continue;
        for (int32_t q = 0; q < c->deg[v]; q++) {
            int32_t w = av[q].v;
            if (c->mate[w] != -1) continue;
            slack_vw(c, v, w, av[q].p >> 1, t);
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

/* After a dual adjustment by delta: the kept slack of every least-slack edge
 * (cslack, best_slack) follows the change of the duals at its two ends, so
 * that no dual adjustment computes them again from the duals.  This is the
 * bookkeeping of Galil's O(n^3) presentation of the primal-dual method
 * (Z. Galil, "Efficient algorithms for finding maximum matching in graphs",
 * ACM Computing Surveys 18, 1986: the slack of each free
 * vertex's and each S-blossom's best edge is kept and lowered by delta or
 * 2 delta at each dual change): an S-vertex's dual goes down by delta, a
 * T-vertex's up by delta, a free vertex's stays, and the far end of each
 * least-slack edge is an S-vertex (they are offered from S-vertices only,
 * which stay S for the whole stage), so the slack of
 *   - a vertex's edge, the vertex in a free blossom: goes down by delta;
 *   - a vertex's edge, the vertex in a T-blossom: stays;
 *   - a top-level S-blossom's (or S-vertex's) edge to another S-blossom:
 *     goes down by 2 delta.
 * Any other kept slack (a vertex inside an S-blossom: no longer read) is
 * dropped and, if it is ever asked for, computed again. */
static void track_best_slacks(Ctx *c, const limb_t *delta)
{
    const int32_t n = c->n;
    const int L = c->L;
    for (int32_t x = 0; x < 2 * n; x++) {
        if (c->cedge[x] == -1 || c->cedge[x] != c->bestedge[x]) continue;
        int rate;
        if (x < n) {
            const int32_t b = c->inblossom[x], lb = c->label[b];
            rate = lb == 0 ? 1 : lb == 2 ? 0 : b == x ? 2 : -1;
        } else {
            rate = c->bparent[x] == -1 && c->bbase[x] >= 0 && c->label[x] == 1 ? 2 : -1;
        }
        limb_t *cs = c->cslack + (size_t)x * L;
        if (rate < 0) {
            c->cedge[x] = -1;
        } else if (rate > 0) {
            mp_sub(cs, cs, delta, L);
            if (rate == 2) mp_sub(cs, cs, delta, L);
        }
    }
}

/* The solves that keep their optimum (IncrementalMatcher, _solve_with_state)
 * leave a zero-dual S-blossom of at least this many vertices standing at the
 * end of a stage (see the end of stages_run); one-shot solves expand every
 * one, as the classic stage does (their callers may depend on which optimum
 * comes back).  _set_keep_zero_from. */
static int keep_zero_from = 256;

/* Whether blossom b holds at least lim vertices (counted up to lim only). */
static int holds_at_least(Ctx *c, int32_t b, int32_t lim) { return leaves_upto(c, b, c->scratch, lim) >= lim; }

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
static void stages_run(Ctx *c, int warm)
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
            c->cedge[b] = -1;
        }
        for (int32_t b = n; b < 2 * n; b++) {
            free(c->bbest[b]);
            c->bbest[b] = NULL;
            c->nbbest[b] = -1;
        }
        /* a new mark per stage clears every edge's allowed flag at once; the
         * array itself is cleared once in 255 stages */
        if (++c->allowmark == 0) {
            memset(c->allowedge, 0, (size_t)m);
            c->allowmark = 1;
        }
        const uint8_t mark = c->allowmark;
        if (c->dead) memset(c->dead, 0, (size_t)n);
        while (c->nzt > 0) c->ztin[c->zt[--c->nzt] - n] = 0;
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
            while (c->qlen > 0 && (!augmented || c->dead)) {
                v = c->queue[--c->qlen];
                /* after an augmentation: only the trees it left alone grow */
                if (augmented && c->dead[c->tree[v]]) continue;
                if (c->label[c->inblossom[v]] != 1) {
                    internal_error(c, "queued vertex is not an S-vertex");
                    return;
                }
                const int32_t qend = c->deg[v];
                const AdjEntry *const av = c->adj[v];
                int32_t *const inblossom = c->inblossom;
                int32_t *const label = c->label;
                uint8_t *const allowedge = c->allowedge;
                const int64_t *const dtop = c->dtop;
                for (int32_t q = 0; q < qend; q++) {
                    prefetch_weight(c, av, q, qend);
                    int32_t w = av[q].v;
                    int32_t bw = inblossom[w];
                    int32_t bv = inblossom[v];
                    if (bv == bw) continue;
                    int32_t lw = label[bw];
                    if (augmented && lw != 0 && c->dead[c->tree[w]]) continue;
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
                    if (tk >= 1 && allowedge[k] == mark) {
                        internal_error(c, "allowed edge with a positive slack");
                        return;
                    }
#endif
                    if (tk >= 1) {
                        if (augmented) continue; /* no dual adjustment follows in this stage */
                        if (lw == 1) offer_best(c, bv, k, tk, v, w);
                        else if (label[w] == 0) offer_best(c, w, k, tk, v, w);
                        continue;
                    }
                    if (allowedge[k] != mark) {
                        slack_vw(c, v, w, k, ks);
                        if (mp_le_zero(ks, L)) {
                            allowedge[k] = mark;
                        } else {
                            if (augmented) continue;
                            if (lw == 1) offer_best(c, bv, k, tk, v, w);
                            else if (label[w] == 0) offer_best(c, w, k, tk, v, w);
                            continue;
                        }
                    }
                    /* tight edge */
                    int done = 0; /* an augmentation used v's tree */
                    if (lw == 0 && warm && c->mate[c->bbase[bw]] == -1) {
                        /* exposed with zero dual: the path ends here */
                        assign_label(c, w, 1, -1);
                        if (c->status) return;
                        augment_matching(c, k);
                        done = 1;
                    } else if (lw == 0) {
                        assign_label(c, w, 2, p ^ 1);
                    } else if (lw == 1) {
                        int32_t base = scan_blossom(c, v, w);
                        if (c->status) return;
                        if (base >= 0) {
                            add_blossom(c, base, k, !augmented);
                        } else {
                            augment_matching(c, k);
                            done = 1;
                        }
                    } else if (c->label[w] == 0) {
                        c->label[w] = 2;
                        c->labelend[w] = p ^ 1;
                    }
                    if (c->status) return;
                    if (done) {
                        augmented = 1;
                        if (c->dead) c->dead[c->tree[v]] = c->dead[c->tree[w]] = 1;
                        break;
                    }
                }
            }
            if (augmented) break;

            /* no tight edge left to use: find the dual adjustment.  A T-blossom
             * whose dual is zero is expanded at once: zero is the least
             * adjustment there can be, and it changes no dual (on a Swiss
             * bracket the stages label whole chains of nested blossoms of
             * zero dual T, and each would otherwise cost a pass over every
             * vertex and blossom to find it).  Only where the stack is kept
             * (stages that augment several times: the solves that keep their
             * optimum, whose callers take any optimum) and where no zero
             * delta1 could end the solve first (the classic stage without
             * max_cardinality ends when a vertex dual reaches zero). */
            int32_t zb = -1;
            while ((warm || c->maxcard) && c->nzt > 0) {
                const int32_t b = c->zt[--c->nzt];
                c->ztin[b - n] = 0;
                if (c->bbase[b] >= 0 && c->bparent[b] == -1 && c->label[b] == 2 && mp_is_zero(DUAL(c, b), L)) {
                    zb = b;
                    break;
                }
            }
            if (zb >= 0) {
                c->stats[STAT_DELTA4]++;
                c->stats[STAT_DELTA4_ZERO]++;
                expand_blossom(c, zb, 0);
                if (c->status) return;
                continue;
            }
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

            /* update the duals (nothing to do for a zero adjustment: every kept
             * slack of track_best_slacks stays exact, and what it drops would be
             * exact too) */
            const int moved = !mp_is_zero(delta, L);
            for (v = 0; moved && v < n; v++) {
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
            for (int32_t b = n; moved && b < 2 * n; b++) {
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
            if (moved) track_best_slacks(c, delta);
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
                c->allowedge[deltaedge] = mark;
                int32_t i = c->endpoint[2 * deltaedge], j = c->endpoint[2 * deltaedge + 1];
                if (c->label[c->inblossom[i]] == 0) i = j;
                if (c->label[c->inblossom[i]] != 1) {
                    internal_error(c, "delta2 edge has no S end");
                    return;
                }
                queue_push(c, i);
            } else if (deltatype == 3) {
                c->allowedge[deltaedge] = mark;
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

        /* end of stage: expand S-blossoms whose dual reached zero.  In a solve
         * that keeps its optimum, not those of keep_zero_from vertices or more
         * (c->keep_zero_min): such a blossom
         * may stay (as it does from one solve to the next, kept by the warm
         * start), and is expanded when a later stage makes it a T-blossom
         * (delta4 = 0).  Expanding it here only to build it again in the next
         * stage cost the most in a large bracket whose next bracket's pairs
         * all weigh the same: its thousands of nested zero-dual blossoms were
         * dissolved and rebuilt at every stage (each rebuilt one relabelling
         * every vertex inside).  A small one is rebuilt cheaply, and keeping
         * those too made the Burstein optimiser's stages more (911 -> 1,018
         * at round 9 of 4,000 players, 3 % slower). */
        for (int32_t b = n; b < 2 * n; b++) {
            if (c->bparent[b] == -1 && c->bbase[b] >= 0 && c->label[b] == 1 && mp_is_zero(DUAL(c, b), L) &&
                (!c->keep_zero_min || !holds_at_least(c, b, c->keep_zero_min))) {
                expand_blossom(c, b, 1);
                if (c->status) return;
            }
        }
    }
}


/* Whether a stage of the solves that keep their optimum (IncrementalMatcher,
 * _solve_with_state: the Dutch, Burstein and Lim optimisers) goes on
 * augmenting after its first augmentation (1, the default) or ends there as in
 * the classic presentation (0); _set_multi_augment.  One-shot solves
 * (max_weight_matching) keep the classic stage: where equal weights leave
 * several optima, some of their callers' answers depend on which one comes
 * back (the italo-svizzero's optimised method solves its whole field with
 * max_cardinality), and they must stay as they were.
 *
 * Several augmentations per stage: Galil's presentation of Edmonds' algorithm
 * (Z. Galil, "Efficient algorithms for finding maximum matching in graphs",
 * ACM Computing Surveys 18, 1986, section 4) lets a stage augment again and
 * again along the tight edges, keeping the search forest of every tree that no
 * augmentation has touched; the trees it used are set aside.  Here, once a
 * stage has augmented, the vertices still queued are scanned on: every vertex
 * carries the root of its tree (c->tree, set as labels are given), the two
 * trees of each augmenting path (one for a warm path that ends at a zero-dual
 * vertex) are marked dead, and their vertices are skipped both as vertices to
 * scan and as neighbours; a tight edge between two live trees augments again,
 * one inside a live tree makes a blossom, one to a free vertex grows the tree.
 * No dual adjustment follows an augmentation in the same stage (the
 * least-slack edges of the live trees may lead into dead ones), so once the
 * queue is empty the stage ends and the next one starts from fresh labels.
 * Why it is the same algorithm: each augmentation is along tight edges of a
 * forest whose labels are valid for its own trees (nothing an augmentation
 * changes lies outside its two trees), so every invariant of the classic
 * stage (feasible duals, tight matched edges, full blossoms, equal duals of
 * the exposed vertices when not warm) holds after each; the matching found is
 * an optimum like any other and goes through the same certificate.  On the
 * near-uniform weights of a Swiss bracket one dual adjustment makes many edges
 * tight at once, and a stage now uses all the disjoint augmenting paths they
 * give instead of re-growing the whole forest (every edge scanned again) for
 * each. */
static int multi_augment = 1;

static void stages(Ctx *c, int warm, int multi)
{
    c->tree = NULL;
    c->dead = NULL;
    c->zt = NULL;
    c->ztin = NULL;
    c->nzt = 0;
    if (multi) {
        c->tree = malloc(((size_t)c->n + 1) * sizeof(int32_t));
        c->dead = calloc((size_t)c->n + 1, 1);
        c->zt = malloc(((size_t)c->n + 1) * sizeof(int32_t));
        c->ztin = calloc((size_t)c->n + 1, 1);
        c->nzt = 0;
        if (!c->tree || !c->dead || !c->zt || !c->ztin) {
            free(c->tree);
            free(c->dead);
            free(c->zt);
            free(c->ztin);
            c->tree = NULL;
            c->dead = NULL;
            c->zt = NULL;
            c->ztin = NULL;
            c->status = ST_NOMEM;
            return;
        }
    }
    stages_run(c, warm);
    free(c->tree);
    free(c->dead);
    free(c->zt);
    free(c->ztin);
    c->tree = NULL;
    c->dead = NULL;
    c->zt = NULL;
    c->ztin = NULL;
    c->nzt = 0;
}
