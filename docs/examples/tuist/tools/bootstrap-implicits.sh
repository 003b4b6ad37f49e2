#!/usr/bin/env bash
# Builds the pinned swift-implicits once and puts what the project needs in tools/:
#
#   tools/implicits                                   the tool the script phases run
#   tools/implicits-runtime/Modules/Implicits.swift*  the runtime's module (-I)
#   tools/implicits-runtime/include/                  its C module, CImplicitsRuntime (-I)
#   tools/implicits-runtime/ImplicitsMacros-tool      the #implicits macro's plugin
#   tools/implicits-runtime/libImplicitsRuntime.a     the runtime's objects, to link
#   tools/implicits.pin                               what was built, to skip it next time
#
# Run it before `tuist generate` (and in CI before `xcodebuild`). When tools/
# already holds the pinned build it does nothing: no clone, no fetch, no build.
set -euo pipefail

# The pin: where swift-implicits comes from, and which revision to build.
# A project writes a release tag (such as 0.2.0) or a full commit hash here.
# The swift-implicits repository has no release tags yet, and this example
# lives inside it, so it takes both from the environment; check.sh sets them
# to this checkout (file://…) and its HEAD commit.
repository="${IMPLICITS_REPOSITORY:?set IMPLICITS_REPOSITORY to the URL of swift-implicits, or write it here}"
revision="${IMPLICITS_REVISION:?set IMPLICITS_REVISION to a release tag or a full commit hash, or write it here}"
# release for real use; check.sh builds debug (a release build of swift-syntax takes 10-15 minutes).
configuration="${IMPLICITS_CONFIGURATION:-release}"

cd "$(dirname "$0")/.."   # the project's root: tools/ and .tools/ are relative to it
checkout=.tools/swift-implicits
runtime=tools/implicits-runtime
pin="revision $revision
configuration $configuration"

# Up to date when the pin file names this revision and configuration and the
# tool there still prints the version it printed when it was built.
if [ -x tools/implicits ] && [ -f "$runtime/libImplicitsRuntime.a" ] && [ -f tools/implicits.pin ] \
  && [ "$(cat tools/implicits.pin)" = "$pin
version $(tools/implicits --version 2> /dev/null || true)" ]; then
  echo "implicits: $revision ($configuration) is in tools/, nothing to do"
  exit 0
fi

echo "implicits: building $revision ($configuration) from $repository"
if [ ! -d "$checkout/.git" ]; then
  rm -rf "$checkout"
  git clone --quiet "$repository" "$checkout"
else
  git -C "$checkout" remote set-url origin "$repository"
fi
# A tag or a commit that the checkout does not have yet: fetch it.
if ! git -C "$checkout" rev-parse --quiet --verify "$revision^{commit}" > /dev/null; then
  git -C "$checkout" fetch --quiet --tags origin
  git -C "$checkout" rev-parse --quiet --verify "$revision^{commit}" > /dev/null \
    || git -C "$checkout" fetch --quiet origin "$revision"
fi
git -C "$checkout" checkout --quiet --detach "$revision^{commit}"

# The two commands of docs/recipes.md: the tool, then the runtime and the macro plugin.
(
  cd "$checkout"
  swift build -c "$configuration" --product implicits
  swift build -c "$configuration" --target Implicits
)

build="$checkout/.build/$configuration"
rm -rf "$runtime.new"
mkdir -p "$runtime.new/Modules"
cp -R "$build"/Modules/Implicits.swift* "$runtime.new/Modules/"
cp -R "$checkout/Sources/CImplicitsRuntime/include" "$runtime.new/include"
cp "$build/ImplicitsMacros-tool" "$runtime.new/ImplicitsMacros-tool"
ar crs "$runtime.new/libImplicitsRuntime.a" "$build"/Implicits.build/*.o "$build"/CImplicitsRuntime.build/*.o
rm -rf "$runtime"
mv "$runtime.new" "$runtime"
cp "$build/implicits" tools/implicits.new
mv tools/implicits.new tools/implicits
printf '%s\nversion %s\n' "$pin" "$(tools/implicits --version)" > tools/implicits.pin
echo "implicits: $(tools/implicits --version) and its runtime are in tools/"
