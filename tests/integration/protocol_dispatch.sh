#!/usr/bin/env bash
# The shishi binary picks its protocol from the first non-empty input line: `xboard` (or
# anything but `usi`, which is then XBoard's first command) starts the XBoard loop.
# CRLF line ends (a Windows host's) are accepted too.
# usage: protocol_dispatch.sh COMMAND...   (the engine's command, e.g. `wine shishi.exe`)
set -euo pipefail
shishi=("${@:?usage: $0 COMMAND...}")
fail=0
expect() {  # expect NAME INPUT EXPECTED-LINE
    local out
    out=$(printf "$2" | timeout 60 "${shishi[@]}" 2>&1) || { echo "FAIL: $1: exit status $?"; fail=1; return; }
    if ! grep -qxF "$3" <<<"$out"; then
        echo "FAIL: $1: no line '$3' in:"; echo "$out"; fail=1
    fi
}
expect "xboard greeting" 'xboard\nprotover 2\nquit\n' 'feature done=1'
expect "blank lines first" '\n  \nxboard\nping 3\n' 'pong 3'
expect "no greeting: the first line is an XBoard command" 'protover 2\n' 'feature done=1'
expect "no greeting, move error" 'new\nforce\nusermove a4a6\n' 'Illegal move (illegal move): a4a6'
expect "usi, CRLF" 'usi\r\nisready\r\nposition startpos\r\ngo depth 2\r\nquit\r\n' 'readyok'
# The move in the CRLF line is read (a '\r' left on it would make it illegal: bestmove resign).
out=$(printf 'usi\r\nposition startpos moves 9h9g\r\ngo depth 2\r\nquit\r\n' | timeout 60 "${shishi[@]}" 2>&1) || true
grep -qE '^bestmove [0-9]+[a-l][0-9]+[a-l]' <<<"$out" || { echo "FAIL: usi search, CRLF: no bestmove in:"; echo "$out"; fail=1; }
expect "xboard, CRLF" 'xboard\r\nprotover 2\r\nvariant chu\r\nnew\r\nforce\r\nusermove f4f5\r\nping 9\r\n' 'pong 9'
out=$(printf '' | timeout 60 "${shishi[@]}") || { echo "FAIL: empty input: exit status $?"; fail=1; }
[ -z "$out" ] || { echo "FAIL: empty input printed: $out"; fail=1; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
