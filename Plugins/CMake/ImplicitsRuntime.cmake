# Part of Implicits.cmake (included by it when IMPLICITS_RUNTIME_FROM_SOURCES
# is on): the Implicits runtime compiled from the package's sources by the
# including build, with its Swift and C compilers, so that its target
# (CMAKE_Swift_COMPILER_TARGET and CMAKE_C_COMPILER_TARGET, or a toolchain
# file) is the runtime's. Two static libraries: ImplicitsRuntimeC (the C
# module CImplicitsRuntime: thread-local storage and thread exit) and
# ImplicitsRuntime (the Swift module Implicits), whose alias
# Implicits::Runtime adds the macro plugin, a host program, to the compiles
# of the targets that link it.

if(TARGET ImplicitsRuntime)
  return()
endif()

# The runtime's C file needs a C compiler; a Swift-only project gets one
# enabled here (configure fails with CMake's own message if none is found).
get_property(_implicits_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if(NOT "C" IN_LIST _implicits_languages)
  enable_language(C)
endif()

set(_implicits_runtime_root "${IMPLICITS_PACKAGE_DIR}/Sources")
add_library(ImplicitsRuntimeC STATIC "${_implicits_runtime_root}/CImplicitsRuntime/CImplicitsRuntime.c")
target_include_directories(ImplicitsRuntimeC PUBLIC "${_implicits_headers}")
set_target_properties(ImplicitsRuntimeC PROPERTIES POSITION_INDEPENDENT_CODE ON)

# Globbed when CMake configures, and again at build time when a runtime file
# is added or removed (CONFIGURE_DEPENDS).
file(GLOB_RECURSE _implicits_runtime_sources CONFIGURE_DEPENDS "${_implicits_runtime_root}/Implicits/*.swift")
list(SORT _implicits_runtime_sources)
add_library(ImplicitsRuntime STATIC ${_implicits_runtime_sources})
set_target_properties(ImplicitsRuntime PROPERTIES
  Swift_MODULE_NAME Implicits
  POSITION_INDEPENDENT_CODE ON)
# As the package builds it: Swift 6 language mode. Optimization and
# debug information follow the including build's flags.
target_compile_options(ImplicitsRuntime PRIVATE -swift-version 6 -parse-as-library)
target_link_libraries(ImplicitsRuntime PUBLIC ImplicitsRuntimeC)
target_compile_options(ImplicitsRuntime INTERFACE
  "SHELL:-load-plugin-executable ${_implicits_plugin}#ImplicitsMacros")
set_property(TARGET ImplicitsRuntime APPEND PROPERTY INTERFACE_LINK_DEPENDS "${_implicits_plugin}")
add_library(Implicits::Runtime ALIAS ImplicitsRuntime)
