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

/* Entries of the triangular table (at least 1). */
static int64_t dense_size(int32_t n)
{
    int64_t size = n >= 2 ? tri_index(n, n - 2, n - 1) + 1 : 0;
    return size > 0 ? size : 1;
}

/* Switch the index to the triangular table, moving the hash table's pairs into it. */
static int index_make_dense(MatcherObject *self)
{
    const int64_t size = dense_size(self->g.n);
    self->dense = malloc((size_t)size * sizeof(int32_t));
    if (!self->dense) return -1;
    memset(self->dense, 0xff, (size_t)size * sizeof(int32_t));
    for (uint64_t i = 0; self->hmask && i <= self->hmask; i++) {
        if (!self->hkeys[i]) continue;
        const uint64_t pair = self->hkeys[i] - 1; /* pair_key(a, b) = (a << 32 | b) + 1, a < b */
        self->dense[tri_index(self->g.n, (int32_t)(pair >> 32), (int32_t)(pair & 0xffffffffu))] = self->hvals[i];
    }
    free(self->hkeys);
    free(self->hvals);
    self->hkeys = NULL;
    self->hvals = NULL;
    self->hmask = 0;
    self->hcount = 0;
    return 0;
}

/* Room in the index for `more` more pairs.  Up to DENSE_INDEX_MAX_N vertices, and
 * above as soon as the hash table would need more bytes than the triangular table
 * (a dense graph: 12 bytes a slot at most half full against 4 bytes a vertex pair),
 * the index is the triangular table. */
static int index_reserve_n(MatcherObject *self, int64_t more)
{
    if (self->dense) return 0;
    if (self->g.n <= DENSE_INDEX_MAX_N) return index_make_dense(self);
    uint64_t need = 2 * ((uint64_t)self->hcount + (uint64_t)more);
    if (need <= self->hmask) return 0;
    uint64_t cap = self->hmask ? 2 * (self->hmask + 1) : 64;
    while (cap <= need) cap *= 2;
    if (cap * (sizeof(uint64_t) + sizeof(int32_t)) >= (uint64_t)dense_size(self->g.n) * sizeof(int32_t))
        return index_make_dense(self);
    return hash_resize(self, cap);
}

/* Room in the index for one more pair. */
static int index_reserve(MatcherObject *self) { return index_reserve_n(self, 1); }

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

/* Room for `cap` adjacency entries at x (cap > adjcap[x]). */
static int adj_grow(MatcherObject *self, int32_t x, int64_t cap)
{
    Graph *g = &self->g;
    AdjEntry *a = realloc(g->adj[x], (size_t)cap * sizeof(AdjEntry));
    if (!a) return -1;
    g->adj[x] = a;
    g->adjcap[x] = (int32_t)cap;
    return 0;
}

static int adj_reserve(MatcherObject *self, int32_t x)
{
    Graph *g = &self->g;
    if (g->deg[x] < g->adjcap[x]) return 0;
    int64_t cap = g->adjcap[x] ? 2 * (int64_t)g->adjcap[x] : 4;
    if (cap > g->n) cap = g->n > 4 ? g->n : 4;
    return adj_grow(self, x, cap);
}

static void adj_push(MatcherObject *self, int32_t x, int32_t v, int32_t p, int64_t top) /* reserved */
{
    Graph *g = &self->g;
    int32_t pos = g->deg[x]++;
    g->adj[x][pos] = (AdjEntry){v, p, top};
    self->apos[p] = pos;
}

/* Unlink endpoint p's entry from the adjacency of endpoint[p ^ 1]. */
static void adj_unlink(MatcherObject *self, int32_t p)
{
    Graph *g = &self->g;
    int32_t x = g->endpoint[p ^ 1], pos = self->apos[p], last = --g->deg[x];
    if (pos != last) {
        g->adj[x][pos] = g->adj[x][last];
        self->apos[g->adj[x][pos].p] = pos;
    }
}

/* Grow the edge slots to `cap` (> g->cap, at most MAX_EDGES). */
static int slots_grow(MatcherObject *self, int64_t cap)
{
    Graph *g = &self->g;
    int32_t *ep = realloc(g->endpoint, (size_t)cap * 2 * sizeof(int32_t));
    if (!ep) return -1;
    g->endpoint = ep;
    int32_t *ap = realloc(self->apos, (size_t)cap * 2 * sizeof(int32_t));
    if (!ap) return -1;
    self->apos = ap;
    int32_t *fs = realloc(self->freeslots, (size_t)cap * sizeof(int32_t));
    if (!fs) return -1;
    self->freeslots = fs;
    int32_t *w = realloc(g->wid, ((size_t)cap + 1) * sizeof(int32_t));
    if (!w) return -1;
    g->wid = w;
    memset(w + g->cap, 0, (size_t)(cap - g->cap) * sizeof(int32_t)); /* row 0: zero */
    for (int64_t i = 2 * (int64_t)g->cap; i < 2 * cap; i++) ep[i] = ap[i] = -1;
    g->cap = (int32_t)cap;
    return 0;
}

static int slots_reserve(MatcherObject *self)
{
    Graph *g = &self->g;
    if (self->nfree > 0 || g->m < g->cap) return 0;
    int64_t cap = g->cap ? 2 * (int64_t)g->cap : 16;
    if (cap > MAX_EDGES) cap = MAX_EDGES;
    if (cap <= g->cap) return -1;
    return slots_grow(self, cap);
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
        wt_release(&g->wt, g->wid[k], L);
        g->wid[k] = 0;
        self->freeslots[self->nfree++] = k;
        g->nlive--;
    } else if (k >= 0) {
        if (memcmp(graph_w2(g, k), w2row, (size_t)L * sizeof(limb_t)) == 0) return 0;
        int32_t r = wt_intern(&g->wt, w2row, L);
        if (r < 0) return -1;
        wt_release(&g->wt, g->wid[k], L);
        g->wid[k] = r;
        int64_t top = (int64_t)w2row[L - 1];
        g->adj[g->endpoint[2 * k]][self->apos[2 * k + 1]].top = top;
        g->adj[g->endpoint[2 * k + 1]][self->apos[2 * k]].top = top;
    } else {
        if (slots_reserve(self) < 0 || index_reserve(self) < 0 || adj_reserve(self, a) < 0 || adj_reserve(self, b) < 0)
            return -1;
        int32_t r = wt_intern(&g->wt, w2row, L);
        if (r < 0) return -1;
        k = self->nfree > 0 ? self->freeslots[--self->nfree] : g->m++;
        g->endpoint[2 * k] = a;
        g->endpoint[2 * k + 1] = b;
        g->wid[k] = r;
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
    /* parsing may run Python code (__index__), and another thread a solve then */
    if (mt_check_idle(self) < 0) goto done;
    ok = mt_apply(self, edges, count, maxbits) == 0;
done:
    for (Py_ssize_t i = 0; i < parsed; i++) Py_DECREF(edges[i].w);
    PyMem_Free(edges);
    Py_DECREF(seq);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

/* set_columns(rows, columns): for each (v, ws) of columns in order, set_edge(rows[i], v,
 * ws[i]) for i < len(ws) in order -- the pairs of a bracket handed over column by column
 * without a (u, v, w) tuple per pair (LocalMatcher.set_columns).  All are validated before
 * any is applied, as by set_edges.  A bracket's pairs take few distinct weights: each
 * distinct value is checked and converted to limbs once (a table by value for the call),
 * each pair names its value's row. */
typedef struct {
    PyObject **obj;     /* the distinct values (new references) */
    Py_hash_t *hash;
    int32_t *slot;      /* hash table of value indices, -1 = empty */
    Py_ssize_t n, cap;  /* values held, room */
    uint64_t mask;      /* slots - 1 */
} ValueTable;

static void vt_free(ValueTable *t)
{
    for (Py_ssize_t i = 0; i < t->n; i++) Py_DECREF(t->obj[i]);
    PyMem_Free(t->obj);
    PyMem_Free(t->hash);
    PyMem_Free(t->slot);
}

static int vt_rehash(ValueTable *t, uint64_t slots)
{
    int32_t *slot = PyMem_Malloc((size_t)slots * sizeof(int32_t));
    if (!slot) return -1;
    memset(slot, 0xff, (size_t)slots * sizeof(int32_t));
    for (Py_ssize_t i = 0; i < t->n; i++) {
        uint64_t h = (uint64_t)t->hash[i] & (slots - 1);
        while (slot[h] >= 0) h = (h + 1) & (slots - 1);
        slot[h] = (int32_t)i;
    }
    PyMem_Free(t->slot);
    t->slot = slot;
    t->mask = slots - 1;
    return 0;
}

/* The index of the value iv (a non-negative int, a new reference handed over) in t,
 * added when new; -1 with an exception set. */
static Py_ssize_t vt_index(ValueTable *t, PyObject *iv)
{
    Py_hash_t hash = PyObject_Hash(iv);
    if (hash == -1 && PyErr_Occurred()) goto fail;
    for (uint64_t h = (uint64_t)hash & t->mask; t->slot[h] >= 0; h = (h + 1) & t->mask) {
        Py_ssize_t i = t->slot[h];
        if (t->hash[i] != hash) continue;
        int eq = PyObject_RichCompareBool(t->obj[i], iv, Py_EQ);
        if (eq < 0) goto fail;
        if (eq) {
            Py_DECREF(iv);
            return i;
        }
    }
    if (t->n == INT32_MAX) {
        PyErr_NoMemory();
        goto fail;
    }
    if (t->n == t->cap) {
        Py_ssize_t cap = 2 * t->cap;
        PyObject **obj = PyMem_Realloc(t->obj, (size_t)cap * sizeof(PyObject *));
        if (obj) t->obj = obj;
        Py_hash_t *hs = obj ? PyMem_Realloc(t->hash, (size_t)cap * sizeof(Py_hash_t)) : NULL;
        if (hs) t->hash = hs;
        if (!obj || !hs) {
            PyErr_NoMemory();
            goto fail;
        }
        t->cap = cap;
    }
    t->obj[t->n] = iv;
    t->hash[t->n] = hash;
    t->n++;
    if ((uint64_t)(2 * t->n) > t->mask) { /* a larger table, the new value placed with the others */
        if (vt_rehash(t, 2 * (t->mask + 1)) < 0) {
            t->n--; /* (iv released below) */
            PyErr_NoMemory();
            goto fail;
        }
    } else {
        uint64_t h = (uint64_t)hash & t->mask;
        while (t->slot[h] >= 0) h = (h + 1) & t->mask;
        t->slot[h] = (int32_t)(t->n - 1);
    }
    return t->n - 1;
fail:
    Py_DECREF(iv);
    return -1;
}

static PyObject *mt_set_columns(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "set_columns() takes exactly 2 arguments (rows, columns), got %zd", nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    PyObject *rows = PySequence_Fast(args[0], "rows must be a sequence of vertices");
    if (!rows) return NULL;
    PyObject *cols = PySequence_Fast(args[1], "columns must be a sequence of (v, weights) pairs");
    if (!cols) {
        Py_DECREF(rows);
        return NULL;
    }
    const Py_ssize_t nrows = PySequence_Fast_GET_SIZE(rows), ncols = PySequence_Fast_GET_SIZE(cols);
    PyObject **ritems = PySequence_Fast_ITEMS(rows), **citems = PySequence_Fast_ITEMS(cols);
    int32_t *rv = PyMem_Malloc((size_t)(nrows > 0 ? nrows : 1) * sizeof(int32_t));
    int32_t *eu = NULL, *ev = NULL, *ew = NULL; /* per pair: its ends and its value's index */
    limb_t *vrows = NULL;
    ValueTable vt = {0};
    Py_ssize_t count = 0, cap = 0;
    int ok = 0;
    vt.cap = 16;
    vt.obj = PyMem_Malloc((size_t)vt.cap * sizeof(PyObject *));
    vt.hash = PyMem_Malloc((size_t)vt.cap * sizeof(Py_hash_t));
    if (!rv || !vt.obj || !vt.hash || vt_rehash(&vt, 64) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nrows; i++)
        if (parse_vertex(ritems[i], -1, self->g.n, &rv[i]) < 0) goto done;
    for (Py_ssize_t c = 0; c < ncols; c++) {
        PyObject *item = citems[c];
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
            PyErr_Format(PyExc_TypeError, "column %zd: expected a (v, weights) tuple", c);
            goto done;
        }
        int32_t v;
        if (parse_vertex(PyTuple_GET_ITEM(item, 0), -1, self->g.n, &v) < 0) goto done;
        PyObject *ws = PySequence_Fast(PyTuple_GET_ITEM(item, 1), "a column's weights must be a sequence");
        if (!ws) goto done;
        const Py_ssize_t nw = PySequence_Fast_GET_SIZE(ws);
        if (nw > nrows) {
            Py_DECREF(ws);
            PyErr_Format(PyExc_ValueError, "column %zd: %zd weights for %zd rows", c, nw, nrows);
            goto done;
        }
        if (count + nw > cap) {
            Py_ssize_t want = 2 * cap > count + nw ? 2 * cap : count + nw;
            int32_t *a = PyMem_Realloc(eu, (size_t)want * sizeof(int32_t));
            if (a) eu = a;
            int32_t *b = a ? PyMem_Realloc(ev, (size_t)want * sizeof(int32_t)) : NULL;
            if (b) ev = b;
            int32_t *w = b ? PyMem_Realloc(ew, (size_t)want * sizeof(int32_t)) : NULL;
            if (w) ew = w;
            if (!a || !b || !w) {
                Py_DECREF(ws);
                PyErr_NoMemory();
                goto done;
            }
            cap = want;
        }
        PyObject **witems = PySequence_Fast_ITEMS(ws);
        for (Py_ssize_t i = 0; i < nw; i++) {
            if (rv[i] == v) {
                Py_DECREF(ws);
                PyErr_Format(PyExc_ValueError, "column %zd: self-loop on vertex %d", c, (int)v);
                goto done;
            }
            PyObject *iv = weight_int(witems[i], count);
            Py_ssize_t k = iv ? vt_index(&vt, iv) : -1;
            if (k < 0) {
                Py_DECREF(ws);
                goto done;
            }
            eu[count] = rv[i];
            ev[count] = v;
            ew[count] = (int32_t)k;
            count++;
        }
        Py_DECREF(ws);
    }
    /* parsing may run Python code (__index__), and another thread a solve then */
    if (mt_check_idle(self) < 0) goto done;
    /* each distinct value: its width, then its limbs once the graph is wide enough */
    int64_t maxbits = 0;
    for (Py_ssize_t k = 0; k < vt.n; k++) {
        int64_t bits = weight_bits(vt.obj[k]);
        if (bits < 0) goto done;
        if (bits > 1 << 24) {
            PyErr_SetString(PyExc_ValueError, "weights wider than 2^24 bits are not supported");
            goto done;
        }
        if (bits > maxbits) maxbits = bits;
    }
    int need = limbs_for_bits(maxbits);
    if (need > self->g.L && graph_widen(&self->g, need) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    const int L = self->g.L;
    vrows = PyMem_Malloc((size_t)(vt.n > 0 ? vt.n : 1) * L * sizeof(limb_t));
    if (!vrows) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < vt.n; k++)
        if (store_w2(vt.obj[k], vrows + (size_t)k * L, L) < 0) goto done;
    for (Py_ssize_t e = 0; e < count; e++) {
        const limb_t *row = vrows + (size_t)ew[e] * L;
        if (mt_set(self, eu[e], ev[e], mp_is_zero(row, L) ? NULL : row) < 0) {
            PyErr_NoMemory();
            goto done;
        }
    }
    ok = 1;
done:
    vt_free(&vt);
    PyMem_Free(vrows);
    PyMem_Free(eu);
    PyMem_Free(ev);
    PyMem_Free(ew);
    PyMem_Free(rv);
    Py_DECREF(rows);
    Py_DECREF(cols);
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
    return w2_to_int(graph_w2(&self->g, k), self->g.L);
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
        PyObject *w = w2_to_int(graph_w2(g, k), g->L);
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

/* reserve(edges, degrees): room for `edges` more edges, and for degrees[v] edges at
 * each vertex v < len(degrees), allocated once: a large graph built edge by edge then
 * neither copies its arrays as they double nor keeps up to half of them unused. */
static PyObject *mt_reserve(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "reserve() takes exactly 2 arguments (edges, degrees), got %zd", nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    Py_ssize_t more = PyNumber_AsSsize_t(args[0], PyExc_OverflowError);
    if (more == -1 && PyErr_Occurred()) return NULL;
    if (more < 0) {
        PyErr_SetString(PyExc_ValueError, "reserve(): negative edge count");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(args[1], "reserve(): degrees must be a sequence of ints");
    if (!seq) return NULL;
    Graph *g = &self->g;
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (count > g->n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "reserve(): %zd degrees for n=%d", count, (int)g->n);
        return NULL;
    }
    int64_t need = (int64_t)g->m + (more > self->nfree ? (int64_t)more - self->nfree : 0);
    if (need > MAX_EDGES) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "too many edges (at most %lld)", (long long)MAX_EDGES);
        return NULL;
    }
    int failed = (need > g->cap && slots_grow(self, need) < 0) || index_reserve_n(self, more) < 0;
    for (Py_ssize_t v = 0; v < count && !failed; v++) {
        Py_ssize_t d = PyNumber_AsSsize_t(items[v], PyExc_OverflowError);
        if (d == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (d < 0) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "reserve(): negative degree");
            return NULL;
        }
        if (d > g->n) d = g->n;
        if (d > g->adjcap[v]) failed = adj_grow(self, (int32_t)v, d) < 0;
    }
    Py_DECREF(seq);
    if (failed) return PyErr_NoMemory();
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

/* The nearest enclosing blossom of non-zero dual of every vertex and live blossom of
 * the kept optimum w (eff_parents), for reading slacks: a blossom of dual 0 adds nothing
 * to a slack, and a large bracket's blossoms nest thousands deep, nearly all of them of
 * dual 0, so walking the whole chain of every pair was most of a pricing round.  Made
 * once per optimum (kept in w: tight() and all_within() are called once per player of a
 * bracket; only the matcher's own calls, which hold the GIL, read a kept optimum this
 * way: a state a solve reads without the GIL is not given to it).  NULL when the forest
 * is not one (the callers' own checks of the plain parents report it) or when out of
 * memory (*nomem set). */
static const int32_t *ws_nz_parents(const WarmState *cw, int *nomem)
{
    WarmState *w = (WarmState *)cw; /* the cache only: what w says does not change */
    *nomem = 0;
    if (w->nzpar || w->nzpar_broken) return w->nzpar;
    const int32_t n = w->n, n2 = 2 * n;
    uint8_t *nz = calloc((size_t)n2 + 1, 1);
    int32_t *stack = malloc(((size_t)n2 + 1) * sizeof(int32_t)), *eff = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    if (!nz || !stack || !eff) {
        free(nz); free(stack); free(eff);
        *nomem = 1;
        return NULL;
    }
    for (int32_t b = n; b < n2; b++) nz[b] = w->bbase[b] >= 0 && !mp_is_zero(w->dual + (size_t)b * w->L, w->L);
    if (eff_parents(n, w->bparent, w->bbase, nz, eff, stack) < 0) {
        free(eff);
        w->nzpar_broken = 1;
    } else {
        w->nzpar = eff;
    }
    free(nz); free(stack);
    return w->nzpar;
}

/* x's enclosing blossoms under the duals `dual` (Lw limbs) and the forest `bparent`,
 * innermost first: pos[b] = its depth (pos: 2n entries, -1 elsewhere, set here) and
 * chain[depth] = b; returns the sums of the duals from each one up to the top-level
 * blossom (L limbs each, depth + 1 rows, the last 0: freed by the caller), or NULL with
 * an exception set.  t: L limbs of scratch. */
static limb_t *chain_sums(const limb_t *dual, const int32_t *bparent, int Lw, int L, int32_t x, int32_t n,
                          int32_t *pos, int32_t *chain, limb_t *t)
{
    const int32_t n2 = 2 * n;
    for (int32_t b = 0; b < n2; b++) pos[b] = -1;
    int32_t depth = 0;
    for (int32_t b = bparent[x]; b != -1 && depth <= n; b = bparent[b]) {
        if (b < n || b >= n2 || pos[b] >= 0) {
            PyErr_SetString(PyExc_SystemError, "bad blossom forest");
            return NULL;
        }
        pos[b] = depth;
        chain[depth++] = b;
    }
    limb_t *zs = calloc(((size_t)depth + 1) * (size_t)L, sizeof(limb_t));
    if (!zs) return (limb_t *)PyErr_NoMemory();
    for (int32_t d = depth - 1; d >= 0; d--) {
        mp_sext(t, L, dual + (size_t)chain[d] * Lw, Lw);
        mp_add(zs + (size_t)d * L, zs + (size_t)(d + 1) * L, t, L);
    }
    return zs;
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
    int nomem;
    const int32_t *par = ws_nz_parents(w, &nomem);
    if (nomem) {
        PyErr_NoMemory();
        goto done;
    }
    if (!par) par = w->bparent;
    if (!(zs = chain_sums(w->dual, par, Lw, L, x, n, pos, chain, t))) goto done;
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
            mp_sext(t, L, graph_w2(&self->g, k), Lg);
            mp_sub(s, s, t, L);
            int32_t b = par[y];
            while (b != -1 && pos[b] < 0) b = par[b];
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

/* ---- pricing: slacks of pairs that need not be edges of the graph ---------- */

/* An approximation of a two's complement number on L limbs (for ordering only). */
static double mp_approx(const limb_t *a, int L)
{
    /* the magnitude limb by limb (a negative number's is ~a + 1), so that a small
     * negative number does not vanish in the rounding of 2^64 - small */
    const int neg = mp_is_neg(a, L);
    double d = 0.0;
    for (int j = L - 1; j >= 0; j--) d = d * 18446744073709551616.0 + (double)(neg ? ~a[j] : a[j]);
    return neg ? -(d + 1.0) : d;
}

typedef struct {
    Py_ssize_t i, far; /* far: |i - center|, the order among equal slacks */
    double slack;
    int32_t y; /* the other end */
} ScanHit;

/* Hit i of a row (its slack, approximately; y: the other end, -1 once known not an edge). */
static inline ScanHit scan_hit(Py_ssize_t i, Py_ssize_t center, double slack, int32_t y)
{
    return (ScanHit){i, i > center ? i - center : center - i, slack, y};
}

/* Room in the growing array hits for one more than *nhits, at most `most` in all: 0, or
 * -1 on no memory. */
static int hits_reserve(ScanHit **hits, Py_ssize_t nhits, Py_ssize_t *cap, Py_ssize_t most)
{
    if (nhits < *cap) return 0;
    Py_ssize_t nc = *cap ? 2 * *cap : 64;
    if (nc > most) nc = most;
    ScanHit *nh = realloc(*hits, (size_t)nc * sizeof(ScanHit));
    if (!nh) {
        PyErr_NoMemory();
        return -1;
    }
    *hits = nh;
    *cap = nc;
    return 0;
}

/* Append a hit to the growing array hits; -1 on no memory. */
static int push_hit(ScanHit **hits, Py_ssize_t *nhits, Py_ssize_t *cap, ScanHit h)
{
    if (hits_reserve(hits, *nhits, cap, PY_SSIZE_T_MAX) < 0) return -1;
    (*hits)[(*nhits)++] = h;
    return 0;
}

static int cmp_hit(const void *a, const void *b)
{
    const ScanHit *x = a, *y = b;
    if (x->slack != y->slack) return x->slack < y->slack ? -1 : 1;
    if (x->far != y->far) return x->far < y->far ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* The scratch of price(), tight() and price_rows(): the kept optimum's duals and
 * forest, and arrays over the vertices and blossoms allocated once per call and, between
 * rows, reset only where a row touched them (a large bracket prices thousands of rows
 * against one optimum: per row work in the size of the whole graph was most of it). */
enum { SCAN_CACHE = 64 };

typedef struct {
    int32_t n, n2;
    int L, Lw, Lg;
    const limb_t *dual;
    const int32_t *bparent;
    limb_t *nodual;    /* no edge: every dual 0 */
    int32_t *noparent; /* ... and no blossom */
    /* pos[b]: b's depth in the row's chain (-1: not in it); chain[d]: the blossom at depth d */
    int32_t *pos, *chain, depth;
    /* memo[b]: the lowest blossom of the row's chain holding blossom b (-1: none; -2: not
     * known yet), so that each blossom is walked once per row: the blossoms of a large
     * bracket nest hundreds deep; touched: the blossoms whose memo is set */
    int32_t *memo, *path, *touched, ntouched;
    limb_t *zs; /* (depth + 1) rows of L limbs: twice the sums of the chain's duals from each one up */
    size_t zscap;
    limb_t *s, *t, *cache, *ux; /* ux: the row's u_x on L limbs */
    PyObject *ckey[SCAN_CACHE]; /* weight objects converted (held: an address is not reused) */
    int crc[SCAN_CACHE];        /* twice_to_limbs's answer, or 2: a weight of 0 (no pair) */
    limb_t *diff;               /* per slot, u_x - 2 w for the row whose number is in stamp */
    int64_t stamp[SCAN_CACHE], row;
    ScanHit *hits;
    Py_ssize_t nhits, caphits;
    /* the last mask read (lowered_pairs()'s (codes, table), held): every row of a pricing
     * round gives the same one, read once */
    PyObject *mask;
    Py_buffer mcodes, mtable;
    Py_ssize_t k;
    /* a masked row's partners, read through the mask's classes: the buffer of partners
     * last read (held: its memory stays put while the lists below point into it; a row
     * whose partners lie inside it, as the slices of one array do, uses them too) and,
     * per class c < k of the row's vertex, the positions j of that buffer whose pair
     * with a vertex of class c the mask may have lowered (built at a class's first row),
     * in increasing order: a row reads only those (about 3 % of a 9,999-player round's
     * pairs; the others kept their slack) */
    Py_buffer vbase;
    int32_t **vis;
    Py_ssize_t *nvis;
    /* tight(): per vertex, the slot of its edge with the row's vertex (-1: none), set from
     * that vertex's adjacency for the row and cleared after (a hash look-up a pair was
     * most of a row) */
    int32_t *emark;
} Scan;

/* Drop the class lists of masked rows and the buffer they point into. */
static void scan_forget_classes(Scan *sc)
{
    if (sc->vis)
        for (Py_ssize_t c = 0; c < sc->k; c++) free(sc->vis[c]);
    free(sc->vis);
    free(sc->nvis);
    sc->vis = NULL, sc->nvis = NULL;
    if (sc->vbase.obj) PyBuffer_Release(&sc->vbase);
}

static void scan_free(Scan *sc)
{
    free(sc->nodual); free(sc->noparent); free(sc->pos); free(sc->chain); free(sc->memo); free(sc->path);
    free(sc->touched); free(sc->zs); free(sc->s); free(sc->t); free(sc->cache); free(sc->ux); free(sc->diff);
    free(sc->hits);
    free(sc->emark);
    for (int c = 0; c < SCAN_CACHE; c++) Py_CLEAR(sc->ckey[c]);
    scan_forget_classes(sc);
    if (sc->mcodes.obj) PyBuffer_Release(&sc->mcodes);
    if (sc->mtable.obj) PyBuffer_Release(&sc->mtable);
    Py_CLEAR(sc->mask);
}

/* Read a row's mask into sc (mcodes, mtable, k) unless it is the one read last: None
 * (no mask: k 0, no buffers) or lowered_pairs()'s (codes, table).  -1 with an exception
 * set. */
static int scan_mask(Scan *sc, const char *name, PyObject *mask_obj)
{
    if (!mask_obj) mask_obj = Py_None;
    if (mask_obj == sc->mask) return 0;
    scan_forget_classes(sc); /* (before k changes: it frees k lists) */
    if (sc->mcodes.obj) PyBuffer_Release(&sc->mcodes);
    if (sc->mtable.obj) PyBuffer_Release(&sc->mtable);
    Py_CLEAR(sc->mask);
    sc->k = 0;
    if (mask_obj != Py_None) {
        if (!PyTuple_Check(mask_obj) || PyTuple_GET_SIZE(mask_obj) != 2) {
            PyErr_Format(PyExc_TypeError, "%s(): the mask must be None or (codes, table) (lowered_pairs())", name);
            return -1;
        }
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(mask_obj, 0), &sc->mcodes, PyBUF_SIMPLE) < 0) return -1;
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(mask_obj, 1), &sc->mtable, PyBUF_SIMPLE) < 0) return -1;
        Py_ssize_t k = 0;
        while (k * k < sc->mtable.len) k++;
        if (sc->mcodes.len < sc->n) {
            PyErr_Format(PyExc_ValueError, "%s(): the mask's codes (%zd) are fewer than the vertices (%d)", name,
                         sc->mcodes.len, (int)sc->n);
            return -1;
        }
        if (k * k != sc->mtable.len || k > 254) { /* (255 means every pair, never a class) */
            PyErr_Format(PyExc_ValueError, "%s(): the mask's table (%zd bytes) is not k * k for k <= 254 classes", name,
                         sc->mtable.len);
            return -1;
        }
        sc->k = k;
    }
    sc->mask = Py_NewRef(mask_obj);
    return 0;
}

/* Set up the scratch against the kept optimum: 0; 1 when there is no current
 * optimum (nothing allocated); -1 with an exception set.  Free with scan_free. */
static int scan_init(MatcherObject *self, Scan *sc)
{
    memset(sc, 0, sizeof(*sc));
    const int32_t n = self->g.n, n2 = 2 * n;
    sc->n = n, sc->n2 = n2;
    const WarmState *w = self->ws;
    if (w && !self->nchg && w->n == n) {
        sc->dual = w->dual, sc->bparent = w->bparent, sc->Lw = w->L;
        int nomem;
        const int32_t *par = ws_nz_parents(w, &nomem);
        if (nomem) {
            PyErr_NoMemory();
            return -1;
        }
        if (par) sc->bparent = par;
    } else if (self->g.nlive == 0) { /* no edge: the empty matching, every dual 0 */
        sc->nodual = calloc((size_t)n2 + 1, sizeof(limb_t));
        sc->noparent = malloc(((size_t)n2 + 1) * sizeof(int32_t));
        if (!sc->nodual || !sc->noparent) {
            PyErr_NoMemory();
            return -1;
        }
        for (int32_t b = 0; b < n2; b++) sc->noparent[b] = -1;
        sc->dual = sc->nodual, sc->bparent = sc->noparent, sc->Lw = 1;
    } else {
        return 1;
    }
    sc->Lg = self->g.L;
    sc->L = (sc->Lw > sc->Lg ? sc->Lw : sc->Lg) + 1;
    const int L = sc->L;
    sc->pos = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    sc->chain = malloc(((size_t)n + 1) * sizeof(int32_t));
    sc->memo = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    sc->path = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    sc->touched = malloc(((size_t)n2 + 1) * sizeof(int32_t));
    sc->s = calloc((size_t)L, sizeof(limb_t));
    sc->t = calloc((size_t)L, sizeof(limb_t));
    sc->cache = calloc((size_t)SCAN_CACHE * (size_t)L, sizeof(limb_t));
    sc->ux = calloc((size_t)L, sizeof(limb_t));
    sc->diff = calloc((size_t)SCAN_CACHE * (size_t)L, sizeof(limb_t));
    if (!sc->pos || !sc->chain || !sc->memo || !sc->path || !sc->touched || !sc->s || !sc->t || !sc->cache || !sc->ux ||
        !sc->diff) {
        PyErr_NoMemory();
        return -1;
    }
    for (int32_t b = 0; b < n2; b++) sc->pos[b] = -1, sc->memo[b] = -2;
    return 0;
}

/* x's enclosing blossoms into pos and chain, innermost first, twice their dual sums into
 * zs (see chain_sums), and u_x into ux; pos and memo must be clean (scan_clean).  -1 with
 * an exception set. */
static int scan_chain(Scan *sc, int32_t x)
{
    const int32_t n = sc->n, n2 = sc->n2;
    const int L = sc->L;
    int32_t depth = 0;
    for (int32_t b = sc->bparent[x]; b != -1; b = sc->bparent[b]) {
        if (b < n || b >= n2 || sc->pos[b] >= 0 || depth > n) {
            sc->depth = depth;
            PyErr_SetString(PyExc_SystemError, "bad blossom forest");
            return -1;
        }
        sc->pos[b] = depth;
        sc->chain[depth++] = b;
    }
    sc->depth = depth;
    const size_t need = ((size_t)depth + 1) * (size_t)L;
    if (need > sc->zscap) {
        limb_t *z = realloc(sc->zs, need * sizeof(limb_t));
        if (!z) {
            PyErr_NoMemory();
            return -1;
        }
        sc->zs = z;
        sc->zscap = need;
    }
    mp_zero(sc->zs + (size_t)depth * L, L);
    for (int32_t d = depth - 1; d >= 0; d--) {
        mp_sext(sc->t, L, sc->dual + (size_t)sc->chain[d] * sc->Lw, sc->Lw);
        mp_add(sc->t, sc->t, sc->t, L);
        mp_add(sc->zs + (size_t)d * L, sc->zs + (size_t)(d + 1) * L, sc->t, L);
    }
    mp_sext(sc->ux, L, sc->dual + (size_t)x * sc->Lw, sc->Lw);
    return 0;
}

/* Undo what a row wrote into pos and memo. */
static void scan_clean(Scan *sc)
{
    for (int32_t d = 0; d < sc->depth; d++) sc->pos[sc->chain[d]] = -1;
    for (int32_t j = 0; j < sc->ntouched; j++) sc->memo[sc->touched[j]] = -2;
    sc->depth = sc->ntouched = 0;
}

/* s = a + b + z on L limbs, b (Lb <= L limbs) sign-extended, z optional (NULL: 0): one
 * pass, exact modulo 2^(64 L) as the two additions one after the other (the slack of a
 * priced pair, a = u_x - 2 w set once per distinct weight and row). */
static inline void mp_slack(limb_t *s, const limb_t *a, const limb_t *b, int Lb, const limb_t *z, int L)
{
    const limb_t fill = mp_is_neg(b, Lb) ? ~(limb_t)0 : 0;
#ifdef TB_INT128
    dlimb_t acc = 0;
    for (int i = 0; i < L; i++) {
        acc = (acc >> 64) + a[i] + (i < Lb ? b[i] : fill) + (z ? z[i] : 0);
        s[i] = (limb_t)acc;
    }
#else
    limb_t c1 = 0, c2 = 0;
    for (int i = 0; i < L; i++) {
        limb_t d = tb_addc(a[i], i < Lb ? b[i] : fill, &c1);
        if (z) d = tb_addc(d, z[i], &c2);
        s[i] = d;
    }
#endif
}

/* sc->vis[cx] (see Scan) for the mask read and the buffer sc->vbase, unless built: 0,
 * or -1 with an exception set. */
static int scan_class_list(Scan *sc, Py_ssize_t cx)
{
    const Py_ssize_t k = sc->k;
    if (!sc->vis) {
        sc->vis = calloc((size_t)k, sizeof(int32_t *));
        sc->nvis = calloc((size_t)k, sizeof(Py_ssize_t));
        if (!sc->vis || !sc->nvis) {
            PyErr_NoMemory();
            return -1;
        }
    }
    if (sc->vis[cx]) return 0;
    const int32_t *base = sc->vbase.buf;
    const Py_ssize_t len = sc->vbase.len / 4;
    int32_t *v = malloc(((size_t)len + 1) * sizeof(int32_t));
    if (!v) {
        PyErr_NoMemory();
        return -1;
    }
    const unsigned char *codes = sc->mcodes.buf, *tab = (const unsigned char *)sc->mtable.buf + (size_t)cx * (size_t)k;
    Py_ssize_t m = 0;
    for (Py_ssize_t j = 0; j < len; j++) {
        const int32_t y = base[j];
        if (y < 0 || (y < sc->n && codes[y] < k && !tab[codes[y]])) continue; /* (y >= n: the row says why) */
        v[m++] = (int32_t)j;
    }
    sc->vis[cx] = v;
    sc->nvis[cx] = m;
    return 0;
}

/* Pricing keeps a row's `limit` first hits in cmp_hit's order (the most negative
 * slacks, then the nearest to the center) that are not edges of the graph, in
 * sc->hits as a heap whose root is the last of them: offer h to it.  A full sort of
 * every negative pair took most of a row where nearly all of them were (the first
 * pricing of a large bracket).  -1 on no memory. */
static int heap_offer(MatcherObject *self, Scan *sc, int32_t x, Py_ssize_t limit, const ScanHit *h)
{
    ScanHit *H = sc->hits;
    const Py_ssize_t m = sc->nhits;
    if (m >= limit && (limit == 0 || cmp_hit(h, &H[0]) >= 0)) return 0;
    if (h->y >= 0 && mt_find(self, x, h->y) >= 0) return 0; /* an edge: the certificate covers it */
    Py_ssize_t c;
    if (m < limit) {
        if (hits_reserve(&sc->hits, m, &sc->caphits, limit) < 0) return -1;
        H = sc->hits;
        for (c = sc->nhits++; c > 0; c = (c - 1) / 2) { /* up from the new last leaf */
            if (cmp_hit(&H[(c - 1) / 2], h) >= 0) break;
            H[c] = H[(c - 1) / 2];
        }
    } else {
        for (c = 0;;) { /* down from the root it replaces */
            Py_ssize_t l = 2 * c + 1;
            if (l >= m) break;
            if (l + 1 < m && cmp_hit(&H[l + 1], &H[l]) > 0) l++;
            if (cmp_hit(&H[l], h) <= 0) break;
            H[c] = H[l];
            c = l;
        }
    }
    H[c] = *h;
    return 0;
}

static int cmp_hit_index(const void *a, const void *b)
{
    const ScanHit *x = a, *y = b;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* One row of the scan behind price(), tight() and price_rows(): the pairs {x, ys[i]},
 * i < len(ws) (ys, a sequence of ints or a buffer of int32 ('i'), may be longer;
 * ys[i] < 0 or ys[i] == x: skipped; for pricing, with a mask of lowered_pairs() ((codes,
 * table), or None), so is every ys[i] whose pair with x it says kept its slack), each
 * weighing
 * ws[i] (0 or None: no pair) unless it is an edge of the graph, whose own weight then counts.
 * pricing: the pairs that are not edges and whose slack under the kept optimum's duals
 * is negative, the `limit` most negative (approximately ordered; among equal slacks the
 * nearest to index `center`) if there are more; else every pair (edge or not) whose
 * slack is at most 0.  The indices i go to sc->hits[0 .. sc->nhits), in increasing
 * order.  -1 with an exception set. */
static int scan_row(MatcherObject *self, Scan *sc, const char *name, int32_t x, PyObject *ys_obj, PyObject *ws_obj,
                    Py_ssize_t limit, Py_ssize_t center, PyObject *mask_obj, int pricing)
{
    const int32_t n = sc->n, n2 = sc->n2;
    const int L = sc->L, Lw = sc->Lw, Lg = sc->Lg;
    const limb_t *dual = sc->dual;
    const int32_t *bparent = sc->bparent;
    int32_t *pos = sc->pos, *memo = sc->memo, *path = sc->path, *touched = sc->touched;
    limb_t *s = sc->s, *t = sc->t, *cache = sc->cache;
    const limb_t *ux = sc->ux;
    Py_buffer ybuf = {0};
    PyObject *ys = NULL, *ws = NULL;
    const int32_t *yarr = NULL;
    Py_ssize_t ylen;
    int rc = -1;
    sc->nhits = 0;
    const int64_t row = ++sc->row; /* the diff slots of earlier rows are stale */
    if (PyObject_CheckBuffer(ys_obj)) {
        if (PyObject_GetBuffer(ys_obj, &ybuf, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
        if (ybuf.itemsize != 4 || !ybuf.format || strcmp(ybuf.format, "i") != 0) {
            PyBuffer_Release(&ybuf);
            PyErr_Format(PyExc_TypeError, "%s(): a buffer ys must hold int32 ('i')", name);
            return -1;
        }
        yarr = ybuf.buf;
        ylen = ybuf.len / 4;
    } else {
        ys = PySequence_Fast(ys_obj, "ys must be a sequence");
        if (!ys) return -1;
        ylen = PySequence_Fast_GET_SIZE(ys);
    }
    /* (a row without a mask reads every pair and leaves the mask held, and its class
     * lists, for the masked rows around it) */
    const int masked = mask_obj && mask_obj != Py_None;
    if (masked && scan_mask(sc, name, mask_obj) < 0) goto done;
    const Py_ssize_t k = masked ? sc->k : 0;
    const unsigned char *codes = NULL, *tab = NULL;
    if (k > 0 && ((const unsigned char *)sc->mcodes.buf)[x] < k) { /* else x's pairs may all be lower: every one */
        codes = sc->mcodes.buf;
        tab = (const unsigned char *)sc->mtable.buf + (size_t)codes[x] * (size_t)k;
    }
    if (!(ws = PySequence_Fast(ws_obj, "ws must be a sequence"))) goto done;
    const Py_ssize_t cnt = PySequence_Fast_GET_SIZE(ws);
    if (ylen < cnt) {
        PyErr_Format(PyExc_ValueError, "%s(): ys is shorter than ws", name);
        goto done;
    }
    if (scan_chain(sc, x) < 0) goto done;
    const limb_t *zs = sc->zs;
    int32_t *emark = NULL;
    if (!pricing) {
        if (!sc->emark) {
            if (!(sc->emark = malloc(((size_t)n + 1) * sizeof(int32_t)))) {
                PyErr_NoMemory();
                goto done;
            }
            for (int32_t v = 0; v < n; v++) sc->emark[v] = -1;
        }
        emark = sc->emark;
        const AdjEntry *ax = self->g.adj ? self->g.adj[x] : NULL;
        for (int32_t q = 0; ax && q < self->g.deg[x]; q++) emark[ax[q].v] = ax[q].p >> 1;
    }
    /* a masked row of a buffer: the positions its vertex's class reads (scan_class_list) */
    const int32_t *vis = NULL;
    Py_ssize_t qlo = 0, qhi = cnt, off = 0;
    if (pricing && codes && yarr && cnt > 0) {
        /* the row's partners inside the held buffer (addresses compared as integers) */
        const uintptr_t p = (uintptr_t)ybuf.buf;
        uintptr_t b0 = sc->vbase.obj ? (uintptr_t)sc->vbase.buf : 0;
        int inside = b0 && p >= b0 && (p - b0) % 4 == 0 && (Py_ssize_t)((p - b0) / 4) + cnt <= sc->vbase.len / 4;
        if (!inside) {
            scan_forget_classes(sc);
            if (PyObject_GetBuffer(ys_obj, &sc->vbase, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) goto done;
            b0 = (uintptr_t)sc->vbase.buf;
            inside = p >= b0 && (p - b0) % 4 == 0 && (Py_ssize_t)((p - b0) / 4) + cnt <= sc->vbase.len / 4;
        }
        off = inside ? (Py_ssize_t)((p - b0) / 4) : 0;
        if (inside && sc->vbase.len / 4 <= INT32_MAX) {
            if (scan_class_list(sc, codes[x]) < 0) goto done;
            vis = sc->vis[codes[x]];
            Py_ssize_t lo = 0, hi = sc->nvis[codes[x]];
            qhi = hi;
            while (lo < hi) { /* the first position at or after off */
                const Py_ssize_t mid = lo + (hi - lo) / 2;
                if (vis[mid] < off) lo = mid + 1;
                else hi = mid;
            }
            qlo = lo;
        }
    }
    for (Py_ssize_t q = qlo; q < qhi; q++) {
        Py_ssize_t i = q;
        if (vis && (i = vis[q] - off) >= cnt) break;
        long yl;
        if (yarr) {
            yl = yarr[i];
        } else {
            yl = PyLong_AsLong(PySequence_Fast_GET_ITEM(ys, i));
            if (yl == -1 && PyErr_Occurred()) goto done;
        }
        if (yl < 0 || yl == x) continue;
        if (!vis && codes && yl < n && codes[yl] < k && !tab[codes[yl]]) continue; /* kept its slack */
        if (yl >= n) {
            PyErr_Format(PyExc_ValueError, "%s(): vertex %ld out of range for n=%d", name, yl, (int)n);
            goto done;
        }
        int32_t y = (int32_t)yl;
        /* pricing looks an edge up only for a pair of negative slack (rare), and
         * drops it then: the optimum's certificate covers the edges */
        int32_t k = pricing ? -1 : emark[y];
        const limb_t *a = t; /* u_x - 2 w */
        if (k >= 0) {
            mp_sext(t, L, graph_w2(&self->g, k), Lg);
            mp_sub(t, ux, t, L);
        } else {
            PyObject *wo = PySequence_Fast_GET_ITEM(ws, i);
            if (wo == Py_None) continue; /* no pair, as 0 (the 2017 rows' marks) */
            /* equal weights are mostly one object: converted once */
            int c = (int)(((uintptr_t)wo >> 4) % SCAN_CACHE);
            if (sc->ckey[c] != wo) {
                Py_CLEAR(sc->ckey[c]);
                sc->crc[c] = twice_to_limbs(wo, cache + (size_t)c * L, L);
                if (sc->crc[c] == -2) goto done;
                if (sc->crc[c] == 0 && mp_is_neg(cache + (size_t)c * L, L)) {
                    PyErr_Format(PyExc_ValueError, "%s(): negative weight", name);
                    goto done;
                }
                if (sc->crc[c] == 0 && mp_is_zero(cache + (size_t)c * L, L)) sc->crc[c] = 2;
                sc->ckey[c] = Py_NewRef(wo);
                sc->stamp[c] = 0;
            }
            if (sc->crc[c] < 0) {
                PyErr_Format(PyExc_ValueError, "%s(): negative weight", name);
                goto done;
            }
            if (sc->crc[c] == 2) continue; /* no pair */
            if (sc->crc[c] == 1) { /* above every dual sum: a negative slack */
                const ScanHit h = scan_hit(i, center, -1e308, pricing ? y : -1);
                if (pricing) {
                    if (heap_offer(self, sc, x, limit, &h) < 0) goto done;
                } else if (emark[y] < 0 && push_hit(&sc->hits, &sc->nhits, &sc->caphits, h) < 0) {
                    goto done;
                }
                continue;
            }
            if (sc->stamp[c] != row) {
                mp_sub(sc->diff + (size_t)c * L, ux, cache + (size_t)c * L, L);
                sc->stamp[c] = row;
            }
            a = sc->diff + (size_t)c * L;
        }
        int32_t b = bparent[y], np = 0;
        while (b != -1 && pos[b] < 0 && memo[b] == -2 && np < n2) {
            path[np++] = b;
            b = bparent[b];
        }
        if (b != -1 && pos[b] < 0) b = memo[b];
        if (b == -2) {
            PyErr_SetString(PyExc_SystemError, "bad blossom forest");
            goto done;
        }
        while (np > 0) memo[touched[sc->ntouched++] = path[--np]] = b;
        /* s = u_x + u_y - 2 w + 2 (duals of the blossoms holding both) */
        mp_slack(s, a, dual + (size_t)y * Lw, Lw, b != -1 ? zs + (size_t)pos[b] * L : NULL, L);
        if (pricing) {
            if (!mp_is_neg(s, L)) continue;
            /* (an edge is looked up only if it would be kept) */
            const ScanHit h = scan_hit(i, center, mp_approx(s, L), y);
            if (heap_offer(self, sc, x, limit, &h) < 0) goto done;
        } else if (mp_le_zero(s, L) && push_hit(&sc->hits, &sc->nhits, &sc->caphits, scan_hit(i, center, 0.0, -1)) < 0) {
            goto done;
        }
    }
    /* in index order (tight() pushed them so; pricing's heap did not) */
    if (pricing) qsort(sc->hits, (size_t)sc->nhits, sizeof(ScanHit), cmp_hit_index);
    rc = 0;
done:
    if (!pricing && sc->emark && self->g.adj && self->g.adj[x])
        for (int32_t q = 0; q < self->g.deg[x]; q++) sc->emark[self->g.adj[x][q].v] = -1;
    scan_clean(sc);
    if (ybuf.obj) PyBuffer_Release(&ybuf);
    Py_XDECREF(ys);
    Py_XDECREF(ws);
    return rc;
}

/* limit and center of price(): -1 with an exception set. */
static int scan_limits(PyObject *lo, PyObject *co, Py_ssize_t *limit, Py_ssize_t *center)
{
    *limit = PyLong_AsSsize_t(lo);
    if (*limit == -1 && PyErr_Occurred()) return -1;
    *center = PyLong_AsSsize_t(co);
    if (*center == -1 && PyErr_Occurred()) return -1;
    if (*limit < 0) {
        PyErr_SetString(PyExc_ValueError, "limit must be non-negative");
        return -1;
    }
    return 0;
}

/* price(x, ys, ws, limit, center, mask) and tight(x, ys, ws): one row (scan_row) as a
 * list of indices, or None without a current optimum. */
static PyObject *mt_scan(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs, int pricing)
{
    const char *name = pricing ? "price" : "tight";
    const Py_ssize_t want = pricing ? 6 : 3;
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments, got %zd", name, want, nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    int32_t x;
    if (parse_vertex(args[0], -1, self->g.n, &x) < 0) return NULL;
    Py_ssize_t limit = PY_SSIZE_T_MAX, center = 0;
    if (pricing && scan_limits(args[3], args[4], &limit, &center) < 0) return NULL;
    Scan sc;
    int st = scan_init(self, &sc);
    PyObject *result = NULL;
    if (st == 1) {
        result = Py_NewRef(Py_None);
    } else if (st == 0 && scan_row(self, &sc, name, x, args[1], args[2], limit, center, pricing ? args[5] : NULL, pricing) == 0) {
        PyObject *out = PyList_New(sc.nhits);
        for (Py_ssize_t j = 0; out && j < sc.nhits; j++) {
            PyObject *iv = PyLong_FromSsize_t(sc.hits[j].i);
            if (!iv) Py_CLEAR(out);
            else PyList_SET_ITEM(out, j, iv);
        }
        result = out;
    }
    scan_free(&sc);
    return result;
}

/* price(x, ys, ws, limit, center, mask) -> list[int] | None: see scan_row (tabellone.matching.pricing). */
static PyObject *mt_price(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return mt_scan(self, args, nargs, 1);
}

/* tight(x, ys, ws) -> list[int] | None: see scan_row. */
static PyObject *mt_tight(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    return mt_scan(self, args, nargs, 0);
}

/* price_rows(rows, limit) -> list[tuple[int, int, int]] | None: price(x, ys, ws, limit,
 * center, mask) for each (x, ys, ws, center, mask) of the iterable rows, in order, against
 * one optimum with one scratch; the pairs it names as edges (x, ys[i], ws[i]), row by row.
 * A buffer ys must not change while the call lasts (Scan's class lists point into it).
 * None without a current optimum. */
static PyObject *mt_price_rows(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "price_rows() takes exactly 2 arguments (rows, limit), got %zd", nargs);
        return NULL;
    }
    if (mt_check_idle(self) < 0) return NULL;
    Py_ssize_t limit = PyLong_AsSsize_t(args[1]);
    if (limit == -1 && PyErr_Occurred()) return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "limit must be non-negative");
        return NULL;
    }
    PyObject *it = PyObject_GetIter(args[0]);
    if (!it) return NULL;
    Scan sc;
    int st = scan_init(self, &sc);
    PyObject *out = NULL, *row = NULL, *result = NULL;
    if (st == 1) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    if (st < 0 || !(out = PyList_New(0))) goto done;
    while ((row = PyIter_Next(it))) {
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 5) {
            PyErr_SetString(PyExc_TypeError, "price_rows(): each row must be a tuple (x, ys, ws, center, mask)");
            goto done;
        }
        PyObject *xo = PyTuple_GET_ITEM(row, 0), *yso = PyTuple_GET_ITEM(row, 1), *wso = PyTuple_GET_ITEM(row, 2);
        int32_t x;
        if (parse_vertex(xo, -1, sc.n, &x) < 0) goto done;
        Py_ssize_t center = PyLong_AsSsize_t(PyTuple_GET_ITEM(row, 3));
        if (center == -1 && PyErr_Occurred()) goto done;
        if (scan_row(self, &sc, "price_rows", x, yso, wso, limit, center, PyTuple_GET_ITEM(row, 4), 1) < 0) goto done;
        for (Py_ssize_t j = 0; j < sc.nhits; j++) {
            const Py_ssize_t i = sc.hits[j].i;
            PyObject *y = PySequence_GetItem(yso, i), *w = PySequence_GetItem(wso, i);
            PyObject *e = y && w ? PyTuple_Pack(3, xo, y, w) : NULL;
            Py_XDECREF(y);
            Py_XDECREF(w);
            if (!e || PyList_Append(out, e) < 0) {
                Py_XDECREF(e);
                goto done;
            }
            Py_DECREF(e);
        }
        Py_CLEAR(row);
    }
    if (!PyErr_Occurred()) result = Py_NewRef(out);
done:
    scan_free(&sc);
    Py_XDECREF(row);
    Py_XDECREF(out);
    Py_DECREF(it);
    return result;
}

/* snapshot() -> bytes | None: the kept optimum's duals and blossom forest in one bytes
 * object (int32 n and limbs per number, then the 2n duals, then the 2n parents), for
 * lowered_pairs().  A pair's slack depends on its weight and on what the snapshot says of
 * its two ends only (their duals and those of the blossoms holding them), so pricing after
 * a solve need only look at the pairs lowered_pairs() says may have lost slack since.
 * None without a current optimum. */
static PyObject *mt_snapshot(MatcherObject *self, PyObject *unused)
{
    (void)unused;
    if (mt_check_idle(self) < 0) return NULL;
    const WarmState *w = self->ws;
    const int32_t n = self->g.n;
    if (!w || self->nchg || w->n != n) Py_RETURN_NONE;
    const size_t duals = (size_t)2 * n * (size_t)w->L * sizeof(limb_t), parents = (size_t)2 * n * sizeof(int32_t);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(2 * sizeof(int32_t) + duals + parents));
    if (!out) return NULL;
    char *at = PyBytes_AS_STRING(out);
    const int32_t head[2] = {n, (int32_t)w->L};
    memcpy(at, head, sizeof(head));
    memcpy(at + sizeof(head), w->dual, duals);
    memcpy(at + sizeof(head) + duals, w->bparent, parents);
    return out;
}

/* lowered_pairs()'s answer that every pair may be lower: code 255 everywhere, no class. */
static PyObject *every_pair(int32_t n)
{
    PyObject *codes = PyBytes_FromStringAndSize(NULL, n);
    if (!codes) return NULL;
    memset(PyBytes_AS_STRING(codes), 255, (size_t)n);
    return Py_BuildValue("(Ny#)", codes, "", (Py_ssize_t)0);
}

/* lowered_pairs(old) -> (codes, table) | None: which pairs' slacks may be lower now than
 * under `old` (snapshot() of an earlier optimum of this graph), without reading them:
 * pair_classes() from the snapshot to the kept optimum.  codes: n bytes, a vertex's
 * class (0 .. k - 1) or 255; table: k * k bytes, 1 where the pairs between two classes
 * may be lower (price(): a row of a vertex of code 255 prices every pair, another every
 * pair whose other end has 255 or a 1 in the row's table row).  A snapshot of another
 * vertex count or limb width, or a broken forest, gives every vertex 255.  None without
 * a current optimum. */
static PyObject *mt_lowered_pairs(MatcherObject *self, PyObject *old)
{
    if (mt_check_idle(self) < 0) return NULL;
    const WarmState *w = self->ws;
    if (!w || self->nchg || w->n != self->g.n) Py_RETURN_NONE;
    if (!PyBytes_Check(old)) {
        PyErr_SetString(PyExc_TypeError, "lowered_pairs(): old must be bytes (snapshot())");
        return NULL;
    }
    const int32_t n = w->n, n2 = 2 * n;
    const int Lw = w->L;
    const size_t duals = (size_t)n2 * (size_t)Lw * sizeof(limb_t), parents = (size_t)n2 * sizeof(int32_t);
    int32_t head[2] = {0, 0};
    const char *b0 = PyBytes_AS_STRING(old);
    const size_t len = (size_t)PyBytes_GET_SIZE(old);
    if (len >= sizeof(head)) memcpy(head, b0, sizeof(head));
    if (len != sizeof(head) + duals + parents || head[0] != n || head[1] != Lw) /* another vertex count or limb width */
        return every_pair(n);
    PyObject *result = NULL, *codes = PyBytes_FromStringAndSize(NULL, n);
    limb_t *odual = malloc(duals + 1);
    int32_t *opar = malloc(parents + 1);
    unsigned char *table = NULL;
    int32_t k = 0;
    if (!codes || !odual || !opar) {
        if (codes) PyErr_NoMemory();
        goto done;
    }
    memcpy(odual, b0 + sizeof(head), duals); /* (aligned copies of the snapshot's parts) */
    memcpy(opar, b0 + sizeof(head) + duals, parents);
    if (pair_classes(n, Lw, odual, opar, Lw, w->dual, w->bparent, (unsigned char *)PyBytes_AS_STRING(codes), &table, &k) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = Py_BuildValue("(Oy#)", codes, table ? (const char *)table : "", (Py_ssize_t)k * k);
done:
    Py_XDECREF(codes);
    free(odual); free(opar); free(table);
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
    total += (size_t)g->cap * (2 * sizeof(int32_t) * 2 + sizeof(int32_t) + sizeof(int32_t));
    total += (size_t)g->wt.cap * ((size_t)g->L * sizeof(limb_t) + 2 * sizeof(int32_t)) + (size_t)(g->wt.smask + 1) * sizeof(int32_t);
    total += (size_t)g->n * (sizeof(AdjEntry *) + 2 * sizeof(int32_t));
    for (int32_t v = 0; v < g->n; v++) total += (size_t)g->adjcap[v] * sizeof(AdjEntry);
    if (self->dense) total += (size_t)dense_size(g->n) * sizeof(int32_t);
    if (self->hmask) total += (size_t)(self->hmask + 1) * (sizeof(uint64_t) + sizeof(int32_t));
    total += (size_t)self->chgcap * sizeof(uint64_t);
    if (self->ws) {
        const WarmState *w = self->ws;
        total += (size_t)w->n * (sizeof(int32_t) + 2 * (size_t)w->L * sizeof(limb_t) + 6 * sizeof(int32_t));
        for (int32_t b = w->n; b < 2 * w->n; b++) total += (size_t)w->bnchilds[b] * 3 * sizeof(int32_t);
        if (w->nzpar) total += (size_t)2 * w->n * sizeof(int32_t);
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
            else if (g->wid[k] != 0) err = "unused slot with a weight";
            continue;
        }
        live++;
        if (!(a < b) || b >= g->n) err = "bad endpoints";
        else if (mt_find(self, a, b) != k) err = "index does not find the slot";
        else if (g->wid[k] <= 0 || g->wid[k] >= g->wt.used || mp_is_zero(graph_w2(g, k), g->L))
            err = "zero-weight edge stored";
        else if (g->adj[a][self->apos[2 * k + 1]].p != 2 * k + 1 || g->adj[a][self->apos[2 * k + 1]].v != b ||
                 g->adj[b][self->apos[2 * k]].p != 2 * k || g->adj[b][self->apos[2 * k]].v != a)
            err = "adjacency position is wrong";
        else if (g->adj[a][self->apos[2 * k + 1]].top != (int64_t)graph_w2(g, k)[g->L - 1] ||
                 g->adj[b][self->apos[2 * k]].top != (int64_t)graph_w2(g, k)[g->L - 1])
            err = "stale top limb";
    }
    for (int32_t v = 0; v < g->n; v++) entries += g->deg[v];
    if (!err) { /* the weight table: each row used by as many live slots as it counts, each found by value */
        const WeightTable *t = &g->wt;
        int32_t *uses = calloc((size_t)t->used + 1, sizeof(int32_t));
        if (!uses) return PyErr_NoMemory();
        for (int32_t k = 0; k < g->m; k++)
            if (g->endpoint[2 * k] >= 0) uses[g->wid[k]]++;
        for (int32_t r = 1; r < t->used && !err; r++) {
            if (uses[r] != t->refs[r]) err = "weight table reference count is wrong";
            else if (uses[r] > 0) {
                const limb_t *row = t->rows + (size_t)r * g->L;
                uint64_t h = wt_hash(row, g->L) & t->smask;
                while (t->slot[h] >= 0 && t->slot[h] != r) h = (h + 1) & t->smask;
                if (t->slot[h] != r) err = "weight table row not found by value";
            }
        }
        free(uses);
    }
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
    if (wt_init(&self->g.wt, 1) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->g.adj = calloc((size_t)n + 1, sizeof(AdjEntry *));
    self->g.deg = calloc((size_t)n + 1, sizeof(int32_t));
    self->g.adjcap = calloc((size_t)n + 1, sizeof(int32_t));
    if (!self->g.adj || !self->g.deg || !self->g.adjcap) {
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
    {"set_columns", (PyCFunction)(void (*)(void))mt_set_columns, METH_FASTCALL,
     "set_columns(rows, columns): set_edge(rows[i], v, ws[i]) for each (v, ws) of columns and i < len(ws), in\n"
     "that order; all are validated before any is applied."},
    {"get_weight", (PyCFunction)(void (*)(void))mt_get_weight, METH_FASTCALL,
     "get_weight(u, v) -> int: the weight of edge {u, v} (0 when absent)."},
    {"edges", (PyCFunction)mt_edges, METH_NOARGS, "edges() -> list of (u, v, w) with u < v."},
    {"remove_vertex", (PyCFunction)mt_remove_vertex, METH_O, "remove_vertex(u): remove every edge of u."},
    {"degree", (PyCFunction)mt_degree, METH_O, "degree(u) -> int: the number of edges of u."},
    {"reserve", (PyCFunction)(void (*)(void))mt_reserve, METH_FASTCALL,
     "reserve(edges, degrees): room for `edges` more edges and for degrees[v] edges at vertex v, allocated at once."},
    {"solve", (PyCFunction)mt_solve, METH_NOARGS,
     "solve() -> list[int]: the mate of every vertex (-1 when unmatched) in a maximum-weight matching,\n"
     "warm-started from the last optimum when there is one, and certificate-checked."},
    {"all_within", (PyCFunction)(void (*)(void))mt_all_within, METH_FASTCALL,
     "all_within(x, ys, margins) -> list[int] | None: every i, in order, such that edge {x, ys[i]} exists and\n"
     "its slack under the kept optimum's duals is at most margins[i]; None if that optimum is not current."},
    {"price", (PyCFunction)(void (*)(void))mt_price, METH_FASTCALL,
     "price(x, ys, ws, limit, center, mask) -> list[int] | None: the indices i < len(ws) of the pairs {x, ys[i]}\n"
     "that are not edges, weigh ws[i] > 0 (0 or None: no pair) and have a negative slack under the kept optimum's duals (the `limit`\n"
     "most negative, among equal slacks the nearest to index `center`); ys[i] < 0 is skipped, and with a mask\n"
     "(lowered_pairs(), or None) every pair it says kept its slack. None if that optimum is not current."},
    {"price_rows", (PyCFunction)(void (*)(void))mt_price_rows, METH_FASTCALL,
     "price_rows(rows, limit) -> list[tuple[int, int, int]] | None: price(x, ys, ws, limit, center, mask) for each\n"
     "(x, ys, ws, center, mask) of rows, in order, against one optimum; the pairs named, as edges (x, ys[i], ws[i]).\n"
     "None if that optimum is not current."},
    {"tight", (PyCFunction)(void (*)(void))mt_tight, METH_FASTCALL,
     "tight(x, ys, ws) -> list[int] | None: the indices i < len(ws) of the pairs {x, ys[i]} of slack at most 0,\n"
     "each weighing its edge's weight if it is an edge, else ws[i] (0 or None: no pair). None if the optimum is not current."},
    {"lowered_pairs", (PyCFunction)mt_lowered_pairs, METH_O,
     "lowered_pairs(old) -> (codes, table) | None: per vertex a class (255: every pair of it) and, per two\n"
     "classes, whether their pairs' slacks may be lower than under the snapshot() `old`; a mask for price()."},
    {"snapshot", (PyCFunction)mt_snapshot, METH_NOARGS,
     "snapshot() -> bytes | None: the duals and the blossom forest of the kept optimum (int32 n and limbs per\n"
     "number, the 2n duals, the 2n parents), for lowered_pairs(). None without a current optimum."},
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

