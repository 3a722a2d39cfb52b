#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# GmSSL 3.1.1 for zucbench's gmssl peer, into the project's venv:
#   scripts/gmssl.sh PYTHON VENV PACKAGE
# The PyPI package easy-gmssl (PACKAGE, e.g. easy-gmssl==2.0.1) builds GmSSL
# 3.1.1 from its bundled source with cmake and installs it under
# $HOME/.gmssl_3.1.1_install; run with HOME set to VENV, it lands in
# VENV/.gmssl_3.1.1_install, the first place zucbench looks (the build
# bakes that path in: ZUCBENCH_GMSSL_DIR). Nothing is done when the library
# is there already. This never fails the build: without GmSSL (no network,
# no compiler) zucbench lists the gmssl rows as absent, with the reason.
set -u
python=$1
venv=$2
package=$3
lib="$venv/.gmssl_3.1.1_install/lib/libgmssl.so.3"
[ -e "$lib" ] && exit 0

give_up() {
    echo "setup: GmSSL not installed ($1); zucbench lists the gmssl rows as absent." \
         "'make gmssl' tries again." >&2
    exit 0
}
if [ ! -x "$venv/bin/pip" ]; then
    "$python" -m venv "$venv" >/dev/null 2>&1 || give_up "'$python -m venv $venv' failed"
fi
venv_abs=$(cd "$venv" && pwd)
log="$venv_abs/gmssl-install.log"
echo "setup: building GmSSL 3.1.1 for the gmssl peer (pip install $package into $venv)"
# HOME: where easy-gmssl installs the library. The user's pip configuration
# stays in reach through XDG_CONFIG_HOME. No cache and no wheel, or pip could
# install a wheel built earlier and skip the build that installs the library;
# reinstalled, so that a venv which has the package but lost the library
# gets it back.
if XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-${HOME:-/nonexistent}/.config}" HOME="$venv_abs" \
   "$venv/bin/pip" install --disable-pip-version-check --no-cache-dir --no-binary easy-gmssl \
       --force-reinstall --no-deps --timeout 30 --retries 1 "$package" >"$log" 2>&1 \
   && [ -e "$lib" ]; then
    echo "setup: GmSSL installed: $lib"
else
    give_up "pip install $package failed or left no $lib; see $log"
fi
