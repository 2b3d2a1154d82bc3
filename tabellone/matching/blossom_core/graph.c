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
        return x == 0 ? 0 : 64 - tb_clz64((uint64_t)x);
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

static int bit_length_u64(uint64_t x) { return x == 0 ? 0 : 64 - tb_clz64(x); }

/* The distinct values of 2w of a graph, L limbs a row, each stored once: a
 * graph's edges take few distinct weights (a Dutch bracket's pairs a handful,
 * then one more per bonus value), so each edge keeps a row number (4 bytes)
 * instead of its own copy of the weight (8L bytes).  Row 0 is zero (the weight
 * of unused slots) and is never freed; refs[r] counts the slots using row r,
 * and a row nobody uses is freed for reuse.  Rows are found by value through
 * an open-addressing table of row numbers (-1 empty, deletions by backward
 * shift). */
typedef struct {
    limb_t *rows;      /* cap*L */
    int32_t *refs;     /* cap */
    int32_t *freerows; /* cap */
    int32_t nfree, used, cap; /* free rows, rows handed out (0 .. used-1), allocated */
    int32_t *slot;     /* hash table: row numbers, -1 = empty */
    uint64_t smask;
} WeightTable;

static inline uint64_t wt_mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

static uint64_t wt_hash(const limb_t *row, int L)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < L; i++) h = wt_mix(h ^ row[i]) + (uint64_t)i;
    return wt_mix(h);
}

static void wt_free(WeightTable *t)
{
    free(t->rows);
    free(t->refs);
    free(t->freerows);
    free(t->slot);
    memset(t, 0, sizeof(*t));
}

/* Put row r into the hash table (room is there). */
static void wt_link(WeightTable *t, int32_t r, int L)
{
    uint64_t h = wt_hash(t->rows + (size_t)r * L, L) & t->smask;
    while (t->slot[h] >= 0) h = (h + 1) & t->smask;
    t->slot[h] = r;
}

/* A hash table of 2^k slots holding every live row but row 0 (at most half full). */
static int wt_rehash(WeightTable *t, uint64_t cap, int L)
{
    int32_t *slot = malloc(cap * sizeof(int32_t));
    if (!slot) return -1;
    memset(slot, 0xff, cap * sizeof(int32_t));
    free(t->slot);
    t->slot = slot;
    t->smask = cap - 1;
    for (int32_t r = 1; r < t->used; r++)
        if (t->refs[r] > 0) wt_link(t, r, L);
    return 0;
}

/* An empty table on L limbs: row 0, zero. */
static int wt_init(WeightTable *t, int L)
{
    memset(t, 0, sizeof(*t));
    t->cap = 16;
    t->rows = calloc((size_t)t->cap * L, sizeof(limb_t));
    t->refs = calloc((size_t)t->cap, sizeof(int32_t));
    t->freerows = malloc((size_t)t->cap * sizeof(int32_t));
    if (!t->rows || !t->refs || !t->freerows || wt_rehash(t, 64, L) < 0) {
        wt_free(t);
        return -1;
    }
    t->used = 1;
    t->refs[0] = 1;
    return 0;
}

/* The row holding `row` (L limbs), one more slot using it; -1 when out of memory
 * (nothing changed then).  Zero is row 0. */
static int32_t wt_intern(WeightTable *t, const limb_t *row, int L)
{
    if (mp_is_zero(row, L)) return 0;
    uint64_t h = wt_hash(row, L) & t->smask;
    for (int32_t r; (r = t->slot[h]) >= 0; h = (h + 1) & t->smask) {
        if (memcmp(t->rows + (size_t)r * L, row, (size_t)L * sizeof(limb_t)) == 0) {
            t->refs[r]++;
            return r;
        }
    }
    int32_t r;
    if (t->nfree > 0) {
        r = t->freerows[--t->nfree];
    } else {
        if (t->used == t->cap) {
            if (t->cap > INT32_MAX / 2) return -1;
            int32_t cap = 2 * t->cap;
            limb_t *rows = realloc(t->rows, (size_t)cap * L * sizeof(limb_t));
            if (!rows) return -1;
            t->rows = rows;
            int32_t *refs = realloc(t->refs, (size_t)cap * sizeof(int32_t));
            if (!refs) return -1;
            t->refs = refs;
            int32_t *fr = realloc(t->freerows, (size_t)cap * sizeof(int32_t));
            if (!fr) return -1;
            t->freerows = fr;
            t->cap = cap;
        }
        if (2 * ((uint64_t)t->used + 1) > t->smask && wt_rehash(t, 2 * (t->smask + 1), L) < 0) return -1;
        r = t->used++;
    }
    mp_copy(t->rows + (size_t)r * L, row, L);
    t->refs[r] = 1;
    wt_link(t, r, L);
    return r;
}

/* One slot less uses row r; a row nobody uses leaves the table (row 0 stays). */
static void wt_release(WeightTable *t, int32_t r, int L)
{
    if (r == 0 || --t->refs[r] > 0) return;
    const uint64_t mask = t->smask;
    uint64_t i = wt_hash(t->rows + (size_t)r * L, L) & mask;
    while (t->slot[i] != r) i = (i + 1) & mask;
    for (uint64_t j = i;;) { /* backward-shift deletion */
        j = (j + 1) & mask;
        if (t->slot[j] < 0) break;
        uint64_t h = wt_hash(t->rows + (size_t)t->slot[j] * L, L) & mask;
        int stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
        if (!stays) {
            t->slot[i] = t->slot[j];
            i = j;
        }
    }
    t->slot[i] = -1;
    mp_zero(t->rows + (size_t)r * L, L);
    t->freerows[t->nfree++] = r;
}

/* A validated graph in C form.  Edge k (a "slot") joins endpoint[2k] and
 * endpoint[2k+1] with weight wt.rows[wid[k]] / 2 (W2); in an IncrementalMatcher
 * slots of removed edges have endpoints -1 and row 0 (zero) until they are
 * reused.  adj[v] lists v's edges (deg[v] of them).  A one-shot graph keeps all
 * entries in one block (`entries`); an IncrementalMatcher gives each vertex
 * its own growable array (`adjcap` set). */
typedef struct {
    int32_t n, m;      /* vertices, edge slots */
    int32_t cap;       /* allocated slots (of wid, pairs of endpoint) */
    int32_t nlive;     /* edges in use */
    int L;
    int32_t *endpoint; /* 2m */
    int32_t *wid;      /* m: the row of each edge's 2w in wt */
    WeightTable wt;    /* the distinct values of 2w */
    AdjEntry **adj;    /* n */
    int32_t *deg;      /* n */
    AdjEntry *entries; /* one-shot: 2m entries */
    int32_t *adjcap;   /* incremental: capacity of adj[v] */
} Graph;

/* Twice the weight of slot k, L limbs. */
static inline limb_t *graph_w2(const Graph *g, int32_t k) { return g->wt.rows + (size_t)g->wid[k] * g->L; }

static void graph_free(Graph *g)
{
    if (g->adjcap && g->adj)
        for (int32_t v = 0; v < g->n; v++) free(g->adj[v]);
    free(g->endpoint);
    free(g->wid);
    wt_free(&g->wt);
    free(g->adj);
    free(g->deg);
    free(g->entries);
    free(g->adjcap);
    g->endpoint = g->deg = g->adjcap = NULL;
    g->wid = NULL;
    g->adj = NULL;
    g->entries = NULL;
}

/* Refresh the cached top limbs of 2w in every adjacency entry. */
static void graph_set_tops(Graph *g)
{
    const int L = g->L;
    for (int32_t v = 0; v < g->n; v++) {
        AdjEntry *a = g->adj[v];
        for (int32_t q = 0; q < g->deg[v]; q++) a[q].top = (int64_t)graph_w2(g, a[q].p >> 1)[L - 1];
    }
}

/* Widen every weight row (all allocated slots) from g->L to L2 limbs. */
static int graph_widen(Graph *g, int L2)
{
    if (L2 <= g->L) return 0;
    if (widen_rows(&g->wt.rows, g->wt.cap, g->L, L2) < 0 || wt_rehash(&g->wt, g->wt.smask + 1, L2) < 0) return -1;
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
    limb_t *dst = NULL;
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

    /* pass 2: weights as 2w on L limbs, each distinct value once */
    g->wid = malloc(((size_t)m + 1) * sizeof(int32_t));
    dst = malloc((size_t)L * sizeof(limb_t));
    if (!g->wid || !dst || wt_init(&g->wt, L) < 0) { PyErr_NoMemory(); goto fail; }
    for (Py_ssize_t k = 0; k < mm; k++) {
        PyObject *uo, *vo, *wo, *hold;
        if (edge_items(items[k], k, &uo, &vo, &wo, &hold) < 0) goto fail;
        PyObject *iv = weight_int(wo, k);
        Py_XDECREF(hold);
        if (!iv) goto fail;
        int r = weight_store(iv, dst, L);
        Py_DECREF(iv);
        if (r < 0) goto fail;
        for (int i = L - 1; i > 0; i--) dst[i] = (dst[i] << 1) | (dst[i - 1] >> 63);
        dst[0] <<= 1;
        if ((g->wid[k] = wt_intern(&g->wt, dst, L)) < 0) { PyErr_NoMemory(); goto fail; }
    }
    free(dst);
    dst = NULL;

    /* adjacency: one block, each vertex's entries in edge order */
    g->nlive = m;
    g->cap = m;
    g->adj = malloc(((size_t)n + 1) * sizeof(AdjEntry *));
    g->deg = calloc((size_t)n + 1, sizeof(int32_t));
    g->entries = malloc(((size_t)2 * m + 1) * sizeof(AdjEntry));
    fill = calloc((size_t)n + 2, sizeof(int32_t));
    if (!g->adj || !g->deg || !g->entries || !fill) { PyErr_NoMemory(); goto fail; }
    for (int32_t k = 0; k < 2 * m; k++) fill[g->endpoint[k] + 1]++;
    for (int32_t v = 0; v < n; v++) fill[v + 1] += fill[v];
    for (int32_t v = 0; v < n; v++) g->adj[v] = g->entries + fill[v];
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
    free(dst);
    graph_free(g);
    Py_DECREF(seq);
    return -1;
}

