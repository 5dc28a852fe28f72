#!/usr/bin/env bash
# Builds angler and runs every test through CTest (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
angler_install_deps
angler_install_deps "${ANGLER_TEST_PACKAGES[@]}" \
  || echo "angler: chromium could not be installed; the browser test will skip" >&2
angler_build
ctest --test-dir build --output-on-failure -j"$(nproc)"
