#!/usr/bin/env bash
# Builds the seed program, runs it, and compares what it prints with
# expected-output.txt. Exits non-zero, showing the diff, on any mismatch
# (including a program that stops before printing everything).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../swift-build.sh
source "$here/../swift-build.sh"
scratch="$here/.build"

swift_build --package-path "$here" --scratch-path "$scratch" --product SeedProgram

status=0
"$scratch/debug/SeedProgram" > "$scratch/output.txt" 2> "$scratch/stderr.txt" || status=$?
if ! diff -u "$here/expected-output.txt" "$scratch/output.txt"; then
  echo "seed program: output differs from expected-output.txt (see the diff above)" >&2
  if [ "$status" -ne 0 ]; then
    echo "seed program: exited with status $status; its standard error:" >&2
    head -n 20 "$scratch/stderr.txt" >&2
  fi
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "seed program: exited with status $status" >&2
  head -n 20 "$scratch/stderr.txt" >&2
  exit 1
fi
echo "seed program: output as expected"
