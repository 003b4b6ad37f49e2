# Sourced by the packages' check scripts. `swift_build ARGS…` runs
# `swift build ARGS…`; when SwiftPM itself dies by a signal (seen once on
# CI: a segmentation fault in SwiftPM's build planning, after the plugin's
# tool was built, with nothing of this project on the stack), it says so and
# runs the same build once more. A build that fails normally is not retried.
swift_build() {
  local status=0
  swift build "$@" || status=$?
  if [ "$status" -ge 128 ]; then
    echo "note: swift build was killed by signal $((status - 128)) (a crash of SwiftPM itself); running it once more" >&2
    status=0
    swift build "$@" || status=$?
  fi
  return "$status"
}
