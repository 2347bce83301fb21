#!/usr/bin/env bash
# A whole game through Shishi's USI loop, every move checked against shogiops, lishogi's own
# rules package (usi_vs_shogiops.mjs). shogiops is installed with npm into the build folder.
# Usage: usi_vs_shogiops.sh <shishi> <folder for node_modules>
set -euo pipefail
exe=$1
dir=$2
command -v node >/dev/null || { echo "node is missing (scripts/test installs nodejs)"; exit 1; }
command -v npm >/dev/null || { echo "npm is missing (scripts/test installs npm)"; exit 1; }
mkdir -p "$dir"
if [ ! -f "$dir/node_modules/shogiops/package.json" ]; then
  npm install --prefix "$dir" --no-audit --no-fund --no-save shogiops@0.18.0 >/dev/null
fi
node "$(dirname "$0")/usi_vs_shogiops.mjs" "$exe" "$dir/node_modules"
