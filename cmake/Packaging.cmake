# Debian packages, built with CPack: `cmake --build build --target package` writes
#   hamgam_<version>-1_<arch>.deb        the desktop app and hamgamctl (needs hamgam-agent:
#                                        the app starts an agent on its own computer)
#   hamgam-agent_<version>-1_<arch>.deb  hamgam-agent, hamgam-worker (when the engine is
#                                        built) and the hamgam-agent systemd service
# into the build directory. Runtime dependencies come from dpkg-shlibdeps (dpkg-dev),
# plus what Qt loads at run time and the maintainer scripts use. docs/install.md
# says how to build and install them.

# What only the packages carry (the executables' install rules are in app/).
if(TARGET hamgam-worker)
    install(TARGETS hamgam-worker RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT agent)
endif()
install(FILES "${CMAKE_SOURCE_DIR}/resources/systemd/hamgam-agent.service"
        DESTINATION lib/systemd/system COMPONENT agent)
install(FILES "${CMAKE_SOURCE_DIR}/docs/install.md" DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/hamgam-agent COMPONENT agent)
install(FILES "${CMAKE_SOURCE_DIR}/resources/hamgam.desktop" DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT app)
install(FILES "${CMAKE_SOURCE_DIR}/resources/icons/hamgam.svg"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT app)
install(FILES "${CMAKE_SOURCE_DIR}/docs/install.md" DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/hamgam COMPONENT app)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hamgam)
set(CPACK_PACKAGE_VENDOR "Hamgam")
set(CPACK_PACKAGE_CONTACT "Hamgam maintainers <hamgam@example.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL app agent)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")

set(hamgam_deb_version "${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}")
# CPackDeb puts a non-default CPACK_PACKAGE_DESCRIPTION_SUMMARY (from project()) in
# front of every component's description; with the default value each package's
# own first line below is its summary.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")

set(CPACK_DEBIAN_APP_PACKAGE_NAME hamgam)
# First line: the summary; the rest: the extended description.
set(CPACK_DEBIAN_APP_DESCRIPTION "train deep networks on a lab's mixed machines (app and hamgamctl)
Hamgam finds the lab's agents, groups machines for a run and trains with
batches that follow each machine's speed. This package has the desktop app
(hamgam) and the command-line client (hamgamctl), including the SSH installer
that puts hamgam-agent on other machines.")
# Qt loads the SQLite driver (history) and the SVG icon engine and image format
# (the window and action icons, libqt6svg6) as plugins, which dpkg-shlibdeps cannot see.
set(CPACK_DEBIAN_APP_PACKAGE_DEPENDS "hamgam-agent (= ${hamgam_deb_version}), libqt6sql6-sqlite, libqt6svg6")
set(CPACK_DEBIAN_APP_PACKAGE_RECOMMENDS "fonts-noto-core, openssh-client, qt6-translations-l10n")

set(CPACK_DEBIAN_AGENT_PACKAGE_NAME hamgam-agent)
set(CPACK_DEBIAN_AGENT_DESCRIPTION "Hamgam agent: reports a machine's devices and runs training workers
hamgam-agent announces the machine on the local network, streams GPU and CPU
telemetry to trusted controllers over mutually authenticated TLS and (with
hamgam-worker) runs training workers for them. The package runs it as the
systemd service hamgam-agent, as the system user hamgam-agent.")
# The maintainer scripts create the system user (adduser) and manage the service.
set(CPACK_DEBIAN_AGENT_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_AGENT_PACKAGE_CONTROL_EXTRA
    "${CMAKE_SOURCE_DIR}/resources/debian/postinst"
    "${CMAKE_SOURCE_DIR}/resources/debian/prerm"
    "${CMAKE_SOURCE_DIR}/resources/debian/postrm")
set(CPACK_DEBIAN_AGENT_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)

include(CPack)
