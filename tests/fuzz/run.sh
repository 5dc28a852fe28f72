#!/usr/bin/env bash
# Runs the libFuzzer targets of a build made with -DANGLER_FUZZ=ON, each for
# SECONDS, $(nproc) at a time, from their seed corpora: the shipped rulesets,
# scenarios and golden records, the JSON of those records, a store holding
# them, and tests/fuzz/regressions/TARGET (every input that once crashed).
# Exit 1 when a target finds something; its input is kept in BUILD/fuzz/.
# Usage: tests/fuzz/run.sh BUILD SECONDS [TARGET...]   (docs/FUZZING.md)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=$2
shift 2
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(ruleset statements scenario record store shard api)
out="$build/fuzz"
# libFuzzer's timeout is wall time: on a shared machine a starved fuzzer may
# take minutes over an input that needs a second (docs/FUZZING.md).
timeout=${ANGLER_FUZZ_TIMEOUT:-30}
mkdir -p "$out"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
angler="$build/tools/angler"

# Seeds that are made, not kept: records as JSON, and a store file.
mkdir -p "$seeds/record" "$seeds/store" "$seeds/statements"
cp "$root"/tests/data/replay/*.rec "$seeds/record/"
for rec in "$root"/tests/data/replay/*.rec; do
  db="$seeds/$(basename "$rec" .rec).db"
  "$angler" replay import "$rec" --db "$db" >/dev/null 2>&1 || continue
  "$angler" replay export 1 --format json --db "$db" \
    >"$seeds/record/$(basename "$rec" .rec).json" 2>/dev/null || true
  [ -f "$seeds/store/store.db" ] || cp "$db" "$seeds/store/store.db"
done
# Shards of sim runs, as `sim --shard K/N --json` prints them: one report, and
# a range of player counts (an array), with names and an error.
mkdir -p "$seeds/shard" "$seeds/api"
"$angler" sim fishing --players 3 --games 3 --shard 1/2 --json --names A,B,C \
  >"$seeds/shard/fishing.json" 2>/dev/null || true
"$angler" sim fatfish --players 2..3 --games 2 --shard 2/2 --json \
  >"$seeds/shard/fatfish.json" 2>/dev/null || true
# Requests to the serve API: "METHOD PATH?QUERY", then the body.
i=0
while IFS= read -r request; do
  i=$((i + 1))
  printf '%b' "$request" >"$seeds/api/$i"
done <<'REQUESTS'
GET /api/games
GET /api/games?ruleset=fishing&limit=1
GET /api/games/1
GET /api/games/1/view?ply=40&viewpoint=seat:P2
GET /api/games/2/view?viewpoint=everything
GET /api/games/1/events?variation=0
GET /api/games/1/scenario?ply=30
GET /api/rulesets/fishing
POST /api/games/1/annotate\n{"ply": 5, "comment": "= a note?", "glyph": "!?"}
POST /api/games/1/branch\n{"ply": 10, "moves": ["blue 3"], "dry_run": true}
POST /api/play\n{"ruleset": "falscher-hering", "players": 3, "seed": 4, "bots": "random"}
POST /api/play\n{"ruleset": "fishing", "players": 4, "seat": 1, "seed": "7", "record": true}
POST /api/play/1/move\n{"wait": true}
REQUESTS
# The setup: statements of the shipped rulesets, one file each.
for yaml in "$root"/rulesets/*.yaml; do
  sed -n '/^setup: |/,/^[a-z_]*:/p' "$yaml" | sed '1d;$d' \
    >"$seeds/statements/$(basename "$yaml" .yaml)"
done

corpora() {  # the seed folders of one target
  case $1 in
    ruleset) echo "$root/rulesets $root/tests/data" ;;
    statements) echo "$seeds/statements" ;;
    scenario) echo "$root/tests/scenarios $root/tests/data/selftest" ;;
    record) echo "$seeds/record" ;;
    store) echo "$seeds/store" ;;
    shard) echo "$seeds/shard" ;;
    api) echo "$seeds/api" ;;
  esac
}

run_one() {  # run_one TARGET: its log in $out/TARGET.log
  local t=$1
  mkdir -p "$out/$t.corpus"
  local dirs
  dirs="$(corpora "$t")"
  # A target with no crash kept yet has no folder (git keeps no empty ones).
  if [ -d "$root/tests/fuzz/regressions/$t" ]; then
    dirs="$dirs $root/tests/fuzz/regressions/$t"
  fi
  # A private temp folder per target: the harness writes its input files there.
  local tmp
  tmp=$(mktemp -d)
  # shellcheck disable=SC2086
  if TMPDIR="$tmp" "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/$t-" \
    "$out/$t.corpus" $dirs >"$out/$t.log" 2>&1; then
    echo "fuzz_$t: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/$t.log" |
      grep -o '[0-9]*$') runs in ${seconds}s, no finding"
  else
    echo "fuzz_$t: FOUND something; see $out/$t.log" >&2
    tail -n 40 "$out/$t.log" >&2
    rm -rf "$tmp"
    return 1
  fi
  rm -rf "$tmp"
}
export -f run_one corpora
export root build seconds out seeds timeout

printf '%s\n' "${targets[@]}" | xargs -P "$(nproc)" -I{} bash -c 'run_one {}'
