#!/usr/bin/env bash
# The checked-in man pages (docs/man) are what scripts/man.py makes from the binaries' help,
# option and rule tables: made again into a temporary folder, they must not differ. On a
# difference, `bash scripts/man` makes them again. Also: man(1) formats both without warnings.
# usage: man_pages.sh SHISHI SHISHI_MATCH SOURCE_DIR
set -euo pipefail
shishi=$1 match=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$src/scripts/man.py" "$shishi" "$match" "$tmp" "$src/CHANGELOG.md"
status=0
for page in shishi.6 shishi-match.6; do
  if ! diff -u "$src/docs/man/$page" "$tmp/$page"; then
    echo "docs/man/$page differs from what the binaries print: run bash scripts/man and commit" >&2
    status=1
  fi
  # groff's warnings (bad requests, lines it cannot fill) are what lintian reports as errors.
  warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l "$tmp/$page" 2>&1 >/dev/null || true)
  if [ -n "$warnings" ]; then
    echo "$page: man reports: $warnings" >&2
    status=1
  fi
done
exit $status
