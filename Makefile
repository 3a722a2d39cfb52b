# SPDX-License-Identifier: Apache-2.0
# The two commands of the README:
#   make        set-up, Release build, then the main job (zucbench estream, mac, ablation, report)
#   make test   set-up, every test in a Release build and in an ASan+UBSan build,
#               the fuzz targets briefly, the threaded harness under TSan, a
#               static build (-DZUCBENCH_STATIC=ON), the Python package's
#               wheel and tests, format and lint
#   make format the C sources as .clang-format wants them
#   make fuzz   the fuzz targets, FUZZ_SECONDS (600) each
#   make crosscheck  libzuc against a second implementation (needs cargo, crates.io)
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
TSAN_BUILD ?= build-tsan
STATIC_BUILD ?= build-static
# Seconds each fuzz target runs: make test gives it FUZZ_TEST_SECONDS, make fuzz FUZZ_SECONDS.
FUZZ_TEST_SECONDS ?= 20
FUZZ_SECONDS ?= 600
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PYTHON     ?= python3
VENV       ?= $(BUILD)/venv
# The venv is rebuilt only when the requirements change.
VENV_STAMP := $(VENV)/.requirements-installed
RESULTS    ?= $(wildcard $(BUILD)/results/*.json)
# GmSSL 3.1.1, a zucbench peer loaded at run time: the PyPI package
# easy-gmssl builds it into $(GMSSL_DIR) (scripts/gmssl.sh), tried once per
# venv ($(GMSSL_STAMP); `make gmssl` tries again). Both builds look there first.
GMSSL_PACKAGE ?= easy-gmssl==2.0.1
GMSSL_DIR   := $(abspath $(VENV))/.gmssl_3.1.1_install
GMSSL_STAMP := $(VENV)/.gmssl-tried
GMSSL_FLAGS := -DZUCBENCH_GMSSL_DIR=$(GMSSL_DIR)
REPORT_DIR ?= report
ifeq ($(CI),true)
CMAKE_FLAGS += -DZUCBENCH_WERROR=ON
endif

CROSS_TARGETS ?= armhf aarch64

.PHONY: all setup build test test-release test-sanitize test-report test-static test-lint format \
        test-python \
        report venv \
        gmssl cross-test clean \
        fuzz fuzz-build test-fuzz test-tsan clang-present crosscheck

# The main job: the source documents' ZUC tables on this machine (quick
# sizes, libzuc beside ipsec-mb; 3GPP's 128-bit and 256-bit algorithms, and
# ZUC-NCA6 beside AES-256-GCM and ChaCha20-Poly1305; the ablation study's
# Tables 13 and 15; the
# embedded study's matrix, one configuration per family, its Table 2 and
# Figure 5 for AES on the 8.31 MiB file, and Simon and Speck in every block
# size and mode for the block-size chart), as terminal tables and JSON, then
# the report. Each ZUC table runs twice: many messages per call (16, the
# throughput a batch of packets gets) and one (--lanes 1, the latency of one
# packet), so that the report sets libzuc's one-message figures beside the
# one-message peers. Repeats: 21 per cell in speed (the summary's source),
# 11 in estream and mac, so that the quartiles each rest on a few repeats
# beyond them rather than on the extremes; 3 in ablation and embedded,
# whose cells take seconds each (the report says so where it shows them).
# --ratio: the terminal tables also give each contender's time over libzuc's,
# repeat by repeat (the contenders of a cell interleaved), with quartiles.
ZUC_SPEED := 128-eea3 128-eia3 zuc-256 zuc-nea6 zuc-nia6-128 zuc-nca6
all: build
	mkdir -p $(BUILD)/results
	./$(BUILD)/tools/zucbench estream --quick --repeats 11 --ratio --json $(BUILD)/results/estream.json
	./$(BUILD)/tools/zucbench estream --quick --repeats 11 --ratio --lanes 1 $(ZUC_SPEED) \
	  --json $(BUILD)/results/estream-1-per-call.json
	./$(BUILD)/tools/zucbench mac --quick --repeats 11 --ratio --json $(BUILD)/results/mac.json
	./$(BUILD)/tools/zucbench mac --quick --repeats 11 --ratio --lanes 1 \
	  --json $(BUILD)/results/mac-1-per-call.json
	./$(BUILD)/tools/zucbench speed $(ZUC_SPEED) \
	  aes-256-gcm chacha20-poly1305 --sizes 40,576,1500,8188 --ratio --json $(BUILD)/results/speed.json
	./$(BUILD)/tools/zucbench speed $(ZUC_SPEED) --lanes 1 --sizes 40,576,1500,8188 --ratio \
	  --json $(BUILD)/results/speed-1-per-call.json
	./$(BUILD)/tools/zucbench ablation --quick --json $(BUILD)/results/ablation.json
	./$(BUILD)/tools/zucbench embedded --quick --json $(BUILD)/results/embedded.json
	./$(BUILD)/tools/zucbench embedded aes --repeats 3 --json $(BUILD)/results/embedded-aes.json
	./$(BUILD)/tools/zucbench embedded simon speck --repeats 3 \
	  --json $(BUILD)/results/embedded-simon-speck.json
	$(MAKE) --no-print-directory report

setup:
	@./scripts/setup.sh

build: setup $(GMSSL_STAMP)
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(GMSSL_FLAGS) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

test: test-lint test-release test-sanitize test-report test-fuzz test-tsan test-static test-python

test-release: build
	cd $(BUILD) && ctest --output-on-failure

# Optional, not part of make test (it needs cargo and crates.io): known
# answers from the Rust `zuc` crate (ZUC-128, ZUC-256 2018 keystream and
# MACs) and from a model in tools/crosscheck whose core is first checked
# against the crate (ZUC-256 2021 and 2023, ZUC-NEA6/NIA6/NCA6), compared
# with libzuc on every implementation by tests/crosscheck.
CROSSCHECK_CASES ?= 500
crosscheck: build
	cargo build --release --locked --manifest-path tools/crosscheck/Cargo.toml
	./tools/crosscheck/target/release/zuc-crosscheck $(CROSSCHECK_CASES) | ./$(BUILD)/tests/crosscheck

test-sanitize: setup $(GMSSL_STAMP)
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZUCBENCH_SANITIZE=ON \
	  $(GMSSL_FLAGS) $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure

# The libFuzzer targets of tests/fuzz (clang, ASan + UBSan), two at a time,
# each on a copy of its seed corpus (tests/fuzz/corpus/<target>).
test-fuzz: fuzz-build
	cd $(FUZZ_BUILD) && FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) ctest --output-on-failure -j $(JOBS)

fuzz: fuzz-build
	cd $(FUZZ_BUILD) && FUZZ_SECONDS=$(FUZZ_SECONDS) ctest --output-on-failure -j $(JOBS) \
	  --timeout $$(( $(FUZZ_SECONDS) + 300 ))

fuzz-build: setup clang-present
	cmake -S tests/fuzz -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang $(CMAKE_FLAGS)
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

# The threaded harness (zucbench speed --threads) under ThreadSanitizer: any
# report stops the run with status 66. clang, as gcc's TSan runtime crashes in
# the ifunc resolvers of bench/ciphers; no peers, which are not instrumented.
test-tsan: setup clang-present
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_C_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
	  -DBUILD_TESTING=OFF -DZUCBENCH_WITH_IPSECMB=OFF -DZUCBENCH_WITH_OPENSSL=OFF \
	  -DZUCBENCH_WITH_SODIUM=OFF -DZUCBENCH_WITH_CRYPTOPP=OFF -DZUCBENCH_WITH_GMSSL=OFF \
	  $(CMAKE_FLAGS)
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target zucbench
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
	  ./$(TSAN_BUILD)/tools/zucbench speed --threads 3 --quick --sizes 16,1500 >/dev/null
	@echo "test-tsan: zucbench speed --threads 3: no ThreadSanitizer report"

# setup.sh installs clang as root; otherwise say what is missing.
clang-present:
	@command -v clang >/dev/null 2>&1 || { \
	  echo "clang is missing: the fuzz targets and the ThreadSanitizer build need it" \
	       "(Debian: apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }

venv: $(VENV_STAMP)

$(VENV_STAMP): report/requirements.txt python/requirements.txt | setup
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r report/requirements.txt \
	  -r python/requirements.txt
	touch $@

# Format (.clang-format, 100 columns) and lint (.clang-tidy on the C code,
# ruff on the Python code): make test fails on any drift; make format fixes
# the format.
test-lint: build $(VENV_STAMP)
	sh tests/format.sh .
	sh tests/lint.sh . $(BUILD) $(VENV)/bin/ruff

format: setup
	sh tests/format.sh . --fix

# -DZUCBENCH_STATIC=ON on this machine: zuc and zucbench static, with every
# peer linked from its static archive (or left out with the reason).
test-static: build
	cmake -S . -B $(STATIC_BUILD) -DCMAKE_BUILD_TYPE=Release -DZUCBENCH_STATIC=ON \
	  -DBUILD_TESTING=OFF $(CMAKE_FLAGS)
	cmake --build $(STATIC_BUILD) -j $(JOBS) --target zucbench zuc_tool
	sh tests/static_build.sh $(STATIC_BUILD) $(BUILD)/tools/zucbench

# GmSSL into the venv when it is not there; never an error (its rows are
# then absent). The stamp keeps a failed attempt from repeating every build.
$(GMSSL_STAMP): | setup
	@./scripts/gmssl.sh $(PYTHON) $(VENV) $(GMSSL_PACKAGE)
	@mkdir -p $(VENV) && touch $@

gmssl: | setup
	@./scripts/gmssl.sh $(PYTHON) $(VENV) $(GMSSL_PACKAGE)
	@mkdir -p $(VENV) && touch $(GMSSL_STAMP)

report: $(VENV_STAMP)
	PYTHONPATH=$(CURDIR)/report $(VENV)/bin/python -m zucreport --out $(REPORT_DIR) $(RESULTS)

# setup: Chromium for the browser check (installed as root, else named and skipped).
test-report: setup $(VENV_STAMP)
	$(VENV)/bin/python -m pytest -q -rs report/tests

# The Python package (pyproject.toml, python/): its wheel built from this
# tree as `pip wheel .` does (CMake's build folder kept in $(PY_BUILD)),
# installed alone into a clean venv, and its tests (python/tests) run by the
# project venv's pytest on that install, against the zuc tool of $(BUILD).
# pytest fails when it collects no test (exit 5).
PY_DIST  ?= $(BUILD)/python-dist
PY_BUILD ?= $(BUILD)/python-build
PY_VENV  ?= $(BUILD)/venv-wheel
test-python: build $(VENV_STAMP)
	rm -rf $(PY_DIST)
	$(VENV)/bin/pip wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation \
	  -Cbuild-dir=$(abspath $(PY_BUILD)) -Ccmake.define.ZUCBENCH_WERROR=ON -w $(PY_DIST) .
	$(PYTHON) -m venv --clear $(PY_VENV)
	$(PY_VENV)/bin/pip install --quiet --disable-pip-version-check --no-index $(PY_DIST)/zuc-*.whl
	site=$$($(PY_VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_path("platlib"))'); \
	  cd python/tests && PYTHONPATH=$$site ZUC_EXPECT_SITE=$$site \
	  ZUC_WHEEL="$$(ls $(abspath $(PY_DIST))/zuc-*.whl)" ZUC_TOOL=$(abspath $(BUILD))/tools/zuc \
	  $(abspath $(VENV))/bin/python -m pytest -q -p no:cacheprovider .

# libzuc, the zuc tool, zucbench and their tests cross-built for the ARM
# boards (cmake/toolchain-*.cmake) and run under qemu-user. zuc and zucbench
# are static (ZUCBENCH_STATIC): $(BUILD)-armhf/tools/zucbench and
# $(BUILD)-aarch64/tools/zucbench are single files to copy to a board.
cross-test:
	@./scripts/setup.sh cross
	@set -e; for t in $(CROSS_TARGETS); do \
	  echo "== $$t"; \
	  cmake -S . -B $(BUILD)-$$t -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-$$t.cmake \
	    -DCMAKE_BUILD_TYPE=Release -DZUCBENCH_STATIC=ON -DZUCBENCH_WITH_IPSECMB=OFF \
	    $(CMAKE_FLAGS); \
	  cmake --build $(BUILD)-$$t -j $(JOBS); \
	  (cd $(BUILD)-$$t && ctest --output-on-failure); \
	done

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD) $(STATIC_BUILD) $(addprefix $(BUILD)-,$(CROSS_TARGETS))
