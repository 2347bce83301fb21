#!/usr/bin/env bash
# lishogi's analysis-board KIF, made by the real shogiops package from npm: the records are
# written again (tests/lishogi/shogiops_kif.mjs) and must equal the fixtures checked in
# (tests/data/records/shogiops-*.kif), so a change in shogiops's format shows here; then Shishi
# reads them, writes them back in the client's layout byte for byte, and analyses the game with
# the Lion double capture on the last move's square from its first move to its last.
#
# usage: shogiops_kif.sh SHISHI NODE_DIR   (NODE_DIR: where shogiops is installed, e.g. in build/)
set -euo pipefail

shishi=$(realpath "${1:?usage: $0 SHISHI NODE_DIR}")
node_dir=${2:?usage: $0 SHISHI NODE_DIR}
src=$(cd "$(dirname "$0")/.." && pwd)
data="$src/data/records"
for tool in node npm; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/test installs nodejs and npm)"; exit 1; }
done

mkdir -p "$node_dir"
cd "$node_dir"
[ -f package.json ] || printf '{ "private": true, "type": "module" }\n' > package.json
npm install --no-audit --no-fund --silent shogiops@latest >npm.log 2>&1 || { cat npm.log; echo "FAIL: npm could not install shogiops"; exit 1; }
echo "shogiops $(node -p 'require("./node_modules/shogiops/package.json").version')"
cp "$src/lishogi/shogiops_kif.mjs" .
rm -rf out && mkdir out
node shogiops_kif.mjs out

fail=0
problem() { echo "FAIL: $*"; fail=1; }
for f in shogiops-lion-on-last-square.kif shogiops-setup-gote.kif; do
    cmp -s "$data/$f" "out/$f" || problem "shogiops writes $f differently now: $(diff "$data/$f" "out/$f" | head -8)"
    "$shishi" convert "out/$f" "out/back-$f" --kif-style lishogi-client >/dev/null 2>err.txt || problem "$f does not read: $(cat err.txt)"
    cmp -s "out/$f" "out/back-$f" || problem "$f written back in the client's layout differs: $(diff "out/$f" "out/back-$f" | head -5)"
done

# The game analyses from the first move to the last: 6 moves of the first player, 5 of the second.
if "$shishi" analyze out/shogiops-lion-on-last-square.kif --depth 2 --out out/annotated.kif >summary.txt 2>err.txt; then
    grep -q '^First player (White, sente), alice: 6 moves' summary.txt || problem "not every first-player move analysed: $(cat summary.txt)"
    grep -q '^Second player (Black, gote), bob: 5 moves' summary.txt || problem "not every second-player move analysed: $(cat summary.txt)"
    grep -q '^   5手目二歩目 8五獅子 （←9五）' out/annotated.kif || problem "the annotated record lost the double capture"
else
    problem "analyze failed: $(cat err.txt)"
fi

[ $fail -eq 0 ] || exit 1
echo "PASS: shogiops's KIF records read, write back and analyse"
