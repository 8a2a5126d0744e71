# Packaging (label `package`). package_docs: the generated man pages and bash completion are complete and current
# (quick, no root; also `unit`). package_install: builds the .deb and installs it into a debootstrapped Debian 12
# root (root needed; the first run bootstraps and caches the root under the build dir, see install.sh).
# A sanitizer build makes no man pages or completion (installer/manpages.cmake): nothing to check there.
if(NOT RP_SANITIZE)
    add_test(NAME package_docs COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/docs.sh ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}
                                       $<TARGET_FILE:rocepilot-cli>)
    set_tests_properties(package_docs PROPERTIES LABELS "package;unit" TIMEOUT 300)
endif()
if(RP_BUILD_GUI AND NOT RP_SANITIZE)
    add_test(NAME package_install COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/install.sh ${PROJECT_BINARY_DIR} ${PROJECT_VERSION})
    set_tests_properties(package_install PROPERTIES LABELS package TIMEOUT 1800 RUN_SERIAL ON)
endif()
