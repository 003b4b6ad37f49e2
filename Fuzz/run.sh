#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (every module instrumented) and
# runs one of them.
#
#   Fuzz/run.sh TARGET [SECONDS] [-- LIBFUZZER-OPTIONS]
#
# TARGET: FuzzManifest, FuzzInterface or FuzzAnalyzer. The seed corpus is
# built from the project's own files (Config/*.yaml, the interfaces of the
# showcase, the analyzer's fixtures and the showcase's sources); the
# working corpus grows under Fuzz/.corpus/TARGET, crashes land in
# Fuzz/.crashes/TARGET. Exits non-zero on a crash, a leak, a timeout
# (5 s for one input) or more than 2 GiB of memory.
set -euo pipefail
cd "$(dirname "$0")"
target="$1"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
[ "${1:-}" = "--" ] && shift

swift build --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -use-ld=lld --product "$target" >&2
binary=".build-fuzz/debug/$target"

seeds=".corpus/$target"
mkdir -p "$seeds" ".crashes/$target"
case "$target" in
  FuzzManifest) cp ../Config/*.yaml ../docs/examples/*/implicits.yaml "$seeds/" 2>/dev/null || true ;;
  FuzzInterface)
    (cd .. && swift run implicits build --manifest Config/showcase.yaml >/dev/null 2>&1) || true
    cp ../.implicits/showcase/interfaces/*.implicitinterface "$seeds/" 2>/dev/null || true ;;
  FuzzAnalyzer)
    find ../Tests/ImplicitsAnalysisTests/Fixtures ../docs/examples/showcase -name '*.swift' -size -16k \
      -exec cp {} "$seeds/" \; ;;
  *) echo "unknown target '$target': FuzzManifest, FuzzInterface or FuzzAnalyzer" >&2; exit 2 ;;
esac

SWIFT_BACKTRACE=enable=no "$binary" "$seeds" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix=".crashes/$target/" -print_final_stats=1 "$@"
