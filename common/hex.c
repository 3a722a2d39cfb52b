/* SPDX-License-Identifier: Apache-2.0 */
/* hex.c — the hex codec of hex.h. */
#include "hex.h"

#include <stdlib.h>
#include <string.h>

int hex_digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t hex_span(const char *text)
{
    size_t n = 0;
    while (hex_digit_value(text[n]) >= 0)
        n++;
    return n;
}

void hex_to_bytes(const char *text, uint8_t *out, size_t nbytes)
{
    for (size_t i = 0; i < nbytes; i++)
        out[i] = (uint8_t)(hex_digit_value(text[2 * i]) << 4 | hex_digit_value(text[2 * i + 1]));
}

uint8_t *hex_to_new_bytes(const char *text, size_t *nbytes)
{
    size_t n = strlen(text);
    if (n % 2 || hex_span(text) != n)
        return NULL;
    uint8_t *out = malloc(n / 2 + 1);
    if (!out)
        return NULL;
    hex_to_bytes(text, out, n / 2);
    *nbytes = n / 2;
    return out;
}

void hex_from_bytes(const uint8_t *in, size_t n, char *out)
{
    static const char digit[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digit[in[i] >> 4];
        out[2 * i + 1] = digit[in[i] & 15];
    }
    out[2 * n] = '\0';
}
