// Which copy of the search a solve runs: the features as the hot path
// reads them.
//
// Every move-ordering feature and cutoff can be switched (features.h), for
// the ablation and the classic experiment, but nearly every solve runs the
// defaults. So the search is compiled twice, and a solve chooses once which
// copy runs, as the table chooses its replacement scheme once
// (endsolve/hashtable/transposition_table.h):
//   - kDefaults: the node, the table-less layer and the orderer read the
//     default features as constants, which the compiler folds, so that the
//     default search tests none of them and keeps no code for the features
//     that are off (killers, history);
//   - kChosen: they read the solve's SearchFeatures, whatever they are.
// Both copies visit the same nodes for the same features; the choice only
// decides whether the tests happen at run time.
#ifndef ENDSOLVE_SOLVER_FEATURE_SET_H_
#define ENDSOLVE_SOLVER_FEATURE_SET_H_

#include "endsolve/solver/features.h"

namespace endsolve::search {

enum class FeatureSet { kDefaults, kChosen };

inline constexpr SearchFeatures kDefaultFeatures{};

// The features a searcher of set kSet reads: the defaults, as constants, or
// `chosen`.
template <FeatureSet kSet>
constexpr const SearchFeatures& Features(const SearchFeatures& chosen) {
  if constexpr (kSet == FeatureSet::kDefaults) {
    return kDefaultFeatures;
  } else {
    return chosen;
  }
}

// kDefaults when `features` differ from the defaults only in the root's
// strategies (aspiration, presearch, selective), which the root's driver
// reads once per pass and no node reads, or in shallow_cache, which a
// searcher reads once when it starts (it has a cache or not); kChosen
// otherwise. A feature added later is compared too, so that it takes the
// kChosen copy until someone decides otherwise.
constexpr FeatureSet FeatureSetFor(SearchFeatures features) {
  features.shallow_cache = kDefaultFeatures.shallow_cache;
  features.aspiration = kDefaultFeatures.aspiration;
  features.presearch = kDefaultFeatures.presearch;
  features.selective = kDefaultFeatures.selective;
  return features == kDefaultFeatures ? FeatureSet::kDefaults : FeatureSet::kChosen;
}

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_FEATURE_SET_H_
