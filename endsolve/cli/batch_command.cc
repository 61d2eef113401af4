// `endsolve batch INPUT... --out RESULTS.jsonl`: solves every position of the inputs (or
// of one shard of them) and appends one JSON line per position to RESULTS,
// synced as each one finishes, so that a batch of days survives crashes and
// restarts (docs/batch-and-clusters.md, "Batch solving").
//
// `endsolve batch --summary RESULTS...`: the totals of results files.
#include <atomic>
#include <cerrno>
#include <deque>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "endsolve/batch/claims.h"
#include "endsolve/batch/follow.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/progress.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/batch/run.h"
#include "endsolve/batch/shell_quote.h"
#include "endsolve/batch/summary.h"
#include "endsolve/board/notation.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/positions/wthor.h"

namespace endsolve::cli {
namespace {

using batch::BatchItem;
using batch::BatchProgress;
using batch::BatchRun;
using batch::FormatShard;
using batch::ResultRecord;
using batch::ResultsSummary;
using batch::ResultStatus;
using batch::RunSettings;

struct BatchArgs {
  std::vector<std::string> inputs;
  std::string out;
  bool resume = true;
  std::string shard = "1/1";
  std::string time_limit;
  std::string claims;
  double follow = 0;  // seconds; 0: the inputs are read once
  bool keep_table = false;
  bool summary = false;
  SearchArgs search;
  InputArgs input;
};

// The command that resumes this batch: the same arguments, less any that
// turned resume off (resume is the default).
std::string ResumeCommand(const std::vector<std::string>& args) {
  std::vector<std::string> words = {batch::ShellQuote(program_invocation_name), "batch"};
  for (const absl::string_view arg : args) {
    if (arg == "--no-resume") continue;
    words.push_back(batch::ShellQuote(arg));
  }
  return absl::StrJoin(words, " ");
}

int Summary(const std::vector<std::string>& files) {
  if (files.empty()) return Fail("endsolve batch --summary", "expected at least one results file");
  std::vector<std::string> warnings;
  absl::StatusOr<batch::FilesSummary> read = batch::SummarizeFiles(files, &warnings);
  for (const std::string& w : warnings) absl::FPrintF(stderr, "warning: %s\n", w);
  if (!read.ok()) return Fail("endsolve batch --summary", read.status().message());
  if (read->summary.positions == 0) {
    return Fail("endsolve batch --summary",
                absl::StrCat("no result record in ", absl::StrJoin(files, ", "),
                             ": there is nothing to sum up"));
  }
  absl::PrintF("%s", batch::FormatSummary(read->summary));
  const std::vector<std::string>& disagreements = read->disagreements;
  if (!disagreements.empty()) {
    absl::PrintF("disagreeing records (%d):\n", disagreements.size());
    for (const std::string& line : disagreements) absl::PrintF("  %s\n", line);
    absl::FPrintF(stderr, "endsolve batch --summary: %d disagreeing records\n",
                  disagreements.size());
  }
  return read->summary.wrong > 0 || !disagreements.empty() ? kExitWrong : kExitOk;
}

// The good positions among `items`.
std::vector<Position> PositionsOf(const std::vector<BatchItem>& items) {
  std::vector<Position> positions;
  for (const BatchItem& item : items) {
    if (item.ok()) positions.push_back(*item.position);
  }
  return positions;
}

// Prints a wrong answer as it is found.
void ReportWrong(ProgressDisplay& display, const BatchItem& item, const ResultRecord& r) {
  if (r.status != ResultStatus::kWrongAnswer) return;
  display.Message(absl::StrFormat("wrong answer: %s: the input says %s, the solver finds %s (%s)",
                                  r.id, FormatScore(item.position->ExpectedScore()),
                                  FormatScore(*r.score), SquareName(*r.best_move)));
}

// Prints the run's totals and returns its exit code.
int Finish(const std::string& out, const RunSettings& run, const ResultsSummary& summary) {
  absl::PrintF(
      "%s: %d %s%s: %d solved, %d wrong answer, %d bad input, %d timed out "
      "(%d duplicates); %.3f s of search, %d nodes\n",
      out, summary.positions, summary.positions == 1 ? "position" : "positions",
      run.shard.count > 1 ? " in shard " + FormatShard(run.shard) : "",
      summary.solved, summary.wrong, summary.bad_input, summary.timed_out, summary.duplicates,
      summary.seconds, summary.leaves + summary.internal_nodes);
  if (summary.wrong > 0) return kExitWrong;
  if (summary.bad_input > 0) return kExitBadInput;
  return kExitOk;
}

// Why --follow cannot take `inputs`, or "" when it can: one .obf file that
// exists.
std::string FollowRefused(const std::vector<std::string>& inputs) {
  if (inputs.size() != 1 || inputs[0] == "-" || IsWthorFileName(inputs[0]) ||
      absl::EndsWithIgnoreCase(inputs[0], ".pos")) {
    return "--follow reads one .obf file that grows; give one such file";
  }
  if (!std::filesystem::is_regular_file(inputs[0])) {
    return absl::StrCat(inputs[0],
                        ": not a file; --follow waits for lines appended to a file that exists");
  }
  return "";
}

// --follow: the input's lines solved as they are appended, until its end
// line, or until nothing modified it for --follow seconds (endsolve/batch/follow.h).
int Follow(const BatchArgs& args, const RunSettings& run, const SolveOptions& options,
           BatchRun* batch, const std::atomic<bool>& interrupted,
           const std::vector<std::string>& typed) {
  auto fail = [](absl::string_view message) { return Fail("endsolve batch", message); };
  batch::FollowedInput input(args.inputs[0], absl::Seconds(args.follow));
  std::deque<std::vector<BatchItem>> parts;  // every item read, at stable addresses
  std::atomic<int> items = 0, done_here = 0;
  ProgressDisplay display(
      [&](bool) {
        return absl::StrFormat("following %s: %d positions read, %d solved by this run",
                               args.inputs[0], items.load(), done_here.load());
      },
      IsInteractive(), "batch: ");
  while (!interrupted.load()) {
    std::vector<std::string> warnings;
    absl::StatusOr<std::vector<BatchItem>> read = input.ReadNew(&warnings);
    if (!read.ok()) return fail(read.status().message());
    for (const std::string& w : warnings) absl::FPrintF(stderr, "warning: %s\n", w);
    if (read->empty()) {
      if (input.ended()) break;
      input.Wait(interrupted);
      continue;
    }
    parts.push_back(batch::SelectShard(*std::move(read), run.shard));
    const std::vector<BatchItem>& part = parts.back();
    if (!WithinMaxEmpties("endsolve batch", PositionsOf(part), options.max_empties)) {
      return kExitBadInput;
    }
    const batch::BatchPlan plan = batch->Plan(part);
    items += static_cast<int>(part.size());
    BatchProgress progress(static_cast<int>(part.size()), plan.skipped,
                           batch->WorkToDo(plan.pending));
    const absl::StatusOr<int> done =
        batch->DoAll(plan.pending, &progress, interrupted,
                     [&](const BatchItem& item, const ResultRecord& r) { ReportWrong(display, item, r); });
    if (!done.ok()) {
      return fail(absl::StrCat(done.status().message(),
                               "; the results so far are kept, and the same "
                               "command resumes once the cause is fixed"));
    }
    done_here += *done;
  }
  display.Stop();
  std::vector<BatchItem> all;
  for (std::vector<BatchItem>& part : parts) {
    for (BatchItem& item : part) all.push_back(std::move(item));
  }
  if (interrupted.load()) {
    absl::FPrintF(stderr,
                  "endsolve batch: interrupted while following %s; what was solved is saved in "
                  "%s.\nTo resume, run:\n  %s\n",
                  args.inputs[0], args.out, ResumeCommand(typed));
    return kExitInterrupted;
  }
  return Finish(args.out, run, batch::Summarize(batch->Records(all)));
}

int RunBatch(const BatchArgs& args, const std::vector<std::string>& typed) {
  if (args.summary) return Summary(args.inputs);

  auto fail = [](absl::string_view message) { return Fail("endsolve batch", message); };
  const std::string& out = args.out;
  if (out.empty()) return fail("expected --out RESULTS.jsonl, the file that receives the results");
  if (args.inputs.empty()) return fail("expected at least one input file of positions");
  auto options = ToSolveOptions(args.search);
  if (!options.ok()) return fail(options.status().message());
  // Both were checked as they were parsed.
  RunSettings run{*batch::ParseShard(args.shard), options->wld, options->threads,
                  *batch::ParseTimeLimit(args.time_limit)};
  run.fresh_table = !args.keep_table;

  // The outputs are checked before anything is read or solved: neither is
  // an input, nor the other, nor a file of another kind (endsolve/output/output_path.h).
  if (absl::Status s = CheckOutputPath("--out", out, batch::ResultsFileKind(), args.inputs);
      !s.ok()) {
    return fail(s.message());
  }
  std::vector<std::string> read_or_written = args.inputs;
  read_or_written.push_back(out);
  if (absl::Status s =
          CheckOutputPath("--claims", args.claims, batch::Claims::Kind(), read_or_written);
      !s.ok()) {
    return fail(s.message());
  }
  std::vector<BatchItem> items;
  if (args.follow > 0) {
    if (const std::string refused = FollowRefused(args.inputs); !refused.empty()) {
      return fail(refused);
    }
    // A range counts places in the input, which a growing file has not yet
    // settled.
    if (!args.input.range.empty()) {
      return fail("--follow solves every line appended to its input; it takes no --range");
    }
  } else {
    auto input = batch::LoadBatchInput(args.inputs, args.input.read_options());
    if (!input.ok()) return fail(input.status().message());
    for (const std::string& w : input->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
    if (input->items.empty()) {
      return fail(absl::StrCat("no position in ", absl::StrJoin(args.inputs, ", "),
                               ": there is nothing to solve"));
    }
    absl::StatusOr<std::vector<BatchItem>> in_range =
        batch::SelectRange(std::move(input->items), args.input.range);
    if (!in_range.ok()) return fail(in_range.status().message());
    items = batch::SelectShard(*std::move(in_range), run.shard);
    if (!WithinMaxEmpties("endsolve batch", PositionsOf(items), options->max_empties)) {
      return kExitBadInput;
    }
  }

  std::vector<std::string> notes;
  auto results = batch::OpenResults(out, args.resume, run, &notes);
  for (const std::string& note : notes) absl::FPrintF(stderr, "%s\n", note);
  if (!results.ok()) return fail(results.status().message());

  auto tt = TranspositionTable::Create(options->table);
  if (!tt.ok()) return fail(tt.status().message());
  options->tt = tt->get();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options->cancel = &interrupted;

  BatchRun batch(run, *options, results->get());
  std::unique_ptr<batch::Claims> claims;
  if (!args.claims.empty()) {
    absl::StatusOr<std::unique_ptr<batch::Claims>> opened = batch::Claims::Open(args.claims, out);
    if (!opened.ok()) return fail(opened.status().message());
    claims = *std::move(opened);
    batch.ShareThrough(claims.get());
  }
  if (args.follow > 0) return Follow(args, run, *options, &batch, interrupted, typed);
  const batch::BatchPlan plan = batch.Plan(items);
  const std::string in_shard = run.shard.count > 1 ? " of shard " + FormatShard(run.shard) : "";
  if (plan.skipped > 0) {
    absl::FPrintF(stderr, "%s: resuming: %d of %d positions%s already done\n", out, plan.skipped,
                  items.size(), in_shard);
  }
  if (plan.retried > 0) {
    absl::FPrintF(stderr, "%s: trying %d timed-out positions again with the longer limit\n", out,
                  plan.retried);
  }

  BatchProgress progress(static_cast<int>(items.size()), plan.skipped, batch.WorkToDo(plan.pending));
  ProgressDisplay display([&progress](bool terminal) { return progress.Line(terminal); },
                          IsInteractive(), "batch: ");
  absl::StatusOr<int> done =
      batch.DoAll(plan.pending, &progress, interrupted,
                  [&](const BatchItem& item, const ResultRecord& r) { ReportWrong(display, item, r); });
  display.Stop();
  if (!done.ok()) {
    return fail(absl::StrCat(done.status().message(),
                             "; the results so far are kept, and the same "
                             "command resumes once the cause is fixed"));
  }
  if (interrupted.load() && *done < static_cast<int>(plan.pending.size())) {
    absl::FPrintF(stderr,
                  "endsolve batch: interrupted; %d of %d positions are done and saved in %s.\n"
                  "To resume, run:\n  %s\n",
                  plan.skipped + *done, items.size(), out, ResumeCommand(typed));
    return kExitInterrupted;
  }

  return Finish(out, run, batch::Summarize(batch.Records(items)));
}

}  // namespace

void AddBatchCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<BatchArgs>();
  CLI::App* app = root.add_subcommand(
      "batch", "solves files of positions into a results file that survives crashes and resumes");
  AddPositionals(*app, "INPUT", args->inputs,
                  "position files (.obf, .pos, .wtb; -: standard input); with --summary, results files");
  AddOutOption(*app, args->out);
  // Two flags rather than CLI11's "--resume,!--no-resume", whose help line
  // "--resume,--no-resume{false}" read as if resume were off by default.
  CLI::Option* resume = app->add_flag_callback(
      "--resume", [args] { args->resume = true; },
      "the default: skip the positions already in --out, solve the rest");
  CLI::Option* no_resume = app->add_flag_callback(
      "--no-resume", [args] { args->resume = false; },
      "refuse to start when --out exists (it is left alone) instead of resuming it");
  app->add_option("--shard", args->shard, "solve only shard K of N, e.g. 2/8")
      ->check(StatusCheck([](const std::string& s) { return batch::ParseShard(s); }));
  app->add_option("--claims", args->claims,
                  "share the input with other batch runs, as a pool of workers: each position "
                  "is claimed in this file before it is solved, and one another run claimed is "
                  "left to it (each run with its own --out)");
  app->add_option("--follow", args->follow,
                  "SECONDS: the one .obf input grows while this run solves it (a pool's "
                  "queue, as endsolve prove's): solve its lines as they are appended, until a "
                  "line '% end', or until nothing has modified the file for SECONDS (its writer "
                  "gone)")
      ->check(CLI::PositiveNumber);
  app->add_flag("--keep-table", args->keep_table,
                "one table for every position, never cleared (the default clears it before each, "
                "so that a result does not depend on the order): neighbouring positions, such "
                "as a proof's units, reuse what the others learnt; node counts then depend on "
                "the order, scores do not");
  AddTimeLimitOption(*app, args->time_limit);
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  AddSearchOptions(*app, args->search, ThreadsOption::kCount);
  CLI::Option* summary = app->add_flag(
      "--summary", args->summary, "print the totals of the given results files instead");
  runs[app] = [args, app, summary, resume, no_resume](const std::vector<std::string>& typed) {
    if (resume->count() > 0 && no_resume->count() > 0) {
      return Fail("endsolve batch", "--resume and --no-resume contradict each other; give one");
    }
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
