/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_lanes.c — many messages over an implementation's SIMD lanes.
 *
 * Every lane carries one message. All lanes run for as many whole blocks as
 * the shortest remaining message allows; a lane whose message ends is given
 * the next message, initialised in the lanes while the other lanes keep
 * their streams. Only message lengths steer the schedule, never keys or data.
 *
 * An initialisation costs about 33 steps of all lanes whatever the number of
 * lanes it fills, so free lanes are filled together: a free lane waits while
 * the steps it would idle cost less than one initialisation.
 *
 * Jobs start longest first, within windows of ORDER_WINDOW jobs: lanes that
 * start together then end together, so a mix of lengths (an Imix batch)
 * costs about what its sizes cost apart, instead of short messages waiting
 * on long ones for a whole initialisation of all lanes.
 *
 * The MACs fold each lane's keystream into its message with carry-less
 * multiplication (zuc_mac_fold), many 64-bit chunks per call. */
#include <stddef.h>
#include <string.h>

#include "zuc_nxa6_tag.h"

#define INIT_STEPS 33 /* rounds of one initialisation (49 for ZUC-256 2023) */
#define NONE ((size_t)-1)

/* Stands in for a NULL message of length 0. */
static const uint8_t empty_message[8];

/* ---- lanes and when to fill them ------------------------------------------ */

#define ORDER_WINDOW 256

/* A job's work in keystream bits, for the order jobs start in. */
typedef uint64_t (*job_length)(const void *jobs, size_t i);

typedef struct {
    const zuc_impl *im;
    zuc_lanes st;
    uint32_t cells[ZUC_LANES_MAX][16]; /* key loading of the lanes being filled */
    unsigned active, fresh;            /* lane masks: busy, and being filled */
    unsigned fresh_long;               /* fresh lanes of 48 initialisation rounds */
    unsigned head_words;               /* keystream words each start hands over */
    uint32_t head[ZUC_LANES_MAX][16];  /* those of the lanes just started */
    size_t next;                       /* jobs started */
    /* the window of jobs, longest first: length << 8 | (255 - position) */
    uint64_t order[ORDER_WINDOW];
    size_t order_first, order_pos, order_n;
} lane_set;

/* Sorts keys[0..count) from the largest down (Shell's sort: no calls, a
 * few thousand comparisons for a full window). Keys already in order, as
 * for a batch of equal lengths, cost one pass. */
static void sort_descending(uint64_t *keys, size_t count)
{
    size_t in_order = 1;
    while (in_order < count && keys[in_order - 1] >= keys[in_order])
        in_order++;
    if (in_order >= count)
        return;
    static const size_t gaps[] = { 109, 41, 19, 5, 1 };
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++)
        for (size_t i = gaps[g]; i < count; i++) {
            uint64_t key = keys[i];
            size_t j = i;
            for (; j >= gaps[g] && keys[j - gaps[g]] < key; j -= gaps[g])
                keys[j] = keys[j - gaps[g]];
            keys[j] = key;
        }
}

static unsigned lane_count(const lane_set *ls)
{
    return ls->im->lanes;
}

/* The next job to start (ls->next < n): from the current window, which is
 * refilled with the next ORDER_WINDOW jobs and sorted, longest first and
 * equal lengths in job order, when it runs out. */
static size_t take_job(lane_set *ls, const void *jobs, size_t n, job_length length_of)
{
    if (n <= lane_count(ls)) /* every job starts at once: no order to keep */
        return ls->next++;
    if (ls->order_pos == ls->order_n) {
        size_t first = ls->next, count = n - first < ORDER_WINDOW ? n - first : ORDER_WINDOW;
        for (size_t k = 0; k < count; k++)
            ls->order[k] = length_of(jobs, first + k) << 8 | (ORDER_WINDOW - 1 - k);
        sort_descending(ls->order, count);
        ls->order_first = first;
        ls->order_pos = 0;
        ls->order_n = count;
    }
    ls->next++;
    return ls->order_first + (ORDER_WINDOW - 1 - (size_t)(ls->order[ls->order_pos++] & 0xFF));
}

/* The next lane of *mask, lowest first, taken out of it; 0 when none is
 * left. For the busy lanes: for (unsigned busy = active, l; next_lane(&busy, &l);) */
static int next_lane(unsigned *mask, unsigned *l)
{
    if (!*mask)
        return 0;
    *l = (unsigned)__builtin_ctz(*mask);
    *mask &= *mask - 1;
    return 1;
}

static unsigned popcount(unsigned m)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Fill free lanes now? Yes when no lane runs; else when the free lanes
 * would idle, until the next lane ends (`steps_to_end` steps), for more
 * lane-steps than one initialisation of all lanes costs. */
static int fill_now(const lane_set *ls, size_t n, size_t steps_to_end)
{
    unsigned lanes = lane_count(ls), free_lanes = lanes - popcount(ls->active);
    if (ls->next >= n || free_lanes == 0)
        return 0;
    if (ls->active == 0)
        return 1;
    return (uint64_t)free_lanes * steps_to_end > (uint64_t)INIT_STEPS * lanes;
}

static void lanes_begin(lane_set *ls, const zuc_impl *im)
{
    ls->im = im;
    memset(&ls->st, 0, sizeof ls->st);
    ls->active = ls->fresh = ls->fresh_long = 0;
    ls->head_words = 0;
    ls->next = 0;
    ls->order_first = ls->order_pos = ls->order_n = 0;
}

/* Initialises the lanes marked fresh (their cells are loaded): those of 32
 * rounds together, and those of 48 (ZUC-256 version 2023) together. */
static void lanes_start_fresh(lane_set *ls)
{
    const uint32_t(*cells)[16] = (const uint32_t(*)[16])ls->cells;
    uint32_t(*head)[16] = ls->head_words ? ls->head : NULL;
    unsigned short_init = ls->fresh & ~ls->fresh_long;
    if (short_init)
        ls->im->lanes_init(&ls->st, short_init, cells, 32, ls->head_words, head);
    if (ls->fresh_long)
        ls->im->lanes_init(&ls->st, ls->fresh_long, cells, 48, ls->head_words, head);
    ls->active |= ls->fresh;
    ls->fresh = ls->fresh_long = 0;
}

/* Marks lane l fresh, for an initialisation of `rounds` rounds. */
static void lanes_mark_fresh(lane_set *ls, unsigned l, unsigned rounds)
{
    ls->fresh |= 1u << l;
    if (rounds == 48)
        ls->fresh_long |= 1u << l;
}

static void lanes_end(lane_set *ls)
{
    zuc_wipe(&ls->st, sizeof ls->st);
    zuc_wipe(ls->cells, sizeof ls->cells);
    if (ls->head_words)
        zuc_wipe(ls->head, sizeof ls->head);
}

/* ---- encryption ------------------------------------------------------------ */

typedef struct {
    const uint8_t *in;
    uint8_t *out;
    size_t left;   /* bytes not yet processed */
    uint8_t *last; /* the last output byte (NULL: no output), and the bits it keeps */
    uint8_t last_mask;
    size_t job; /* the job's index */
} crypt_lane;

typedef struct crypt_batch crypt_batch;

/* What a job's tag covers: associated data (NIA6: the message), ciphertext. */
typedef void (*tag_segments)(const void *job, const uint8_t **aad, size_t *aad_bytes,
                             const uint8_t **ct, size_t *ct_bytes);
/* Where job i's tag goes. */
typedef void (*tag_put)(const crypt_batch *all, size_t i, const uint8_t tag[16]);

/* ZUC-NCA6 encryption in one pass: the tags made beside the lanes, and
 * where each job's segments and tag are. */
typedef struct {
    zuc_nxa6_lane_tags t;
    tag_segments segments;
    tag_put put;
    size_t job_size;
} lane_tagging;

/* A message to encrypt: key loading into cells, and where its bytes go.
 * Returns the initialisation rounds (32 or 48), or 0 when there is nothing
 * to do (an empty message). */
typedef unsigned (*crypt_source)(const crypt_batch *b, size_t i, uint32_t cells[16], crypt_lane *c);

/* One call's jobs, and what to do with them. */
struct crypt_batch {
    const void *jobs;
    size_t n;
    crypt_source source;
    job_length length_of;
    unsigned head_words;   /* 12 for NIA6 / NCA6 */
    uint8_t *ok;           /* NCA6 decryption: tags that verify */
    int version;           /* ZUC-256 */
    uint32_t (*heads)[12]; /* NIA6 / NCA6: each job's H, Q, P, for the tags made together */
    lane_tagging *tagging; /* NCA6 encryption in one pass, else NULL */
};

static unsigned eea3_source(const crypt_batch *b, size_t i, uint32_t cells[16], crypt_lane *c)
{
    const zuc_eea3_job *j = (const zuc_eea3_job *)b->jobs + i;
    if (j->length_bits == 0)
        return 0;
    zuc128_load_3gpp(cells, j->key, j->count, (uint8_t)(j->bearer << 3 | j->direction << 2), 0);
    c->in = j->in;
    c->out = j->out;
    c->left = zuc_bytes_of_bits(j->length_bits);
    c->last = j->out + c->left - 1;
    c->last_mask = j->length_bits % 8 ? (uint8_t)(0xFF << (8 - j->length_bits % 8)) : 0xFF;
    return 32;
}

static unsigned zuc256_crypt_source(const crypt_batch *b, size_t i, uint32_t cells[16],
                                    crypt_lane *c)
{
    const zuc256_crypt_job *j = (const zuc256_crypt_job *)b->jobs + i;
    if (j->length_bytes == 0)
        return 0;
    zuc256_dset d = zuc256_dset_of(b->version, 0);
    zuc256_load_fast(cells, j->key, j->iv, d);
    c->in = j->in;
    c->out = j->out;
    c->left = j->length_bytes;
    c->last = j->out + c->left - 1;
    c->last_mask = 0xFF;
    return zuc256_init_rounds(d);
}

static uint64_t eea3_length(const void *jobs, size_t i)
{
    return ((const zuc_eea3_job *)jobs)[i].length_bits;
}

static uint64_t zuc256_crypt_length(const void *jobs, size_t i)
{
    return 8 * (uint64_t)((const zuc256_crypt_job *)jobs)[i].length_bytes;
}

/* The tags of the lanes just started: their keys, and their sums over the
 * associated data. */
static void tagging_start(const crypt_batch *b, const lane_set *ls, const crypt_lane *lane,
                          unsigned started)
{
    lane_tagging *tg = b->tagging;
    const uint8_t *aad[ZUC_LANES_MAX], *ct;
    size_t aad_bytes[ZUC_LANES_MAX], ct_bytes[ZUC_LANES_MAX];
    for (unsigned m = started, l; next_lane(&m, &l);)
        tg->segments((const char *)b->jobs + lane[l].job * tg->job_size, &aad[l], &aad_bytes[l],
                     &ct, &ct_bytes[l]);
    zuc_nxa6_lanes_start(&tg->t, started, (const uint32_t(*)[16])ls->head, aad, aad_bytes,
                         ct_bytes);
}

/* The tags of the lanes of mask, whose messages are done. */
static void tagging_finish(const crypt_batch *b, const crypt_lane *lane, unsigned done)
{
    uint8_t tags[ZUC_LANES_MAX][16];
    zuc_nxa6_lanes_finish(&b->tagging->t, done, tags);
    for (unsigned m = done, l; next_lane(&m, &l);)
        b->tagging->put(b, lane[l].job, tags[l]);
    zuc_wipe(tags, sizeof tags);
}

/* Takes jobs into free lanes while there are jobs (empty ones need no lane). */
static void crypt_fill(lane_set *ls, crypt_lane *lane, const crypt_batch *b)
{
    for (unsigned l = 0; l < lane_count(ls) && ls->next < b->n; l++)
        if (!((ls->active | ls->fresh) >> l & 1))
            while (ls->next < b->n) {
                size_t i = take_job(ls, b->jobs, b->n, b->length_of);
                unsigned rounds = b->source(b, i, ls->cells[l], &lane[l]);
                if (rounds) {
                    lane[l].job = i;
                    lanes_mark_fresh(ls, l, rounds);
                    break;
                }
            }
    unsigned started = ls->fresh;
    lanes_start_fresh(ls);
    if (b->tagging)
        tagging_start(b, ls, lane, started);
    for (unsigned l; b->heads && next_lane(&started, &l);)
        memcpy(b->heads[lane[l].job], ls->head[l], sizeof b->heads[0]);
}

/* Whole blocks for every busy lane: as many as the shortest message holds. */
static void crypt_blocks(lane_set *ls, crypt_lane *lane, const crypt_batch *b, size_t nblocks,
                         size_t block_bytes)
{
    /* every entry set in one pass (NULL for free lanes): no zeroing first,
     * which costs more than the pass at 40 bytes */
    const uint8_t *in[ZUC_LANES_MAX];
    uint8_t *out[ZUC_LANES_MAX];
    for (unsigned l = 0; l < lane_count(ls); l++) {
        int busy = ls->active >> l & 1;
        in[l] = busy ? lane[l].in : NULL;
        out[l] = busy ? lane[l].out : NULL;
    }
    ls->im->lanes_xor(&ls->st, in, out, nblocks);
    if (b->tagging) /* the ciphertext just written, while it is in L1 */
        b->tagging->t.pv->lanes_steps(&b->tagging->t.s, ls->active, (const uint8_t *const *)out,
                                      nblocks);
    for (unsigned busy = ls->active, l; next_lane(&busy, &l);) {
        lane[l].in += nblocks * block_bytes;
        lane[l].out += nblocks * block_bytes;
        lane[l].left -= nblocks * block_bytes;
    }
}

/* The keystream words the last block needs, given the longest message
 * left: those of that message, at most a block. */
static unsigned last_words(const lane_set *ls, size_t longest, size_t block_bytes)
{
    return longest < block_bytes ? (unsigned)((longest + 3) / 4) : ls->im->block_words;
}

/* The last block through a path's own partial-block primitive: each lane's
 * bytes in place (masked loads and stores), only the words they need. The
 * arrays are filled for every lane in one pass (NULL for free lanes). */
static void crypt_last_partial(lane_set *ls, crypt_lane *lane, const crypt_batch *b,
                               size_t block_bytes)
{
    const uint8_t *in[ZUC_LANES_MAX];
    uint8_t *out[ZUC_LANES_MAX];
    size_t nbytes[ZUC_LANES_MAX], longest = 0;
    for (unsigned l = 0; l < lane_count(ls); l++) {
        in[l] = NULL;
        out[l] = NULL;
        nbytes[l] = 0;
        if (ls->active >> l & 1) {
            in[l] = lane[l].in;
            out[l] = lane[l].out;
            nbytes[l] = lane[l].left < block_bytes ? lane[l].left : block_bytes;
            longest = nbytes[l] > longest ? nbytes[l] : longest;
        }
    }
    ls->im->lanes_xor_partial(&ls->st, in, out, nbytes, last_words(ls, longest, block_bytes));
    if (b->tagging)
        b->tagging->t.pv->lanes_tail(&b->tagging->t.s, ls->active, (const uint8_t *const *)out,
                                     nbytes);
    for (unsigned busy = ls->active, l; next_lane(&busy, &l);) {
        lane[l].in += nbytes[l];
        lane[l].out += nbytes[l];
        lane[l].left -= nbytes[l];
    }
}

/* One block where some message ends inside it: those messages go through
 * a bounce buffer, the others are processed in place (or all in place by a
 * path's partial-block primitive). */
static void crypt_last_block(lane_set *ls, crypt_lane *lane, const crypt_batch *b,
                             size_t block_bytes)
{
    if (ls->im->lanes_xor_partial) {
        crypt_last_partial(ls, lane, b, block_bytes);
        return;
    }
    uint8_t bounce[ZUC_LANES_MAX][4 * 32]; /* blocks of up to 32 words */
    const uint8_t *in[ZUC_LANES_MAX];
    uint8_t *out[ZUC_LANES_MAX];
    for (unsigned l = 0; l < lane_count(ls); l++) {
        in[l] = NULL;
        out[l] = NULL;
        if (!(ls->active >> l & 1))
            continue;
        crypt_lane *c = &lane[l];
        in[l] = c->in;
        out[l] = c->out;
        if (c->left < block_bytes) {
            memcpy(bounce[l], c->in, c->left);
            memset(bounce[l] + c->left, 0, block_bytes - c->left);
            in[l] = out[l] = bounce[l];
        }
    }
    ls->im->lanes_xor(&ls->st, in, out, 1);
    for (unsigned l = 0; l < lane_count(ls); l++) {
        if (!(ls->active >> l & 1))
            continue;
        crypt_lane *c = &lane[l];
        size_t k = c->left < block_bytes ? c->left : block_bytes;
        if (k < block_bytes) {
            memcpy(c->out, bounce[l], k);
            zuc_wipe(bounce[l], block_bytes); /* keystream beyond the message */
        }
        c->in += k;
        c->out += k;
        c->left -= k;
    }
}

/* Lanes whose message is done: last byte masked, tag made, lane freed. */
static void crypt_retire(lane_set *ls, crypt_lane *lane, const crypt_batch *b)
{
    unsigned done = 0;
    for (unsigned busy = ls->active, l; next_lane(&busy, &l);)
        if (lane[l].left == 0) {
            /* only a message that ends inside its last byte: reading back
             * a byte just stored wide would stall on every lane */
            if (lane[l].last && lane[l].last_mask != 0xFF)
                *lane[l].last &= lane[l].last_mask;
            done |= 1u << l;
        }
    if (done && b->tagging)
        tagging_finish(b, lane, done);
    ls->active &= ~done;
}

static size_t shortest_left(const lane_set *ls, const crypt_lane *lane)
{
    size_t m = NONE;
    for (unsigned busy = ls->active, l; next_lane(&busy, &l);)
        if (lane[l].left < m)
            m = lane[l].left;
    return m;
}

static void lanes_crypt(const zuc_impl *im, const crypt_batch *b)
{
    lane_set ls;
    crypt_lane lane[ZUC_LANES_MAX];
    size_t block_bytes = 4 * im->block_words;
    lanes_begin(&ls, im);
    ls.head_words = b->head_words;
    /* the tags read every lane's head words, started or not: defined where
     * fewer jobs than lanes leave some lanes unstarted (every job of NCA6
     * encryption takes a lane) */
    if (b->tagging && b->n < lane_count(&ls))
        memset(ls.head, 0, sizeof ls.head);
    for (;;) {
        size_t shortest = shortest_left(&ls, lane);
        if (fill_now(&ls, b->n, shortest == NONE ? 0 : shortest / 4)) {
            crypt_fill(&ls, lane, b);
            shortest = shortest_left(&ls, lane);
        }
        if (!ls.active)
            break;
        if (shortest == 0)
            ; /* a job with no bytes (NIA6): retire it */
        else if (shortest >= block_bytes)
            crypt_blocks(&ls, lane, b, shortest / block_bytes, block_bytes);
        else
            crypt_last_block(&ls, lane, b, block_bytes);
        crypt_retire(&ls, lane, b);
    }
    lanes_end(&ls);
}

void zuc_lanes_eea3(const zuc_impl *im, const zuc_eea3_job *jobs, size_t n)
{
    crypt_batch b = { .jobs = jobs, .n = n, .source = eea3_source, .length_of = eea3_length };
    lanes_crypt(im, &b);
}

void zuc_lanes_zuc256_crypt(const zuc_impl *im, int version, const zuc256_crypt_job *jobs, size_t n)
{
    crypt_batch b = { .jobs = jobs,
                      .n = n,
                      .source = zuc256_crypt_source,
                      .length_of = zuc256_crypt_length,
                      .version = version };
    lanes_crypt(im, &b);
}

/* ---- jobs whose keystream the initialisation hands over --------------------
 * Where no job needs more keystream than the first head_words (<= 16)
 * words of its lane, there is nothing to schedule: each group of lanes is
 * loaded (load: job i's cells, and its rounds, the same for every job of a
 * call), initialised, and its words handed over (take: job i's words). */
typedef unsigned (*start_load)(const void *ctx, size_t i, uint32_t cells[16]);
typedef void (*start_take)(const zuc_impl *im, const void *ctx, size_t i, const uint32_t head[16]);

static void lanes_start_only(const zuc_impl *im, size_t n, unsigned head_words, start_load load,
                             start_take take, const void *ctx)
{
    uint32_t cells[ZUC_LANES_MAX][16], head[ZUC_LANES_MAX][16];
    unsigned lanes = im->lanes;
    memset(cells, 0, sizeof cells); /* a last group's idle lanes are read too */
    for (size_t i = 0; i < n; i += lanes) {
        unsigned k = n - i < lanes ? (unsigned)(n - i) : lanes, rounds = 0;
        for (unsigned l = 0; l < k; l++)
            rounds = load(ctx, i + l, cells[l]);
        im->lanes_init(NULL, (1u << k) - 1, (const uint32_t(*)[16])cells, rounds, head_words, head);
        for (unsigned l = 0; l < k; l++)
            take(im, ctx, i + l, head[l]);
    }
    zuc_wipe(cells, sizeof cells);
    zuc_wipe(head, sizeof head);
}

/* ---- ZUC-NEA6 / NIA6 / NCA6 ---------------------------------------------------
 * The lanes run ZUC-256 version 2023 (48 rounds); for NIA6 and NCA6 each
 * start hands over the lane's first 12 keystream words (H, Q, P), and the
 * message is encrypted with the words after them. The tags are made a
 * window of jobs at a time, after the lanes have run the window
 * (lanes_tagged): the messages side by side, four per register, each with
 * its own key, while they are still in L2. NCA6 decryption runs twice: the
 * tags first (jobs with no bytes to decrypt), then the decryption of the
 * jobs whose tag verified, so that nothing is written for the others. */

static unsigned nxa6_start(uint32_t cells[16], const uint8_t *key, const uint8_t *iv, int alg,
                           size_t tag_bytes, uint32_t count, uint8_t bearer, uint8_t direction)
{
    uint8_t buf[16];
    zuc256_load_fast(cells, key, zuc_nxa6_job_iv(buf, iv, alg, tag_bytes, count, bearer, direction),
                     ZUC256_D23_CRYPT);
    zuc_wipe(buf, sizeof buf);
    return 48;
}

static void no_bytes(crypt_lane *c)
{
    c->in = NULL;
    c->out = NULL;
    c->left = 0;
    c->last = NULL; /* never a shared stand-in: calls in other threads would race on it */
    c->last_mask = 0xFF;
}

static unsigned nea6_source(const crypt_batch *b, size_t i, uint32_t cells[16], crypt_lane *c)
{
    const zuc_nea6_job *j = (const zuc_nea6_job *)b->jobs + i;
    if (j->length_bits == 0)
        return 0;
    c->in = j->in;
    c->out = j->out;
    c->left = zuc_bytes_of_bits(j->length_bits);
    c->last = j->out + c->left - 1;
    c->last_mask = j->length_bits % 8 ? (uint8_t)(0xFF << (8 - j->length_bits % 8)) : 0xFF;
    return nxa6_start(cells, j->key, j->iv, ZUC_NEA6, 0, j->count, j->bearer, j->direction);
}

static uint64_t nea6_length(const void *jobs, size_t i)
{
    return ((const zuc_nea6_job *)jobs)[i].length_bits;
}

void zuc_lanes_nea6(const zuc_impl *im, const zuc_nea6_job *jobs, size_t n)
{
    crypt_batch b = { .jobs = jobs, .n = n, .source = nea6_source, .length_of = nea6_length };
    lanes_crypt(im, &b);
}

/* A tag's first n bytes: the usual sizes as copies of a known size, not a
 * call. */
static void put_tag(uint8_t *to, const uint8_t tag[16], size_t n)
{
    if (n == 16)
        memcpy(to, tag, 16);
    else if (n == 8)
        memcpy(to, tag, 8);
    else if (n == 4)
        memcpy(to, tag, 4);
    else
        memcpy(to, tag, n);
}

/* The tags: the lanes run a window of jobs and hand over each job's H, Q,
 * P; then the window's tags are made together (zuc_nxa6_tags: side by
 * side), while its messages are still in L2. */
#define TAG_WINDOW_BYTES (256 * 1024)

/* A window whose jobs only hand over their first 12 keystream words (no
 * bytes to encrypt: NIA6, and the tags of NCA6 decryption; every source
 * asks 48 rounds): started without lanes_crypt's schedule, the words
 * straight into each job's head. */
static unsigned head_load(const void *ctx, size_t i, uint32_t cells[16])
{
    const crypt_batch *b = ctx;
    crypt_lane c; /* where a source puts the bytes: none */
    return b->source(b, i, cells, &c);
}

static void head_take(const zuc_impl *im, const void *ctx, size_t i, const uint32_t head[16])
{
    (void)im;
    const crypt_batch *b = ctx;
    memcpy(b->heads[i], head, sizeof b->heads[0]);
}

static void lanes_tagged(const zuc_impl *im, const crypt_batch *all, size_t job_size,
                         tag_segments segments, tag_put put, int heads_only)
{
    uint32_t heads[ZUC_NXA6_TAGS_MAX][12];
    uint8_t tags[ZUC_NXA6_TAGS_MAX][16];
    const uint8_t *aad[ZUC_NXA6_TAGS_MAX], *ct[ZUC_NXA6_TAGS_MAX];
    size_t aad_bytes[ZUC_NXA6_TAGS_MAX], ct_bytes[ZUC_NXA6_TAGS_MAX];
    const char *jobs = all->jobs;
    size_t widest = 0; /* the entries used, to wipe */
    for (size_t w = 0, k; w < all->n; w += k) {
        size_t bytes = 0;
        for (k = 0; k < ZUC_NXA6_TAGS_MAX && w + k < all->n; k++) {
            segments(jobs + (w + k) * job_size, &aad[k], &aad_bytes[k], &ct[k], &ct_bytes[k]);
            if (k && bytes + aad_bytes[k] + ct_bytes[k] > TAG_WINDOW_BYTES)
                break;
            bytes += aad_bytes[k] + ct_bytes[k];
        }
        crypt_batch b = *all;
        b.jobs = jobs + w * job_size;
        b.n = k;
        b.head_words = 12;
        b.heads = heads;
        if (heads_only)
            lanes_start_only(im, k, 12, head_load, head_take, &b);
        else
            lanes_crypt(im, &b);
        zuc_nxa6_tags((const uint32_t(*)[12])heads, aad, aad_bytes, ct, ct_bytes, tags, k);
        for (size_t i = 0; i < k; i++)
            put(all, w + i, tags[i]);
        widest = k > widest ? k : widest;
    }
    zuc_wipe(heads, widest * sizeof heads[0]);
    zuc_wipe(tags, widest * sizeof tags[0]);
}

static unsigned nia6_source(const crypt_batch *b, size_t i, uint32_t cells[16], crypt_lane *c)
{
    const zuc_nia6_job *j = (const zuc_nia6_job *)b->jobs + i;
    no_bytes(c);
    return nxa6_start(cells, j->key, j->iv, ZUC_NIA6, j->tag_bytes, j->count, j->bearer,
                      j->direction);
}

static uint64_t nia6_length(const void *jobs, size_t i)
{
    (void)jobs;
    (void)i;
    return 0;
}

static void nia6_segments(const void *job, const uint8_t **aad, size_t *aad_bytes,
                          const uint8_t **ct, size_t *ct_bytes)
{
    const zuc_nia6_job *j = job;
    *aad = j->msg;
    *aad_bytes = j->length_bytes;
    *ct = NULL;
    *ct_bytes = 0;
}

static void nia6_put(const crypt_batch *all, size_t i, const uint8_t tag[16])
{
    const zuc_nia6_job *j = (const zuc_nia6_job *)all->jobs + i;
    put_tag(j->tag, tag, j->tag_bytes);
}

void zuc_lanes_nia6(const zuc_impl *im, const zuc_nia6_job *jobs, size_t n)
{
    crypt_batch b = { .jobs = jobs, .n = n, .source = nia6_source, .length_of = nia6_length };
    lanes_tagged(im, &b, sizeof *jobs, nia6_segments, nia6_put, 1);
}

static unsigned nca6_source(const crypt_batch *b, size_t i, uint32_t cells[16], crypt_lane *c)
{
    const zuc_nca6_job *j = (const zuc_nca6_job *)b->jobs + i;
    if (b->ok && (!b->ok[i] || j->length_bytes == 0))
        return 0; /* decryption: the tag did not verify, or no bytes */
    no_bytes(c);
    if (j->length_bytes) {
        c->in = j->in;
        c->out = j->out;
        c->left = j->length_bytes;
        c->last = j->out + c->left - 1;
    }
    return nxa6_start(cells, j->key, j->iv, ZUC_NCA6, j->tag_bytes, j->count, j->bearer,
                      j->direction);
}

static unsigned nca6_tag_source(const crypt_batch *b, size_t i, uint32_t cells[16], crypt_lane *c)
{
    const zuc_nca6_job *j = (const zuc_nca6_job *)b->jobs + i;
    no_bytes(c);
    return nxa6_start(cells, j->key, j->iv, ZUC_NCA6, j->tag_bytes, j->count, j->bearer,
                      j->direction);
}

static uint64_t nca6_length(const void *jobs, size_t i)
{
    return 8 * (uint64_t)((const zuc_nca6_job *)jobs)[i].length_bytes;
}

static void nca6_encrypted(const void *job, const uint8_t **aad, size_t *aad_bytes,
                           const uint8_t **ct, size_t *ct_bytes)
{
    const zuc_nca6_job *j = job;
    *aad = j->aad;
    *aad_bytes = j->aad_bytes;
    *ct = j->out;
    *ct_bytes = j->length_bytes;
}

static void nca6_received(const void *job, const uint8_t **aad, size_t *aad_bytes,
                          const uint8_t **ct, size_t *ct_bytes)
{
    const zuc_nca6_job *j = job;
    *aad = j->aad;
    *aad_bytes = j->aad_bytes;
    *ct = j->in;
    *ct_bytes = j->length_bytes;
}

static void nca6_put(const crypt_batch *all, size_t i, const uint8_t tag[16])
{
    const zuc_nca6_job *j = (const zuc_nca6_job *)all->jobs + i;
    put_tag(j->tag, tag, j->tag_bytes);
}

static void nca6_verify(const crypt_batch *all, size_t i, const uint8_t tag[16])
{
    const zuc_nca6_job *j = (const zuc_nca6_job *)all->jobs + i;
    all->ok[i] = (uint8_t)!zuc_ct_differ(tag, j->tag, j->tag_bytes);
}

/* Whether the tags can be made beside the lanes: a POLYVAL version that
 * hashes along with them, 64-byte steps, and lanes that end a message in
 * place (crypt_last_partial). */
static int one_pass(const zuc_impl *im, const zuc_polyval_impl *pv)
{
    return pv->lanes_steps && im->lanes_xor_partial && im->block_words == 16 &&
           im->lanes <= ZUC_LANES_MAX;
}

void zuc_lanes_nca6_encrypt(const zuc_impl *im, const zuc_polyval_impl *pv,
                            const zuc_nca6_job *jobs, size_t n)
{
    crypt_batch b = { .jobs = jobs, .n = n, .source = nca6_source, .length_of = nca6_length };
    if (!one_pass(im, pv)) {
        lanes_tagged(im, &b, sizeof *jobs, nca6_encrypted, nca6_put, 0);
        return;
    }
    lane_tagging tagging;
    if (n < im->lanes) /* lanes no job starts are read beside the others: defined */
        memset(&tagging.t.s, 0, sizeof tagging.t.s);
    tagging.t.pv = pv;
    tagging.segments = nca6_encrypted;
    tagging.put = nca6_put;
    tagging.job_size = sizeof *jobs;
    b.head_words = 12;
    b.tagging = &tagging;
    lanes_crypt(im, &b);
    zuc_wipe(&tagging.t, sizeof tagging.t);
}

void zuc_lanes_nca6_decrypt(const zuc_impl *im, const zuc_nca6_job *jobs, size_t n, uint8_t *ok)
{
    crypt_batch tags = {
        .jobs = jobs, .n = n, .source = nca6_tag_source, .length_of = nia6_length, .ok = ok
    };
    lanes_tagged(im, &tags, sizeof *jobs, nca6_received, nca6_verify, 1);
    crypt_batch plain = { .jobs = jobs,
                          .n = n,
                          .source = nca6_source,
                          .length_of = nca6_length,
                          .head_words = 12,
                          .ok = ok };
    lanes_crypt(im, &plain);
}

/* ---- MACs -------------------------------------------------------------------
 * A lane keeps a window z[0 .. have) of its keystream, z[0] being keystream
 * word `base`. Message word w meets, for tag word j, the windows that start
 * at keystream word w + offset + j (offset 0 for EIA3, the tag size in words
 * for ZUC-256, whose tag starts as z_0 .. z_{t-1}). 64-bit chunks are folded
 * as soon as their keystream is there (zuc_mac_fold reads 4 words from each
 * window start), and the words no chunk needs any more are dropped. */
/* Words of keystream a lane holds: fewer, longer rounds of keystream then
 * folds (16 lanes hold 32 KiB on the stack). */
#define Z_CAP 512
/* Words made beyond the last one needed: the last (partial) chunk's 4-word
 * windows reach up to 2 words past z_{need-1}, a path's own fold (which
 * reads 4 words on) up to 4; their bits there are never used, but made all
 * the same, so that every chunk is folded. */
#define Z_SLACK 4

typedef struct {
    const uint8_t *msg;
    size_t len_bits, done_bits; /* message length; bits folded (a multiple of 64) */
    size_t base, have;          /* keystream window: z[0] is word base; z[0 .. have) made */
    size_t need;                /* keystream words to make in all */
    size_t used;                /* z[0 .. used) has held keystream: what to wipe */
    unsigned tag_words, offset, started;
    int eia3;
    uint32_t *mac; /* EIA3 result, or */
    uint8_t *tag;  /* ZUC-256 tag */
    uint32_t acc[4];
    uint32_t z[Z_CAP];
} mac_lane;

/* Returns the initialisation rounds (32, or 48 for ZUC-256 version 2023). */
typedef unsigned (*mac_source)(const void *jobs, size_t i, uint32_t cells[16], mac_lane *m);

static unsigned eia3_source(const void *jobs, size_t i, uint32_t cells[16], mac_lane *m)
{
    const zuc_eia3_job *j = (const zuc_eia3_job *)jobs + i;
    zuc128_load_3gpp(cells, j->key, j->count, (uint8_t)(j->bearer << 3),
                     (uint8_t)(j->direction << 7));
    m->msg = j->msg ? j->msg : empty_message;
    m->len_bits = j->length_bits;
    m->tag_words = 1;
    m->offset = 0;
    m->eia3 = 1;
    m->need = (size_t)(((uint64_t)j->length_bits + 64 + 31) / 32); /* L of Doc 1 §4.4 */
    m->mac = j->mac;
    m->tag = NULL;
    return 32;
}

/* ZUC-256 MAC jobs of one version. */
typedef struct {
    const zuc256_mac_job *jobs;
    int version;
} zuc256_mac_batch;

static unsigned zuc256_mac_source(const void *jobs, size_t i, uint32_t cells[16], mac_lane *m)
{
    const zuc256_mac_batch *b = jobs;
    const zuc256_mac_job *j = b->jobs + i;
    zuc256_dset d = zuc256_dset_of(b->version, j->tag_bytes);
    zuc256_load_fast(cells, j->key, j->iv, d);
    m->msg = j->msg ? j->msg : empty_message;
    m->len_bits = j->length_bits;
    m->tag_words = (unsigned)(j->tag_bytes / 4);
    m->offset = m->tag_words;
    m->eia3 = 0;
    m->need = (size_t)(((uint64_t)j->length_bits + 64u * m->tag_words + 31) / 32); /* L + 2t */
    m->mac = NULL;
    m->tag = j->tag;
    return zuc256_init_rounds(d);
}

/* Folds every whole 64-bit chunk whose keystream is made (while more is to
 * come, a multiple of 8 for a path's own fold), then, while more keystream
 * is to come, drops the keystream words before the next chunk's. */
static void mac_fold_ready(const zuc_impl *im, mac_lane *m)
{
    size_t rel = m->done_bits / 32 - m->base; /* next message word, in z */
    /* + 2k for k chunks must stay < have; a path's own fold reads 4 words on */
    size_t reach = rel + m->offset + (im->mac_fold && m->tag_words < 4 ? 4 : m->tag_words);
    size_t chunks = (m->len_bits - m->done_bits) / 64;
    size_t ready = m->have > reach ? (m->have - 1 - reach) / 2 : 0;
    if (ready < chunks) /* a path's own fold takes 8 chunks a round */
        chunks = im->mac_fold ? ready / 8 * 8 : ready;
    if (chunks) {
        zuc_mac_fold_tags(im, m->acc, m->tag_words, m->msg + m->done_bits / 8, chunks,
                          m->z + rel + m->offset);
        m->done_bits += 64 * chunks;
        rel += 2 * chunks;
    }
    if (m->base + m->have >= m->need + Z_SLACK) /* all made: mac_finish reads it in place */
        return;
    memmove(m->z, m->z + rel, (m->have - rel) * sizeof m->z[0]);
    m->base += rel;
    m->have -= rel;
}

/* All keystream made and all whole chunks folded: the last partial chunk,
 * the final windows, the result. */
static void mac_finish(const zuc_impl *im, mac_lane *m)
{
    size_t rel = m->done_bits / 32 - m->base;
    size_t tail_bits = m->len_bits - m->done_bits;
    if (tail_bits)
        zuc_mac_fold_last(im, m->acc, m->tag_words, m->msg + m->done_bits / 8, tail_bits,
                          m->z + rel + m->offset);
    size_t end_bit = m->len_bits - 32 * m->base;
    for (unsigned j = 0; j < m->tag_words; j++)
        m->acc[j] ^= zuc_mac_window32(m->z, end_bit + 32 * (m->offset + j));
    if (m->eia3) {
        *m->mac = m->acc[0] ^ m->z[m->need - 1 - m->base];
    } else {
        for (unsigned j = 0; j < m->tag_words; j++)
            zuc_store_be32(m->tag + 4 * j, m->acc[j]);
    }
}

static uint64_t eia3_length(const void *jobs, size_t i)
{
    return (uint64_t)((const zuc_eia3_job *)jobs)[i].length_bits + 64;
}

static uint64_t zuc256_mac_length(const void *jobs, size_t i)
{
    const zuc256_mac_job *j = ((const zuc256_mac_batch *)jobs)->jobs + i;
    return (uint64_t)j->length_bits + 16 * (uint64_t)j->tag_bytes;
}

static void mac_fill(lane_set *ls, mac_lane *lane, const void *jobs, size_t n, mac_source source,
                     job_length length_of)
{
    for (unsigned l = 0; l < lane_count(ls) && ls->next < n; l++)
        if (!(ls->active >> l & 1)) {
            mac_lane *m = &lane[l];
            unsigned rounds = source(jobs, take_job(ls, jobs, n, length_of), ls->cells[l], m);
            m->done_bits = m->base = m->have = m->used = 0;
            m->started = 0;
            memset(m->acc, 0, sizeof m->acc);
            lanes_mark_fresh(ls, l, rounds);
        }
    lanes_start_fresh(ls);
}

/* A finished lane: its keystream and sums wiped (only the words it used,
 * which for short messages is much less than the window). */
static void mac_lane_wipe(mac_lane *m)
{
    zuc_wipe(m, offsetof(mac_lane, z) + m->used * sizeof m->z[0]);
}

/* Keystream words a busy lane still has to make (slack included). */
static size_t mac_words_left(const mac_lane *m)
{
    return m->need + Z_SLACK - (m->base + m->have);
}

static void lanes_mac(const zuc_impl *im, const void *jobs, size_t n, mac_source source,
                      job_length length_of)
{
    lane_set ls;
    mac_lane lane[ZUC_LANES_MAX];
    size_t bw = im->block_words;
    lanes_begin(&ls, im);
    for (;;) {
        size_t nblocks = NONE, shortest = NONE;
        for (unsigned busy = ls.active, l; next_lane(&busy, &l);) {
            size_t left = mac_words_left(&lane[l]);
            shortest = left < shortest ? left : shortest;
        }
        if (fill_now(&ls, n, shortest == NONE ? 0 : shortest))
            mac_fill(&ls, lane, jobs, n, source, length_of);
        if (!ls.active)
            break;
        uint32_t *dst[ZUC_LANES_MAX];
        for (unsigned l = 0; l < lane_count(&ls); l++)
            dst[l] = NULL;
        for (unsigned busy = ls.active, l; next_lane(&busy, &l);) {
            mac_lane *m = &lane[l];
            size_t fit = (Z_CAP - m->have) / bw, left = (mac_words_left(m) + bw - 1) / bw;
            size_t k = fit < left ? fit : left;
            nblocks = k < nblocks ? k : nblocks;
            dst[l] = m->z + m->have;
        }
        im->lanes_keystream(&ls.st, dst, nblocks);
        for (unsigned l = 0; l < lane_count(&ls); l++) {
            mac_lane *m = &lane[l];
            if (!(ls.active >> l & 1))
                continue;
            m->have += nblocks * bw;
            m->used = m->have > m->used ? m->have : m->used;
            if (!m->started) { /* ZUC-256: Tag = z_0 .. z_{t-1} */
                for (unsigned j = 0; !m->eia3 && j < m->tag_words; j++)
                    m->acc[j] = m->z[j];
                m->started = 1;
            }
            mac_fold_ready(im, m);
            if (m->base + m->have >= m->need + Z_SLACK) {
                mac_finish(im, m);
                mac_lane_wipe(m);
                ls.active &= ~(1u << l);
            }
        }
    }
    lanes_end(&ls);
}

/* ---- 128-EIA3 on short messages ---------------------------------------------
 * When every message of a call is at most EIA3_SHORT_BITS long, all the
 * keystream its MAC reads lies in a lane's first 16 words, which the
 * initialisation hands over (lanes_start_only), without the keystream
 * windows of lanes_mac. */
#define EIA3_SHORT_BITS 384 /* the folds read z[0 .. 2 ceil(L / 64) + 3] */

static int eia3_all_short(const zuc_eia3_job *jobs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (jobs[i].length_bits > EIA3_SHORT_BITS)
            return 0;
    return 1;
}

static unsigned eia3_load(const void *ctx, size_t i, uint32_t cells[16])
{
    const zuc_eia3_job *j = (const zuc_eia3_job *)ctx + i;
    zuc128_load_3gpp(cells, j->key, j->count, (uint8_t)(j->bearer << 3),
                     (uint8_t)(j->direction << 7));
    return 32;
}

static void eia3_take(const zuc_impl *im, const void *ctx, size_t i, const uint32_t head[16])
{
    const zuc_eia3_job *j = (const zuc_eia3_job *)ctx + i;
    *j->mac = zuc_eia3_of_keystream(im, j->msg ? j->msg : empty_message, j->length_bits, head);
}

void zuc_lanes_eia3(const zuc_impl *im, const zuc_eia3_job *jobs, size_t n)
{
    if (eia3_all_short(jobs, n))
        lanes_start_only(im, n, 16, eia3_load, eia3_take, jobs);
    else
        lanes_mac(im, jobs, n, eia3_source, eia3_length);
}

void zuc_lanes_zuc256_mac(const zuc_impl *im, int version, const zuc256_mac_job *jobs, size_t n)
{
    zuc256_mac_batch b = { jobs, version };
    lanes_mac(im, &b, n, zuc256_mac_source, zuc256_mac_length);
}
