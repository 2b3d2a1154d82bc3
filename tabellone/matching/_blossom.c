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
 * Each free vertex and each S-blossom keeps its least-slack edge and that
 * edge's exact slack, which every dual adjustment lowers by what the duals at
 * the edge's two ends give up (by delta, or 2 delta between two S-blossoms)
 * instead of computing it again from the duals: the bookkeeping of Galil's
 * O(n^3) presentation (Galil 1986, above), so that finding a dual adjustment
 * reads the kept slacks, not the edges' weights and their ends' duals.  The adjacency entries name their edge (and cache the top
 * limb of its weight); the weights themselves are read through the edge's
 * row of the weight table, never copied per entry.
 *
 * Every result is checked before it is returned, independently of the
 * algorithm's own bookkeeping: the matching is valid, the final duals are
 * feasible (all edge slacks >= 0, summing the duals of all blossoms that hold
 * both ends), complementary slackness holds (matched edges tight, exposed
 * vertices at the minimum dual, blossoms with positive dual odd and full),
 * and with max_cardinality a Tutte-Berge barrier proves that no larger
 * matching exists.  The blossoms holding both ends of an edge are found by
 * constant-time lowest-common-ancestor queries (M. A. Bender and M.
 * Farach-Colton, "The LCA problem revisited", LATIN 2000: a sparse table of
 * range minima over the vertices' depth-first order).  A failed check raises
 * RuntimeError: a wrong matching is never returned.
 *
 * Warm start (_solve_with_state, used by tabellone.matching.blossom.Matcher): the proven
 * optimum of the previous call is kept (matching, duals, blossoms as vertex
 * pairs).  For each vertex given as changed (one end of every edge added,
 * removed or re-weighted), only the blossoms the change breaks are dissolved
 * (dual moved onto their vertices): those whose cycle edge at it changed and
 * those holding both ends of an edge of negative slack; a deficit on edges
 * leaving the rest is taken from the outermost blossom's dual, shifted onto
 * its vertices, before a blossom is expanded (warm.c, warm_keep_vertex);
 * matched edges no longer tight are unmatched.  Then stages(warm = 1) runs
 * only from the exposed vertices with a positive dual.  The result goes
 * through the same certificate, and anything the warm start cannot handle is
 * solved cold.
 *
 * IncrementalMatcher (used by tabellone.matching.blossom.Matcher) keeps the graph itself
 * in C between solves: edge slots, each naming its row in a table of the
 * distinct weights (as limbs, each value once), per-vertex adjacency arrays, a
 * pair index (triangular table up to 4096 vertices and wherever it is smaller
 * than a hash table, hash table otherwise), and the list of pairs changed since
 * the last optimum; reserve() allocates a large graph's room at once.
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

/* Portability.  GCC and Clang (Linux, macOS, MinGW) have a 128-bit integer type, used
 * for the carries of the limb arithmetic; MSVC (the Windows wheels) has none, and gets
 * the same arithmetic on 64-bit halves (TB_INT128 unset; define TABELLONE_PORTABLE_ARITH
 * to build that variant with GCC too, as the tests of the portable path do). */
#if defined(__SIZEOF_INT128__) && !defined(TABELLONE_PORTABLE_ARITH)
#define TB_INT128 1
typedef unsigned __int128 dlimb_t;
#endif
#if defined(_MSC_VER)
#include <intrin.h>
#define TB_ALWAYS_INLINE __forceinline
#define TB_PREFETCH(p) ((void)(p))
/* number of leading zero bits of x != 0 */
static __forceinline int tb_clz64(uint64_t x)
{
    unsigned long idx;
    _BitScanReverse64(&idx, x);
    return 63 - (int)idx;
}
#else
#define TB_ALWAYS_INLINE inline __attribute__((always_inline))
#define TB_PREFETCH(p) __builtin_prefetch(p)
static inline int tb_clz64(uint64_t x) { return __builtin_clzll((unsigned long long)x); }
#endif

#define MAX_VERTICES ((int64_t)1 << 29)
#define MAX_EDGES (((int64_t)1 << 30) - 1)
/* Values are kept in [-2^(64L-5), 2^(64L-5)): sums of three never overflow. */
#define SAFE_TOP_SHIFT 59
#define HEADROOM_BITS 6
#define MAX_RETRIES 3

enum { ST_OK = 0, ST_OVERFLOW = 1, ST_NOMEM = 2, ST_INTERNAL = 3 };

/*
 * The parts, by concern, in the order they build on each other.  They are one
 * translation unit (a "unity build": each part is #included here, none is
 * compiled alone), so the compiler inlines across them as it did when they
 * were one file.
 */
#include "blossom_core/arith.c"       /* multi-limb two's complement integers */
#include "blossom_core/state.c"       /* the solver's state (Ctx), allocation */
#include "blossom_core/blossoms.c"    /* slacks, labels, making, expanding and augmenting blossoms */
#include "blossom_core/stages.c"      /* cold and greedy starts, the primal-dual stages */
#include "blossom_core/certificate.c" /* the independent optimality certificate */
#include "blossom_core/classes.c"     /* which pairs' slacks may have gone down between two solutions */
#include "blossom_core/graph.c"       /* Python edges -> a validated graph in C form */
#include "blossom_core/warm.c"        /* warm start from a kept optimum; solve_graph */
#include "blossom_core/functions.c"   /* max_weight_matching, _solve_with_state, _last_stats */
#include "blossom_core/incremental.c" /* IncrementalMatcher: the graph kept in C between solves */

static PyObject *py_sabotage_next_warm_start(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    sabotage = 1;
    Py_RETURN_NONE;
}

/* The tests' switches of the solver (greedy_start, multi_augment): set one from the
 * truth of arg and return its old value as a bool. */
static PyObject *set_switch(int *setting, PyObject *arg)
{
    int on = PyObject_IsTrue(arg);
    if (on < 0) return NULL;
    PyObject *was = PyBool_FromLong(*setting);
    *setting = on;
    return was;
}

static PyObject *py_set_greedy_start(PyObject *self, PyObject *arg)
{
    (void)self;
    return set_switch(&greedy_start, arg);
}

static PyObject *py_set_multi_augment(PyObject *self, PyObject *arg)
{
    (void)self;
    return set_switch(&multi_augment, arg);
}

static PyObject *py_set_warm_keep(PyObject *self, PyObject *arg)
{
    (void)self;
    return set_switch(&warm_keep, arg);
}

static PyObject *py_set_keep_zero_from(PyObject *self, PyObject *arg)
{
    (void)self;
    const long size = PyLong_AsLong(arg);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 1 || size > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "_set_keep_zero_from(): size must be a positive int32");
        return NULL;
    }
    const int was = keep_zero_from;
    keep_zero_from = (int)size;
    return PyLong_FromLong(was);
}

static PyObject *py_set_certificate_reading(PyObject *self, PyObject *arg)
{
    (void)self;
    const long mode = PyLong_AsLong(arg);
    if (mode == -1 && PyErr_Occurred()) return NULL;
    if (mode < 0 || mode > 2) {
        PyErr_SetString(PyExc_ValueError, "_set_certificate_reading(): mode must be 0, 1 or 2");
        return NULL;
    }
    const int was = certificate_reading;
    certificate_reading = (int)mode;
    return PyLong_FromLong(was);
}

static PyMethodDef methods[] = {
    {"_sabotage_next_warm_start", py_sabotage_next_warm_start, METH_NOARGS,
     "_sabotage_next_warm_start(): tests only: the next warm start's duals are made wrong where only a check of the edges of one unchanged vertex can see it."},
    {"_set_greedy_start", py_set_greedy_start, METH_O,
     "_set_greedy_start(on) -> bool: whether cold solves without max_cardinality start from the greedy\n"
     "matching and lowered duals (default True) or from the classic equal duals; returns the old setting."},
    {"_set_multi_augment", py_set_multi_augment, METH_O,
     "_set_multi_augment(on) -> bool: whether a stage of IncrementalMatcher.solve and _solve_with_state goes on\n"
     "augmenting along the tight edges of the trees its augmentations left alone (default True) or ends at its\n"
     "first augmentation, as max_weight_matching's always do; returns the old setting."},
    {"_set_keep_zero_from", py_set_keep_zero_from, METH_O,
     "_set_keep_zero_from(size) -> int: the least number of vertices of a zero-dual S-blossom that a solve of\n"
     "IncrementalMatcher or _solve_with_state leaves standing at the end of a stage (default 256; smaller ones are\n"
     "expanded there, and max_weight_matching expands every one, as the classic stage does); returns the old setting."},
    {"_set_certificate_reading", py_set_certificate_reading, METH_O,
     "_set_certificate_reading(mode) -> int: how the certificate after a warm solve picks the vertices whose edges\n"
     "it reads: 0 the way that reads fewer (default), 1 the chains' flags, 2 the classes (each only under its limit,\n"
     "else every edge); returns the old mode."},
    {"_set_warm_keep", py_set_warm_keep, METH_O,
     "_set_warm_keep(on) -> bool: whether a warm start keeps the blossoms a change leaves valid (default True)\n"
     "or dissolves every blossom holding a changed vertex; returns the old setting."},
    {"_solve_with_state", py_solve_with_state, METH_VARARGS, solve_state_doc},
    {"_last_stats", py_last_stats, METH_NOARGS,
     "Counters of the last solve (max_weight_matching, _solve_with_state or an IncrementalMatcher's solve):\n"
     "stages, blossoms, expansions, deltas, limbs, retries, and the warm start's counters (warm_*)."},
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
