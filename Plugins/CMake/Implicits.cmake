# swift-implicits for CMake: checks the implicits of Swift targets at build
# time, with one `implicits analyze` custom command per target.
#
#   include(<swift-implicits>/Plugins/CMake/Implicits.cmake)
#   # or find_package(Implicits CONFIG), with Implicits_DIR or
#   # CMAKE_PREFIX_PATH naming this folder
#
#   add_library(Core STATIC Logger.swift Network.swift)
#   target_link_libraries(Core PUBLIC Implicits::Runtime)
#   implicits_analyze(Core)
#
# The runtime is compiled from the package's sources by the including
# build, for its target (IMPLICITS_RUNTIME_FROM_SOURCES, the default; OFF
# links the objects of a SwiftPM build, for the host only); the tool and the
# `#implicits` macro plugin, which run on the host, come from a SwiftPM
# build of this package. The target Implicits::Runtime carries the runtime
# and the plugin. See README.md beside this file and the "CMake" section of
# docs/recipes.md.

if(CMAKE_VERSION VERSION_LESS 3.19)
  message(FATAL_ERROR "swift-implicits: Implicits.cmake needs CMake 3.19 or later "
    "(for cmake_language(DEFER)); this is CMake ${CMAKE_VERSION}.")
endif()

# The including project's choice of Swift build model (policy CMP0157, CMake
# 3.29), read before this file sets its own policies: functions run with the
# policies of the file that defines them.
set(_implicits_cmp0157 "")
if(POLICY CMP0157)
  cmake_policy(GET CMP0157 _implicits_cmp0157)
endif()
set_property(GLOBAL PROPERTY _IMPLICITS_CMP0157 "${_implicits_cmp0157}")
cmake_policy(VERSION 3.19...3.25)

get_filename_component(_implicits_default_package "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(IMPLICITS_PACKAGE_DIR "${_implicits_default_package}" CACHE PATH
  "The swift-implicits package (its Sources/CImplicitsRuntime/include is the runtime's C module)")
# The release build the recipes make, else a debug build that is there.
if(NOT EXISTS "${IMPLICITS_PACKAGE_DIR}/.build/release/implicits"
    AND EXISTS "${IMPLICITS_PACKAGE_DIR}/.build/debug/implicits")
  set(_implicits_default_build "${IMPLICITS_PACKAGE_DIR}/.build/debug")
else()
  set(_implicits_default_build "${IMPLICITS_PACKAGE_DIR}/.build/release")
endif()
set(IMPLICITS_SWIFTPM_BUILD_DIR "${_implicits_default_build}" CACHE PATH
  "A SwiftPM build of swift-implicits: the runtime's modules and objects, the macro plugin, the tool")
set(IMPLICITS_EXECUTABLE "" CACHE FILEPATH
  "The implicits tool (empty: <IMPLICITS_SWIFTPM_BUILD_DIR>/implicits)")
option(IMPLICITS_RUNTIME_FROM_SOURCES
  "Compile the Implicits runtime from the package's sources with this build's Swift and C compilers, for this build's target (OFF: link the SwiftPM build's objects, for the host only)"
  ON)
set(IMPLICITS_DIAGNOSTICS_FORMAT "swiftc" CACHE STRING
  "How the analyses print diagnostics: a value of `implicits analyze --diagnostics-format` (swiftc, json, sarif, github, …)")

if(IMPLICITS_EXECUTABLE)
  set(_implicits_tool "${IMPLICITS_EXECUTABLE}")
else()
  set(_implicits_tool "${IMPLICITS_SWIFTPM_BUILD_DIR}/implicits")
endif()
set(_implicits_plugin "${IMPLICITS_SWIFTPM_BUILD_DIR}/ImplicitsMacros-tool")
set(_implicits_modules "${IMPLICITS_SWIFTPM_BUILD_DIR}/Modules")
set(_implicits_headers "${IMPLICITS_PACKAGE_DIR}/Sources/CImplicitsRuntime/include")
# The runtime's objects, as SwiftPM left them. Globbed when CMake configures:
# configure again after a SwiftPM build that adds or removes a runtime file.
file(GLOB _implicits_objects
  "${IMPLICITS_SWIFTPM_BUILD_DIR}/Implicits.build/*.o"
  "${IMPLICITS_SWIFTPM_BUILD_DIR}/CImplicitsRuntime.build/*.o")

set(_implicits_missing "")
set(_implicits_needed
  "the implicits tool|${_implicits_tool}"
  "the ImplicitsMacros plugin|${_implicits_plugin}"
  "the CImplicitsRuntime module map|${_implicits_headers}/module.modulemap")
if(NOT IMPLICITS_RUNTIME_FROM_SOURCES)
  list(APPEND _implicits_needed "the Implicits module|${_implicits_modules}/Implicits.swiftmodule")
endif()
foreach(_implicits_item IN LISTS _implicits_needed)
  string(REPLACE "|" ";" _implicits_item "${_implicits_item}")
  list(GET _implicits_item 1 _implicits_path)
  if(NOT _implicits_missing AND NOT EXISTS "${_implicits_path}")
    list(GET _implicits_item 0 _implicits_what)
    set(_implicits_missing "${_implicits_what} is missing: ${_implicits_path}")
  endif()
endforeach()
if(NOT _implicits_missing AND NOT IMPLICITS_RUNTIME_FROM_SOURCES AND NOT _implicits_objects)
  set(_implicits_missing "the runtime's object files are missing: ${IMPLICITS_SWIFTPM_BUILD_DIR}/Implicits.build/*.o")
endif()
if(_implicits_missing)
  string(CONCAT _implicits_missing "swift-implicits: ${_implicits_missing}\n"
    "Run `swift build -c release --product implicits && swift build -c release --target Implicits` "
    "in ${IMPLICITS_PACKAGE_DIR} (its .build/release), or point IMPLICITS_SWIFTPM_BUILD_DIR "
    "(and IMPLICITS_EXECUTABLE) at a SwiftPM build of swift-implicits, a debug one for instance: "
    "cmake -D IMPLICITS_SWIFTPM_BUILD_DIR=<package>/.build/debug …")
  if(_IMPLICITS_FIND_PACKAGE)
    # Loaded by ImplicitsConfig.cmake: find_package reports it.
    set(Implicits_FOUND FALSE)
    set(Implicits_NOT_FOUND_MESSAGE "${_implicits_missing}")
    return()
  endif()
  message(FATAL_ERROR "${_implicits_missing}")
endif()

# Checked on every include, so that find_package reports a missing build
# each time it is asked; the rest is defined once.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/ImplicitsManifest.cmake")

# Global, for implicits_analyze() in any directory.
set_property(GLOBAL PROPERTY _IMPLICITS_TOOL "${_implicits_tool}")

if(IMPLICITS_RUNTIME_FROM_SOURCES)
  include("${CMAKE_CURRENT_LIST_DIR}/ImplicitsRuntime.cmake")
elseif(NOT TARGET Implicits::Runtime)
  add_library(Implicits::Runtime INTERFACE IMPORTED GLOBAL)
  set_target_properties(Implicits::Runtime PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_implicits_modules};${_implicits_headers}"
    INTERFACE_COMPILE_OPTIONS "SHELL:-load-plugin-executable ${_implicits_plugin}#ImplicitsMacros"
    INTERFACE_LINK_LIBRARIES "${_implicits_objects}"
    # CMake's Swift rules compile in the step that links: these make a new
    # runtime module or plugin rebuild the executables and shared libraries
    # that use them (CMake gives a static library's step no such inputs).
    INTERFACE_LINK_DEPENDS "${_implicits_modules}/Implicits.swiftmodule;${_implicits_plugin}")
endif()

# implicits_analyze(<target> [MODULE_NAME <name>] [SOURCES_ROOT <dir>]
#                   [ENABLE_EXPORTING] [WARNINGS_AS_ERRORS])
#
# Analyzes the Swift sources of <target> before it compiles, adds the
# generated support file to its sources, and fails the build with the
# analyzer's diagnostics. Call it in the directory that creates the target.
#
# - inputs: the target's .swift sources, the tool, and the interfaces of the
#   analyzed targets it links, directly or not;
# - outputs: <build>/implicits/interfaces/<module>.implicitinterface and
#   <build>/implicits/support/<module>.implicits.swift, rewritten only when
#   their bytes change (CMake's Ninja generator gives custom commands
#   `restat = 1`, so a dependent is analyzed again only when an interface
#   it reads changed);
# - conditions: the target's compile definitions that are plain names, as -D;
# - module name: MODULE_NAME, else Swift_MODULE_NAME, else the target's name
#   (set as Swift_MODULE_NAME, so that swiftc uses the same);
# - SOURCES_ROOT: paths in the interface are relative to it (default
#   CMAKE_SOURCE_DIR).
function(implicits_analyze target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "ENABLE_EXPORTING;WARNINGS_AS_ERRORS" "MODULE_NAME;SOURCES_ROOT" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "implicits_analyze: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "implicits_analyze: ${target} is not a target")
  endif()
  get_target_property(aliased ${target} ALIASED_TARGET)
  get_target_property(imported ${target} IMPORTED)
  if(aliased OR imported)
    message(FATAL_ERROR "implicits_analyze: ${target} is an alias or an imported target; name the target that compiles the module")
  endif()
  get_target_property(source_dir ${target} SOURCE_DIR)
  if(NOT source_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "implicits_analyze: call it in ${source_dir}, where ${target} is created")
  endif()
  get_target_property(analyzed ${target} IMPLICITS_INTERFACE)
  if(analyzed)
    message(FATAL_ERROR "implicits_analyze: ${target} is analyzed already")
  endif()

  set(module "${arg_MODULE_NAME}")
  if(NOT module)
    get_target_property(module ${target} Swift_MODULE_NAME)
  endif()
  if(NOT module)
    set(module "${target}")
  endif()
  if(NOT module MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "implicits_analyze: the module name '${module}' of ${target} is not an identifier; give MODULE_NAME")
  endif()
  get_property(modules GLOBAL PROPERTY _IMPLICITS_MODULES)
  if(module IN_LIST modules)
    message(FATAL_ERROR "implicits_analyze: another analyzed target is module ${module} too")
  endif()
  set_property(GLOBAL APPEND PROPERTY _IMPLICITS_MODULES ${module})
  set_property(GLOBAL PROPERTY _IMPLICITS_TARGET_OF_${module} ${target})
  set_target_properties(${target} PROPERTIES Swift_MODULE_NAME "${module}")

  set(root "${arg_SOURCES_ROOT}")
  if(NOT root)
    set(root "${CMAKE_SOURCE_DIR}")
  endif()
  get_filename_component(root "${root}" ABSOLUTE)

  set(interface "${CMAKE_BINARY_DIR}/implicits/interfaces/${module}.implicitinterface")
  set(support "${CMAKE_BINARY_DIR}/implicits/support/${module}.implicits.swift")
  set(chains "${CMAKE_BINARY_DIR}/implicits/state/${module}.chains.json")
  set_target_properties(${target} PROPERTIES
    IMPLICITS_INTERFACE "${interface}"
    IMPLICITS_SUPPORT_FILE "${support}"
    IMPLICITS_MODULE "${module}"
    IMPLICITS_SOURCES_ROOT "${root}")

  # Generator expressions, evaluated when CMake writes the build: the target's
  # sources and the interfaces it reads are set by _implicits_finish, once
  # every CMakeLists.txt has run; the definitions include those that linked
  # targets give it, and per-configuration ones.
  set(sources "$<FILTER:$<TARGET_PROPERTY:${target},IMPLICITS_SOURCES>,INCLUDE,\\.swift$>")
  set(definitions "$<FILTER:$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>,INCLUDE,^[A-Za-z_][A-Za-z0-9_]*$>")
  set(dependencies "$<TARGET_PROPERTY:${target},IMPLICITS_DEPENDENCY_INTERFACES>")
  get_property(tool GLOBAL PROPERTY _IMPLICITS_TOOL)
  set(options "")
  if(arg_ENABLE_EXPORTING)
    list(APPEND options --enable-exporting)
  endif()
  if(arg_WARNINGS_AS_ERRORS)
    list(APPEND options --warnings-as-errors)
  endif()

  add_custom_command(
    OUTPUT "${interface}" "${support}" "${chains}"
    COMMAND "${tool}" analyze
      --module-name "${module}"
      --sources-root "${root}"
      --diagnostics-format "${IMPLICITS_DIAGNOSTICS_FORMAT}"
      ${options}
      "$<$<NOT:$<STREQUAL:${definitions},>>:-D;$<JOIN:${definitions},;-D;>>"
      "$<$<NOT:$<STREQUAL:${dependencies},>>:--dependency-interface;$<JOIN:${dependencies},;--dependency-interface;>>"
      --emit-interface "${interface}"
      --emit-support-file "${support}"
      --emit-chains "${chains}"
      "${sources}"
    DEPENDS "${sources}" "${dependencies}" "${tool}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "Checking implicits of ${module}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  target_sources(${target} PRIVATE "${support}")
  _implicits_settle(${target} ${module})

  set_property(GLOBAL APPEND PROPERTY IMPLICITS_ANALYZED_TARGETS ${target})
  get_property(deferred GLOBAL PROPERTY _IMPLICITS_DEFERRED)
  if(NOT deferred)
    set_property(GLOBAL PROPERTY _IMPLICITS_DEFERRED TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _implicits_finish)
  endif()
endfunction()

# Makes the step that compiles and links <target> settle under the Ninja
# generator. CMake 3.25 (and later versions without policy CMP0157, which
# CMake 3.29 added for separate Swift compile edges) builds a Swift target in
# one edge, `swiftc -incremental … -emit-library` or `-emit-executable`,
# whose outputs are the target, one object per source and
# <module>.swiftmodule. swiftc leaves an object alone when it comes out the
# same (after a comment edit, say), so that object stays older than its
# source, and an edge without `restat` then runs on every build. CMake writes
# `restat = 1` for the edge when the target has a build event with
# BYPRODUCTS: the stamp below. CMake 3.25 also lists <module>.swiftmodule
# among an executable's outputs without passing the flags that write it
# (ENABLE_EXPORTS does not pass them either), so they are added here.
function(_implicits_settle target module)
  set(stamp "${CMAKE_BINARY_DIR}/implicits/built/${module}.stamp")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    BYPRODUCTS "${stamp}"
    VERBATIM)
  get_target_property(type ${target} TYPE)
  get_property(split_model GLOBAL PROPERTY _IMPLICITS_CMP0157)
  if(type STREQUAL "EXECUTABLE" AND NOT split_model STREQUAL "NEW")
    get_target_property(directory ${target} Swift_MODULE_DIRECTORY)
    if(NOT directory)
      set(directory "${CMAKE_CURRENT_BINARY_DIR}")
    endif()
    get_target_property(name ${target} Swift_MODULE)
    if(NOT name)
      set(name "${module}.swiftmodule")
    endif()
    target_link_options(${target} PRIVATE "SHELL:-emit-module -emit-module-path \"${directory}/${name}\"")
  endif()
endfunction()

# The targets that <target> links, directly or not. Only plain names and
# $<LINK_ONLY:name> are followed, not other generator expressions.
function(_implicits_linked target result)
  set(seen "")
  set(pending ${target})
  while(pending)
    list(POP_FRONT pending current)
    get_target_property(aliased ${current} ALIASED_TARGET)
    if(aliased)
      set(current ${aliased})
    endif()
    if(current IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${current})
    get_target_property(type ${current} TYPE)
    get_target_property(imported ${current} IMPORTED)
    set(items "")
    if(NOT type STREQUAL "INTERFACE_LIBRARY" AND NOT imported)
      get_target_property(items ${current} LINK_LIBRARIES)
    endif()
    get_target_property(interface_items ${current} INTERFACE_LINK_LIBRARIES)
    foreach(item IN LISTS items interface_items)
      if(item MATCHES "^\\$<LINK_ONLY:([^$<>]+)>$")
        set(item "${CMAKE_MATCH_1}")
      endif()
      if(item AND NOT item MATCHES "^::@" AND TARGET "${item}")
        list(APPEND pending "${item}")
      endif()
    endforeach()
  endwhile()
  list(REMOVE_ITEM seen ${target})
  set(${result} "${seen}" PARENT_SCOPE)
endfunction()

# The analyzed targets whose modules <target>'s sources import (an `import`
# at the start of a line, attributes and a declaration kind allowed) but
# which <target> does not link, directly or not: the analysis gets no
# interface of them. Each is warned about once, with the line that fixes it.
function(_implicits_unlinked_imports target sources linked result)
  set(unlinked "")
  foreach(source IN LISTS sources)
    if(source MATCHES "\\$<" OR NOT source MATCHES "\\.swift$" OR NOT EXISTS "${source}")
      continue()
    endif()
    file(STRINGS "${source}" imports REGEX "^[ \t]*(@[A-Za-z_]+[ \t]+)*import[ \t]+[A-Za-z_]")
    foreach(line IN LISTS imports)
      if(NOT line MATCHES "import[ \t]+((class|struct|enum|protocol|typealias|func|var|let)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)")
        continue()
      endif()
      set(imported "${CMAKE_MATCH_3}")
      get_property(provider GLOBAL PROPERTY _IMPLICITS_TARGET_OF_${imported})
      if(provider AND NOT provider STREQUAL target AND NOT provider IN_LIST linked AND NOT provider IN_LIST unlinked)
        list(APPEND unlinked ${provider})
        message(WARNING "implicits_analyze: ${target} imports ${imported} (${source}) but does not link "
          "${provider}, so its analysis gets no interface of ${imported}: "
          "target_link_libraries(${target} PUBLIC ${provider})")
      endif()
    endforeach()
  endforeach()
  set(${result} "${unlinked}" PARENT_SCOPE)
endfunction()

# The values of <property> that <targets> set (analyzed targets set the
# IMPLICITS_ ones), sorted.
function(_implicits_values_of targets property result)
  set(values "")
  foreach(target IN LISTS targets)
    get_target_property(value ${target} ${property})
    if(value)
      list(APPEND values "${value}")
    endif()
  endforeach()
  list(SORT values)
  set(${result} "${values}" PARENT_SCOPE)
endfunction()

# Runs once, when the top-level CMakeLists.txt is done: gives every analyzed
# target its Swift sources (absolute, without the support file) and the
# interfaces of the analyzed targets it links, directly or not.
function(_implicits_finish)
  get_property(analyzed GLOBAL PROPERTY IMPLICITS_ANALYZED_TARGETS)
  # The target Implicits::Runtime stands for, as _implicits_linked lists it
  # (an alias resolved): ImplicitsRuntime, or the imported target itself.
  get_target_property(runtime Implicits::Runtime ALIASED_TARGET)
  if(NOT runtime)
    set(runtime Implicits::Runtime)
  endif()
  foreach(target IN LISTS analyzed)
    get_target_property(source_dir ${target} SOURCE_DIR)
    get_target_property(support ${target} IMPLICITS_SUPPORT_FILE)
    get_target_property(all_sources ${target} SOURCES)
    set(sources "")
    foreach(source IN LISTS all_sources)
      if(NOT source MATCHES "\\$<")
        get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${source_dir}")
      endif()
      if(NOT source STREQUAL support)
        list(APPEND sources "${source}")
      endif()
    endforeach()

    _implicits_linked(${target} linked)
    _implicits_unlinked_imports(${target} "${sources}" "${linked}" unlinked)
    set(runtime_through_unlinked FALSE)
    foreach(provider IN LISTS unlinked)
      _implicits_linked(${provider} provider_linked)
      if(runtime IN_LIST provider_linked)
        set(runtime_through_unlinked TRUE)
      endif()
    endforeach()
    if(NOT runtime IN_LIST linked AND NOT runtime_through_unlinked)
      message(WARNING "implicits_analyze: ${target} does not link Implicits::Runtime, which its "
        "support file needs: target_link_libraries(${target} PRIVATE Implicits::Runtime)")
    endif()
    _implicits_values_of("${linked}" IMPLICITS_INTERFACE interfaces)
    set_target_properties(${target} PROPERTIES
      IMPLICITS_SOURCES "${sources}"
      IMPLICITS_DEPENDENCY_INTERFACES "${interfaces}")
  endforeach()
  _implicits_write_manifest()
endfunction()
