# The .deb: `cpack -G DEB` in the build directory. The shared-library dependencies come from dpkg-shlibdeps on the
# installed binaries (so they follow what really links); the list below adds what is loaded or run, not linked.
set(CPACK_PACKAGE_NAME "rocepilot")
set(CPACK_PACKAGE_VENDOR "RoCE Pilot")
set(CPACK_PACKAGE_CONTACT "RoCE Pilot developers <dev@rocepilot.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "RoCE deployment wizard: discovery, DCB configuration, RDMA tests")
# Lines of at most 80 characters (lintian: extended-description-line-too-long); CPack indents them.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "RoCE Pilot takes an admin through a first RoCE (RDMA over Converged Ethernet)"
    "deployment. It discovers the RDMA devices, GID tables, netdevs, VLAN priority"
    "maps and DCB state of every host over SSH and recommends the GID each host"
    "should use; turns one RoCE profile into matching host and switch"
    "configuration; applies it step by step with a read-back, a journal and an"
    "exact rollback; and measures latency and throughput between hosts over RDMA,"
    "TCP or perftest, with PDF, CSV and JSON reports."
    "."
    "It comes as a Qt desktop wizard (rocepilot) and a command line tool"
    "(rocepilot-cli) on the same core, with a built-in Soft-RoCE lab of two"
    "virtual machines, so no RDMA hardware is needed to try it.")
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_PACKAGE_SECTION "net")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Installed binaries lose their debug info (lintian: unstripped-binary-or-object); the build tree keeps it.
set(CPACK_STRIP_FILES ON)
# Discovery and apply run iproute2 (ip, dcb) on localhost. The GUI's icons are SVG: Qt draws them through the
# plugins in libqt6svg6, which nothing links.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "iproute2")
if(RP_BUILD_GUI)
    string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libqt6svg6 (>= 6.4)")
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "rdma-core, ibverbs-providers, ibverbs-utils, perftest")
# The built-in Soft-RoCE lab needs qemu and the pieces its image is built from (lab/README.md); its fabric runs
# a Python tap helper, and its fault planter nft; the metrics of `fabric watch --metrics` are for a Prometheus.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
    "qemu-system-x86, busybox-static, cpio, kmod, xz-utils, binutils, openssh-server, openssh-client, jq")
string(APPEND CPACK_DEBIAN_PACKAGE_SUGGESTS ", python3, nftables, prometheus")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)

# Debian policy 12.5: the copyright file, in the machine-readable format lintian reads.
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/rocepilot)
# ... and a changelog (a native package's is changelog.gz), made from the metainfo's release history.
set(RP_METAINFO ${PROJECT_SOURCE_DIR}/resources/${RP_APP_ID}.metainfo.xml)
set(RP_CHANGELOG ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz)
add_custom_command(OUTPUT ${RP_CHANGELOG}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/changelog.py ${RP_METAINFO} ${PROJECT_VERSION}
            ${CPACK_PACKAGE_CONTACT} ${RP_CHANGELOG}
    DEPENDS ${RP_METAINFO} ${CMAKE_CURRENT_SOURCE_DIR}/changelog.py
    COMMENT "Generating the Debian changelog from the metainfo's releases"
    VERBATIM)
add_custom_target(rp_changelog ALL DEPENDS ${RP_CHANGELOG})
install(FILES ${RP_CHANGELOG} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/rocepilot)
include(CPack)
