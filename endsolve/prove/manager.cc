#include "endsolve/prove/manager.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/board/notation.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"

namespace endsolve::prove {

// A question lost this often stops the proof: a unit that crashes or runs
// past its time limit twice will do so again.
constexpr int kMaxLost = 2;

Manager::Manager(ProofTree* tree, int guess, std::optional<int> under_way)
    : tree_(tree), guess_(guess), test_(under_way) {}

absl::Status Manager::HandOut(const Position& unit) {
  const batch::QuestionKey question = batch::QuestionOf(unit);
  if (const auto it = lost_.find(question); it != lost_.end() && it->second >= kMaxLost) {
    return absl::AbortedError(absl::StrCat(
        "a unit failed ", it->second, " times (crashed, killed, or past --time-limit): ",
        FormatObf(unit)));
  }
  in_flight_.emplace(question, unit);
  ++handed_out_;
  return absl::OkStatus();
}

absl::StatusOr<std::optional<Position>> Manager::Tail() {
  const ProofTree::Line line = tree_->ProvenLine();
  score_ = line.score;
  line_ = line.moves;
  if (line.frontier) {
    const auto answer = exact_.find(batch::QuestionOf(*line.frontier));
    if (answer == exact_.end()) return line.frontier;
    const int symmetry = SymmetryBetween(answer->second.position->board, line.frontier->board);
    for (int move : *answer->second.pv) line_.push_back(TransformSquare(move, symmetry));
  }
  complete_ = true;
  return std::nullopt;
}

absl::StatusOr<std::vector<Position>> Manager::Wanted(std::size_t free,
                                                      const std::function<void(int)>& on_test) {
  std::vector<Position> units;
  if (complete_ || free == 0) return units;
  const auto in_flight = [&](const Position& unit) {
    return in_flight_.contains(batch::QuestionOf(unit));
  };
  for (;;) {
    // A walk that found its test decided wanted its units for nothing.
    units.clear();
    const Interval interval = tree_->RootInterval();
    if (interval.exact()) {
      absl::StatusOr<std::optional<Position>> tail = Tail();
      if (!tail.ok()) return tail.status();
      if (*tail && !in_flight(**tail)) {
        if (absl::Status s = HandOut(**tail); !s.ok()) return s;
        units.push_back(**tail);
      }
      return units;
    }
    // The test under way while the interval leaves it undecided, else the
    // next one, planned with the estimates fitted to the answers so far.
    const int test = TestToPlan(test_, guess_, interval);
    if (test != test_) {
      tree_->Calibrate();
      test_ = test;
      if (on_test) on_test(test);
    }
    const TestState state = tree_->Next(test, free, in_flight, &units);
    if (state == TestState::kPending) break;
    // Decided by answers that the positions expanded by this walk brought
    // to the root: the interval has moved.
    if (tree_->RootInterval() == interval) {
      return absl::InternalError(absl::StrFormat(
          "the test >= %d of a root known in [%d, %d] was decided by the walk but not by the "
          "bounds",
          test, interval.lower, interval.upper));
    }
  }
  for (const Position& unit : units) {
    if (absl::Status s = HandOut(unit); !s.ok()) return s;
  }
  return units;
}

absl::Status Manager::Heard(const batch::ResultRecord& r) {
  if (r.status == batch::ResultStatus::kBadInput || !r.window || !r.position) {
    return absl::InternalError(
        absl::StrCat("line ", r.line_number, ": not a unit's result (a unit is a position with a "
                     "window)"));
  }
  // The question from the record's own position and window (its `key` is
  // filled only by a results file's reader).
  Position asked;
  asked.board = r.position->board;
  asked.to_move = r.position->to_move;
  asked.window = r.window;
  const batch::QuestionKey question = batch::QuestionOf(asked);
  in_flight_.erase(question);
  if (r.status == batch::ResultStatus::kTimedOut) {
    ++lost_[question];
    ++lost_total_;
    return absl::OkStatus();
  }
  const ScoreWindow allowed = batch::ScoresAllowed(r);
  if (!tree_->Learn(r.position->board, allowed.lo, allowed.hi)) {
    return absl::InternalError(absl::StrCat(
        "line ", r.line_number, ": this unit's answer (", FormatScore(*r.score), ", ",
        ScoreKindName(*r.bound), ") contradicts an earlier one for the same position"));
  }
  if (r.window->lo == r.window->hi && r.window->lo % 2 == 0 && r.pv) exact_.emplace(question, r);
  return absl::OkStatus();
}

void Manager::Lost(const Position& unit) {
  const batch::QuestionKey question = batch::QuestionOf(unit);
  if (in_flight_.erase(question) > 0) {
    ++lost_[question];
    ++lost_total_;
  }
}

}  // namespace endsolve::prove
