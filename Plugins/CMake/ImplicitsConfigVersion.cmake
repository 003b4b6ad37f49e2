# find_package(Implicits <version> CONFIG) reads this file: the version of
# the swift-implicits this folder belongs to, as `implicits --version` prints
# it (docs/examples/cmake/check.sh compares the two). Before 1.0, a minor
# version may change the interface format, so a request is met by the same
# major and minor version, at its patch level or later; from 1.0 on, by the
# same major version, at the requested version or later.
set(PACKAGE_VERSION "0.1.0")

if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  string(REGEX MATCH "^([0-9]+)\\.([0-9]+)" _implicits_version "${PACKAGE_VERSION}")
  set(_implicits_major "${CMAKE_MATCH_1}")
  set(_implicits_minor "${CMAKE_MATCH_2}")
  if(NOT PACKAGE_FIND_VERSION_MAJOR EQUAL _implicits_major)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  elseif(_implicits_major EQUAL 0 AND NOT PACKAGE_FIND_VERSION_MINOR EQUAL _implicits_minor)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
      set(PACKAGE_VERSION_EXACT TRUE)
    endif()
  endif()
endif()
