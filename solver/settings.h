// Every tunable of the exact search in one place, as Edax's settings.h
// keeps them: one constant, one line of why, and the measurement that chose
// it in bench/results/. The headers that use them (search.h, move_order.h,
// split_policy.h, presearch.h, eval_order.h) say what each does; the story
// of how each value was reached (the values tried, the figures of each) is
// in bench/results/search-tunables-history.md and the commit messages.
// A change here changes node counts: the tests that pin them
// (tests/solver/) say by how much.
#ifndef ENDSOLVE_SOLVER_SETTINGS_H_
#define ENDSOLVE_SOLVER_SETTINGS_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace endsolve::search {

// --- Layers of the search (search.h) ---

// Fewest empties at which a node uses the transposition table: below, a probe and a store cost
// more than the subtree (node-rate-levers-2026-11-28.txt: from 8, FFO #50-#54 5.3% more nodes).
inline constexpr int kTTMinEmpties = 9;
// Fewest empties at which a node probes its children's entries (ETC): a probe is a cache miss,
// paid back only above small subtrees (solver-layers-2026-11.md).
inline constexpr int kEtcMinEmpties = 10;
// Fewest empties at which a node tries the stability cutoff: the last-four solver's entry and the
// two layers above (stability-last4-2026-11-26.txt: FFO #40-#49 19.1% fewer nodes, same time).
inline constexpr int kStabilityMinEmpties = 4;
// Nodes between two looks at the deadline, node limit and cancel flag: a look costs a clock read.
inline constexpr std::uint64_t kPollInterval = 4096;

// --- Selective passes: ProbCut (search.h) ---

// The margins of the three selective levels, most selective first, in discs: the fewest nodes on
// FFO #40-#49 of the margins tried (solver-ordering-2026-11.md, "Selective passes").
inline constexpr int kProbCutMargin[3] = {8, 12, 16};
// From this many empties every margin widens by kProbCutWideExtra: the evaluation's error grows
// with the empties (solver-ordering-2026-11.md, "The hard positions": FFO #53-#54 6.4% fewer).
inline constexpr int kProbCutWideMinEmpties = 22;
inline constexpr int kProbCutWideExtra = 4;
// Fewest empties at which a selective pass cuts: below, the evaluation search costs more than the
// subtree it cuts (solver-ordering-2026-11.md: from 10, 5% fewer nodes, 13% more time).
inline constexpr int kProbCutMinEmpties = 12;
// From this many empties ProbCut's evaluation search is 3 plies (2 from kEvalDepth2MinEmpties, else
// 1): a 4-ply one from 22 visited 0.1% more nodes (solver-ordering-2026-11.md).
inline constexpr int kProbCutDepth3MinEmpties = 22;

// --- Move ordering (move_order.h) ---

// The fastest-first key's terms, as bit weights: an opponent reply (mobility) outweighs every
// lesser term, so the order is fastest first broken by the others (solver-ordering-2026-11.md).
inline constexpr int kMobilityWeight = 1 << 20;
inline constexpr int kPotentialMobilityWeight = 1 << 19;
inline constexpr int kCornerStabilityWeight = 1 << 18;
inline constexpr int kParityBonus = 1 << 19;
// History credits by bit width: a move credited a thousand times more gains under one reply.
inline constexpr int kHistoryWeight = 1 << 16;
// The static square class breaks the last ties.
inline constexpr int kCornerBonus = 1 << 4;
inline constexpr int kXCSquarePenalty = 1 << 3;
// Fewest empties at which moves are ordered by an evaluation search: below, fastest first alone
// orders as well for less time (solver-ordering-2026-11.md, "Ordering by evaluation").
inline constexpr int kEvalOrderMinEmpties = 14;
// From these empties that search is 2, 3 and 4 plies deep (else its static value): deeper where a
// first move that fails to cut costs most (ordering-depth-18-2026-11-26.txt,
// ordering-depth-20-2026-11-25.txt, solver-ordering-2026-11.md "The hard positions").
inline constexpr int kEvalDepth2MinEmpties = 18;
inline constexpr int kEvalDepth3MinEmpties = 20;
inline constexpr int kEvalDepth4MinEmpties = 22;
// The ordering searches' window starts this many discs below the node's alpha (Edax's
// SORT_ALPHA_DELTA): a move far below alpha fails low fast (sort-alpha-2026-11-27.txt).
inline constexpr int kSortAlphaDelta = 8;
// An evaluation unit's weight in the key: a disc a quarter of a reply, and half a reply from
// kDeepEvalKeyMinEmpties, where the value is searched (solver-ordering-2026-11.md: 5.4% fewer).
inline constexpr int kEvalKeyWeight = 1 << 12;
inline constexpr int kDeepEvalKeyWeight = 1 << 13;
inline constexpr int kDeepEvalKeyMinEmpties = 18;
// The key of a child whose shallow table entry refuted this node's window before: above every
// ordinary key, below the killers (table-hint-2026-11-27.txt: FFO #40-#49 0.9% fewer nodes).
inline constexpr int kTableRefutationKey = 1 << 27;

// --- Evaluation searches (eval_order.h) ---

// From this many plies an evaluation search sorts its own moves by a static value: FFO #58 in
// 0.826 of the time of 5 (eval-search-sort-depth-2026-11-26.txt).
inline constexpr int kOrderedEvalSearchDepth = 3;

// --- Presearch (presearch.h) ---

// The presearch's deepest iteration: 8 plies named the score best of 0, 6 and 8 and cost well
// under 1% of the exact search (solver-ordering-2026-11.md).
inline constexpr int kPresearchDepth = 8;
// Fewest empties at which the presearch runs: below, its milliseconds are most of a solve
// (solver-ordering-2026-11.md: FFO #1-#19 0.36 s with it, 0.10 s without).
inline constexpr int kPresearchMinEmpties = 20;

// --- The parallel search (split_policy.h) ---

// Fewest empties at which a node splits by default: below, a subtree does not pay for a task
// (solver-parallel-2026-11.md, "Parallel search": FFO #40-#44).
inline constexpr int kSplitMinEmpties = 13;
// The many-core policy's threshold, with more than kManyCoreFewThreads threads: the table
// layer's smallest nodes, below which the search has no split code (solver-parallel-2026-11.md).
inline constexpr int kManyCoreMinEmpties = 9;
// Two threads need little parallelism, and small splits cost them 12% of their node rate.
inline constexpr int kManyCoreFewThreads = 2;
// Null-window nodes above this many empties get a narrow window in the many-core policy: a move
// started past a cutoff costs much there (solver-parallel-2026-11.md, "Parallelism").
inline constexpr int kNarrowAboveEmpties = 14;
// The window of the null-window nodes the table knows nothing of, at every size
// (scaling-16-cores-2026-11-26.md: FFO #50-#52 at 16 threads 11% fewer nodes).
inline constexpr int kExpectedNodeWindow = 2;
// A node not expected to cut splits before its eldest brother ends while at least this many
// eighths of the threads are idle (parallel-design-2026-12-02.txt: #40-#49, 16 virtual cores).
inline constexpr int kEarlySplitIdleEighths = 7;

// --- The part of the table a solve uses (solver.cc) ---

// Below this many empties a solve uses at most 2^(empties + kTableBytesBitsOverEmpties) bytes of
// the table (TranspositionTable::UseAtMost), several times the entries its search visits, so that
// the pages it faults in follow its size (FFO #1, 14 empties, 38,801 nodes: 4 MiB of the default
// 256 MiB); from it on, the whole table, as FFO #40-#59's node counts were measured with
// (table-use-2026-12-03.txt).
inline constexpr int kWholeTableMinEmpties = 20;
inline constexpr int kTableBytesBitsOverEmpties = 8;
constexpr std::size_t TableBytesFor(int empties) {
  return empties >= kWholeTableMinEmpties
             ? std::numeric_limits<std::size_t>::max()
             : std::size_t{1} << std::max(0, empties + kTableBytesBitsOverEmpties);
}

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SETTINGS_H_
