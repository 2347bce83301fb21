#!/usr/bin/env bash
# shishi-match.exe's arg= engine words under Wine (docs/windows.md): each must reach the engine
# as one literal argument, byte for byte. shishi-match.exe plays one short game (depth 1, 3 moves
# each) in cutechess spelling between two Windows Shishis started with `arg=--Threads=1`; the
# first also gets `--EvalFile=WORD` for awkward words (a space, double quotes, a backslash before
# a quote, a trailing backslash, a single quote, a Japanese word, cmd.exe's & and |). No such net
# file exists, so the engine answers `info string command line --EvalFile: cannot open net file
# 'WORD' ...`, which the traffic log (-debug) shows: the words read back must be the words given.
# The game must end on the board (an argument that reached the engine quoted made it exit at
# once: a setup failure).
# usage: windows_engine_args.sh BUILD-WINDOWS-DIR
set -euo pipefail
win=$(realpath "${1:?usage: $0 BUILD-WINDOWS-DIR}")
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-engine-args.XXXXXX")
winpath() { echo "Z:$(sed 's|/|\\|g' <<<"$1")"; }  # Wine's drive Z: is the Unix root
exe=$(winpath "$win/shishi.exe")

words=(
    'two words'
    'say "hi" twice'
    'C:\dir\"x'
    'folder with space\'
    'back\\slashes\\'
    "O'Brien; echo X"
    '評価関数 棋士.bin'
    'a & b | c'
)
first=(-engine "cmd=$exe" proto=usi name=Awkward arg=--Threads=1)
for w in "${words[@]}"; do first+=("arg=--EvalFile=$w"); done
printf '%s\n' "${words[@]}" >"$work/expected"

fail=0
set +e
timeout 600 wine "$win/shishi-match.exe" "${first[@]}" -engine "cmd=$exe" proto=usi name=Plain arg=--Threads=1 \
    -each depth=1 -games 1 -maxmoves 3 -debug -pgnout "$(winpath "$work/game.pgn")" >"$work/out" 2>"$work/log"
status=$?
set -e
[ $status -eq 0 ] || { echo "FAIL: shishi-match.exe exited with status $status"; fail=1; }

results=$(grep -c -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$work/game.pgn" 2>/dev/null || true)
if [ "$results" != 1 ]; then echo "FAIL: $results of 1 game finished"; fail=1; fi
if grep -n -i -E 'crash|could not be started|setup failure: [1-9]|illegal' "$work/out" "$work/game.pgn"; then
    echo "FAIL: the game did not end on the board (see above)"; fail=1
fi

# The words as the engine saw them, once each (an engine restarted for a game says them again).
# shishi-match.exe writes its log in text mode, with Windows line ends.
prefix="< info string command line --EvalFile: cannot open net file '"
tr -d '\r' <"$work/log" | grep -F "$prefix" | sed -e "s/^.*$prefix//" -e "s/' (the net in use stays)\$//" |
    awk '!seen[$0]++' >"$work/got" || true
if ! diff "$work/expected" "$work/got"; then
    echo "FAIL: the engine's arguments (> above) are not the arg= words given (<)"; fail=1
fi

if [ $fail -ne 0 ]; then echo "output and traffic log kept in $work"; cat "$work/out"; exit 1; fi
rm -rf "$work"
echo "PASS: ${#words[@]} awkward words and --Threads=1 reached the engine as given; the game ended on the board"
