# CMake toolchain file for `project(... LANGUAGES HIP)` with Debian's ROCm (5.2, Debian 12), which CMake
# 3.25 (Debian 12's) cannot configure as packaged: it wants `hip-lang-config.cmake` under `<ROCm root>/lib/cmake/`,
# where Debian keeps it under the multiarch `lib/x86_64-linux-gnu/cmake/`, and hip-lang's own include
# directory is `/usr/include`, which as `-isystem` breaks libstdc++'s `#include_next <math.h>` for clang-22
# (clang-15 tolerates it). Wave64 targets (GFX9) only with clang newer than 15: ROCm 5.2's headers read the
# wave size from a macro such clang no longer defines, so this file defines it as 64. Installed as PREFIX/lib/cmake/wavebudget/debian-rocm.cmake by scripts/install.sh; tested by
# tests/rocm_build.rs through docs/rocm-build.md.
#
#   cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE=PREFIX/lib/cmake/wavebudget/debian-rocm.cmake \
#         -DCMAKE_HIP_ARCHITECTURES=gfx90a [-DWAVEBUDGET_HIP_CLANG=/usr/lib/llvm-22/bin/clang++]
#
# With -DWAVEBUDGET_HIP_AS_CXX=ON it serves `find_package(hip)` projects instead, which compile HIP as CXX:
# WAVEBUDGET_HIP_CLANG becomes the CXX compiler, with the same ROCm flags (and GPU_TARGETS as usual).
#
# What it does: sets the HIP compiler (WAVEBUDGET_HIP_CLANG, default Debian's clang++-15, ROCm 5.2's),
# gives CMake a ROCm root in the build tree holding a copy of Debian's hip-lang package files (so they
# resolve their prefix there: its include/ holds only hip/ and hsa/, its lib/x86_64-linux-gnu is Debian's),
# finds Debian's other ROCm packages (AMDDeviceLibs, amd_comgr) in the multiarch directory, and passes
# clang Debian's ROCm paths; for clang newer than 15, also code object version 5 (ROCm 5.2's device
# libraries stop there) and the wave size macro its HIP headers still read.

set(WAVEBUDGET_HIP_CLANG "clang++-15" CACHE STRING "The clang++ that compiles HIP (clang++-15 is ROCm 5.2's)")
set(WAVEBUDGET_HIP_AS_CXX OFF CACHE BOOL "find_package(hip) with WAVEBUDGET_HIP_CLANG as the CXX compiler")
# One compiler per build directory: CMake keeps the first one it configured with.
if(DEFINED _WAVEBUDGET_HIP_CLANG_USED AND NOT _WAVEBUDGET_HIP_CLANG_USED STREQUAL WAVEBUDGET_HIP_CLANG)
  message(FATAL_ERROR "debian-rocm.cmake: this build directory was configured with ${_WAVEBUDGET_HIP_CLANG_USED}; "
                      "for WAVEBUDGET_HIP_CLANG=${WAVEBUDGET_HIP_CLANG} use a fresh build directory")
endif()
set(_WAVEBUDGET_HIP_CLANG_USED "${WAVEBUDGET_HIP_CLANG}" CACHE INTERNAL "")
set(CMAKE_HIP_COMPILER "${WAVEBUDGET_HIP_CLANG}")
if(WAVEBUDGET_HIP_AS_CXX)
  set(CMAKE_CXX_COMPILER "${WAVEBUDGET_HIP_CLANG}")
endif()

set(_wb_multiarch "/usr/lib/x86_64-linux-gnu")
if(NOT EXISTS "${_wb_multiarch}/cmake/hip-lang/hip-lang-config.cmake")
  message(FATAL_ERROR "debian-rocm.cmake: ${_wb_multiarch}/cmake/hip-lang/hip-lang-config.cmake not found: "
                      "install Debian's HIP development package (apt-get install libamdhip64-dev)")
endif()
set(_wb_prefix "${CMAKE_BINARY_DIR}/_debian_rocm")
set(_wb_root "${_wb_prefix}/root")
if(NOT EXISTS "${_wb_root}/lib/cmake/hip-lang/hip-lang-config.cmake")
  file(MAKE_DIRECTORY "${_wb_root}/lib/cmake/hip-lang" "${_wb_prefix}/include" "${_wb_prefix}/lib")
  file(GLOB _wb_files "${_wb_multiarch}/cmake/hip-lang/*.cmake")
  file(COPY ${_wb_files} DESTINATION "${_wb_root}/lib/cmake/hip-lang")
  file(CREATE_LINK "${_wb_multiarch}" "${_wb_prefix}/lib/x86_64-linux-gnu" SYMBOLIC)
  file(CREATE_LINK /usr/include/hip "${_wb_prefix}/include/hip" SYMBOLIC)
  file(CREATE_LINK /usr/include/hsa "${_wb_prefix}/include/hsa" SYMBOLIC)
endif()
set(CMAKE_HIP_COMPILER_ROCM_ROOT "${_wb_root}")
list(APPEND CMAKE_PREFIX_PATH "${_wb_multiarch}/cmake")

set(CMAKE_HIP_FLAGS_INIT "--rocm-path=/usr --hip-device-lib-path=${_wb_multiarch}/amdgcn/bitcode")
execute_process(COMMAND "${WAVEBUDGET_HIP_CLANG}" --version OUTPUT_VARIABLE _wb_version ERROR_QUIET)
if(NOT _wb_version MATCHES "clang version ([0-9]+)")
  message(FATAL_ERROR "debian-rocm.cmake: WAVEBUDGET_HIP_CLANG=${WAVEBUDGET_HIP_CLANG} is not a clang that runs")
endif()
if(CMAKE_MATCH_1 GREATER 15)
  foreach(_wb_arch IN LISTS CMAKE_HIP_ARCHITECTURES GPU_TARGETS AMDGPU_TARGETS)
    if(_wb_arch MATCHES "^gfx1[0-9]")
      message(FATAL_ERROR "debian-rocm.cmake: ${_wb_arch} is a wave32 target: with ${WAVEBUDGET_HIP_CLANG} "
                          "ROCm 5.2's headers would take it as wave64 (warpSize 64); use clang++-15 for it")
    endif()
  endforeach()
  string(APPEND CMAKE_HIP_FLAGS_INIT " -mcode-object-version=5 -D__AMDGCN_WAVEFRONT_SIZE=64")
endif()
if(WAVEBUDGET_HIP_AS_CXX)
  set(CMAKE_CXX_FLAGS_INIT "${CMAKE_HIP_FLAGS_INIT}")
endif()
