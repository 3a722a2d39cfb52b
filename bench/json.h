/* SPDX-License-Identifier: Apache-2.0 */
/* json.h — a small JSON reader (test vectors, results files for `compare`):
 * the whole document as a tree, with lookup helpers. Nesting is limited to
 * 64 levels; errors name the file and the byte offset. */
#ifndef BENCH_JSON_H
#define BENCH_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json json;
struct json {
    json_type type;
    double number; /* JSON_NUMBER, JSON_BOOL (0/1) */
    char *string;  /* JSON_STRING; also the key of an object member */
    char *key;     /* member name when inside an object */
    json *items;   /* JSON_ARRAY / JSON_OBJECT children */
    size_t count;
};

/* Parses a file; NULL with a message on stderr ("<path>: ...") on failure. */
json *json_load_file(const char *path);
/* Parses text[0..len), which must be followed by a NUL (text[len] == 0);
 * `name` stands for the path in messages. */
json *json_parse(const char *text, size_t len, const char *name);
void json_free(json *j);

/* Object member by name, or NULL. */
const json *json_get(const json *obj, const char *key);
/* Member as a string / number, or the fallback if absent or of another type. */
const char *json_str(const json *obj, const char *key);
double json_num(const json *obj, const char *key, double fallback);

#endif
