#!/usr/bin/env bash
# Two builds of angler (gcc's and clang's) must agree byte for byte: the
# `sim --json` report of a few seeds per shipped ruleset, and the records
# `sim --record` writes, exported as text and as JSON (the date each store
# gives a game is the only difference allowed).
# Usage: tests/compilers_test.sh ANGLER_A ANGLER_B
set -euo pipefail
trap '[ $? -eq 0 ] || cat "$work/err" >&2 2>/dev/null' ERR
a=$1
b=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

same() {  # same WHAT FILE_A FILE_B
  if ! cmp -s "$2" "$3"; then
    echo "compilers_test: $1 differs between $a and $b:" >&2
    diff "$2" "$3" | head -20 >&2
    failed=1
  fi
}

for ruleset in fishing fischen2 fatfish falscher-hering hearts fishing-short; do
  for seed in 1 2 3; do
    for bin in a b; do
      "${!bin}" sim "$ruleset" --players 4 --games 5 --seed "$seed" \
        --bots greedy,random,random,random --json >"$work/$bin.json" 2>"$work/err"
    done
    same "sim $ruleset --seed $seed --json" "$work/a.json" "$work/b.json"
  done
  for bin in a b; do
    "${!bin}" sim "$ruleset" --players 4 --games 2 --seed 9 \
      --record --db "$work/$bin-$ruleset.db" >/dev/null 2>"$work/err"
    for format in text json; do
      "${!bin}" replay export 1 2 --format "$format" --db "$work/$bin-$ruleset.db" |
        grep -v '"date"\|^\[Date ' >"$work/$bin.$format"
    done
  done
  for format in text json; do
    same "the $format records of $ruleset" "$work/a.$format" "$work/b.$format"
  done
done
[ "$failed" -eq 0 ] && echo "compilers_test: the two builds agree"
exit "$failed"
