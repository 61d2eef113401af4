// The study's check that every algorithm found the same value, apart from
// RunStudy so that a test can feed it rows that disagree (correct searches
// never do).
#ifndef ENDSOLVE_STUDY_DISAGREEMENTS_H_
#define ENDSOLVE_STUDY_DISAGREEMENTS_H_

#include <string>
#include <vector>

#include "endsolve/board/position.h"
#include "endsolve/study/study.h"

namespace endsolve::study {

// StudyResults::disagreements for `rows` (any order, any subset), ordered
// by depth, then position.
std::vector<std::string> FindDisagreements(const std::vector<StudyRow>& rows,
                                           const std::vector<Algorithm>& algorithms,
                                           const std::vector<Position>& positions);

}  // namespace endsolve::study

#endif  // ENDSOLVE_STUDY_DISAGREEMENTS_H_
