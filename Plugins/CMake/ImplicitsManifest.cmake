# Part of Implicits.cmake (included by it): the module graph of the
# analyzed targets, written as a manifest for `implicits why`, `graph` and
# `lsp`.

# A YAML double-quoted scalar of <text>.
function(_implicits_yaml_quoted text result)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  set(${result} "\"${text}\"" PARENT_SCOPE)
endfunction()

# Writes the module graph this build analyzes as a manifest,
# <build>/implicits/implicits.yaml, when CMake generates the build (the
# compile definitions are known then): the modules, their Swift sources, the
# analyzed targets they link as dependencies, their plain-name definitions
# as conditions, and this folder as the output directory, where the
# analyses write. `implicits why`, `implicits graph` and `implicits lsp`
# find it there (in the build folder, or a build folder named `build` in
# the source tree), so that no hand-written manifest repeats the graph.
# Single-configuration generators only (Ninja, Makefiles): a
# multi-configuration build has no one set of definitions.
function(_implicits_write_manifest)
  get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi)
    return()
  endif()
  get_property(analyzed GLOBAL PROPERTY IMPLICITS_ANALYZED_TARGETS)
  set(roots "")
  foreach(target IN LISTS analyzed)
    get_target_property(root ${target} IMPLICITS_SOURCES_ROOT)
    list(APPEND roots "${root}")
  endforeach()
  # A manifest's sources lie below its sources root: the deepest folder
  # that holds the targets' roots and every source.
  list(GET roots 0 root)
  foreach(target IN LISTS analyzed)
    get_target_property(sources ${target} IMPLICITS_SOURCES)
    foreach(path IN LISTS roots sources)
      if(path MATCHES "\\$<")
        continue()
      endif()
      while(NOT root STREQUAL "/")
        string(FIND "${path}/" "${root}/" at)
        if(at EQUAL 0)
          break()
        endif()
        get_filename_component(root "${root}" DIRECTORY)
      endwhile()
    endforeach()
  endforeach()
  _implicits_yaml_quoted("${root}" root)
  set(content "# Written by Plugins/CMake when CMake generated this build: the modules it\n")
  string(APPEND content "# analyzes. Configure again to update it; edits are lost.\n")
  string(APPEND content "version: 1\noutput-dir: .\nsources-root: ${root}\nmodules:\n")
  foreach(target IN LISTS analyzed)
    get_target_property(module ${target} IMPLICITS_MODULE)
    get_target_property(sources ${target} IMPLICITS_SOURCES)
    set(quoted "")
    foreach(source IN LISTS sources)
      if(source MATCHES "\\.swift$" AND NOT source MATCHES "\\$<")
        _implicits_yaml_quoted("${source}" source)
        list(APPEND quoted "${source}")
      endif()
    endforeach()
    list(JOIN quoted ", " quoted)
    _implicits_linked(${target} linked)
    _implicits_values_of("${linked}" IMPLICITS_MODULE dependencies)
    list(JOIN dependencies ", " dependencies)
    set(definitions "$<FILTER:$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>,INCLUDE,^[A-Za-z_][A-Za-z0-9_]*$>")
    string(APPEND content "  - name: ${module}\n    sources: [${quoted}]\n")
    string(APPEND content "    dependencies: [${dependencies}]\n")
    string(APPEND content "    compilation-conditions: [$<JOIN:${definitions},$<COMMA> >]\n")
  endforeach()
  file(GENERATE OUTPUT "${CMAKE_BINARY_DIR}/implicits/implicits.yaml" CONTENT "${content}")
endfunction()
