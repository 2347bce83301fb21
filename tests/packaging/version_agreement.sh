#!/usr/bin/env bash
# One version everywhere: project(shishi VERSION ...) in CMakeLists.txt (VERSION below) is what
# the binaries, CHANGELOG.md, the man pages, the npm package.json, the docs' engine examples, the
# artifact names in README.md and docs/install.md, and
# every artifact given say.
# usage: version_agreement.sh VERSION SOURCE_DIR SHISHI SHISHI_MATCH [ARTIFACT...]
#   ARTIFACT: shishi_V_amd64.deb, shishi-wasm-V.tgz, Shishi-V-windows.zip or shishi-V.tar.gz
set -euo pipefail
version=$1 src=$2 shishi=$3 match=$4
shift 4
fail=0
problem() { echo "FAIL: $*"; fail=1; }
same() { if [ "$2" = "$3" ]; then echo "ok   $1: $2"; else problem "$1 says '$2', expected '$3'"; fi; }

same "shishi --version" "$("$shishi" --version)" "Shishi $version"
same "shishi-match --version" "$("$match" --version)" "shishi-match $version"
same "USI id name" "$(printf 'usi\nquit\n' | "$shishi" | sed -n 's/^id name //p')" "Shishi $version"
same "CHANGELOG.md's latest release" "$(sed -n 's/^## \[\([0-9.]*\)\] - .*/\1/p' "$src/CHANGELOG.md" | head -1)" "$version"
for page in shishi.6 shishi-match.6; do
  same "docs/man/$page" "$(sed -n 's/^\.TH .* "Shishi \([^"]*\)" .*/\1/p' "$src/docs/man/$page")" "$version"
done
same "web/engine-package/package.json" "$(node -p "require('$src/web/engine-package/package.json').version")" "$version"
# docs/protocols.md shows the engine's own answers (myname, id name).
for v in $(grep -o -E 'Shishi [0-9]+\.[0-9]+\.[0-9]+' "$src/docs/protocols.md" | sort -u | cut -d' ' -f2); do
  same "docs/protocols.md" "$v" "$version"
done
# The install instructions name the artifacts of this version.
for f in README.md docs/install.md; do
  for v in $(grep -o -E '(shishi_|shishi-wasm-|shishi-|Shishi-)[0-9]+\.[0-9]+\.[0-9]+' "$src/$f" | sort -u | grep -o -E '[0-9]+\.[0-9]+\.[0-9]+$'); do
    same "$f's file names" "$v" "$version"
  done
done
# docs/analysis.md and its graph quote a recorded game (tests/data/records/xboard-shishi-vs-hachu.pgn,
# played by XBoard 4.9.1): the player is named as that record names it, the version that played.
player=$(sed -n 's/^\[White "\(.*\)"\]/\1/p' "$src/tests/data/records/xboard-shishi-vs-hachu.pgn")
for f in docs/analysis.md docs/analysis-example.svg; do
  for name in $(grep -o -E 'Shishi [0-9]+\.[0-9]+\.[0-9]+' "$src/$f" | sort -u | tr ' ' '_'); do
    same "$f (the record's player)" "${name/_/ }" "$player"
  done
done

for a in "$@"; do
  case "$a" in
    *.deb)
      same "$(basename "$a") file name" "$(basename "$a")" "shishi_${version}_amd64.deb"
      same "$(basename "$a") control Version" "$(dpkg-deb -f "$a" Version)" "$version" ;;
    *.tgz)
      same "$(basename "$a") file name" "$(basename "$a")" "shishi-wasm-$version.tgz"
      same "$(basename "$a") package.json" "$(tar -xOzf "$a" package/package.json | node -p 'JSON.parse(require("fs").readFileSync(0)).version')" "$version" ;;
    *.zip)
      same "$(basename "$a") file name" "$(basename "$a")" "Shishi-$version-windows.zip"
      same "$(basename "$a") README.txt" "$(python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.read(sys.argv[2]).decode().splitlines()[0])' "$a" "Shishi-$version-windows/README.txt")" "Shishi $version for Windows (64-bit)" ;;
    *.tar.gz)
      same "$(basename "$a") file name" "$(basename "$a")" "shishi-$version.tar.gz"
      same "$(basename "$a") CMakeLists.txt" "$(tar -xOzf "$a" "shishi-$version/CMakeLists.txt" | sed -n 's/^project(shishi VERSION \([0-9.]*\).*/\1/p')" "$version" ;;
    *) problem "unknown artifact $a" ;;
  esac
done
exit $fail
