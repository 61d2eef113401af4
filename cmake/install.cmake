# What `cmake --install` installs and `cpack -G DEB` packages: the `endsolve`
# command, libendsolve, its public headers under include/endsolve/ (each
# folder's endsolve_public_headers) and the CMake package that lets a
# program find_package(endsolve) (examples/solve_one/).
include(CMakePackageConfigHelpers)

set(ENDSOLVE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/endsolve)

install(TARGETS endsolve_lib EXPORT endsolveTargets)
install(TARGETS endsolve)
# A shared libendsolve sits in lib/ next to bin/: the installed command finds
# it there wherever the prefix is.
if(BUILD_SHARED_LIBS)
  set_target_properties(endsolve PROPERTIES
    INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
endif()

install(EXPORT endsolveTargets NAMESPACE endsolve:: DESTINATION ${ENDSOLVE_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/endsolveConfig.cmake.in
  ${PROJECT_BINARY_DIR}/endsolveConfig.cmake
  INSTALL_DESTINATION ${ENDSOLVE_CMAKE_DIR})
# Before 1.0 a minor release may break the API, so find_package(endsolve 0.1)
# accepts 0.1.x only.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/endsolveConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/endsolveConfig.cmake
              ${PROJECT_BINARY_DIR}/endsolveConfigVersion.cmake
        DESTINATION ${ENDSOLVE_CMAKE_DIR})

# The Debian package (cpack -G DEB, from the build folder): one package with
# the command, the library, the headers and the CMake package, installed
# under /usr. dpkg-shlibdeps derives the run-time dependencies (libtbb,
# Abseil's shared libraries) from the binary, so `apt-get install
# ./endsolve_*.deb` pulls them in; building against the library also needs
# the headers of Abseil, oneTBB and nlohmann-json, which it recommends.
set(CPACK_PACKAGE_NAME endsolve)
set(CPACK_PACKAGE_VENDOR "endsolve")
set(CPACK_PACKAGE_CONTACT "Seed 63535c9d maintainers <maintainers@users.noreply.a-seed-63535c9d.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact multithreaded Othello endgame solver")
set(CPACK_PACKAGE_DESCRIPTION
  "endsolve solves Othello endgames exactly (scores, best moves, principal \
variations) with a parallel alpha-beta search; this package holds the \
endsolve command and the C++ library with its headers and CMake package.")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libtbb-dev, libabsl-dev, nlohmann-json3-dev")
include(CPack)
