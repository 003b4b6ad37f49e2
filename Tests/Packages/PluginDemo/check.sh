#!/usr/bin/env bash
# Builds and runs the targets that use ImplicitsAnalysisPlugin, then checks
# that a dependency without the plugin fails the build with a message that
# names it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../swift-build.sh
source "$here/../swift-build.sh"
scratch="$here/.build"

swift_build --package-path "$here" --scratch-path "$scratch" --product DemoApp
"$scratch/debug/DemoApp" > "$scratch/output.txt"
diff -u "$here/expected-output.txt" "$scratch/output.txt"
echo "plugin demo: output as expected"

if swift_build --package-path "$here" --scratch-path "$scratch" --target MissingPluginApp > "$scratch/missing.txt" 2>&1; then
  echo "error: a dependency without the plugin was not reported" >&2
  exit 1
fi
# SwiftPM stops on the missing input before the analysis runs: the input
# is the support file the dependency's own analysis would write.
expected="because of missing inputs: $scratch/plugins/outputs/plugindemo/MissingPluginCore/destination/ImplicitsAnalysisPlugin/MissingPluginCore.implicits.swift"
if ! grep -qF "$expected" "$scratch/missing.txt"; then
  echo "error: the build failed without naming the target that needs the plugin:" >&2
  cat "$scratch/missing.txt" >&2
  exit 1
fi
echo "plugin demo: a dependency without the plugin is named"
