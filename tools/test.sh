#!/usr/bin/env bash
# Builds angler and runs every test through CTest (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
angler_install_deps
angler_build
ctest --test-dir build --output-on-failure -j"$(nproc)"
