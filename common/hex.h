/* SPDX-License-Identifier: Apache-2.0 */
/* hex.h — bytes as hex text and back: two digits a byte, most significant
 * nibble first, upper or lower case read, lower case written. */
#ifndef ZUC_COMMON_HEX_H
#define ZUC_COMMON_HEX_H

#include <stddef.h>
#include <stdint.h>

/* The value of one hex digit, 0..15, or -1 if c is not one. */
int hex_digit_value(char c);

/* How many characters at the start of text are hex digits: strlen(text)
 * when all are, else the index of the first that is not. */
size_t hex_span(const char *text);

/* Decodes the first 2 * nbytes characters of text, which must be hex
 * digits (hex_span says so), into out. */
void hex_to_bytes(const char *text, uint8_t *out, size_t nbytes);

/* Decodes all of text into a new buffer (malloc, at least 1 byte, so never
 * NULL for an empty text); *nbytes receives the byte count. NULL if text
 * holds an odd number of characters or one that is not a hex digit, or if
 * memory runs out. */
uint8_t *hex_to_new_bytes(const char *text, size_t *nbytes);

/* Writes the 2 * n lowercase hex digits of in[0..n) and a NUL to out. */
void hex_from_bytes(const uint8_t *in, size_t n, char *out);

#endif
