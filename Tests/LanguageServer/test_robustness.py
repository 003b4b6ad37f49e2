"""What a client should never be able to do to the server: malformed
messages, unknown methods, requests out of order, huge and binary files, a
file deleted while open. Each gets an error response or a log message, and
the server goes on. Spoken raw, byte by byte, to send what no well-behaved
client library would."""

import json
import os
import pathlib
import queue
import random
import subprocess
import threading
import time

import pytest

from conftest import EXECUTABLE, make_project


class RawClient:
    def __init__(self, root: pathlib.Path, env=None):
        self.process = subprocess.Popen(
            [EXECUTABLE, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=None if env is None else {**os.environ, **env}
        )
        self.root = root
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        """Every message the server writes, into `messages`; None at the end."""
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line == b"\r\n":
                    break
                name, value = line.decode().split(":", 1)
                headers[name.strip().lower()] = value.strip()
            self.messages.put(json.loads(stream.read(int(headers["content-length"]))))

    def write(self, raw: bytes):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, timeout: float = 30.0) -> dict:
        try:
            message = self.messages.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError("no message from the server in time")
        assert message is not None, f"the server ended: {self.process.stderr.read().decode()[-2000:]}"
        return message

    def until(self, predicate, timeout: float = 30.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.1, deadline - time.monotonic()))
            if predicate(message):
                return message

    def response(self, id) -> dict:
        return self.until(lambda message: message.get("id") == id and "method" not in message)

    def initialize(self):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": self.root.as_uri(), "capabilities": {}}})
        assert "capabilities" in self.response(1)["result"]
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def open(self, path: pathlib.Path, text: str):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": path.as_uri(), "languageId": "swift", "version": 1, "text": text}}})

    def diagnostics(self, path: pathlib.Path, timeout: float = 60.0) -> list:
        uri = path.as_uri()
        message = self.until(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout)
        return message["params"]["diagnostics"]

    def alive(self) -> bool:
        self.send({"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": (self.root / "App" / "main.swift").as_uri()}, "position": {"line": 0, "character": 0}}})
        self.response(99)
        return self.process.poll() is None

    def close(self) -> int:
        self.send({"jsonrpc": "2.0", "id": 100, "method": "shutdown"})
        self.response(100)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.process.wait(timeout=30)


@pytest.fixture
def raw(tmp_path):
    client = RawClient(make_project(tmp_path))
    yield client
    if client.process.poll() is None:
        client.process.kill()


def test_a_request_before_initialize_is_refused(raw):
    raw.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {}})
    assert raw.response(5)["error"]["code"] == -32002
    raw.initialize()
    assert raw.close() == 0


def test_malformed_messages_get_errors_and_the_server_goes_on(raw):
    raw.initialize()
    raw.write(b"Content-Length: 9\r\n\r\n{not json")
    error = raw.until(lambda m: "error" in m)
    assert error["error"]["code"] == -32700 and error["id"] is None
    raw.write(b"Content-Length: 3\r\n\r\n[1]")  # JSON, but no message
    assert raw.until(lambda m: "error" in m)["error"]["code"] == -32600
    raw.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/definition", "params": {}})
    unknown = raw.response(7)
    assert unknown["error"]["code"] == -32601
    assert "textDocument/definition" in unknown["error"]["message"]
    raw.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": {"position": {"line": 0, "character": 0}}})
    assert raw.response(8)["error"]["code"] == -32602
    assert raw.alive()
    assert raw.close() == 0


def test_huge_and_binary_files_do_not_stop_the_server(raw):
    raw.initialize()
    huge = raw.root / "App" / "Huge.swift"
    text = "".join(f"func f{n}() -> Int {{ return {n} }}\n" for n in range(20_000))  # 600 KB
    huge.write_text(text)
    raw.open(huge, text)
    assert raw.diagnostics(huge, timeout=120) == []
    binary = raw.root / "Pair" / "Binary.swift"
    noise = bytes(random.Random(7).randrange(256) for _ in range(20_000)).decode("latin-1")
    binary.write_text(noise, encoding="latin-1")
    raw.open(binary, noise)
    found = raw.diagnostics(binary, timeout=120)
    assert found and found[0]["code"] in ("syntax-error", "nesting-limit")
    assert raw.alive()
    assert raw.close() == 0


def test_a_file_deleted_while_open_is_analyzed_from_the_editors_text(raw):
    raw.initialize()
    reader = raw.root / "Pair" / "Reader.swift"
    text = reader.read_text()
    raw.open(reader, text)
    raw.diagnostics(reader)
    os.remove(reader)
    unprovided = "\nfunc bad() {\n  let scope = ImplicitScope()\n  defer { scope.end() }\n  tick(scope)\n}\n"
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": reader.as_uri(), "version": 2}, "contentChanges": [{"text": text + unprovided}]}})
    found = raw.diagnostics(reader)
    assert [d["message"] for d in found] == ["Unresolved requirement: Clock"]
    # Closed, the file is on disk no more: the module has no such file now.
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": reader.as_uri()}}})
    assert raw.diagnostics(reader) == []
    assert raw.alive()
    assert raw.close() == 0


def test_exit_without_shutdown_ends_with_status_one(raw):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.process.wait(timeout=30) == 1


def test_after_shutdown_only_exit_is_accepted(raw):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw.response(2)["result"] is None
    raw.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {}})
    assert raw.response(3)["error"]["code"] == -32600
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.process.wait(timeout=30) == 0


@pytest.mark.skipif("IMPLICITS" in os.environ, reason="the crash is injected in debug builds only")
def test_a_crash_of_an_analysis_does_not_take_the_server_down(tmp_path):
    # The debug build crashes (SIGSEGV) in the analysis of the module this names.
    raw = RawClient(make_project(tmp_path), env={"IMPLICITS_TEST_CRASH_IN_MODULE": "Pair"})
    try:
        raw.initialize()
        reader = raw.root / "Pair" / "Reader.swift"
        raw.open(reader, reader.read_text())
        found = raw.diagnostics(reader)
        assert len(found) == 1 and found[0]["severity"] == 1
        assert "the analysis of module 'Pair' crashed (signal 11, SIGSEGV)" in found[0]["message"]
        # Another module is analyzed by the server started again.
        main = raw.root / "App" / "main.swift"
        raw.open(main, main.read_text())
        assert raw.diagnostics(main) == []
        # A request whose analysis crashes gets an error, and the server goes on.
        raw.send({"jsonrpc": "2.0", "id": 20, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": (raw.root / "Pair" / "Caller.swift").as_uri()}, "position": {"line": 0, "character": 0}}})
        error = raw.response(20)["error"]
        assert error["code"] == -32803 and "crashed" in error["message"]
        assert raw.alive()
        # An edit of the crashed file gives it to the server again (and it crashes again, said again).
        raw.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": reader.as_uri(), "version": 2}, "contentChanges": [{"text": reader.read_text() + "\n"}]}})
        assert "crashed" in raw.diagnostics(reader)[0]["message"]
        assert raw.alive()
        assert raw.close() == 0
    finally:
        if raw.process.poll() is None:
            raw.process.kill()


def test_a_did_change_whose_range_is_not_one_is_ignored(raw):
    """A range with a negative line (which crashed the supervisor) or no
    text: the change is ignored and said in the log; a range past the end
    is clamped to it, as editors expect."""
    raw.initialize()
    caller = raw.root / "Pair" / "Caller.swift"
    text = caller.read_text()
    raw.open(caller, text)
    assert raw.diagnostics(caller) == []
    for version, change in enumerate([
        {"range": {"start": {"line": -2, "character": 0}, "end": {"line": -2, "character": 0}}, "text": "x"},
        {"range": {"start": {"line": 0, "character": -1}, "end": {"line": 0, "character": 0}}, "text": "x"},
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 2**31, "character": 0}}, "text": "x"},
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}},
    ], start=2):
        raw.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": caller.as_uri(), "version": version}, "contentChanges": [change]}})
        logged = raw.until(lambda m: m.get("method") == "window/logMessage")
        assert "didChange with a change that has no text or a range that is not one" in logged["params"]["message"]
    assert raw.alive()
    # Past the end: at the end. The text is the editor's, unchanged by what was ignored.
    unprovided = "\nfunc bad() {\n  let scope = ImplicitScope()\n  defer { scope.end() }\n  tick(scope)\n}\n"
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": caller.as_uri(), "version": 9}, "contentChanges": [{"range": {
            "start": {"line": 10**6, "character": 10**6}, "end": {"line": 10**6, "character": 10**6}}, "text": unprovided}]}})
    found = raw.diagnostics(caller)
    assert [d["message"] for d in found] == ["Unresolved requirement: Clock"]
    assert found[0]["range"]["start"]["line"] == (text + unprovided).splitlines().index("func bad() {") + 1
    assert raw.close() == 0


def test_a_request_whose_position_is_not_one_gets_an_error(raw):
    """A hover at line -1 (which crashed the server process) or a code
    action over a negative range: error -32602; positions past the end
    are answered (null: nothing is there)."""
    raw.initialize()
    caller = raw.root / "Pair" / "Caller.swift"
    raw.open(caller, caller.read_text())
    raw.diagnostics(caller)
    document = {"uri": caller.as_uri()}
    bad = [
        ("textDocument/hover", {"textDocument": document, "position": {"line": -1, "character": 0}}),
        ("textDocument/hover", {"textDocument": document, "position": {"line": 0, "character": -5}}),
        ("textDocument/hover", {"textDocument": document, "position": {"line": 1.5, "character": 0}}),
        ("textDocument/hover", {"textDocument": document}),
        ("textDocument/codeAction", {"textDocument": document, "context": {"diagnostics": []},
                                     "range": {"start": {"line": -5, "character": 0}, "end": {"line": 0, "character": 0}}}),
    ]
    for id, (method, params) in enumerate(bad, start=10):
        raw.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        error = raw.response(id)["error"]
        assert error["code"] == -32602 and "is not one" in error["message"], error
    raw.send({"jsonrpc": "2.0", "id": 30, "method": "textDocument/hover", "params": {
        "textDocument": document, "position": {"line": 10**6, "character": 10**6}}})
    assert raw.response(30)["result"] is None
    raw.send({"jsonrpc": "2.0", "id": 31, "method": "textDocument/hover", "params": {
        "textDocument": document, "position": {"line": 3, "character": 10**6}}})
    assert "error" not in raw.response(31)
    assert raw.alive()
    assert raw.close() == 0


def peak_memory_mb(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) // 1024
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the server's peak memory from /proc")
def test_a_huge_header_line_or_body_is_not_read_whole(raw):
    """A 64 MB header line and a 300 MB message (past the 256 MB limit) are
    dropped as they come: the server answers each with a parse error, its
    peak memory stays far below their size, and it goes on."""
    raw.initialize()
    chunk = b"a" * (1 << 20)
    raw.process.stdin.write(b"X-Padding: ")
    for _ in range(64):
        raw.process.stdin.write(chunk)
    raw.write(b"\r\n\r\n")
    error = raw.until(lambda m: "error" in m)
    assert error["error"]["code"] == -32700 and "a header line longer than 8 KB" in error["error"]["message"]
    raw.process.stdin.write(b"Content-Length: %d\r\n\r\n" % (300 << 20))
    for _ in range(300):
        raw.process.stdin.write(chunk)
    raw.process.stdin.flush()
    error = raw.until(lambda m: "error" in m)
    assert error["error"]["code"] == -32700 and "more than the 256 MB read" in error["error"]["message"]
    assert peak_memory_mb(raw.process.pid) < 120
    assert raw.alive()
    assert raw.close() == 0
