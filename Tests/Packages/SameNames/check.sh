#!/usr/bin/env bash
# Builds and runs App (two modules with same-named types, a bag, a scope
# through several layers), then checks that BrokenApp, which provides the
# app's Config where Core needs Core's, fails with the analyzer's diagnostic.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
scratch="${SCRATCH:-$here/.build}"
# shellcheck source=../swift-build.sh
source "$here/../swift-build.sh"

swift_build --package-path "$here" --scratch-path "$scratch" --product App
"$scratch/debug/App" > "$scratch/output.txt"
diff -u "$here/expected-output.txt" "$scratch/output.txt"
echo "same names: output as expected"

if swift_build --package-path "$here" --scratch-path "$scratch" --target BrokenApp > "$scratch/broken.txt" 2>&1; then
  echo "error: BrokenApp built although it does not provide Core.Config" >&2
  exit 1
fi
for expected in \
  "Sources/BrokenApp/main.swift:13:3: error: Unresolved requirement: Core.Config" \
  "note: 'fetch(_:_:)' of module 'Core' requires 'Core.Config', called here"; do
  if ! grep -qF "$expected" "$scratch/broken.txt"; then
    echo "error: BrokenApp failed without the expected diagnostic ($expected):" >&2
    cat "$scratch/broken.txt" >&2
    exit 1
  fi
done
echo "same names: BrokenApp is rejected with the diagnostic"
