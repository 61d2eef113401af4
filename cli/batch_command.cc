// `endsolve batch INPUT... --out RESULTS.jsonl`: solves every position of the inputs (or
// of one shard of them) and appends one JSON line per position to RESULTS,
// synced as each one finishes, so that a batch of days survives crashes and
// restarts (README "Batch solving").
//
// `endsolve batch --summary RESULTS...`: the totals of results files.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <memory>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "batch/identity.h"
#include "batch/input.h"
#include "batch/progress.h"
#include "batch/record.h"
#include "batch/results_file.h"
#include "batch/run.h"
#include "batch/summary.h"
#include "board/notation.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/positions.h"
#include "cli/progress_display.h"
#include "cli/search_flags.h"

namespace endsolve::cli {
namespace {

using batch::BatchItem;
using batch::BatchProgress;
using batch::BatchRun;
using batch::FormatShard;
using batch::ResultRecord;
using batch::ResultsAppender;
using batch::ResultsContents;
using batch::ResultsSummary;
using batch::ResultStatus;
using batch::RunSettings;

struct BatchArgs {
  std::vector<std::string> inputs;
  std::string out;
  bool resume = true;
  std::string shard = "1/1";
  std::string time_limit;
  bool summary = false;
  SearchArgs search;
  InputArgs input;
};

// Parses --time-limit-per-position: an absl duration ("90s", "1h30m") or a
// plain number of seconds; empty means no limit.
absl::StatusOr<absl::Duration> ParseTimeLimit(const std::string& text) {
  if (text.empty()) return absl::InfiniteDuration();
  double seconds = 0;
  absl::Duration limit;
  if (absl::SimpleAtod(text, &seconds)) {
    limit = absl::Seconds(seconds);
  } else if (!absl::ParseDuration(text, &limit)) {
    limit = absl::ZeroDuration();
  }
  if (limit <= absl::ZeroDuration() || limit == absl::InfiniteDuration()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "expected a positive duration such as 90s, 10m or 600, "
        "found '",
        text, "'"));
  }
  return limit;
}

// Quotes an argument for a POSIX shell when it needs it.
std::string ShellQuote(absl::string_view arg) {
  const bool plain = !arg.empty() && arg.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789_-+=/.,:@%") == absl::string_view::npos;
  if (plain) return std::string(arg);
  std::string quoted = "'";
  for (const char c : arg) {
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return quoted + "'";
}

// The command that resumes this batch: the same arguments, less any that
// turned resume off (resume is the default).
std::string ResumeCommand(const std::vector<std::string>& args) {
  std::vector<std::string> words = {ShellQuote(program_invocation_name), "batch"};
  for (const absl::string_view arg : args) {
    if (arg == "--noresume" || arg == "-noresume" || absl::StartsWith(arg, "--resume=") ||
        absl::StartsWith(arg, "-resume=")) {
      continue;
    }
    words.push_back(ShellQuote(arg));
  }
  return absl::StrJoin(words, " ");
}

int Summary(const std::vector<std::string>& files) {
  if (files.empty()) {
    absl::FPrintF(stderr, "endsolve batch --summary: expected at least one results file\n");
    return kExitBadInput;
  }
  std::vector<ResultsContents> contents;
  for (const std::string& file : files) {
    absl::StatusOr<ResultsContents> read = batch::ReadResultsFile(file);
    if (!read.ok()) {
      absl::FPrintF(stderr, "endsolve batch --summary: %s\n", read.status().message());
      return kExitBadInput;
    }
    for (const std::string& w : read->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
    contents.push_back(*std::move(read));
  }
  std::vector<const ResultRecord*> latest;
  for (const ResultsContents& c : contents) {
    for (const auto& [id, record] : batch::LatestById(c)) latest.push_back(record);
  }
  std::sort(latest.begin(), latest.end(), [](const ResultRecord* a, const ResultRecord* b) {
    return a->line_number < b->line_number;
  });
  const ResultsSummary summary = batch::Summarize(latest);
  absl::PrintF("%s", batch::FormatSummary(summary));
  return summary.wrong > 0 ? kExitWrong : kExitOk;
}

int RunBatch(const BatchArgs& args, const std::vector<std::string>& typed) {
  if (args.summary) return Summary(args.inputs);

  auto fail = [](absl::string_view message) {
    absl::FPrintF(stderr, "endsolve batch: %s\n", message);
    return kExitBadInput;
  };
  const std::string& out = args.out;
  if (out.empty()) return fail("expected --out RESULTS.jsonl, the file that receives the results");
  if (args.inputs.empty()) return fail("expected at least one input file of positions");
  auto options = ToSolveOptions(args.search);
  if (!options.ok()) return fail(options.status().message());
  // Both were checked as they were parsed.
  const RunSettings run{*batch::ParseShard(args.shard), options->wld, options->threads,
                        *ParseTimeLimit(args.time_limit)};

  for (const std::string& file : args.inputs) {
    std::error_code ec;
    if (std::filesystem::equivalent(file, out, ec)) {
      return fail(
          absl::StrCat("--out ", out, " is also an input; results go to a file of their own"));
    }
  }
  auto input = batch::LoadBatchInput(args.inputs, args.input.read_options());
  if (!input.ok()) return fail(input.status().message());
  for (const std::string& w : input->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
  const std::vector<BatchItem> items = batch::SelectShard(std::move(input->items), run.shard);

  auto results = ResultsAppender::Open(out, !args.resume);
  if (!results.ok()) return fail(results.status().message());
  const ResultsContents& existing = (*results)->contents();
  if (existing.torn_bytes > 0) {
    absl::FPrintF(stderr,
                  "%s:%d: cut off a torn last line (%d bytes), left by an interrupted write; "
                  "its position will be solved again\n",
                  out, existing.torn_line, existing.torn_bytes);
  }
  for (const std::string& w : existing.warnings) absl::FPrintF(stderr, "warning: %s\n", w);
  if (absl::Status s = batch::CheckCompatible(out, existing, run); !s.ok()) return fail(s.message());

  auto tt = TranspositionTable::Create(options->table);
  if (!tt.ok()) return fail(tt.status().message());
  options->tt = tt->get();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options->cancel = &interrupted;

  BatchRun batch(run, *options, results->get());
  std::vector<const BatchItem*> pending;
  for (const BatchItem& item : items) {
    if (!batch.Finished(item)) pending.push_back(&item);
  }
  const int skipped = static_cast<int>(items.size() - pending.size());
  if (skipped > 0) {
    absl::FPrintF(stderr, "%s: resuming: %d of %d positions%s already done\n", out, skipped,
                  items.size(), run.shard.count > 1 ? " of shard " + FormatShard(run.shard) : "");
  }
  const auto retried = std::count_if(pending.begin(), pending.end(),
                                     [&](const BatchItem* item) { return batch.Retried(*item); });
  if (retried > 0) {
    absl::FPrintF(stderr, "%s: trying %d timed-out positions again with the longer limit\n", out,
                  retried);
  }

  BatchProgress progress(static_cast<int>(items.size()), skipped, batch.WorkToDo(pending));
  ProgressDisplay display([&progress](bool terminal) { return progress.Line(terminal); },
                          IsInteractive(), "batch: ");
  std::optional<absl::Status> error;
  int done = 0;
  for (const BatchItem* item : pending) {
    if (interrupted.load()) break;
    absl::StatusOr<const ResultRecord*> record = batch.Do(*item, &progress, interrupted);
    if (!record.ok()) {
      error = record.status();
      break;
    }
    if (*record == nullptr) break;
    if ((*record)->status == ResultStatus::kWrongAnswer) {
      display.Message(absl::StrFormat("wrong answer: %s: the input says %s, the solver finds %s (%s)",
                                      (*record)->id, FormatScore(item->position->ExpectedScore()),
                                      FormatScore(*(*record)->score),
                                      SquareName(*(*record)->best_move)));
    }
    ++done;
  }
  display.Stop();
  if (error) {
    return fail(absl::StrCat(error->message(),
                             "; the results so far are kept, and the same "
                             "command resumes once the cause is fixed"));
  }
  if (interrupted.load() && done < static_cast<int>(pending.size())) {
    absl::FPrintF(stderr,
                  "endsolve batch: interrupted; %d of %d positions are done and saved in %s.\n"
                  "To resume, run:\n  %s\n",
                  skipped + done, items.size(), out, ResumeCommand(typed));
    return kExitInterrupted;
  }

  const ResultsSummary summary = batch::Summarize(batch.Records(items));
  absl::PrintF(
      "%s: %d positions%s: %d solved, %d wrong answer, %d bad input, %d timed out "
      "(%d duplicates); %.3f s of search, %d nodes\n",
      out, summary.positions, run.shard.count > 1 ? " in shard " + FormatShard(run.shard) : "",
      summary.solved, summary.wrong, summary.bad_input, summary.timed_out, summary.duplicates,
      summary.seconds, summary.leaves + summary.internal_nodes);
  if (summary.wrong > 0) return kExitWrong;
  if (summary.bad_input > 0) return kExitBadInput;
  return kExitOk;
}

}  // namespace

void AddBatchCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<BatchArgs>();
  CLI::App* app = root.add_subcommand(
      "batch", "solves files of positions into a results file that survives crashes and resumes");
  AddPositionals(*app, "INPUT", args->inputs,
                  "position files (.obf, .pos, .wtb); with --summary, results files");
  app->add_option("--out", args->out, "the results file (JSON lines), appended to and synced");
  app->add_flag("--resume,!--noresume", args->resume,
                "skip the positions already in --out (--noresume refuses an existing file)");
  app->add_option("--shard", args->shard, "solve only shard K of N, e.g. 2/8")
      ->check(StatusCheck([](const std::string& s) { return batch::ParseShard(s); }));
  app->add_option("--time-limit-per-position", args->time_limit,
                  "give up on a position after this long (e.g. 90s, 10m, 2h or seconds; "
                  "default none)")
      ->check(StatusCheck([](const std::string& s) { return ParseTimeLimit(s); }));
  AddEmptiesOption(*app, args->input);
  AddSearchOptions(*app, args->search, ThreadsOption::kCount);
  CLI::Option* summary = app->add_flag(
      "--summary", args->summary, "print the totals of the given results files instead");
  runs[app] = [args, app, summary](const std::vector<std::string>& typed) {
    // --summary takes no other option: one given with it would do nothing,
    // so it is refused rather than ignored.
    for (const CLI::Option* option : app->get_options()) {
      if (args->summary && option != summary && option->count() > 0 && !option->get_positional()) {
        absl::FPrintF(stderr, "endsolve batch: --summary takes no other option; found %s\n",
                      option->get_name());
        return kExitBadInput;
      }
    }
    return RunBatch(*args, typed);
  };
}

}  // namespace endsolve::cli
