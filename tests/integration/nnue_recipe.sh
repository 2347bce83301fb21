#!/usr/bin/env bash
# The NNUE recipe end to end, CI-sized (docs/nnue.md, "Recipe"): scripts/train-net run small with
# the given binary (round 0 of a few thousand positions, net 0, then each round N scored by net
# N-1 and net N trained on rounds 0 to N, up to net 4), then: every round's data and every net
# exist, the training loss of each net falls from its first epoch to its last, the engine loads
# net 4 (USI `eval` names its hash and description), and shishi-match plays 2 games between net 4
# and the hand evaluation at a fixed node count with no illegal or refused move. Everything
# happens in a fresh folder, removed at the end.
# usage: nnue_recipe.sh SHISHI SHISHI-MATCH
set -euo pipefail
shishi=$(realpath "${1:?usage: $0 SHISHI SHISHI-MATCH}")
match=$(realpath "${2:?usage: $0 SHISHI SHISHI-MATCH}")
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v parallel >/dev/null || { echo "FAIL: GNU parallel is not installed (scripts/deps.sh parallel)"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-nnue-recipe.XXXXXX")
trap 'rm -rf "$work"' EXIT
cache=$work/cache
fail() { echo "FAIL: $*"; exit 1; }

# 30 games at 256 nodes a move keep about 4,000 positions in round 0; round 1 plays 12 games,
# rounds 2 to 4 13 each.
echo "== scripts/train-net (small)"
SHISHI_BIN=$shishi SHISHI_NNUE_GAMES=30 SHISHI_NNUE_EPOCHS=3 SHISHI_NNUE_NODES=256 \
    bash "$root/scripts/train-net" "$cache" >"$work/train.log" 2>&1 \
    || { cat "$work/train.log"; fail "scripts/train-net failed (its output above)"; }

nets=(net0 net1 net2 net3 net4)
for i in "${!nets[@]}"; do
    for f in round$i/all.sgames net$i.nnue net$i-loss.csv net$i-loss.svg; do
        [ -s "$cache/$f" ] || { cat "$work/train.log"; fail "the recipe did not make $f"; }
    done
done
# Round 0 holds a few thousand positions (gensfen-merge: "N games, P positions from ...").
positions=$(grep -E "^[0-9]+ games, [0-9]+ positions from .*/round0/all.sgames" "$work/train.log" | awk '{print $3}' || true)
[ -n "$positions" ] && [ "$positions" -ge 2000 ] \
    || { cat "$work/train.log"; fail "round 0 holds ${positions:-no} positions, fewer than the 2000 the test means to train on"; }
echo "round 0: $positions positions"
for net in "${nets[@]}"; do
    grep -q '<svg' "$cache/$net-loss.svg" || fail "$net-loss.svg is not an SVG picture"
done

# The loss falls: each net's training loss in its last epoch is below its first epoch's
# (epoch,train_loss,validation_loss,seconds; epochs from 1).
for net in "${nets[@]}"; do
    csv=$cache/$net-loss.csv
    [ "$(head -1 "$csv")" = "epoch,train_loss,validation_loss,seconds" ] || fail "$net-loss.csv: unexpected header"
    read -r first_epoch first last_epoch last < <(awk -F, 'NR > 1 && $1 >= 1 {
        if (n == 0) { fe = $1; f = $2 } le = $1; l = $2; n++ } END { print fe, f, le, l }' "$csv")
    [ -n "$last" ] && [ "$last_epoch" -gt "$first_epoch" ] \
        || fail "$net-loss.csv holds fewer than 2 epochs: $(cat "$csv")"
    awk -v a="$first" -v b="$last" 'BEGIN { exit !(b < a) }' \
        || fail "$net's training loss did not fall: epoch $first_epoch $first, epoch $last_epoch $last"
    echo "$net: training loss $first (epoch $first_epoch) -> $last (epoch $last_epoch)"
done

# The engine loads the last net: `eval` names it (its hash from the file's header, its
# description), not the embedded net.
desc_len=$(od -An -tu4 -j32 -N4 "$cache/net4.nnue" | tr -d ' ')
hash=$(od -An -tx8 -j$((36 + desc_len)) -N8 "$cache/net4.nnue" | tr -d ' ')
echo "== USI eval with EvalFile net4.nnue (hash $hash)"
usi=$(printf 'usi\nsetoption name EvalFile value %s\nsetoption name Use_NNUE value true\nisready\nposition startpos\neval\nquit\n' \
    "$cache/net4.nnue" | "$shishi") || fail "the engine failed in the USI session (exit $?)"
line=$(grep '^info string evaluation' <<<"$usi" || true)
echo "$line"
grep -q -E "^info string evaluation -?[0-9]+ cp by nnue $hash net4: shishi train-net" <<<"$line" \
    || { echo "$usi"; fail "USI eval does not name net4.nnue (hash $hash, description net4: ...)"; }

# A match: net 4 against the hand evaluation, 2 games at 200 nodes a move.
echo "== shishi-match: net4 against the hand evaluation"
"$match" --engine name=net4 "cmd=$shishi" proto=usi "option.EvalFile=$cache/net4.nnue" option.Use_NNUE=true \
    --engine name=hand "cmd=$shishi" proto=usi option.Use_NNUE=false --nodes 200 --games 2 --max-plies 300 \
    --openings "$root/data/openings.txt" --pgn "$work/match.pgn" >"$work/match.out" 2>&1 \
    || { cat "$work/match.out"; fail "shishi-match failed"; }
sed -n '/^Terminations:/,$p' "$work/match.out"
games=$(grep -c '^\[Round ' "$work/match.pgn" || true)
[ "$games" = 2 ] || { cat "$work/match.out"; fail "the match PGN holds $games games, not 2"; }
grep -q -x 'Refused legal moves: net4 0, hand 0' "$work/match.out" \
    || { cat "$work/match.out"; fail "an engine refused a legal move"; }
# Every game ends by the rules, a resignation, an adjudication or the ply limit: not by an
# illegal move, a refusal, a false claim, a crash, a time forfeit or a failed setup.
bad=$(grep '^\[TerminationDetails ' "$work/match.pgn" \
    | grep -v -x -E '\[TerminationDetails "(rule|confirmed claim|resignation|max plies|score adjudication)"\]' || true)
[ -z "$bad" ] || { cat "$work/match.out"; fail "a game ended abnormally: $bad"; }
[ "$(grep -c '^\[TerminationDetails ' "$work/match.pgn")" = 2 ] || fail "the match PGN lacks a game's TerminationDetails"
echo "PASS"
