// The search itself: one Searcher object per search and per parallel task,
// holding every piece of mutable state the recursion touches: node
// counters, the stop flag, the move orderer (killer and history tables). What the searchers of
// one solve share (the table, the limits, the stop flag raised when a limit
// is hit, the node count the node limit is checked against) lives in one
// SharedSearch, read-only but for its atomics. Nothing here is global, so
// concurrent solves never share state except through the transposition
// table, which is built for it.
//
// Why a Searcher per task: the parallel search (parallel_search.h) runs the
// younger brothers of a split node as oneTBB tasks, and task_group::wait()
// may run any stolen task on the waiting thread, in the middle of that
// thread's own recursion. Ply-indexed state kept per thread (killers, move
// stacks) would be overwritten by the stolen task. So no state is per
// thread: a task builds its own Searcher (its orderer copied from a
// snapshot the splitting node took, when it learns), its move lists are on its own
// frames, and its node counts are summed into the splitting Searcher after
// the wait. Its table-less layer's cache it borrows from the solve's pool
// (ShallowCachePool) for its lifetime, so no two searchers ever hold the
// same one.
//
// The tree is searched in layers by the number of empty squares, each with
// the cheapest machinery that pays at that size (thresholds below, measured
// in endsolve/bench/results/solver-layers.md):
//
//   empties               what runs
//   >= kTTMinEmpties      PVS / null-window search with the transposition
//                         table, ETC (>= kEtcMinEmpties), stability cutoff,
//                         in a selective pass ProbCut (>= kProbCutMinEmpties),
//                         moves sorted by the MoveOrderer (move_order.h:
//                         TT move, killers, history, fastest-first,
//                         parity, and from kEvalOrderMinEmpties an
//                         evaluation search)
//   5 .. kTTMinEmpties-1  alpha-beta without the shared table: moves sorted
//                         by the opponent's replies and parity (parity
//                         order alone without fastest-first), stability
//                         cutoff, the searcher's own small cache of bounds
//                         (endsolve/hashtable/shallow_cache.h)
//   1 .. 4                unrolled solvers over the list of empty squares,
//                         parity order, the last move only counted; the
//                         stability cutoff once, at 4 empties
//                         (kStabilityMinEmpties)
//
// and, across the table layer, from the split threshold up
// (kSplitMinEmpties in settings.h), the Young Brothers Wait split:
// once the eldest brother has failed to cut off, the others are searched
// in parallel. Below the threshold the search makes no oneTBB call at all.
//
// Every layer is compiled twice (feature_set.h): with the default
// features as constants, which nearly every solve runs, and with the
// solve's own, for the ablation and the classic experiment.
//
// Node counting follows endsolve/board/node_counts.h with depth = "to the end of the game":
// a node is a leaf when the game is over (no empty square left, or neither
// side can move), every other node visited is internal, and a pass is a
// node of its own. Concretely:
//   - a node where the side to move has a move: 1 internal, plus whatever
//     its children count (including a node cut off by the table, the
//     table-less layer's cache or stability before any child is visited);
//   - a node where the side to move must pass and the opponent can move: 1
//     internal, and the node after the pass counts itself (unless the
//     stability cutoff at 4 empties answers the node first: then nothing
//     after it is visited);
//   - a node where neither side can move: 1 leaf;
//   - the last empty square (Last1): the position after the last move is a
//     leaf (1 empty square: 1 internal + 1 leaf; after a pass: 2 internal +
//     1 leaf; nobody can move: 1 leaf), though the solver only counts the
//     flips of that move and never builds the final board;
//   - a node visited again (by another aspiration pass at the root, a
//     re-search, or the principal-variation walk) counts again;
//   - probes of a child's table entry (ETC) are not visits and count in a
//     separate counter (SolveResult::etc_probes); the principal-variation
//     walk's nodes are included in SolveResult::nodes and also reported
//     apart (SolveResult::pv_nodes).
#ifndef ENDSOLVE_SOLVER_SEARCH_H_
#define ENDSOLVE_SOLVER_SEARCH_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "absl/time/time.h"
#include "endsolve/board/board.h"
#include "endsolve/board/node_counts.h"
#include "endsolve/hashtable/shallow_cache.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/solver/eval_order.h"
#include "endsolve/solver/feature_set.h"
#include "endsolve/solver/features.h"
#include "endsolve/solver/instruments.h"
#include "endsolve/solver/move_order.h"
#include "endsolve/solver/progress.h"
#include "endsolve/solver/settings.h"
#include "endsolve/solver/split_policy.h"
#include "endsolve/solver/stability.h"

namespace endsolve::search {

// Scores are final disc differences; kInfinity lies outside them so that a
// first child always raises the best score.
inline constexpr int kInfinity = 65;

// --- Layer thresholds (the table above): kTTMinEmpties, kEtcMinEmpties and
// kStabilityMinEmpties, with every other tunable, are in settings.h ---
// --- Selective passes (ProbCut, Buro 1995, in the endgame as Edax does) ---
//
// Before the exact passes the root may be searched with ProbCut: a null-
// window node with enough empties whose evaluation search lies far above
// beta (or below alpha) is taken to fail high (low) without a search. The
// result is not a proof; what such a pass leaves in the table is its moves,
// which order the exact pass, and its bounds, which only a pass as
// selective or more may use. So every table entry carries a draft: the
// empties searched times kDraftLevels plus the selectivity of the search
// (kExactLevel for an exact one). A probe uses an entry's bounds only when
// its draft is at least the draft the node would store.
inline constexpr int kDraftLevels = 4;
inline constexpr int kExactLevel = kDraftLevels - 1;
constexpr int Draft(int empties, int level) { return empties * kDraftLevels + level; }
// A position has at most 60 empty squares, and the table keeps 8 bits of draft.
static_assert(Draft(kNumSquares - 4, kExactLevel) <= 255);
// The ProbCut margin of selective level `level` (0 the most selective) at a
// node of `empties`, in discs: a node is cut when its evaluation search lies
// this far beyond the window (settings.h: kProbCutMargin, widened by
// kProbCutWideExtra from kProbCutWideMinEmpties, where the evaluation's
// error grows). The evaluation's held-out error is about 6 discs
// (endsolve/eval/README.md).
static_assert(sizeof(kProbCutMargin) / sizeof(kProbCutMargin[0]) == kExactLevel);
constexpr int ProbCutMargin(int level, int empties) {
  return kProbCutMargin[level] + (empties >= kProbCutWideMinEmpties ? kProbCutWideExtra : 0);
}
// A selective pass cuts from kProbCutMinEmpties; its evaluation search is
// 1 ply deep below kEvalDepth2MinEmpties, 2 from there and 3 from
// kProbCutDepth3MinEmpties (settings.h). Below 18 empties that is one ply
// deeper than the ordering's search of each child (its static value), so
// ProbCut sees as far as the ordering does; above, the ordering sees
// further and ProbCut's search does not follow it.
constexpr int ProbCutDepth(int empties) {
  return empties >= kProbCutDepth3MinEmpties ? 3 : empties >= kEvalDepth2MinEmpties ? 2 : 1;
}

// Where and when to stop, polled every kPollInterval nodes (settings.h;
// counted in the table layer, the subtrees below it are small). The node
// limit counts the nodes of every searcher of the solve.
struct Limits {
  std::uint64_t node_limit = 0;  // 0: none
  absl::Time deadline = absl::InfiniteFuture();
  const std::atomic<bool>* cancel = nullptr;
};

// A split threshold no node reaches: the search never splits.
inline constexpr int kNoSplit = kNumSquares + 1;

// The table-less layer's caches of one solve (endsolve/hashtable/shallow_cache.h),
// lent to its searchers: each searcher with a table borrows one for its
// lifetime and gives it back when it ends, so that no two threads ever use
// one at once, and a later searcher (a helper task of a later split) takes
// over what it holds instead of starting from nothing. Caches are made on
// demand, as many as searchers live at once, and cleared only when made:
// a solve starts with none (its node counts do not depend on the solves
// before it), and what one holds is true for the whole solve (the bounds
// of positions below kProbCutMinEmpties, which every pass searches
// exactly).
class ShallowCachePool {
 public:
  ShallowCache* Acquire();
  void Release(ShallowCache* cache);

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<ShallowCache>> caches_;
  std::vector<ShallowCache*> idle_;
};

class SpanTracker;     // span_model.h
class VirtualClock;    // virtual_clock.h

// The evaluation a search with `features` orders and cuts with: `given`,
// or the built-in one where the features use one (eval, selective); null
// otherwise, so that a search without them never builds its tables.
const eval::Evaluator* EvaluatorFor(const SearchFeatures& features, const eval::Evaluator* given);

// What a search was asked for, resolved once (Solve's SolveOptions by
// solver.cc's SearchConfigOf): the fields SharedSearch copies, below.
struct SearchConfig {
  SearchFeatures features;
  Limits limits;
  int threads = 1;
  SplitPolicy policy = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 1, kNoSplit);
  const eval::Evaluator* evaluator = nullptr;

  // One thread that never splits, with `features`, `limits` and
  // EvaluatorFor(features, evaluator).
  static SearchConfig Sequential(const SearchFeatures& features, const Limits& limits,
                                 const eval::Evaluator* evaluator = nullptr);
};

// What the searchers of one solve share. Everything but the atomics is set
// before the search starts and only read after.
struct SharedSearch {
  SharedSearch(TranspositionTable* table, const SearchConfig& config)
      : tt(table), features(config.features), limits(config.limits), threads(config.threads),
        policy(config.policy), evaluator(config.evaluator) {}

  TranspositionTable* tt;
  SearchFeatures features;
  Limits limits;
  // The threads of the task arena the search runs in: a split node asks
  // threads - 1 helper tasks to join it. 1: nobody helps, but split nodes
  // still run the split code (parallel_search.h), so that 1 thread measures
  // the same search as N.
  int threads;
  // Which nodes split, after how many elders, with what window
  // (split_policy.h); its min_empties is the split threshold (kNoSplit:
  // no node splits).
  SplitPolicy policy;
  // The research instruments (instruments.h): where the threads spend
  // their time, a virtual many-core machine, the span bookkeeping of a
  // one-thread search. Null (off) unless one was asked for.
  const Instruments* instruments = nullptr;
  // The selectivity of the current pass: kExactLevel, or a ProbCut level
  // (kProbCutMargin). Set by the root driver between passes only.
  int level = kExactLevel;
  // The evaluation that orders the moves of large nodes (eval_order.h) and
  // decides ProbCut in selective passes; null when features.eval and
  // features.selective are off and none was given, so that a search without
  // them never builds the built-in one's tables.
  const eval::Evaluator* evaluator;
  // Raised by the first searcher that finds a limit reached; every
  // searcher stops at its next poll.
  std::atomic<bool> stop{false};
  // Nodes counted so far, flushed by each searcher at its polls and when
  // it finishes: what the node limit is checked against.
  std::atomic<std::uint64_t> nodes{0};
  // Not null: the flushed nodes are added here too (SolveOptions::live_nodes).
  std::atomic<std::uint64_t>* live_nodes = nullptr;
  // Adds a searcher's flushed nodes; returns the solve's count with them.
  std::uint64_t AddNodes(std::uint64_t flushed) {
    if (live_nodes != nullptr) live_nodes->fetch_add(flushed, std::memory_order_relaxed);
    return nodes.fetch_add(flushed, std::memory_order_relaxed) + flushed;
  }
  // Threads searching now, the root's from the start: neither idle nor
  // waiting at a split point (the policy's early splits ask).
  std::atomic<int> searching{1};
  // The caches the searchers of the table-less layer borrow.
  ShallowCachePool shallow_caches;
};

struct SplitPoint;  // parallel_search.h
// Whether a cutoff at `split` or at a split point above it has made the
// work below it useless (parallel_search.cc). For the searchers' polls.
bool SplitAborted(const SplitPoint* split);

class Searcher {
 public:
  // A sequential searcher that shares nothing but the table: it never
  // splits and makes no oneTBB call.
  Searcher(TranspositionTable* tt, const SearchFeatures& features, const Limits& limits);
  // The root searcher of a solve whose searchers share `shared` (which
  // must outlive it). It splits as `shared` says; when shared->threads > 1
  // it must run inside a oneTBB task arena of that many threads
  // (RunWithThreads in parallel_search.h).
  explicit Searcher(SharedSearch* shared);
  // A helper task's searcher at `split` (parallel_search.cc): stops when
  // that split point or one above it is aborted; its orderer is a copy of
  // `seed` when not null (the owner's, when it learns).
  Searcher(SharedSearch* shared, const SplitPoint* split, const MoveOrderer* seed);

  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Reports the nodes searched since the last report to the virtual clock
  // (the instruments' clock), when there is one, and waits as it says. Called
  // at the polls, before a spawn, at the end of a helper's task and of the
  // root's search.
  void SyncClock();
  // Gives the table-less layer's cache back to the solve's pool.
  ~Searcher();

  // The fail-soft value of `board` within (alpha, beta), alpha < beta: the
  // exact score when it lies strictly inside, otherwise a bound on the
  // side where it fails. Principal-variation search at the top of the
  // tree, null-window searches below. `ply` is the distance from the root,
  // for the killer tables. Returns 0 once stopped() (a value to ignore).
  int Search(const Board& board, int alpha, int beta, int ply);

  // The null-window search: Search(board, alpha, alpha + 1, ply).
  int NullWindow(const Board& board, int alpha, int ply);

  // The root: Search() that also names the best move (kPass when the side
  // to move must pass, kNoMove when the game is over; when the search fails
  // low, the move with the highest bound) and reports progress after each
  // root move. `start` is when the solve began, for Progress::elapsed.
  struct RootOutcome {
    int score = 0;
    int best_move = kNoMove;
  };
  RootOutcome SearchRoot(const Board& board, int alpha, int beta,
                         const std::function<void(const Progress&)>& on_progress,
                         absl::Time start);

  // The move orderer, for the principal-variation walk (pv.h), which
  // orders its moves as the search does.
  MoveOrderer& orderer() { return orderer_; }

  // The move the table holds for `board`, or kNoMove.
  int TableMove(const Board& board) const;

  // Sets the selectivity of the next searches (kExactLevel or a ProbCut
  // level), for this searcher and the helpers its splits start. Between
  // passes only.
  void SetLevel(int level) {
    level_ = level;
    shared_->level = level;
  }

  // The nodes of this searcher and of every helper task of its splits.
  const NodeCounts& counts() const { return counts_; }
  std::uint64_t etc_probes() const { return etc_probes_; }
  bool stopped() const { return stopped_; }

  // Checks the limits now, whatever the node count, and flushes this
  // searcher's new nodes into the shared count. True once stopped: by a
  // limit (then every searcher of the solve stops), or, for a helper, by
  // a cutoff at its split point or above.
  bool CheckLimits();

 private:
  // Sets the fields copied from shared_ (the constructors' common part).
  void Init();

  // Layers, by empties. Each takes the side to move's discs (player) and
  // the other side's (opponent).
  //
  // Each layer is compiled twice, once per FeatureSet (feature_set.h): the
  // solve's choice, feature_set_, is made once, at the entry points.
  //
  // From kTTMinEmpties up: one node function for the three kinds of node
  // (search.cc says what each does differently). `root` is the root's
  // report, null below it.
  enum class NodeType { kRoot, kPv, kNonPv };
  struct RootReport {
    const std::function<void(const Progress&)>& on_progress;
    absl::Time start;
    Progress progress;
    int best_move = kNoMove;
    // Reports the root after `moves_done` moves, if anyone listens: `move`
    // reaches `bound`.
    void Report(int moves_done, int move, int bound, std::uint64_t nodes);
  };
  template <NodeType kType, FeatureSet kSet>
  int Node(Bitboard player, Bitboard opponent, int alpha, int beta, int ply, RootReport* root);
  // alpha-beta without the table, for 5 .. kTTMinEmpties-1 empties;
  // `moves` are the side to move's legal moves.
  template <FeatureSet kSet>
  int Shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
              unsigned parity, Bitboard moves);
  // 1..4 empties: the squares given, best first by parity.
  int Last4(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3,
            int x4);
  int Last3(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3);
  int Last2(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2);
  int Last1(Bitboard player, Bitboard opponent, int x1);
  // Tries the stability cutoff (from kStabilityMinEmpties), then sorts the
  // (at most four) empty squares of a position by parity and calls Last4.
  template <FeatureSet kSet>
  int SolveLast4(Bitboard player, Bitboard opponent, int alpha, int beta);
  // Dispatches a child position to its layer.
  template <FeatureSet kSet>
  int Child(Bitboard player, Bitboard opponent, int alpha, int beta, int ply);
  // Child() in the copy this solve runs (feature_set_): for the entry
  // points and the moves of a split, where one test per call costs nothing.
  int DispatchChild(Bitboard player, Bitboard opponent, int alpha, int beta, int ply) {
    return feature_set_ == FeatureSet::kDefaults
               ? Child<FeatureSet::kDefaults>(player, opponent, alpha, beta, ply)
               : Child<FeatureSet::kChosen>(player, opponent, alpha, beta, ply);
  }

  // --- The Young Brothers Wait split (parallel_search.cc) ---

  // Whether a node with `empties` empties and `left` moves still to search
  // (its elders done) splits: only above the threshold, and only when at
  // least two moves are left (the last one is never handed out).
  bool ShouldSplit(int empties, int left) const {
    return empties >= split_min_empties_ && left >= 2;
  }
  // The node that hands its younger brothers to the split: its moves
  // list[first..count), sorted up to `first`, of which the eldest brothers
  // list[0..first) are done; its class, empties and ply; the younger
  // brothers' windows from `window_alpha` (the node's alpha, raised by the
  // eldest at a PV node) to `beta`; whether the elders' fail-soft best is
  // proven (a lower bound on the node's value; otherwise an upper bound on
  // theirs). `at_guess` (a PV node of an exact pass of one score,
  // SplitPolicy::SplitsAtGuess): no elder is done (first is 0), the
  // eldest list[0] takes the whole window (window_alpha, beta) in the split,
  // and the younger brothers start from beta - 1, the score guessed.
  struct SplitNode {
    ScoredMove* list;
    int first;
    int count;
    int window_alpha;
    int beta;
    int ply;
    bool best_proven;
    NodeClass node_class;
    int empties;
    bool at_guess = false;
  };
  // Searches the younger brothers of `node` in parallel; the elders' best
  // is *best by *best_move. At a PV node (window_alpha + 1 < beta) each
  // gets a null window at the current alpha and a re-search when it beats
  // it. Updates *best and *best_move as the sequential loop would (up to
  // ties between equal scores); sets stopped_ unless a move cut off or
  // every move was searched. At the guess (SplitNode::at_guess), where the
  // eldest falls short of it, the younger brothers whose bound lies above
  // window_alpha are searched again from there, in a second split.
  // `tracked`: the node keeps the span bookkeeping (span_model.h); `root`:
  // the root's report, null below it (the owner reports each move it
  // finishes).
  void SearchSplit(const SplitNode& node, bool tracked, RootReport* root, int* best,
                   int* best_move);
  // What the owner of a split point does beside searching its moves: the
  // span bookkeeping (one thread only) and the root's progress report,
  // after each move it finishes. `elders`: the moves searched before the
  // split, whose best was `elders_best_move`.
  struct OwnerDuty {
    bool tracked;
    RootReport* root;
    int elders;
    int elders_best_move;
  };
  // Takes moves from `split` and searches them, until none is left, one
  // cuts off, or this searcher or the split point is stopped. `duty`: the
  // owner's (null for a helper). `spawns`: whether it spawns helper tasks
  // there (not when it joined from a wait above, parallel_search.cc).
  void WorkAt(SplitPoint& split, const OwnerDuty* duty, bool spawns = true);
  // A helper's last act: adds its counts to the split point and the
  // shared node count.
  void Retire(SplitPoint& split);
  // An owner waiting at its split point works at `d`, a split point below
  // it, as a helper (arena slot `slot`).
  static void JoinBelow(SplitPoint& d, int slot);
  // A helper's work at `at`, on arena slot `slot`, whose instruments were
  // `before` it started (Instruments::Searches); `spawns` as for WorkAt.
  static void HelpAt(SplitPoint& at, int slot, const Instruments::Before& before, bool spawns);

  // The draft a node with `empties` empties stores and needs (kDraftLevels):
  // exact below kProbCutMinEmpties, where no pass cuts selectively.
  int NodeDraft(int empties) const {
    return Draft(empties, empties >= kProbCutMinEmpties ? level_ : kExactLevel);
  }

  // Stores the fail-soft result `best` of a search of `board` with window
  // (alpha, beta) and draft `draft`, merged with `known` (the entry the
  // node probed, or null), unless `known` has a higher draft.
  void StoreResult(const Board& board, const TTData* known, int best, int alpha, int beta,
                   int move, int draft, std::uint64_t nodes);

  // ETC at a null-window node (search.cc): true when a child's table entry
  // refutes the node, with *best and *best_move set; drops the children
  // known to fail low from list[0..*count), raising *best by their bounds.
  bool TranspositionCutoff(ScoredMove* list, int* count, int empties, int alpha, int beta,
                           int* best, int* best_move, int* moves_to_search);

  // ProbCut in a selective pass: true, with the bound to return in *bound,
  // when the evaluation search of the node lies ProbCutMargin(level_, empties)
  // discs beyond the window (alpha, alpha + 1).
  bool ProbCut(Bitboard player, Bitboard opponent, int alpha, int empties, int* bound);

  // The stability cutoff: the opponent's stable discs cap the score at
  // 64 - 2 * stable. True, with that cap in *bound, when it is <= alpha.
  // Skipped when even every opponent disc being stable would not cap the
  // score at alpha: that test is one popcount, and it rejects most nodes
  // (an extra threshold on alpha by empties, as Edax has, saved about 2%
  // of the time and cost 1.7% more nodes; endsolve/bench/results/solver-layers.md).
  template <FeatureSet kSet>
  bool StabilityCutoff(Bitboard player, Bitboard opponent, int alpha, int* bound) {
    if (!Features<kSet>(features_).stability) return false;
    if (kNumSquares - 2 * PopCount(opponent) > alpha) return false;
    *bound = kNumSquares - 2 * PopCount(StableDiscs(opponent, player));
    return *bound <= alpha;
  }

  // Poll the limits when the node count says it is time. Cheap: one compare.
  // The interval (settings.h) also bounds how long a helper runs on after a
  // cutoff at a split point above it.
  bool ShouldStop() {
    if (counts_.internal + counts_.leaves < next_poll_) return false;
    return CheckLimits();
  }

  // The standalone constructor's shared state; null otherwise.
  std::unique_ptr<SharedSearch> own_shared_;
  SharedSearch* shared_;
  // The split point this searcher helps at (null: the root searcher).
  const SplitPoint* split_ = nullptr;
  // Copies of shared_'s read-only fields, for the hot path.
  TranspositionTable* tt_;
  // The table-less layer's cache, borrowed from shared_->shallow_caches;
  // null without a table or with features.shallow_cache off.
  ShallowCache* shallow_cache_ = nullptr;
  SearchFeatures features_;
  // Which copy of the search runs (feature_set.h), chosen from features_.
  FeatureSet feature_set_ = FeatureSet::kChosen;
  int split_min_empties_;
  // The span bookkeeping (null: off) and the fewest empties it tracks
  // (kNoSplit when off, so that no node ever tests the pointer).
  SpanTracker* spans_ = nullptr;
  int span_min_empties_ = kNoSplit;
  // The ply of the root of the null-window subtree being searched (a child
  // of a PV node): a node the table knows nothing of is an expected
  // cut-node at an even distance from it, an expected all-node at an odd
  // one (split_policy.h).
  int null_root_ply_ = 0;
  int level_ = kExactLevel;
  NodeCounts counts_;
  // With instruments: the nodes wasted in the subtrees this searcher has
  // searched, as the split points in them counted them (AfterTheCut).
  std::uint64_t after_cut_ = 0;
  std::uint64_t etc_probes_ = 0;
  std::uint64_t next_poll_ = kPollInterval;
  // The next check of the limits and split points (CheckLimits): every
  // kPollInterval nodes. With a virtual clock next_poll_ comes sooner, at
  // every slice of the clock, and only reports the nodes to it.
  std::uint64_t next_check_ = kPollInterval;
  std::uint64_t flushed_ = 0;  // nodes already added to shared_->nodes
  // The virtual machine the search runs on (null: none), and the nodes
  // already reported to it.
  VirtualClock* clock_ = nullptr;
  std::uint64_t clocked_ = 0;
  bool stopped_ = false;
  MoveOrderer orderer_;
};

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SEARCH_H_
