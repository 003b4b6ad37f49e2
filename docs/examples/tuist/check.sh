#!/usr/bin/env bash
# Does, in a temporary copy of the Tuist example, what the team and Xcode
# would do with it, without Tuist or Xcode (there is none on Linux):
#
# 1. runs tools/bootstrap-implicits.sh pinned to this checkout's HEAD commit
#    (file:// URL), which clones it, builds the tool, the runtime and the
#    macro plugin with the commands of docs/recipes.md, and fills tools/;
#    then runs it again and checks that it does nothing;
# 2. runs `tools/implicits build` once, as the recipe says to before
#    `tuist generate`;
# 3. for each target in dependency order, runs its phase script, taken out
#    of Project.swift, with the variables Xcode sets (SRCROOT,
#    PRODUCT_MODULE_NAME, SCRIPT_INPUT_FILE_n, …), then compiles the module
#    with swiftc, its support file and the build settings of Project.swift;
#    links and runs the program; once with the `implicits build` phase and
#    once, from an empty .implicits/, with the sandboxed `implicits analyze`
#    phase, checking that each analyze phase uses only the files its phase
#    declares (under strace, where strace runs) and leaves only its outputs;
# 4. removes a provide and checks that both phases fail with the diagnostic.
#
# Usage: check.sh [WORK_DIR]. With WORK_DIR (.ci/recipe-check passes one),
# the copy and the bootstrap's build are made there and kept. The bootstrap
# builds with IMPLICITS_CONFIGURATION, debug by default here: a release
# build of swift-syntax takes 10-15 minutes, too long for CI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../../.." && pwd)"
if [ $# -gt 0 ]; then
  work="$(mkdir -p "$1" && cd "$1" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
project="$work/tuist"
rm -rf "$project"
cp -R "$here" "$project"
rm -rf "$project/.tools" "$project/.implicits" "$project/build" "$project"/tools/implicits*
cd "$project"

fail() { echo "tuist example: $1" >&2; shift; for file in "$@"; do cat "$file" >&2; done; exit 1; }

# --- 1. The bootstrap, pinned to HEAD of this checkout.
export IMPLICITS_REPOSITORY="file://$repository"
IMPLICITS_REVISION="$(git -C "$repository" rev-parse HEAD)"
export IMPLICITS_REVISION
export IMPLICITS_CONFIGURATION="${IMPLICITS_CONFIGURATION:-debug}"
started=$SECONDS
tools/bootstrap-implicits.sh > "$work/bootstrap.txt" 2>&1 || fail "the bootstrap failed:" "$work/bootstrap.txt"
echo "tuist example: the bootstrap cloned and built $IMPLICITS_REVISION ($IMPLICITS_CONFIGURATION) in $((SECONDS - started)) s"
for file in tools/implicits tools/implicits-runtime/Modules/Implicits.swiftmodule \
  tools/implicits-runtime/include/module.modulemap tools/implicits-runtime/ImplicitsMacros-tool \
  tools/implicits-runtime/libImplicitsRuntime.a; do
  [ -e "$file" ] || fail "the bootstrap did not write $file:" "$work/bootstrap.txt"
done
[ "$(git -C .tools/swift-implicits rev-parse HEAD)" = "$IMPLICITS_REVISION" ] || fail "the bootstrap checked out another revision"
grep -qxF "version $(tools/implicits --version)" tools/implicits.pin || fail "tools/implicits.pin does not record the version:" tools/implicits.pin
before="$(stat -c '%i %y' tools/implicits tools/implicits-runtime/libImplicitsRuntime.a)"
started=$SECONDS
tools/bootstrap-implicits.sh > "$work/again.txt" 2>&1 || fail "the second bootstrap failed:" "$work/again.txt"
grep -q "nothing to do" "$work/again.txt" || fail "the second bootstrap did not skip the build:" "$work/again.txt"
[ "$(stat -c '%i %y' tools/implicits tools/implicits-runtime/libImplicitsRuntime.a)" = "$before" ] \
  || fail "the second bootstrap rewrote tools/"
echo "tuist example: a second bootstrap does nothing ($((SECONDS - started)) s): $(cat "$work/again.txt")"

# --- What Project.swift says: the phase scripts, the build settings, the modules.
# A phase script: the lines of `let <name> = #"""` … `"""#`, less the indentation
# of the closing delimiter (what Swift takes out of a multi-line string).
phase_script() {
  awk -v name="$1" '
    $0 == "let " name " = #\"\"\"" { inside = 1; next }
    inside && $0 ~ /^ *"""#$/ { indent = index($0, "\"") - 1; done = 1; exit }
    inside { lines[++count] = $0 }
    END {
      if (!done) exit 1
      for (i = 1; i <= count; i++) print substr(lines[i], indent + 1)
    }' Project.swift
}
# A build setting of Project.swift, with $(SRCROOT) replaced by the project's path.
setting() {
  local value
  value="$(sed -n "s/^ *\"$1\": \"\(.*\)\",\$/\1/p" Project.swift)"
  [ -n "$value" ] || fail "Project.swift sets no $1"
  echo "${value//\$(SRCROOT)/$project}"
}
build_script="$(phase_script buildPhaseScript)" || fail "Project.swift has no buildPhaseScript"
analyze_script="$(phase_script analyzePhaseScript)" || fail "Project.swift has no analyzePhaseScript"
includes=()
for path in $(setting SWIFT_INCLUDE_PATHS); do includes+=(-I "$path"); done
read -r -a swift_flags <<< "$(setting OTHER_SWIFT_FLAGS)"
read -r -a link_flags <<< "$(setting OTHER_LDFLAGS)"
optimization="$(setting SWIFT_OPTIMIZATION_LEVEL)"
[ "${#includes[@]}" -gt 0 ] && [ "${#swift_flags[@]}" -gt 0 ] && [ "${#link_flags[@]}" -gt 0 ] && [ -n "$optimization" ] \
  || fail "Project.swift lacks one of the build settings above"
# The files run_phase passes as the phases' inputs and outputs, as Project.swift declares them.
for declaration in 'let support: Path = ".implicits/support/\(name).implicits.swift"' \
  'inputPaths: ["tools/implicits", "Sources/\(name)/**/*.swift"] + interfaces,' \
  'outputPaths: [".implicits/interfaces/\(name).implicitinterface", support],' \
  'inputPaths: ["tools/implicits", "implicits.yaml"],' 'outputPaths: [support],'; do
  grep -qF "$declaration" Project.swift || fail "Project.swift no longer declares $declaration; update run_phase"
done

# The modules of Project.swift, which implicits.yaml must list in the same way.
declare -A imports=()
order=()
while IFS='|' read -r name list; do
  order+=("$name")
  imports[$name]="$(echo "$list" | tr -d '"' | tr ',' ' ' | xargs)"
done < <(sed -n 's/^ *module("\([A-Za-z_]*\)", imports: \[\(.*\)\].*/\1|\2/p' Project.swift)
[ "${#order[@]}" -gt 0 ] || fail "found no module(…) lines in Project.swift"
expected_graph="$(for i in "${!order[@]}"; do
  name="${order[$i]}"
  printf '%s. %s%s\n' "$((i + 1))" "$name" "${imports[$name]:+ <- $(echo "${imports[$name]}" | sed 's/ /, /g')}"
done)"
[ "$(tools/implicits graph --manifest implicits.yaml)" = "$expected_graph" ] \
  || fail "implicits.yaml and Project.swift describe different modules; Project.swift says:
$expected_graph
and implicits graph prints:
$(tools/implicits graph --manifest implicits.yaml)"
echo "tuist example: Project.swift and implicits.yaml list the same modules: ${order[*]}"

# The modules that $1 depends on, directly or not.
dependencies() {
  local name
  for name in ${imports[$1]}; do echo "$name"; dependencies "$name"; done | awk '!seen[$0]++'
}

# strace, where it runs, shows which files of the project a phase uses.
tracing=no
if command -v strace > /dev/null && strace -f -qq -o /dev/null true 2> /dev/null; then tracing=yes; fi

# --- What Xcode does for a target: the phase, then the compile of the module.
# run_phase VARIANT MODULE: runs the phase script with the variables Xcode sets;
# for the analyze variant, also the phase's inputs and outputs as Tuist declares
# them in Project.swift: the tool, Sources/<module>/**/*.swift, the interfaces of
# the modules it depends on; its interface and support file.
run_phase() {
  local variant=$1 module=$2 script
  local -a environment=(SRCROOT="$project" PROJECT_DIR="$project" TARGET_NAME="$module" PRODUCT_NAME="$module"
    PRODUCT_MODULE_NAME="$module" CONFIGURATION=Debug)
  if [ "$variant" = build ]; then
    script="$build_script"
    environment+=(SCRIPT_INPUT_FILE_COUNT=2 SCRIPT_INPUT_FILE_0="$project/tools/implicits"
      SCRIPT_INPUT_FILE_1="$project/implicits.yaml"
      SCRIPT_OUTPUT_FILE_COUNT=1 SCRIPT_OUTPUT_FILE_0="$project/.implicits/support/$module.implicits.swift")
  else
    script="$analyze_script"
    local -a inputs=("$project/tools/implicits")
    local file dependency
    while IFS= read -r file; do inputs+=("$project/$file"); done < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    for dependency in $(dependencies "$module"); do
      inputs+=("$project/.implicits/interfaces/$dependency.implicitinterface")
    done
    environment+=(SCRIPT_INPUT_FILE_COUNT="${#inputs[@]}" SCRIPT_OUTPUT_FILE_COUNT=2
      SCRIPT_OUTPUT_FILE_0="$project/.implicits/interfaces/$module.implicitinterface"
      SCRIPT_OUTPUT_FILE_1="$project/.implicits/support/$module.implicits.swift")
    local i
    for i in "${!inputs[@]}"; do environment+=(SCRIPT_INPUT_FILE_$i="${inputs[$i]}"); done
    if [ "$tracing" = yes ]; then
      # What the sandbox would see: every file of the project the phase opens,
      # creates, renames or removes must be a declared input or output (or the
      # temporary file the tool writes next to an output and renames over it).
      local status=0
      (cd "$project" && strace -f -qq -s 4096 -o "$work/trace.txt" -e trace=open,openat,creat,rename,renameat,renameat2,unlink,unlinkat \
        env "${environment[@]}" /bin/sh -c "$script") || status=$?
      local outputs=("$project/.implicits/interfaces/$module.implicitinterface" "$project/.implicits/support/$module.implicits.swift")
      local touched allowed
      while IFS= read -r touched; do
        allowed=no
        for file in "${inputs[@]}" "${outputs[@]}"; do
          case "$touched" in "$file" | "$(dirname "$file")/.$(basename "$file").tmp-"*) allowed=yes ;; esac
        done
        if [ "$allowed" = no ]; then
          echo "the analyze phase of $module used $touched, which the phase does not declare" >&2
          status=3
        fi
      done < <(grep -v ' = -1 ENOENT' "$work/trace.txt" | grep -o "\"$project/[^\"]*\"" | tr -d '"' | sort -u)
      return $status
    fi
  fi
  (cd "$project" && env "${environment[@]}" /bin/sh -c "$script")
}

compile() {
  local module=$1
  mkdir -p build
  swiftc "$optimization" -wmo -module-name "$module" -emit-module -emit-module-path "build/$module.swiftmodule" \
    -c -o "build/$module.o" -I build "${includes[@]}" "${swift_flags[@]}" \
    $(find "Sources/$module" -name '*.swift' | LC_ALL=C sort) ".implicits/support/$module.implicits.swift"
}

link_and_run() {
  local objects=()
  for module in "${order[@]}"; do objects+=("build/$module.o"); done
  swiftc -o "build/${order[-1]}" "${objects[@]}" "${link_flags[@]}"
  "./build/${order[-1]}" > "$work/output.txt"
  diff -u expected-output.txt "$work/output.txt" || fail "the program printed something else than expected-output.txt"
}

# --- 2. implicits build once, then 3. with the `implicits build` phase.
tools/implicits build --manifest implicits.yaml > "$work/first.txt" 2>&1 || fail "implicits build failed:" "$work/first.txt"
echo "tuist example: $(tail -n 1 "$work/first.txt")"
for module in "${order[@]}"; do
  run_phase build "$module" > "$work/phase.txt" 2>&1 || fail "the build phase of $module failed:" "$work/phase.txt"
  grep -q "no work to do" "$work/phase.txt" || fail "the build phase of $module analyzed again after implicits build:" "$work/phase.txt"
  compile "$module"
done
link_and_run
echo "tuist example: the implicits build phases, compiles and link: the program prints what it should"

# --- 3. The sandboxed phase, from an empty .implicits/ and build/.
rm -rf .implicits build
written=()
for module in "${order[@]}"; do
  run_phase analyze "$module" > "$work/phase.txt" 2>&1 || fail "the analyze phase of $module failed:" "$work/phase.txt"
  written+=(".implicits/interfaces/$module.implicitinterface" ".implicits/support/$module.implicits.swift")
  [ "$(find .implicits -type f | LC_ALL=C sort)" = "$(printf '%s\n' "${written[@]}" | LC_ALL=C sort)" ] \
    || fail "the analyze phase of $module wrote other files than its declared outputs: $(find .implicits -type f)"
  compile "$module"
done
link_and_run
if [ "$tracing" = yes ]; then
  echo "tuist example: the sandboxed analyze phases use only the files they declare (strace); the program prints what it should"
else
  echo "tuist example: the sandboxed analyze phases write only their outputs (no strace here to check reads); the program prints what it should"
fi

# --- 4. A provide removed: both phases of App fail with the diagnostic.
app="${order[-1]}"
sed -i '/@Implicit var analytics = Analytics()/d' "Sources/$app/main.swift"
diagnostic="Sources/$app/main.swift:6:3: error: Unresolved requirement: Analytics"
if run_phase analyze "$app" > "$work/missing.txt" 2>&1; then fail "the analyze phase passed without the provide:" "$work/missing.txt"; fi
grep -qF "$diagnostic" "$work/missing.txt" || fail "the analyze phase did not print the diagnostic:" "$work/missing.txt"
if run_phase build "$app" > "$work/missing.txt" 2>&1; then fail "the build phase passed without the provide:" "$work/missing.txt"; fi
grep -qF "$diagnostic" "$work/missing.txt" || fail "the build phase did not print the diagnostic:" "$work/missing.txt"
echo "tuist example: without the provide, both phases fail with: $diagnostic"
