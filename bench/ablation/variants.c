/* SPDX-License-Identifier: Apache-2.0 */
/* variants.c — the list of variants built here (abl_variants.h is written
 * by CMake, one ABL_VARIANT(symbol) per variant), and what they share. */
#include <string.h>

#include "ablation/tables.h"
#include "ablation/variants.h"
#include "be.h"

#define ABL_VARIANT(sym) extern const abl_variant abl_##sym##_variant;
#include "abl_variants.h"
#undef ABL_VARIANT

static const abl_variant *const all[] = {
#define ABL_VARIANT(sym) &abl_##sym##_variant,
#include "abl_variants.h"
#undef ABL_VARIANT
    NULL,
};

const abl_variant *const *abl_variants(void)
{
    abl_tables_init();
    return all;
}

const abl_variant *abl_variant_find(const char *id)
{
    for (const abl_variant *const *v = abl_variants(); *v; v++)
        if (strcmp((*v)->id, id) == 0)
            return *v;
    return NULL;
}

/* COUNT || BEARER || DIRECTION || 0 ..., twice */
void abl_eea3_iv(uint8_t iv[16], uint32_t count, uint8_t bearer, uint8_t direction)
{
    store_be32(iv, count);
    iv[4] = (uint8_t)((bearer & 0x1F) << 3 | (direction & 1) << 2);
    iv[5] = iv[6] = iv[7] = 0;
    memcpy(iv + 8, iv, 8);
}
