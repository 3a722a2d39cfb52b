/* SPDX-License-Identifier: Apache-2.0 */
/* version.c — libzuc's version is one: zuc_version() of the library, the
 * ZUC_VERSION_* of the header, and the Version of zuc.pc (the file given). */
#include <stdio.h>
#include <string.h>

#include "zuc.h"

#define TEXT(x) #x
#define VERSION_OF(a, b, c) TEXT(a) "." TEXT(b) "." TEXT(c)

int main(int argc, char **argv)
{
    const char *header = VERSION_OF(ZUC_VERSION_MAJOR, ZUC_VERSION_MINOR, ZUC_VERSION_PATCH);
    int failures = 0;
    if (strcmp(zuc_version(), header) != 0) {
        printf("zuc_version() is %s, the header says %s\n", zuc_version(), header);
        failures++;
    }
    FILE *pc = argc > 1 ? fopen(argv[1], "r") : NULL;
    char line[256], pc_version[64] = "";
    while (pc && fgets(line, sizeof line, pc))
        if (sscanf(line, "Version: %63s", pc_version) == 1)
            break;
    if (pc)
        fclose(pc);
    if (strcmp(pc_version, header) != 0) {
        printf("zuc.pc (%s) says version '%s', the header %s\n", argc > 1 ? argv[1] : "none",
               pc_version, header);
        failures++;
    }
    printf("version: %s, %s\n", header, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
