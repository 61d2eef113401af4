// Every tunable of the exact search in one place, as Edax's settings.h
// keeps them: one constant, one line of why. The measurement that chose each
// is named, constant by constant, in the first table of
// endsolve/bench/results/search-tunables-history.md (a file named in a comment
// below is in endsolve/bench/results/ too). The headers that use them
// (search.h, move_order.h, split_policy.h, presearch.h, eval_order.h) say what
// each does; the story of how each value was reached (the values tried, the
// figures of each) is in that file and the commit messages.
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
// more than the subtree (from 8: FFO #50-#54 5.3% more nodes).
inline constexpr int kTTMinEmpties = 9;
// Fewest empties at which a node probes its children's entries (ETC): a probe is a cache miss,
// paid back only above small subtrees (solver-layers.md).
inline constexpr int kEtcMinEmpties = 10;
// Fewest empties at which a node tries the stability cutoff: the last-four solver's entry and the
// two layers above (FFO #40-#49 19.1% fewer nodes, same time).
inline constexpr int kStabilityMinEmpties = 4;
// Nodes between two looks at the deadline, node limit, cancel flag and the split points above (a
// cutoff there stops a helper at its next look). A look adds to the shared node counts and, with a
// deadline, reads the clock: nothing measurable at 1,024 (two real threads, FFO #40-#49: 1.002x the time of 4,096); at 4,096
// helpers ran on after cutoffs, a fifth more wasted nodes and 4.5% more ticks on FFO #40-#49 at 16
// virtual cores (endsolve/bench/results/poll-interval-2026-12-05.txt).
inline constexpr std::uint64_t kPollInterval = 1024;

// --- Selective passes: ProbCut (search.h) ---

// The margins of the three selective levels, most selective first, in discs: the fewest nodes on
// FFO #40-#49 of the margins tried (solver-ordering.md, "Selective passes").
inline constexpr int kProbCutMargin[3] = {8, 12, 16};
// From this many empties every margin widens by kProbCutWideExtra: the evaluation's error grows
// with the empties (solver-ordering.md, "The hard positions": FFO #53-#54 6.4% fewer).
inline constexpr int kProbCutWideMinEmpties = 22;
inline constexpr int kProbCutWideExtra = 4;
// Fewest empties at which a selective pass cuts: below, the evaluation search costs more than the
// subtree it cuts (solver-ordering.md: from 10, 5% fewer nodes, 13% more time).
inline constexpr int kProbCutMinEmpties = 12;
// From this many empties ProbCut's evaluation search is 3 plies (2 from kEvalDepth2MinEmpties, else
// 1): a 4-ply one from 22 visited 0.1% more nodes (solver-ordering.md).
inline constexpr int kProbCutDepth3MinEmpties = 22;

// --- Move ordering (move_order.h) ---

// The fastest-first key's terms, as bit weights: an opponent reply (mobility) outweighs every
// lesser term, so the order is fastest first broken by the others (solver-ordering.md).
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
// orders as well for less time (solver-ordering.md, "Ordering by evaluation").
inline constexpr int kEvalOrderMinEmpties = 14;
// From these empties that search is 2, 3 and 4 plies deep (else its static value): deeper where a
// first move that fails to cut costs most (solver-ordering.md, "The hard positions").
inline constexpr int kEvalDepth2MinEmpties = 18;
inline constexpr int kEvalDepth3MinEmpties = 20;
inline constexpr int kEvalDepth4MinEmpties = 22;
// The ordering searches' window starts this many discs below the node's alpha (Edax's
// SORT_ALPHA_DELTA): a move far below alpha fails low fast.
inline constexpr int kSortAlphaDelta = 8;
// An evaluation unit's weight in the key: a disc a quarter of a reply, and half a reply from
// kDeepEvalKeyMinEmpties, where the value is searched (solver-ordering.md: 5.4% fewer).
inline constexpr int kEvalKeyWeight = 1 << 12;
inline constexpr int kDeepEvalKeyWeight = 1 << 13;
inline constexpr int kDeepEvalKeyMinEmpties = 18;
// The key of a child whose shallow table entry refuted this node's window before: above every
// ordinary key, below the killers (FFO #40-#49 0.9% fewer nodes).
inline constexpr int kTableRefutationKey = 1 << 27;

// --- Evaluation searches (eval_order.h) ---

// From this many plies an evaluation search sorts its own moves by a static value: FFO #58 in
// 0.826 of the time of 5.
inline constexpr int kOrderedEvalSearchDepth = 3;

// --- Presearch (presearch.h) ---

// The presearch's deepest iteration: 8 plies named the score best of 0, 6 and 8 and cost well
// under 1% of the exact search (solver-ordering.md).
inline constexpr int kPresearchDepth = 8;
// Fewest empties at which the presearch runs: below, its milliseconds are most of a solve
// (solver-ordering.md: FFO #1-#19 0.36 s with it, 0.10 s without).
inline constexpr int kPresearchMinEmpties = 20;

// --- The parallel search (split_policy.h) ---

// Fewest empties at which a node splits by default: below, a subtree does not pay for a task
// (solver-parallel.md, "Parallel search": FFO #40-#44).
inline constexpr int kSplitMinEmpties = 13;
// The many-core policy's threshold, with more than kManyCoreFewThreads threads. On 16 real
// cores a split below 12 empties costs its threads more than the idle time it saves: FFO
// #40-#49 3.34 s from 12 against 5.00 / 4.22 / 4.00 / 3.62 / 3.90 from 9 / 10 / 11 / 13 / 15,
// #50-#59 76.3 s against 110.7 from 9; at 8 threads 3.81 s from 11 against 4.75 from 9, at 4
// 7.47 s from 12 against 9.57 from 9 (device-2026-12-04.md).
inline constexpr int kManyCoreMinEmpties = 12;
// Two threads need little parallelism, and small splits cost them 12% of their node rate.
inline constexpr int kManyCoreFewThreads = 2;
// Null-window nodes above this many empties that may cut off get a narrow window in the many-core
// policy: a move started past a cutoff costs much there (solver-parallel.md, "Parallelism").
// Beyond kManyCoreFewThreads threads the nodes that failed low in the table or that the
// evaluation predicts to fail low (kPredictedAllMargin) are not narrowed: on FFO #40-#49 at 16
// virtual cores the window left threads idle there (predicted-all-2026-12-05.txt).
inline constexpr int kNarrowAboveEmpties = 14;
// The window of the null-window nodes the table knows nothing of, at every size
// (FFO #50-#52 at 16 real threads: 11% fewer nodes).
inline constexpr int kExpectedNodeWindow = 2;
// A null-window node whose every move the ordering's evaluation search (from
// kEvalOrderMinEmpties) puts more than this many discs below alpha is taken for an all-node beyond
// kManyCoreFewThreads threads, whatever the table says: its moves run with no window. On FFO
// #40-#49 at 16 virtual cores 0, 1, 2, 4 and 8 lay within 7% of each other in single runs, the
// fewest ticks at 4, the fewer nodes the wider (predicted-all-2026-12-05.txt).
inline constexpr int kPredictedAllMargin = 4;
// Beyond kManyCoreFewThreads threads, while at least this many eighths of the threads are idle a
// node not expected to cut splits before its eldest brother ends, and a node of
// kManyCoreWideMinEmpties or more empties splits below the threshold once its elders are done: the
// idle threads get work where the search has little, and a busy machine splits as before. On FFO
// #40-#59 at 16 virtual cores, against 7 eighths and no small splits, #40-#52 took 2-6% fewer ticks
// in every run and #53-#58 the same within their spread (virtual-idle-splits-2026-12-07.txt).
// Beyond kManyCoreWideThreads, where the nodes from kManyCoreWideMinEmpties always split, the same
// half took 8-12% of FFO #40-#49's ticks at 64 virtual cores (virtual-wide-2026-12-06.txt).
inline constexpr int kEarlySplitIdleEighths = 4;
// Beyond this many threads the many-core policy splits from kManyCoreWideMinEmpties whether or not
// threads idle. With the owners waiting at home (split_policy.h) a third of 64 threads idled on
// FFO #40-#49 for want of open moves; on virtual cores, against 12 empties, FFO #40-#49 took fewer
// ticks at 32 and 64 cores (#40-#59 at 64: 43.0-43.3x against 39.2x with 12 and 7 eighths), where
// the real 16-core machine chose 12 before the waiting rules: no machine beyond 16 cores has
// checked it (virtual-wide-2026-12-06.txt).
inline constexpr int kManyCoreWideThreads = 16;
inline constexpr int kManyCoreWideMinEmpties = 10;

// --- The part of the table a solve uses (solver.cc) ---

// Below this many empties a solve uses at most 2^(empties + kTableBytesBitsOverEmpties) bytes of
// the table (TranspositionTable::UseAtMost), several times the entries its search visits, so that
// the pages it faults in follow its size (FFO #1, 14 empties, 38,801 nodes: 4 MiB of the default
// 256 MiB); from it on, the whole table, as FFO #40-#59's node counts were measured with.
inline constexpr int kWholeTableMinEmpties = 20;
inline constexpr int kTableBytesBitsOverEmpties = 8;
constexpr std::size_t TableBytesFor(int empties) {
  return empties >= kWholeTableMinEmpties
             ? std::numeric_limits<std::size_t>::max()
             : std::size_t{1} << std::max(0, empties + kTableBytesBitsOverEmpties);
}

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SETTINGS_H_
