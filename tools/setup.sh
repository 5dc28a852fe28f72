#!/usr/bin/env bash
# The main job on built-in defaults: install what is missing, build, validate
# every shipped ruleset, and simulate 1,000 Fishing games with bots.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
angler_install_deps
angler_build
./build/tools/angler rules check $(ls rulesets/*.yaml rulesets/variants/*.yaml)
./build/tools/angler sim fishing --players 4 --games 1000 --seed 1 \
  --bots greedy,random,random,random
