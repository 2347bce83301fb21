#!/usr/bin/env bash
# The two binaries as a user runs them: --version, input errors refused before any
# work with a non-zero exit, engine options spelled --move-overhead, and real Ctrl-C (SIGINT) on
# long jobs: `analyze` writes its partial annotated record, `divide` keeps the rows it printed.
# Every wait is for an event (a line in a file, a process exit), never for a guessed time.
#
# usage: command_line_errors.sh SHISHI SHISHI-MATCH
set -uo pipefail
shishi=$(realpath "${1:?usage: $0 SHISHI SHISHI-MATCH}")
match=$(realpath "${2:?usage: $0 SHISHI SHISHI-MATCH}")
game=$(cd "$(dirname "$0")/../data/records" && pwd)/xboard-shishi-vs-hachu.pgn
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
problem() { echo "FAIL: $*"; fail=1; }

# expect_exit NAME CODE PATTERN CMD...: CMD exits with CODE and prints PATTERN (stdout or stderr).
expect_exit() {
    local name=$1 want=$2 pattern=$3 out rc
    shift 3
    out=$(timeout 60 "$@" </dev/null 2>&1); rc=$?
    [ "$rc" -eq "$want" ] || problem "$name: exit status $rc (want $want): $out"
    grep -qF -- "$pattern" <<<"$out" || problem "$name: no '$pattern' in: $out"
}

# Waits (up to 5 minutes: a loaded machine) for FILE to hold a line matching PATTERN.
wait_for_line() {
    local i
    for i in $(seq 1 3000); do
        grep -q -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

expect_exit "shishi --version" 0 "Shishi " "$shishi" --version
expect_exit "shishi-match --version" 0 "shishi-match " "$match" --version
expect_exit "perft --help" 0 "usage: shishi perft" "$shishi" perft --help
expect_exit "bench --help" 0 "usage: shishi bench" "$shishi" bench --help
expect_exit "analyze --from xyz" 2 "--from takes kif, pgn or usi" "$shishi" analyze "$game" --from xyz --depth 1
expect_exit "convert --to xyz" 2 "--to takes kif, pgn or usi" "$shishi" convert "$game" x.kif --to xyz
[ -e x.kif ] && problem "convert --to xyz wrote x.kif"
expect_exit "analyze --out unwritable" 2 "/nonexistent/x.pgn: cannot write" \
    "$shishi" analyze "$game" --depth 30 --out /nonexistent/x.pgn
expect_exit "analyze --eval-file missing" 2 "cannot open net file '/nonexistent/x.nnue'" \
    "$shishi" analyze "$game" --depth 30 --eval-file /nonexistent/x.nnue
expect_exit "bad engine option value" 2 "engine option --Threads" "$shishi" --Threads=abc
expect_exit "--move-overhead" 0 "option name Move_Overhead type spin default 300" \
    bash -c "printf 'usi\nquit\n' | '$shishi' --move-overhead 300"
expect_exit "match --json unwritable" 1 "/nonexistent/r.json: cannot write" \
    "$match" --first /nonexistent/a --second /nonexistent/b --games 2 --tc 5 --pgn m.pgn --json /nonexistent/r.json
expect_exit "match -j 1000" 2 "(1..256 games at once)" \
    "$match" --first a --second b --games 2 --tc 5 --pgn m.pgn -j 1000

# Ctrl-C during analyze: after the first position, the partial annotated record and its summary.
"$shishi" analyze "$game" --nodes 300000 --hash 4 --out partial.pgn >summary.txt 2>progress.txt &
pid=$!
if wait_for_line progress.txt '^analysed 1/'; then
    kill -INT $pid
    wait $pid; rc=$?
    [ $rc -eq 130 ] || problem "analyze after Ctrl-C: exit status $rc (want 130)"
    grep -q '^interrupted: [0-9]* of [0-9]* positions analysed' summary.txt || problem "analyze: no interrupted line: $(cat summary.txt)"
    grep -q '^\[Annotator "Shishi analysis (evaluation: nnue ' partial.pgn || problem "analyze: no partial annotated record"
else
    kill $pid; problem "analyze printed no progress: $(cat progress.txt)"
fi

# Ctrl-C during divide: the rows counted so far are in the output file.
"$shishi" divide 5 >divide.txt 2>&1 &
pid=$!
if wait_for_line divide.txt '^[a-l][0-9]'; then
    kill -INT $pid
    wait $pid
    grep -q '^[a-l][0-9].* [0-9][0-9]*$' divide.txt || problem "divide: rows lost at Ctrl-C"
else
    kill $pid; problem "divide printed no row"
fi

[ $fail -eq 0 ] && echo "PASS"
exit $fail
