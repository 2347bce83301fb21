#!/usr/bin/env bash
# Four shards of one run under GNU parallel (Debian `parallel`), then `shishi-match merge`: the
# merged report must be the report the whole run prints, and the merged PGN the whole run's
# games. Shishi plays itself at depth 1 with a generous clock: a fixed-depth search from a fresh
# process is the same on every run, so the shards play exactly the games of the whole run.
# usage: match_shards_parallel.sh SHISHI SHISHI-MATCH
set -euo pipefail
shishi=$(realpath "${1:?usage: $0 SHISHI SHISHI-MATCH}")
match=$(realpath "${2:?usage: $0 SHISHI SHISHI-MATCH}")
book=$(cd "$(dirname "$0")/../.." && pwd)/data/openings.txt
command -v parallel >/dev/null || { echo "FAIL: GNU parallel is not installed (scripts/deps.sh parallel)"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-shards.XXXXXX")
cd "$work"
# restart=on: every game begins with fresh engine processes, as in a shard, whatever the engines
# kept from their earlier games (hash table, history) in the whole run.
run=(--engine name=A "cmd=$shishi" restart=on --engine name=B "cmd=$shishi" restart=on --depth 1 --tc 600+1 --games 8
     --max-plies 40 --openings "$book" --draw movenumber=10 movecount=2 score=30)
fail=0

# The whole run; its report is what follows the last game's progress line.
"$match" "${run[@]}" --pgn whole.pgn --json whole.json >whole.out
# The final report begins at the last "Score of" line before "Elo difference".
report() { awk '/^Elo difference/ {start=prev_score} /^Score of/ {prev_score=NR} {line[NR]=$0}
                END {for (i = start; i <= NR; i++) print line[i]}' "$1"; }
report whole.out >whole.report

# Four shards at once, under GNU parallel.
parallel --will-cite --halt now,fail=1 -j4 "$match" "${run[@]}" --shard {}/4 --pgn shard{}.pgn --json shard{}.json \
    '>' shard{}.out ::: 1 2 3 4
"$match" merge -o all.json shard1.json shard2.json shard3.json shard4.json >merge.out
"$match" merge -o all.pgn shard1.pgn shard2.pgn shard3.pgn shard4.pgn >/dev/null
report merge.out >merge.report

if [ ! -s whole.report ] || ! diff -u whole.report merge.report; then
    echo "FAIL: the merged report differs from the whole run's"; fail=1
fi
# The same games: the moves, scores and results of each round (the Date and Site tags and the
# times in the evaluation comments may differ).
# Word by word, since the lines break where the comments' lengths put them; the whole run
# (one game at a time) wrote its games in round order, as the merge does.
strip() { grep -v -E '^\[(Date|Site) ' "$1" | sed -E 's/ [0-9]+([.][0-9]+)?s\}/}/g' | tr -s ' \n' '\n\n'; }
if ! diff <(strip whole.pgn) <(strip all.pgn) >/dev/null; then
    echo "FAIL: the merged PGN holds other games than the whole run's"; fail=1
fi
games=$(grep -c '^\[Round ' all.pgn || true)
[ "$games" = 8 ] || { echo "FAIL: the merged PGN holds $games games, not 8"; fail=1; }

if [ $fail -ne 0 ]; then echo "logs kept in $work"; exit 1; fi
cat merge.report
rm -rf "$work"
echo "PASS"
