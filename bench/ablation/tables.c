/* SPDX-License-Identifier: Apache-2.0 */
/* tables.c — the S-boxes of ZUC and the tables §3.4 and §3.8 derive from
 * them and from L1/L2, shared by every variant. */
#include "ablation/tables.h"
#include "zuc_sbox_bytes.h"

#include <pthread.h>

/* S0 and S1, 3GPP Doc 2 §3.4.2: the bytes libzuc uses. */
const uint8_t abl_s0[256] = { ZUC_SBOX0_BYTES };
const uint8_t abl_s1[256] = { ZUC_SBOX1_BYTES };
uint16_t abl_big_s[65536];
uint32_t abl_big_s_high[65536];
uint32_t abl_big_s_low[65536];
uint32_t abl_l1_table[4][256];
uint32_t abl_l2_table[4][256];

static uint32_t rotl32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

static uint32_t l1(uint32_t x)
{
    return x ^ rotl32(x, 2) ^ rotl32(x, 10) ^ rotl32(x, 18) ^ rotl32(x, 24);
}

static uint32_t l2(uint32_t x)
{
    return x ^ rotl32(x, 8) ^ rotl32(x, 14) ^ rotl32(x, 22) ^ rotl32(x, 30);
}

static void build(void)
{
    for (uint32_t ab = 0; ab < 65536; ab++) {
        abl_big_s[ab] = (uint16_t)(abl_s0[ab >> 8] << 8 | abl_s1[ab & 0xFF]);
        abl_big_s_high[ab] = (uint32_t)abl_big_s[ab] << 16;
        abl_big_s_low[ab] = abl_big_s[ab];
    }
    /* L is linear over GF(2): L(x) is the XOR of L of each byte in place */
    for (unsigned j = 0; j < 4; j++)
        for (uint32_t a = 0; a < 256; a++) {
            abl_l1_table[j][a] = l1(a << (24 - 8 * j));
            abl_l2_table[j][a] = l2(a << (24 - 8 * j));
        }
}

void abl_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
}
