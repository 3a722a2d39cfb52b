#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs one libFuzzer target for FUZZ_SECONDS (default 20) on a copy of its
# seed corpus, so the committed seeds never change; what the run finds stays
# in the work folder (corpus/ grows, crashes/ holds any failing input).
#   run_fuzzer.sh FUZZER SEED_DIR WORK_DIR [libFuzzer options...]
set -eu
fuzzer=$1 seeds=$2 work=$3
shift 3
seconds=${FUZZ_SECONDS:-20}

rm -rf "$work"
mkdir -p "$work/corpus" "$work/crashes"
cp "$seeds"/* "$work/corpus/"
# The targets never write files; a stray relative path would land here.
cd "$work"

status=0
# -timeout: one input taking this long is a hang, and a failure;
# -verbosity=0: no line per new input, so a failure's log stays readable
"$fuzzer" -max_total_time="$seconds" -timeout=10 -verbosity=0 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/" "$@" "$work/corpus" || status=$?
if [ "$status" -ne 0 ]; then
    echo "$(basename "$fuzzer"): failed (exit $status); reproduce with:" >&2
    for f in "$work"/crashes/*; do
        [ -e "$f" ] && echo "  $fuzzer $f" >&2
    done
fi
exit "$status"
