"""Hover and code actions, through a real client."""

from lsprotocol import types as t
from pytest_lsp import LanguageClient

from conftest import diagnostics_of, edit, open_file


def position_of(path, fragment, offset=0):
    for number, line in enumerate(path.read_text().split("\n")):
        if fragment in line:
            return t.Position(line=number, character=line.index(fragment) + offset)
    raise AssertionError(f"{fragment!r} not in {path}")


async def opened(client, path):
    """Opens `path` and waits for its first diagnostics; its URI."""
    uri = open_file(client, path)
    await diagnostics_of(client, uri, lambda found: True)
    return uri


async def code_actions(client, uri, found):
    """The code actions on the range of the first of `found`, with them as context."""
    return await client.text_document_code_action_async(
        t.CodeActionParams(
            text_document=t.TextDocumentIdentifier(uri=uri),
            range=found[0].range,
            context=t.CodeActionContext(diagnostics=found),
        )
    )


async def hover(client, path, uri, fragment, offset):
    """The hover `offset` characters into the first `fragment` of `path`."""
    return await client.text_document_hover_async(
        t.HoverParams(text_document=t.TextDocumentIdentifier(uri=uri), position=position_of(path, fragment, offset))
    )


async def test_hover_on_a_call_says_what_it_requires_and_from_which_module(client: LanguageClient):
    main = client.project / "App" / "main.swift"
    found = await hover(client, main, await opened(client, main), "checkout([", 2)
    assert found is not None
    text = found.contents.value
    assert text.startswith("`checkout(_:_:)` requires:")
    assert "- `DiscountCard` (module `Checkout`)" in text
    assert "- `Logger` (module `Core`)" in text


async def test_hover_on_a_declaration_and_on_a_scope(client: LanguageClient):
    reader = client.project / "Pair" / "Reader.swift"
    declaration = await hover(client, reader, await opened(client, reader), "tick(", 1)
    assert declaration.contents.value == "`tick(_:)` requires:\n\n- `Clock` (module `Pair`)"
    caller = client.project / "Pair" / "Caller.swift"
    scope = await hover(client, caller, open_file(client, caller), "let scope", 4)
    assert scope.contents.value == "This root scope provides:\n\n- `Clock` (module `Pair`)"


async def test_a_quick_fix_adds_the_missing_provide_after_the_scope(client: LanguageClient):
    main = client.project / "App" / "main.swift"
    uri = await opened(client, main)
    card = position_of(main, "@Implicit var card").line
    edit(client, uri, 2, (card, 0), (card + 1, 0), "")
    found = await diagnostics_of(client, uri, lambda found: len(found) == 1)
    actions = await code_actions(client, uri, found)
    assert [action.title for action in actions] == ["Provide 'DiscountCard' in this scope"]
    change = actions[0].edit.changes[uri][0]
    assert change.new_text == "  @Implicit var discountCard: DiscountCard = <#value#>\n"
    # After `defer { scope.end() }`, the line below the scope.
    assert change.range.start == t.Position(line=found[0].range.start.line + 2, character=0)


async def test_a_quick_fix_writes_the_key_for_a_key_path_to_another_modules_named_key(client: LanguageClient):
    main = client.project / "App" / "main.swift"
    uri = await opened(client, main)
    line = position_of(main, "@Implicit(ImplicitsKeys.apiBaseURL)").line
    text = main.read_text().split("\n")[line]
    typed = text.replace("ImplicitsKeys.apiBaseURL", "\\.apiBaseURL")
    edit(client, uri, 2, (line, 0), (line, len(text)), typed)
    found = await diagnostics_of(client, uri, lambda found: len(found) == 1)
    assert found[0].code == "cross-module-key-path"
    assert found[0].severity == t.DiagnosticSeverity.Warning
    actions = await code_actions(client, uri, found)
    assert [action.title for action in actions] == ["Replace with 'ImplicitsKeys.apiBaseURL'"]
    change = actions[0].edit.changes[uri][0]
    start = typed.index("\\.apiBaseURL")
    assert change.range == t.Range(
        start=t.Position(line=line, character=start), end=t.Position(line=line, character=start + len("\\.apiBaseURL"))
    )
    assert change.new_text == "ImplicitsKeys.apiBaseURL"
    # Applied, the warning is gone.
    edit(client, uri, 3, (change.range.start.line, change.range.start.character),
         (change.range.end.line, change.range.end.character), change.new_text)
    assert await diagnostics_of(client, uri, lambda found: found == []) == []


async def test_the_quick_fix_for_a_missing_named_key_writes_the_key_itself(client: LanguageClient):
    main = client.project / "App" / "main.swift"
    uri = await opened(client, main)
    line = position_of(main, "@Implicit(ImplicitsKeys.apiBaseURL)").line
    edit(client, uri, 2, (line, 0), (line + 1, 0), "")
    found = await diagnostics_of(client, uri, lambda found: len(found) == 1)
    actions = await code_actions(client, uri, found)
    assert len(actions) == 1, [action.title for action in actions]
    change = actions[0].edit.changes[uri][0]
    assert change.new_text == "  @Implicit(ImplicitsKeys.apiBaseURL) var apiBaseURL = <#value#>\n"
