// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace rp::cli {

/// Exit codes of every command: 0 all fine, 1 some hosts or inputs failed, 2 usage error.
enum Exit { ExitOk = 0, ExitSomeFailed = 1, ExitUsage = 2 };

int discoverCommand(int argc, char** argv);
int parseCommand(int argc, char** argv);
int labCommand(int argc, char** argv);
int profileCommand(int argc, char** argv);
int planCommand(int argc, char** argv);
int testCommand(int argc, char** argv);
int applyCommand(int argc, char** argv);
int rollbackCommand(int argc, char** argv);
int journalCommand(int argc, char** argv);
int exportCommand(int argc, char** argv);
int diagnoseCommand(int argc, char** argv);
int fabricCommand(int argc, char** argv);
int bundleCommand(int argc, char** argv);
int reportCommand(int argc, char** argv);

} // namespace rp::cli
