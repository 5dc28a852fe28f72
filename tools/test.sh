#!/usr/bin/env bash
# Builds angler and runs every test through CTest (what CI runs); then the
# same suite on a sanitizer build (ASan + UBSan; clang's when there is clang),
# and with clang: gcc's and clang's angler agree byte for byte, and each fuzz
# target runs for 30 seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
angler_install_deps
angler_install_deps "${ANGLER_TEST_PACKAGES[@]}" \
  || echo "angler: chromium could not be installed; the browser test will skip" >&2
angler_install_deps "${ANGLER_CLANG_PACKAGES[@]}" \
  || echo "angler: clang could not be installed; no fuzzing, gcc sanitizers" >&2
angler_build
ctest --test-dir build --output-on-failure -j"$(nproc)"

angler_build_sanitized build-san
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
ctest --test-dir build-san --output-on-failure -j"$(nproc)"
if [ -x build-san/tests/fuzz/fuzz_ruleset ]; then
  bash tests/compilers_test.sh build/tools/angler build-san/tools/angler
  bash tests/fuzz/run.sh build-san 30
fi
