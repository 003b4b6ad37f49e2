# A toolchain file that names the target explicitly, as a cross build does:
#
#   cmake -G Ninja -S docs/examples/cmake -B build \
#     -D CMAKE_TOOLCHAIN_FILE=docs/examples/cmake/toolchain-x86_64-linux.cmake
#
# Swift and C then compile with `-target x86_64-unknown-linux-gnu`, the
# Implicits runtime among them (Plugins/CMake compiles it from its sources);
# the implicits tool and the macro plugin run on the build machine. For
# another Linux triple, set the triples and CMAKE_SYSROOT to that platform's
# sysroot; for iOS, see "Building for another platform" in docs/recipes.md.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_Swift_COMPILER_TARGET x86_64-unknown-linux-gnu)
# clang takes a target; the Swift toolchain ships one beside swiftc.
find_program(CMAKE_C_COMPILER clang REQUIRED)
set(CMAKE_C_COMPILER_TARGET x86_64-unknown-linux-gnu)
