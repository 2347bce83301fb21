#!/usr/bin/env bash
# Real XBoard (under Xvfb) with Shishi's Tsume option in analysis mode: a mate problem of the
# suite (tests/data/mate/suite.tsv) loaded as a position, "Tsume=Sente mates" set through
# -firstOptions, -mode Analysis. Checks in XBoard's debug log that Shishi sends the mating line
# as its PV with XBoard's mate score (100000 + the mating side's moves, the royal capture
# included) and that nothing is refused; then walks the PV on XBoard's board (right button
# held): XBoard draws the position at the end of the line, so it parsed every move of it as
# legal. A nomate position of the suite must say "no mate found" in the thinking output.
# The screenshots stay in the folder given as second argument (the build folder).
#
# usage: xboard_tsume.sh SHISHI SHOT_DIR
# Exit 77 (skipped) when xboard, Xvfb, xdotool, xwd or ImageMagick's convert is missing.
set -euo pipefail

if [ "${1:-}" = "--inside-xvfb" ]; then
    shift
    shishi=$1 work=$2 xboard=$3 name=$4 fen=$5 want=$6
    log="$work/$name.debug"
    fail() { echo "FAIL ($name): $*"; echo "logs and screenshots kept in $work"; exit 1; }
    wait_log() {  # wait until the debug log has a line matching $1 (at most $2 s)
        for _ in $(seq 1 $(($2 * 10))); do grep -q -E "$1" "$log" 2>/dev/null && return 0; sleep 0.1; done
        return 1
    }
    # Board geometry of XBoard 4.9 at -size 49 (as in xboard_gui_highlights.sh).
    square=34; left=3; top=89
    x_of() { echo $((left + ($1 * square) + square / 2)); }      # file index 0 = a
    y_of() { echo $((top + ((12 - $1) * square) + square / 2)); } # rank 1..12
    shot() { xwd -root -silent | convert xwd:- "$work/$1"; }
    square_mean() {  # screenshot file rank: mean brightness of the square's inner part
        convert "$work/$1" -crop "24x24+$(($(x_of "$2") - 12))+$(($(y_of "$3") - 12))" -format "%[fx:int(mean*1000)]" info:
    }

    echo "$fen" >"$work/$name.fen"
    (cd "$work" && "$xboard" -saveSettingsOnExit false -evalGraphUp false -variant chu -fcp "$shishi" -fd "$work" \
        -lpf "$work/$name.fen" -size 49 -firstOptions "Tsume=Sente mates" -mode Analysis \
        -popupExitMessage false -popupMoveErrors false -debug -nameOfDebugFile "$log" >"$work/$name.out" 2>&1) &
    xb=$!
    trap 'kill $xb 2>/dev/null || true' EXIT
    wait_log ">first : option Tsume=Sente mates" 30 || fail "XBoard did not set the option Tsume"
    wait_log ">first : analyze" 30 || fail "XBoard did not enter analysis mode"
    setboard=$(grep -m1 ">first : setboard " "$log" | sed 's/.*setboard //')
    [ "${setboard%% *}" = "${fen%% *}" ] || fail "XBoard sent setboard '$setboard', not the problem's board"

    if [ "$want" = nomate ]; then
        wait_log "<first : 0 0 [0-9]+ [0-9]+ no mate found \(no forced mate\)" 60 ||
            fail "no 'no mate found' thinking line: $(grep '<first' "$log" | tail -3)"
        # The solver answers first; the normal search that follows may score its own (quiet) mates.
        first=$(grep -m1 -E "<first : [0-9]+ -?[0-9]+ [0-9]+ [0-9]+" "$log")
        [[ $first == *"no mate found (no forced mate)"* ]] || fail "the first thinking line is not the solver's: $first"
        echo "PASS ($name): XBoard's analysis shows 'no mate found (no forced mate)'"
        exit 0
    fi

    # The mating line: "<plies> <100000 + moves> <time> <nodes> <PV>", the PV as long as the depth.
    wait_log "<first : [0-9]+ 1[0-9]{5} " 60 || fail "no mate score in the thinking output: $(grep '<first' "$log" | tail -3)"
    read -r plies score _ _ pv < <(grep -m1 -E "<first : [0-9]+ 1[0-9]{5} " "$log" | sed 's/.*<first : //')
    read -r -a moves <<<"$pv"
    [ "${#moves[@]}" -eq "$plies" ] || fail "PV of ${#moves[@]} moves for depth $plies: $pv"
    [ $((plies % 2)) -eq 1 ] || fail "a mating line ends with the mating side's move, got $plies plies"
    [ "$score" -eq $((100000 + (plies + 1) / 2 + 1)) ] || fail "score $score for a mate in $plies plies"
    [ "$pv" = "$want" ] || fail "PV '$pv' is not the solver's line '$want' (shishi mate --rules xboard)"
    if grep -n -E "Illegal move|IllegalMove|<first : Error|Off-board move" "$log"; then fail "a move was refused"; fi

    # The Engine Output window covers the top of the board: move it aside, then draw the PV's end.
    eo=$(xdotool search --sync --name "Engine Output" | head -1) || fail "no Engine Output window"
    xdotool windowmove --sync "$eo" 430 0
    last=${moves[${#moves[@]} - 1]}      # e.g. c11d12: the square it lands on changes in the walk
    to=$(grep -oE '[a-l][0-9]+' <<<"$last" | tail -1); to_file=$(($(printf '%d' "'${to:0:1}") - 97)); to_rank=${to:1}
    shot start.png
    before=$(square_mean start.png "$to_file" "$to_rank")
    xdotool mousemove "$(x_of 6)" "$(y_of 6)" mousedown 3
    after=$before
    for _ in $(seq 1 100); do
        shot walk.png
        after=$(square_mean walk.png "$to_file" "$to_rank")
        [ "$after" != "$before" ] && break
        sleep 0.1
    done
    xdotool mouseup 3
    [ "$after" != "$before" ] || fail "XBoard's PV walk did not reach the line's last move $last (square $to unchanged)"
    # Released, the board shows the problem again: the first capture was of the drawn board, not
    # of the area the moved window left before XBoard redrew it.
    back=$after
    for _ in $(seq 1 100); do
        shot analysis.png
        back=$(square_mean analysis.png "$to_file" "$to_rank")
        [ "$back" = "$before" ] && break
        sleep 0.1
    done
    [ "$back" = "$before" ] || fail "after the PV walk square $to is not as before it ($back, $before)"
    echo "PASS ($name): mate in $plies plies shown as PV with score $score; XBoard walks it to $last"
    exit 0
fi

shishi=$(realpath "${1:?usage: $0 SHISHI SHOT_DIR}")
shots=$(realpath "${2:?usage: $0 SHISHI SHOT_DIR}")
find_tool() { command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true; }
xboard=$(find_tool xboard)
for t in xvfb-run xdotool xwd; do
    command -v "$t" >/dev/null || { echo "SKIP: needs $t"; exit 77; }
done
[ -n "$xboard" ] || { echo "SKIP: needs xboard"; exit 77; }
[ -x /usr/bin/convert ] || { echo "SKIP: needs ImageMagick's convert"; exit 77; }
export PATH=/usr/bin:$PATH  # ImageMagick's convert, not a stand-in earlier in PATH
suite=$(dirname "$0")/../data/mate/suite.tsv
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-xboard-tsume.XXXXXX")
mkdir -p "$shots"

# A suite problem as an XBoard FEN (the board field is the same; SFEN's b is XBoard's w) and the
# solver's line for it under XBoard's rules, the rules XBoard's session uses.
problem() { awk -F'\t' -v id="$1" '$1 == id {print $5}' "$suite"; }
to_fen() {
    local board side
    read -r board side _ <<<"$1"
    if [ "$side" = b ]; then echo "$board w - - 0 1"; else echo "$board b - - 0 1"; fi
}
# USI moves to XBoard's: 12c -> a10; a double move's three squares become two legs.
usi_to_xboard() {
    perl -ne 'sub sq { my ($f, $r) = $_[0] =~ /(\d+)([a-l])/; chr(ord("a") + 12 - $f) . (12 - (ord($r) - ord("a"))) }
        print join(" ", map { my $p = /\+$/ ? "+" : ""; my @s = /(\d+[a-l])/g;
            @s == 3 ? sq($s[0]) . sq($s[1]) . "," . sq($s[1]) . sq($s[2]) : sq($s[0]) . sq($s[1]) . $p } split), "\n"'
}
status=0
for spec in MSM-D84:mate prince-escapes:nomate; do
    id=${spec%%:*} kind=${spec#*:}
    sfen=$(problem "$id"); [ -n "$sfen" ] || { echo "FAIL: $id is not in $suite"; exit 1; }
    fen=$(to_fen "$sfen")
    want=nomate
    if [ "$kind" = mate ]; then
        # The solver's line from the command line under XBoard's rules, in XBoard's notation.
        want=$("$shishi" mate --fen "$fen" --rules xboard --hash 16 | awk -F'\t' 'NR == 1 && $2 ~ /^mate/ {print $3}' | usi_to_xboard)
        [ -n "$want" ] || { echo "FAIL: shishi mate finds no mate for $id"; exit 1; }
    fi
    timeout 180 xvfb-run -a -s "-screen 0 1280x1024x24" bash "$0" --inside-xvfb "$shishi" "$work" "$xboard" "$id" "$fen" "$want" ||
        { status=$?; break; }
done
cp "$work"/*.png "$shots"/ 2>/dev/null || true
[ $status -eq 0 ] && rm -rf "$work"
exit $status
