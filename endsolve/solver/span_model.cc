// The work/span bookkeeping of span_model.h.

#include "endsolve/solver/span_model.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "endsolve/board/bitboard.h"
#include "endsolve/solver/move_order.h"

namespace endsolve::search {

double SpanFigures::Parallelism(int k) const {
  if (span[k] == 0) return 1.0;
  return static_cast<double>(work) / static_cast<double>(span[k]);
}

double SpanFigures::PredictedSpeedup(int k, int threads) const {
  if (span[k] == 0 || threads < 1) return 1.0;
  const double w = static_cast<double>(work);
  const double s = static_cast<double>(span[k]);
  return w / ((w - s) / threads + s);
}

SpanFigures& SpanFigures::operator+=(const SpanFigures& other) {
  work += other.work;
  if (span.size() < other.span.size()) span.resize(other.span.size(), 0);
  for (std::size_t k = 0; k < other.span.size(); ++k) span[k] += other.span[k];
  return *this;
}

SpanTracker::SpanTracker(std::vector<SplitPolicy> policies)
    : policies_(std::move(policies)), frames_(kMaxPly) {
  assert(!policies_.empty() && policies_.size() <= kMaxPolicies);
  min_empties_ = kNumSquares + 1;
  for (const SplitPolicy& p : policies_) min_empties_ = std::min(min_empties_, p.min_empties);
}

void SpanTracker::Open(int ply, NodeClass c, int empties, std::uint64_t nodes) {
  Frame& f = frames_[ply];
  f.node_class = c;
  f.evaluation_fails_low = false;
  f.empties = empties;
  f.open_nodes = nodes - 1;
  f.open_saved = saved_;
  f.moves = 0;
}

void SpanTracker::BeginMove(int ply, std::uint64_t nodes) {
  Frame& f = frames_[ply];
  f.move_start = nodes;
  f.move_start_saved = saved_;
}

void SpanTracker::EndMove(int ply, std::uint64_t nodes) {
  Frame& f = frames_[ply];
  assert(f.moves < kMaxMovesAtNode);
  const std::uint64_t work = nodes - f.move_start;
  f.move_work[f.moves] = work;
  for (std::size_t k = 0; k < policies_.size(); ++k) {
    f.move_span[f.moves][k] = work - (saved_[k] - f.move_start_saved[k]);
  }
  ++f.moves;
}

void SpanTracker::Close(int ply, int moves, bool cut, std::uint64_t nodes) {
  const Frame& f = frames_[ply];
  const std::uint64_t work = nodes - f.open_nodes;
  std::uint64_t children = 0;
  for (int i = 0; i < f.moves; ++i) children += f.move_work[i];
  const std::uint64_t own = work - children;
  std::uint64_t spans[kMaxMovesAtNode];
  for (std::size_t k = 0; k < policies_.size(); ++k) {
    const SplitPolicy& policy = policies_[k];
    const NodeClass c = policy.Predict(f.node_class, f.evaluation_fails_low);
    const int elders = policy.Elders(c);
    // The live search splits when, after its elders, two moves or more are
    // left to search (parallel_search.h): a node that cut off among its
    // elders, or had too few moves, ran alone.
    const bool splits = f.empties >= policy.min_empties && elders < f.moves &&
                        moves - elders >= 2;
    std::uint64_t span = own;
    const int alone = splits ? elders : f.moves;
    for (int i = 0; i < alone; ++i) span += f.move_span[i][k];
    if (splits) {
      const int younger = f.moves - elders;
      for (int i = 0; i < younger; ++i) spans[i] = f.move_span[elders + i][k];
      span += YoungerBrothersSpan(policy, c, f.empties, spans, younger, cut);
    }
    saved_[k] = f.open_saved[k] + (work - span);
  }
}

SpanFigures SpanTracker::Figures(std::uint64_t work) const {
  SpanFigures figures;
  figures.work = work;
  for (std::size_t k = 0; k < policies_.size(); ++k) {
    figures.span.push_back(work - std::min(work, saved_[k]));
  }
  return figures;
}

// An event loop over at most a few dozen moves: each move starts at the
// earliest time (at or after its elder's start) when it lies inside the
// window of the first unfinished move. Unlimited threads: how many run at
// once is the window's business alone (the prediction for P threads
// accounts for P).
std::uint64_t YoungerBrothersSpan(const SplitPolicy& policy, NodeClass c, int empties,
                                  const std::uint64_t* spans, int count, bool cut) {
  if (count == 0) return 0;
  std::uint64_t finish[64];
  std::uint64_t t = 0;
  for (int j = 0; j < count; ++j) {
    for (;;) {
      int first = j;
      std::uint64_t next_event = ~std::uint64_t{0};
      for (int i = 0; i < j; ++i) {
        if (finish[i] > t) {
          first = std::min(first, i);
          next_event = std::min(next_event, finish[i]);
        }
      }
      if (j - first < policy.Window(c, first, empties)) break;
      t = next_event;
    }
    finish[j] = t + spans[j];
  }
  if (cut) return finish[count - 1];
  return *std::max_element(finish, finish + count);
}

}  // namespace endsolve::search
