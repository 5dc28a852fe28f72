#!/usr/bin/env bash
# Races angler's `hearts` ruleset against OpenSpiel 2.0.1's Hearts, written by
# hand in C++, on this machine: the goal of issue 18 is angler at least 2.5x
# OpenSpiel, measured side by side, never remembered.
#
# Usage: tools/openspiel/race.sh ANGLER [ROUNDS]   (ROUNDS default 10)
#
# Needs the network once: OpenSpiel is cloned (tag v2.0.1, shallow) into
# $ANGLER_OPENSPIEL_DIR (default build-openspiel/) and built there with Debian's
# abseil (libabsl-dev, installed if missing). Not part of the tests.
# $ANGLER_OPENSPIEL_GIT names another copy to clone (a mirror, a local clone).
#
# Each round runs `ANGLER bench --games 1000 --json` (its hearts figure: the
# median of five runs) and then tools/openspiel/hearts_playouts.cc (the median
# of five runs of 10,000 games), in turns, so both meet the same minute of a
# shared machine. Prints each round, then the best round against the best and
# the median against the median. Exits 2 on bad arguments, 1 when a step fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
angler="${1:-}"
rounds="${2:-10}"
if [ -z "$angler" ] || [ ! -x "$angler" ] || ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: tools/openspiel/race.sh ANGLER [ROUNDS]" >&2
  exit 2
fi
work="${ANGLER_OPENSPIEL_DIR:-$root/build-openspiel}"
src="$work/open_spiel"
driver="$work/hearts_playouts"
origin="${ANGLER_OPENSPIEL_GIT:-https://github.com/google-deepmind/open_spiel}"
# A copy on this machine is cloned as a URL, so the clone is shallow too.
if [ -d "$origin" ]; then origin="file://$(cd "$origin" && pwd)"; fi

# shellcheck source=tools/deps.sh
source "$root/tools/deps.sh"
angler_install_deps git g++ pkg-config libabsl-dev nlohmann-json3-dev

if [ ! -d "$src/open_spiel" ]; then
  rm -rf "$src"
  mkdir -p "$work"
  echo "race: cloning OpenSpiel v2.0.1 from $origin into $src" >&2
  git -c advice.detachedHead=false clone -q --depth 1 --branch v2.0.1 "$origin" "$src" ||
    { echo "race: could not clone OpenSpiel from $origin (no network?)" >&2; exit 1; }
fi
if [ ! -e "$src/.angler-adapted" ]; then
  # OpenSpiel 2.0.1 builds with the abseil it downloads (2025), in which
  # absl::optional is std::optional and MutexLock takes a reference; Debian's
  # (2022) has its own optional and takes a pointer. Three mechanical edits
  # make it build against Debian's; no rule of the game is touched.
  (
    cd "$src/open_spiel"
    grep -rlE 'absl::(optional|nullopt|make_optional|MutexLock)|absl/types/optional\.h' \
      --include='*.h' --include='*.cc' . |
      xargs sed -i -e 's/absl::optional/std::optional/g' -e 's/absl::nullopt/std::nullopt/g' \
        -e 's/absl::make_optional/std::make_optional/g' \
        -e 's/absl::MutexLock lock(\([a-z_]*\))/absl::MutexLock lock(\&\1)/' \
        -e 's|#include "open_spiel/abseil-cpp/absl/types/optional.h"|#include <optional>|'
    # Its includes name the bundled copies: point them at Debian's headers.
    ln -sfn /usr/include abseil-cpp
    mkdir -p json && ln -sfn /usr/include json/include
  )
  touch "$src/.angler-adapted"
fi

if [ ! "$driver" -nt "$here/hearts_playouts.cc" ] || [ ! "$driver" -nt "$src/.angler-adapted" ]; then
  echo "race: building OpenSpiel's Hearts (-O3)" >&2
  (
    cd "$src"
    files=(spiel.cc spiel_utils.cc game_parameters.cc observer.cc policy.cc action_view.cc
      canonical_game_strings.cc matrix_game.cc tensor_game.cc simultaneous_move_game.cc
      utils/usage_logging.cc utils/status.cc games/hearts/hearts.cc)
    # shellcheck disable=SC2046 # pkg-config's flags are words
    g++ -std=c++17 -O3 -DNDEBUG -w -I. "$here/hearts_playouts.cc" "${files[@]/#/open_spiel/}" \
      -o "$driver" $(pkg-config --libs absl_str_format absl_strings absl_hash \
        absl_flat_hash_map absl_node_hash_map absl_btree absl_random_random \
        absl_synchronization absl_time absl_status absl_statusor)
  ) || { echo "race: building OpenSpiel's Hearts failed" >&2; exit 1; }
fi

# One figure from each: angler's hearts games/s, OpenSpiel's games/s.
angler_rate() {
  "$angler" bench --games 1000 --json |
    grep -o '"ruleset":"hearts","players":[0-9]*,"games_per_s":[0-9.]*' | sed 's/.*://'
}
openspiel_rate() {
  "$driver" 10000 | sed 's/.*"games_per_s": \([0-9.]*\).*/\1/'
}

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for ((r = 1; r <= rounds; r++)); do
  a="$(angler_rate)"
  o="$(openspiel_rate)"
  if [ -z "$a" ] || [ -z "$o" ]; then
    echo "race: round $r gave no figure" >&2
    exit 1
  fi
  echo "$a $o" >>"$results"
  awk -v r="$r" -v a="$a" -v o="$o" \
    'BEGIN { printf "round %d: angler %.0f games/s, OpenSpiel %.0f games/s, %.2fx\n", r, a, o, a / o }'
done
# The median of a column: the middle value, or the mean of the two middle ones.
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
best_a="$(cut -d' ' -f1 "$results" | sort -n | tail -1)"
best_o="$(cut -d' ' -f2 "$results" | sort -n | tail -1)"
med_a="$(cut -d' ' -f1 "$results" | median)"
med_o="$(cut -d' ' -f2 "$results" | median)"
awk -v ba="$best_a" -v bo="$best_o" -v ma="$med_a" -v mo="$med_o" -v n="$rounds" 'BEGIN {
  printf "%d rounds: best %.0f against %.0f games/s: %.2fx; median %.0f against %.0f: %.2fx\n",
    n, ba, bo, ba / bo, ma, mo, ma / mo }'
