/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_options.c — the zuc tool's options and the parsing of a command's
 * arguments: --name VALUE or --name=VALUE (a flag such as --decrypt: --name
 * alone), each known, taken by the command, given once; -h/--help and
 * -v/--verbose anywhere a flag may stand. */
#include <stdbool.h>
#include <string.h>

#include "zuc_tool.h"

const char *const option_name[OPTION_COUNT] = {
    "--key",     "--iv",    "--count",     "--bearer",   "--direction", "--bits",
    "--bytes",   "--words", "--tag-bytes", "--in",       "--in-file",   "--out-file",
    "--version", "--tag",   "--aad",       "--aad-file", "--decrypt",
};

bool is_help_flag(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

bool is_verbose_flag(const char *arg)
{
    return strcmp(arg, "--verbose") == 0 || strcmp(arg, "-v") == 0;
}

bool is_flag_option(int id)
{
    return id == OPT_DECRYPT;
}

static int find_option(const char *name, size_t len)
{
    for (int id = 0; id < OPTION_COUNT; id++)
        if (strlen(option_name[id]) == len && strncmp(option_name[id], name, len) == 0)
            return id;
    return -1;
}

/* The argument after an option is its value, whatever it looks like ("-h" is
 * a file name there), unless it starts with "--": then the value is missing. */
static bool next_is_value(int argc, char **argv, int i)
{
    return i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0;
}

/* argv[i] is a known option that takes a value, written without "=VALUE". */
static bool option_without_value(const char *arg)
{
    if (strncmp(arg, "--", 2) != 0 || strchr(arg, '='))
        return false;
    int id = find_option(arg, strlen(arg));
    return id >= 0 && !is_flag_option(id);
}

/* The value of option id at argv[*i] (after its '=' when equals is set);
 * a flag's value is the flag itself, so that it reads as given. */
static int take_value(int argc, char **argv, int *i, int id, const char *equals, const char **value)
{
    if (is_flag_option(id)) {
        if (equals)
            return fail("%s takes no value", option_name[id]);
        *value = argv[*i];
        return STATUS_OK;
    }
    *value = equals ? equals + 1 : next_is_value(argc, argv, *i) ? argv[++*i] : NULL;
    if (!*value)
        return fail("%s needs a value (write %s=VALUE for one that starts with --)",
                    option_name[id], option_name[id]);
    return STATUS_OK;
}

static bool is_file_option(int id)
{
    return id == OPT_IN_FILE || id == OPT_OUT_FILE || id == OPT_AAD_FILE;
}

static int read_options(int argc, char **argv, struct args *a)
{
    const char *cmd = a->cmd->name;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (is_verbose_flag(arg)) {
            a->verbose = true;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0)
            return fail(
                "%s: unexpected argument '%s' (options are --name VALUE; see 'zuc %s --help')", cmd,
                shown(arg), cmd);
        const char *equals = strchr(arg, '=');
        size_t name_len = equals ? (size_t)(equals - arg) : strlen(arg);
        int id = find_option(arg, name_len);
        if (id < 0)
            return fail("unknown option '%s' (see 'zuc %s --help')", shown_n(arg, name_len), cmd);
        if (!(a->cmd->accepted & OPT(id)))
            return fail("%s does not take %s (see 'zuc %s --help')", cmd, option_name[id], cmd);
        const char *value = NULL;
        int rc = take_value(argc, argv, &i, id, equals, &value);
        if (rc)
            return rc;
        if (is_file_option(id) && !*value)
            return fail("%s: empty file name", option_name[id]);
        if (a->value[id])
            return fail("%s given more than once", option_name[id]);
        a->value[id] = value;
    }
    return STATUS_OK;
}

static int check_required_options(const struct args *a)
{
    const struct command *cmd = a->cmd;
    for (int id = 0; id < OPTION_COUNT; id++)
        if ((cmd->required & OPT(id)) && !a->value[id])
            return fail("%s: missing %s (see 'zuc %s --help')", cmd->name, option_name[id],
                        cmd->name);
    if (cmd->accepted & INPUT_OPTIONS) {
        if (a->value[OPT_IN] && a->value[OPT_IN_FILE])
            return fail("%s: give the input either as --in HEX or as --in-file F, not both",
                        cmd->name);
        if (!a->value[OPT_IN] && !a->value[OPT_IN_FILE])
            return fail("%s: missing the input: --in HEX or --in-file F", cmd->name);
    }
    return STATUS_OK;
}

bool asks_for_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (is_help_flag(argv[i]))
            return true;
        if (option_without_value(argv[i]) && next_is_value(argc, argv, i))
            i++;
    }
    return false;
}

int parse_options(int argc, char **argv, struct args *a)
{
    int rc = read_options(argc, argv, a);
    return rc ? rc : check_required_options(a);
}
