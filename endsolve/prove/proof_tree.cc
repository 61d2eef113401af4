#include "endsolve/prove/proof_tree.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <functional>
#include <set>
#include <utility>

#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/prove/thread_cpu.h"
#include "endsolve/solver/presearch.h"
#include "tbb/parallel_for.h"
#include "tbb/task_arena.h"

namespace endsolve::prove {
namespace {

// Rounds inwards to the even scores every final score is.
int EvenAtLeast(int x) { return x % 2 == 0 ? x : x + 1; }
int EvenAtMost(int x) { return x % 2 == 0 ? x : x - 1; }

// A finished game's score times this ranks beyond every evaluation value
// and reply count (at most a few thousand units, and 41 replies of
// kReplyWeight).
constexpr int kTerminalScale = 1 << 16;

}  // namespace

std::size_t Knowledge::KeyHash::operator()(const PositionKey& key) const {
  return absl::Hash<std::pair<Bitboard, Bitboard>>{}({key.player, key.opponent});
}

bool Knowledge::Learn(const PositionKey& key, int allowed_lo, int allowed_hi) {
  Interval& known = known_[key];
  known.lower = std::max(known.lower, EvenAtLeast(allowed_lo));
  known.upper = std::min(known.upper, EvenAtMost(allowed_hi));
  return known.lower <= known.upper;
}

int NextTest(int guess, Interval interval) {
  const int lower = interval.lower, upper = interval.upper;
  assert(lower < upper && lower % 2 == 0 && upper % 2 == 0);
  int test = guess;
  if (guess <= lower) {
    // Climbing: one score a step at first, then twice the distance moved.
    const int moved = lower - guess;
    test = moved < 2 * kSingleSteps ? lower + 2 : lower + moved + 2;
  } else if (guess > upper) {
    test = 2 * upper - guess + 2;  // falling: the upper end goes twice as far
  }
  if (test <= lower || test > upper) test = lower + 2 * std::max(1, (upper - lower + 2) / 4);
  return test;
}

int TestToPlan(std::optional<int> under_way, int guess, Interval interval) {
  const bool undecided =
      under_way.has_value() && *under_way > interval.lower && *under_way <= interval.upper;
  return undecided ? *under_way : NextTest(guess, interval);
}

Interval Knowledge::Of(const PositionKey& key) const {
  const auto it = known_.find(key);
  return it == known_.end() ? Interval{} : it->second;
}

// A position of the tree. Interior nodes have children once expanded; a
// frontier node is a unit's position; a terminal node's game is over.
struct ProofTree::Node {
  enum class Kind { kInterior, kFrontier, kTerminal };
  Board board;
  PositionKey key;  // KeyOf(board), made once
  Color to_move = Color::kBlack;
  int move = kNoMove;  // the move that led here from the parent (kPass too)
  int ply = 0;         // below the root
  Kind kind = Kind::kInterior;
  int estimate = 0;    // the evaluation's score, discs for the side to move
  bool expanded = false;
  std::vector<std::unique_ptr<Node>> children;  // best first by the evaluation
  Node* parent = nullptr;  // null at the root
  Interval bounds;         // the knowledge backed up to here, kept current (Refresh)
};

ProofTree::ProofTree(const Board& root, Color to_move, int root_estimate, int unit_empties,
                     const eval::Evaluator& evaluator, int threads, int split_within,
                     TranspositionTable* ordering)
    : root_(std::make_unique<Node>()),
      unit_empties_(unit_empties),
      evaluator_(evaluator),
      threads_(threads > 0 ? threads : tbb::this_task_arena::max_concurrency()),
      arena_(threads_),
      split_within_(split_within),
      ordering_(ordering) {
  root_->board = root;
  root_->key = KeyOf(root);
  root_->to_move = to_move;
  root_->estimate = root_estimate;
  if (root.IsGameOver()) {
    root_->kind = Node::Kind::kTerminal;
  } else if (root.EmptyCount() <= unit_empties) {
    root_->kind = Node::Kind::kFrontier;
  }
  Adopt(root_.get());
}

void ProofTree::Adopt(Node* node) {
  nodes_[node->key].push_back(node);
  node->bounds = Backed(*node);
}

Interval ProofTree::Backed(const Node& node) const {
  if (node.kind == Node::Kind::kTerminal) {
    const int score = node.board.FinalScore();
    return {score, score};
  }
  const Interval known = knowledge_.Of(node.key);
  if (!node.expanded || known.exact()) return known;
  // Interior, or a frontier position split: worth the best of its
  // children's negated intervals, within what is known of it.
  Interval backed{-kNumSquares, -kNumSquares};
  for (const std::unique_ptr<Node>& child : node.children) {
    backed.lower = std::max(backed.lower, -child->bounds.upper);
    backed.upper = std::max(backed.upper, -child->bounds.lower);
  }
  return {std::max(backed.lower, known.lower), std::min(backed.upper, known.upper)};
}

void ProofTree::Refresh(Node* node) {
  for (; node != nullptr; node = node->parent) {
    const Interval bounds = Backed(*node);
    if (bounds == node->bounds) return;
    node->bounds = bounds;
  }
}

bool ProofTree::Learn(const Board& board, int allowed_lo, int allowed_hi) {
  const PositionKey key = KeyOf(board);
  const Interval before = knowledge_.Of(key);
  if (!knowledge_.Learn(key, allowed_lo, allowed_hi)) return false;
  if (knowledge_.Of(key) == before) return true;
  if (const auto it = nodes_.find(key); it != nodes_.end()) {
    for (Node* node : it->second) Refresh(node);
  }
  return true;
}

Interval ProofTree::RootInterval() const { return root_->bounds; }

std::vector<int> ProofTree::PathTo(const Node& node) const {
  std::vector<int> path;
  for (const Node* n = &node; n->parent != nullptr; n = n->parent) path.push_back(n->move);
  std::reverse(path.begin(), path.end());
  return path;
}

ProofTree::~ProofTree() = default;

// A new child's key, and its value for ordering, in evaluation units (finer
// than discs); a finished game's by its score, beyond any evaluation. A
// child the ordering table bounds (both kinds of value are the child's side
// to move's) is kept within its entry's bounds.
int ProofTree::ChildValue(Node& child) const {
  child.key = KeyOf(child.board);
  if (child.kind == Node::Kind::kTerminal) return child.board.FinalScore() * kTerminalScale;
  const int depth = OrderDepth(child.ply, unit_empties_, child.board.EmptyCount());
  int value = search::RunPresearch(child.board, evaluator_, depth, nullptr).value;
  TTData entry;
  if (ordering_ != nullptr && ordering_->Probe(child.board, &entry)) {
    value = std::clamp(value, entry.lower * eval::kUnitsPerDisc, entry.upper * eval::kUnitsPerDisc);
  }
  return value;
}

// Makes each node's children, ordered by an evaluation search of each: the
// lower a child's value (for its own side to move), the better the move. A
// side without a move passes: one child, the same discs, the other side to
// move. The children's searches are independent, and run side by side: the
// manager's own time is wall time that no worker count shortens.
void ProofTree::ExpandAll(const std::vector<Node*>& nodes) {
  struct Job {
    Node* parent;
    std::unique_ptr<Node> child;
    int value = 0;
  };
  std::vector<Job> jobs;
  for (Node* node : nodes) {
    assert(node->kind != Node::Kind::kTerminal && !node->expanded);
    node->expanded = true;
    ++expanded_;
    auto add = [&](const Board& board, int move) {
      auto child = std::make_unique<Node>();
      child->board = board;
      child->to_move = Opposite(node->to_move);
      child->move = move;
      child->ply = node->ply + 1;
      child->parent = node;
      if (board.IsGameOver()) {
        child->kind = Node::Kind::kTerminal;
      } else if (board.EmptyCount() <= unit_empties_) {
        child->kind = Node::Kind::kFrontier;
      }
      jobs.push_back({node, std::move(child)});
    };
    Bitboard moves = node->board.Moves();
    if (moves == 0) add(node->board.Pass(), kPass);
    while (moves != 0) {
      const int square = PopFirstSquare(moves);
      add(node->board.Play(square), square);
    }
  }
  // The children's values side by side, each timed for on_searches_.
  const bool timed = static_cast<bool>(on_searches_);
  std::vector<double> seconds(timed ? jobs.size() : 0);
  arena_.execute([&] {
    tbb::parallel_for(std::size_t{0}, jobs.size(), [&](std::size_t i) {
      const double start = timed ? ThreadCpuSeconds() : 0;
      jobs[i].value = ChildValue(*jobs[i].child);
      if (timed) seconds[i] = ThreadCpuSeconds() - start;
    });
  });
  if (timed) on_searches_(seconds);
  for (Job& job : jobs) {
    Node& child = *job.child;
    child.estimate = child.kind == Node::Kind::kTerminal ? child.board.FinalScore()
                                                         : eval::Evaluator::ToDiscs(job.value);
  }
  // Each node's jobs are contiguous, in square order; ties keep it, so
  // that every run builds the same tree. The order adds the opponent's
  // replies (kReplyWeight; a finished game is ranked by its score alone),
  // and the ordering table's move, where the node has an entry with one,
  // goes first.
  for (Job& job : jobs) {
    if (job.child->kind == Node::Kind::kTerminal) continue;
    const Bitboard replies = job.child->board.Moves();
    job.value += kReplyWeight * (PopCount(replies) + 2 * PopCount(replies & kCorners));
  }
  for (std::size_t first = 0; first < jobs.size();) {
    std::size_t last = first;
    while (last < jobs.size() && jobs[last].parent == jobs[first].parent) ++last;
    std::stable_sort(jobs.begin() + first, jobs.begin() + last,
                     [](const Job& a, const Job& b) { return a.value < b.value; });
    TTData entry;
    if (ordering_ != nullptr && ordering_->Probe(jobs[first].parent->board, &entry)) {
      for (std::size_t i = first; i < last; ++i) {
        if (jobs[i].child->move == entry.move) {
          std::rotate(jobs.begin() + first, jobs.begin() + i, jobs.begin() + i + 1);
          break;
        }
      }
    }
    for (std::size_t i = first; i < last; ++i) {
      Node* child = jobs[i].parent->children.emplace_back(std::move(jobs[i].child)).get();
      Adopt(child);
    }
    first = last;
  }
  for (Node* node : nodes) {
    if (on_expand_) on_expand_(PathTo(*node));
    Refresh(node);
  }
}

// "Score >= test": one child c with score(c) < 1 - test (that is, <= -test)
// suffices. Children are tried best first, as alpha-beta would under the
// hypothesis: a child that fails, truly or by its estimate, lets the next
// one be tried in the same walk; one that succeeds, truly or by estimate,
// ends the node.
ProofTree::Outcome ProofTree::AtLeast(Node& node, int test, std::vector<Position>* units) {
  const Interval b = node.bounds;
  if (b.lower >= test) return {true, true};
  if (b.upper < test) return {false, true};
  if (node.kind == Node::Kind::kFrontier && !node.expanded && !Splits(node, test)) {
    const bool yes = Estimate(node) >= test;
    Ask(node, test, yes, units);
    return {yes, false};
  }
  if (!node.expanded) {
    if (Full(units)) return {Estimate(node) >= test, false};
    ExpandAll({&node});
    return AtLeast(node, test, units);  // what its children know may decide it
  }
  // A transposition cut under the hypothesis: a child this walk already
  // asks through another line, with the answer that succeeds here, is
  // taken before the children in order, as the exact search's ETC takes a
  // child the table answers: it costs no unit, where the child first in
  // order would (endsolve/bench/results/prove-rounds-design.md).
  if (AChildIsPlannedToFail(node, EvenAtLeast(1 - test))) return {true, false};
  bool all_known = true;
  for (const std::unique_ptr<Node>& child : node.children) {
    if (Full(units)) return {false, false};
    const Outcome below = Below(*child, 1 - test, units);
    if (below.success) return {true, below.known};
    // The eldest expected to fail, its units asked or in flight: the
    // younger brothers wait, the node taken at its estimate.
    if (!below.known && child == node.children.front() && YoungerWait(node)) {
      return {Estimate(node) >= test, false};
    }
    all_known = all_known && below.known;
  }
  return {false, all_known};
}

// "Score < test": every child c must have score(c) >= 1 - test. A child
// that fails, truly or by its estimate, ends the node (a cut-off under the
// hypothesis); the others are all asked in the same walk.
ProofTree::Outcome ProofTree::Below(Node& node, int test, std::vector<Position>* units) {
  const Interval b = node.bounds;
  if (b.upper < test) return {true, true};
  if (b.lower >= test) return {false, true};
  if (node.kind == Node::Kind::kFrontier && !node.expanded && !Splits(node, EvenAtLeast(test))) {
    // The unit asks "at least test?"; "below" is its answer's negation.
    const bool below = Estimate(node) < test;
    Ask(node, EvenAtLeast(test), !below, units);
    return {below, false};
  }
  if (!node.expanded) {
    if (Full(units)) return {Estimate(node) < test, false};
    ExpandAll({&node});
    return Below(node, test, units);
  }
  // The transposition cut, as above: a child planned to fail ends the node.
  if (AChildIsPlannedToFail(node, EvenAtLeast(1 - test))) return {false, false};
  bool all_known = true;
  for (const std::unique_ptr<Node>& child : node.children) {
    if (Full(units)) return {false, false};
    const Outcome at_least = AtLeast(*child, EvenAtLeast(1 - test), units);
    if (!at_least.success) return {false, at_least.known};
    // The eldest's units asked or in flight: the younger brothers wait.
    if (!at_least.known && child == node.children.front() && YoungerWait(node)) {
      return {true, false};
    }
    all_known = all_known && at_least.known;
  }
  return {true, all_known};
}

bool ProofTree::YoungerWait(const Node& node) const {
  return eldest_first_height_ > 0 &&
         node.board.EmptyCount() - unit_empties_ >= eldest_first_height_;
}

bool ProofTree::Splits(const Node& node, int test) const {
  return split_within_ > 0 && node.board.EmptyCount() == unit_empties_ &&
         std::abs(Estimate(node) - test) <= split_within_;
}

Position ProofTree::TestUnitOf(const Node& node, int test) {
  assert(test % 2 == 0);
  Position unit;
  unit.board = node.board;
  unit.to_move = node.to_move;
  unit.window = ScoreWindow{test - 1, test - 1};
  return unit;
}

Position ProofTree::ExactUnitOf(const Node& node, int score) {
  Position unit;
  unit.board = node.board;
  unit.to_move = node.to_move;
  unit.window = ScoreWindow{score, score};
  return unit;
}

void ProofTree::Ask(const Node& node, int test, bool yes, std::vector<Position>* units) {
  if (!planned_.emplace(std::pair(node.key, test), yes).second) return;
  Position unit = TestUnitOf(node, test);
  if (!(*in_flight_)(unit)) units->push_back(std::move(unit));
}

bool ProofTree::Full(const std::vector<Position>* units) const {
  return units->size() >= limit_ || (cancel_ != nullptr && cancel_->load());
}

bool ProofTree::AChildIsPlannedToFail(const Node& node, int test) const {
  if (planned_.empty()) return false;
  for (const std::unique_ptr<Node>& child : node.children) {
    const auto it = planned_.find(std::pair(child->key, test));
    if (it != planned_.end() && !it->second) return true;
  }
  return false;
}

TestState ProofTree::Next(int test, std::size_t limit,
                          const std::function<bool(const Position&)>& in_flight,
                          std::vector<Position>* units) {
  assert(test % 2 == 0);
  planned_.clear();
  in_flight_ = &in_flight;
  limit_ = units->size() + limit;
  const Outcome outcome = AtLeast(*root_, test, units);
  in_flight_ = nullptr;
  if (!outcome.known) return TestState::kPending;
  return outcome.success ? TestState::kProven : TestState::kRefuted;
}

std::vector<std::vector<int>> ProofTree::ExpandedPaths() const {
  std::vector<std::vector<int>> paths;
  std::vector<int> path;
  // Depth first, a node before its children.
  std::function<void(const Node&)> visit = [&](const Node& node) {
    if (!node.expanded) return;
    paths.push_back(path);
    for (const std::unique_ptr<Node>& child : node.children) {
      path.push_back(child->move);
      visit(*child);
      path.pop_back();
    }
  };
  visit(*root_);
  return paths;
}

std::optional<std::size_t> ProofTree::ExpandPaths(const std::vector<std::vector<int>>& paths) {
  // The node a path leads to, or null.
  auto walk = [&](const std::vector<int>& path) -> Node* {
    Node* node = root_.get();
    for (int move : path) {
      if (!node->expanded) return nullptr;
      Node* next = nullptr;
      for (const std::unique_ptr<Node>& child : node->children) {
        if (child->move == move) next = child.get();
      }
      if (next == nullptr) return nullptr;
      node = next;
    }
    return node->kind != Node::Kind::kTerminal ? node : nullptr;
  };
  // A depth at a time: the paths of one length lead to children of the
  // positions the shorter ones expanded.
  std::size_t longest = 0;
  for (const std::vector<int>& path : paths) longest = std::max(longest, path.size());
  std::optional<std::size_t> bad;
  for (std::size_t length = 0; length <= longest; ++length) {
    if (cancel_ != nullptr && cancel_->load()) break;
    std::vector<Node*> nodes;
    for (std::size_t i = 0; i < paths.size() && (!bad || i < *bad); ++i) {
      if (paths[i].size() != length) continue;
      Node* node = walk(paths[i]);
      if (node == nullptr) {
        bad = i;
      } else if (!node->expanded) {
        nodes.push_back(node);
      }
    }
    // A path listed twice is expanded once. In slices, so that a cancel
    // stops a large tree's reload within a fraction of a second (a depth of
    // a 30-empty proof's tree is tens of thousands of positions).
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    constexpr std::size_t kSlice = 256;
    for (std::size_t first = 0; first < nodes.size(); first += kSlice) {
      if (cancel_ != nullptr && cancel_->load()) return bad;
      const std::size_t last = std::min(nodes.size(), first + kSlice);
      ExpandAll(std::vector<Node*>(nodes.begin() + first, nodes.begin() + last));
    }
  }
  return bad;
}

int ProofTree::Estimate(const Node& node) const {
  if (node.kind == Node::Kind::kTerminal) return node.estimate;
  return node.estimate + offset_[node.board.EmptyCount() % 2];
}

// The largest shift tried, in discs.
constexpr int kMaxOffset = 32;

void ProofTree::Calibrate() {
  // Each answered frontier position: its raw estimate and its interval.
  std::vector<std::pair<int, Interval>> answered[2];
  std::function<void(const Node&)> visit = [&](const Node& node) {
    if (node.kind == Node::Kind::kFrontier) {
      const Interval known = knowledge_.Of(node.key);
      if (known != Interval{}) {
        answered[node.board.EmptyCount() % 2].emplace_back(node.estimate, known);
      }
      if (!node.expanded) return;  // else split: its children are frontier positions too
    }
    for (const std::unique_ptr<Node>& child : node.children) visit(*child);
  };
  visit(*root_);
  for (int parity = 0; parity < 2; ++parity) {
    auto cost = [&](int shift) {
      long sum = 0;
      for (const auto& [estimate, known] : answered[parity]) {
        const int e = estimate + shift;
        sum += e < known.lower ? known.lower - e : e > known.upper ? e - known.upper : 0;
      }
      return sum;
    };
    // Smallest shifts first, so that among equal costs the smallest wins.
    offset_[parity] = 0;
    long best = cost(0);
    for (int magnitude = 2; magnitude <= kMaxOffset; magnitude += 2) {
      for (int shift : {magnitude, -magnitude}) {
        if (const long c = cost(shift); c < best) {
          best = c;
          offset_[parity] = shift;
        }
      }
    }
  }
}

ProofTree::Line ProofTree::ProvenLine() const {
  Line line;
  const Node* node = root_.get();
  const Interval root = node->bounds;
  assert(root.exact());
  line.score = root.lower;
  int score = root.lower;  // of `node`, for its side to move
  // Through split frontier positions too, down to a smaller unit, unless
  // the position's own answer (a unit before it was split) is what keeps
  // the score.
  while (node->kind != Node::Kind::kTerminal && node->expanded) {
    const Node* next = nullptr;
    for (const std::unique_ptr<Node>& child : node->children) {
      if (child->bounds.upper <= -score) {
        next = child.get();
        break;
      }
    }
    if (next == nullptr) {
      assert(node->kind == Node::Kind::kFrontier);
      break;
    }
    line.moves.push_back(next->move);
    node = next;
    score = -score;
  }
  assert(node->kind != Node::Kind::kInterior);
  if (node->kind == Node::Kind::kFrontier) line.frontier = ExactUnitOf(*node, score);
  return line;
}

}  // namespace endsolve::prove
