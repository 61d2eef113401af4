// The table layer of the search (kTTMinEmpties empties and more): principal
// variation search at PV nodes, null-window search elsewhere, fail-soft,
// with the transposition table, ETC and the stability cutoff. The layers
// below live in last_empties.cc.

#include "endsolve/solver/search.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "endsolve/board/fast_rules.h"
#include "endsolve/solver/instruments.h"
#include "endsolve/solver/move_order.h"
#include "endsolve/solver/parallel_search.h"
#include "endsolve/solver/span_model.h"
#include "endsolve/solver/stability.h"
#include "endsolve/solver/virtual_clock.h"

namespace endsolve::search {
namespace {

// The bounds of a finished search of one node, merged with what the table
// already knew about it (both are true bounds, so their intersection is
// too). `best` is the fail-soft value of a search with window (alpha, beta).
// Bounds of different drafts do not mix: an entry of a lower draft (a more
// selective search) gives way entirely, its moves kept as the second move.
TTData MakeEntry(const TTData* known, int best, int alpha, int beta, int move, int draft) {
  TTData data;
  data.lower = static_cast<std::int8_t>(best > alpha ? best : -kNumSquares);
  data.upper = static_cast<std::int8_t>(best < beta ? best : kNumSquares);
  data.move = static_cast<std::uint8_t>(move);
  data.draft = static_cast<std::uint8_t>(draft);
  if (known != nullptr) {
    if (known->draft == draft) {
      data.lower = std::max(data.lower, known->lower);
      data.upper = std::min(data.upper, known->upper);
    }
    if (known->move != move) data.move2 = known->move;
    else data.move2 = known->move2;
  }
  return data;
}

}  // namespace

// A result never replaces an entry of a higher draft: a selective pass
// keeps its hands off what an exact search proved.
void Searcher::StoreResult(const Board& board, const TTData* known, int best, int alpha,
                           int beta, int move, int draft, std::uint64_t nodes) {
  if (tt_ == nullptr || (known != nullptr && known->draft > draft)) return;
  tt_->Store(board, MakeEntry(known, best, alpha, beta, move, draft), nodes);
}

ShallowCache* ShallowCachePool::Acquire() {
  std::lock_guard lock(mutex_);
  if (idle_.empty()) {
    caches_.push_back(std::make_unique<ShallowCache>());
    return caches_.back().get();
  }
  ShallowCache* cache = idle_.back();  // the last returned: the likeliest still in a cache
  idle_.pop_back();
  return cache;
}

void ShallowCachePool::Release(ShallowCache* cache) {
  std::lock_guard lock(mutex_);
  idle_.push_back(cache);
}

const eval::Evaluator* EvaluatorFor(const SearchFeatures& features, const eval::Evaluator* given) {
  if (!features.eval && !features.selective && given == nullptr) return nullptr;
  return &eval::Evaluator::OrDefault(given);
}

SearchConfig SearchConfig::Sequential(const SearchFeatures& features, const Limits& limits,
                                      const eval::Evaluator* evaluator) {
  SearchConfig config;
  config.features = features;
  config.limits = limits;
  config.evaluator = EvaluatorFor(features, evaluator);
  return config;
}

Searcher::Searcher(TranspositionTable* tt, const SearchFeatures& features, const Limits& limits)
    : own_shared_(std::make_unique<SharedSearch>(tt, SearchConfig::Sequential(features, limits))),
      shared_(own_shared_.get()),
      orderer_(shared_->features, shared_->evaluator, shared_->tt) {
  Init();
}

Searcher::Searcher(SharedSearch* shared)
    : shared_(shared), orderer_(shared->features, shared->evaluator, shared->tt) {
  Init();
}

Searcher::Searcher(SharedSearch* shared, const SplitPoint* split, const MoveOrderer* seed)
    : shared_(shared),
      split_(split),
      orderer_(seed != nullptr ? *seed
                               : MoveOrderer(shared->features, shared->evaluator, shared->tt)) {
  Init();
}

Searcher::~Searcher() {
  if (shallow_cache_ != nullptr) shared_->shallow_caches.Release(shallow_cache_);
}

void Searcher::Init() {
  tt_ = shared_->tt;
  features_ = shared_->features;
  if (tt_ != nullptr && features_.shallow_cache) shallow_cache_ = shared_->shallow_caches.Acquire();
  feature_set_ = FeatureSetFor(features_);
  split_min_empties_ = shared_->policy.min_empties;
  if (const Instruments* instruments = shared_->instruments; instruments != nullptr) {
    clock_ = instruments->clock();
    // Only the root searcher of a one-thread search keeps the span
    // bookkeeping (helpers never exist there).
    if (instruments->spans() != nullptr && split_ == nullptr) {
      spans_ = instruments->spans();
      span_min_empties_ = spans_->min_empties();
    }
  }
  level_ = shared_->level;
  const std::uint64_t limit = shared_->limits.node_limit;
  if (limit != 0) next_poll_ = std::min(next_poll_, limit);
  next_check_ = next_poll_;
  if (clock_ != nullptr) {
    next_poll_ = std::min(next_poll_, static_cast<std::uint64_t>(clock_->slice()));
  }
}

// Reading the clock costs some tens of nanoseconds, which is why it happens
// only every kPollInterval nodes. The node limit counts every searcher's
// nodes as flushed at their polls; with one searcher it is exact to within
// the nodes of one call below the table layer, with N to within about N
// poll intervals more. A limit reached stops every searcher (the shared
// flag); a helper also stops when its split point, or one above it, was
// aborted by a cutoff, which concerns only the helpers below that point.
bool Searcher::CheckLimits() {
  const std::uint64_t local = counts_.internal + counts_.leaves;
  const VirtualClock* const clock = clock_;
  if (clock != nullptr) {
    SyncClock();
    // Between two checks only the clock hears of the nodes, so that the
    // limits and the split points above are polled as often as without it.
    if (local < next_check_) {
      next_poll_ = std::min(next_check_, local + static_cast<std::uint64_t>(clock->slice()));
      return stopped_;
    }
  }
  const std::uint64_t total = shared_->AddNodes(local - flushed_);
  flushed_ = local;
  if (stopped_) return true;
  const Limits& limits = shared_->limits;
  if (shared_->stop.load(std::memory_order_relaxed)) {
    stopped_ = true;
  } else if ((limits.node_limit != 0 && total >= limits.node_limit) ||
             (limits.cancel != nullptr && limits.cancel->load(std::memory_order_relaxed)) ||
             (limits.deadline != absl::InfiniteFuture() && absl::Now() >= limits.deadline)) {
    stopped_ = true;
    shared_->stop.store(true, std::memory_order_relaxed);
  } else if (split_ != nullptr && SplitAborted(split_)) {
    stopped_ = true;
  }
  next_poll_ = local + kPollInterval;
  if (limits.node_limit != 0 && total < limits.node_limit) {
    next_poll_ = std::min(next_poll_, local + (limits.node_limit - total));
  }
  next_check_ = next_poll_;
  if (clock != nullptr) {
    next_poll_ = std::min(next_poll_, local + static_cast<std::uint64_t>(clock->slice()));
  }
  return stopped_;
}

int Searcher::TableMove(const Board& board) const {
  TTData entry;
  if (tt_ == nullptr || !tt_->Probe(board, &entry)) return kNoMove;
  return entry.move;
}

int Searcher::Search(const Board& board, int alpha, int beta, int ply) {
  return DispatchChild(board.player, board.opponent, alpha, beta, ply);
}

int Searcher::NullWindow(const Board& board, int alpha, int ply) {
  return DispatchChild(board.player, board.opponent, alpha, alpha + 1, ply);
}

template <FeatureSet kSet>
int Searcher::Child(Bitboard player, Bitboard opponent, int alpha, int beta, int ply) {
  const Bitboard empties = ~(player | opponent);
  const int count = PopCount(empties);
  if (count >= kTTMinEmpties) {
    if (beta == alpha + 1) {
      return Node<NodeType::kNonPv, kSet>(player, opponent, alpha, beta, ply, nullptr);
    }
    return Node<NodeType::kPv, kSet>(player, opponent, alpha, beta, ply, nullptr);
  }
  if (count > 4) {
    return Shallow<kSet>(player, opponent, alpha, beta, count, ParityOf(empties),
                         fast::Moves(player, opponent));
  }
  return SolveLast4<kSet>(player, opponent, alpha, beta);
}

bool Searcher::ProbCut(Bitboard player, Bitboard opponent, int alpha, int empties, int* bound) {
  if (level_ == kExactLevel || empties < kProbCutMinEmpties || shared_->evaluator == nullptr) {
    return false;
  }
  const int margin = EvalUnits(ProbCutMargin(level_, empties));
  const int high = EvalUnits(alpha + 1) + margin;
  const int low = EvalUnits(alpha) - margin;
  const int value = orderer_.Evaluate(player, opponent, ProbCutDepth(empties), low, high);
  if (value >= high) {
    *bound = alpha + 1;
    return true;
  }
  if (value <= low) {
    *bound = alpha;
    return true;
  }
  return false;
}

// One node function for the root, PV and null-window nodes, in the manner
// of Stockfish's search<NodeType>: what differs is decided at compile time.
//   - PV nodes (the root among them) search the first move with the full
//     window and the others with a null window, re-searched with
//     (score - 1, beta) when they beat alpha (a fail-soft null-window
//     result above alpha is a lower bound, so the exact value lies at or
//     above it).
//   - Null-window nodes, window (alpha, alpha + 1), search the table's move
//     before the other moves are even generated, since it cuts off most of
//     the time; ETC then probes every other child's entry: a child already
//     known to be bad enough for the opponent refutes this node without a
//     search, and one already known to fail low need not be searched at
//     all. They alone try ProbCut in the selective passes.
//   - The root takes no cutoff from the table or stability (the caller wants
//     a move as well as a score), never splits, names its best move (kPass
//     for a pass) and reports progress after each move.
// ETC (enhanced transposition cutoff) at a null-window node: probes the
// table entry of every child in list[0..*count). Where the entry's draft
// suffices, a child known to be bad enough for the opponent refutes the
// node without a search (true, with *best and *best_move set); one known to
// fail low need not be searched, and leaves the list (its bound still
// raises *best). A shallower entry that refuted the window moves its child
// to the front instead (TableHintKey, move_order.h).
bool Searcher::TranspositionCutoff(ScoredMove* list, int* count, int empties, int alpha, int beta,
                                   int* best, int* best_move, int* moves_to_search) {
  const int child_draft = NodeDraft(empties - 1);
  for (int i = 0; i < *count;) {
    TTData child;
    ++etc_probes_;
    if (!tt_->Probe(Board{list[i].player, list[i].opponent}, &child)) {
      ++i;
      continue;
    }
    if (child.draft < child_draft) {
      list[i].key += TableHintKey(child, beta);  // a shallower search's refutation
      ++i;
      continue;
    }
    if (-child.upper >= beta) {  // refuted by a known bound
      *best = -child.upper;
      *best_move = list[i].square;
      return true;
    }
    if (-child.lower <= alpha) {  // fails low for sure: drop it
      if (-child.lower > *best) {
        *best = -child.lower;
        *best_move = list[i].square;
      }
      list[i] = list[--*count];
      --*moves_to_search;
      continue;
    }
    ++i;
  }
  return false;
}

template <Searcher::NodeType kType, FeatureSet kSet>
int Searcher::Node(Bitboard player, Bitboard opponent, int alpha, int beta, int ply,
                   RootReport* root) {
  constexpr bool kRoot = kType == NodeType::kRoot;
  constexpr bool kPv = kType != NodeType::kNonPv;
  const SearchFeatures& features = Features<kSet>(features_);
  assert(-kInfinity <= alpha && alpha < beta && beta <= kInfinity);
  assert(kPv || beta == alpha + 1);
  assert(kRoot || PopCount(~(player | opponent)) >= kTTMinEmpties);

  // Step 1. Poll the limits (every kPollInterval nodes); the root is
  // polled by its driver.
  if constexpr (!kRoot) {
    if (ShouldStop()) return 0;
  }

  // Step 2. No move: the end of the game (a leaf), or a pass (a node of
  // its own, searched with the sides swapped).
  Bitboard moves = fast::Moves(player, opponent);
  if (moves == 0) {
    if (fast::Moves(opponent, player) == 0) {
      ++counts_.leaves;
      return FinalScore(player, opponent);
    }
    ++counts_.internal;
    if constexpr (kRoot) {
      root->best_move = kPass;
      return -Child<kSet>(opponent, player, -beta, -alpha, 1);
    } else {
      return -Node<kType, kSet>(opponent, player, -beta, -alpha, ply + 1, nullptr);
    }
  }
  ++counts_.internal;
  const std::uint64_t start = counts_.internal + counts_.leaves;
  const int empties = PopCount(~(player | opponent));
  const Board board{player, opponent};

  // Step 3. The table: an entry of at least this node's draft whose bounds
  // decide the window ends the node; its move is tried first below. The
  // root takes no cutoff (its caller wants a move as well as a score).
  TTData entry;
  const int draft = NodeDraft(empties);
  const bool hit = tt_ != nullptr && tt_->Probe(board, &entry);
  if constexpr (!kRoot) {
    if (hit && entry.draft >= draft) {
      if (entry.lower >= beta) return entry.lower;
      if (entry.upper <= alpha) return entry.upper;
      if (entry.lower == entry.upper) return entry.lower;
    }
    // Step 4. The stability cutoff: the opponent's stable discs cap the
    // score.
    if (int bound; StabilityCutoff<kSet>(player, opponent, alpha, &bound)) return bound;
  }
  // Step 5. ProbCut, in a selective pass, at null-window nodes.
  if constexpr (!kPv) {
    if (int bound; ProbCut(player, opponent, alpha, empties, &bound)) return bound;
  }

  int best = -kInfinity;
  int best_move = kNoMove;
  int a = alpha;
  const NodeClass node_class = kRoot ? NodeClass::kRoot
                               : kPv ? NodeClass::kPv
                               : !hit ? ((ply - null_root_ply_) % 2 == 0 ? NodeClass::kExpectedCut
                                                                         : NodeClass::kExpectedAll)
                               : entry.lower == -kNumSquares ? NodeClass::kFailedLow
                                                             : NodeClass::kFailedHigh;
  // The work/span bookkeeping (span_model.h), off but in a one-thread
  // search that measures its parallelism: `tracked` moves are bracketed.
  const bool tracked = empties >= span_min_empties_;
  int moves_to_search = PopCount(moves);
  if (tracked) spans_->Open(ply, node_class, empties, counts_.total());
  // Step 10 (every exit after a move was searched): the orderer learns the
  // best move, and the table the result, unless the search stopped.
  auto finish = [&]() {
    if (tracked) spans_->Close(ply, moves_to_search, best >= beta, counts_.total());
    if (best > alpha && orderer_.Learns<kSet>()) orderer_.Credit(best_move, ply, empties);
    if (!stopped_) {
      StoreResult(board, hit ? &entry : nullptr, best, alpha, beta, best_move, draft,
                  counts_.internal + counts_.leaves - start);
    }
    if constexpr (kRoot) root->best_move = best_move;
    return best;
  };

  // Step 6. The eldest brother of a null-window node: the table's move,
  // searched before the other moves are even generated, since it cuts off
  // most of the time (otherwise the eldest is the first of the sorted list).
  bool eldest_done = false;
  if constexpr (!kPv) {
    const int tt_move = hit && features.tt_move ? entry.move : kNoMove;
    if (tt_move < kNumSquares && (moves & SquareBit(tt_move))) {
      eldest_done = true;
      const Board child = fast::Play(player, opponent, tt_move);
      if (tracked) spans_->BeginMove(ply, counts_.total());
      best = -Child<kSet>(child.player, child.opponent, -beta, -alpha, ply + 1);
      if (stopped_) return 0;
      if (tracked) spans_->EndMove(ply, counts_.total());
      best_move = tt_move;
      if (best >= beta) return finish();
      moves &= ~SquareBit(tt_move);
      if (moves == 0) return finish();
    }
  }

  // Step 7. The other moves, scored by the orderer (at PV nodes the
  // table's move gets the top key there). Where ETC runs, the evaluation
  // term waits for it: the same keys in the end, and no evaluation search
  // for a node that ETC refutes or for a child it drops.
  ScoredMove list[kMaxMoves];
  const bool etc = !kPv && features.etc && tt_ != nullptr && empties >= kEtcMinEmpties;
  int count = orderer_.Score<kSet>(player, opponent, moves, kPv && hit ? entry.move : kNoMove, ply,
                                   alpha, list,
                                   kPv ? MoveOrderer::EvalTerm::kNow
                                       : MoveOrderer::EvalTerm::kDeferred);

  // Step 8. At null-window nodes, ETC, then the evaluation term: where the
  // evaluation puts every move well below alpha, the node will most likely
  // fail low, and a policy that predicts splits it as such (split_policy.h).
  NodeClass split_class = node_class;
  if constexpr (!kPv) {
    if (etc && TranspositionCutoff(list, &count, empties, alpha, beta, &best, &best_move,
                                   &moves_to_search)) {
      return finish();
    }
    const int highest = orderer_.AddEvalTerm<kSet>(player, opponent, alpha, list, count);
    const bool fails_low =
        highest != kNoEvalValue && highest < EvalUnits(alpha - kPredictedAllMargin);
    split_class = shared_->policy.Predict(node_class, fails_low);
    if (tracked && fails_low) spans_->EvaluationFailsLow(ply);
  }
  if constexpr (kRoot) root->progress.root_moves_total = count;

  // Step 9. The move loop: principal variation search at PV nodes, the
  // null window elsewhere; once the elders are done, a node above the
  // split threshold hands the rest to the Young Brothers Wait split (a
  // smaller one too, while threads idle). YBWC needs one elder;
  // split_policy.h says why some nodes want more, and why the PV nodes of
  // an exact pass none.
  const SplitPolicy& policy = shared_->policy;
  const int elders = policy.Elders(split_class);
  const bool may_split_early = policy.SplitsEarly(split_class);
  const bool splits_while_idle = policy.SplitsWhileIdle(empties);
  // (The count of searching threads, written by every helper, is read
  // only where a split could happen.)
  const auto idle_enough = [&] {
    return policy.IdleEnough(
        shared_->threads - shared_->searching.load(std::memory_order_relaxed), shared_->threads);
  };
  // The root and the PV nodes of an exact pass of one score split at once,
  // their eldest inside the split (split_policy.h, SplitsAtGuess).
  if constexpr (kPv) {
    if (policy.SplitsAtGuess(node_class, level_ < kExactLevel) && beta - alpha == 2 &&
        ShouldSplit(empties, count)) {
      SearchSplit({list, 0, count, alpha, beta, ply, false, split_class, empties,
                   /*at_guess=*/true},
                  tracked, root, &best, &best_move);
      if (stopped_) return 0;
      return finish();
    }
  }
  for (int i = 0; i < count; ++i) {
    const bool elders_done = i + eldest_done >= elders;
    if ((ShouldSplit(empties, count - i) && (elders_done || (may_split_early && idle_enough()))) ||
        (splits_while_idle && elders_done && count - i >= 2 && idle_enough())) {
      SearchSplit({list, i, count, a, beta, ply, best > alpha, split_class, empties}, tracked,
                  root, &best, &best_move);
      if (stopped_) return 0;
      break;
    }
    SelectBest(list, i, count);
    const ScoredMove& m = list[i];
    if (tracked) spans_->BeginMove(ply, counts_.total());
    if constexpr (kPv) null_root_ply_ = ply + 1;
    int score;
    if (!kPv || i == 0) {
      score = -Child<kSet>(m.player, m.opponent, -beta, -a, ply + 1);
    } else {
      score = -Child<kSet>(m.player, m.opponent, -a - 1, -a, ply + 1);
      if (score > a && score < beta && !stopped_) {
        score = -Child<kSet>(m.player, m.opponent, -beta, -(score - 1), ply + 1);
      }
    }
    if (stopped_) return 0;
    if (tracked) spans_->EndMove(ply, counts_.total());
    if (score > best) {
      best = score;
      best_move = m.square;
    }
    if constexpr (kRoot) root->Report(i + 1, best_move, best, counts_.internal + counts_.leaves);
    if (best >= beta) break;
    a = std::max(a, best);
  }
  return finish();
}

void Searcher::RootReport::Report(int moves_done, int move, int bound, std::uint64_t nodes) {
  if (!on_progress) return;
  progress.root_moves_done = moves_done;
  progress.best_move = move;
  progress.bound = bound;
  progress.nodes = nodes;
  progress.elapsed = absl::Now() - start;
  on_progress(progress);
}

Searcher::RootOutcome Searcher::SearchRoot(
    const Board& board, int alpha, int beta,
    const std::function<void(const Progress&)>& on_progress, absl::Time start) {
  RootReport root{on_progress, start, Progress{}, kNoMove};
  const int score =
      feature_set_ == FeatureSet::kDefaults
          ? Node<NodeType::kRoot, FeatureSet::kDefaults>(board.player, board.opponent, alpha,
                                                         beta, 0, &root)
          : Node<NodeType::kRoot, FeatureSet::kChosen>(board.player, board.opponent, alpha, beta,
                                                       0, &root);
  if (stopped_) return {};
  return {score, root.best_move};
}

}  // namespace endsolve::search
