/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_sbox.c — the S-boxes S0 and S1 of ZUC (3GPP Doc 2 §3.4.2) as libzuc's
 * tables. */
#include "zuc_impl.h"
#include "zuc_sbox_bytes.h"

const uint8_t zuc_sbox0[256] = { ZUC_SBOX0_BYTES };
const uint8_t zuc_sbox1[256] = { ZUC_SBOX1_BYTES };
