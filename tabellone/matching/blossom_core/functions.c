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
"then. The previous optimum is repaired locally (the blossoms a change breaks\n"
"dissolved, the duals at changed vertices made feasible, matched edges no longer\n"
"tight unmatched) and the stages run only for the vertices left exposed with a\n"
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
