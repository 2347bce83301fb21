#!/usr/bin/env bash
# The shishi binary picks its protocol from the first non-empty input line: `xboard` (or
# anything but `usi`, which is then XBoard's first command) starts the XBoard loop.
set -euo pipefail
shishi=${1:?usage: $0 SHISHI}
fail=0
expect() {  # expect NAME INPUT EXPECTED-LINE
    local out
    out=$(printf "$2" | timeout 20 "$shishi" 2>&1) || { echo "FAIL: $1: exit status $?"; fail=1; return; }
    if ! grep -qxF "$3" <<<"$out"; then
        echo "FAIL: $1: no line '$3' in:"; echo "$out"; fail=1
    fi
}
expect "xboard greeting" 'xboard\nprotover 2\nquit\n' 'feature done=1'
expect "blank lines first" '\n  \nxboard\nping 3\n' 'pong 3'
expect "no greeting: the first line is an XBoard command" 'protover 2\n' 'feature done=1'
expect "no greeting, move error" 'new\nforce\nusermove a4a6\n' 'Illegal move (illegal move): a4a6'
out=$(printf '' | timeout 20 "$shishi") || { echo "FAIL: empty input: exit status $?"; fail=1; }
[ -z "$out" ] || { echo "FAIL: empty input printed: $out"; fail=1; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
