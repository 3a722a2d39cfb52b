/* SPDX-License-Identifier: Apache-2.0 */
/* zucbench_help.h — zucbench's help pages (zucbench_help.c). */
#ifndef ZUCBENCH_HELP_H
#define ZUCBENCH_HELP_H

#include <stdio.h>

/* The overview: the commands, what is measured, examples. */
void zucbench_print_overview(FILE *f);

/* The page of one command (its options only, with examples); -1 if there is
 * no such command. */
int zucbench_print_command_help(const char *command, FILE *f);

/* 1 if the arguments after a command ask for its help: --help anywhere, or
 * -h first (later, -h may be the value of an option, as in --file -h). */
int zucbench_wants_help(int argc, char **argv);

#endif /* ZUCBENCH_HELP_H */
