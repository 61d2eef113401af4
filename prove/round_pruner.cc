#include "endsolve/prove/round_pruner.h"

#include <utility>

namespace endsolve::prove {

RoundPruner::RoundPruner(ProofTree* tree, int test, Knowledge knowledge,
                         const std::vector<Position>& units, const std::vector<bool>& expected)
    : tree_(tree), test_(test), knowledge_(std::move(knowledge)), stale_(units.empty()) {
  Adopt(units, expected);
}

bool RoundPruner::Run(const Position& unit) {
  if (stale_) Replan();
  const batch::QuestionKey question = batch::QuestionOf(unit);
  while (next_ < order_.size() && run_.contains(order_[next_])) ++next_;
  if (next_ == order_.size() || order_[next_] != question) return false;
  run_.insert(question);
  return true;
}

bool RoundPruner::WasRun(const Position& unit) const {
  return run_.contains(batch::QuestionOf(unit));
}

void RoundPruner::Heard(const batch::ResultRecord& record) {
  if (record.status == batch::ResultStatus::kTimedOut || !record.window) return;
  const ScoreWindow allowed = batch::ScoresAllowed(record);
  knowledge_.Learn(record.position->board, allowed.lo, allowed.hi);
  const auto it = expected_.find(batch::QuestionOf(record));
  if (it == expected_.end()) return;
  // The unit asks "at least lo + 1?" (ProofTree::TestUnitOf), which for
  // even scores is "at least lo?" too: a folder's units from before
  // 2026-11-27 asked [t, t].
  const int lo = record.window->lo;
  const bool yes = allowed.lo >= lo;
  const bool no = allowed.hi < lo;
  if ((yes && !it->second) || (no && it->second)) stale_ = true;
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

}  // namespace endsolve::prove
