# `cmake --install <build> --prefix DIR`: the tool (bin/cgtlab), the library (lib/libcgtlab.a) with its
# public headers (include/cgtlab/<dir>/*.h, included as "cgt/game.h"), a CMake package config
# (lib/cmake/cgtlab: find_package(cgtlab) gives the target cgtlab::cgtlab) and, when built, the Python
# package (lib/python3/dist-packages/cgtlab: PYTHONPATH=DIR/lib/python3/dist-packages).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CGTLAB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/cgtlab)
target_include_directories(cgtlab_lib PUBLIC $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/cgtlab>)
target_compile_features(cgtlab_lib PUBLIC cxx_std_20)
set_target_properties(cgtlab_lib PROPERTIES EXPORT_NAME cgtlab)
if(CGTLAB_SANITIZE)
  # An instrumented library needs the sanitizer runtimes in whatever links it (a consumer's program).
  target_link_options(cgtlab_lib INTERFACE $<INSTALL_INTERFACE:-fsanitize=address,undefined>)
endif()

install(TARGETS cgtlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS cgtlab_lib EXPORT cgtlabTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The library's headers (not the front ends').
install(DIRECTORY src/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cgtlab
        FILES_MATCHING PATTERN "*.h"
        PATTERN "cli" EXCLUDE PATTERN "server" EXCLUDE)
install(EXPORT cgtlabTargets NAMESPACE cgtlab:: DESTINATION ${CGTLAB_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/cgtlabConfig.cmake.in ${CMAKE_BINARY_DIR}/cgtlabConfig.cmake
                              INSTALL_DESTINATION ${CGTLAB_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cgtlabConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cgtlabConfig.cmake ${CMAKE_BINARY_DIR}/cgtlabConfigVersion.cmake
        DESTINATION ${CGTLAB_INSTALL_CMAKEDIR})

if(CGTLAB_PYTHON)
  set(CGTLAB_PYTHON_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/python3/dist-packages CACHE STRING
      "where cmake --install puts the Python package cgtlab (relative to the prefix)")
  install(DIRECTORY ${CMAKE_BINARY_DIR}/python/cgtlab DESTINATION ${CGTLAB_PYTHON_INSTALL_DIR}
          PATTERN "__pycache__" EXCLUDE)
endif()

if(CGTLAB_BUILD_TESTS)
  # Installs into a scratch prefix, builds and runs a three-line find_package(cgtlab) consumer,
  # runs the installed tool and imports the installed Python package.
  add_test(NAME install_consumer COMMAND ${CMAKE_SOURCE_DIR}/tests/cmake/install_test.sh ${CMAKE_BINARY_DIR}
           ${CMAKE_SOURCE_DIR}/tests/cmake/consumer $<BOOL:${CGTLAB_PYTHON}>)
  set_tests_properties(install_consumer PROPERTIES TIMEOUT 900)
  if(CGTLAB_PYTHON)
    # pip install --no-build-isolation . into a fresh venv from a copy of the sources (setup.py
    # drives this CMake project), then import and uninstall.
    add_test(NAME python_pip_install COMMAND ${CMAKE_SOURCE_DIR}/tests/cmake/pip_install_test.sh
             ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
    set_tests_properties(python_pip_install PROPERTIES TIMEOUT 1200)
  endif()
endif()
