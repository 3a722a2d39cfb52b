/* SPDX-License-Identifier: Apache-2.0 */
/* json.c — a recursive-descent JSON reader (RFC 8259, without \u escapes
 * beyond ASCII), enough for vector and results files. */
#include "json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

typedef struct {
    const char *start, *p, *end;
    const char *path;
    int failed, depth;
} parser;

static void fail(parser *ps, const char *what)
{
    if (!ps->failed)
        fprintf(stderr, "%s: not valid JSON: %s at byte %ld\n", ps->path, what,
                (long)(ps->p - ps->start));
    ps->failed = 1;
}

static void skip_space(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\t'))
        ps->p++;
}

static int parse_value(parser *ps, json *out);

static char *parse_string_raw(parser *ps)
{
    if (ps->p >= ps->end || *ps->p != '"') {
        fail(ps, "expected a string");
        return NULL;
    }
    ps->p++;
    /* grown as the string is read; sized by the rest of the text, a file of
     * n strings took n times its size */
    size_t cap = 16, len = 0;
    char *s = malloc(cap);
    int out_of_memory = !s;
    while (!out_of_memory && ps->p < ps->end && *ps->p != '"') {
        char c = *ps->p++;
        if (c == '\\' && ps->p < ps->end) {
            char e = *ps->p++;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u':
                if (ps->end - ps->p < 4) {
                    fail(ps, "bad \\u escape");
                    free(s);
                    return NULL;
                }
                c = (char)strtol((char[]){ ps->p[0], ps->p[1], ps->p[2], ps->p[3], 0 }, NULL, 16);
                ps->p += 4;
                break;
            default: c = e;
            }
        }
        if (len + 1 == cap) {
            char *bigger = realloc(s, cap * 2);
            out_of_memory = !bigger;
            if (out_of_memory)
                break;
            s = bigger;
            cap *= 2;
        }
        s[len++] = c;
    }
    if (out_of_memory || ps->p >= ps->end) {
        fail(ps, out_of_memory ? "out of memory" : "unterminated string");
        free(s);
        return NULL;
    }
    ps->p++;
    s[len] = 0;
    return s;
}

static int parse_container(parser *ps, json *out, char close, int is_object)
{
    size_t cap = 8;
    if (++ps->depth > MAX_DEPTH) {
        fail(ps, "nested too deeply");
        return 0;
    }
    out->items = calloc(cap, sizeof(json));
    if (!out->items) {
        fail(ps, "out of memory");
        return 0;
    }
    ps->p++;
    skip_space(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        ps->depth--;
        return 1;
    }
    for (;;) {
        if (out->count == cap) {
            json *more = realloc(out->items, 2 * cap * sizeof(json));
            if (!more) {
                fail(ps, "out of memory");
                return 0;
            }
            out->items = more;
            cap *= 2;
        }
        json *item = &out->items[out->count++]; /* counted now so that a failure frees it */
        memset(item, 0, sizeof *item);
        skip_space(ps);
        if (is_object) {
            item->key = parse_string_raw(ps);
            skip_space(ps);
            if (!item->key || ps->p >= ps->end || *ps->p != ':') {
                fail(ps, "expected ':'");
                return 0;
            }
            ps->p++;
        }
        if (!parse_value(ps, item))
            return 0;
        skip_space(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            ps->depth--;
            return 1;
        }
        fail(ps, "expected ',' or a closing bracket");
        return 0;
    }
}

static int parse_value(parser *ps, json *out)
{
    skip_space(ps);
    if (ps->p >= ps->end) {
        fail(ps, "unexpected end");
        return 0;
    }
    char c = *ps->p;
    if (c == '{') {
        out->type = JSON_OBJECT;
        return parse_container(ps, out, '}', 1);
    }
    if (c == '[') {
        out->type = JSON_ARRAY;
        return parse_container(ps, out, ']', 0);
    }
    if (c == '"') {
        out->type = JSON_STRING;
        out->string = parse_string_raw(ps);
        return out->string != NULL;
    }
    if (strncmp(ps->p, "true", 4) == 0) {
        out->type = JSON_BOOL;
        out->number = 1;
        ps->p += 4;
        return 1;
    }
    if (strncmp(ps->p, "false", 5) == 0) {
        out->type = JSON_BOOL;
        ps->p += 5;
        return 1;
    }
    if (strncmp(ps->p, "null", 4) == 0) {
        out->type = JSON_NULL;
        ps->p += 4;
        return 1;
    }
    char *end;
    out->type = JSON_NUMBER;
    out->number = strtod(ps->p, &end);
    if (end == ps->p) {
        fail(ps, "unexpected character");
        return 0;
    }
    ps->p = end;
    return 1;
}

static void free_children(json *j)
{
    for (size_t i = 0; i < j->count; i++) {
        free_children(&j->items[i]);
        free(j->items[i].key);
    }
    free(j->items);
    free(j->string);
}

void json_free(json *j)
{
    if (!j)
        return;
    free_children(j);
    free(j);
}

/* The whole file as a NUL-terminated string; NULL with a message. */
static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t cap = 0, got = 0, n;
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return NULL;
    }
    do {
        if (got + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *bigger = realloc(text, cap);
            if (!bigger) {
                fprintf(stderr, "%s: too large to read\n", path);
                free(text);
                fclose(f);
                return NULL;
            }
            text = bigger;
        }
        n = fread(text + got, 1, cap - got - 1, f);
        got += n;
    } while (n > 0);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read (%s)\n", path, strerror(errno ? errno : EIO));
        free(text);
        return NULL;
    }
    text[got] = 0;
    *len = got;
    return text;
}

json *json_parse(const char *text, size_t len, const char *name)
{
    parser ps = { text, text, text + len, name, 0, 0 };
    json *root = calloc(1, sizeof *root);
    if (!root) {
        fail(&ps, "out of memory");
        return NULL;
    }
    int ok = parse_value(&ps, root);
    if (ok) {
        skip_space(&ps);
        if (ps.p != ps.end) {
            fail(&ps, "text after the document");
            ok = 0;
        }
    }
    if (!ok) {
        json_free(root);
        root = NULL;
    }
    return root;
}

json *json_load_file(const char *path)
{
    size_t len;
    char *text = read_text(path, &len);
    if (!text)
        return NULL;
    json *root = json_parse(text, len, path);
    free(text);
    return root;
}

const json *json_get(const json *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < obj->count; i++)
        if (strcmp(obj->items[i].key, key) == 0)
            return &obj->items[i];
    return NULL;
}

const char *json_str(const json *obj, const char *key)
{
    const json *v = json_get(obj, key);
    return v && v->type == JSON_STRING ? v->string : NULL;
}

double json_num(const json *obj, const char *key, double fallback)
{
    const json *v = json_get(obj, key);
    return v && (v->type == JSON_NUMBER || v->type == JSON_BOOL) ? v->number : fallback;
}
