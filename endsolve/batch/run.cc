#include "endsolve/batch/run.h"

#include <cassert>
#include <cmath>
#include <optional>
#include <set>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"

namespace endsolve::batch {

absl::StatusOr<absl::Duration> ParseTimeLimit(absl::string_view text) {
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
        "expected a positive duration such as 90s, 10m or 600, found '", text, "'"));
  }
  return limit;
}

absl::StatusOr<std::unique_ptr<ResultsAppender>> OpenResults(const std::string& path, bool resume,
                                                             const RunSettings& run,
                                                             std::vector<std::string>* notes) {
  auto results = ResultsAppender::Open(path, !resume);
  if (!results.ok()) return results.status();
  const ResultsContents& existing = (*results)->contents();
  if (existing.torn_bytes > 0) {
    notes->push_back(absl::StrFormat(
        "%s:%d: cut off a torn last line (%d bytes), left by an interrupted write; its position "
        "will be solved again",
        path, existing.torn_line, existing.torn_bytes));
  }
  for (const std::string& w : existing.warnings) notes->push_back(absl::StrCat("warning: ", w));
  if (absl::Status s = CheckCompatible(path, existing, run); !s.ok()) return s;
  return results;
}

// Limits are compared in whole microseconds: a limit read back from its JSON
// decimal may differ from the flag's value in the last bits.
bool Retry(const ResultRecord& record, const RunSettings& run) {
  if (record.status != ResultStatus::kTimedOut) return false;
  if (run.time_limit == absl::InfiniteDuration()) return true;
  return std::llround(absl::ToDoubleMicroseconds(run.time_limit)) >
         std::llround(absl::ToDoubleMicroseconds(absl::Seconds(*record.time_limit_seconds)));
}

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

BatchRun::BatchRun(RunSettings run, SolveOptions options, ResultsAppender* results)
    : run_(std::move(run)), options_(std::move(options)), results_(results) {
  for (const ResultRecord& r : results_->contents().records) {
    if (!r.has_score() && (r.status != ResultStatus::kTimedOut || Retry(r, run_))) continue;
    // A score beats a time-out: the position was solved after all.
    const auto [it, inserted] = by_key_.emplace(QuestionOf(r), &r);
    if (!inserted && !it->second->has_score()) it->second = &r;
  }
  for (const auto& [id, record] : LatestById(results_->contents())) {
    const ResultRecord*& latest = final_[ResumeKey(id, &spellings_)];
    // One position's ids under two spellings: the later line stands.
    if (latest == nullptr || latest->line_number < record->line_number) latest = record;
  }
}

const ResultRecord* BatchRun::Final(const std::string& id) const {
  const auto it = final_.find(ResumeKey(id, &spellings_));
  return it == final_.end() ? nullptr : it->second;
}

bool BatchRun::Finished(const BatchItem& item) const {
  const ResultRecord* record = Final(item.id);
  return record != nullptr && !Retry(*record, run_);
}

bool BatchRun::Retried(const BatchItem& item) const {
  const ResultRecord* record = Final(item.id);
  return record != nullptr && Retry(*record, run_);
}

BatchPlan BatchRun::Plan(const std::vector<BatchItem>& items) const {
  BatchPlan plan;
  for (const BatchItem& item : items) {
    if (Finished(item)) continue;
    plan.pending.push_back(&item);
    if (Retried(item)) ++plan.retried;
  }
  plan.skipped = static_cast<int>(items.size() - plan.pending.size());
  return plan;
}

absl::StatusOr<int> BatchRun::DoAll(
    const std::vector<const BatchItem*>& pending, BatchProgress* progress,
    const std::atomic<bool>& interrupted,
    const std::function<void(const BatchItem&, const ResultRecord&)>& on_record) {
  int done = 0;
  for (const BatchItem* item : pending) {
    if (interrupted.load()) break;
    absl::StatusOr<const ResultRecord*> record = Do(*item, progress, interrupted);
    if (!record.ok()) return record.status();
    if (*record == nullptr) {
      if (interrupted.load()) break;
      continue;  // claimed by another run
    }
    if (on_record) on_record(*item, **record);
    ++done;
  }
  return done;
}

double BatchRun::WorkToDo(const std::vector<const BatchItem*>& pending) const {
  std::set<QuestionKey> counted;
  double work = 0;
  for (const BatchItem* item : pending) {
    if (!item->ok()) continue;
    const QuestionKey key = QuestionOf(*item->position);
    if (by_key_.contains(key) || !counted.insert(key).second) continue;
    work += WorkWeight(item->position->board.EmptyCount());
  }
  return work;
}

absl::StatusOr<const ResultRecord*> BatchRun::Do(const BatchItem& given, BatchProgress* progress,
                                                 const std::atomic<bool>& interrupted) {
  if (claims_ != nullptr) {
    const absl::StatusOr<bool> mine = claims_->Claim(given.id);
    if (!mine.ok()) return mine.status();
    if (!*mine) return nullptr;  // another run's
  }
  // A position retried under another spelling of its file keeps the id of
  // its earlier record, so that the file holds one id per position.
  std::optional<BatchItem> respelled;
  if (const ResultRecord* before = Final(given.id); before != nullptr && before->id != given.id) {
    respelled = given;
    respelled->id = before->id;
  }
  const BatchItem& item = respelled ? *respelled : given;
  const int empties = item.ok() ? item.position->board.EmptyCount() : 0;
  progress->Start(absl::StrCat(item.file, ":", item.line), empties);
  Record record;
  bool searched = false;
  SolveResult result;
  if (!item.ok()) {
    record = BadInputRecord(item, run_);
  } else if (const auto known = by_key_.find(QuestionOf(*item.position));
             known != by_key_.end()) {
    record = DuplicateRecord(item, *known->second, run_);
  } else {
    options_.deadline = run_.time_limit == absl::InfiniteDuration()
                            ? absl::InfiniteFuture()
                            : absl::Now() + run_.time_limit;
    options_.on_progress = [progress](const Progress& p) {
      if (p.presearch_depth > 0) return;  // the presearch: its positions are not nodes
      progress->Update(p.nodes, p.elapsed);
    };
    options_.live_nodes = progress->live_nodes();
    // A prove unit's null-window test; a plain line, the whole window.
    const ScoreWindow window = item.position->window.value_or(ScoreWindow{});
    options_.lo = window.lo;
    options_.hi = window.hi;
    // Every result independent of order and of resume (unless the run
    // shares its table on purpose).
    absl::StatusOr<SolveResult> solved = run_.fresh_table
                                             ? SolveInClearedTable(item.position->board, options_)
                                             : Solve(item.position->board, options_);
    if (!solved.ok()) return solved.status();
    result = *std::move(solved);
    if (result.stopped && interrupted.load()) return nullptr;
    searched = true;
    record =
        result.stopped ? TimedOutRecord(item, result, run_) : FinishedRecord(item, result, run_);
  }
  const Json line = record;
  if (absl::Status s = results_->Append(line); !s.ok()) return s;
  // Kept as a resume would read it back (a bad line's invalid UTF-8 replaced).
  absl::StatusOr<ResultRecord> written = ParseRecord(DumpLine(line));
  assert(written.ok());
  written_.push_back(*std::move(written));
  const ResultRecord& r = written_.back();
  final_[ResumeKey(r.id, &spellings_)] = &r;
  if (searched && item.ok()) by_key_.emplace(QuestionOf(r), &r);
  progress->Finish(searched, empties, result.nodes.total(), result.time);
  return &r;
}

std::vector<const ResultRecord*> BatchRun::Records(const std::vector<BatchItem>& items) const {
  std::vector<const ResultRecord*> out;
  for (const BatchItem& item : items) {
    if (const ResultRecord* record = Final(item.id)) out.push_back(record);
  }
  return out;
}

}  // namespace endsolve::batch
