// The manager's view of one proof: the top of the game tree from the root
// down to the frontier (positions of at most `unit_empties` empties, which
// units solve), what the units' results say of each position, and which
// units a null-window test of the root still needs (endsolve/prove/README.md).
//
// The tree is a function of the root, the frontier and the evaluation that
// orders it, and the bounds a function of the results. The work folder
// keeps the positions expanded (tree.txt) so that a manager that restarts
// walks the same tree without expanding it again.
#ifndef ENDSOLVE_PROVE_PROOF_TREE_H_
#define ENDSOLVE_PROVE_PROOF_TREE_H_

#include <algorithm>
#include <atomic>
#include <functional>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "endsolve/board/board.h"
#include "endsolve/board/position.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/hashtable/transposition_table.h"
#include "tbb/task_arena.h"

namespace endsolve::prove {

// The scores a position is known to lie between (from its side to move),
// both even: every final score is even (the empties go to the winner, so
// the difference is 64 minus twice the loser's discs).
struct Interval {
  int lower = -kNumSquares;
  int upper = kNumSquares;
  bool exact() const { return lower == upper; }
  friend bool operator==(const Interval&, const Interval&) = default;
};

// The next test, "is the root at least t?", of a root known to lie in
// `interval` (not exact), `guess` being the first test (the exact solve's
// selective estimate, even). While the guess lies inside the interval it
// is the test. Once the interval has climbed past it, the first kSingleSteps
// tests climb one score at a time (guess + 2, + 4, + 6), then in steps
// that double (+ 14, + 30, ...); a falling upper end goes 2, 6, 14, ...
// below the guess; once a step overshoots the other end they halve what
// is left. The evaluation misjudges decisive positions by 5-12 discs (FFO
// #60-#69 at 8-12 plies): a climb one score at a time all the way pays a
// proof tree for every score between the guess and the truth. But the
// selective estimate is most often 2-6 discs low (6 of FFO #60-#69), and a
// doubling step from there may land on the score + 2: its refutation then
// costs a tree as dear as the proof at the score, and after the proof it
// comes almost free (FFO #68, 24-empty units: +24, +26, +30 refuted, +28
// proven, 16.9 G nodes; +24, +26, +28, +30 refuted by one unit, 9.8 G;
// endsolve/bench/results/prove-rounds-design.md).
inline constexpr int kSingleSteps = 3;
int NextTest(int guess, Interval interval);

// The test to ask: `under_way` (the last one asked, if any) while
// `interval` leaves it undecided, even when fail-soft answers moved an end
// short of it, else NextTest's.
int TestToPlan(std::optional<int> under_way, int guess, Interval interval);

// What the results say: an interval per position (symmetries taken out),
// the intersection of everything learnt about it.
class Knowledge {
 public:
  // Narrows the interval of the position whose KeyOf is `key` by a unit's
  // answer: the scores its record allows (batch::ScoresAllowed), rounded
  // inwards to even scores.
  // Returns false when the answer contradicts what was known (the
  // intersection is empty): two units disagree, which is a bug.
  bool Learn(const PositionKey& key, int allowed_lo, int allowed_hi);
  // What is known of the position whose KeyOf is `key`.
  Interval Of(const PositionKey& key) const;

  struct KeyHash {
    std::size_t operator()(const PositionKey& key) const;
  };

 private:
  // Looked up at every expansion and answer: a hash map.
  absl::flat_hash_map<PositionKey, Interval, KeyHash> known_;
};

// The plies of the evaluation search that orders an expanded node's
// children and estimates each one's score, by the child's ply below the
// root. A wrong eldest child high in the tree costs a whole subtree of
// units, and there are few such nodes; the many below pay the search again
// and again, and it is the manager's own time, which no worker count
// shortens (it was the most of the planning, up to 347 s of #63's proof
// with 8 plies from 3 plies above the frontier, against 56 s of units).
// FFO #62 and #63 (27 empties, 20-empty units, one thread; the units'
// nodes and the rounds; endsolve/bench/results/prove-rounds-design.md):
// 4 plies everywhere 2.49 G nodes in 37 rounds and
// 1.20 G in 10; 8 plies for the root's children and grandchildren, 4 below
// (these constants), 1.88 G in 29 and 1.28 G in 10.
inline constexpr int kOrderDepth = 4;
inline constexpr int kOrderDepthHigh = 8;
inline constexpr int kOrderHighPlies = 2;
// Below the top plies a search of that depth costs more than the units it
// orders where units are small: at 12 empties a unit is some 150 nodes, a
// node's ten 4-ply searches some 2,000, and they were 55% of a proof's time
// (FFO #37 and 22-empty random roots with 12-empty units). So the depth
// there is the units' empties less kOrderDepthUnitMargin, between 1 and
// kOrderDepth: 14-empty units and larger are ordered as before.
inline constexpr int kOrderDepthUnitMargin = 10;
// In the top plies of a small root the same holds of the child itself: 8
// plies from 13 empties all but solve it. So no search there goes deeper
// than the child's empties less kOrderDepthUnitMargin: children of 18
// empties and more (every child of a 20-empty root's top plies) are
// ordered as before.
constexpr int OrderDepth(int ply, int unit_empties, int child_empties) {
  if (ply <= kOrderHighPlies) {
    return std::clamp(child_empties - kOrderDepthUnitMargin, 1, kOrderDepthHigh);
  }
  return std::clamp(unit_empties - kOrderDepthUnitMargin, 1, kOrderDepth);
}

// Fastest first: each reply a child leaves the opponent (a corner counted
// 3 times, as the exact solve counts them) ranks it as many evaluation
// units lower as two discs would, the weight the exact solve's key gives a
// reply against the evaluation from 18 empties (endsolve/solver/move_order.h). A
// child that leaves fewer replies has fewer children to refute where every
// child must be answered. The estimates stay the evaluation's: only the
// order moves. FFO #60-#64 (one thread, 20-empty units, the ordering table
// too): 3,447 M nodes without it, 3,036 M with two discs, 2,936 M (#62-#64)
// with one, 3,381 M with four; FFO #65 and #66 (22-empty units, held out)
// 7,073 M -> 3,746 M and 2,542 M -> 1,775 M
// (endsolve/bench/results/prove-rounds-design.md).
inline constexpr int kReplyWeight = 2 * eval::kUnitsPerDisc;

// How a test of a position stands.
enum class TestState { kProven, kRefuted, kPending };

class ProofTree {
 public:
  // Each node's children are ordered, and their scores estimated, by an
  // evaluation search (endsolve/solver/presearch.h's iterative deepening) of
  // OrderDepth plies; `root_estimate` is the root's, in discs. A node's
  // children's searches run side by side on `threads` threads (0: every
  // hardware thread). A frontier position whose estimate lies within
  // `split_within` discs of the test its unit would ask (0: none) is split:
  // expanded like an interior one, its children (of one empty fewer) asked
  // instead; the close calls are the long units (FFO #69, 22-empty units:
  // the 40 longest of 33,444 lay a median 9.5 discs from their test by the
  // 4-ply estimate, the others 30).
  // `ordering` (may be null) is the table of the exact solve's selective
  // passes over the root (solver.h's EstimateScore), which orders the
  // expansion where it holds a position: a child's estimate is kept within
  // the bounds its entry gives it (a selective search to the end of the
  // game, nearer the truth than the evaluation search's few plies), and a
  // node's entry's move goes first, as the table's move does in the exact
  // solve. Probed only while expanding; nothing here stores into it.
  ProofTree(const Board& root, Color to_move, int root_estimate, int unit_empties,
            const eval::Evaluator& evaluator, int threads = 0, int split_within = 0,
            TranspositionTable* ordering = nullptr);
  ~ProofTree();
  ProofTree(const ProofTree&) = delete;
  ProofTree& operator=(const ProofTree&) = delete;

  // A unit's answer: the scores its record allows for its position
  // (batch::ScoresAllowed), rounded inwards to even scores, backed up at
  // once from every node of that position (transpositions included) as far
  // up as it moves a bound: a walk of the lines above those nodes, not of
  // the tree. Returns false when it contradicts what was known (two units
  // disagree: a bug).
  bool Learn(const Board& board, int allowed_lo, int allowed_hi);
  const Knowledge& knowledge() const { return knowledge_; }

  // The root's interval, everything learnt backed up through the tree.
  Interval RootInterval() const;

  // The units that the test "is the root's score at least `test`?" needs
  // next (each a position whose window [t - 1, t - 1] asks "at least t?": a
  // lower bound says yes, an upper bound no; TestUnitOf says why), `test`
  // even, in alpha-beta's order under the hypothesis that every position
  // not answered yet is worth its estimate: at a node whose side to move
  // needs one child to succeed, children are tried best first until one
  // succeeds, truly or by its estimate; at a node where every child must,
  // until one fails; but first, a child whose position this walk already
  // asks through another line, with the answer that decides the node (a
  // transposition cut, as the exact search's ETC). A unit for which
  // `in_flight` says true (handed out, not answered yet) is taken at its
  // estimate and not returned; the walk stops after `limit` new units.
  // Positions are expanded as the walk first reaches them, so a walk costs
  // the lines down to the units it returns, never the whole tree.
  // kProven or kRefuted when the answers decide the test; else kPending,
  // with the units (none when every unit the test needs now is in flight).
  // A raised `cancel` (SetCancel) stops the walk at its next expansion:
  // kPending, with whatever units it found, which its caller, who raised
  // the flag, throws away.
  TestState Next(int test, std::size_t limit,
                 const std::function<bool(const Position&)>& in_flight,
                 std::vector<Position>* units);

  // The flag Next polls at each expansion (may be null: never stopped).
  void SetCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  // Told each position as it is expanded, as the moves from the root that
  // lead to it (ExpandedPaths' form), parents before children: the work
  // folder appends it (may be empty).
  void SetOnExpand(std::function<void(const std::vector<int>&)> on_expand) {
    on_expand_ = std::move(on_expand);
  }

  // Young brothers wait: at a node `height` or more plies above the units
  // (its empties less the units' at least `height`), the walk asks the
  // younger children only once the eldest's outcome is known (answered,
  // not estimated); till then the node is taken at the eldest's outcome
  // where every child must succeed, and at its own estimate where one
  // must. Without it (`height` 0), a walk with many free workers asks every
  // child it expects to need at once, and an estimate proven wrong wastes
  // their units; with it, the younger brothers of a high node, whose
  // subtrees a wrong eldest would waste whole, wait for its eldest's
  // answers, while the low nodes' children, a few units each, are asked at
  // once (prover.h's kEldestFirstHeight: which heights pay).
  void SetEldestFirst(int height) { eldest_first_height_ = height; }

  // Told, at each expansion, the CPU seconds of each child's evaluation
  // search (each measured on the thread that ran it), in the order they
  // were handed to the threads: the simulation (simulate.h) times a
  // manager of more cores by them. Unset (empty), nothing is measured.
  void SetOnSearches(std::function<void(const std::vector<double>&)> on_searches) {
    on_searches_ = std::move(on_searches);
  }

  // Fits the estimates to the answers in: an offset per parity of the
  // empties (the side to move alternates with it, and the evaluation search
  // may err one way for each), the even shift that puts the frontier's
  // estimates nearest the intervals their answers allow (the least sum of
  // distances; the smallest shift among equals). Next uses the shifted
  // estimates.
  void Calibrate();

  // Once the root's score is known exactly: the moves from the root to the
  // frontier along which every position keeps it (passes as kPass), and the
  // frontier position that ends them with its exact score. `frontier` is
  // empty when the line ends the game inside the tree.
  struct Line {
    std::vector<int> moves;
    std::optional<Position> frontier;  // window [score, score]
    int score = 0;                 // the root's
  };
  Line ProvenLine() const;

  // The expanded positions, each as the moves that lead to it from the root
  // (kPass for passes), parents before children.
  std::vector<std::vector<int>> ExpandedPaths() const;
  // Expands the positions the paths lead to (as ExpandedPaths or the
  // on-expand calls gave them), those of one depth side by side, stopping
  // within a slice of 256 positions once `cancel` (SetCancel) is raised
  // (the rest then stays unexpanded). Returns the
  // index of the first path that is no path of this tree (a move of it not
  // one of its position's children, its parent's path missing, or a
  // position that is no interior one), none when all are.
  std::optional<std::size_t> ExpandPaths(const std::vector<std::vector<int>>& paths);

  // Positions expanded so far (not counting the frontier).
  std::int64_t expanded() const { return expanded_; }

 private:
  struct Node;
  // A test's outcome, and whether it is known or only estimated.
  struct Outcome {
    bool success = false;
    bool known = false;
  };
  Outcome AtLeast(Node& node, int test, std::vector<Position>* units);
  Outcome Below(Node& node, int test, std::vector<Position>* units);
  // A frontier position's unit: `yes` is the hypothesis ("at least test?").
  void Ask(const Node& node, int test, bool yes, std::vector<Position>* units);
  // Whether the walk must stop: the limit reached, or cancelled.
  bool Full(const std::vector<Position>* units) const;
  // The unit that asks `node` "at least `test`?" (`test` even), with the
  // window [test - 1, test - 1], which a solve opens to (test - 2, test):
  // every final score is even, so the answer is a bound either way. The
  // window [test, test] asked the same with an exact answer where the
  // score is the test, and so proved its other bound too: FFO #62-#64
  // (one thread, 20-empty units) 2,949 M nodes -> 2,504 M
  // (endsolve/bench/results/prove-rounds-design.md).
  static Position TestUnitOf(const Node& node, int test);
  // The unit that solves `node` exactly where its score is `score`: the
  // last of the proven line, whose principal variation is the line's tail.
  static Position ExactUnitOf(const Node& node, int score);
  // The node's estimate with Calibrate's offset (a finished game's as is).
  int Estimate(const Node& node) const;
  // Whether a frontier node's unit for `test` would be a close call to split.
  bool Splits(const Node& node, int test) const;
  // Whether the node's younger children wait for its eldest (SetEldestFirst).
  bool YoungerWait(const Node& node) const;
  // Whether this walk already asks a unit of one of the node's children
  // (reached first through another line) for the unit test `test`, taking
  // its answer as "no, not at least test": the transposition cut.
  bool AChildIsPlannedToFail(const Node& node, int test) const;
  // A new child's key, and its value for ordering (the .cc says how).
  int ChildValue(Node& child) const;
  // Expands the nodes (interior, not expanded yet), their children's
  // evaluation searches all side by side, and backs up what the knowledge
  // already says of the children.
  void ExpandAll(const std::vector<Node*>& nodes);
  // Registers a new node under its position, with its bounds.
  void Adopt(Node* node);
  // The node's bounds from the knowledge and its children's bounds.
  Interval Backed(const Node& node) const;
  // Recomputes the bounds of `node` and of its ancestors while they move.
  void Refresh(Node* node);
  std::vector<int> PathTo(const Node& node) const;

  std::unique_ptr<Node> root_;
  int unit_empties_;
  const std::atomic<bool>* cancel_ = nullptr;  // SetCancel
  std::function<void(const std::vector<int>&)> on_expand_;
  std::function<void(const std::vector<double>&)> on_searches_;
  const eval::Evaluator& evaluator_;
  int threads_;
  tbb::task_arena arena_;  // the children's searches, made once (a walk expands one node at a time)
  int split_within_;
  int eldest_first_height_ = 0;  // SetEldestFirst (0: nowhere)
  TranspositionTable* ordering_;
  std::int64_t expanded_ = 0;
  int offset_[2] = {0, 0};  // Calibrate's, by the parity of the empties
  Knowledge knowledge_;
  // Every node of each position: where an answer is backed up from.
  absl::flat_hash_map<PositionKey, std::vector<Node*>, Knowledge::KeyHash> nodes_;
  // This walk's units, in flight or new, once each, with the answer the
  // hypothesis takes for each ("at least the test?").
  std::map<std::pair<PositionKey, int>, bool> planned_;
  const std::function<bool(const Position&)>* in_flight_ = nullptr;  // this walk's
  std::size_t limit_ = 0;                                             // this walk's
};

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_PROOF_TREE_H_
