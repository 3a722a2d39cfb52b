/* SPDX-License-Identifier: Apache-2.0 */
#include "result_columns.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

bench_column bench_column_text(const char *key, const char *heading, const char *text)
{
    return (
        bench_column){ .key = key, .heading = heading, .kind = BENCH_COLUMN_TEXT, .text = text };
}

bench_column bench_column_count(const char *key, const char *heading, unsigned long long count)
{
    return (
        bench_column){ .key = key, .heading = heading, .kind = BENCH_COLUMN_COUNT, .count = count };
}

bench_column bench_column_real(const char *key, const char *heading, int decimals, double value)
{
    return (bench_column){ .key = key,
                           .heading = heading,
                           .kind = BENCH_COLUMN_REAL,
                           .decimals = decimals,
                           .real = value };
}

bench_column bench_column_flag(const char *key, const char *heading, int value)
{
    return (bench_column){
        .key = key, .heading = heading, .kind = BENCH_COLUMN_FLAG, .count = value != 0
    };
}

const char *bench_column_format(const bench_column *c, char *buf, size_t size)
{
    buf[0] = '\0';
    switch (c->kind) {
    case BENCH_COLUMN_TEXT: snprintf(buf, size, "%s", c->text ? c->text : ""); break;
    case BENCH_COLUMN_COUNT: snprintf(buf, size, "%llu", c->count); break;
    case BENCH_COLUMN_FLAG: snprintf(buf, size, "%s", c->count ? "true" : "false"); break;
    case BENCH_COLUMN_REAL:
        if (isfinite(c->real))
            snprintf(buf, size, "%.*f", c->decimals, c->real);
        break;
    }
    return buf;
}

const bench_column *bench_column_find(const bench_column *columns, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(columns[i].key, key) == 0)
            return &columns[i];
    return NULL;
}
