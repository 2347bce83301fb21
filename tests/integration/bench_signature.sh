#!/usr/bin/env bash
# The bench signature: `shishi bench` (default depth, one thread) must search exactly the number
# of nodes recorded in tests/data/bench-signature. A change to the search, the evaluation or the
# move generator that changes it updates that file in the same commit, with a "Bench: N" line in
# the commit message (docs/search.md, "Bench signature").
set -euo pipefail
shishi=$1
expected=$(tr -d '[:space:]' < "$(dirname "$0")/../data/bench-signature")
out=$("$shishi" bench)
got=$(printf '%s\n' "$out" | sed -n 's/^nodes \([0-9]*\)$/\1/p')
if [ -z "$got" ]; then
  printf '%s\n' "$out" >&2
  echo "bench printed no 'nodes N' line" >&2
  exit 1
fi
if [ "$got" != "$expected" ]; then
  echo "bench signature $got, recorded $expected (tests/data/bench-signature)" >&2
  exit 1
fi
echo "bench signature $got"
