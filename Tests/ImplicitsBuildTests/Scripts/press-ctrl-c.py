"""Presses Ctrl-C on a pseudo-terminal, as a person at a terminal does.

    press-ctrl-c.py PRESSES WAIT_FOR DELAY COMMAND...

Runs COMMAND on a new pseudo-terminal (TERM=xterm), waits until its output
shows WAIT_FOR (or, for `file:PATH`, until the file PATH holds something:
an event the command makes) and DELAY seconds more, then types Ctrl-C
PRESSES times, 50 ms apart: the terminal
sends SIGINT to its foreground process group, as it does for a person.
Prints one JSON object: the exit status, the seconds from the first press
to the end, and everything the terminal showed.
"""
import json
import os
import pty
import select
import sys
import time

presses, wait_for, delay, command = int(sys.argv[1]), sys.argv[2].encode(), float(sys.argv[3]), sys.argv[4:]
pid, terminal = pty.fork()
if pid == 0:
    os.environ.update({"TERM": "xterm", "COLUMNS": "200", "NO_COLOR": ""})
    os.execv(command[0], command)

shown = b""


def arrived():
    if wait_for.startswith(b"file:"):
        path = wait_for[len(b"file:"):].decode()
        return os.path.exists(path) and os.path.getsize(path) > 0
    return wait_for in shown


pressed_at = None
status = None
deadline = time.time() + 300
while status is None and time.time() < deadline:
    ready, _, _ = select.select([terminal], [], [], 0.02)
    if ready:
        try:
            shown += os.read(terminal, 65536)
        except OSError:  # the terminal closed: the command ended
            pass
    if pressed_at is None and arrived():
        time.sleep(delay)
        pressed_at = time.time()
        for _ in range(presses):
            os.write(terminal, b"\x03")
            time.sleep(0.05)
    ended, raw = os.waitpid(pid, os.WNOHANG)
    if ended:
        status = os.waitstatus_to_exitcode(raw)
if status is None:
    os.kill(pid, 9)
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
seconds = time.time() - pressed_at if pressed_at else None
while True:
    ready, _, _ = select.select([terminal], [], [], 0.05)
    if not ready:
        break
    try:
        data = os.read(terminal, 65536)
    except OSError:
        break
    if not data:
        break
    shown += data
print(json.dumps({"status": status, "seconds": seconds, "output": shown.decode("utf-8", "replace")}))
