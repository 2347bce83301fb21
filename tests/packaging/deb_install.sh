#!/usr/bin/env bash
# The Debian package as a user meets it (run as root, as CI does):
#  - `apt-get install ./shishi_<version>_amd64.deb` installs it, with the files where Debian
#    and XBoard look (/usr/games, the plugin entry and logo, man pages, docs, copyright);
#  - the plugin entry's command (line 2 of shishi.eng, a bare `shishi` as hachu.eng has
#    `hachu`) starts the engine with the PATH a normal user's login shell gets (/etc/profile);
#  - real XBoard, run by that user under Xvfb, plays a short game with the entry's command on
#    both sides;
#  - `man shishi` and `man shishi-match` print;
#  - `apt-get remove`, then `apt-get purge`, leave the file system as it was before.
# usage: deb_install.sh DEB VERSION
# Exit 77 (skipped) when not root or when xboard or xvfb-run is missing.
set -euo pipefail
deb=$(realpath "${1:?usage: $0 DEB VERSION}")
version=${2:?usage: $0 DEB VERSION}
if [ "$(id -u)" -ne 0 ]; then echo "SKIP: apt-get needs root"; exit 77; fi
if [ ! -x /usr/games/xboard ] || ! command -v xvfb-run >/dev/null || ! command -v man >/dev/null; then
  echo "SKIP: needs xboard, xvfb-run and man (man-db)"; exit 77
fi

fail=0
problem() { echo "FAIL: $*"; fail=1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-deb.XXXXXX")
chmod 755 "$work"
echo "working in $work"

# Everything a package may touch, listed (not /proc, /sys, /tmp, /run, homes, apt's caches;
# not the byte code Python caches beside its modules, which a test running beside this one may
# write).
snapshot() {
  local d
  for d in /usr /etc /opt /var/lib/dpkg/info /var/games; do if [ -e "$d" ]; then find "$d" -xdev; fi; done |
    grep -v '/__pycache__' | LC_ALL=C sort
}
apt() { DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@"; }

# A Shishi installed before (an earlier run that stopped half-way) goes first.
if dpkg-query -W -f='${Status}' shishi 2>/dev/null | grep -q installed; then apt purge shishi >/dev/null; fi
snapshot >"$work/before"

# 1. apt-get installs the local .deb; its dependencies come from the system's packages.
apt install "$deb" >"$work/apt-install.log" 2>&1 || { cat "$work/apt-install.log"; problem "apt-get install failed"; }
installed=$(dpkg-query -W -f='${Version}' shishi 2>/dev/null || true)
[ "$installed" = "$version" ] || problem "dpkg says version '$installed', expected $version"
for f in /usr/games/shishi /usr/games/shishi-match /usr/share/games/plugins/xboard/shishi.eng \
         /usr/share/games/plugins/logos/shishi.png /usr/share/man/man6/shishi.6.gz \
         /usr/share/man/man6/shishi-match.6.gz /usr/share/doc/shishi/copyright \
         /usr/share/doc/shishi/changelog.gz; do
  dpkg -L shishi | grep -qx "$f" || problem "the package does not hold $f"
done
[ "$(/usr/games/shishi --version)" = "Shishi $version" ] || problem "shishi --version: $(/usr/games/shishi --version)"
[ "$(/usr/games/shishi-match --version)" = "shishi-match $version" ] || problem "shishi-match --version: $(/usr/games/shishi-match --version)"

# 2. The plugin entry's command with a normal user's login PATH (nobody: not root, so
# /etc/profile gives the users' PATH, which has /usr/games).
entry=/usr/share/games/plugins/xboard/shishi.eng
command=$(sed -n 2p "$entry")
as_user() { runuser -u nobody -- env -i HOME="$work" TERM=dumb bash -lc "$1"; }
user_path=$(as_user 'echo "$PATH"')
echo "a user's PATH: $user_path; the entry's command: $command"
case ":$user_path:" in *:/usr/games:*) ;; *) problem "a user's PATH lacks /usr/games: $user_path" ;; esac
answer=$(printf 'xboard\nprotover 2\nquit\n' | as_user "$command" || true)
grep -q "myname=\"Shishi $version\"" <<<"$answer" || problem "the entry's command '$command' did not answer as Shishi $version: $answer"

# 3. Real XBoard, as that user, plays one short game with the entry's command on both sides (a
# draw adjudicated after 30 moves each, if nothing ends it before).
home="$work/home"
mkdir -p "$home"
chown nobody "$home"
set +e
runuser -u nobody -- env -i HOME="$home" TERM=dumb bash -lc "cd '$home' && timeout 300 xvfb-run -a xboard \
    -saveSettingsOnExit false -variant chu \
    -fcp '$command' -scp '$command' -matchGames 1 -timeControl 0:30 -timeIncrement 0.2 \
    -adjudicateDrawMoves 30 -autoCallFlag true -testClaims true -popupExitMessage false \
    -popupMoveErrors false -debug -nameOfDebugFile '$home/xboard.debug' -saveGameFile '$home/game.pgn'" \
    >"$work/xboard.out" 2>&1
status=$?
set -e
[ $status -eq 0 ] || problem "xboard exited with status $status (124: the game took over 300 s)"
if [ -s "$home/game.pgn" ]; then
  grep -E '^\[(White|Black|Result) ' "$home/game.pgn" | paste - - - || true
  grep -q "^\[White \"Shishi $version\"\]" "$home/game.pgn" || problem "the game's White is not Shishi $version"
  grep -q -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$home/game.pgn" || problem "the game did not finish with a result"
  if grep -n -i -E '\{[^}]*(illegal|false|forfeit|on time|crash|exited)[^}]*\}' "$home/game.pgn"; then
    problem "the game ended by an illegal move, a false claim, a flag or a crash"
  fi
else
  problem "XBoard wrote no game"; cat "$work/xboard.out"
fi

# 4. The man pages print.
for page in shishi shishi-match; do
  text=$(MANWIDTH=80 LC_ALL=C man "$page" 2>&1 | col -b || true)
  grep -q "^ *$page - " <<<"$text" || problem "man $page printed: $(head -5 <<<"$text")"
done

# 5. Removed, and purged, nothing of it is left.
apt remove shishi >"$work/apt-remove.log" 2>&1 || { cat "$work/apt-remove.log"; problem "apt-get remove failed"; }
snapshot >"$work/after-remove"
diff "$work/before" "$work/after-remove" >"$work/remove.diff" || { cat "$work/remove.diff"; problem "apt-get remove left the file system changed (above)"; }
apt purge shishi >"$work/apt-purge.log" 2>&1 || { cat "$work/apt-purge.log"; problem "apt-get purge failed"; }
snapshot >"$work/after-purge"
diff "$work/before" "$work/after-purge" >"$work/purge.diff" || { cat "$work/purge.diff"; problem "apt-get purge left the file system changed (above)"; }
if dpkg-query -W -f='${Status}' shishi 2>/dev/null | grep -q -v 'not-installed'; then
  problem "dpkg still knows shishi: $(dpkg-query -W -f='${Status}' shishi)"
fi

if [ $fail -ne 0 ]; then echo "logs kept in $work"; exit 1; fi
rm -rf "$work"
echo "PASS: shishi $version installed, started from XBoard's entry, played, printed its man pages, removed"
