# Every target links rp_common_cfg: one place for the language level, warnings and Qt strictness.
add_library(rp_common_cfg INTERFACE)
target_compile_features(rp_common_cfg INTERFACE cxx_std_23)
target_compile_options(rp_common_cfg INTERFACE
    -Wall -Wextra -Wpedantic -Werror
    -Wold-style-cast -Wnon-virtual-dtor -Woverloaded-virtual
    # GCC's spelling; the clang-19 fuzz build has no such option
    $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
    # designated initializers name only the fields that matter; the rest keep their defaults on purpose
    -Wno-missing-field-initializers
    -Wno-error=deprecated-declarations)
# Qt strict defines; harmless for core (it never includes Qt) and binding for ui/app.
target_compile_definitions(rp_common_cfg INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_NO_FOREACH
    QT_NO_URL_CAST_FROM_STRING
    QT_STRICT_ITERATORS
    QT_DISABLE_DEPRECATED_BEFORE=0x060400)

# Debian's hardening (dpkg-buildflags): what lintian looks for in the package's binaries (fortify, bindnow). Not
# in a sanitizer build, which has its own checks, nor at -O0, where _FORTIFY_SOURCE has nothing to work with.
if(NOT RP_SANITIZE)
    target_compile_options(rp_common_cfg INTERFACE -fstack-protector-strong -fstack-clash-protection
                                                   $<$<NOT:$<CONFIG:Debug>>:-D_FORTIFY_SOURCE=2>)
    target_link_options(rp_common_cfg INTERFACE -Wl,-z,relro -Wl,-z,now)
endif()
if(RP_SANITIZE)
    # GCC 12's -Wmaybe-uninitialized misfires on libstdc++'s <regex> once ASan instruments it at -Og; the release
    # build keeps the warning as an error.
    target_compile_options(rp_common_cfg INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                                                   -fno-sanitize-recover=undefined
                                                   $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
    target_link_options(rp_common_cfg INTERFACE -fsanitize=address,undefined)
endif()

# Unity batches (rp_core, rp_ui, rp_report, rocepilot-cli): most of a translation unit's time is spent generating
# the same inline and template code again in every file; compiling a dozen files as one emits it once (a batch of
# core/generate under ASan+UBSan: 122 s against 212 s of CPU file by file). rp_core keeps the files rocepilot-probe
# links out of its batches (core/CMakeLists.txt). clang-tidy reads core/ in the same batches (tests/clang-tidy.sh).
option(RP_UNITY_BUILD "Compile the libraries and the CLI in unity batches" ON)
function(rp_unity_build target)
    if(RP_UNITY_BUILD)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 12)
    endif()
endfunction()
