#!/usr/bin/env bash
# The Windows build's match runner and engine under Wine (docs/windows.md):
#  1. shishi-match.exe plays the Windows Shishi against itself, one copy started from a folder
#     whose name holds a space, given with backslashes and quotes, its PGN written to such a path;
#  2. the Linux shishi-match plays the Windows Shishi (`wine shishi.exe`) against the Linux one.
# Both at fixed depth with a clock, two games each; every game must end on the board (no crash,
# no setup failure, no refused or illegal move).
# usage: windows_match.sh BUILD-WINDOWS-DIR LINUX-SHISHI LINUX-SHISHI-MATCH
set -euo pipefail
win=$(realpath "${1:?usage: $0 BUILD-WINDOWS-DIR LINUX-SHISHI LINUX-SHISHI-MATCH}")
linux_shishi=$(realpath "$2")
linux_match=$(realpath "$3")
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi win match.XXXXXX")
mkdir -p "$work/engine dir"
cp "$win/shishi.exe" "$work/engine dir/"
winpath() { echo "Z:$(sed 's|/|\\|g' <<<"$1")"; }  # Wine's drive Z: is the Unix root
fail=0
check() {  # check NAME OUTPUT-FILE PGN
    local name=$1 out=$2 pgn=$3
    local results
    results=$(grep -c -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$pgn" 2>/dev/null || true)
    if [ "$results" != 2 ]; then echo "FAIL: $name: $results of 2 games finished"; cat "$out"; fail=1; fi
    # (The refused-move counts are each name's last number: the names themselves hold digits.)
    if grep -n -i -E 'crash|could not be started|setup failure: [1-9]|illegal' "$out" "$pgn" ||
        grep '^Refused legal moves:' "$out" | grep -E ' [1-9][0-9]*(,|$)'; then
        echo "FAIL: $name: a game did not end on the board (see above)"; fail=1
    fi
}

out1="$work/windows-runner.out"
pgn1="$work/windows runner.pgn"
set +e
timeout 600 wine "$win/shishi-match.exe" \
    --first "\"$(winpath "$work/engine dir/shishi.exe")\"" --first-dir "$(winpath "$work/engine dir")" \
    --second "$(winpath "$win/shishi.exe")" --depth 2 --tc 60+1 --games 2 --pgn "$(winpath "$pgn1")" >"$out1" 2>&1
status=$?
set -e
[ $status -eq 0 ] || { echo "FAIL: shishi-match.exe exited with status $status"; fail=1; }
check "shishi-match.exe" "$out1" "$pgn1"

out2="$work/linux-runner.out"
pgn2="$work/linux runner.pgn"
set +e
timeout 600 "$linux_match" --first "wine '$win/shishi.exe'" --second "$linux_shishi" \
    --depth 2 --tc 60+1 --games 2 --pgn "$pgn2" >"$out2" 2>&1
status=$?
set -e
[ $status -eq 0 ] || { echo "FAIL: shishi-match (Linux) exited with status $status"; fail=1; }
check "Windows Shishi against Linux Shishi" "$out2" "$pgn2"

if [ $fail -ne 0 ]; then echo "logs kept in $work"; exit 1; fi
grep -h '^Score of' "$out1" "$out2" | tail -n 2
rm -rf "$work"
echo "PASS"
