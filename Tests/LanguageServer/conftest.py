"""The language server under pytest-lsp: a real client (pygls) starts
`implicits lsp` and speaks the protocol to it. IMPLICITS names the
executable (default: the repository's debug build)."""

import asyncio
import os
import pathlib
import shutil

import pytest_lsp
from lsprotocol import types as t
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXECUTABLE = os.environ.get("IMPLICITS", str(ROOT / ".build" / "debug" / "implicits"))

MANIFEST = """version: 1
modules:
  - name: Core
    sources: [Core]
  - name: Catalog
    sources: [Catalog]
    dependencies: [Core]
  - name: Checkout
    sources: [Checkout]
    dependencies: [Core]
  - name: App
    sources: [App]
    dependencies: [Core, Catalog, Checkout]
  - name: Pair
    sources: [Pair]
"""

# A module of two files: what one file's function reads, the other's scope
# must provide.
PAIR_READER = """import Implicits

public final class Clock {
  public init() {}
}

func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock
  _ = clock
}
"""

PAIR_CALLER = """import Implicits

func run() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var clock = Clock()
  tick(scope)
}
"""


def make_project(base: pathlib.Path) -> pathlib.Path:
    """The showcase's four modules and a two-file module, with a manifest."""
    project = base / "project"
    shutil.copytree(ROOT / "docs" / "examples" / "showcase", project)
    (project / "Pair").mkdir()
    (project / "Pair" / "Reader.swift").write_text(PAIR_READER)
    (project / "Pair" / "Caller.swift").write_text(PAIR_CALLER)
    (project / "implicits.yaml").write_text(MANIFEST)
    return project


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[EXECUTABLE, "lsp"]))
async def client(lsp_client: LanguageClient, request):
    project = make_project(request.getfixturevalue("tmp_path"))
    lsp_client.project = project
    await lsp_client.initialize_session(
        t.InitializeParams(
            capabilities=t.ClientCapabilities(),
            root_uri=project.as_uri(),
            workspace_folders=[t.WorkspaceFolder(uri=project.as_uri(), name="project")],
        )
    )
    yield
    await lsp_client.shutdown_session()


async def diagnostics_of(client: LanguageClient, uri: str, condition, timeout: float = 30.0):
    """The diagnostics of `uri` once `condition` holds for them."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        current = client.diagnostics.get(uri)
        current = None if current is None else list(current)
        if current is not None and condition(current):
            return current
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise AssertionError(f"no diagnostics of {uri} as expected; last: {current!r}")
        try:
            await asyncio.wait_for(client.wait_for_notification("textDocument/publishDiagnostics"), remaining)
        except asyncio.TimeoutError:
            pass


def open_file(client: LanguageClient, path: pathlib.Path, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        t.DidOpenTextDocumentParams(
            text_document=t.TextDocumentItem(uri=uri, language_id="swift", version=version, text=path.read_text())
        )
    )
    return uri


def edit(client: LanguageClient, uri: str, version: int, start: tuple, end: tuple, text: str):
    """One incremental change: `text` in place of the range from `start` to `end` (line, character)."""
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                t.TextDocumentContentChangePartial(
                    range=t.Range(start=t.Position(*start), end=t.Position(*end)), text=text
                )
            ],
        )
    )
