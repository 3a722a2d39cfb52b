/* SPDX-License-Identifier: Apache-2.0 */
/* zuc_report.c — the zuc tool's one-line messages on standard error. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "zuc_tool.h"

static void say(const char *fmt, va_list ap)
{
    fputs("zuc: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    return STATUS_FAIL;
}

int tag_rejected(const struct args *a, const char *consequence)
{
    fail("%s: the tag does not verify%s", a->cmd->name, consequence);
    return STATUS_REJECTED;
}

void note(const struct args *a, const char *fmt, ...)
{
    if (!a->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

const char *shown_n(const char *s, size_t len)
{
    static char slot[2][80];
    static int next;
    char *out = slot[next];
    next ^= 1;
    size_t o = 0, i = 0;
    for (; i < len && o < 60; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, sizeof slot[0] - o, "\\x%02x", c);
    }
    if (i < len)
        o += (size_t)snprintf(out + o, sizeof slot[0] - o, "...");
    out[o] = '\0';
    return out;
}

const char *shown(const char *s)
{
    return shown_n(s, strlen(s));
}

int library_result(const struct args *a, int code)
{
    if (code == ZUC_EAUTH)
        return tag_rejected(a, "; nothing decrypted");
    if (code < 0)
        return fail("%s: %s", a->cmd->name, zuc_strerror(code));
    return STATUS_OK;
}
