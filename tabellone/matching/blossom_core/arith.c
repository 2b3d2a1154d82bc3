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

