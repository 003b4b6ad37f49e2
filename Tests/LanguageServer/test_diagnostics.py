"""Diagnostics while typing, through a real client."""

from lsprotocol import types as t
from pytest_lsp import LanguageClient

from conftest import diagnostics_of, edit, open_file


def line_of(path, fragment):
    for number, line in enumerate(path.read_text().split("\n")):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in {path}")


async def test_removing_a_provide_gives_the_error_with_its_chain_and_restoring_it_clears_it(client: LanguageClient):
    main = client.project / "App" / "main.swift"
    uri = open_file(client, main)
    assert await diagnostics_of(client, uri, lambda found: True) == []
    card = line_of(main, "@Implicit var card")
    removed = main.read_text().split("\n")[card] + "\n"
    edit(client, uri, 2, (card, 0), (card + 1, 0), "")
    found = await diagnostics_of(client, uri, lambda found: len(found) == 1)
    error = found[0]
    assert error.message == "Unresolved requirement: DiscountCard"
    assert error.code == "unresolved-requirement"
    assert error.source == "implicits"
    assert error.severity == t.DiagnosticSeverity.Error
    assert error.range.start == t.Position(line=line_of(main, "let scope = ImplicitScope()"), character=2)
    notes = [info.message for info in error.related_information]
    assert notes == ["'checkout(_:_:)' of module 'Checkout' requires 'DiscountCard', called here"]
    assert error.related_information[0].location.uri == uri
    # The same message the command line prints.
    edit(client, uri, 3, (card, 0), (card, 0), removed)
    assert await diagnostics_of(client, uri, lambda found: found == []) == []


async def test_an_edit_in_one_file_is_reported_in_the_other(client: LanguageClient):
    reader = client.project / "Pair" / "Reader.swift"
    caller = client.project / "Pair" / "Caller.swift"
    uri = open_file(client, reader)
    caller_uri = caller.as_uri()
    await diagnostics_of(client, caller_uri, lambda found: found == [])
    # The reader now also reads a String: the caller's scope does not provide it.
    line = line_of(reader, "@Implicit var clock: Clock")
    edit(client, uri, 2, (line + 1, 0), (line + 1, 0), "  @Implicit var label: String\n")
    found = await diagnostics_of(client, caller_uri, lambda found: len(found) == 1)
    assert found[0].message == "Unresolved requirement: String"
    assert found[0].range.start.line == line_of(caller, "let scope = ImplicitScope()")
    # Undone: the caller's file is clean again.
    edit(client, uri, 3, (line + 1, 0), (line + 2, 0), "")
    await diagnostics_of(client, caller_uri, lambda found: found == [])


async def test_a_file_outside_every_module_gets_one_informational_message(client: LanguageClient):
    loose = client.project / "Scratch.swift"
    loose.write_text("let x = 1\n")
    uri = open_file(client, loose)
    found = await diagnostics_of(client, uri, lambda found: len(found) == 1)
    assert found[0].severity == t.DiagnosticSeverity.Information
    assert "does not check this file" in found[0].message
