# One INTERFACE target carries the language standard, warnings and the strict Qt
# macros for every Hamgam target (qBittorrent's qbt_common_cfg).
add_library(hamgam_common_cfg INTERFACE)
target_compile_features(hamgam_common_cfg INTERFACE cxx_std_20)
target_compile_options(hamgam_common_cfg INTERFACE
    -Wall -Wextra -Wpedantic -Wno-missing-field-initializers
    $<$<BOOL:${HAMGAM_WERROR}>:-Werror>)
target_compile_definitions(hamgam_common_cfg INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_FOREACH
    QT_USE_QSTRINGBUILDER
    QT_DISABLE_DEPRECATED_UP_TO=0x060400)

# The engine's LibTorch translation units build as C++17: LibTorch 1.13's headers
# are not clean under C++20. Same warnings, no Qt macros (the engine has no Qt).
# From LibTorch 2.14 on, C++20 (cmake/TorchCxxStandard.cmake).
add_library(hamgam_engine_cfg INTERFACE)
target_compile_features(hamgam_engine_cfg INTERFACE cxx_std_17)
target_compile_options(hamgam_engine_cfg INTERFACE -Wall -Wextra -Wno-unused-parameter)
