// The split policies (solver/split_policy.h), the work/span model
// (solver/span_model.h) and the parallel search's instrument
// (solver/thread_stats.h):
//  - each policy's rules, class by class, as split_policy.cc states them;
//  - the younger brothers' span on small cases worked out by hand;
//  - on real solves: the work is the solve's node count, a policy that
//    never splits has span = work, and a policy that waits for fewer
//    elders with wider windows never has the longer span;
//  - the instrument's counters add up, and its checks refuse what it cannot
//    measure.
#include <cstdint>
#include <random>
#include <vector>

#include "endsolve/solver/thread_stats.h"
#include "endsolve/solver/span_model.h"
#include "endsolve/solver/solver.h"
#include "endsolve/solver/split_policy.h"
#include "tests/solver/oracle.h"
#include "gtest/gtest.h"

namespace endsolve::search {
namespace {

using testing::RandomPosition;

constexpr NodeClass kNullWindowClasses[] = {NodeClass::kFailedLow, NodeClass::kFailedHigh,
                                            NodeClass::kExpectedCut, NodeClass::kExpectedAll};

TEST(SplitPolicyTest, TwoCoreWaitsForElderBrothersAndRunsTwoMovesAtOnce) {
  for (int threads : {2, 4, 16}) {
    const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kTwoCore, threads);
    EXPECT_EQ(p.min_empties, kSplitMinEmpties);
    EXPECT_EQ(p.Elders(NodeClass::kRoot), SplitPolicy::kNeverSplits);
    EXPECT_EQ(p.Elders(NodeClass::kPv), 1);
    EXPECT_EQ(p.Elders(NodeClass::kFailedLow), 1);
    for (NodeClass c : {NodeClass::kFailedHigh, NodeClass::kExpectedCut, NodeClass::kExpectedAll}) {
      EXPECT_EQ(p.Elders(c), threads <= 2 ? 2 : 3) << threads;
    }
    for (NodeClass c : kNullWindowClasses) {
      EXPECT_EQ(p.Window(c, 0, 20), 2);
      // One more per `threads` moves finished.
      EXPECT_EQ(p.Window(c, threads - 1, 20), 2);
      EXPECT_EQ(p.Window(c, threads, 20), 3);
    }
  }
}

TEST(SplitPolicyTest, ManyCoreSplitsAfterOneBrotherAndNarrowsWhereMovesAreLargeOrUnknown) {
  const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  EXPECT_EQ(p.min_empties, kManyCoreMinEmpties);
  EXPECT_EQ(SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads).min_empties,
            kSplitMinEmpties);
  EXPECT_EQ(SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads + 1).min_empties,
            kManyCoreMinEmpties);
  for (NodeClass c : {NodeClass::kRoot, NodeClass::kPv, NodeClass::kFailedLow,
                      NodeClass::kFailedHigh, NodeClass::kExpectedCut, NodeClass::kExpectedAll}) {
    EXPECT_EQ(p.Elders(c), 1) << NodeClassName(c);
  }
  const int small = kNarrowAboveEmpties, large = kNarrowAboveEmpties + 1;
  for (NodeClass c : {NodeClass::kRoot, NodeClass::kPv}) {
    EXPECT_EQ(p.Window(c, 0, large), kUnlimitedWindow) << NodeClassName(c);
  }
  for (NodeClass c : {NodeClass::kFailedHigh, NodeClass::kExpectedCut, NodeClass::kExpectedAll}) {
    EXPECT_EQ(p.Window(c, 0, large), 2) << NodeClassName(c);
    EXPECT_EQ(p.Window(c, 3, large), 5) << NodeClassName(c);
  }
  // A node that failed low before lets every move run, at any size beyond
  // a few threads, only at small ones with few.
  EXPECT_EQ(p.Window(NodeClass::kFailedLow, 0, small), kUnlimitedWindow);
  EXPECT_EQ(p.Window(NodeClass::kFailedLow, 0, large), kUnlimitedWindow);
  EXPECT_EQ(p.Window(NodeClass::kFailedHigh, 0, small), 2);
  EXPECT_EQ(p.Window(NodeClass::kFailedHigh, 1, small), 3);
  // The nodes the table knows nothing of: narrow at every size beyond a
  // few threads, free at small sizes with few.
  const SplitPolicy few = SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads);
  for (NodeClass c : {NodeClass::kExpectedCut, NodeClass::kExpectedAll}) {
    EXPECT_EQ(p.Window(c, 0, small), kExpectedNodeWindow) << NodeClassName(c);
    EXPECT_EQ(p.Window(c, 1, small), kExpectedNodeWindow + 1) << NodeClassName(c);
    EXPECT_EQ(few.Window(c, 0, small), kUnlimitedWindow) << NodeClassName(c);
  }
  EXPECT_EQ(few.Window(NodeClass::kFailedLow, 0, small), kUnlimitedWindow);
  EXPECT_EQ(few.Window(NodeClass::kFailedLow, 0, large), 2);
  EXPECT_EQ(few.Window(NodeClass::kFailedLow, 3, large), 5);
}

// Beyond a few threads the many-core policy takes a null-window node whose
// moves the evaluation all puts well below alpha for an all-node, whatever
// the table said: it splits before its eldest brother (a failed-low node
// after one), and lets every move run at any size.
// The root and PV nodes keep their class; with few threads, or with the
// two-core policy, nothing is predicted.
TEST(SplitPolicyTest, ManyCoreOpensTheNodesTheEvaluationPredictsToFailLow) {
  const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  for (NodeClass c : kNullWindowClasses) {
    EXPECT_EQ(p.Predict(c, true), NodeClass::kPredictedAll) << NodeClassName(c);
    EXPECT_EQ(p.Predict(c, false), c) << NodeClassName(c);
  }
  for (NodeClass c : {NodeClass::kRoot, NodeClass::kPv}) {
    EXPECT_EQ(p.Predict(c, true), c) << NodeClassName(c);
  }
  EXPECT_EQ(p.Elders(NodeClass::kPredictedAll), 0);
  EXPECT_EQ(p.Elders(NodeClass::kFailedLow), 1);
  for (int empties : {kManyCoreMinEmpties, kNarrowAboveEmpties, kNarrowAboveEmpties + 1, 30}) {
    EXPECT_EQ(p.Window(NodeClass::kPredictedAll, 0, empties), kUnlimitedWindow) << empties;
  }
  EXPECT_TRUE(p.SplitsEarly(NodeClass::kPredictedAll));
  const SplitPolicy few = SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads);
  const SplitPolicy two_core = SplitPolicy::For(SplitPolicy::Kind::kTwoCore, 16);
  for (NodeClass c : kNullWindowClasses) {
    EXPECT_EQ(few.Predict(c, true), c) << NodeClassName(c);
    EXPECT_EQ(two_core.Predict(c, true), c) << NodeClassName(c);
  }
}

// Beyond a few threads, a node not expected to cut off splits at once
// while half the threads are idle; the root, PV nodes and nodes that cut
// off before wait for their elders whatever the idle threads, and with few
// threads, or with the two-core policy, nothing splits early.
TEST(SplitPolicyTest, ManyCoreSplitsEarlyOnlyWhileHalfTheThreadsIdle) {
  const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  for (NodeClass c : {NodeClass::kFailedLow, NodeClass::kExpectedCut, NodeClass::kExpectedAll}) {
    EXPECT_TRUE(p.SplitsEarly(c)) << NodeClassName(c);
  }
  for (NodeClass c : {NodeClass::kRoot, NodeClass::kPv, NodeClass::kFailedHigh}) {
    EXPECT_FALSE(p.SplitsEarly(c)) << NodeClassName(c);
  }
  EXPECT_TRUE(p.IdleEnough(8, 16));
  EXPECT_FALSE(p.IdleEnough(7, 16));
  EXPECT_TRUE(p.IdleEnough(32, 64));
  EXPECT_FALSE(p.IdleEnough(31, 64));
  const SplitPolicy few = SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads);
  const SplitPolicy two_core = SplitPolicy::For(SplitPolicy::Kind::kTwoCore, 16);
  for (NodeClass c : kNullWindowClasses) {
    EXPECT_FALSE(few.SplitsEarly(c)) << NodeClassName(c);
    EXPECT_FALSE(two_core.SplitsEarly(c)) << NodeClassName(c);
  }
}

// Beyond the few threads a selective pass's root hands every younger
// brother the window it split with, so that no root move's selective answer
// depends on which brother finished first; with the few threads, and in the
// two-core policy, the brothers take the alpha raised meanwhile, as one
// thread's search does.
TEST(SplitPolicyTest, ManyCoreKeepsTheRootsWindowInSelectivePasses) {
  for (const int threads : {16, 64}) {
    const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, threads);
    EXPECT_TRUE(p.KeepsWindow(NodeClass::kRoot, /*selective=*/true)) << threads;
    // Exact passes, and every node below the root, take the raised alpha.
    EXPECT_FALSE(p.KeepsWindow(NodeClass::kRoot, /*selective=*/false)) << threads;
    for (const NodeClass c : {NodeClass::kPv, NodeClass::kFailedLow, NodeClass::kFailedHigh,
                              NodeClass::kExpectedCut, NodeClass::kExpectedAll,
                              NodeClass::kPredictedAll}) {
      EXPECT_FALSE(p.KeepsWindow(c, /*selective=*/true)) << threads;
    }
  }
  EXPECT_FALSE(SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads)
                   .KeepsWindow(NodeClass::kRoot, /*selective=*/true));
  EXPECT_FALSE(SplitPolicy::For(SplitPolicy::Kind::kTwoCore, 16)
                   .KeepsWindow(NodeClass::kRoot, /*selective=*/true));
}

// Beyond the few threads the root and the PV nodes of an exact pass of one
// score split at once, their younger brothers at the guess; never a
// null-window node, never in a selective pass, with the few threads, or
// with the two-core policy, whose PV nodes wait for their eldest as one
// thread's do.
TEST(SplitPolicyTest, ManyCorePvNodesOfAnExactPassSplitAtTheGuess) {
  const NodeClass null_window[] = {NodeClass::kFailedLow, NodeClass::kFailedHigh,
                                   NodeClass::kExpectedCut, NodeClass::kExpectedAll,
                                   NodeClass::kPredictedAll};
  for (const int threads : {kManyCoreFewThreads + 1, 16, 64}) {
    const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, threads);
    // A threshold asked for changes where nodes split, not this rule.
    const SplitPolicy asked =
        SplitPolicy::For(SplitPolicy::Kind::kManyCore, threads, kSplitMinEmpties);
    for (const NodeClass c : {NodeClass::kRoot, NodeClass::kPv}) {
      EXPECT_TRUE(p.SplitsAtGuess(c, /*selective=*/false)) << threads << NodeClassName(c);
      EXPECT_FALSE(p.SplitsAtGuess(c, /*selective=*/true)) << threads << NodeClassName(c);
      EXPECT_TRUE(asked.SplitsAtGuess(c, /*selective=*/false)) << threads << NodeClassName(c);
    }
    for (const NodeClass c : null_window) {
      EXPECT_FALSE(p.SplitsAtGuess(c, /*selective=*/false)) << threads << NodeClassName(c);
    }
  }
  for (const NodeClass c : {NodeClass::kRoot, NodeClass::kPv}) {
    for (const int threads : {1, kManyCoreFewThreads}) {
      EXPECT_FALSE(SplitPolicy::For(SplitPolicy::Kind::kManyCore, threads)
                       .SplitsAtGuess(c, /*selective=*/false))
          << threads << NodeClassName(c);
    }
    EXPECT_FALSE(SplitPolicy::For(SplitPolicy::Kind::kTwoCore, 16)
                     .SplitsAtGuess(c, /*selective=*/false))
        << NodeClassName(c);
  }
}

// Beyond a few threads, a node from kManyCoreWideMinEmpties empties up to
// the threshold may split while threads idle (SplitsWhileIdle, with
// IdleEnough); with few threads, with the two-core policy, or with a
// threshold asked for, nothing splits below the threshold.
TEST(SplitPolicyTest, ManyCoreSplitsSmallerWhileHalfTheThreadsIdle) {
  const SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  EXPECT_EQ(p.min_empties, kManyCoreMinEmpties);
  EXPECT_LT(kManyCoreWideMinEmpties, kManyCoreMinEmpties);
  EXPECT_FALSE(p.SplitsWhileIdle(kManyCoreWideMinEmpties - 1));
  for (int empties = kManyCoreWideMinEmpties; empties < kManyCoreMinEmpties; ++empties) {
    EXPECT_TRUE(p.SplitsWhileIdle(empties)) << empties;
  }
  // From the threshold a node splits whether or not threads idle.
  EXPECT_FALSE(p.SplitsWhileIdle(kManyCoreMinEmpties));
  const SplitPolicy few = SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads);
  const SplitPolicy two_core = SplitPolicy::For(SplitPolicy::Kind::kTwoCore, 16);
  const SplitPolicy asked = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16, kSplitMinEmpties);
  EXPECT_EQ(asked.min_empties, kSplitMinEmpties);
  for (int empties = 0; empties <= kNumSquares; ++empties) {
    EXPECT_FALSE(few.SplitsWhileIdle(empties)) << empties;
    EXPECT_FALSE(two_core.SplitsWhileIdle(empties)) << empties;
    EXPECT_FALSE(asked.SplitsWhileIdle(empties)) << empties;
  }
}

// Beyond kManyCoreWideThreads threads the many-core policy splits from
// kManyCoreWideMinEmpties whether or not threads idle; every other rule is
// the 16-thread policy's, and a threshold asked for still wins.
TEST(SplitPolicyTest, ManyCoreBeyondSixteenThreadsSplitsSmaller) {
  const SplitPolicy at = SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreWideThreads);
  const SplitPolicy beyond =
      SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreWideThreads + 1);
  EXPECT_EQ(at.min_empties, kManyCoreMinEmpties);
  EXPECT_EQ(beyond.min_empties, kManyCoreWideMinEmpties);
  for (int empties = 0; empties <= kNumSquares; ++empties) {
    EXPECT_FALSE(beyond.SplitsWhileIdle(empties)) << empties;
  }
  for (int idle : {31, 32}) {
    EXPECT_EQ(beyond.IdleEnough(idle, 64), at.IdleEnough(idle, 64)) << idle;
  }
  for (NodeClass c : {NodeClass::kRoot, NodeClass::kPv, NodeClass::kFailedLow,
                      NodeClass::kFailedHigh, NodeClass::kExpectedCut, NodeClass::kExpectedAll,
                      NodeClass::kPredictedAll}) {
    EXPECT_EQ(beyond.Elders(c), at.Elders(c)) << NodeClassName(c);
    EXPECT_EQ(beyond.SplitsEarly(c), at.SplitsEarly(c)) << NodeClassName(c);
    for (int empties : {kManyCoreWideMinEmpties, kNarrowAboveEmpties + 1}) {
      EXPECT_EQ(beyond.Window(c, 0, empties), at.Window(c, 0, empties)) << NodeClassName(c);
    }
  }
  EXPECT_EQ(beyond.isolated_wait, at.isolated_wait);
  EXPECT_EQ(SplitPolicy::For(SplitPolicy::Kind::kManyCore, 64, kManyCoreMinEmpties).min_empties,
            kManyCoreMinEmpties);
}

TEST(SplitPolicyTest, NamesParseBack) {
  for (auto kind : {SplitPolicy::Kind::kTwoCore, SplitPolicy::Kind::kManyCore}) {
    EXPECT_EQ(*ParsePolicyKind(PolicyName(kind)), kind);
  }
  EXPECT_EQ(ParsePolicyKind("eight-core").status().message(),
            "split policy 'eight-core': expected two-core or many-core");
}

// Few enough empties that no window is narrowed for its size.
constexpr int kSmall = kNarrowAboveEmpties;

// A policy with a fixed window of `window` (kUnlimitedWindow: none) and
// no widening.
SplitPolicy FixedWindow(int window) {
  SplitPolicy p = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  p.failed_low_window = window;
  p.widen_every = 0;
  return p;
}

TEST(YoungerBrothersSpanTest, AWindowOfTwoRunsTwoMovesAtATime) {
  const std::uint64_t spans[] = {10, 10, 10, 10};
  // 0 and 1 at time 0; 2 when 0 ends (10); 3 when 1 ends (10): all end at 20.
  EXPECT_EQ(YoungerBrothersSpan(FixedWindow(2), NodeClass::kFailedLow, kSmall, spans, 4, false), 20u);
  EXPECT_EQ(YoungerBrothersSpan(FixedWindow(1), NodeClass::kFailedLow, kSmall, spans, 4, false), 40u);
  EXPECT_EQ(YoungerBrothersSpan(FixedWindow(kUnlimitedWindow), NodeClass::kFailedLow, kSmall, spans,
                                4, false),
            10u);
}

TEST(YoungerBrothersSpanTest, TheWindowFollowsTheFirstUnfinishedMove) {
  // Move 0 is long: with a window of 2, move 2 waits for it although move 1
  // ended long before.
  const std::uint64_t spans[] = {100, 1, 1};
  EXPECT_EQ(YoungerBrothersSpan(FixedWindow(2), NodeClass::kFailedLow, kSmall, spans, 3, false), 101u);
  // Widened by one per finished move: the same here, since move 0 finishes
  // first only at 100.
  SplitPolicy widening = FixedWindow(2);
  widening.widen_every = 1;
  EXPECT_EQ(YoungerBrothersSpan(widening, NodeClass::kFailedLow, kSmall, spans, 3, false), 101u);
}

TEST(YoungerBrothersSpanTest, ACutoffEndsTheNodeWithTheMoveThatCut) {
  // The last move cut off at 5; the slow move before it is aborted then.
  const std::uint64_t spans[] = {100, 5};
  EXPECT_EQ(YoungerBrothersSpan(FixedWindow(kUnlimitedWindow), NodeClass::kFailedLow, kSmall, spans,
                                2, true),
            5u);
  EXPECT_EQ(YoungerBrothersSpan(FixedWindow(kUnlimitedWindow), NodeClass::kFailedLow, kSmall, spans,
                                2, false),
            100u);
}

// A policy that never splits, the two policies, and the widest there is
// (every node after one brother, no window), on solves of random positions.
// The tracker classes a node as each policy would: an expected cut-node of
// 20 empties with four moves of 100 nodes each runs its three younger
// brothers two at a time under the many-core policy at 16 threads (its
// own node + the eldest + 200), all four at once when the evaluation said
// it fails low (its own node + 100), and two at a time still under a policy
// that does not predict (the many-core one at two threads).
TEST(SpanTrackerTest, ClassesANodeTheEvaluationPredictsByEachPolicy) {
  const SplitPolicy many = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  const SplitPolicy few = SplitPolicy::For(SplitPolicy::Kind::kManyCore, kManyCoreFewThreads);
  for (bool fails_low : {false, true}) {
    SpanTracker tracker({many, few});
    std::uint64_t nodes = 1;
    tracker.Open(0, NodeClass::kExpectedCut, 20, nodes);
    if (fails_low) tracker.EvaluationFailsLow(0);
    for (int i = 0; i < 4; ++i) {
      tracker.BeginMove(0, nodes);
      nodes += 100;
      tracker.EndMove(0, nodes);
    }
    tracker.Close(0, 4, /*cut=*/false, nodes);
    const SpanFigures figures = tracker.Figures(nodes);
    EXPECT_EQ(figures.work, 401u);
    EXPECT_EQ(figures.span[0], fails_low ? 101u : 301u) << fails_low;
    EXPECT_EQ(figures.span[1], 301u) << fails_low;
  }
}

TEST(ParallelismTest, WorkIsTheNodeCountAndTheSpanShrinksWithEveryFreedom) {
  SplitPolicy never = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  never.min_empties = kNumSquares + 1;
  SplitPolicy widest = SplitPolicy::For(SplitPolicy::Kind::kManyCore, 16);
  widest.failed_high_window = widest.narrow_above_empties = kUnlimitedWindow;
  widest.large_window = kUnlimitedWindow;
  SolveOptions options;
  options.table.size_mib = 8;
  options.parallelism_policies = {never, SplitPolicy::For(SplitPolicy::Kind::kTwoCore, 4),
                                  SplitPolicy::For(SplitPolicy::Kind::kManyCore, 4), widest};
  std::mt19937_64 rng(26);
  for (int i = 0; i < 6; ++i) {
    const Board board = RandomPosition(rng, 18 + i % 3);
    const absl::StatusOr<SolveResult> r_or = Solve(board, options);
    ASSERT_TRUE(r_or.ok()) << r_or.status();
    const SolveResult& r = *r_or;
    const SpanFigures& f = r.parallelism;
    ASSERT_EQ(f.span.size(), 4u);
    EXPECT_EQ(f.work, r.nodes.total());
    EXPECT_EQ(f.span[0], f.work) << "a search that never splits is all one chain";
    EXPECT_LE(f.span[1], f.span[0]);
    EXPECT_LE(f.span[2], f.span[1]) << "position " << i;
    EXPECT_LE(f.span[3], f.span[2]) << "position " << i;
    EXPECT_LT(f.span[3], f.work) << "position " << i;
    EXPECT_DOUBLE_EQ(f.PredictedSpeedup(3, 1), 1.0);
    EXPECT_GT(f.PredictedSpeedup(3, 4), 1.0);
    EXPECT_LE(f.PredictedSpeedup(3, 4), std::min(4.0, f.Parallelism(3)));
  }
}

TEST(ParallelismTest, IsMeasuredByAOneThreadSearchOnly) {
  SolveOptions options;
  options.threads = 2;
  options.parallelism_policies = {SplitPolicy::For(SplitPolicy::Kind::kManyCore, 2)};
  EXPECT_EQ(ValidateOptions(options).message(),
            "parallelism is measured by a one-thread search; found threads 2");
  options.threads = 1;
  options.parallelism_policies.assign(SpanTracker::kMaxPolicies + 1, options.parallelism_policies[0]);
  EXPECT_EQ(ValidateOptions(options).message(), "parallelism: at most 12 policies at once, found 13");
}

// The instrument on 4-thread solves under both policies: every task
// spawned either started or was cancelled, the shares of each thread's
// time add up to its wall time, and what was wasted is part of the nodes.
TEST(ParallelStatsTest, TheCountersAddUp) {
  for (auto kind : {SplitPolicy::Kind::kManyCore, SplitPolicy::Kind::kTwoCore}) {
    ParallelStats stats(4);
    SolveOptions options;
    options.threads = 4;
    options.split_policy = kind;
    options.split_min_empties = 9;
    options.table.size_mib = 8;
    options.parallel_stats = &stats;
    std::mt19937_64 rng(31);
    std::uint64_t nodes = 0;
    for (int i = 0; i < 4; ++i) {
      const absl::StatusOr<SolveResult> r_or = Solve(RandomPosition(rng, 18), options);
      ASSERT_TRUE(r_or.ok()) << r_or.status();
      const SolveResult& r = *r_or;
      nodes += r.nodes.total();
    }
    EXPECT_GT(stats.splits.load(), 0u) << PolicyName(kind);
    EXPECT_GT(stats.spawned.load(), 0u);
    EXPECT_LE(stats.started.load(), stats.spawned.load());
    EXPECT_EQ(stats.started.load() + stats.Cancelled(), stats.spawned.load());
    EXPECT_LE(stats.late.load(), stats.started.load());
    EXPECT_LE(stats.stolen.load(), stats.started.load());
    std::uint64_t wasted = 0, moves = 0;
    for (int c = 0; c < kNodeClasses; ++c) {
      wasted += stats.wasted_nodes[c].load();
      moves += stats.split_moves[c].load();
      EXPECT_LE(stats.wasted_moves[c].load(), stats.split_moves[c].load());
    }
    EXPECT_LT(wasted, nodes);
    EXPECT_GT(moves, 0u);
    // Four threads are more than a few: the many-core policy splits nodes
    // the evaluation predicts to fail low; the two-core policy never names
    // them.
    const std::uint64_t predicted =
        stats.split_moves[static_cast<int>(NodeClass::kPredictedAll)].load();
    if (kind == SplitPolicy::Kind::kManyCore) {
      EXPECT_GT(predicted, 0u);
    } else {
      EXPECT_EQ(predicted, 0u);
    }
    EXPECT_GT(stats.wall_ns, 0);
    for (int t = 0; t < 4; ++t) {
      EXPECT_GE(stats.threads[t].search_ns.load(), 0);
      EXPECT_GE(stats.IdleNs(t), 0) << "thread " << t;
    }
    std::int64_t searched = 0;
    for (const ParallelStats::Thread& t : stats.threads) searched += t.search_ns.load();
    EXPECT_GT(searched, 0) << "the calling thread searches the root";
  }
}

// A split point's waste: the moves after the first that cut, less what
// split points inside them counted already; the moves up to the cut pass
// on only what was wasted inside them. So a node wasted deep inside a move
// that was wasted itself is counted once, at the shallower split point.
TEST(ParallelStatsTest, AfterTheCutCountsEachNodeOnce) {
  const std::uint64_t nodes[] = {100, 50, 30, 40};
  const std::uint64_t inner[] = {10, 5, 20, 0};
  const AfterTheCut cut_at_1 = CountAfterTheCut(nodes, inner, 4, 1);
  EXPECT_EQ(cut_at_1.here, 10u + 40u);
  EXPECT_EQ(cut_at_1.total, 10u + 5u + 30u + 40u);
  const AfterTheCut cut_at_last = CountAfterTheCut(nodes, inner, 4, 3);
  EXPECT_EQ(cut_at_last.here, 0u);
  EXPECT_EQ(cut_at_last.total, 35u);
  const AfterTheCut no_cut = CountAfterTheCut(nodes, inner, 4, -1);
  EXPECT_EQ(no_cut.here, 0u);
  EXPECT_EQ(no_cut.total, 35u);
}

// One thread runs the split code but takes no move past one that cut off:
// its split points start moves and waste none.
TEST(ParallelStatsTest, OneThreadWastesNothing) {
  ParallelStats stats(1);
  SolveOptions options;
  options.threads = 1;
  options.split_min_empties = 9;
  options.table.size_mib = 8;
  options.parallel_stats = &stats;
  std::mt19937_64 rng(37);
  for (int i = 0; i < 3; ++i) {
    const absl::StatusOr<SolveResult> r = Solve(RandomPosition(rng, 18), options);
    ASSERT_TRUE(r.ok()) << r.status();
  }
  std::uint64_t moves = 0;
  for (int c = 0; c < kNodeClasses; ++c) {
    moves += stats.split_moves[c].load();
    EXPECT_EQ(stats.wasted_nodes[c].load(), 0u) << NodeClassName(static_cast<NodeClass>(c));
    EXPECT_EQ(stats.wasted_moves[c].load(), 0u) << NodeClassName(static_cast<NodeClass>(c));
  }
  EXPECT_GT(moves, 0u);
}

TEST(ParallelStatsTest, NeedsASlotPerThread) {
  ParallelStats stats(2);
  SolveOptions options;
  options.threads = 4;
  options.parallel_stats = &stats;
  EXPECT_EQ(ValidateOptions(options).message(), "parallel stats: 2 thread slots for 4 threads");
}

}  // namespace
}  // namespace endsolve::search
