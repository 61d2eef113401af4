// Progress of a running batch: positions done of the total, the rate, nodes
// per second and an ETA, as one line of text (endsolve/console/progress_display.h draws
// it); and the work model behind the ETA.
#ifndef ENDSOLVE_BATCH_PROGRESS_H_
#define ENDSOLVE_BATCH_PROGRESS_H_

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace endsolve::batch {

// The ETA's work model: the time to solve a position grows by about this
// factor per empty square (the effective branching factor of a well-ordered
// endgame search). Measured with endsolve's solver, one thread: over 200
// random positions of 16-20 empties, the mean solve time went from 0.023 s
// at 16 empties to 0.81 s at 20, a factor of 2.45 per empty (a fit of the
// log of the mean time per empties count, FFO #1-#39 included, gives 2.49).
// The mean, not the median, is what an ETA adds up. The absolute scale is not
// assumed: it is calibrated by the times observed so far, so only the ratio
// between small and large positions comes from this constant.
inline constexpr double kWorkGrowthPerEmpty = 2.45;

// Below this many empties the weights stop shrinking. Solves there take
// well under a millisecond, and their time no longer follows the growth:
// batch records of 12 random positions per size, one thread, gave mean
// times of 0.03 ms at 4 empties, 0.1 ms at 8, 1.9 ms at 12, 7.7 ms at 14,
// 28 ms at 16, 98 ms at 18 and 1.06 s at 20 (2.2 per empty from 12 to 20,
// 1.35 from 4 to 8). Priced by the growth alone, a 4-empty position solved
// first set the ETA 49 times too high (FFO #20, 6 empties, once made a 17 s
// batch show "ETA 3h37m"); with the floor at 10 the ETA of that mix stays
// within 0.23-1.1 of the truth from the first position on, at 12 it starts
// at 0.04 (tests/batch/batch_results_test.cc replays it).
inline constexpr int kSmallestWeightedEmpties = 10;

// The relative work of solving a position with `empties` empty squares:
// kWorkGrowthPerEmpty per empty from kSmallestWeightedEmpties up, flat below.
double WorkWeight(int empties);

// The counters behind the display, shared by the solving thread and the
// printer; every method takes the lock.
class BatchProgress {
 public:
  // `total`: positions in this shard; `done`: of them, those finished before
  // this run (resume); `work`: the summed WorkWeight of the positions this run
  // will have to solve (not the duplicates, not the bad lines).
  BatchProgress(int total, int done, double work);

  // The solving thread: a position starts; the solver reports its nodes so
  // far; a position ends (`solved`: it was searched, not copied from a
  // duplicate or a bad line, and its time calibrates the ETA).
  void Start(const std::string& id, int empties);
  void Update(std::uint64_t nodes, absl::Duration elapsed);
  // For the solve's SolveOptions::live_nodes: the current position's nodes
  // between the solver's reports. Start sets it to 0.
  std::atomic<std::uint64_t>* live_nodes() { return &live_nodes_; }
  void Finish(bool solved, int empties, std::uint64_t nodes, absl::Duration time);

  // "57/239 done (24%), 1.90 pos/s, 14.2 Mnodes/s, ETA 1m35s", and on a
  // terminal the current position: ", now FILE:LINE (20 empties) 3.2s".
  std::string Line(bool with_current) const;

 private:
  mutable std::mutex mutex_;
  const absl::Time start_ = absl::Now();
  const int total_;
  int done_;
  int done_this_run_ = 0;
  double work_left_;  // WorkWeight still to solve, the current one included
  // Each solved position's seconds per unit of WorkWeight, summed, and how
  // many: their mean prices the work left. A mean over positions, not total
  // time over total weight, so that one position far easier or harder than
  // its empties suggest (FFO #39: 26 empties, solved in 0.35 s) moves the ETA
  // by its share of the positions, not by its huge weight.
  double seconds_per_work_sum_ = 0;
  int solved_ = 0;
  absl::Duration time_observed_;  // search time of the solved positions
  std::uint64_t nodes_finished_ = 0;
  std::string current_id_;  // empty between positions
  int current_empties_ = 0;
  std::uint64_t current_nodes_ = 0;
  std::atomic<std::uint64_t> live_nodes_{0};
  absl::Time current_start_;
  absl::Duration current_elapsed_;  // as the solver last reported it
};

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_PROGRESS_H_
