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

#ifndef TB_INT128
/* One limb of a sum with carry and of a difference with borrow (carry and borrow 0 or 1),
 * on 64-bit halves: the arithmetic of the compilers without a 128-bit type. */
static inline limb_t tb_addc(limb_t a, limb_t b, limb_t *carry)
{
    limb_t s = a + *carry;
    limb_t c = s < *carry;
    s += b;
    *carry = c | (s < b);
    return s;
}

static inline limb_t tb_subb(limb_t a, limb_t b, limb_t *borrow)
{
    limb_t d = a - b;
    limb_t br = a < b;
    limb_t r = d - *borrow;
    *borrow = br | (d < *borrow);
    return r;
}
#endif

static inline void mp_add(limb_t *r, const limb_t *a, const limb_t *b, int L)
{
    limb_t c = 0;
    for (int i = 0; i < L; i++) {
#ifdef TB_INT128
        dlimb_t s = (dlimb_t)a[i] + b[i] + c;
        r[i] = (limb_t)s;
        c = (limb_t)(s >> 64);
#else
        r[i] = tb_addc(a[i], b[i], &c);
#endif
    }
}

static inline void mp_sub(limb_t *r, const limb_t *a, const limb_t *b, int L)
{
    limb_t br = 0;
    for (int i = 0; i < L; i++) {
#ifdef TB_INT128
        dlimb_t d = (dlimb_t)a[i] - b[i] - br;
        r[i] = (limb_t)d;
        br = (limb_t)(d >> 64) & 1;
#else
        r[i] = tb_subb(a[i], b[i], &br);
#endif
    }
}

static inline void mp_neg(limb_t *r, const limb_t *a, int L)
{
    limb_t br = 0;
    for (int i = 0; i < L; i++) {
#ifdef TB_INT128
        dlimb_t d = (dlimb_t)0 - a[i] - br;
        r[i] = (limb_t)d;
        br = (limb_t)(d >> 64) & 1;
#else
        r[i] = tb_subb(0, a[i], &br);
#endif
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
#ifdef TB_INT128
    __int128 carry = 0;
    for (int i = 0; i < L; i++) {
        __int128 t = (__int128)a[i] + (__int128)b[i] - (__int128)w[i] + carry;
        r[i] = (limb_t)t;
        carry = t >> 64; /* -1, 0 or 1 (arithmetic shift) */
    }
#else
    int64_t carry = 0; /* -1, 0 or 1 */
    for (int i = 0; i < L; i++) {
        limb_t up = 0, down = 0;
        limb_t t = tb_addc(a[i], b[i], &up);
        t = tb_subb(t, w[i], &down);
        if (carry > 0) {
            t += 1;
            up += t == 0;
        } else if (carry < 0) {
            down += t == 0;
            t -= 1;
        }
        r[i] = t;
        carry = (int64_t)up - (int64_t)down;
    }
#endif
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

