#include "endsolve/picture/score_chart.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace endsolve {
namespace {

// Text as SVG content: the five characters XML reserves, escaped.
std::string Escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

constexpr int kChartWidth = 720, kChartHeight = 360;
constexpr int kLeft = 56, kRight = 24, kTop = 40, kBottom = 44;

}  // namespace

std::string ScoreChartSvg(const std::string& title, const std::vector<ScorePoint>& points) {
  int most_empties = 1, range = 8;
  for (const ScorePoint& p : points) {
    most_empties = std::max(most_empties, p.empties);
    range = std::max(range, (std::abs(p.black_score) + 7) / 8 * 8);
  }
  const double plot_w = kChartWidth - kLeft - kRight, plot_h = kChartHeight - kTop - kBottom;
  auto x = [&](int empties) { return kLeft + plot_w * (most_empties - empties) / most_empties; };
  auto y = [&](int score) { return kTop + plot_h * (range - score) / (2.0 * range); };
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n"
      "<text x=\"%d\" y=\"22\" font-size=\"14\">%s</text>\n",
      kChartWidth, kChartHeight, kChartWidth, kChartHeight, kChartWidth, kChartHeight, kLeft,
      Escaped(title));
  // The y axis: a line and a label every 8 discs, 0 darker.
  for (int score = -range; score <= range; score += 8) {
    absl::StrAppendFormat(&svg,
                          "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>"
                          "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                          kLeft, y(score), kChartWidth - kRight, y(score),
                          score == 0 ? "#888" : "#ddd",
                          kLeft - 6, y(score) + 4, score == 0 ? "0" : absl::StrFormat("%+d", score));
  }
  // The x axis: the empties, every 4.
  for (int empties = most_empties; empties >= 0; --empties) {
    if (empties % 4 != 0) continue;
    absl::StrAppendFormat(&svg, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
                          x(empties), kChartHeight - kBottom + 18, empties);
  }
  absl::StrAppendFormat(&svg,
                        "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">empty squares</text>\n"
                        "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" "
                        "text-anchor=\"middle\">black's exact score (discs)</text>\n",
                        kLeft + plot_w / 2, kChartHeight - 8, kTop + plot_h / 2, kTop + plot_h / 2);
  std::string line;
  for (const ScorePoint& p : points) absl::StrAppendFormat(&line, "%.1f,%.1f ", x(p.empties), y(p.black_score));
  absl::StrAppend(&svg, "<polyline class=\"score\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"",
                  line, "\"/>\n");
  for (const ScorePoint& p : points) {
    if (p.mistake.empty()) {
      absl::StrAppendFormat(&svg, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#1f5fbf\"/>\n",
                            x(p.empties), y(p.black_score));
    } else {
      absl::StrAppendFormat(&svg,
                            "<circle class=\"mistake\" cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"#d62728\"/>"
                            "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" text-anchor=\"middle\">%s</text>\n",
                            x(p.empties), y(p.black_score), x(p.empties), y(p.black_score) - 9,
                            Escaped(p.mistake));
    }
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace endsolve
