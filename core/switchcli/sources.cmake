# core/switchcli: interactive switch CLI sessions over SSH (PTY shell), prompt/pager/error handling, and the
# per-vendor apply with the platform's own commit/rollback (docs/switch-apply.md).
list(APPEND RP_CORE_SOURCES
    switchcli/cli_text.h switchcli/cli_text.cpp
    switchcli/switch_session.h switchcli/switch_session.cpp
    switchcli/switch_apply.h switchcli/switch_apply.cpp
    switchcli/switch_read.h switchcli/switch_read.cpp
)
