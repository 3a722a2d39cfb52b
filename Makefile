# The two commands of the README:
#   make        set-up, Release build, then the main job (zucbench speed)
#   make test   set-up, every test in a Release build and in an ASan+UBSan build
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
ifeq ($(CI),true)
CMAKE_FLAGS += -DZUCBENCH_WERROR=ON
endif

.PHONY: all setup build test test-release test-sanitize clean

all: build
	./$(BUILD)/tools/zucbench speed

setup:
	@./scripts/setup.sh

build: setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

test: test-release test-sanitize

test-release: build
	cd $(BUILD) && ctest --output-on-failure

test-sanitize: setup
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZUCBENCH_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
