/* ipsecmb.c — wrappers over Intel ipsec-mb 1.3's ZUC functions. */
#include "ipsecmb.h"

#include <intel-ipsec-mb.h>
#include <string.h>

static IMB_MGR *mgr;
static IMB_ARCH arch;
static int tried;

static IMB_MGR *manager(void)
{
    if (!tried) {
        tried = 1;
        mgr = alloc_mb_mgr(0);
        if (mgr) {
            init_mb_mgr_auto(mgr, &arch);
            if (imb_get_errno(mgr) != 0) {
                free_mb_mgr(mgr);
                mgr = NULL;
            }
        }
    }
    return mgr;
}

const char *ipsecmb_unavailable(void)
{
    return manager() ? NULL : "ipsec-mb could not initialise a manager on this CPU";
}

const char *ipsecmb_arch_name(void)
{
    if (!manager())
        return "none";
    switch (arch) {
    case IMB_ARCH_NOAESNI: return "no-aesni";
    case IMB_ARCH_SSE:     return "sse";
    case IMB_ARCH_AVX:     return "avx";
    case IMB_ARCH_AVX2:    return "avx2";
    case IMB_ARCH_AVX512:  return "avx512";
    default:               return "unknown";
    }
}

const char *ipsecmb_version(void)
{
    return imb_get_version_str();
}

int ipsecmb_eea3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *in, uint8_t *out, size_t len_bytes)
{
    uint8_t iv[16];
    if (!manager() || len_bytes == 0 || len_bytes > IPSECMB_ZUC_MAX_BYTES)
        return -1;
    zuc_eea3_iv_gen(count, bearer, direction, iv);
    IMB_ZUC_EEA3_1_BUFFER(mgr, key, iv, in, out, (uint32_t)len_bytes);
    return imb_get_errno(mgr) ? -1 : 0;
}

int ipsecmb_eia3(const uint8_t key[16], uint32_t count, uint8_t bearer, uint8_t direction,
                 const uint8_t *msg, size_t len_bits, uint32_t *mac)
{
    uint8_t iv[16], tag[4];
    if (!manager() || len_bits == 0 || len_bits > 8 * IPSECMB_ZUC_MAX_BYTES)
        return -1;
    zuc_eia3_iv_gen(count, bearer, direction, iv);
    IMB_ZUC_EIA3_1_BUFFER(mgr, key, iv, msg, (uint32_t)len_bits, (uint32_t *)(void *)tag);
    if (imb_get_errno(mgr))
        return -1;
    /* ipsec-mb writes the tag as 4 bytes, most significant first */
    *mac = ((uint32_t)tag[0] << 24) | ((uint32_t)tag[1] << 16) | ((uint32_t)tag[2] << 8) | tag[3];
    return 0;
}

/* Submits one job and waits for it; 0 if it completed. */
static int run_job(IMB_JOB *job)
{
    job = IMB_SUBMIT_JOB(mgr);
    while (!job)
        job = IMB_FLUSH_JOB(mgr);
    int ok = job->status == IMB_STATUS_COMPLETED;
    while ((job = IMB_FLUSH_JOB(mgr)) != NULL)
        ;
    return ok ? 0 : -1;
}

int ipsecmb_zuc256_crypt(const uint8_t key[32], const uint8_t iv[25], const uint8_t *in,
                         uint8_t *out, size_t len_bytes)
{
    _Alignas(16) uint8_t k[32];
    if (!manager() || len_bytes == 0 || len_bytes > IPSECMB_ZUC_MAX_BYTES)
        return -1;
    memcpy(k, key, 32);
    IMB_JOB *job = IMB_GET_NEXT_JOB(mgr);
    job->cipher_mode = IMB_CIPHER_ZUC_EEA3;
    job->cipher_direction = IMB_DIR_ENCRYPT;
    job->chain_order = IMB_ORDER_CIPHER_HASH;
    job->hash_alg = IMB_AUTH_NULL;
    job->enc_keys = k;
    job->key_len_in_bytes = 32;
    job->iv = iv;
    job->iv_len_in_bytes = 25;
    job->src = in;
    job->dst = out;
    job->cipher_start_src_offset_in_bytes = 0;
    job->msg_len_to_cipher_in_bytes = len_bytes;
    return run_job(job);
}

int ipsecmb_zuc256_mac(const uint8_t key[32], const uint8_t iv[25], const uint8_t *msg,
                       size_t len_bits, uint8_t *tag, size_t tag_bytes)
{
    _Alignas(16) uint8_t k[32];
    if (!manager() || len_bits == 0 || len_bits > 8 * IPSECMB_ZUC_MAX_BYTES)
        return -1;
    memcpy(k, key, 32);
    IMB_JOB *job = IMB_GET_NEXT_JOB(mgr);
    job->cipher_mode = IMB_CIPHER_NULL;
    job->chain_order = IMB_ORDER_HASH_CIPHER;
    job->hash_alg = IMB_AUTH_ZUC256_EIA3_BITLEN;
    job->u.ZUC_EIA3._key = k;
    job->u.ZUC_EIA3._iv = iv;
    job->u.ZUC_EIA3._iv23 = NULL;
    job->src = msg;
    job->hash_start_src_offset_in_bytes = 0;
    job->msg_len_to_hash_in_bits = len_bits;
    job->auth_tag_output = tag;
    job->auth_tag_output_len_in_bytes = tag_bytes;
    return run_job(job);
}

/* ---- the harness's entries -------------------------------------------- */
#include "../registry.h"

static int run_eea3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_eea3(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i],
                           b->msg[i], b->out[i], b->len[i]);
    return rc;
}

static int run_eia3(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint32_t mac = 0;
        rc |= ipsecmb_eia3(b->keys + 32 * i, b->counts[i], b->bearers[i], b->directions[i],
                           b->msg[i], 8 * b->len[i], &mac);
        bench_store_be32(b->out[i], mac);
    }
    return rc;
}

static int run_zuc256(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_zuc256_crypt(b->keys + 32 * i, b->ivs + 25 * i, b->msg[i],
                                   b->out[i], b->len[i]);
    return rc;
}

static int run_zuc256_mac(const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= ipsecmb_zuc256_mac(b->keys + 32 * i, b->ivs + 25 * i, b->msg[i],
                                 8 * b->len[i], b->out[i], b->tag_bytes);
    return rc;
}

static int prepare_nothing(const bench_entry *e)
{
    (void)e;
    return 0;
}

void bench_register_ipsecmb(void)
{
    static const struct {
        const char *algorithm, *variant;
        bench_output_kind output;
        int (*run)(const bench_batch *);
    } algs[] = {
        { "128-eea3", "1-buffer", OUT_CIPHERTEXT, run_eea3 },
        { "128-eia3", "1-buffer", OUT_TAG4, run_eia3 },
        { "zuc-256", "job", OUT_CIPHERTEXT, run_zuc256 },
        { "zuc-256-mac32", "job", OUT_TAG4, run_zuc256_mac },
        { "zuc-256-mac64", "job", OUT_TAG8, run_zuc256_mac },
        { "zuc-256-mac128", "job", OUT_TAG16, run_zuc256_mac },
    };
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        bench_entry e = {
            .algorithm = algs[a].algorithm,
            .backend = "ipsec-mb",
            .variant = algs[a].variant,
            .output = algs[a].output,
            .max_bytes = IPSECMB_ZUC_MAX_BYTES,
            .unavailable = ipsecmb_unavailable(),
            .prepare = prepare_nothing,
            .run = algs[a].run,
        };
        bench_register(&e);
    }
}
