# find_package(Implicits CONFIG) loads this file when Implicits_DIR or
# CMAKE_PREFIX_PATH names this folder. It defines what Implicits.cmake
# defines: implicits_analyze() and the target Implicits::Runtime. When the
# SwiftPM build of swift-implicits is missing, the package is not found and
# Implicits_NOT_FOUND_MESSAGE says what to run (find_package(... REQUIRED)
# stops with it).
set(_IMPLICITS_FIND_PACKAGE TRUE)
include("${CMAKE_CURRENT_LIST_DIR}/Implicits.cmake")
unset(_IMPLICITS_FIND_PACKAGE)
