#!/usr/bin/env bash
# Neovim (Debian's package, headless, its built-in LSP client) opens the
# showcase, a line that provides a value is deleted in the buffer, and the
# diagnostic implicits lsp publishes is read back from Neovim.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
implicits="${IMPLICITS:-$root/.build/debug/implicits}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$root/docs/examples/showcase" "$work/project"
# The manifest the pytest-lsp tests use (its Pair module gets an empty file).
(cd "$here" && python3 -c "import conftest, pathlib; pathlib.Path('$work/project/implicits.yaml').write_text(conftest.MANIFEST)")
mkdir -p "$work/project/Pair" && : > "$work/project/Pair/Empty.swift"
nvim --version | head -n 1
IMPLICITS="$implicits" PROJECT="$work/project" OUT="$work/out.txt" \
  timeout 120 nvim --headless --clean -u NONE -c "luafile $here/neovim-check.lua"
result="$(cat "$work/out.txt")"
expected="8:3: implicits: Unresolved requirement: DiscountCard"
if [ "$result" != "$expected" ]; then
  echo "neovim check: expected '$expected', Neovim holds '$result'" >&2
  exit 1
fi
echo "neovim check: Neovim shows '$result' after the provide was deleted in its buffer"
