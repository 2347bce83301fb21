#!/usr/bin/env bash
# Real XBoard with its window (under Xvfb), driven by mouse clicks as a user plays: picks up a
# Lion, checks the marks XBoard draws from Shishi's `highlight` (screenshot pixels), puts it on
# the cyan square of a capture, checks the second-step marks, completes the double move and
# waits for Shishi's answer. Fails with a message on any difference.
#
# usage: xboard_gui_highlights.sh SHISHI
# Exit 77 (skipped) when xboard, Xvfb, xdotool, xwd or ImageMagick's convert is missing
# (scripts/test installs them).
set -euo pipefail

if [ "${1:-}" = "--inside-xvfb" ]; then
    shift
    shishi=$1 work=$2 xboard=$3
    log="$work/xboard.debug"
    fail() { echo "FAIL: $*"; echo "logs and screenshots kept in $work"; exit 1; }
    # Board geometry of XBoard 4.9 at -size 49 in a 1280x1024 screen: square size and the
    # centre of a1 (checked below: the first click must lift the square meant).
    square=34; left=3; top=89
    x_of() { echo $((left + ($1 * square) + square / 2)); }      # file index 0 = a
    y_of() { echo $((top + ((12 - $1) * square) + square / 2)); } # rank 1..12
    click() { xdotool mousemove "$(x_of "$1")" "$(y_of "$2")" click 1; }
    pixel() { convert "$work/$1" -format "%[pixel:p{$(x_of "$2"),$(y_of "$3")}]" info:; }
    shot() { xwd -root -silent | convert xwd:- "$work/$1"; }
    wait_log() {  # wait until the debug log has a line matching $1 (at most $2 s)
        for _ in $(seq 1 $(($2 * 10))); do grep -q -E "$1" "$log" 2>/dev/null && return 0; sleep 0.1; done
        return 1
    }
    expect_colour() {  # file rank colour-name screenshot
        local got; got=$(pixel "$4" "$1" "$2") || fail "cannot read the screenshot $4"
        local want
        case $3 in yellow) want="srgb(255,255,0)" ;; cyan) want="srgb(0,255,255)" ;; red) want="srgb(255,0,0)" ;; esac
        if [ "$3" = "none" ]; then
            case $got in "srgb(255,255,0)"|"srgb(0,255,255)"|"srgb(255,0,0)") fail "square $1,$2 of $4 is marked ($got), expected no mark" ;; esac
        else
            [ "$got" = "$want" ] || fail "square $1,$2 of $4 is $got, expected $3 $want"
        fi
    }

    echo "11k/12/12/12/12/12/5p6/5N6/12/12/12/K11 w - - 0 1" > "$work/lion.fen"
    (cd "$work" && "$xboard" -saveSettingsOnExit false -evalGraphUp false -variant chu -fcp "$shishi" -fd "$work" -lpf "$work/lion.fen" -size 49 \
        -tc 5 -popupExitMessage false -popupMoveErrors false -debug -nameOfDebugFile "$log" \
        >"$work/xboard.out" 2>&1) &
    xb=$!
    trap 'kill $xb 2>/dev/null || true' EXIT
    wait_log "accepted highlight" 30 || fail "Shishi's features (highlight=1) never reached XBoard"
    sleep 2  # the window maps after the engine's features

    # 1. Pick up the Lion on f5: moves in yellow, the Pawn on f6 in cyan (capture and go on).
    click 5 5
    wait_log "<first : highlight" 10 || fail "no highlight answer to the first click"
    grep -q ">first : lift f5" "$log" || fail "the click did not lift f5 (board geometry differs?): $(grep 'lift' "$log" | head -1)"
    sleep 0.5
    shot lift.png
    expect_colour 5 6 cyan lift.png
    expect_colour 5 7 yellow lift.png
    expect_colour 7 7 yellow lift.png   # h7, two squares away
    expect_colour 4 4 yellow lift.png
    expect_colour 5 9 none lift.png

    # 2. Put it on f6: XBoard sends put f6 then lift f6; the second step's marks replace the first.
    click 5 6
    wait_log ">first : lift f6" 10 || fail "XBoard sent no lift after the put on the cyan square"
    sleep 0.5
    shot second-step.png
    expect_colour 5 6 red second-step.png      # stop on f6 after the capture
    expect_colour 5 5 red second-step.png      # back to f5 (igui)
    expect_colour 5 7 yellow second-step.png
    expect_colour 7 7 none second-step.png     # out of reach of the second step

    # 3. Complete the double move on f7; Shishi (Black) answers.
    click 5 7
    wait_log "f5f6,f6f7" 10 || fail "XBoard did not send the double move f5f6,f6f7"
    wait_log "<first : move " 30 || fail "Shishi did not answer the double move"
    if grep -n -E "Illegal move|<first : Error" "$log"; then fail "a move was refused"; fi
    echo "PASS: lift, cyan first step, second-step marks and the double move in XBoard's window"
    exit 0
fi

shishi=$(realpath "${1:?usage: $0 SHISHI}")
find_tool() { command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true; }
xboard=$(find_tool xboard)
for t in xvfb-run xdotool xwd; do
    command -v "$t" >/dev/null || { echo "SKIP: needs $t"; exit 77; }
done
[ -n "$xboard" ] || { echo "SKIP: needs xboard"; exit 77; }
[ -x /usr/bin/convert ] || { echo "SKIP: needs ImageMagick's convert"; exit 77; }
export PATH=/usr/bin:$PATH  # ImageMagick's convert, not a stand-in earlier in PATH
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-xboard-gui.XXXXXX")
status=0
timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" bash "$0" --inside-xvfb "$shishi" "$work" "$xboard" || status=$?
[ $status -eq 0 ] && rm -rf "$work"
exit $status
