/* SPDX-License-Identifier: Apache-2.0 */
#include "support/estream_vectors.h"

#include <ctype.h>
#include <string.h>

#include "hex.h"

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = 0;
    return s;
}

static int is_hex_line(const char *s)
{
    return *s && hex_span(s) == strlen(s);
}

/* Appends the hex digits of s to dst (capacity cap); -1 if they do not fit. */
static int append_hex(uint8_t *dst, size_t *len, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (n % 2 || *len + n / 2 > cap)
        return -1;
    hex_to_bytes(s, dst + *len, n / 2);
    *len += n / 2;
    return 0;
}

/* Where the hex of the named field goes. */
static uint8_t *field_of(estream_vector *v, const char *name, size_t **len, size_t *cap,
                         size_t *scratch)
{
    size_t first, last;
    *scratch = 0;
    *len = scratch;
    *cap = 64;
    if (strcmp(name, "key") == 0) {
        *len = &v->key_bytes;
        *cap = sizeof v->key;
        return v->key;
    }
    if (strcmp(name, "IV") == 0) {
        *len = &v->iv_bytes;
        *cap = sizeof v->iv;
        return v->iv;
    }
    if (strcmp(name, "xor-digest") == 0) {
        v->has_digest = 1;
        return v->digest;
    }
    if (sscanf(name, "stream[%zu..%zu]", &first, &last) == 2 && v->nseg < ESTREAM_MAX_SEGMENTS &&
        last - first == 63) {
        v->seg[v->nseg].first = first;
        v->seg[v->nseg].last = last;
        return v->seg[v->nseg++].bytes;
    }
    return NULL;
}

int estream_next(FILE *f, estream_vector *v)
{
    char line[512];
    int in_vector = 0;
    uint8_t *dst = NULL;
    size_t *len = NULL, cap = 0, scratch = 0;
    memset(v, 0, sizeof *v);
    while (fgets(line, sizeof line, f)) {
        char *s = trim(line);
        if (!in_vector) {
            char *colon = strchr(s, ':');
            if (strncmp(s, "Set ", 4) == 0 && strstr(s, "vector#") && colon) {
                *colon = 0;
                snprintf(v->label, sizeof v->label, "%s", s);
                in_vector = 1;
            }
            continue;
        }
        if (!*s)
            return 1; /* a blank line ends the vector */
        char *eq = strchr(s, '=');
        if (eq) {
            *eq = 0;
            dst = field_of(v, trim(s), &len, &cap, &scratch);
            s = trim(eq + 1);
            if (!dst)
                return -1;
        }
        if (*s && (!dst || !is_hex_line(s) || append_hex(dst, len, cap, s) != 0))
            return -1;
    }
    return in_vector ? 1 : 0;
}

size_t estream_stream_bytes(const estream_vector *v)
{
    size_t last = 0;
    for (size_t i = 0; i < v->nseg; i++)
        last = v->seg[i].last > last ? v->seg[i].last : last;
    return last < 512 ? 512 : 131072;
}
