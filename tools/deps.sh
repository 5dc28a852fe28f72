#!/usr/bin/env bash
# Installs the Debian packages angler builds with, only those missing.
# Sourced by tools/setup.sh and tools/test.sh (and so by CI on a fresh machine).
set -euo pipefail

ANGLER_PACKAGES=(cmake g++ make pkg-config tao-pegtl-dev libyaml-cpp-dev libsqlite3-dev catch2
  libcpp-httplib-dev nlohmann-json3-dev libcli11-dev)

# What only the tests use: the browser of the page's test (tools/browser_test.sh
# skips, saying so, when it cannot be installed).
ANGLER_TEST_PACKAGES=(chromium)
# clang and its libFuzzer for the second build of the test command (the
# sanitizer build, the fuzz targets, gcc and clang agreeing); without them the
# sanitizer build is gcc's and there is no fuzzing.
ANGLER_CLANG_PACKAGES=(clang-14 libclang-rt-14-dev)

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

# The shipped build in build/: Release and, with gcc, profile-guided (README
# "Profile-guided build"): an instrumented angler in build-profile/ plays the
# training runs (tools/profile_train.sh), trained again only when it was
# rebuilt, and build/ is compiled with what they counted. ANGLER_PROFILE=off
# skips the profile (a quicker build, a slower angler).
angler_build() {
  local profile=(-DANGLER_PROFILE=)
  if [ "${ANGLER_PROFILE:-}" != off ] && angler_cxx_is_gcc; then
    local counts=$PWD/build-profile/counts
    cmake -S . -B build-profile -DCMAKE_BUILD_TYPE=Release -DANGLER_PROFILE=generate \
      -DANGLER_PROFILE_DIR="$counts" >/dev/null
    cmake --build build-profile --target angler -j"$(nproc)"
    if [ ! "$counts/trained" -nt build-profile/tools/angler ]; then
      echo "angler: training the profile-guided build (tools/profile_train.sh)" >&2
      rm -rf "$counts"
      bash tools/profile_train.sh build-profile/tools/angler
      touch "$counts/trained"
    fi
    profile=(-DANGLER_PROFILE=use -DANGLER_PROFILE_DIR="$counts")
  fi
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${profile[@]}" >/dev/null
  cmake --build build -j"$(nproc)"
}

# Whether the C++ compiler cmake picks ($CXX, else c++) is gcc.
# The macros are read whole first: `... | grep -q` under pipefail failed
# whenever grep stopped reading before the compiler finished writing (the
# compiler's SIGPIPE), and the build then quietly went without its profile.
angler_cxx_is_gcc() {
  local macros
  macros=$("${CXX:-c++}" -dM -E -x c++ /dev/null 2>/dev/null) || return 1
  [[ $macros == *__GNUC__* && $macros != *__clang__* ]]
}

# The clang compiler when there is one, else nothing.
angler_clang() {
  command -v clang++-14 || command -v clang++ || true
}

# angler_build_sanitized DIR: ASan + UBSan (tools/test.sh). With clang also
# the fuzz targets (tests/fuzz); with gcc only the sanitizers.
angler_build_sanitized() {
  local clang
  clang=$(angler_clang)
  if [ -n "$clang" ]; then
    CXX=$clang cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=Release -DANGLER_SANITIZE=ON \
      -DANGLER_FUZZ=ON >/dev/null
  else
    cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=Release -DANGLER_SANITIZE=ON >/dev/null
  fi
  cmake --build "$1" -j"$(nproc)"
}
