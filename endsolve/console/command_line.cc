#include "endsolve/console/command_line.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <numeric>
#include <system_error>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "endsolve/console/interrupt.h"

namespace endsolve::console {
namespace {

// The subcommands of `app`, in the order they were declared.
std::vector<const CLI::App*> Subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

const CLI::App* FindSubcommand(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : Subcommands(app)) {
    if (sub->get_name() == name) return sub;
  }
  return nullptr;
}

std::vector<std::string> SubcommandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : Subcommands(app)) names.push_back(sub->get_name());
  return names;
}

// "endsolve bench scaling": the words that name `app`, from the program's
// name on; "bench scaling" without it.
std::string CommandName(const CLI::App* app, bool with_program = true) {
  std::vector<std::string> words;
  for (; app != nullptr; app = app->get_parent()) {
    if (app->get_parent() != nullptr || with_program) words.push_back(app->get_name());
  }
  std::reverse(words.begin(), words.end());
  return absl::StrJoin(words, " ");
}

// The long option names of `app` as typed ("--hash-mb"), --help left out.
std::vector<std::string> OptionNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_positional() || option == app.get_help_ptr()) continue;
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  }
  return names;
}

// The option that `arg` names ("--hash-mb" of "--hash-mb=16", "-h"), or ""
// when it is not an option. A name is a letter followed by letters, digits,
// '-' and '_': board strings such as "--XXO-- X" begin with dashes too, but
// hold a space, so they stay positions.
std::string OptionToken(const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-' || arg == "--") return "";
  const std::size_t dashes = arg[1] == '-' ? 2 : 1;
  const std::string name = arg.substr(dashes, arg.find('=') - dashes);
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return "";
  for (const char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return "";
  }
  return arg.substr(0, dashes) + name;
}

bool TakesValue(const CLI::Option& option) { return option.get_expected_min() > 0; }

int Fail(const CLI::App* app, const std::string& message) { return console::Fail(CommandName(app), message); }

// " (did you mean --threads?)" for "--thrads", or "".
std::string DidYouMean(const std::string& typed, const std::vector<std::string>& candidates) {
  const std::string nearest = Nearest(typed, candidates);
  if (nearest.empty()) return "";
  return absl::StrCat(" (did you mean ", absl::StartsWith(nearest, "-") ? nearest : "'" + nearest + "'",
                      "?)");
}

// Every runnable subcommand (bench's ffo and scaling, not bench itself):
// its usage line and its description, from its own option list.
std::string Overview(const CLI::App& root, const std::string& footer, const CommandRuns& runs) {
  std::string text = absl::StrCat(root.get_description(), "\n\nusage:\n");
  std::vector<const CLI::App*> pending = Subcommands(root);
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const std::vector<const CLI::App*> nested = Subcommands(*pending[i]);
    if (!nested.empty()) {
      pending.insert(pending.begin() + static_cast<std::ptrdiff_t>(i) + 1, nested.begin(),
                     nested.end());
      if (runs.count(pending[i]) == 0) continue;  // bench: only its nested commands run
    }
    std::string usage = CLI::Formatter().make_usage(pending[i], CommandName(pending[i]));
    usage = std::string(absl::StripSuffix(absl::StripPrefix(usage, "Usage: "), "\n"));
    absl::StrAppend(&text, "  ", usage, "\n      ", pending[i]->get_description(), "\n");
  }
  absl::StrAppend(&text, "\n'", root.get_name(), " help COMMAND' or '", root.get_name(),
                  " COMMAND --help' lists a command's options.\n", footer);
  return text;
}

}  // namespace

int Fail(absl::string_view command, absl::string_view message) {
  absl::FPrintF(stderr, "%s: %s\n", command, message);
  return kExitBadInput;
}

int FailWrite(absl::string_view command, absl::string_view message) {
  absl::FPrintF(stderr, "%s: %s\n", command, message);
  return kExitWriteFailed;
}

absl::Status FlushStandardOutput() {
  std::cout.flush();
  const bool failed_before = std::ferror(stdout) != 0 || !std::cout;
  errno = 0;
  if (std::fflush(stdout) != 0) {
    const int error = errno;
    std::clearerr(stdout);
    std::cout.clear();
    return absl::ErrnoToStatus(error, "cannot write standard output");
  }
  if (failed_before) {
    // The reason of a write that failed before is gone with its errno; a
    // line end written again finds it (ENOSPC, EIO...), and lands nowhere
    // worse than the output already cut short. Reported once: the error
    // state is cleared.
    const int error = write(STDOUT_FILENO, "\n", 1) < 0 ? errno : EIO;
    std::clearerr(stdout);
    std::cout.clear();
    return absl::ErrnoToStatus(error, "cannot write standard output");
  }
  return absl::OkStatus();
}

std::string Nearest(const std::string& typed, const std::vector<std::string>& candidates) {
  // Levenshtein distance, one row at a time.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
        diagonal = up;
      }
    }
    return row[b.size()];
  };
  // Two edits, or a prefix of at least three letters ("--hash" for
  // "--hash-mb"), is near enough to be a slip of the finger.
  constexpr std::size_t kMaxEdits = 2, kMinPrefix = 3;
  std::string best;
  std::size_t best_distance = kMaxEdits + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = distance(typed, c);
    const std::size_t letters = typed.size() - std::min(typed.find_first_not_of('-'), typed.size());
    const bool prefix = letters >= kMinPrefix && absl::StartsWith(c, typed);
    if (d < best_distance || (prefix && best.empty())) {
      best = c;
      best_distance = prefix ? 0 : d;
    }
  }
  return best;
}

// CLI11 reads any argument that begins with "--" and a letter as an option,
// so a board string ("--XXXXX--OOO... X") would be refused. So the options
// of the chosen subcommand (with the values of those that take one) are
// picked out here by name, and CLI11 is handed them, then "--", then the
// positional arguments in their order: after "--" nothing is an option.
// The command line run; `command` gets the name of the subcommand run
// ("endsolve solve"), for the error of a write that failed.
static int RunCommand(CLI::App& root, const CommandRuns& runs, const std::string& footer,
                      int argc, char** argv, std::string* command) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  // No command at all is a usage error, as in other tools: the overview
  // goes to stderr, so that a script that forgot its arguments fails.
  if (args.empty()) {
    absl::FPrintF(stderr, "%s", Overview(root, footer, runs));
    return kExitBadInput;
  }
  if (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    const CLI::App* app = &root;
    for (std::size_t i = 1; i < args.size(); ++i) {
      const CLI::App* sub = FindSubcommand(*app, args[i]);
      if (sub == nullptr) {
        return Fail(app, absl::StrCat("no command named '", args[i], "'",
                                      DidYouMean(args[i], SubcommandNames(*app))));
      }
      app = sub;
    }
    if (app == &root) {
      absl::PrintF("%s", Overview(root, footer, runs));
    } else {
      absl::PrintF("%s", app->help(CommandName(app->get_parent())));
    }
    return kExitOk;
  }
  if (args[0] == "--version" || args[0] == "version") {
    absl::PrintF("%s\n", root.get_description().substr(0, root.get_description().find(':')));
    return kExitOk;
  }

  const CLI::App* app = &root;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const CLI::App* sub = FindSubcommand(*app, args[i]);
    if (sub == nullptr) break;
    app = sub;
  }
  if (app == &root) {
    return Fail(app, absl::StrCat("unknown command '", args[0], "'",
                                  DidYouMean(args[0], SubcommandNames(root)),
                                  "; '", root.get_name(), " help' lists the commands"));
  }
  // A command with nested ones (bench) needs one of them, unless it runs on
  // its own as well (study, and study schemes).
  if (const std::vector<std::string> nested = SubcommandNames(*app);
      !nested.empty() && runs.count(app) == 0) {
    if (i < args.size() && (args[i] == "--help" || args[i] == "-h")) {
      absl::PrintF("%s", app->help(CommandName(app->get_parent())));
      return kExitOk;
    }
    return Fail(app, absl::StrCat("expected one of ", absl::StrJoin(nested, ", "),
                                  i < args.size() ? ", found '" + args[i] + "'" : "",
                                  i < args.size() ? DidYouMean(args[i], nested) : ""));
  }

  std::vector<std::string> options(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i));
  std::vector<std::string> positionals;
  for (std::size_t j = i; j < args.size(); ++j) {
    if (args[j] == "--") {
      positionals.insert(positionals.end(), args.begin() + static_cast<std::ptrdiff_t>(j) + 1,
                         args.end());
      break;
    }
    const std::string name = OptionToken(args[j]);
    if (name.empty()) {
      positionals.push_back(args[j]);
      continue;
    }
    const CLI::Option* option = app->get_option_no_throw(name);
    if (option == nullptr) {
      const std::vector<std::string> known = OptionNames(*app);
      return Fail(app, absl::StrCat("unknown option ", name, DidYouMean(name, known), "; options of ",
                                    CommandName(app, false), ": ",
                                    known.empty() ? "none" : absl::StrJoin(known, " ")));
    }
    options.push_back(args[j]);
    if (TakesValue(*option) && args[j].find('=') == std::string::npos) {
      if (j + 1 == args.size()) return Fail(app, absl::StrCat("option ", name, " expects a value"));
      options.push_back(args[++j]);
    }
  }
  options.emplace_back("--");
  options.insert(options.end(), positionals.begin(), positionals.end());
  std::reverse(options.begin(), options.end());  // CLI11 takes them last first
  try {
    root.parse(options);
  } catch (const CLI::CallForHelp&) {
    absl::PrintF("%s", root.help());
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    return Fail(app, e.what());
  }
  *command = CommandName(app);
  return runs.at(app)(std::vector<std::string>(args.begin() + static_cast<std::ptrdiff_t>(i), args.end()));
}

int RunCommandLine(CLI::App& root, const CommandRuns& runs, const std::string& footer, int argc,
                   char** argv) {
  std::string command = root.get_name();
  int status = RunCommand(root, runs, footer, argc, argv, &command);
  // Help, the version and usage errors print too.
  if (absl::Status written = FlushStandardOutput(); !written.ok()) {
    status = FailWrite(command, written.message());
  }
  if (status == kExitInterrupted) status = InterruptedExitStatus();
  return status;
}

CLI::Validator InRange(int lo, int hi, const std::string& what) {
  return StatusCheck([=](const std::string& text) {
    int n = 0;
    if (absl::SimpleAtoi(text, &n) && n >= lo && n <= hi) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("expected ", what, " from ", lo, " to ", hi, ", found '", text, "'"));
  });
}

CLI::Validator ExistingFile() {
  return StatusCheck([](const std::string& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) return absl::OkStatus();
    return absl::NotFoundError(absl::StrCat("cannot open ", path, ": no such file"));
  });
}

CLI::Option* AddPositionals(CLI::App& app, const std::string& name,
                            std::vector<std::string>& values, const std::string& help) {
  return app.add_option(name, values, help)->type_name("")->default_str("");
}

bool IsInteractive() { return isatty(STDOUT_FILENO) && isatty(STDERR_FILENO); }

}  // namespace endsolve::console
