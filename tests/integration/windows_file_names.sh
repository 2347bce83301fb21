#!/usr/bin/env bash
# The Windows build under Wine reads and writes files with Japanese names (docs/windows.md):
#  1. shishi.exe converts 棋譜.kif into 棋譜.pgn and that back into 再変換.kif, byte for byte as
#     the Linux shishi converts them, and names a missing 無い.kif correctly in its error;
#  2. shishi-match.exe plays two games with an engine in the folder 棋士 (its working
#     directory, its stderr= file エラー.txt), openings from 定跡.txt, and writes 対局.pgn,
#     局面.epd, 結果.json (rewritten after each game) and 図.svg; each is read back;
#  3. mate --file 詰.txt, a net 網.nnue written and loaded (EvalFile, gensfen --eval-file),
#     gensfen --out 学習.sgames resumed and merged, shishi-match.exe merge -o 合併.json;
#  4. a KIF written to a console (a terminal, which Wine makes the console) shows its Japanese.
# usage: windows_file_names.sh BUILD-WINDOWS-DIR LINUX-SHISHI
set -euo pipefail
win=$(realpath "${1:?usage: $0 BUILD-WINDOWS-DIR LINUX-SHISHI}")
linux_shishi=$(realpath "${2:?usage: $0 BUILD-WINDOWS-DIR LINUX-SHISHI}")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-names.XXXXXX")
fail=0
failed() { echo "FAIL: $*"; fail=1; }
winpath() { echo "Z:$(sed 's|/|\\|g' <<<"$1")"; }  # Wine's drive Z: is the Unix root

cd "$work"
mkdir expected 棋士
cp "$source_dir/tests/data/records/lishogi-game.kif" 棋譜.kif
"$linux_shishi" convert 棋譜.kif expected/game.pgn >/dev/null
"$linux_shishi" convert expected/game.pgn expected/game.kif >/dev/null

# 1. Records named in Japanese, given relative to the working directory as a user types them.
wine "$win/shishi.exe" convert 棋譜.kif 棋譜.pgn >convert.out 2>&1 || failed "convert 棋譜.kif 棋譜.pgn: $(cat convert.out)"
cmp -s 棋譜.pgn expected/game.pgn || failed "棋譜.pgn is missing or differs from the Linux conversion"
wine "$win/shishi.exe" convert 棋譜.pgn 再変換.kif >convert.out 2>&1 || failed "convert 棋譜.pgn 再変換.kif: $(cat convert.out)"
cmp -s 再変換.kif expected/game.kif || failed "再変換.kif is missing or differs from the Linux conversion"
if wine "$win/shishi.exe" convert 無い.kif x.pgn >missing.out 2>&1; then failed "convert of a missing file succeeded"; fi
grep -q -F '無い.kif: cannot open' missing.out || failed "the error does not name 無い.kif: $(cat missing.out)"

# 2. A match whose every file has a Japanese name.
cp "$win/shishi.exe" 棋士/
sed -n 1,4p "$source_dir/data/openings.txt" >定跡.txt
set +e
timeout 600 wine "$win/shishi-match.exe" --first "$(winpath "$work/棋士/shishi.exe")" --first-dir 棋士 \
    --first-stderr 棋士/エラー.txt --second "$(winpath "$win/shishi.exe")" --depth 1 --games 2 --max-plies 30 \
    --openings 定跡.txt --pgn 対局.pgn --epd 局面.epd --json 結果.json --plot 図.svg >match.out 2>&1
status=$?
set -e
[ $status -eq 0 ] || failed "shishi-match.exe exited with status $status: $(cat match.out)"
games=$(grep -c -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' 対局.pgn 2>/dev/null || true)
[ "$games" = 2 ] || failed "対局.pgn holds $games finished games, not 2"
grep -q 'setup failure: [1-9]' match.out && failed "a game was lost to a setup failure: $(cat match.out)"
# Read back: the Windows and the Linux reader both take the second game, and agree.
wine "$win/shishi.exe" convert 対局.pgn 対局.kif --game 2 >convert.out 2>&1 || failed "convert 対局.pgn: $(cat convert.out)"
"$linux_shishi" convert 対局.pgn expected/match.kif --game 2 >/dev/null || failed "the Linux shishi cannot read 対局.pgn"
cmp -s 対局.kif expected/match.kif || failed "対局.kif is missing or differs from the Linux conversion of 対局.pgn"
[ "$(grep -c . 局面.epd 2>/dev/null)" = 2 ] || failed "局面.epd does not hold 2 positions"
python3 - 結果.json <<'PY' || failed "結果.json does not hold the 2 games"
import json, sys
games = json.load(open(sys.argv[1], encoding='utf-8'))['games']
sys.exit(0 if len(games) == 2 else 1)
PY
grep -q '<svg' 図.svg 2>/dev/null || failed "図.svg is missing or not an SVG"
[ -f 棋士/エラー.txt ] || failed "the engine's stderr file 棋士/エラー.txt was not created"

# 3. The other tools that open files by name, and the net file: shishi.exe mate --file 詰.txt,
# nnue-placeholder 網.nnue read back as EvalFile (command line and gensfen --eval-file), gensfen
# --out 学習.sgames (then resumed: it reads the file back) and gensfen-merge, shishi-match.exe
# merge -o 合併.json, and merge's refusal to take an existing 結果.json as its output.
printf '%s\n' '11k/9+e2/7N4/12/12/12/12/12/12/12/12/K11 b - 1' >詰.txt
wine "$win/shishi.exe" mate --file 詰.txt --nodes 10000 >mate.out 2>&1 || failed "mate --file 詰.txt: $(cat mate.out)"
grep -q -P 'line1\tmate in 1\t' mate.out || failed "mate --file 詰.txt found no mate: $(cat mate.out)"
wine "$win/shishi.exe" nnue-placeholder 網.nnue >net.out 2>&1 || failed "nnue-placeholder 網.nnue: $(cat net.out)"
[ -f 網.nnue ] || failed "nnue-placeholder did not write 網.nnue (but: $(ls | tr "\n" " "))"
printf 'usi\nquit\n' | wine "$win/shishi.exe" --EvalFile=網.nnue >usi.out 2>&1 || failed "--EvalFile=網.nnue: $(cat usi.out)"
grep -q -F 'option name EvalFile type string default 網.nnue' usi.out && ! grep -q -i 'cannot' usi.out ||
    failed "the engine did not load 網.nnue: $(cat usi.out)"
for run in 1 2; do
    wine "$win/shishi.exe" gensfen --out 学習.sgames --games 1 --depth 1 --max-plies 12 --eval nnue --eval-file 網.nnue \
        >gensfen.out 2>&1 || failed "gensfen --out 学習.sgames (run $run): $(cat gensfen.out)"
done
[ -f 学習.sgames ] || failed "gensfen did not write 学習.sgames (but: $(ls | tr "\n" " "))"
grep -q -F '1 of 1 games in 学習.sgames' gensfen.out || failed "gensfen did not resume 学習.sgames: $(cat gensfen.out)"
wine "$win/shishi.exe" gensfen-merge --out 合併.sgames 学習.sgames >gmerge.out 2>&1 ||
    failed "gensfen-merge --out 合併.sgames: $(cat gmerge.out)"
cmp -s 合併.sgames 学習.sgames || failed "合併.sgames (one shard of one game) differs from 学習.sgames"
cp 結果.json saved.json
if wine "$win/shishi-match.exe" merge 結果.json 合併.json >merge.out 2>&1 ||
    ! grep -q -F "'結果.json' exists and would be overwritten" merge.out; then
    failed "merge 結果.json ... was not refused: $(cat merge.out)"
fi
cmp -s 結果.json saved.json || failed "merge changed 結果.json"
wine "$win/shishi-match.exe" merge -o 合併.json 結果.json >merge.out 2>&1 || failed "merge -o 合併.json: $(cat merge.out)"
python3 - 合併.json <<'PY' || failed "合併.json does not hold the 2 games"
import json, sys
games = json.load(open(sys.argv[1], encoding='utf-8'))['games']
sys.exit(0 if len(games) == 2 else 1)
PY

# 4. The console shows UTF-8: Wine draws its console on the terminal `script` gives it, in the
# console's output code page (with cursor moves between the characters, removed here).
script -qec "wine '$win/shishi.exe' convert 棋譜.kif - --to kif" /dev/null </dev/null >console.out 2>&1 ||
    failed "convert 棋譜.kif - in a console: $(cat console.out)"
sed -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' console.out | grep -q '開始日時' ||
    failed "the console does not show the KIF's 開始日時: $(head -c 300 console.out | cat -v)"

if [ $fail -ne 0 ]; then echo "files kept in $work"; ls -la "$work"; exit 1; fi
rm -rf "$work"
echo "PASS"
