"""The module graph a build wrote (Plugins/CMake writes
`<build folder>/implicits/implicits.yaml`, the Bazel rule implicits_graph
`bazel-bin/implicits/implicits.yaml`): the server finds it from a source
file's folder, with no `implicits.yaml` in the source tree, says in its log
that it uses it, and checks the file's module.

IMPLICITS_BUILT_SOURCES names the folder that holds the showcase's module
folders (Core, Catalog, Checkout, App) of an example a build system built,
IMPLICITS_BUILT_GRAPH the graph that build wrote (docs/examples/cmake/check.sh
and .ci/bazel-check set them); without them, the test writes a graph of the
CMake form (absolute paths, `output-dir: .`) beside a copy of the showcase."""

import os
import pathlib
import shutil

import pytest_lsp
from lsprotocol import types as t
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import EXECUTABLE, ROOT, diagnostics_of, edit, open_file


def written_graph(base: pathlib.Path) -> pathlib.Path:
    shutil.copytree(ROOT / "docs" / "examples" / "showcase", base / "showcase")
    graph = base / "build" / "implicits"
    graph.mkdir(parents=True)
    source = lambda module, name: f'"{base / "showcase" / module / name}"'
    (graph / "implicits.yaml").write_text(
        "version: 1\noutput-dir: .\n"
        f'sources-root: "{base}"\n'
        "modules:\n"
        f"  - name: Core\n    sources: [{source('Core', 'Logger.swift')}, {source('Core', 'Network.swift')}]\n"
        f"  - name: Catalog\n    sources: [{source('Catalog', 'Catalog.swift')}]\n    dependencies: [Core]\n"
        f"  - name: Checkout\n    sources: [{source('Checkout', 'Checkout.swift')}]\n    dependencies: [Core]\n"
        f"  - name: App\n    sources: [{source('App', 'main.swift')}]\n    dependencies: [Catalog, Checkout, Core]\n"
    )
    return base / "showcase", graph / "implicits.yaml"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[EXECUTABLE, "lsp"]))
async def client(lsp_client: LanguageClient, request):
    if "IMPLICITS_BUILT_SOURCES" in os.environ:
        sources = pathlib.Path(os.environ["IMPLICITS_BUILT_SOURCES"])
        graph = pathlib.Path(os.environ["IMPLICITS_BUILT_GRAPH"])
    else:
        sources, graph = written_graph(request.getfixturevalue("tmp_path"))
    assert not (sources / "implicits.yaml").exists() and graph.is_file()
    lsp_client.sources, lsp_client.graph = sources, graph
    await lsp_client.initialize_session(
        t.InitializeParams(capabilities=t.ClientCapabilities(), root_uri=sources.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def test_the_graph_a_build_wrote_is_found_and_named(client: LanguageClient):
    main = client.sources / "App" / "main.swift"
    uri = open_file(client, main)
    assert await diagnostics_of(client, uri, lambda found: True) == []
    logged = [message.message for message in client.log_messages]
    assert f"implicits: using the module graph a build wrote: {client.graph}" in logged, logged
    lines = main.read_text().split("\n")
    card = next(number for number, line in enumerate(lines) if "@Implicit var card" in line)
    edit(client, uri, 2, (card, 0), (card + 1, 0), "")
    found = await diagnostics_of(client, uri, lambda found: len(found) == 1)
    assert found[0].message == "Unresolved requirement: DiscountCard"
    assert [info.message for info in found[0].related_information] == [
        "'checkout(_:_:)' of module 'Checkout' requires 'DiscountCard', called here"
    ]
