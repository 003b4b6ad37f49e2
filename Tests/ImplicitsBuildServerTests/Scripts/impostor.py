"""Another user's process at the build server's socket, for the tests of
the server's and its clients' checks. Run as a second user (setpriv).

    impostor.py serve SOCKET EVENTS   listen at SOCKET (its folder made,
                                      mode 0755, when missing); write
                                      "listening" to EVENTS, then
                                      "connected" for each client and
                                      "request" when it sent something,
                                      and answer each with escape
                                      sequences and exit status 0, as a
                                      hostile server would.
    impostor.py ask SOCKET            connect to SOCKET, ask for the
                                      server's status, and print one JSON
                                      object: whether it connected and how
                                      many bytes came back.

Frames as the build server's (u32 length, little-endian, then the
message): a request 3 is `status`; a message 2 is a progress line, 4 the
exit status.
"""
import json
import os
import socket
import struct
import sys


def frame(payload: bytes) -> bytes:
    return struct.pack("<I", len(payload)) + payload


def text(kind: int, value: str) -> bytes:
    data = value.encode()
    length = bytearray()
    count = len(data)
    while True:
        byte = count & 0x7F
        count >>= 7
        length.append(byte | (0x80 if count else 0))
        if not count:
            break
    return frame(bytes([kind]) + bytes(length) + data)


def note(events: str, line: str):
    with open(events, "a") as file:
        file.write(line + "\n")


def serve(path: str, events: str):
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        os.makedirs(folder)
        os.chmod(folder, 0o755)
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    os.chmod(path, 0o777)
    server.listen(8)
    note(events, "listening")
    while True:
        client, _ = server.accept()
        note(events, "connected")
        client.settimeout(2)
        try:
            if client.recv(65536):
                note(events, "request")
            client.sendall(text(2, "\x1b]0;owned\x07\x1b[2JPWNED by the impostor"))
            client.sendall(frame(bytes([4]) + struct.pack("<q", 0)))
        except OSError:
            pass
        client.close()


def ask(path: str):
    result = {"connected": False, "received": 0}
    client = socket.socket(socket.AF_UNIX)
    client.settimeout(30)
    try:
        client.connect(path)
        result["connected"] = True
        client.sendall(frame(bytes([3])))
        while True:
            data = client.recv(65536)
            if not data:
                break
            result["received"] += len(data)
    except OSError as error:
        result["error"] = str(error)
    print(json.dumps(result))


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3])
    else:
        ask(sys.argv[2])
