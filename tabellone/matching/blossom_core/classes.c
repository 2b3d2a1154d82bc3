/* ------------------------------------------------------------------------ */
/* Which pairs' slacks may have gone down between two dual solutions        */
/* ------------------------------------------------------------------------ */

/* Twice the slack of a pair {x, y}, as the core holds it, is
 *     U_x + U_y + 2 (the sum of z_B over the blossoms B holding both) - 2 w_xy,
 * and a blossom of dual 0 adds nothing.  Which blossoms of non-zero dual hold both ends
 * depends only on the innermost one holding each end, in each of two solutions (then and
 * now): call that pair a vertex's *class*.  Between classes a and b the blossoms' part
 * changes by the same K(a, b) = Z_now(a, b) - Z_then(a, b) for every pair, Z(a, b) being
 * the sum of the duals from their lowest common blossom of non-zero dual up.  With m_c a
 * lower bound of the change of U over the vertices of class c, every pair between
 * classes a and b has at least its slack then when
 *     m_a + m_b + 2 K(a, b) >= 0,
 * whatever became of the blossoms of dual 0 (a large bracket's nest thousands deep, and
 * a solve after a change makes them again: comparing each vertex's chain of blossoms
 * would mark nearly every vertex).  m_c is the least change of the class's vertices but
 * those whose change of U is below min(0, the class's median change): those get code 255
 * (every pair of them may be lower), so that one vertex does not mark its class, while a
 * blossom's vertices whose duals all went down by what its own went up (a stage's
 * S-blossom) stay clean.  The numbers are summed on one limb more than the wider
 * solution's: at most 2n sums of duals, each below 2^(64 L - 5).  Finding the table is
 * O(k^2) walks in the forest of blossoms of non-zero dual, shallow in practice (5 to 15
 * blossoms in a 9,999-player round).  Used by pricing (lowered_pairs(): the pairs outside
 * the core) and by the certificate after a warm solve (dirty_since(): the edges). */

/* One solution's blossom forest as pair_classes() reads it: only the blossoms of
 * non-zero dual count. */
typedef struct {
    const limb_t *dual; /* 2n numbers of Lw limbs */
    const int32_t *parent;
    int Lw;
    int32_t *up;    /* per blossom id: the first blossom of non-zero dual at or above it, -1: none; -2: not known */
    int32_t *depth; /* per such blossom: how many of them hold it, itself included */
    limb_t *sum;    /* per such blossom: the sum of its dual and theirs, on L2 limbs */
} NzForest;

/* The first blossom of non-zero dual at or above node b (a blossom id, or -1), memoised
 * in f->up together with depth and sum; -3 when the forest is broken (a parent out of
 * range, or a cycle).  stack: n entries. */
static int32_t nz_up(NzForest *f, int32_t b, int32_t n, int L2, int32_t *stack)
{
    const int32_t n2 = 2 * n;
    const int Lw = f->Lw;
    int32_t sp = 0;
    while (b != -1 && f->up[b] == -2) {
        if (b < n || b >= n2 || sp >= n) return -3;
        stack[sp++] = b;
        b = f->parent[b];
        if (b != -1 && (b < n || b >= n2)) return -3;
    }
    int32_t above = b == -1 ? -1 : f->up[b];
    while (sp > 0) {
        const int32_t t = stack[--sp];
        if (!mp_is_zero(f->dual + (size_t)t * Lw, Lw)) {
            limb_t *st = f->sum + (size_t)t * L2;
            mp_sext(st, L2, f->dual + (size_t)t * Lw, Lw);
            if (above >= 0) mp_add(st, st, f->sum + (size_t)above * L2, L2);
            f->depth[t] = above >= 0 ? f->depth[above] + 1 : 1;
            above = t;
        }
        f->up[t] = above;
    }
    return above;
}

/* The lowest blossom of non-zero dual holding both a and b (such blossoms, or -1), in f. */
static int32_t nz_meet(const NzForest *f, int32_t a, int32_t b)
{
    while (a != -1 && b != -1 && a != b) {
        if (f->depth[a] >= f->depth[b]) a = f->parent[a] == -1 ? -1 : f->up[f->parent[a]];
        else b = f->parent[b] == -1 ? -1 : f->up[f->parent[b]];
    }
    return a == b ? a : -1;
}

/* Sort the vertices a[0 .. len) by their numbers base[v] (L limbs each), in place
 * (heapsort: no context for a comparator to share between threads; the solves run
 * without the GIL). */
static void sort_by_limbs(int32_t *a, int32_t len, const limb_t *base, int L)
{
#define KEY(i) (base + (size_t)a[i] * (size_t)L)
    for (int32_t end = len, start = len / 2;;) {
        int32_t root;
        if (start > 0) {
            root = --start;
        } else {
            if (--end <= 0) break;
            int32_t t = a[0];
            a[0] = a[end], a[end] = t;
            root = 0;
        }
        for (int32_t child; (child = 2 * root + 1) < end; root = child) {
            if (child + 1 < end && mp_cmp(KEY(child), KEY(child + 1), L) < 0) child++;
            if (mp_cmp(KEY(root), KEY(child), L) >= 0) break;
            int32_t t = a[root];
            a[root] = a[child], a[child] = t;
        }
    }
#undef KEY
}

enum { PAIR_CLASSES = 254, CLASS_SLOTS = 1024 };

/* The classes of the n vertices between solution 0 (then: duals of L0 limbs, parents)
 * and solution 1 (now): codes[v], v's class (0 .. k - 1) or 255 (an outlier, or past
 * the 254th class); *table, k * k bytes (malloc'ed; NULL when k is 0), 1 where the pairs
 * between two classes may have a lower slack now.  0; 1 when a forest is broken (every
 * code 255, k 0); -1 when out of memory (codes then undefined). */
static int pair_classes(int32_t n, int L0, const limb_t *dual0, const int32_t *par0, int L1, const limb_t *dual1,
                        const int32_t *par1, unsigned char *codes, unsigned char **table_out, int32_t *k_out)
{
    const int32_t n2 = 2 * n;
    const int L2 = (L0 > L1 ? L0 : L1) + 1;
    int rc = -1;
    NzForest f[2] = {{dual0, par0, L0, NULL, NULL, NULL}, {dual1, par1, L1, NULL, NULL, NULL}};
    limb_t *du = malloc(((size_t)n + 1) * L2 * sizeof(limb_t));
    limb_t *mc = malloc(((size_t)PAIR_CLASSES + 1) * L2 * sizeof(limb_t));
    limb_t *t1 = calloc((size_t)L2, sizeof(limb_t)), *t2 = calloc((size_t)L2, sizeof(limb_t));
    int32_t *stack = malloc(((size_t)n + 1) * sizeof(int32_t)), *cls = malloc(((size_t)n + 1) * sizeof(int32_t));
    int32_t *order = malloc(((size_t)n + 1) * sizeof(int32_t));
    int32_t inner[2][PAIR_CLASSES], count[PAIR_CLASSES + 1], fill[PAIR_CLASSES];
    int64_t slot_key[CLASS_SLOTS];
    int32_t slot_cls[CLASS_SLOTS];
    unsigned char *table = NULL;
    int32_t k = 0;
    *table_out = NULL;
    *k_out = 0;
    if (!du || !mc || !t1 || !t2 || !stack || !cls || !order) goto done;
    for (int i = 0; i < 2; i++) {
        f[i].up = malloc(((size_t)n2 + 1) * sizeof(int32_t));
        f[i].depth = malloc(((size_t)n2 + 1) * sizeof(int32_t));
        f[i].sum = malloc(((size_t)n2 + 1) * L2 * sizeof(limb_t));
        if (!f[i].up || !f[i].depth || !f[i].sum) goto done;
        for (int32_t b = 0; b < n2; b++) f[i].up[b] = -2;
    }
    for (int s = 0; s < CLASS_SLOTS; s++) slot_key[s] = -1;
    /* each vertex's class, and the change of its U */
    for (int32_t v = 0; v < n; v++) {
        int32_t in[2];
        for (int i = 0; i < 2; i++) {
            const int32_t p = f[i].parent[v];
            in[i] = p == -1 ? -1 : (p < n || p >= n2) ? -3 : nz_up(&f[i], p, n, L2, stack);
            if (in[i] == -3) {
                memset(codes, 255, (size_t)n);
                k = 0;
                rc = 1;
                goto done;
            }
        }
        const int64_t key = ((int64_t)(in[0] + 1) << 32) | (uint32_t)(in[1] + 1);
        int s = (int)(((uint64_t)key * 0x9E3779B97F4A7C15ULL) >> 54) & (CLASS_SLOTS - 1);
        while (slot_key[s] != -1 && slot_key[s] != key) s = (s + 1) & (CLASS_SLOTS - 1);
        if (slot_key[s] == -1 && k < PAIR_CLASSES) {
            slot_key[s] = key, slot_cls[s] = k;
            inner[0][k] = in[0], inner[1][k] = in[1];
            k++;
        }
        cls[v] = slot_key[s] == key ? slot_cls[s] : -1; /* -1: past the last class, 255 */
        limb_t *d = du + (size_t)v * L2;
        mp_sext(d, L2, dual1 + (size_t)v * L1, L1);
        mp_sext(t1, L2, dual0 + (size_t)v * L0, L0);
        mp_sub(d, d, t1, L2);
    }
    /* per class: its vertices by their change of U (counting sort by class, then each
     * part sorted), the median, the outliers below it and below 0, m_c */
    for (int32_t c = 0; c <= k; c++) count[c] = 0;
    for (int32_t v = 0; v < n; v++)
        if (cls[v] >= 0) count[cls[v] + 1]++;
    for (int32_t c = 0; c < k; c++) count[c + 1] += count[c];
    for (int32_t c = 0; c < k; c++) fill[c] = count[c];
    for (int32_t v = 0; v < n; v++)
        if (cls[v] >= 0) order[fill[cls[v]]++] = v;
    for (int32_t v = 0; v < n; v++) codes[v] = cls[v] >= 0 ? (unsigned char)cls[v] : 255;
    for (int32_t c = 0; c < k; c++) {
        int32_t *part = order + count[c];
        const int32_t size = count[c + 1] - count[c]; /* at least 1: a class is made by a vertex */
        sort_by_limbs(part, size, du, L2);
        const limb_t *median = du + (size_t)part[size / 2] * L2;
        int32_t j = 0; /* the vertices below min(0, median): 255 */
        if (mp_is_neg(median, L2))
            while (mp_cmp(du + (size_t)part[j] * L2, median, L2) < 0) codes[part[j++]] = 255;
        else
            while (j < size && mp_is_neg(du + (size_t)part[j] * L2, L2)) codes[part[j++]] = 255;
        mp_copy(mc + (size_t)c * L2, du + (size_t)part[j] * L2, L2); /* (j < size: the median stays) */
    }
    if (k > 0 && !(table = malloc((size_t)k * k))) goto done;
    for (int32_t a = 0; a < k; a++) {
        for (int32_t b = a; b < k; b++) {
            /* t1 = 2 (Z_now - Z_then) + m_a + m_b */
            const int32_t m1 = nz_meet(&f[1], inner[1][a], inner[1][b]), m0 = nz_meet(&f[0], inner[0][a], inner[0][b]);
            if (m1 >= 0) mp_copy(t1, f[1].sum + (size_t)m1 * L2, L2);
            else mp_zero(t1, L2);
            if (m0 >= 0) mp_sub(t1, t1, f[0].sum + (size_t)m0 * L2, L2);
            mp_add(t1, t1, t1, L2);
            mp_add(t2, mc + (size_t)a * L2, mc + (size_t)b * L2, L2);
            mp_add(t1, t1, t2, L2);
            table[(size_t)a * k + b] = table[(size_t)b * k + a] = (unsigned char)mp_is_neg(t1, L2);
        }
    }
    *table_out = table;
    *k_out = k;
    rc = 0;
done:
    for (int i = 0; i < 2; i++) {
        free(f[i].up); free(f[i].depth); free(f[i].sum);
    }
    free(du); free(mc); free(t1); free(t2); free(stack); free(cls); free(order);
    return rc;
}
