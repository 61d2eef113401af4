// Command-line plumbing shared by the subcommands of `endsolve`.
#ifndef ENDSOLVE_CLI_COMMAND_LINE_H_
#define ENDSOLVE_CLI_COMMAND_LINE_H_

#include <initializer_list>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"

namespace endsolve::cli {

// Parses the flags of one subcommand and returns its positional arguments.
//
// absl flags are global and their names are C identifiers, while the
// documented spellings use hyphens (--hash-mb). So, before handing argv to
// absl, this turns the hyphens of each flag *name* into underscores (values
// are left alone) and refuses any flag that is not in `allowed`: a flag
// defined for another subcommand would otherwise be accepted and ignored.
// --help, --helpfull and --version are always allowed.
absl::StatusOr<std::vector<std::string>> ParseSubcommandFlags(
    absl::string_view command, int argc, char** argv,
    std::initializer_list<absl::string_view> allowed);

// True when both stdout and stderr are terminals: live progress is drawn
// only then, so that piped output holds nothing but results.
bool IsInteractive();

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_COMMAND_LINE_H_
