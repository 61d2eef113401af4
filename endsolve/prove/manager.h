// The manager of one proof: which units to start, as their answers come
// (endsolve/prove/README.md, "The manager"). It holds the proof tree and the test
// under way; an answer is backed up at once (ProofTree::Learn), and the
// units wanted next are found by a walk that stops after as many as there
// are free workers (ProofTree::Next). No step plans the whole tree, and a
// question (a position and its window) is handed out once: again only
// after it was lost (its worker killed, its time limit passed), and never
// a third time.
//
// Every step does one of: hands out a question never handed out before,
// hears an answer to one in flight, or moves the test once the answers
// decide it, which narrows the root's interval. There are finitely many
// questions (the tree's frontier positions times the even tests) and
// scores, so every proof ends (endsolve/prove/README.md, "Why every proof ends").
#ifndef ENDSOLVE_PROVE_MANAGER_H_
#define ENDSOLVE_PROVE_MANAGER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/record.h"
#include "endsolve/board/position.h"
#include "endsolve/prove/proof_tree.h"

namespace endsolve::prove {

class Manager {
 public:
  // `tree`: the proof's, with what it has learnt (it outlives the manager);
  // `guess`: the first test; `under_way`: the test the last manager of this
  // proof was asking (its folder's log), if any, kept while undecided.
  Manager(ProofTree* tree, int guess, std::optional<int> under_way);

  // The units to start now, at most `free`, each marked in flight: the
  // first ones the test under way needs (ProofTree::Next) that are not in
  // flight; once the root's score is proven, the one unit that gives its
  // line's tail. Empty when every unit wanted now is in flight, or the
  // proof is complete (complete()). Calls `on_test` with each new test
  // before its units. Errors: a unit lost twice, named.
  absl::StatusOr<std::vector<Position>> Wanted(std::size_t free,
                                               const std::function<void(int test)>& on_test = {});

  // A unit's answer (any record of the proof's, a unit in flight or one
  // answered before this manager started): learnt and backed up. A
  // timed-out record answers nothing: its question may be asked once more.
  // Errors: an answer that contradicts an earlier one, or a record that is
  // not a unit's.
  absl::Status Heard(const batch::ResultRecord& record);
  // A unit in flight that will not answer (its worker gone): it may be
  // asked once more.
  void Lost(const Position& unit);

  // The root's score, its line and the line's tail are all known.
  bool complete() const { return complete_; }
  // Once complete: the score, and the line from the root to the end of the
  // game.
  int score() const { return score_; }
  const std::vector<int>& line() const { return line_; }

  Interval interval() const { return tree_->RootInterval(); }
  std::optional<int> test() const { return test_; }
  std::size_t in_flight() const { return in_flight_.size(); }
  // Questions handed out by this manager (each once, twice if lost).
  std::int64_t handed_out() const { return handed_out_; }
  // Units lost or timed out, heard by this manager.
  std::int64_t lost() const { return lost_total_; }

 private:
  // Marks a unit in flight; an error when it was lost twice already.
  absl::Status HandOut(const Position& unit);
  // The proven line's tail, or a unit that asks for it; sets complete_.
  absl::StatusOr<std::optional<Position>> Tail();

  ProofTree* tree_;
  int guess_;
  std::optional<int> test_;
  std::map<batch::QuestionKey, Position> in_flight_;
  std::map<batch::QuestionKey, int> lost_;  // timed out or lost, by question
  // Exact answers (the line's tail asks one): their records' lines.
  std::map<batch::QuestionKey, batch::ResultRecord> exact_;
  std::int64_t handed_out_ = 0;
  std::int64_t lost_total_ = 0;
  bool complete_ = false;
  int score_ = 0;
  std::vector<int> line_;
};

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_MANAGER_H_
