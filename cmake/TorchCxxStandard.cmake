# The engine's C++ standard, from the LibTorch found. hamgam_engine_cfg says
# C++17 (cmake/HamgamCommon.cmake): 1.13's headers are not clean under C++20.
# From 2.14 on LibTorch's headers refuse anything older than C++20 ("#error
# C++20 or later compatible compiler is required", pytorch/pytorch#178150 in
# 2.14's release notes; 2.13's still take C++17), so the engine builds as
# C++20 there. HAMGAM_ENGINE_CXX_STANDARD=17|20 overrides the choice (20 on an
# older LibTorch checks that the engine's own code is C++20-clean).
set(HAMGAM_ENGINE_CXX_STANDARD "auto" CACHE STRING
    "C++ standard of the engine: auto (20 from LibTorch 2.14 on, else 17), 17 or 20")
set_property(CACHE HAMGAM_ENGINE_CXX_STANDARD PROPERTY STRINGS auto 17 20)

function(hamgam_engine_cxx_standard)
    set(first_cxx20 2.14)
    set(choice "${HAMGAM_ENGINE_CXX_STANDARD}")
    if(choice STREQUAL "auto")
        if(Torch_VERSION VERSION_GREATER_EQUAL first_cxx20)
            set(standard 20)
            set(why "LibTorch ${Torch_VERSION}'s headers require C++20 (from ${first_cxx20} on)")
        else()
            set(standard 17)
            set(why "LibTorch ${Torch_VERSION} is older than ${first_cxx20}, the first to require C++20")
        endif()
    elseif(choice STREQUAL "17" OR choice STREQUAL "20")
        set(standard "${choice}")
        set(why "HAMGAM_ENGINE_CXX_STANDARD=${choice} (LibTorch ${Torch_VERSION})")
        if(standard STREQUAL "17" AND Torch_VERSION VERSION_GREATER_EQUAL first_cxx20)
            message(FATAL_ERROR "HAMGAM_ENGINE_CXX_STANDARD=17, but LibTorch ${Torch_VERSION}'s headers "
                                "require C++20 (from ${first_cxx20} on): use auto or 20")
        endif()
    else()
        message(FATAL_ERROR "HAMGAM_ENGINE_CXX_STANDARD must be auto, 17 or 20, not \"${choice}\"")
    endif()
    if(standard STREQUAL "20")
        target_compile_features(hamgam_engine_cfg INTERFACE cxx_std_20)
    endif()
    message(STATUS "The engine builds as C++${standard}: ${why}")
endfunction()
