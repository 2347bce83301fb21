#!/usr/bin/env bash
# Engine options on the command line (`shishi --Threads=1`, `--Name value`), as Lishogi-Bot
# passes its engine_options, for both protocols; unknown ones refused with a message; the
# command-line tools unchanged.
# usage: command_line_options.sh COMMAND...   (the engine's command, e.g. `wine shishi.exe`)
set -uo pipefail
shishi=("${@:?usage: $0 COMMAND...}")
fail=0
expect() {  # expect NAME EXPECTED-LINE INPUT ARGS...
    local name=$1 want=$2 input=$3 out rc
    shift 3
    out=$(printf "$input" | timeout 60 "${shishi[@]}" "$@" 2>&1); rc=$?
    if [ $rc -ne 0 ]; then echo "FAIL: $name: exit status $rc"; echo "$out"; fail=1; return; fi
    if ! grep -qxF "$want" <<<"$out"; then echo "FAIL: $name: no line '$want' in:"; echo "$out"; fail=1; fi
}
expect "usi --Threads=1" 'option name Threads type spin default 1 min 1 max '"$(nproc)" 'usi\nquit\n' --Threads=1
expect "usi --Name value" 'option name Move_Overhead type spin default 250 min 0 max 60000' 'usi\nquit\n' \
    --Move_Overhead 250 --Threads=1
expect "usi --Name=value, then a search" 'readyok' 'usi\nisready\nposition startpos\ngo depth 1\nquit\n' \
    --USI_Hash=4 --Threads=1
expect "xboard --Name=value" 'feature option="Contempt -spin 7 -1000 1000"' 'xboard\nprotover 2\nquit\n' --Contempt=7
expect "perft unchanged" 'nodes 1296' '' perft 2
out=$(printf 'usi\nquit\n' | timeout 60 "${shishi[@]}" --NoSuchOption=1 2>&1); rc=$?
[ $rc -eq 2 ] || { echo "FAIL: unknown option: exit status $rc (want 2)"; fail=1; }
grep -qF "unknown engine option '--NoSuchOption'" <<<"$out" || { echo "FAIL: unknown option message: $out"; fail=1; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
