#!/usr/bin/env python3
"""Ctrl-C (SIGINT) during a search, for any build of the programs (the Windows build runs under
Wine, which turns SIGINT into the console's Ctrl-C event).

usage: interrupt.py engine COMMAND...   Shishi searching `go infinite` ends at once
       interrupt.py match COMMAND...    shishi-match stops, says so and exits with status 130
Every wait is for an event (a line, an exit) with a generous limit, never a guessed sleep."""
import signal
import subprocess
import sys
import threading
import time

LIMIT = 60  # seconds for each awaited event; Wine's first start in a prefix is slow


def wait_for_line(proc, want, seen):
    deadline = time.monotonic() + LIMIT
    found = threading.Event()

    def reader():
        for line in proc.stdout:
            seen.append(line.rstrip("\r\n"))
            if want(seen[-1]):
                found.set()
                return

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    return found.wait(max(0.0, deadline - time.monotonic()))


def main():
    mode, command = sys.argv[1], sys.argv[2:]
    seen = []
    if mode == "engine":
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        proc.stdin.write("usi\r\nisready\r\nposition startpos\r\ngo infinite\r\n")
        proc.stdin.flush()
        if not wait_for_line(proc, lambda l: l.startswith("info depth 2"), seen):
            print("FAIL: no search output:", seen)
            proc.kill()
            return 1
    else:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if not wait_for_line(proc, lambda l: l.startswith("Match:"), seen):
            print("FAIL: the match did not start:", seen)
            proc.kill()
            return 1
    proc.send_signal(signal.SIGINT)
    try:
        rc = proc.wait(LIMIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        print("FAIL: still running", LIMIT, "s after Ctrl-C")
        return 1
    rest = proc.stdout.read() if proc.stdout else ""
    seen += rest.splitlines()
    if mode == "engine":
        if rc == 0:
            print("FAIL: Ctrl-C during a search ended Shishi with status 0")
            return 1
    else:
        if rc != 130 or not any(l.startswith("Interrupted:") for l in seen):
            print("FAIL: shishi-match after Ctrl-C: status", rc, "output:", "\n".join(seen))
            return 1
    print("PASS: Ctrl-C during a search, status", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
