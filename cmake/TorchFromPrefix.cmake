# A LibTorch named by its folders rather than by TorchConfig.cmake, whose CUDA
# variant insists on nvcc and a whole CUDA toolkit (enable_language(CUDA)) that
# the engine does not need: it compiles no CUDA code, it only calls LibTorch.
# scripts/cuda-check (Debian 13's libtorch-cuda-dev, unpacked) and
# scripts/gpu-check (pip's torch) configure with:
#   -DHAMGAM_TORCH_INCLUDE_DIR=<dir with torch/ (torch/version.h or torch/csrc/api/include/torch/version.h)>
#   -DHAMGAM_TORCH_LIBRARY_DIR=<dir with libtorch.so>
#   [-DHAMGAM_CUDA_INCLUDE_DIRS="<cuda_runtime_api.h dir>;<nccl.h dir>"]
#   [-DHAMGAM_CUDA_LIBRARY_DIRS=<libcudart.so* dirs>]
# It defines what find_package(Torch) would: the target torch, TORCH_LIBRARIES,
# TORCH_CUDA_LIBRARIES (when libtorch_cuda is there), TORCH_CXX_FLAGS, Torch_VERSION, Torch_DIR.
function(hamgam_torch_from_prefix)
    set(inc "${HAMGAM_TORCH_INCLUDE_DIR}")
    set(lib "${HAMGAM_TORCH_LIBRARY_DIR}")
    # pip's wheels and Debian's packages keep it in one of these.
    set(version_h "${inc}/torch/version.h")
    if(NOT EXISTS "${version_h}")
        set(version_h "${inc}/torch/csrc/api/include/torch/version.h")
    endif()
    if(NOT EXISTS "${version_h}")
        message(FATAL_ERROR "HAMGAM_TORCH_INCLUDE_DIR=${inc} holds no torch/version.h (nor torch/csrc/api/include/torch/version.h)")
    endif()
    file(STRINGS "${version_h}" version_lines REGEX "#define TORCH_VERSION_(MAJOR|MINOR|PATCH) ")
    set(parts "")
    foreach(line IN LISTS version_lines)
        string(REGEX REPLACE ".*TORCH_VERSION_[A-Z]+ ([0-9]+).*" "\\1" n "${line}")
        list(APPEND parts "${n}")
    endforeach()
    list(JOIN parts "." version)

    set(names torch torch_cpu c10)
    set(cuda FALSE)
    file(GLOB any_cuda "${lib}/libtorch_cuda.so*")
    if(any_cuda)
        set(cuda TRUE)
        list(APPEND names torch_cuda c10_cuda)
    endif()

    set(libraries "")
    foreach(name IN LISTS names)
        # Debian ships only the versioned name in the runtime package (libtorch.so.2.6).
        file(GLOB candidates "${lib}/lib${name}.so" "${lib}/lib${name}.so.*")
        list(SORT candidates)
        list(LENGTH candidates count)
        if(count EQUAL 0)
            message(FATAL_ERROR "no lib${name}.so in HAMGAM_TORCH_LIBRARY_DIR=${lib}")
        endif()
        list(GET candidates 0 path)
        list(APPEND libraries "${path}")
    endforeach()
    set(cuda_libraries "")
    if(cuda)
        find_library(HAMGAM_CUDART NAMES cudart libcudart.so.12 libcudart.so.13 libcudart.so.11.0
                     PATHS ${HAMGAM_CUDA_LIBRARY_DIRS} "${lib}" NO_DEFAULT_PATH)
        if(NOT HAMGAM_CUDART)
            message(FATAL_ERROR "a CUDA LibTorch, but no libcudart in HAMGAM_CUDA_LIBRARY_DIRS=${HAMGAM_CUDA_LIBRARY_DIRS}")
        endif()
        list(APPEND cuda_libraries "${HAMGAM_CUDART}")
    endif()

    add_library(torch INTERFACE IMPORTED GLOBAL)
    target_include_directories(torch SYSTEM INTERFACE "${inc}" "${inc}/torch/csrc/api/include" ${HAMGAM_CUDA_INCLUDE_DIRS})
    # libtorch_cuda registers CUDA with LibTorch when it loads: keep it NEEDED.
    target_link_libraries(torch INTERFACE "-Wl,--no-as-needed" ${libraries} ${cuda_libraries} "-Wl,--as-needed")
    # What those libraries need in turn (libgloo_cuda, libcublas, ...) lives in the same folders.
    foreach(dir IN LISTS lib HAMGAM_CUDA_LIBRARY_DIRS)
        target_link_options(torch INTERFACE "-Wl,-rpath-link,${dir}")
    endforeach()
    set(abi_flag "")
    if(libraries)
        # The library's own answer: a pre-C++11-ABI build names std::string without __cxx11.
        execute_process(COMMAND nm -D --defined-only ${libraries} OUTPUT_VARIABLE symbols ERROR_QUIET)
        if(symbols MATCHES "__cxx11")
            set(abi_flag "-D_GLIBCXX_USE_CXX11_ABI=1")
        elseif(symbols)
            set(abi_flag "-D_GLIBCXX_USE_CXX11_ABI=0")
        endif()
    endif()
    set(TORCH_CXX_FLAGS "${abi_flag}" PARENT_SCOPE)
    set(TORCH_LIBRARIES torch PARENT_SCOPE)
    if(cuda)
        set(TORCH_CUDA_LIBRARIES ${libraries} ${cuda_libraries} PARENT_SCOPE)
    endif()
    set(Torch_VERSION "${version}" PARENT_SCOPE)
    set(Torch_DIR "${lib}" PARENT_SCOPE)
    set(kind "CPU")
    if(cuda)
        set(kind "CUDA")
    endif()
    message(STATUS "LibTorch ${version} (${kind}) from ${inc} and ${lib}")
endfunction()
