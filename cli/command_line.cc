#include "cli/command_line.h"

#include <unistd.h>

#include <algorithm>

#include "absl/flags/parse.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace endsolve::cli {
namespace {

constexpr absl::string_view kAlwaysAllowed[] = {"help", "helpfull", "helpshort", "version"};

// The name part of "--name=value", "--name" or "--noname" (boolean
// negation), or "" when `arg` is not a flag.
absl::string_view FlagName(absl::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-' || arg == "--") return {};
  arg.remove_prefix(arg[1] == '-' ? 2 : 1);
  return arg.substr(0, arg.find('='));
}

}  // namespace

// Rewrites flag names into absl's spelling, checks them against the
// subcommand's list, then lets absl parse (it reports bad values and exits).
absl::StatusOr<std::vector<std::string>> ParseSubcommandFlags(
    absl::string_view command, int argc, char** argv,
    std::initializer_list<absl::string_view> allowed) {
  std::vector<std::string> args;
  args.push_back(absl::StrCat("endsolve ", command));
  bool positional_only = false;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    const absl::string_view name = positional_only ? absl::string_view() : FlagName(arg);
    if (arg == "--") positional_only = true;
    if (!name.empty()) {
      std::string fixed(name);
      std::replace(fixed.begin(), fixed.end(), '-', '_');
      // "--nowld" negates the boolean --wld; other names are taken whole.
      const absl::string_view base =
          absl::StartsWith(fixed, "no") ? absl::string_view(fixed).substr(2) : absl::string_view(fixed);
      auto is_known = [&](absl::string_view n) {
        return std::find(allowed.begin(), allowed.end(), n) != allowed.end() ||
               std::find(std::begin(kAlwaysAllowed), std::end(kAlwaysAllowed), n) !=
                   std::end(kAlwaysAllowed);
      };
      if (!is_known(fixed) && !is_known(base)) {
        std::vector<std::string> spelled;
        for (absl::string_view a : allowed) {
          std::string s(a);
          std::replace(s.begin(), s.end(), '_', '-');
          spelled.push_back("--" + s);
        }
        return absl::InvalidArgumentError(absl::StrCat(
            "endsolve ", command, ": unknown option --", name, "; options of ", command, ": ",
            spelled.empty() ? "none" : absl::StrJoin(spelled, " ")));
      }
      const std::size_t dashes = arg[1] == '-' ? 2 : 1;
      arg.replace(dashes, name.size(), fixed);
    }
    args.push_back(std::move(arg));
  }
  std::vector<char*> pointers;
  for (std::string& a : args) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  std::vector<char*> rest =
      absl::ParseCommandLine(static_cast<int>(args.size()), pointers.data());
  std::vector<std::string> positional;
  for (std::size_t i = 1; i < rest.size(); ++i) positional.emplace_back(rest[i]);
  return positional;
}

bool IsInteractive() { return isatty(STDOUT_FILENO) && isatty(STDERR_FILENO); }

}  // namespace endsolve::cli
