#include "endsolve/prove/round_pruner.h"

#include <cassert>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "endsolve/batch/input.h"

namespace endsolve::prove {

RoundPruner::RoundPruner(Engine engine, ProofTree* tree, int test, Knowledge knowledge,
                         const std::vector<Position>& units, const std::vector<bool>& expected)
    : engine_(engine),
      tree_(tree),
      test_(test),
      knowledge_(std::move(knowledge)),
      stale_(units.empty()) {
  Adopt(units, expected);
}

bool RoundPruner::Run(const Position& unit) {
  assert(engine_ == Engine::kOneAfterAnother);
  if (stale_) Replan();
  const batch::QuestionKey question = batch::QuestionOf(unit);
  while (next_ < order_.size() && run_.contains(order_[next_])) ++next_;
  if (next_ == order_.size() || order_[next_] != question) return false;
  run_.insert(question);
  return true;
}

bool RoundPruner::Asks(const Position& unit) {
  assert(engine_ == Engine::kSideBySide);
  if (stale_) Replan();
  return expected_.contains(batch::QuestionOf(unit));
}

void RoundPruner::Keep(const Position& unit) { kept_.insert(batch::QuestionOf(unit)); }

bool RoundPruner::Skipped(const Position& unit) const {
  const batch::QuestionKey question = batch::QuestionOf(unit);
  return engine_ == Engine::kSideBySide ? kept_.contains(question) : !run_.contains(question);
}

bool RoundPruner::Heard(const batch::ResultRecord& record) {
  if (record.status == batch::ResultStatus::kTimedOut || !record.window) return false;
  const ScoreWindow allowed = batch::ScoresAllowed(record);
  knowledge_.Learn(record.position->board, allowed.lo, allowed.hi);
  const auto it = expected_.find(batch::QuestionOf(record));
  if (it == expected_.end()) return false;
  // The unit asks "at least lo + 1?" (ProofTree::TestUnitOf), which for
  // even scores is "at least lo?" too: a folder's units from before
  // 2026-11-27 asked [t, t].
  const int lo = record.window->lo;
  const bool yes = allowed.lo >= lo;
  const bool no = allowed.hi < lo;
  const bool against = (yes && !it->second) || (no && it->second);
  if (against) stale_ = true;
  return against;
}

void RoundPruner::Replan() {
  std::vector<Position> units;
  std::vector<bool> expected;
  tree_->Plan(test_, knowledge_, &units, &expected);
  Adopt(units, expected);
  stale_ = false;
}

void RoundPruner::Adopt(const std::vector<Position>& units, const std::vector<bool>& expected) {
  expected_.clear();
  order_.clear();
  next_ = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const batch::QuestionKey question = batch::QuestionOf(units[i]);
    expected_.emplace(question, expected[i]);
    order_.push_back(question);
  }
}

absl::Status WorkersPruning::Start(const std::string& units_path, const std::string& claims_path) {
  absl::StatusOr<batch::BatchInput> input = batch::LoadBatchInput({units_path});
  if (!input.ok()) return input.status();
  for (const batch::BatchItem& item : input->items) {
    if (item.ok()) units_.push_back({*item.position, item.id});
  }
  absl::StatusOr<std::unique_ptr<batch::Claims>> claims = batch::Claims::Open(claims_path);
  if (!claims.ok()) return claims.status();
  claims_ = std::move(*claims);
  return ClaimNeedless();
}

absl::Status WorkersPruning::Poll() {
  namespace fs = std::filesystem;
  bool against = false;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(results_, ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix_) || entry.path().extension() != ".jsonl") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::uintmax_t& read = read_[name];
    in.seekg(static_cast<std::streamoff>(read));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t end = text.rfind('\n');
    if (end == std::string::npos) continue;  // no whole line yet
    read += end + 1;
    for (absl::string_view line : absl::StrSplit(absl::string_view(text).substr(0, end), '\n')) {
      // A line that is no unit's answer is the results reader's to report
      // once the round ends; here it only prunes nothing.
      const absl::StatusOr<batch::ResultRecord> record = batch::ParseRecord(line);
      if (record.ok() && record->window && record->position) {
        against = pruner_->Heard(*record) || against;
      }
    }
  }
  return against ? ClaimNeedless() : absl::OkStatus();
}

absl::Status WorkersPruning::ClaimNeedless() {
  for (std::size_t i = 0; i < units_.size(); ++i) {
    const auto& [unit, id] = units_[i];
    if (taken_.contains(i) || pruner_->Skipped(unit) || pruner_->Asks(unit)) continue;
    const absl::StatusOr<bool> mine = claims_->Claim(id);
    if (!mine.ok()) return mine.status();
    if (*mine) {
      pruner_->Keep(unit);
    } else {
      taken_.insert(i);  // a worker has it, or had it: never asked for again
    }
  }
  return absl::OkStatus();
}

}  // namespace endsolve::prove
