#!/usr/bin/env python3
"""A scripted engine for the match runner's tests: speaks XBoard or USI, plays the moves it is
given in order (ignoring the position) and misbehaves on request at its N-th move.

  fake_engine.py xboard|usi --moves "h4h5 e4e5 ..." [misbehaviour options]

Misbehaviours (N counts this engine's own turns in the current game from 1):
  --illegal-at N [--illegal TEXT]  answer with an illegal move (default a1a12)
  --crash-at N                     exit without answering
  --stall-at N                     never answer (and ignore everything, even quit)
  --flood-at N                     write endless lines that are not moves
  --flood-after N                  after its N-th move, flood while the opponent thinks
  --exit-after N                   exit right after its N-th move (dies while the opponent thinks)
  --hold-input-after N [--hold-ms MS]  after its N-th move, fill its own input pipe (Linux) and
                                   read nothing for MS ms (default 1000), so the host's next
                                   lines to it wait in a blocked write for that long
  --exit-on-new                    exit when told of a new game (XBoard new, USI usinewgame)
  --no-pong                        never answer ping (XBoard) or isready after the handshake (USI)
  --refuse-at N                    call the opponent's N-th move illegal ("Illegal move: ...")
  --claim-at N [--claim RESULT]    claim a result instead of moving (default 1-0)
  --resign-at N                    resign
  --resign-in-game G               resign at its first turn of its G-th game (counting new / usinewgame)
  --delay-ms MS                    think this long before every move
  --score CP                       report this score (own view) before every move
  --no-handshake                   never finish the handshake (no features / no usiok)
  --split-legs                     send a multi-leg XBoard move as one `move` line per leg
  --name NAME                      name announced in the handshake
  --log FILE                       append every line it receives to FILE
  --no-reuse                       (xboard) ask not to be reused between games: feature reuse=0
  --ponder "P1 P2 ..."             (usi) its N-th bestmove predicts the reply PN (`-`: none):
                                   `bestmove X ponder PN`. A `go ponder` is answered only after
                                   `ponderhit` (with its next move) or `stop` (with --ponder-answer)
  --ponder-answer TEXT             the bestmove of a stopped ponder search (default a1a12, illegal:
                                   a host that takes it for a real answer forfeits the game)
  --ponder-early                   answer `go ponder` at once with --ponder-answer, before any
                                   ponderhit or stop (as an engine whose ponder search ends early)
  --option NAME                    advertise a string option NAME (repeatable)
  --complain                       answer an option it does not advertise with a complaint (USI
                                   `info string unknown option 'N'`, XBoard `Error (unknown option): N`)
  --argv-log FILE                  write its arguments that are none of these to FILE, as a JSON list
When the move list runs out it resigns.
"""
import argparse
import os
import signal
import sys
import threading
import time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("protocol", choices=["xboard", "usi"])
    ap.add_argument("--moves", default="")
    ap.add_argument("--illegal-at", type=int, default=0)
    ap.add_argument("--illegal", default="a1a12")
    ap.add_argument("--crash-at", type=int, default=0)
    ap.add_argument("--stall-at", type=int, default=0)
    ap.add_argument("--flood-at", type=int, default=0)
    ap.add_argument("--refuse-at", type=int, default=0)
    ap.add_argument("--flood-after", type=int, default=0)
    ap.add_argument("--exit-after", type=int, default=0)
    ap.add_argument("--hold-input-after", type=int, default=0)
    ap.add_argument("--hold-ms", type=int, default=1000)
    ap.add_argument("--exit-on-new", action="store_true")
    ap.add_argument("--no-pong", action="store_true")
    ap.add_argument("--claim-at", type=int, default=0)
    ap.add_argument("--claim", default="1-0")
    ap.add_argument("--resign-at", type=int, default=0)
    ap.add_argument("--resign-in-game", type=int, default=0)
    ap.add_argument("--delay-ms", type=int, default=0)
    ap.add_argument("--score", type=int, default=None)
    ap.add_argument("--no-handshake", action="store_true")
    ap.add_argument("--split-legs", action="store_true")
    ap.add_argument("--name", default="Fake")
    ap.add_argument("--log", default=None)
    ap.add_argument("--no-reuse", action="store_true")
    ap.add_argument("--ponder", default="")
    ap.add_argument("--ponder-answer", default="a1a12")
    ap.add_argument("--ponder-early", action="store_true")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--complain", action="store_true")
    ap.add_argument("--argv-log", default=None)
    a, extra = ap.parse_known_args()
    if a.argv_log:
        import json
        with open(a.argv_log, "w") as f:
            f.write(json.dumps(extra))
    elif extra:
        ap.error("unrecognized arguments: " + " ".join(extra))
    moves = a.moves.split()
    predictions = a.ponder.split()
    state = {"turn": 0, "received": 0, "playing": False, "game": 0}

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def stall():
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(1)

    def fill_input():
        # The write end of our own stdin pipe, filled with comment lines (read and ignored later):
        # the host's next write to us blocks until we read again. Filled before the move is
        # sent, so the host cannot have written its next request already.
        fd = os.open("/proc/self/fd/0", os.O_WRONLY | os.O_NONBLOCK)
        try:
            while True:
                os.write(fd, b"# hold\n")  # one short line a write: atomic, never cut in two
        except BlockingIOError:
            pass
        os.close(fd)

    def my_turn():
        state["turn"] += 1
        n = state["turn"]
        if a.delay_ms:
            time.sleep(a.delay_ms / 1000.0)
        if n == a.crash_at:
            sys.exit(3)
        if n == a.stall_at:
            stall()
        if n == a.flood_at:
            while True:
                out("flood " * 50)
        if a.score is not None:
            if a.protocol == "xboard":
                out("1 %d 0 10 x" % a.score)
            else:
                out("info depth 1 score cp %d nodes 10 pv x" % a.score)
        if n == a.claim_at:
            out(a.claim + " {fake claim}" if a.protocol == "xboard" else "bestmove win")
            return
        if n == a.resign_at or n > len(moves) and n != a.illegal_at or (n == 1 and state["game"] == a.resign_in_game):
            out("resign" if a.protocol == "xboard" else "bestmove resign")
            return
        move = a.illegal if n == a.illegal_at else moves[n - 1]
        if n == a.hold_input_after:
            fill_input()
        if a.protocol == "usi":
            state["last"] = (state.get("last") or []) + [move]
            guess = predictions[n - 1] if n <= len(predictions) else "-"
            out("bestmove " + move + ("" if guess == "-" else " ponder " + guess))
        elif a.split_legs and "," in move:
            legs = move.split(",")
            for leg in legs[:-1]:
                out("move " + leg + ",")
            out("move " + legs[-1])
        else:
            out("move " + move)
        if n == a.exit_after:
            sys.stdout.flush()
            os._exit(4)
        if n == a.hold_input_after:
            time.sleep(a.hold_ms / 1000.0)  # the input was filled before the move went out
        if n == a.flood_after:
            def flood():
                try:
                    while True:
                        out("flood " * 50)
                except (BrokenPipeError, OSError, ValueError):
                    pass
            threading.Thread(target=flood, daemon=True).start()

    log = open(a.log, "a", buffering=1) if a.log else None
    for raw in sys.stdin:
        if log:
            log.write(raw if raw.endswith("\n") else raw + "\n")
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if a.no_handshake:
            continue
        if cmd == "quit":
            return
        if a.protocol == "xboard":
            if cmd == "protover":
                for name in a.option:
                    out('feature option="%s -string x"' % name)
                out('feature myname="%s" usermove=1 ping=1 setboard=1 memory=1 sigint=0%s done=1'
                    % (a.name, " reuse=0" if a.no_reuse else ""))
            elif cmd == "option" and a.complain:
                text = raw.rstrip("\r\n")
                name = text.split(" ", 1)[1].split("=", 1)[0] if " " in text else ""
                if name not in a.option:
                    out("Error (unknown option): " + name)
            elif cmd == "ping":
                if not a.no_pong:
                    out("pong " + (words[1] if len(words) > 1 else ""))
            elif cmd == "new":
                if a.exit_on_new:
                    os._exit(5)
                state.update(turn=0, received=0, playing=False, game=state["game"] + 1)
            elif cmd == "force":
                state["playing"] = False
            elif cmd == "go":
                state["playing"] = True
                my_turn()
            elif cmd == "usermove":
                state["received"] += 1
                if state["received"] == a.refuse_at:
                    out("Illegal move: " + words[1])
                    continue
                if state["playing"]:
                    my_turn()
        else:
            if cmd == "usi":
                out("id name " + a.name)
                out("option name USI_Hash type spin default 16 min 1 max 1024")
                for name in a.option:
                    out("option name %s type string default x" % name)
                out("usiok")
            elif cmd == "setoption" and a.complain:
                text = raw.rstrip("\r\n")
                name = text.split(" name ", 1)[1].split(" value ", 1)[0] if " name " in text else ""
                if name not in a.option and name not in ("USI_Hash", "USI_Ponder"):
                    out("info string unknown option '%s'" % name)
            elif cmd == "usinewgame":
                if a.exit_on_new:
                    os._exit(5)
                state.update(turn=0, received=0, last=None, desync=False, pondering=False, ready=state.get("ready", 0), game=state["game"] + 1)
            elif cmd == "isready":
                state["ready"] = state.get("ready", 0) + 1
                if not a.no_pong or state["ready"] == 1:
                    out("readyok")
            elif cmd == "position":
                # Each position must be the previous one plus this engine's move and the reply:
                # a host that forgets a move gets an illegal answer.
                played = words[words.index("moves") + 1:] if "moves" in words else []
                last = state.get("last")
                state["desync"] = last is not None and played[:len(last)] != last
                state["last"] = played
            elif cmd == "go" and "ponder" in words:
                # The position ends with the predicted reply: it is taken back on a miss.
                if a.ponder_early:
                    out("bestmove " + a.ponder_answer)
                    state["last"] = state["last"][:-1]
                else:
                    state["pondering"] = True
            elif cmd == "ponderhit" and state.get("pondering"):
                state["pondering"] = False
                my_turn()
            elif cmd == "stop" and state.get("pondering"):
                state["pondering"] = False
                state["last"] = state["last"][:-1]
                out("bestmove " + a.ponder_answer)
            elif cmd == "go":
                if state.get("desync"):
                    out("bestmove zz99")
                    continue
                my_turn()

if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
