# `cmake --install build --prefix P`: the weft command in P/bin, the library, its headers and its
# CMake package (find_package(weft CONFIG): weft::weft, weft::weft_gpu), the Python module, and in
# P/share/weft the scenes with their meshes and the GLSL sources of the shaders weft embeds
# (data_folder.h finds the scenes there from wherever weft runs).
include(CMakePackageConfigHelpers)

install(TARGETS weft RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS weft_library weft_gpu_library EXPORT weftTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/weft DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT weftTargets NAMESPACE weft:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/weft)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/weftConfig.cmake.in
  ${PROJECT_BINARY_DIR}/weftConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/weft)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/weftConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/weftConfig.cmake ${PROJECT_BINARY_DIR}/weftConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/weft)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/scenes DESTINATION ${CMAKE_INSTALL_DATADIR}/weft)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shaders/ DESTINATION ${CMAKE_INSTALL_DATADIR}/weft/shaders
  FILES_MATCHING PATTERN "*.comp" PATTERN "*.vert" PATTERN "*.frag" PATTERN "*.h" PATTERN "*.glsl")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples DESTINATION ${CMAKE_INSTALL_DATADIR}/weft)
