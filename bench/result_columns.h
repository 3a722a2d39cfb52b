/* SPDX-License-Identifier: Apache-2.0 */
/* result_columns.h — a suite's own columns of a result (the embedded suite's
 * latency, throughput, CPU and memory, ...), beside the ones every result
 * has. Each is a member of the result in the JSON, a column of the CSV and,
 * when it has a heading, a column of the Markdown table. */
#ifndef BENCH_RESULT_COLUMNS_H
#define BENCH_RESULT_COLUMNS_H

#include <stddef.h>

typedef enum {
    BENCH_COLUMN_TEXT,  /* a string */
    BENCH_COLUMN_COUNT, /* a non-negative integer */
    BENCH_COLUMN_REAL,  /* a number with a fixed number of decimals */
    BENCH_COLUMN_FLAG   /* true or false */
} bench_column_kind;

typedef struct {
    const char *key;     /* the JSON member and CSV column: "latency_ms_sd" */
    const char *heading; /* the Markdown column, or NULL: JSON and CSV only */
    bench_column_kind kind;
    int decimals;             /* BENCH_COLUMN_REAL */
    const char *text;         /* BENCH_COLUMN_TEXT; must outlive the output */
    unsigned long long count; /* BENCH_COLUMN_COUNT; BENCH_COLUMN_FLAG: 0 or 1 */
    double real;              /* BENCH_COLUMN_REAL */
} bench_column;

bench_column bench_column_text(const char *key, const char *heading, const char *text);
bench_column bench_column_count(const char *key, const char *heading, unsigned long long count);
bench_column bench_column_real(const char *key, const char *heading, int decimals, double value);
bench_column bench_column_flag(const char *key, const char *heading, int value);

/* Its value as plain text in buf ("12.3400", "true", the string itself);
 * "" for a number that is not finite. Returns buf. */
const char *bench_column_format(const bench_column *c, char *buf, size_t size);

/* The column of `key` among columns[0..n), or NULL. */
const bench_column *bench_column_find(const bench_column *columns, size_t n, const char *key);

#endif
