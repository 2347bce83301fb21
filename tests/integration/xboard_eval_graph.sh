#!/usr/bin/env bash
# Real XBoard (headless) draws its evaluation graph from the {score/depth time} comments of a
# PGN written by shishi-match (issue 28): a short game is played under XBoard's rules, loaded
# into XBoard with its Evaluation Graph window up, and the window's pixels are counted for the
# graph's two bar colours. The same game with its comments stripped is the control: it must
# draw no bars, so the bars come from the comments.
#
# usage: xboard_eval_graph.sh SHISHI SHISHI_MATCH
set -euo pipefail

shishi=$(realpath "${1:?usage: $0 SHISHI SHISHI_MATCH}")
match=$(realpath "${2:?usage: $0 SHISHI SHISHI_MATCH}")
xboard=$(command -v xboard || echo /usr/games/xboard)
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-xbgraph.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

"$match" --first "$shishi" --second "$shishi" --games 1 --depth 3 --rules xboard --max-plies 60 \
    --pgn game.pgn >match.out 2>&1 || { cat match.out; exit 1; }
grep -q '{[-+]\?[0-9.]*/3 ' game.pgn || { echo "FAIL: no evaluation comments in the PGN"; cat game.pgn; exit 1; }
perl -0pe 's/\{[^}]*\}//g' game.pgn >plain.pgn

# Inside the X server: XBoard loads the game; wait for the events (the game loaded, per the
# debug log; the graph window mapped), then capture the graph window until its bars appear or
# (the control) a few captures after loading. Prints the bar pixel count of the last capture.
cat >inside.sh <<'INNER'
#!/usr/bin/env bash
set -u
pgn=$1 want=$2 xboard=$3
"$xboard" -saveSettingsOnExit false -ncp -variant chu -lgf "$pgn" -lgi 1 -evalGraphUp true -evalGraphW 600 -evalGraphH 300 \
    -debug -nameOfDebugFile "$pgn.log" >"$pgn.out" 2>&1 &
pid=$!
bars=0 win=
for i in $(seq 1 1200); do   # a hung XBoard ends the loop after two minutes of polling
    kill -0 $pid 2>/dev/null || break
    if [ -z "$win" ]; then
        grep -q 'LoadGame(): on exit' "$pgn.log" 2>/dev/null && win=$(xdotool search --name '^Eval' 2>/dev/null | head -1)
        sleep 0.1; continue
    fi
    bars=$(xwd -id "$win" -silent 2>/dev/null | convert xwd:- -format %c histogram:info:- 2>/dev/null |
           awk '/#AD5D3D|#FFFFB0/ {n += $1} END {print n + 0}')
    [ "$want" = bars ] && [ "$bars" -ge 500 ] && break
    [ "$want" = none ] && [ "$i" -ge 40 ] && break
    sleep 0.1
done
kill $pid 2>/dev/null
echo "$bars ${win:-nowindow}"
INNER
chmod +x inside.sh
read -r with win1 < <(xvfb-run -a -s "-screen 0 1280x1024x24" ./inside.sh game.pgn bars "$xboard" 2>/dev/null)
read -r without win2 < <(xvfb-run -a -s "-screen 0 1280x1024x24" ./inside.sh plain.pgn none "$xboard" 2>/dev/null)
echo "graph bar pixels: $with with the comments, $without without"
[ "$win1" != nowindow ] && [ "$win2" != nowindow ] || { echo "FAIL: XBoard's Evaluation Graph window did not appear"; exit 1; }
grep -q IllegalMove game.pgn.log && { echo "FAIL: XBoard found an illegal move"; exit 1; }
[ "$with" -ge 500 ] || { echo "FAIL: XBoard drew no evaluation graph from the comments"; exit 1; }
[ "$without" -lt 50 ] || { echo "FAIL: the control without comments drew bars ($without pixels)"; exit 1; }
echo "XBoard drew the evaluation graph from shishi-match's comments"
