/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_values.c — the zuc tool's option values: hex, decimal numbers, COUNT,
 * keys, IVs and the 3GPP parameters, each checked with a message naming the
 * option. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "hex.h"
#include "zuc_tool.h"

#define MAX_BITS ((uint64_t)ZUC_EEA3_MAX_BITS)

int check_hex(enum option_id id, const char *text, size_t *nbytes)
{
    size_t n = strlen(text), bad = hex_span(text);
    if (bad < n)
        return fail("%s: bad hex digit '%s' at position %zu", option_name[id],
                    shown_n(text + bad, 1), bad + 1);
    if (n % 2)
        return fail("%s: odd number of hex digits (%zu); each byte takes two", option_name[id], n);
    *nbytes = n / 2;
    return STATUS_OK;
}

int parse_decimal(enum option_id id, const char *text, uint64_t min, uint64_t max, const char *why,
                  uint64_t *out)
{
    uint64_t v = 0;
    bool overflow = false;
    if (*text == '\0')
        return fail("%s: expected a decimal integer, got an empty value", option_name[id]);
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return fail("%s: expected a decimal integer, got '%s'", option_name[id], shown(text));
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = true;
        else
            v = v * 10 + d;
    }
    if (overflow || v < min || v > max) {
        if (min == 0 && max == 1)
            return fail("%s must be 0 or 1, got %s", option_name[id], shown(text));
        return fail("%s must be %" PRIu64 "..%" PRIu64 "%s%s%s, got %s", option_name[id], min, max,
                    why ? " (" : "", why ? why : "", why ? ")" : "", shown(text));
    }
    *out = v;
    return STATUS_OK;
}

/* COUNT is hex, as 3GPP writes it; "0x" is optional. */
static int parse_count(const char *text, uint32_t *out)
{
    const char *digits = text;
    if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
        digits += 2;
    if (*digits == '\0' || hex_span(digits) != strlen(digits))
        return fail(
            "--count: expected a 32-bit hex value such as 0x66035492 (0x optional), got '%s'",
            shown(text));
    while (digits[0] == '0' && digits[1] != '\0')
        digits++;
    if (strlen(digits) > 8)
        return fail("--count: %s does not fit in 32 bits", shown(text));
    uint32_t v = 0;
    for (const char *p = digits; *p; p++)
        v = v << 4 | (uint32_t)hex_digit_value(*p);
    *out = v;
    return STATUS_OK;
}

uint64_t bytes_for_bits(uint64_t bits)
{
    return bits / 8 + (bits % 8 != 0);
}

/* Option id's hex of exactly `want` bytes for `algorithm`, into out. */
static int get_sized_hex(const struct args *a, enum option_id id, uint8_t *out, size_t want,
                         const char *algorithm)
{
    size_t n = 0;
    int rc = check_hex(id, a->value[id], &n);
    if (rc)
        return rc;
    if (n != want)
        return fail("%s: expected %zu bytes (%zu hex digits) for %s, got %zu bytes",
                    option_name[id], want, 2 * want, algorithm, n);
    hex_to_bytes(a->value[id], out, n);
    return STATUS_OK;
}

int get_key(const struct args *a, uint8_t *key, size_t want, const char *algorithm)
{
    return get_sized_hex(a, OPT_KEY, key, want, algorithm);
}

int get_zuc128_iv(const struct args *a, uint8_t iv[ZUC128_IV_BYTES])
{
    return get_sized_hex(a, OPT_IV, iv, ZUC128_IV_BYTES, "ZUC-128");
}

/* In the 25-byte form IV17..IV24 are 6-bit values; the library would silently
 * drop the top two bits, which hides a mistyped or wrongly packed IV. */
static int check_six_bit_tail(const uint8_t iv25[ZUC256_IV_BYTES])
{
    for (int i = 17; i < ZUC256_IV_BYTES; i++)
        if (iv25[i] > 0x3f)
            return fail("--iv: IV%d (byte %d) is 0x%02x, but in the 25-byte form IV17..IV24 are "
                        "6-bit values (at most 0x3f); for the packed form give 23 bytes",
                        i, i + 1, iv25[i]);
    return STATUS_OK;
}

/* The 184-bit IV of version 2018, in either of its two forms. */
static int get_zuc256_2018_iv(const struct args *a, uint8_t iv25[ZUC256_IV_BYTES])
{
    size_t n = 0;
    int rc = check_hex(OPT_IV, a->value[OPT_IV], &n);
    if (rc)
        return rc;
    if (n == ZUC256_IV_BYTES) {
        hex_to_bytes(a->value[OPT_IV], iv25, n);
        note(a, "--iv: 25-byte form (IV17..IV24 one 6-bit value per byte)");
        return check_six_bit_tail(iv25);
    }
    if (n == 23) {
        uint8_t packed[23];
        hex_to_bytes(a->value[OPT_IV], packed, n);
        note(a, "--iv: packed 23-byte form (IV17..IV24 in the last 6 bytes), unpacked to 25 bytes");
        return library_result(a, zuc256_iv_unpack(iv25, packed));
    }
    return fail(
        "--iv: expected 25 bytes (50 hex digits) or the packed 23-byte form (46 hex digits) "
        "for ZUC-256 version 2018, got %zu bytes%s",
        n, n == ZUC256_IV128_BYTES ? " (16 bytes is the IV of --version 2021 or 2023)" : "");
}

/* --version: 2018 (the default), 2021 or 2023; the library knows which exist. */
static int get_zuc256_version(const struct args *a, int *version)
{
    const char *text = a->value[OPT_VERSION];
    uint64_t v = ZUC256_V2018;
    int rc = text ? parse_decimal(OPT_VERSION, text, 0, UINT64_MAX, NULL, &v) : STATUS_OK;
    if (rc)
        return rc;
    if (v > 9999 || zuc256v_iv_bytes((int)v) == 0)
        return fail("--version must be 2018, 2021 or 2023 (the ZUC-256 version), got %s",
                    shown(text));
    *version = (int)v;
    return STATUS_OK;
}

int get_zuc256_version_iv(const struct args *a, int *version, uint8_t iv[ZUC256_IV_BYTES])
{
    int rc = get_zuc256_version(a, version);
    if (rc)
        return rc;
    if (*version == ZUC256_V2018)
        return get_zuc256_2018_iv(a, iv);
    note(a, "ZUC-256 version %d", *version);
    return get_sized_hex(a, OPT_IV, iv, ZUC256_IV128_BYTES,
                         *version == ZUC256_V2021 ? "ZUC-256 version 2021"
                                                  : "ZUC-256 version 2023");
}

int get_link_inputs(const struct args *a, struct link_inputs *l)
{
    uint64_t bearer = 0, direction = 0;
    int rc = parse_count(a->value[OPT_COUNT], &l->count);
    if (!rc)
        rc = parse_decimal(OPT_BEARER, a->value[OPT_BEARER], 0, 31, NULL, &bearer);
    if (!rc)
        rc = parse_decimal(OPT_DIRECTION, a->value[OPT_DIRECTION], 0, 1, NULL, &direction);
    l->bearer = (uint8_t)bearer;
    l->direction = (uint8_t)direction;
    return rc;
}

int get_link_params(const struct args *a, const char *algorithm, struct link_params *p)
{
    int rc = get_key(a, p->key, ZUC128_KEY_BYTES, algorithm);
    if (!rc)
        rc = get_link_inputs(a, &p->link);
    if (!rc)
        rc = parse_decimal(OPT_BITS, a->value[OPT_BITS], 0, MAX_BITS,
                           "2^32 - 1: LENGTH is a 32-bit field", &p->bits);
    return rc;
}

int get_tag_bytes(const struct args *a, uint64_t *tag_bytes)
{
    const char *text = a->value[OPT_TAG_BYTES];
    uint64_t v = 0;
    int rc = parse_decimal(OPT_TAG_BYTES, text, 0, UINT64_MAX, NULL, &v);
    if (rc)
        return rc;
    if (v != 4 && v != 8 && v != 16)
        return fail("--tag-bytes must be 4, 8 or 16, got %s", shown(text));
    *tag_bytes = v;
    return STATUS_OK;
}

/* The MAC consumes bits + 2 * tag bits of keystream, and a key/IV gives 2^32. */
int get_mac_bits(const struct args *a, uint64_t tag_bytes, uint64_t *bits)
{
    uint64_t max = ((uint64_t)1 << 32) - 16 * tag_bytes;
    char why[64];
    snprintf(why, sizeof why, "the MAC uses N + %" PRIu64 " of the 2^32 keystream bits",
             16 * tag_bytes);
    return parse_decimal(OPT_BITS, a->value[OPT_BITS], 0, max, why, bits);
}

/* The --tag to verify: 4..16 bytes of hex. */
static int get_given_tag(const struct args *a, uint8_t tag[ZUC_NXA6_TAG_MAX], size_t *n)
{
    int rc = check_hex(OPT_TAG, a->value[OPT_TAG], n);
    if (rc)
        return rc;
    if (*n < ZUC_NXA6_TAG_MIN || *n > ZUC_NXA6_TAG_MAX)
        return fail("--tag: expected 4 to 16 bytes (8 to 32 hex digits), got %zu bytes", *n);
    hex_to_bytes(a->value[OPT_TAG], tag, *n);
    return STATUS_OK;
}

int get_nxa6_tag(const struct args *a, uint8_t tag[ZUC_NXA6_TAG_MAX], uint64_t *tag_bytes,
                 bool *given)
{
    const char *size_text = a->value[OPT_TAG_BYTES];
    uint64_t size = 0;
    size_t n = 0;
    *given = a->value[OPT_TAG] != NULL;
    if (!size_text && !*given)
        return fail("%s: missing --tag-bytes", a->cmd->name);
    int rc = size_text ? parse_decimal(OPT_TAG_BYTES, size_text, ZUC_NXA6_TAG_MIN, ZUC_NXA6_TAG_MAX,
                                       NULL, &size)
                       : STATUS_OK;
    if (!rc && *given)
        rc = get_given_tag(a, tag, &n);
    if (!rc && *given && size_text && size != n)
        rc = fail("--tag holds %zu bytes, but --tag-bytes is %" PRIu64, n, size);
    *tag_bytes = *given ? n : size;
    return rc;
}

/* The IV is given whole or made from its 3GPP inputs, never both. */
static int check_iv_or_link_inputs(const struct args *a)
{
    static const enum option_id link[] = { OPT_COUNT, OPT_BEARER, OPT_DIRECTION };
    for (size_t i = 0; i < sizeof link / sizeof link[0]; i++) {
        bool given = a->value[link[i]] != NULL;
        if (given && a->value[OPT_IV])
            return fail("%s: give either --iv or --count, --bearer and --direction, not both",
                        a->cmd->name);
        if (!given && !a->value[OPT_IV])
            return fail("%s: missing %s (or give the whole IV with --iv)", a->cmd->name,
                        option_name[link[i]]);
    }
    return STATUS_OK;
}

int get_nxa6_iv(const struct args *a, int algorithm, size_t tag_bytes,
                uint8_t iv[ZUC_NXA6_IV_BYTES])
{
    static const char *const names[] = { "ZUC-NEA6", "ZUC-NIA6", "ZUC-NCA6" };
    struct link_inputs l;
    int rc = check_iv_or_link_inputs(a);
    if (rc)
        return rc;
    if (a->value[OPT_IV])
        return get_sized_hex(a, OPT_IV, iv, ZUC_NXA6_IV_BYTES, names[algorithm]);
    rc = get_link_inputs(a, &l);
    if (!rc)
        rc = library_result(a,
                            zuc_nxa6_iv(iv, algorithm, tag_bytes, l.count, l.bearer, l.direction));
    if (!rc && a->verbose) {
        char hex[2 * ZUC_NXA6_IV_BYTES + 1];
        hex_from_bytes(iv, ZUC_NXA6_IV_BYTES, hex);
        note(a, "IV %s, made from COUNT, BEARER and DIRECTION", hex);
    }
    return rc;
}
