#!/usr/bin/env bash
# Configures the CMake example with the Ninja generator in a temporary copy,
# builds and runs it, then checks that the build redoes exactly what it must
# and then settles (the next `ninja` has no work to do): nothing on a no-op;
# one analysis and no dependent's after a body-only edit; the dependents'
# after a change of what a public function requires; the conditions of the
# target's compile definitions in its analysis; a failure with the analyzer's
# diagnostic when a provide is removed; a configure warning and an analyzer
# message that give the missing target_link_libraries when a module imports
# an analyzed module it does not link; and a configure that stops with what
# to run when the SwiftPM build of swift-implicits is missing. The runtime is
# compiled from its sources, also with a toolchain file that names the target.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/examples"
cp -R "$here" "$work/examples/cmake"
cp -R "$here/../showcase" "$work/examples/showcase"
cd "$work/examples/cmake"
# The build folder beside the sources, as `build/` in a source tree: the
# language server finds the module graph CMake writes there.
build="$work/examples/build"
implicits="$repository/.build/debug/implicits"

fail() { echo "cmake example: $1" >&2; shift; for file in "$@"; do cat "$file" >&2; done; exit 1; }
analyses() { grep -o 'Checking implicits of [A-Za-z]*' "$1" | sed 's/Checking implicits of //' | sort | tr '\n' ' ' || true; }
run_ninja() { ninja -C "$build" -j 2; }
settled() {
  run_ninja > "$work/again.txt" 2>&1 || fail "the build after $1 failed when run again:" "$work/again.txt"
  grep -q "ninja: no work to do." "$work/again.txt" || fail "the build did not settle after $1:" "$work/again.txt"
}

cmake --version | sed -n 1p
# The CMake package's version is the tool's, and find_package checks it.
said="$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$repository/Plugins/CMake/ImplicitsConfigVersion.cmake")"
tool="$("$implicits" --version | sed -n 's/^implicits \([^ ]*\).*/\1/p')"
[ -n "$said" ] && [ "$said" = "$tool" ] || fail "ImplicitsConfigVersion.cmake says '$said', implicits --version '$tool'"
mkdir "$work/version"
printf '%s\n' 'cmake_minimum_required(VERSION 3.20)' 'project(Version LANGUAGES NONE)' \
  'find_package(Implicits 9.0 CONFIG QUIET)' 'message(STATUS "9.0 found: ${Implicits_FOUND}")' > "$work/version/CMakeLists.txt"
cmake -S "$work/version" -B "$work/version/build" -D "Implicits_DIR=$repository/Plugins/CMake" > version.txt 2>&1 \
  || fail "configuring the version probe failed:" version.txt
grep -q '9.0 found: 0' version.txt || fail "find_package(Implicits 9.0) was not refused:" version.txt
cmake -G Ninja -S . -B "$build" -D "Implicits_DIR=$repository/Plugins/CMake" > configure.txt 2>&1 \
  || fail "configuring failed:" configure.txt
grep -q '^  RESTAT = 1$' "$build/build.ninja" || fail "no Swift step of build.ninja has restat" "$build/build.ninja"
run_ninja > cold.txt 2>&1 || fail "the cold build failed:" cold.txt
[ "$(analyses cold.txt)" = "App Catalog Checkout Core " ] || fail "the cold build did not analyze every module once:" cold.txt
"$build/showcase" > output.txt
diff -u "$here/../makefile/expected-output.txt" output.txt
echo "cmake example: cold build, the program prints what it should"

# The module graph CMake wrote: why, graph and the language server use it,
# with no implicits.yaml anywhere in the tree.
[ ! -e "$work/examples/implicits.yaml" ] && [ -f "$build/implicits/implicits.yaml" ] \
  || fail "CMake did not write the module graph in the build folder:" "$build/implicits/implicits.yaml"
(cd "$build" && "$implicits" why Logger Checkout) > why.txt 2> why-note.txt || fail "why in the build folder failed:" why.txt why-note.txt
grep -q "^'Core.Logger' is required by 2 public functions of 'Checkout':" why.txt || fail "why did not explain Logger:" why.txt
grep -q "Core/Logger.swift:16:3: 'Logger' is required here by 'log(_:_:)'" why.txt || fail "why gave no chain down to the read:" why.txt
grep -qF "note: using the module graph a build wrote: $build/implicits/implicits.yaml" why-note.txt \
  || fail "why did not say which module graph it used:" why-note.txt
(cd "$work/examples/cmake" && "$implicits" graph) > graph.txt 2> /dev/null || fail "graph in the source folder failed:" graph.txt
[ "$(cat graph.txt)" = "$(printf '1. Core\n2. Catalog <- Core\n3. Checkout <- Core\n4. App <- Catalog, Checkout, Core')" ] \
  || fail "graph did not print the four modules CMake analyzes:" graph.txt
(cd "$repository/Tests/LanguageServer" && IMPLICITS="$implicits" IMPLICITS_BUILT_SOURCES="$work/examples/showcase" \
  IMPLICITS_BUILT_GRAPH="$build/implicits/implicits.yaml" \
  python3 -m pytest -q -p no:cacheprovider test_build_graph.py) > lsp.txt 2>&1 \
  || fail "the language server did not check the example through the module graph CMake wrote:" lsp.txt
echo "cmake example: why, graph and the language server use the module graph CMake wrote"

# The runtime is a source target of the user's build: with a toolchain file
# that names the target, the runtime's Swift and C compile for it.
cross="$work/cross"
cmake -G Ninja -S . -B "$cross" -D "CMAKE_TOOLCHAIN_FILE=$here/toolchain-x86_64-linux.cmake" \
  -D "Implicits_DIR=$repository/Plugins/CMake" > cross-configure.txt 2>&1 \
  || fail "configuring with the toolchain file failed:" cross-configure.txt
ninja -C "$cross" -j 2 > cross.txt 2>&1 || fail "the build with the toolchain file failed:" cross.txt
ninja -C "$cross" -t commands showcase > cross-commands.txt
grep -q 'swiftc -target x86_64-unknown-linux-gnu .* -module-name Implicits ' cross-commands.txt \
  || fail "the runtime's Swift was not compiled for the toolchain file's target:" cross-commands.txt
grep -q 'clang --target=x86_64-unknown-linux-gnu .*CImplicitsRuntime.c' cross-commands.txt \
  || fail "the runtime's C was not compiled for the toolchain file's target:" cross-commands.txt
"$cross/showcase" > cross-output.txt
diff -u "$here/../makefile/expected-output.txt" cross-output.txt
echo "cmake example: with a toolchain file, the runtime compiles from its sources for the named target, and the program runs"

run_ninja > noop.txt 2>&1
grep -q "ninja: no work to do." noop.txt || fail "a no-op build did work:" noop.txt
echo "cmake example: a no-op build does nothing"

sed -i 's/catalog has \\(listing.count) products/the catalog has \\(listing.count) products/' ../showcase/Catalog/Catalog.swift
run_ninja > body.txt 2>&1 || fail "the build after a body-only edit failed:" body.txt
[ "$(analyses body.txt)" = "Catalog " ] || fail "a body-only edit of Catalog re-ran other analyses than Catalog's:" body.txt
# The whole output first: `grep -q` stops reading at the first match, and a
# program still writing would die of SIGPIPE and fail the pipeline.
"$build/showcase" > edited.txt
grep -q "the catalog has 3 products" edited.txt || fail "the program did not change after the edit:" edited.txt
settled "a body-only edit"
echo "cmake example: a body-only edit re-runs one analysis and no dependent's, then settles"

sed -i 's/  @Implicit var logger: Logger/  @Implicit var logger: Logger\n  @Implicit var analytics: Analytics\n  analytics.track("log")/' ../showcase/Core/Logger.swift
run_ninja > interface.txt 2>&1 || fail "the build after an interface change failed:" interface.txt
[ "$(analyses interface.txt)" = "App Catalog Checkout Core " ] \
  || fail "a change of what Core's log(_:_:) requires did not re-run its dependents' analyses:" interface.txt
settled "an interface change"
echo "cmake example: a change of what a public function requires re-runs the dependents, then settles"

sed -i 's/^  @Implicit var analytics = Analytics()$/#if SHOWCASE_ANALYTICS\n&\n#endif/' ../showcase/App/main.swift
if run_ninja > condition.txt 2>&1; then fail "the build with the provide under an undefined condition succeeded:" condition.txt; fi
grep -q "main.swift:8:3: error: Unresolved requirement: Analytics" condition.txt \
  || fail "the provide under an undefined condition did not fail with the diagnostic:" condition.txt
echo 'target_compile_definitions(App PRIVATE SHOWCASE_ANALYTICS)' >> CMakeLists.txt
run_ninja > defined.txt 2>&1 || fail "the build with the condition among App's compile definitions failed:" defined.txt
[ "$(analyses defined.txt)" = "App " ] || fail "a compile definition of App re-ran other analyses than App's:" defined.txt
"$build/showcase" > defined-output.txt
grep -q "requests sent: 1" defined-output.txt || fail "the program did not run after the condition was defined:" defined-output.txt
settled "a new compile definition"
grep -A3 'name: App' "$build/implicits/implicits.yaml" | grep -q 'compilation-conditions: \[SHOWCASE_ANALYTICS\]' \
  || fail "the module graph CMake wrote does not hold App's compile definition:" "$build/implicits/implicits.yaml"
echo "cmake example: the analysis takes its conditions from the target's compile definitions"

sed -i '/@Implicit var analytics = Analytics()/d' ../showcase/App/main.swift
if run_ninja > missing.txt 2>&1; then fail "the build without a provide succeeded:" missing.txt; fi
grep -q "main.swift:8:3: error: Unresolved requirement: Analytics" missing.txt \
  || fail "the failed build did not print the analyzer's diagnostic:" missing.txt
echo "cmake example: a missing requirement fails the build with the diagnostic"

sed -i '/^target_link_libraries(Checkout PUBLIC Core)$/d' CMakeLists.txt
cmake "$build" > unlinked.txt 2>&1 || fail "configuring with Checkout not linking Core failed:" unlinked.txt
# Linking Core brings the runtime too: the warning names Core, not the runtime.
if grep -q 'Checkout does not link Implicits::Runtime' unlinked.txt; then
  fail "configuring pointed at the runtime, not at Core:" unlinked.txt
fi
grep -q 'implicits_analyze: Checkout imports Core' unlinked.txt \
  || fail "configuring did not warn that Checkout imports Core without linking it:" unlinked.txt
grep -q 'target_link_libraries(Checkout PUBLIC Core)' unlinked.txt \
  || fail "the configure warning did not give the line that links Core:" unlinked.txt
if run_ninja > unlinked-build.txt 2>&1; then fail "the build of Checkout without Core's interface succeeded:" unlinked-build.txt; fi
grep -q "whose interface was not given: .*in CMake, 'target_link_libraries(Checkout PUBLIC Core)'" unlinked-build.txt \
  || fail "the analysis of Checkout without Core's interface did not say how to link Core:" unlinked-build.txt
echo "cmake example: a module that imports an analyzed module it does not link: a configure warning and the analyzer's message both give target_link_libraries"

mkdir "$work/unbuilt"
printf '%s\n' 'cmake_minimum_required(VERSION 3.20)' 'project(Unbuilt LANGUAGES NONE)' \
  "include(\"$repository/Plugins/CMake/Implicits.cmake\")" > "$work/unbuilt/CMakeLists.txt"
if cmake -G Ninja -S "$work/unbuilt" -B "$work/unbuilt/build" -D "IMPLICITS_SWIFTPM_BUILD_DIR=$work/nowhere" \
    > unbuilt.txt 2>&1; then
  fail "configuring without a SwiftPM build succeeded:" unbuilt.txt
fi
# CMake wraps the message: the line that starts the command.
grep -q 'Run `swift build -c release --product implicits' unbuilt.txt \
  || fail "configuring without a SwiftPM build did not say what to run:" unbuilt.txt
echo "cmake example: without a SwiftPM build of swift-implicits, configuring stops with what to run"
