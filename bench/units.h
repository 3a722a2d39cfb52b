/* SPDX-License-Identifier: Apache-2.0 */
/* units.h — what a suite's terminal table shows of a speed (--unit): ticks
 * per byte in the timer's unit (cycles, TSC ticks or ns), MB/s (10^6 bytes a
 * second) or Gbps (10^9 bits a second), as `openssl speed` users expect. The
 * results files keep their own units whatever the table shows. */
#ifndef BENCH_UNITS_H
#define BENCH_UNITS_H

typedef enum { SUITE_UNIT_TICKS, SUITE_UNIT_MBS, SUITE_UNIT_GBPS } suite_unit;

/* "ticks", "mbs" or "gbps": 0 with *unit set, else -1. */
int suite_unit_parse(const char *name, suite_unit *unit);

/* Its name in a table: "cycles/byte" (the timer's unit), "MB/s" or "Gbps". */
const char *suite_unit_name(suite_unit unit);

/* A speed of bytes_per_ns in the unit (ticks: per byte at this machine's
 * tick rate); -1 (n/a) for a speed that is not positive. */
double suite_unit_of_rate(suite_unit unit, double bytes_per_ns);

/* Ticks per byte measured here in the unit; -1 (n/a) when not positive. */
double suite_unit_of_ticks(suite_unit unit, double ticks_per_byte);

#endif
