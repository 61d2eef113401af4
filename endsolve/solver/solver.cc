// Solve(): options, the table, the root search, and the principal variation.

#include "endsolve/solver/solver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <utility>

#include "absl/strings/str_format.h"
#include "endsolve/solver/instruments.h"
#include "endsolve/solver/parallel_search.h"
#include "endsolve/solver/span_model.h"
#include "endsolve/solver/presearch.h"
#include "endsolve/solver/pv.h"
#include "endsolve/solver/search.h"

namespace endsolve {
namespace {

// The first aspiration guess from the presearch (presearch.h): the value of
// its last iteration rounded to an even score (every final score is even:
// the 64 squares, empties given to the winner, split between the two
// sides). Each exact pass costs about as much as the distance from the
// guess to the score allows it to cut, so a guess near the score saves
// whole passes (endsolve/bench/results/solver-ordering.md). Each iteration is reported as progress
// with iteration 0, the estimate in `bound`.
// The even score nearest `x`, away from zero on a tie: every final score is
// even, and an estimate (the presearch's, a selective pass's bound) may not be.
int EvenAwayFromZero(int x) { return x % 2 == 0 ? x : x + (x > 0 ? 1 : -1); }

int PresearchGuess(const Board& board, const SolveOptions& options, absl::Time start,
                   std::uint64_t* nodes) {
  std::function<void(const search::PresearchIteration&)> report;
  if (options.on_progress) {
    report = [&](const search::PresearchIteration& it) {
      Progress p;
      p.iteration = 0;
      p.presearch_depth = it.depth;
      p.best_move = it.best_move;
      p.bound = p.upper = eval::Evaluator::ToDiscs(it.value);
      p.nodes = it.nodes;
      p.elapsed = absl::Now() - start;
      options.on_progress(p);
    };
  }
  const search::PresearchIteration last = search::RunPresearch(
      board, eval::Evaluator::OrDefault(options.evaluator),
      search::kPresearchDepth, report);
  *nodes = last.nodes;
  return EvenAwayFromZero(eval::Evaluator::ToDiscs(last.value));
}

// The open interval (open_low, open_high) an MTD(f) loop narrows (open,
// unlike SolveOptions' closed window [lo, hi]): where the score lies if it
// lies in the caller's window (alpha, beta). Each pass searches the narrow
// window (g - 1, g + 1) around a guess g inside it; a pass that fails low
// (high) moves open_high (open_low) to its bound. Every final score is even,
// so a bound is first rounded to the even score it implies (a selective
// pass may return an odd one; an exact pass never does): an end a pass has
// moved is odd, and a window between two such ends has one even candidate.
class MtdInterval {
 public:
  enum class Outcome { kExact, kLow, kHigh, kOutside };

  MtdInterval(int alpha, int beta)
      : alpha_(alpha), beta_(beta), open_low_(alpha), open_high_(beta) {}

  // The next pass's window around `guess`, clamped into the interval.
  std::pair<int, int> Window(int guess) const {
    guess = std::clamp(guess, open_low_ + 1, open_high_ - 1);
    return {std::max(open_low_, guess - 1), std::min(open_high_, guess + 1)};
  }

  // Records a pass with window (a, b) that returned `score`: exact inside
  // it, a bound below (kLow) or above (kHigh), or a bound at or beyond an
  // end of the caller's window (kOutside: the bound the caller asked for),
  // whatever the pass's own window: a pass of (53, 55) in the caller's
  // (50, 57) that proves at least 58 has answered the caller, and moving
  // the lower end to 57 would leave no window to search (a root searched
  // with (57, 57)).
  // `score` is rounded to an even bound.
  Outcome Record(int a, int b, int& score) {
    if (score <= a) {
      score -= score & 1;
      if (score <= alpha_) return Outcome::kOutside;
      open_high_ = score + 1;
      return Outcome::kLow;
    }
    if (score >= b) {
      score += score & 1;
      if (score >= beta_) return Outcome::kOutside;
      open_low_ = score - 1;
      return Outcome::kHigh;
    }
    return Outcome::kExact;
  }

  int open_low() const { return open_low_; }
  int open_high() const { return open_high_; }

 private:
  int alpha_, beta_, open_low_, open_high_;
};

// The selective passes (endsolve/solver/search.h, "Selective passes"): for each
// ProbCut margin, the most selective first, an MTD(f) loop from `guess`
// (one wide pass without aspiration), on the same table. Returns the last
// pass's score as the exact passes' first guess. What the passes leave in
// the table orders the exact passes; their bounds carry a lower draft,
// which the exact passes ignore. Each root move is reported as progress
// with iteration 0 and the margin.
int SelectiveGuess(search::Searcher& searcher, const Board& board, int alpha, int beta,
                   int guess, const SolveOptions& options, absl::Time start,
                   int passes = search::kExactLevel, int* best_move = nullptr,
                   std::vector<int>* pass_guesses = nullptr) {
  for (int level = 0; level < passes; ++level) {
    searcher.SetLevel(level);
    std::function<void(const Progress&)> report;
    if (options.on_progress) {
      report = [&](const Progress& p) {
        Progress out = p;
        out.iteration = 0;
        out.margin = search::kProbCutMargin[level];
        options.on_progress(out);
      };
    }
    if (!options.features.aspiration) {
      const search::Searcher::RootOutcome pass =
          searcher.SearchRoot(board, alpha, beta, report, start);
      if (searcher.stopped()) return guess;
      guess = pass.score;
      if (best_move != nullptr) *best_move = pass.best_move;
      if (pass_guesses != nullptr) pass_guesses->push_back(guess);
      continue;
    }
    MtdInterval interval(alpha, beta);
    for (;;) {
      const auto [a, b] = interval.Window(guess);
      const search::Searcher::RootOutcome pass = searcher.SearchRoot(board, a, b, report, start);
      guess = pass.score;
      if (searcher.stopped()) return guess;
      if (best_move != nullptr) *best_move = pass.best_move;
      const MtdInterval::Outcome outcome = interval.Record(a, b, guess);
      if (outcome == MtdInterval::Outcome::kExact || outcome == MtdInterval::Outcome::kOutside) {
        break;
      }
      // One candidate left (or none: selective passes need not agree).
      if (interval.open_high() - interval.open_low() <= 2) break;
    }
    if (pass_guesses != nullptr) pass_guesses->push_back(guess);
  }
  searcher.SetLevel(search::kExactLevel);
  return guess;
}

// The root driver. First the estimates: the presearch (with aspiration)
// and the selective passes, which leave their moves in the table and give
// the first guess. Then, without aspiration: one principal-variation search
// over the whole window. With it (MTD(f) from that guess): a sequence of root
// searches with the narrow window (g - 1, g + 1), each of which either
// finds the score exactly (it is g) or proves a fail-soft bound, which
// becomes the next guess; the table carries what each pass learned to the
// next. Narrow windows cut far more than a wide one, and a few passes near
// the score cost less than one wide search (endsolve/bench/results/solver-ordering.md has the
// measurements). The loop narrows the open interval (lo, hi) that holds
// the score if it lies in the caller's window, and stops when a pass is
// exact, when a pass fails beyond the caller's window, or when the interval
// is down to one candidate proven from both sides (the upper end by a pass,
// not just the caller's beta) and a pass has proven a move that reaches it.
//
// Progress reports translate each pass's root reports into what is proven
// so far: `bound` is the best proven lower bound (a pass's best score counts
// only once it beats the pass's alpha), `upper` the proven upper bound.
search::Searcher::RootOutcome DriveRoot(search::Searcher& searcher, const Board& board,
                                        int alpha, int beta, const SolveOptions& options,
                                        absl::Time start, std::uint64_t* presearch_nodes) {
  int pass_alpha = alpha;
  Progress proven;  // bound, upper, best_move: what earlier passes proved
  proven.bound = -kNumSquares;
  proven.upper = kNumSquares;
  std::function<void(const Progress&)> report;
  if (options.on_progress) {
    report = [&](const Progress& p) {
      Progress out = p;
      out.iteration = proven.iteration;
      out.upper = proven.upper;
      out.bound = proven.bound;
      out.best_move = proven.best_move;
      if (p.bound > pass_alpha && p.bound > proven.bound) {
        out.bound = p.bound;
        out.best_move = p.best_move;
      }
      options.on_progress(out);
    };
  }
  const bool game_over = board.Moves() == 0 && board.OpponentMoves() == 0;
  const bool aspiration = options.features.aspiration && !game_over;
  int guess = 0;
  const int presearch_min_empties = options.presearch_min_empties != 0
                                        ? options.presearch_min_empties
                                        : search::kPresearchMinEmpties;
  // A window of one score (a prove unit's test) leaves the guess nothing to
  // choose: the same nodes with or without it, and 13 ms a 20-empty unit
  // without it instead of 26 (108 units of FFO #60's proof, one thread).
  const bool one_score = options.lo == options.hi && !options.wld;
  if (aspiration && options.features.presearch && !one_score &&
      board.EmptyCount() >= presearch_min_empties) {
    guess = PresearchGuess(board, options, start, presearch_nodes);
  }
  // A selective pass cuts only nodes of kProbCutMinEmpties empties or more,
  // below the root: with fewer it would search exactly what the exact pass does.
  if (options.features.selective && !game_over &&
      board.EmptyCount() > search::kProbCutMinEmpties) {
    guess = SelectiveGuess(searcher, board, alpha, beta, guess, options, start);
    if (searcher.stopped()) return {};
  }
  // An exact pass reports as it starts (no root move done), so that a
  // display moves on from the selective passes at once rather than after
  // the pass's first root move, most often the bulk of it.
  const auto announce_pass = [&] {
    if (!report) return;
    Progress p;
    p.root_moves_total = std::popcount(board.Moves());
    p.nodes = searcher.counts().total();
    p.elapsed = absl::Now() - start;
    report(p);
  };
  if (!aspiration) {
    proven.iteration = 1;
    announce_pass();
    return searcher.SearchRoot(board, alpha, beta, report, start);
  }
  search::Searcher::RootOutcome best;  // the pass that proved the best lower bound
  MtdInterval interval(alpha, beta);
  for (;;) {
    const auto [a, b] = interval.Window(guess);
    pass_alpha = a;
    ++proven.iteration;
    announce_pass();
    search::Searcher::RootOutcome pass = searcher.SearchRoot(board, a, b, report, start);
    if (searcher.stopped()) return pass;
    switch (interval.Record(a, b, pass.score)) {
      case MtdInterval::Outcome::kExact:
      case MtdInterval::Outcome::kOutside:
        return pass;
      case MtdInterval::Outcome::kLow:  // score <= pass.score
        proven.upper = pass.score;
        break;
      case MtdInterval::Outcome::kHigh:  // score >= pass.score
        best = pass;
        proven.bound = pass.score;
        proven.best_move = pass.best_move;
        break;
    }
    // One candidate left, proven from both sides, and a move that reaches it.
    if (interval.open_high() - interval.open_low() == 2 && interval.open_high() != beta &&
        best.best_move != kNoMove && best.score == interval.open_low() + 1) {
      return best;
    }
    guess = pass.score;
  }
}

}  // namespace

absl::Status ValidateOptions(const SolveOptions& options) {
  if (options.max_empties < 0 || options.max_empties > kNumSquares - 4) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "max empties %d: expected a number of empty squares from 0 to %d", options.max_empties,
        kNumSquares - 4));
  }
  if (options.lo < -kNumSquares || options.hi > kNumSquares || options.lo > options.hi) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "window [%d, %d]: expected -64 <= lo <= hi <= 64", options.lo, options.hi));
  }
  if (options.threads < 1 || options.threads > kMaxThreads) {
    return absl::InvalidArgumentError(
        absl::StrFormat("threads %d: expected 1..%d", options.threads, kMaxThreads));
  }
  if (options.split_min_empties != 0 &&
      (options.split_min_empties < search::kTTMinEmpties ||
       options.split_min_empties > kNumSquares)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("split-min-empties: expected 0 (the default) or %d..%d, found %d",
                        search::kTTMinEmpties, kNumSquares, options.split_min_empties));
  }
  if (options.presearch_min_empties < 0 || options.presearch_min_empties > kNumSquares) {
    return absl::InvalidArgumentError(
        absl::StrFormat("presearch-min-empties: expected 0 (the default) to %d, found %d",
                        kNumSquares, options.presearch_min_empties));
  }
  if (!options.parallelism_policies.empty() && options.threads != 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "parallelism is measured by a one-thread search; found threads %d", options.threads));
  }
  if (options.parallelism_policies.size() > search::SpanTracker::kMaxPolicies) {
    return absl::InvalidArgumentError(
        absl::StrFormat("parallelism: at most %d policies at once, found %d",
                        search::SpanTracker::kMaxPolicies, options.parallelism_policies.size()));
  }
  if (options.parallel_stats != nullptr &&
      static_cast<int>(options.parallel_stats->threads.size()) < options.threads) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "parallel stats: %d thread slots for %d threads", options.parallel_stats->threads.size(),
        options.threads));
  }
  if (options.virtual_clock != nullptr && options.virtual_clock->slots() < options.threads) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "virtual clock: %d slots for %d threads", options.virtual_clock->slots(), options.threads));
  }
  if (options.all_moves &&
      (options.wld || options.lo != -kNumSquares || options.hi != kNumSquares)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "all moves: every move's exact score needs the full window [-64, 64] without WLD; "
        "found %s",
        options.wld ? "WLD" : absl::StrFormat("the window [%d, %d]", options.lo, options.hi)));
  }
  if (options.on_move_score && !options.all_moves) {
    return absl::InvalidArgumentError(
        "on_move_score: the moves' scores come with all moves only; set all_moves");
  }
  if (options.features.killers < 0 || options.features.killers > kMaxKillers) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "killers %d: expected 0..%d", options.features.killers, kMaxKillers));
  }
  return absl::OkStatus();
}

namespace {

// A solve that stopped has no score.
void ForgetScore(SolveResult* result) {
  result->stopped = true;
  result->score = 0;
  result->kind = ScoreKind::kExact;
  result->best_move = kNoMove;
  result->pv.clear();
  result->move_scores.clear();
}

// The principal variation of `board`, whose `move` reaches `score` as
// `goal` says: the move, then a walk from the position after it, appended
// to result->pv, its nodes and probes added to the result's (pv_nodes
// too). Sequential: the table holds most of the tree by now, so the walk
// is short, and a searcher of one thread that never splits makes no
// oneTBB call. Otherwise the walk searches as the solve did: the same
// features and the same evaluation (the solve's --eval, not the built-in
// one). A walk that stops (the node limit,
// the deadline, cancel) leaves the result stopped, with no score; one that
// cannot keep the score returns its Internal status (Solve returns it): a
// line cut short is reported, never returned as whole.
absl::Status WalkLine(TranspositionTable* tt, const Board& board, int move, int score,
                      search::PvGoal goal, const SolveOptions& options, SolveResult* result) {
  search::Limits limits{options.node_limit, options.deadline, options.cancel};
  if (limits.node_limit != 0) {
    const std::uint64_t used = result->nodes.total();
    limits.node_limit = used < limits.node_limit ? limits.node_limit - used : 1;
  }
  // Sequential: one thread that never splits, whatever the solve's.
  search::SharedSearch shared(
      tt, search::SearchConfig::Sequential(options.features, limits, options.evaluator));
  shared.live_nodes = options.live_nodes;
  search::Searcher searcher(&shared);
  result->pv.push_back(move);
  const Board next = move == kPass ? board.Pass() : board.Play(move);
  const absl::Status walk = search::WalkPv(next, -score, search::Flip(goal), searcher, &result->pv);
  result->pv_nodes += searcher.counts();
  result->nodes += searcher.counts();
  result->etc_probes += searcher.etc_probes();
  if (absl::IsInternal(walk)) return walk;
  if (!walk.ok()) ForgetScore(result);
  return absl::OkStatus();
}

// The search the options ask for, resolved once: their features and
// threads, the split policy with its threshold (--split-policy,
// --split-min-empties), the evaluation (EvaluatorFor), under `limits`.
search::SearchConfig SearchConfigOf(const SolveOptions& options, const search::Limits& limits) {
  search::SearchConfig config;
  config.features = options.features;
  config.limits = limits;
  config.threads = options.threads;
  config.policy =
      search::SplitPolicy::For(options.split_policy, options.threads, options.split_min_empties);
  config.evaluator = search::EvaluatorFor(options.features, options.evaluator);
  return config;
}

// One solve of `board` in `tt` (options valid), with its principal
// variation when `walk_pv`. The window: WLD searches (-1, 1); otherwise
// [lo, hi] becomes the open window (lo - 1, hi + 1), so that scores equal
// to lo or hi are exact. Fails (Internal) when the principal variation
// cannot keep the score.
absl::StatusOr<SolveResult> SolveIn(TranspositionTable* tt, const Board& board,
                                    const SolveOptions& options, bool walk_pv) {
  const absl::Time start = absl::Now();
  SolveResult result;
  tt->UseAtMost(search::TableBytesFor(board.EmptyCount()));
  tt->NewSearch();

  const int alpha = options.wld ? -1 : options.lo - 1;
  const int beta = options.wld ? 1 : options.hi + 1;
  search::Limits limits{options.node_limit, options.deadline, options.cancel};
  // The root search runs on this thread, in a task arena of options.threads
  // threads where its split nodes find their helpers; progress is reported
  // from this thread.
  search::SharedSearch shared(tt, SearchConfigOf(options, limits));
  shared.live_nodes = options.live_nodes;
  std::optional<search::SpanTracker> spans;
  if (!options.parallelism_policies.empty()) spans.emplace(options.parallelism_policies);
  const search::Instruments instruments(options.parallel_stats, options.virtual_clock,
                                        spans.has_value() ? &*spans : nullptr);
  if (instruments.any()) shared.instruments = &instruments;
  search::Searcher searcher(&shared);
  search::Searcher::RootOutcome root;
  search::RunWithThreads(options.threads, [&] {
    // A search cancelled or out of time before it starts does nothing.
    if (!searcher.CheckLimits()) {
      root = DriveRoot(searcher, board, alpha, beta, options, start, &result.presearch_nodes);
    }
    searcher.SyncClock();
  }, shared.instruments);
  result.nodes = searcher.counts();
  result.etc_probes = searcher.etc_probes();
  if (searcher.stopped()) {
    result.stopped = true;
    result.time = absl::Now() - start;
    return result;
  }

  search::PvGoal goal = search::PvGoal::kExact;
  if (root.score <= alpha) goal = search::PvGoal::kAtMost;
  else if (root.score >= beta) goal = search::PvGoal::kAtLeast;
  result.kind = goal == search::PvGoal::kExact   ? ScoreKind::kExact
                : goal == search::PvGoal::kAtMost ? ScoreKind::kUpper
                                                  : ScoreKind::kLower;
  result.score = options.wld ? (root.score > 0) - (root.score < 0) : root.score;
  result.best_move = root.best_move;

  // The pv: the root move first, then a walk from the position after it.
  if (walk_pv && root.best_move != kNoMove) {
    if (absl::Status walk = WalkLine(tt, board, root.best_move, root.score, goal, options,
                                     &result);
        !walk.ok()) {
      return walk;
    }
  }
  // The walk is sequential: its nodes add to every span.
  if (spans.has_value()) result.parallelism = spans->Figures(result.nodes.total());
  result.time = absl::Now() - start;
  return result;
}

// SolveOptions::all_moves: each legal move's position solved exactly, one
// after another in the same table, without a principal variation; the
// root's score is the best of them, and its line is walked from the best
// move. Solving the moves first rather than the root first and then the
// other moves saves the root's own solve, which proves only a bound on
// each other move (endsolve/solver/README.md, "Every move's score", has the cost
// against one solve and against each move's position solved alone). A
// solve that stops leaves the result stopped, with no score: the moves
// scored so far are no answer list.
absl::StatusOr<SolveResult> SolveAllMoves(TranspositionTable* tt, const Board& board,
                                          const SolveOptions& options, absl::Time start) {
  const Bitboard moves = board.Moves();
  if (moves == 0) {
    // A pass is the one move; a finished game has none.
    absl::StatusOr<SolveResult> result = SolveIn(tt, board, options, /*walk_pv=*/true);
    if (result.ok() && !result->stopped && board.OpponentMoves() != 0) {
      result->move_scores.push_back({kPass, result->score});
      if (options.on_move_score) options.on_move_score(result->move_scores.back());
    }
    return result;
  }
  SolveResult result;
  SolveOptions each = options;
  each.all_moves = false;
  const int total = PopCount(moves);
  for (Bitboard rest = moves; rest != 0;) {
    const int square = PopFirstSquare(rest);
    if (options.node_limit != 0) {
      const std::uint64_t used = result.nodes.total();
      each.node_limit = used < options.node_limit ? options.node_limit - used : 1;
    }
    if (options.on_progress) {
      const std::uint64_t before = result.nodes.total();
      const int scored = static_cast<int>(result.move_scores.size());
      each.on_progress = [&options, square, before, scored, total, start](const Progress& p) {
        // An estimate (the presearch, a selective pass) is its `bound`, and
        // there is none before the move's solve has searched a reply.
        const bool estimate = p.iteration == 0;
        if (estimate && p.best_move == kNoMove) return;
        Progress out = p;
        out.scoring_move = square;
        out.moves_scored = scored;
        out.moves_to_score = total;
        // The move's score is the negation of its position's.
        out.best_move = square;
        out.bound = estimate ? -p.bound : -p.upper;
        out.upper = -p.bound;
        if (p.presearch_depth == 0) out.nodes = before + p.nodes;
        out.elapsed = absl::Now() - start;
        options.on_progress(out);
      };
    }
    // Without a principal variation the solve cannot fail.
    const SolveResult move = SolveIn(tt, board.Play(square), each, /*walk_pv=*/false).value();
    result.nodes += move.nodes;
    result.etc_probes += move.etc_probes;
    result.presearch_nodes += move.presearch_nodes;
    if (move.stopped) {
      ForgetScore(&result);
      return result;
    }
    assert(move.kind == ScoreKind::kExact);
    result.move_scores.push_back({square, -move.score});
    if (options.on_move_score) options.on_move_score(result.move_scores.back());
  }
  // Best first; among equals the first solved.
  std::stable_sort(result.move_scores.begin(), result.move_scores.end(),
                   [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
  result.score = result.move_scores.front().score;
  result.best_move = result.move_scores.front().square;
  result.kind = ScoreKind::kExact;
  if (absl::Status walk = WalkLine(tt, board, result.best_move, result.score,
                                   search::PvGoal::kExact, options, &result);
      !walk.ok()) {
    return walk;
  }
  return result;
}

// The caller's table (options.tt), or a new one of options.table's size
// that `own` keeps for the call.
absl::StatusOr<TranspositionTable*> TableOf(const SolveOptions& options,
                                            std::unique_ptr<TranspositionTable>* own) {
  if (options.tt != nullptr) return options.tt;
  absl::StatusOr<std::unique_ptr<TranspositionTable>> created =
      TranspositionTable::Create(options.table);
  if (!created.ok()) return created.status();
  *own = *std::move(created);
  return own->get();
}

}  // namespace

absl::Status CheckMaxEmpties(const Board& board, int max_empties) {
  if (board.EmptyCount() <= max_empties || board.IsGameOver()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "%d empty squares, more than the limit of %d: an exact solve of so many may take days; "
      "raise the limit (max empties, up to 60) to solve it anyway",
      board.EmptyCount(), max_empties));
}

absl::StatusOr<SolveResult> Solve(const Board& board, const SolveOptions& options) {
  const absl::Time start = absl::Now();
  if (absl::Status valid = ValidateOptions(options); !valid.ok()) return valid;

  std::unique_ptr<TranspositionTable> own_tt;
  const absl::StatusOr<TranspositionTable*> table = TableOf(options, &own_tt);
  if (!table.ok()) return table.status();
  if (absl::Status fits = CheckMaxEmpties(board, options.max_empties); !fits.ok()) return fits;
  TranspositionTable* const tt = *table;
  absl::StatusOr<SolveResult> result = options.all_moves
                                           ? SolveAllMoves(tt, board, options, start)
                                           : SolveIn(tt, board, options, /*walk_pv=*/true);
  if (result.ok()) result->time = absl::Now() - start;
  return result;
}

static_assert(kSelectivePasses == search::kExactLevel);

absl::StatusOr<ScoreEstimate> EstimateScore(const Board& board, const SolveOptions& options,
                                            int passes) {
  const absl::Time start = absl::Now();
  if (absl::Status valid = ValidateOptions(options); !valid.ok()) return valid;
  if (passes < 0 || passes > kSelectivePasses) {
    return absl::InvalidArgumentError(
        absl::StrFormat("selective passes %d: expected 0..%d", passes, kSelectivePasses));
  }
  if (passes > 0) {
    if (absl::Status fits = CheckMaxEmpties(board, options.max_empties); !fits.ok()) return fits;
  }
  ScoreEstimate estimate;
  if (board.IsGameOver()) {
    estimate.score = board.FinalScore();
    return estimate;
  }
  std::unique_ptr<TranspositionTable> own_tt;
  const absl::StatusOr<TranspositionTable*> table = TableOf(options, &own_tt);
  if (!table.ok()) return table.status();
  TranspositionTable* const tt = *table;
  tt->UseAtMost(search::TableBytesFor(board.EmptyCount()));
  tt->NewSearch();
  std::uint64_t presearch_nodes = 0;
  int guess = PresearchGuess(board, options, start, &presearch_nodes);
  search::Limits limits{options.node_limit, options.deadline, options.cancel};
  search::SharedSearch shared(tt, SearchConfigOf(options, limits));
  shared.live_nodes = options.live_nodes;
  // Where the threads spend their time, and the virtual machine's clock
  // where there is one (a proof manager's passes on many cores).
  const search::Instruments instruments(options.parallel_stats, options.virtual_clock, nullptr);
  if (instruments.any()) shared.instruments = &instruments;
  search::Searcher searcher(&shared);
  int best_move = kNoMove;
  if (passes > 0 && board.EmptyCount() > search::kProbCutMinEmpties) {
    search::RunWithThreads(options.threads, [&] {
      if (!searcher.CheckLimits()) {
        guess = SelectiveGuess(searcher, board, -kNumSquares - 1, kNumSquares + 1, guess, options,
                               start, passes, &best_move, &estimate.pass_scores);
      }
      searcher.SyncClock();
    }, shared.instruments);
  }
  estimate.nodes = searcher.counts();
  estimate.stopped = searcher.stopped();
  estimate.score = EvenAwayFromZero(guess);
  for (int& score : estimate.pass_scores) score = EvenAwayFromZero(score);
  estimate.best_move = best_move;
  estimate.time = absl::Now() - start;
  return estimate;
}

absl::StatusOr<SolveResult> SolveInClearedTable(const Board& board, const SolveOptions& options) {
  assert(options.tt != nullptr);
  const absl::Time start = absl::Now();
  options.tt->Clear();
  const absl::Duration clearing = absl::Now() - start;
  absl::StatusOr<SolveResult> result = Solve(board, options);
  if (result.ok()) result->time += clearing;
  return result;
}

int HardwareThreads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

absl::StatusOr<int> SolveEach(const std::vector<Position>& positions, SolveOptions options,
                              const std::function<void(int)>& on_start,
                              const std::function<void(int, const SolveResult&)>& on_result) {
  std::unique_ptr<TranspositionTable> own_tt;
  if (options.tt == nullptr) {
    auto created = TranspositionTable::Create(options.table);
    if (!created.ok()) return created.status();
    own_tt = *std::move(created);
    options.tt = own_tt.get();
  }
  const ScoreWindow given{options.lo, options.hi};
  int finished = 0;
  for (const Position& position : positions) {
    if (options.cancel != nullptr && options.cancel->load()) break;
    if (on_start) on_start(finished);
    const ScoreWindow window = position.window.value_or(given);
    options.lo = window.lo;
    options.hi = window.hi;
    const absl::StatusOr<SolveResult> result = SolveInClearedTable(position.board, options);
    if (!result.ok()) return result.status();
    if (result->stopped) break;
    if (on_result) on_result(finished, *result);
    ++finished;
  }
  return finished;
}

}  // namespace endsolve
