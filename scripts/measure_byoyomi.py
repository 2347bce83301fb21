#!/usr/bin/env python3
"""Byoyomi spend of a USI engine: plays a game against itself under `go btime 0 wtime 0
byoyomi B` and reports, per move, the wall time from sending `go` to reading `bestmove`.

usage: scripts/measure_byoyomi.py [engine] [--moves N] [--byoyomi MS] [--overhead MS] [--hash MB]
The limit checked is byoyomi - overhead (the Move Overhead option); exit status 1 if any move
went over it."""
import argparse
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine", nargs="?", default="build/shishi")
    ap.add_argument("--moves", type=int, default=100)
    ap.add_argument("--byoyomi", type=int, default=1000)
    ap.add_argument("--overhead", type=int, default=None, help="Move Overhead to set (default: the engine's)")
    ap.add_argument("--hash", type=int, default=16)
    a = ap.parse_args()

    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            if line.startswith(prefix):
                return line.strip()

    send("usi")
    overhead = a.overhead
    while True:
        line = until("")
        if line.startswith("option name Move_Overhead") and overhead is None:
            overhead = int(line.split(" default ")[1].split()[0])
        if line == "usiok":
            break
    send(f"setoption name USI_Hash value {a.hash}")
    if a.overhead is not None:
        send(f"setoption name Move Overhead value {a.overhead}")
    send("isready")
    until("readyok")
    send("usinewgame")
    moves, spent = [], []
    for _ in range(a.moves):
        send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        t0 = time.monotonic()
        send(f"go btime 0 wtime 0 byoyomi {a.byoyomi}")
        best = until("bestmove").split()[1]
        spent.append((time.monotonic() - t0) * 1000)
        if best == "resign":
            break
        moves.append(best)
    send("quit")
    p.wait(timeout=10)
    limit = a.byoyomi - overhead
    s = sorted(spent)
    print(f"moves {len(spent)}  byoyomi {a.byoyomi} ms  overhead {overhead} ms  limit {limit} ms")
    print(f"spent ms: min {s[0]:.1f}  median {s[len(s) // 2]:.1f}  max {s[-1]:.1f}")
    over = [x for x in spent if x > limit]
    print(f"moves over the limit: {len(over)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
