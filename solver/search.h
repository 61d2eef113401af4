// The search itself: one Searcher object per search (and, once the search
// runs in parallel, per task), holding every piece of mutable state the
// recursion touches: node counters, the stop flag, killer and history
// tables. Nothing here is global, so concurrent searches never share state
// except through the transposition table, which is built for it.
//
// The tree is searched in layers by the number of empty squares, each with
// the cheapest machinery that pays at that size (thresholds below, measured
// in solver/README.md):
//
//   empties               what runs
//   >= kTTMinEmpties      PVS / null-window search with the transposition
//                         table, ETC (>= kEtcMinEmpties), stability cutoff,
//                         moves sorted by the MoveScorer (TT move, killers,
//                         history, fastest-first, parity)
//   5 .. kTTMinEmpties-1  alpha-beta without the table: parity order, or
//                         fastest-first from kShallowSortMinEmpties
//   1 .. 4                unrolled solvers over the list of empty squares,
//                         parity order, the last move only counted
//
// Node counting follows board/perft.h with depth = "to the end of the game":
// a node is a leaf when the game is over (no empty square left, or neither
// side can move), every other node visited is internal, and a pass is a
// node of its own. Concretely:
//   - a node where the side to move has a move: 1 internal, plus whatever
//     its children count (including a node cut off by the table or by
//     stability before any child is visited);
//   - a node where the side to move must pass and the opponent can move: 1
//     internal, and the node after the pass counts itself;
//   - a node where neither side can move: 1 leaf;
//   - the last empty square (Last1): the position after the last move is a
//     leaf (1 empty square: 1 internal + 1 leaf; after a pass: 2 internal +
//     1 leaf; nobody can move: 1 leaf), though the solver only counts the
//     flips of that move and never builds the final board;
//   - probes of a child's table entry (ETC) and the searches that extract
//     the principal variation are not nodes of the tree and count in
//     separate counters.
#ifndef ENDSOLVE_SOLVER_SEARCH_H_
#define ENDSOLVE_SOLVER_SEARCH_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>

#include "absl/time/time.h"
#include "board/board.h"
#include "board/perft.h"
#include "hashtable/transposition_table.h"
#include "solver/move_order.h"
#include "solver/solver.h"
#include "solver/stability.h"

namespace endsolve::search {

// Scores are final disc differences; kInfinity lies outside them so that a
// first child always raises the best score.
inline constexpr int kInfinity = 65;

// --- Layer thresholds (see the table above; chosen in solver/README.md) ---

// Smallest number of empties at which nodes use the transposition table.
// Below it a probe and a store cost more than re-searching the subtree.
inline constexpr int kTTMinEmpties = 9;
// Smallest number of empties at which the table-less search sorts its moves
// by the opponent's mobility instead of taking them in parity order.
inline constexpr int kShallowSortMinEmpties = 5;
// Smallest number of empties at which a node probes each child's table
// entry (ETC). A probe is a cache miss; it pays only above small subtrees.
inline constexpr int kEtcMinEmpties = 12;
// The largest number of moves a position can have. 33 is the known maximum;
// this leaves room.
inline constexpr int kMaxMoves = 40;
// Plies from the root: 60 moves and as many passes cannot all happen, but
// the bound is cheap.
inline constexpr int kMaxPly = 128;

// Smallest alpha at which the stability cutoff is tried: it can cut only
// when 64 - 2 * stable <= alpha, and few discs are stable while many squares
// are empty, so at a low alpha computing them is wasted time. Chosen by
// measurement (solver/README.md).
constexpr int StabilityMinAlpha(int empties) { return empties < 64 ? 2 * empties : 64; }

// Where and when to stop, polled every kPollInterval nodes (counted in the
// table layer; the subtrees below it are small).
struct Limits {
  std::uint64_t node_limit = 0;  // 0: none
  absl::Time deadline = absl::InfiniteFuture();
  const std::atomic<bool>* cancel = nullptr;
};
inline constexpr std::uint64_t kPollInterval = 4096;

class Searcher {
 public:
  Searcher(TranspositionTable* tt, const SearchFeatures& features, const Limits& limits);

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

  // Fills `list` with the moves in `moves`, their child positions and their
  // ordering keys (move_order.h); returns how many. `tt_move` is the
  // table's move or kNoMove.
  int ScoreMoves(Bitboard player, Bitboard opponent, Bitboard moves, int tt_move, int ply,
                 ScoredMove* list) const;

  // The move the table holds for `board`, or kNoMove.
  int TableMove(const Board& board) const;

  const NodeCounts& counts() const { return counts_; }
  std::uint64_t etc_probes() const { return etc_probes_; }
  bool stopped() const { return stopped_; }

  // Checks the limits now, whatever the node count. True once stopped.
  bool CheckLimits();

  // Records `square` as the best move (or refutation) found at `ply` with
  // `empties` empty squares, for the killer and history heuristics. The
  // searches call it themselves; the root calls it for the root move.
  void CreditMove(int square, int ply, int empties);

 private:
  friend class SearcherTestPeer;

  // Layers, by empties. Each takes the side to move's discs (player) and
  // the other side's (opponent).
  int PvsTable(Bitboard player, Bitboard opponent, int alpha, int beta, int ply);
  int NwsTable(Bitboard player, Bitboard opponent, int alpha, int ply);
  // alpha-beta without the table, for 5 .. kTTMinEmpties-1 empties.
  int Shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
              unsigned parity);
  // 1..4 empties: the squares given, best first by parity.
  int Last4(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3,
            int x4);
  int Last3(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3);
  int Last2(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2);
  int Last1(Bitboard player, Bitboard opponent, int x1);
  // Sorts the four empty squares of a position by parity and calls Last4.
  int SolveLast4(Bitboard player, Bitboard opponent, int alpha, int beta);
  // Dispatches a child position to its layer.
  int Child(Bitboard player, Bitboard opponent, int alpha, int beta, int ply);

  // The stability cutoff: the opponent's stable discs cap the score at
  // 64 - 2 * stable. True, with that cap in *bound, when it is <= alpha.
  // Skipped when alpha is too low for it to have a chance, or when even
  // every opponent disc being stable would not cap the score below alpha.
  bool StabilityCutoff(Bitboard player, Bitboard opponent, int alpha, int empties, int* bound) {
    if (!features_.stability || alpha < StabilityMinAlpha(empties)) return false;
    if (kNumSquares - 2 * PopCount(opponent) > alpha) return false;
    *bound = kNumSquares - 2 * PopCount(StableDiscs(opponent, player));
    return *bound <= alpha;
  }

  // Poll the limits when the node count says it is time. Cheap: one compare.
  bool ShouldStop() {
    if (counts_.internal + counts_.leaves < next_poll_) return false;
    return CheckLimits();
  }

  TranspositionTable* tt_;
  SearchFeatures features_;
  Limits limits_;
  NodeCounts counts_;
  std::uint64_t etc_probes_ = 0;
  std::uint64_t next_poll_ = kPollInterval;
  bool stopped_ = false;

  // killers_[ply][i]: the i-th most recent refutation at that ply.
  std::array<std::array<std::uint8_t, kMaxKillers>, kMaxPly> killers_{};
  // history_[ply & 1][square]: Schaeffer's credits, 2^(empties - 2) per
  // best move, kept apart for the two sides (plies of one parity).
  std::array<std::array<std::uint64_t, kNumSquares>, 2> history_{};
};

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SEARCH_H_
