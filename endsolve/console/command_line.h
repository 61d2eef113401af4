// How the project's commands (`endsolve`, `endsolve-train`) read their
// command lines. Each subcommand declares its options once, on its own
// CLI::App (CLI11); from that one list come its usage line, its --help, the
// options it accepts and the errors for the rest. This file walks argv to
// the subcommand, hands CLI11 the arguments in a form it cannot misread, and
// turns every parse error into exit status 2 with the subcommand's name, and
// a suggestion for a misspelt option or subcommand.
#ifndef ENDSOLVE_CONSOLE_COMMAND_LINE_H_
#define ENDSOLVE_CONSOLE_COMMAND_LINE_H_

#include <functional>
#include <map>
#include <type_traits>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace endsolve::console {

// The exit statuses every command shares; `endsolve` adds 1 for a wrong
// answer against the input's known answers (endsolve/cli/commands.h).
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;       // bad usage or bad input
inline constexpr int kExitWriteFailed = 74;   // an output not written (EX_IOERR of sysexits.h)
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, the shell's convention
// A command returns kExitInterrupted when a signal stopped it; the process
// exits with 128 + that signal's number, 130 for SIGINT, 143 for SIGTERM.

// Runs a subcommand whose options have parsed. `args` are its arguments as
// typed (batch prints them back in the command that resumes it).
using CommandRun = std::function<int(const std::vector<std::string>& args)>;
using CommandRuns = std::map<const CLI::App*, CommandRun>;

// Parses argv against the subcommands of `root` (whose name is the
// program's) and runs the one chosen; returns the process exit status.
// Standard output is flushed and checked after the run, help and usage
// errors included: a write to it that failed (a full disk; a closed pipe is
// SIGPIPE's) turns any status into kExitWriteFailed, with the reason on
// standard error once, so that no output cut short is taken for a finished
// one.
// `endsolve help` and `endsolve --help` print the overview of every
// subcommand (`footer` after it); `endsolve` alone prints it on stderr and
// returns 2, bad usage; `endsolve help CMD` and `endsolve CMD --help` print
// CMD's options.
int RunCommandLine(CLI::App& root, const CommandRuns& runs, const std::string& footer, int argc,
                   char** argv);

// Prints "COMMAND: MESSAGE" on stderr (COMMAND as "endsolve solve") and
// returns 2, the exit status of bad usage or bad input: how every command
// reports an error that stops it.
int Fail(absl::string_view command, absl::string_view message);

// As Fail, for an output that could not be written (a full disk, a folder
// gone): returns kExitWriteFailed.
int FailWrite(absl::string_view command, absl::string_view message);

// Flushes standard output (C's stdout and std::cout) and says whether every
// write to it since the last failure it reported succeeded: "cannot write
// standard output: REASON".
absl::Status FlushStandardOutput();

// The element of `candidates` nearest to `typed` by edit distance, when it
// is near enough to be a likely misspelling; "" otherwise.
std::string Nearest(const std::string& typed, const std::vector<std::string>& candidates);

// A CLI11 check from a parser that returns a Status or a StatusOr: the
// value is refused with the parser's message.
template <typename Parse>
CLI::Validator StatusCheck(Parse parse, std::string name = "") {
  return CLI::Validator(
      [parse](std::string& text) -> std::string {
        const auto parsed = parse(text);
        if constexpr (std::is_same_v<std::decay_t<decltype(parsed)>, absl::Status>) {
          return parsed.ok() ? "" : std::string(parsed.message());
        } else {
          return parsed.ok() ? "" : std::string(parsed.status().message());
        }
      },
      "", std::move(name));
}

// A CLI11 check that the value is a whole number from `lo` to `hi`:
// "expected a number of plies from 0 to 14, found '99'".
CLI::Validator InRange(int lo, int hi, const std::string& what);

// A CLI11 check that the value names a file that exists, for an option
// whose file the command must read: "cannot open PATH: no such file"
// (exit 2) instead of a run that quietly goes on without it.
CLI::Validator ExistingFile();

// Declares the positional arguments of `app`, in their order, shown as
// NAME... in its usage line.
CLI::Option* AddPositionals(CLI::App& app, const std::string& name,
                            std::vector<std::string>& values, const std::string& help);

// True when both stdout and stderr are terminals: live progress is drawn
// only then, so that piped output holds nothing but results.
bool IsInteractive();

}  // namespace endsolve::console

#endif  // ENDSOLVE_CONSOLE_COMMAND_LINE_H_
