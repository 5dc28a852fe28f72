#!/bin/bash
# cmake --install puts a working angler under a prefix: it finds the rulesets
# installed beside it (not the source tree), and the docs and the bash
# completion are there. Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" > /dev/null
unset ANGLER_RULESETS
out=$("$prefix/bin/angler" rules check fishing)
grep -q "file: *$prefix/share/angler/rulesets/fishing.yaml" <<<"$out" ||
  { echo "installed angler read its rulesets elsewhere:"; echo "$out" | head -3; exit 1; }
"$prefix/bin/angler" sim fishing --players 3 --games 3 > /dev/null
test -f "$prefix/share/doc/angler/README.md"
test -f "$prefix/share/doc/angler/ARCHITECTURE.md"
grep -q "complete -F _angler angler" "$prefix/share/bash-completion/completions/angler"
echo "install ok: $prefix"
