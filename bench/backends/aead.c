/* SPDX-License-Identifier: Apache-2.0 */
#include "backends/aead.h"

#include <stdlib.h>
#include <string.h>

#include "hex.h"

/* The GCM specification (McGrew and Viega), test case 16: 256-bit key,
 * 60-byte plaintext, 20 bytes of associated data. */
const bench_aead_kat bench_kat_aes_256_gcm = {
    "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
    "cafebabefacedbaddecaf888",
    "feedfacedeadbeeffeedfacedeadbeefabaddad2",
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
    "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
    "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
    "76fc6ece0f4e1768cddf8853bb2d551b",
};

/* RFC 8439 2.8.2: the "sunscreen" example. */
const bench_aead_kat bench_kat_chacha20_poly1305 = {
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
    "070000004041424344454647",
    "50515253c0c1c2c3c4c5c6c7",
    "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
    "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
    "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
    "637265656e20776f756c642062652069742e",
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116"
    "1ae10b594f09e26a7e902ecbd0600691",
};

int bench_aead_run(bench_seal_fn seal, const bench_batch *b)
{
    int rc = 0;
    for (size_t i = 0; i < b->n; i++)
        rc |= seal(b->keys + 32 * i, b->ivs + 25 * i, b->aad + BENCH_AAD_BYTES * i, BENCH_AAD_BYTES,
                   b->msg[i], b->len[i], b->out[i]);
    return rc;
}

int bench_aead_check(bench_seal_fn seal, const bench_aead_kat *kat)
{
    size_t key_n, nonce_n, aad_n, pt_n, sealed_n;
    uint8_t *key = hex_to_new_bytes(kat->key, &key_n),
            *nonce = hex_to_new_bytes(kat->nonce, &nonce_n);
    uint8_t *aad = hex_to_new_bytes(kat->aad, &aad_n),
            *pt = hex_to_new_bytes(kat->plaintext, &pt_n);
    uint8_t *want = hex_to_new_bytes(kat->sealed, &sealed_n), *got = malloc(pt_n + 16);
    int ok = key && nonce && aad && pt && want && got && key_n == 32 && nonce_n == 12 &&
             sealed_n == pt_n + 16 && seal(key, nonce, aad, aad_n, pt, pt_n, got) == 0 &&
             memcmp(got, want, sealed_n) == 0;
    free(key);
    free(nonce);
    free(aad);
    free(pt);
    free(want);
    free(got);
    return ok ? 0 : -1;
}
