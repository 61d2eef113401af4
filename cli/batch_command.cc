// `endsolve batch INPUT... --out RESULTS.jsonl [--threads N] [--hash-mb M]
// [--tt-scheme S] [--wld] [--ordering LIST] [--resume] [--shard K/N]
// [--time-limit-per-position T] [--empties N]`: solves every position of the inputs (or
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

#include "absl/flags/flag.h"
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
#include "cli/tt_factory.h"

ABSL_FLAG(std::string, out, "", "batch, merge: the results file (JSON lines)");
ABSL_FLAG(bool, resume, true,
          "batch: skip the positions already in --out (--noresume refuses an existing file)");
ABSL_FLAG(std::string, shard, "1/1", "batch: solve only shard K of N, e.g. 2/8");
ABSL_FLAG(std::string, time_limit_per_position, "",
          "batch: give up on a position after this long (e.g. 90s, 10m, 2h or seconds); "
          "default none");
ABSL_FLAG(bool, summary, false, "batch: print the totals of the given results files instead");

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

// Parses --time-limit-per-position: an absl duration ("90s", "1h30m") or a
// plain number of seconds; empty means no limit.
absl::StatusOr<absl::Duration> TimeLimitFromFlag() {
  const std::string text = absl::GetFlag(FLAGS_time_limit_per_position);
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
        "--time-limit-per-position: expected a positive duration such as 90s, 10m or 600, "
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
std::string ResumeCommand(int argc, char** argv) {
  std::vector<std::string> words = {ShellQuote(program_invocation_name), "batch"};
  for (int i = 0; i < argc; ++i) {
    const absl::string_view arg = argv[i];
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

}  // namespace

int BatchCommand(int argc, char** argv) {
  // --summary takes no other option: one given with it would do nothing, so
  // it is refused rather than ignored.
  bool summary_only = false;
  for (int i = 0; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    summary_only |= arg == "--summary" || arg == "-summary" || absl::StartsWith(arg, "--summary=");
  }
  auto args = summary_only ? ParseSubcommandFlags("batch --summary", argc, argv, {"summary"})
                           : ParseSubcommandFlags("batch", argc, argv,
                                                  {ENDSOLVE_SEARCH_FLAG_NAMES, "out", "resume",
                                                   "shard", "time_limit_per_position", "empties",
                                                   "summary"});
  if (!args.ok()) {
    absl::FPrintF(stderr, "%s\n", args.status().message());
    return kExitBadInput;
  }
  if (absl::GetFlag(FLAGS_summary)) return Summary(*args);

  auto fail = [](absl::string_view message) {
    absl::FPrintF(stderr, "endsolve batch: %s\n", message);
    return kExitBadInput;
  };
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return fail("expected --out RESULTS.jsonl, the file that receives the results");
  if (args->empty()) return fail("expected at least one input file of positions");
  auto options = SolveOptionsFromFlags();
  if (!options.ok()) return fail(options.status().message());
  // Checked before anything is written, not on the first solve.
  if (absl::Status s = ValidateOptions(*options); !s.ok()) return fail(s.message());
  auto shard = batch::ParseShard(absl::GetFlag(FLAGS_shard));
  if (!shard.ok()) return fail(shard.status().message());
  auto time_limit = TimeLimitFromFlag();
  if (!time_limit.ok()) return fail(time_limit.status().message());
  auto read_options = ReadOptionsFromFlags();
  if (!read_options.ok()) return fail(read_options.status().message());
  const RunSettings run{*shard, options->wld, options->threads, *time_limit};

  for (const std::string& file : *args) {
    std::error_code ec;
    if (std::filesystem::equivalent(file, out, ec)) {
      return fail(
          absl::StrCat("--out ", out, " is also an input; results go to a file of their own"));
    }
  }
  auto input = batch::LoadBatchInput(*args, *read_options);
  if (!input.ok()) return fail(input.status().message());
  for (const std::string& w : input->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
  const std::vector<BatchItem> items = batch::SelectShard(std::move(input->items), run.shard);

  auto results = ResultsAppender::Open(out, !absl::GetFlag(FLAGS_resume));
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

  auto tt = MakeTable(*options);
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
                                      FormatScore((*record)->score),
                                      SquareName((*record)->best_move)));
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
                  skipped + done, items.size(), out, ResumeCommand(argc, argv));
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

}  // namespace endsolve::cli
