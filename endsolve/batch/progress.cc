#include "endsolve/batch/progress.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/solver/report.h"

namespace endsolve::batch {
namespace {

// Weights are relative to a position of this many empties, so that they stay
// near 1 for the sizes batches hold instead of overflowing towards 60.
constexpr int kReferenceEmpties = 20;

}  // namespace

double WorkWeight(int empties) {
  return std::pow(kWorkGrowthPerEmpty, std::max(empties, kSmallestWeightedEmpties) - kReferenceEmpties);
}

BatchProgress::BatchProgress(int total, int done, double work)
    : total_(total), done_(done), work_left_(work) {}

void BatchProgress::Start(const std::string& id, int empties) {
  std::lock_guard lock(mutex_);
  current_id_ = id;
  current_empties_ = empties;
  current_nodes_ = 0;
  live_nodes_.store(0, std::memory_order_relaxed);
  current_start_ = absl::Now();
  current_elapsed_ = absl::ZeroDuration();
}

void BatchProgress::Update(std::uint64_t nodes, absl::Duration elapsed) {
  std::lock_guard lock(mutex_);
  current_nodes_ = nodes;
  current_elapsed_ = elapsed;
}

void BatchProgress::Finish(bool solved, int empties, std::uint64_t nodes, absl::Duration time) {
  std::lock_guard lock(mutex_);
  ++done_;
  ++done_this_run_;
  if (solved) {
    const double weight = WorkWeight(empties);
    work_left_ = std::max(0.0, work_left_ - weight);
    seconds_per_work_sum_ += absl::ToDoubleSeconds(time) / weight;
    ++solved_;
    time_observed_ += time;
    nodes_finished_ += nodes;
  }
  current_id_.clear();
  current_nodes_ = 0;
  current_elapsed_ = absl::ZeroDuration();
}

// The ETA prices the work left at the mean seconds per unit of work seen so
// far, less what the current position has already used.
std::string BatchProgress::Line(bool with_current) const {
  std::lock_guard lock(mutex_);
  const double wall = absl::ToDoubleSeconds(absl::Now() - start_);
  const double rate = wall > 0 ? done_this_run_ / wall : 0.0;
  // The solver reports progress now and then; the clock keeps the time of
  // the current position moving in between.
  const absl::Duration current_elapsed =
      current_id_.empty() ? absl::ZeroDuration()
                          : std::max(current_elapsed_, absl::Now() - current_start_);
  // Nodes per second pairs the solver's nodes with its own elapsed time,
  // or the live count (which runs ahead of the reports) with the clock's.
  const std::uint64_t live =
      current_id_.empty() ? 0 : live_nodes_.load(std::memory_order_relaxed);
  const bool counting = live > current_nodes_;
  const double search_seconds =
      absl::ToDoubleSeconds(time_observed_ + (counting ? current_elapsed : current_elapsed_));
  const double nodes =
      static_cast<double>(nodes_finished_ + (counting ? live : current_nodes_));
  const double mnps = search_seconds > 0 ? nodes / search_seconds / 1e6 : 0.0;
  double eta_seconds = -1;  // unknown until a solve has calibrated the model
  if (done_ == total_) {
    eta_seconds = 0;
  } else if (solved_ > 0) {
    const double per_work = seconds_per_work_sum_ / solved_;
    eta_seconds = std::max(0.0, per_work * work_left_ - absl::ToDoubleSeconds(current_elapsed));
  }
  const std::string eta = eta_seconds < 0 ? "?" : ShortDuration(absl::Seconds(eta_seconds));
  const double percent = total_ > 0 ? 100.0 * done_ / total_ : 100.0;
  std::string line = absl::StrFormat("%d/%d done (%.0f%%), %.2f pos/s, %.1f Mnodes/s, ETA %s",
                                     done_, total_, percent, rate, mnps, eta);
  if (with_current && !current_id_.empty()) {
    absl::StrAppendFormat(&line, ", now %s (%d empties) %s", current_id_, current_empties_,
                          ShortDuration(current_elapsed));
  }
  return line;
}

}  // namespace endsolve::batch
