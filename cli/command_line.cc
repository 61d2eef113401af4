#include "cli/command_line.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace endsolve::cli {
namespace {

constexpr absl::string_view kAlwaysAllowed[] = {"help", "helpfull", "helpshort", "version"};

// The name part of "--name=value", "--name" or "-name", or "" when `arg`
// is not a flag. A name is a letter followed by letters, digits, '-' and
// '_': board strings such as "--XXO-- X" begin with dashes too, but hold a
// space, so they stay positional.
absl::string_view FlagName(absl::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-' || arg == "--") return {};
  arg.remove_prefix(arg[1] == '-' ? 2 : 1);
  const absl::string_view name = arg.substr(0, arg.find('='));
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return {};
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return {};
  }
  return name;
}

bool Contains(std::initializer_list<absl::string_view> list, absl::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end() ||
         std::find(std::begin(kAlwaysAllowed), std::end(kAlwaysAllowed), name) !=
             std::end(kAlwaysAllowed);
}

// "--hash-mb" for the absl name "hash_mb": the spelling users type.
std::string Spelled(absl::string_view absl_name) {
  std::string s(absl_name);
  std::replace(s.begin(), s.end(), '_', '-');
  return "--" + s;
}

}  // namespace

// Splits argv into flags (renamed to absl's spelling and checked against the
// subcommand's list) and positional arguments, then hands absl the flags
// followed by "--" and the positionals, so that no positional argument is
// ever read as a flag. A non-boolean flag written "--name value" keeps its
// value with it.
absl::StatusOr<std::vector<std::string>> ParseSubcommandFlags(
    absl::string_view command, int argc, char** argv,
    std::initializer_list<absl::string_view> allowed) {
  std::vector<std::string> flags = {absl::StrCat("endsolve ", command)};
  std::vector<std::string> positional;
  bool positional_only = false;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (positional_only) {
      positional.push_back(std::move(arg));
      continue;
    }
    if (arg == "--") {
      positional_only = true;
      continue;
    }
    const absl::string_view name = FlagName(arg);
    if (name.empty()) {
      positional.push_back(std::move(arg));
      continue;
    }
    std::string fixed(name);
    std::replace(fixed.begin(), fixed.end(), '-', '_');
    // "--nowld" negates the boolean --wld.
    const bool negated = !Contains(allowed, fixed) && absl::StartsWith(fixed, "no") &&
                         Contains(allowed, absl::string_view(fixed).substr(2));
    if (!Contains(allowed, fixed) && !negated) {
      std::vector<std::string> spelled;
      for (absl::string_view a : allowed) spelled.push_back(Spelled(a));
      return absl::InvalidArgumentError(absl::StrCat(
          "endsolve ", command, ": unknown option --", name, "; options of ", command, ": ",
          spelled.empty() ? "none" : absl::StrJoin(spelled, " ")));
    }
    const bool has_value = arg.find('=') != std::string::npos;
    const absl::CommandLineFlag* flag =
        absl::FindCommandLineFlag(negated ? absl::string_view(fixed).substr(2) : fixed);
    const bool takes_value = flag != nullptr && !flag->IsOfType<bool>() && !negated;
    arg.replace(arg[1] == '-' ? 2 : 1, name.size(), fixed);
    flags.push_back(std::move(arg));
    if (takes_value && !has_value) {
      if (i + 1 >= argc) {
        return absl::InvalidArgumentError(
            absl::StrCat("endsolve ", command, ": option --", name, " expects a value"));
      }
      flags.emplace_back(argv[++i]);
    }
  }
  flags.emplace_back("--");
  for (std::string& p : positional) flags.push_back(std::move(p));
  std::vector<char*> pointers;
  for (std::string& a : flags) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  std::vector<char*> rest =
      absl::ParseCommandLine(static_cast<int>(flags.size()), pointers.data());
  std::vector<std::string> result;
  for (std::size_t i = 1; i < rest.size(); ++i) result.emplace_back(rest[i]);
  return result;
}

bool IsInteractive() { return isatty(STDOUT_FILENO) && isatty(STDERR_FILENO); }

}  // namespace endsolve::cli
