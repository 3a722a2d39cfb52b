/* SPDX-License-Identifier: Apache-2.0 */
#include "units.h"

#include <stdio.h>
#include <string.h>

#include "timer.h"

int suite_unit_parse(const char *name, suite_unit *unit)
{
    static const char *const names[] = {
        [SUITE_UNIT_TICKS] = "ticks", [SUITE_UNIT_MBS] = "mbs", [SUITE_UNIT_GBPS] = "gbps"
    };
    for (size_t i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0) {
            *unit = (suite_unit)i;
            return 0;
        }
    return -1;
}

const char *suite_unit_name(suite_unit unit)
{
    static char per_byte[32];
    if (unit == SUITE_UNIT_MBS)
        return "MB/s";
    if (unit == SUITE_UNIT_GBPS)
        return "Gbps";
    snprintf(per_byte, sizeof per_byte, "%s/byte", bench_timer()->unit);
    return per_byte;
}

double suite_unit_of_rate(suite_unit unit, double bytes_per_ns)
{
    if (!(bytes_per_ns > 0))
        return -1;
    if (unit == SUITE_UNIT_MBS)
        return 1000 * bytes_per_ns;
    if (unit == SUITE_UNIT_GBPS)
        return 8 * bytes_per_ns;
    return bench_timer()->ticks_per_ns / bytes_per_ns;
}

double suite_unit_of_ticks(suite_unit unit, double ticks_per_byte)
{
    if (!(ticks_per_byte > 0))
        return -1;
    if (unit == SUITE_UNIT_TICKS)
        return ticks_per_byte;
    return suite_unit_of_rate(unit, bench_timer()->ticks_per_ns / ticks_per_byte);
}
