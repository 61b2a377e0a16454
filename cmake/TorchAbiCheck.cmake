# The engine links C++ libraries of its own (the planner, nlohmann's JSON) with
# the compiler's default std::string ABI; a LibTorch built with the other one
# links, then fails in strange ways at run time. Say so at configure time.
function(hamgam_check_torch_abi)
    set(torch_abi "")
    if(TORCH_CXX_FLAGS MATCHES "_GLIBCXX_USE_CXX11_ABI=([01])")
        set(torch_abi "${CMAKE_MATCH_1}")
    endif()
    include(CheckCXXSourceCompiles)
    check_cxx_source_compiles("
        #include <string>
        #if !_GLIBCXX_USE_CXX11_ABI
        #error old ABI
        #endif
        int main() { return 0; }" HAMGAM_COMPILER_CXX11_ABI)
    if(HAMGAM_COMPILER_CXX11_ABI)
        set(ours 1)
    else()
        set(ours 0)
    endif()
    if(torch_abi STREQUAL "")
        message(STATUS "LibTorch ${Torch_VERSION} (${Torch_DIR}): it states no C++ ABI; assuming the compiler's")
    elseif(NOT torch_abi STREQUAL ours AND HAMGAM_ENGINE_ONLY)
        # The engine alone links nothing C++ but its own static libraries (the planner, the data files)
        # and header-only JSON: all of them build with LibTorch's ABI (pip's wheels before 2.7 use the
        # pre-C++11 one). The whole product cannot: Qt is built with the compiler's.
        target_compile_definitions(hamgam_engine_cfg INTERFACE _GLIBCXX_USE_CXX11_ABI=${torch_abi})
        message(STATUS "LibTorch ${Torch_VERSION} (${Torch_DIR}): C++ ABI ${torch_abi}, not this compiler's "
                       "${ours}: the engine alone (HAMGAM_ENGINE_ONLY) builds with LibTorch's")
    elseif(NOT torch_abi STREQUAL ours)
        message(FATAL_ERROR
            "The LibTorch at ${Torch_DIR} was built with _GLIBCXX_USE_CXX11_ABI=${torch_abi}, "
            "this compiler's default is ${ours}: the engine would link and then fail at run time. "
            "Use a LibTorch with the C++11 ABI (Debian's libtorch-dev or libtorch-cuda-dev, pip's "
            "torch 2.7 or later, or the \"cxx11 ABI\" LibTorch archive), build the engine alone "
            "(-DHAMGAM_ENGINE_ONLY=ON, as scripts/gpu-check does), or configure with -DHAMGAM_BUILD_ENGINE=OFF.")
    else()
        message(STATUS "LibTorch ${Torch_VERSION} (${Torch_DIR}): C++ ABI ${torch_abi}, as this compiler's")
    endif()
endfunction()
