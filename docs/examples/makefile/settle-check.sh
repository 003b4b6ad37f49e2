#!/usr/bin/env bash
# Checks that the Makefile settles: in a temporary copy, after a cold build
# and after each kind of edit, the first `make` does the work and a second
# one has nothing to do (`make -q` exits 0), without building the tool again.
# With IMPLICITS_FLAGS=--server, through a build server of its own, which
# must have reused a module's kept declarations by the end.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../../.." && pwd)"
work="$(mktemp -d)"
flags="${IMPLICITS_FLAGS:-}"
# The build server's socket lies in TMPDIR: this check's own server.
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
implicits="$repository/.build/debug/implicits"
trap '[[ -x "$implicits" ]] && "$implicits" build-server --stop > /dev/null 2>&1; rm -rf "$work"' EXIT
mkdir -p "$work/examples"
cp -R "$here" "$work/examples/makefile"
cp -R "$here/../showcase" "$work/examples/showcase"
rm -rf "$work/examples/makefile/build"
cd "$work/examples/makefile"
run() { make IMPLICITS_PACKAGE="$repository" IMPLICITS_FLAGS="$flags" "$@"; }

settled() {
  if ! run -q build/showcase; then
    echo "makefile example: not settled after $1; what make would still do:" >&2
    run -n build/showcase >&2 || true
    exit 1
  fi
  # The whole output first: `grep -q` stops at the first match, and make,
  # still writing, would die of SIGPIPE and fail the pipeline.
  local plan
  plan="$(run -n build/showcase 2>&1)"
  if grep -q "swift build" <<<"$plan"; then
    echo "makefile example: make would build the tool again after $1" >&2
    exit 1
  fi
  echo "makefile example: settled after $1"
}

run check > /dev/null
settled "a cold build"
run check > /dev/null 2>&1
sed -i 's/catalog has \\(listing.count) products/the catalog has \\(listing.count) products/' ../showcase/Catalog/Catalog.swift
run build/showcase > /dev/null
output="$(./build/showcase)"
grep -q "the catalog has 3 products" <<<"$output" || { echo "makefile example: the edit did not reach the program" >&2; exit 1; }
settled "a body-only edit"
sed -i 's/  @Implicit var logger: Logger/  @Implicit var logger: Logger\n  @Implicit var analytics: Analytics\n  analytics.track("log")/' ../showcase/Core/Logger.swift
run build/showcase > /dev/null
settled "an interface change"
touch ../showcase/App/main.swift
run build/showcase > /dev/null
settled "a touch without a change"
if [[ "$flags" == *--server* ]]; then
  status="$("$implicits" build-server --status)"
  reused="$(sed -n 's/.*, \([0-9]*\) reused its declarations/\1/p' <<<"$status")"
  if [[ -z "$reused" || "$reused" -lt 1 ]]; then
    echo "makefile example: the build server reused no module's declarations: $status" >&2
    exit 1
  fi
  echo "makefile example: through the build server, which reused $reused modules' declarations"
fi
