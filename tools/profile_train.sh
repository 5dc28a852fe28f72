#!/usr/bin/env bash
# The training runs of the profile-guided build (angler_build, tools/deps.sh):
# what angler spends its time on, on every shipped ruleset and variant. The
# instrumented angler ANGLER adds what it runs to its counts at each exit.
#   bash tools/profile_train.sh ANGLER
set -euo pipefail
cd "$(dirname "$0")/.."
angler=$1
rulesets=(rulesets/*.yaml rulesets/variants/*.yaml)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# quiet COMMAND...: runs it with its output kept aside, shown if it fails.
quiet() {
  "$@" >"$log" 2>&1 || { cat "$log" >&2; echo "profile_train: failed: $*" >&2; exit 1; }
}

quiet "$angler" rules check "${rulesets[@]}"
quiet "$angler" check tests/scenarios
# Random playouts, as bench and sim play them.
quiet "$angler" bench --games 300 --vs-handcoded
# Search bots: the greedy one's lookahead, and the ISMCTS one's playouts. Every
# shipped ruleset allows 4 players.
for ruleset in "${rulesets[@]}"; do
  quiet "$angler" sim "$ruleset" --players 4 --games 40 --bots greedy,random
  quiet "$angler" sim "$ruleset" --players 4 --games 4 --bots ismcts:100,random
done
