// `endsolve batch INPUT... --out RESULTS.jsonl [--threads N] [--hash-mb M]
// [--tt-scheme S] [--wld] [--ordering LIST] [--resume] [--shard K/N]
// [--time-limit-per-position T] [--empties N]`: solves every position of the inputs (or
// of one shard of them) and appends one JSON line per position to RESULTS,
// synced as each one finishes, so that a batch of days survives crashes and
// restarts (README "Batch solving").
//
// `endsolve batch --summary RESULTS...`: the totals of results files.
#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "absl/flags/flag.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "cli/batch_identity.h"
#include "cli/batch_input.h"
#include "cli/batch_progress.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/positions.h"
#include "cli/report.h"
#include "cli/results_file.h"
#include "cli/results_record.h"
#include "cli/results_summary.h"
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

// A timed-out position is tried again only with a longer limit than the one
// it ran out of: the same limit would only time out again.
// Limits are compared in whole microseconds: a limit read back from its JSON
// decimal may differ from the flag's value in the last bits.
bool Retry(const ResultRecord& record, const RunSettings& run) {
  if (record.status != ResultStatus::kTimedOut) return false;
  if (run.time_limit == absl::InfiniteDuration()) return true;
  return std::llround(absl::ToDoubleMicroseconds(run.time_limit)) >
         std::llround(absl::ToDoubleMicroseconds(record.time_limit));
}

// Refuses a results file written by a run whose records would not mean the
// same: another shard (its positions are not ours) or another mode (WLD
// scores are not exact scores).
absl::Status CheckCompatible(const std::string& path, const ResultsContents& contents,
                             const RunSettings& run) {
  const std::string shard = FormatShard(run.shard);
  for (const ResultRecord& r : contents.records) {
    if (r.shard != shard) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ":", r.line_number, ": this file holds results of shard ", r.shard,
          ", but this run is shard ", shard, "; give each shard its own results file"));
    }
    if (r.wld != run.wld) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ":", r.line_number, ": this file holds ", r.wld ? "--wld" : "exact",
                       " results, but this run is ", run.wld ? "--wld" : "exact",
                       "; give each mode its own results file"));
    }
  }
  return absl::OkStatus();
}

int Summary(const std::vector<std::string>& files) {
  if (files.empty()) {
    absl::FPrintF(stderr, "endsolve batch --summary: expected at least one results file\n");
    return kExitBadInput;
  }
  std::vector<ResultsContents> contents;
  for (const std::string& file : files) {
    absl::StatusOr<ResultsContents> read = ReadResultsFile(file);
    if (!read.ok()) {
      absl::FPrintF(stderr, "endsolve batch --summary: %s\n", read.status().message());
      return kExitBadInput;
    }
    for (const std::string& w : read->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
    contents.push_back(*std::move(read));
  }
  std::vector<const ResultRecord*> latest;
  for (const ResultsContents& c : contents) {
    for (const auto& [id, record] : LatestById(c)) latest.push_back(record);
  }
  std::sort(latest.begin(), latest.end(), [](const ResultRecord* a, const ResultRecord* b) {
    return a->line_number < b->line_number;
  });
  const ResultsSummary summary = Summarize(latest);
  absl::PrintF("%s", FormatSummary(summary));
  return summary.wrong > 0 ? kExitWrong : kExitOk;
}

// The state of one batch run: what is known about every position, and the
// file it appends to.
class BatchRun {
 public:
  BatchRun(RunSettings run, SolveOptions options, ResultsAppender* results, bool terminal)
      : run_(std::move(run)), options_(std::move(options)), results_(results), terminal_(terminal) {
    for (const ResultRecord& r : results_->contents().records) {
      if (!r.has_score() && (r.status != ResultStatus::kTimedOut || Retry(r, run_))) continue;
      // A score beats a time-out: the position was solved after all.
      const auto [it, inserted] = by_key_.emplace(r.key, &r);
      if (!inserted && !it->second->has_score()) it->second = &r;
    }
    for (const auto& [id, record] : LatestById(results_->contents())) final_[id] = record;
  }

  // True when the position needs nothing from this run.
  bool Finished(const BatchItem& item) const {
    const auto it = final_.find(item.id);
    return it != final_.end() && !Retry(*it->second, run_);
  }
  // True when it timed out before, under a shorter limit than this run's.
  bool Retried(const BatchItem& item) const {
    const auto it = final_.find(item.id);
    return it != final_.end() && Retry(*it->second, run_);
  }

  // The summed WorkWeight of what this run must search: the first pending
  // occurrence of each position that no record answers yet.
  double WorkToDo(const std::vector<const BatchItem*>& pending) const {
    std::set<PositionKey> counted;
    double work = 0;
    for (const BatchItem* item : pending) {
      if (!item->ok()) continue;
      const PositionKey key = KeyOf(item->position->board);
      if (by_key_.contains(key) || !counted.insert(key).second) continue;
      work += WorkWeight(item->position->board.EmptyCount());
    }
    return work;
  }

  // Solves (or copies, or records as bad) one position and appends its
  // line. Returns false when interrupted: nothing was written for it.
  absl::StatusOr<bool> Do(const BatchItem& item, BatchProgress* progress,
                          const std::atomic<bool>& interrupted) {
    const int empties = item.ok() ? item.position->board.EmptyCount() : 0;
    progress->Start(absl::StrCat(item.file, ":", item.line), empties);
    Json record;
    bool searched = false;
    SolveResult result;
    if (!item.ok()) {
      record = BadInputRecord(item, run_);
    } else if (const auto known = by_key_.find(KeyOf(item.position->board));
               known != by_key_.end()) {
      record = DuplicateRecord(item, *known->second, run_);
    } else {
      options_.tt->Clear();  // every result independent of order and of resume
      options_.deadline = run_.time_limit == absl::InfiniteDuration()
                              ? absl::InfiniteFuture()
                              : absl::Now() + run_.time_limit;
      options_.on_progress = [progress](const Progress& p) {
        if (p.presearch_depth > 0) return;  // the presearch: its positions are not nodes
        progress->Update(p.nodes, p.elapsed);
      };
      result = Solve(item.position->board, options_);
      if (!result.status.ok()) return result.status;
      if (result.stopped && interrupted.load()) return false;
      searched = true;
      record =
          result.stopped ? TimedOutRecord(item, result, run_) : FinishedRecord(item, result, run_);
    }
    if (absl::Status s = results_->Append(record); !s.ok()) return s;
    absl::StatusOr<ResultRecord> written = ParseRecord(DumpLine(record));
    assert(written.ok());
    written_.push_back(*std::move(written));
    const ResultRecord& r = written_.back();
    final_[r.id] = &r;
    if (searched && item.ok()) by_key_.emplace(r.key, &r);
    if (r.status == ResultStatus::kWrongAnswer) {
      absl::FPrintF(stderr, "%swrong answer: %s: the input says %s, the solver finds %s (%s)\n",
                    terminal_ ? "\r\033[K" : "", r.id, FormatScore(item.position->ExpectedScore()),
                    FormatScore(r.score), SquareName(r.best_move));
    }
    progress->Finish(searched, empties, result.nodes.total(), result.time);
    return true;
  }

  // The latest record of each of `items` that has one.
  std::vector<const ResultRecord*> Records(const std::vector<BatchItem>& items) const {
    std::vector<const ResultRecord*> out;
    for (const BatchItem& item : items) {
      const auto it = final_.find(item.id);
      if (it != final_.end()) out.push_back(it->second);
    }
    return out;
  }

 private:
  RunSettings run_;
  SolveOptions options_;
  ResultsAppender* results_;
  const bool terminal_;  // progress is drawn on stderr: clear its line first
  std::map<PositionKey, const ResultRecord*> by_key_;  // answers for duplicates
  std::map<std::string, const ResultRecord*> final_;   // latest record by id
  std::deque<ResultRecord> written_;                   // this run's records (stable addresses)
};

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
  auto shard = ParseShard(absl::GetFlag(FLAGS_shard));
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
  auto input = LoadBatchInput(*args, *read_options);
  if (!input.ok()) return fail(input.status().message());
  for (const std::string& w : input->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
  const std::vector<BatchItem> items = SelectShard(std::move(input->items), run.shard);

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
  if (absl::Status s = CheckCompatible(out, existing, run); !s.ok()) return fail(s.message());

  auto tt = MakeTable(*options);
  if (!tt.ok()) return fail(tt.status().message());
  options->tt = tt->get();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options->cancel = &interrupted;

  const bool terminal = IsInteractive();
  BatchRun batch(run, *options, results->get(), terminal);
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
  ProgressPrinter printer(&progress, terminal);
  std::optional<absl::Status> error;
  int done = 0;
  for (const BatchItem* item : pending) {
    if (interrupted.load()) break;
    absl::StatusOr<bool> finished = batch.Do(*item, &progress, interrupted);
    if (!finished.ok()) {
      error = finished.status();
      break;
    }
    if (!*finished) break;
    ++done;
  }
  printer.Stop();
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

  const ResultsSummary summary = Summarize(batch.Records(items));
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
