#!/usr/bin/env bash
# Builds and runs the Ninja example in a temporary copy, then checks that
# Ninja redoes exactly what it must: nothing on a no-op; the analysis file
# written again, and the module analyzed, when a source file is added; one analysis edge
# and no dependent's after a body-only edit; the dependents' after a change
# of what a public function requires; and a failure with the analyzer's
# diagnostic when a provide is removed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../../.." && pwd)"
tool="$repository/.build/debug/implicits"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/examples"
cp -R "$here" "$work/examples/ninja"
cp -R "$here/../showcase" "$work/examples/showcase"
rm -rf "$work/examples/ninja/build" "$work/examples/ninja/implicits.ninja" "$work/examples/ninja"/.ninja_*
sed -i "s|^package = .*|package = $repository|" "$work/examples/ninja/build.ninja"
cd "$work/examples/ninja"

fail() { echo "ninja example: $1" >&2; shift; for file in "$@"; do cat "$file" >&2; done; exit 1; }
analyses() { grep -o 'Checking implicits of [A-Za-z]*' "$1" | sed 's/Checking implicits of //' | sort | tr '\n' ' ' || true; }

"$tool" generate ninja --manifest implicits.yaml -o implicits.ninja
ninja > cold.txt 2>&1 || fail "the cold build failed:" cold.txt
[ "$(analyses cold.txt)" = "App Catalog Checkout Core " ] || fail "the cold build did not analyze every module once:" cold.txt
./build/showcase > output.txt
diff -u "$here/../makefile/expected-output.txt" output.txt
echo "ninja example: cold build, the program prints what it should"

ninja > noop.txt 2>&1
grep -q "ninja: no work to do." noop.txt || fail "a no-op build did work:" noop.txt
echo "ninja example: a no-op build does nothing"

printf 'import Implicits\n\npublic func ping(_ scope: ImplicitScope) {}\n' > ../showcase/Core/Ping.swift
ninja > added.txt 2>&1 || fail "the build after adding a source file failed:" added.txt
grep -q "Regenerating implicits.ninja" added.txt || fail "adding a source file did not regenerate implicits.ninja:" added.txt
grep -q "implicits_analyze ../showcase/Core/Logger.swift ../showcase/Core/Network.swift ../showcase/Core/Ping.swift" implicits.ninja \
  || fail "the regenerated implicits.ninja does not analyze the new file:" implicits.ninja
grep -q "Checking implicits of Core" added.txt || fail "the new file did not re-run Core's analysis in the same build:" added.txt
ninja > settled.txt 2>&1
grep -q "ninja: no work to do." settled.txt || fail "the build after the regeneration did not settle:" settled.txt
echo "ninja example: a new source file is picked up by the next ninja (regeneration edge), which then settles"

sed -i 's/catalog has \\(listing.count) products/the catalog has \\(listing.count) products/' ../showcase/Catalog/Catalog.swift
ninja > body.txt 2>&1 || fail "the build after a body-only edit failed:" body.txt
[ "$(analyses body.txt)" = "Catalog " ] || fail "a body-only edit of Catalog re-ran other analyses than Catalog's:" body.txt
# The whole output first: `grep -q` stops reading at the first match, and a
# program still writing would die of SIGPIPE and fail the pipeline.
./build/showcase > edited.txt
grep -q "the catalog has 3 products" edited.txt || fail "the program did not change after the edit:" edited.txt
echo "ninja example: a body-only edit re-runs one analysis edge and no dependent's"

sed -i 's/  @Implicit var logger: Logger/  @Implicit var logger: Logger\n  @Implicit var analytics: Analytics\n  analytics.track("log")/' ../showcase/Core/Logger.swift
ninja > interface.txt 2>&1 || fail "the build after an interface change failed:" interface.txt
[ "$(analyses interface.txt)" = "App Catalog Checkout Core " ] \
  || fail "a change of what Core's log(_:_:) requires did not re-run its dependents' analyses:" interface.txt
echo "ninja example: a change of what a public function requires re-runs the dependents"

sed -i '/@Implicit var analytics = Analytics()/d' ../showcase/App/main.swift
if ninja > missing.txt 2>&1; then fail "the build without a provide succeeded:" missing.txt; fi
grep -q "main.swift:8:3: error: Unresolved requirement: Analytics" missing.txt \
  || fail "the failed build did not print the analyzer's diagnostic:" missing.txt
echo "ninja example: a missing requirement fails the build with the diagnostic"
