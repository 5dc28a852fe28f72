#!/usr/bin/env bash
# Installs the Debian packages angler builds with, only those missing.
# Sourced by tools/setup.sh and tools/test.sh (and so by CI on a fresh machine).
set -euo pipefail

ANGLER_PACKAGES=(cmake g++ make pkg-config tao-pegtl-dev libyaml-cpp-dev libsqlite3-dev catch2
  libcpp-httplib-dev)

# What only the tests use: the browser of the page's test (tools/browser_test.sh
# skips, saying so, when it cannot be installed).
ANGLER_TEST_PACKAGES=(chromium)

# angler_install_deps [PACKAGE...]: the given packages, by default ANGLER_PACKAGES.
angler_install_deps() {
  local missing=()
  local wanted=("$@")
  [ ${#wanted[@]} -eq 0 ] && wanted=("${ANGLER_PACKAGES[@]}")
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "angler: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

angler_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j"$(nproc)"
}
