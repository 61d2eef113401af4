// "Nothing may crash on any input": the readers are fed 200,000 random and
// mutated lines (a quarter under a sanitizer), with a fixed seed so that a
// failure can be replayed, and every answer they give is checked: positions
// must be reachable-looking and self-consistent and must survive a
// write-read round trip, errors must be one clean line in the documented
// shape, and no line may be lost or counted twice. Run it under
// -DENDSOLVE_SANITIZE=address,undefined to catch what a plain build would
// not.
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/positions/position_io.h"
#include "tests/sanitized_share.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

// Lines in total: enough to reach every branch of the parser many times,
// small enough to run in a few seconds even under the sanitizers.
constexpr int kLines = 200'000;
constexpr std::uint32_t kSeed = 0x0b5e7;

// The four centre squares, occupied in every reachable position.
constexpr Bitboard kCentre = SquareBit(27) | SquareBit(28) | SquareBit(35) | SquareBit(36);

// Characters that mean something to the readers, drawn more often than
// other bytes so that mutations hit the grammar's edges.
constexpr std::string_view kInteresting = "XO-xob*w.;:+-%\r\t 0123456789PSpsabcdefgh\xEF\xBB\xBF";

// Valid lines to mutate: the FFO suite, the quiet files of the malformed
// corpus and a few transcripts.
std::vector<std::string> SeedLines() {
  std::vector<std::string> lines = {"f5d6c3d3c4", "F5D6C3D3C4F4C5B3C2", "e6f6c4c5c6d6g6c3b2",
                                    "f5 d6 c3", "Black to move", "White"};
  for (const std::string name : {"ffo/fforum-1-19.obf", "ffo/fforum-20-39.obf",
                                 "ffo/fforum-40-59.obf", "ffo/fforum-60-79.obf",
                                 "tests/positions/malformed/edax-symbols.obf",
                                 "tests/positions/malformed/comments.obf"}) {
    std::ifstream in(absl::StrCat(ENDSOLVE_SOURCE_DIR, "/", name));
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) lines.push_back(line);
    }
  }
  return lines;
}

// Makes random lines: mutated seed lines mostly, sometimes pure noise.
class LineMaker {
 public:
  explicit LineMaker(std::uint32_t seed) : rng_(seed), seeds_(SeedLines()) {}

  // A line without '\n' (that byte belongs to the file, not the line).
  std::string Next() {
    std::string line = Pick(10) == 0 ? Noise() : seeds_[Pick(seeds_.size())];
    const std::size_t mutations = Pick(4);
    for (std::size_t i = 0; i < mutations; ++i) Mutate(line);
    for (char& c : line) {
      if (c == '\n') c = ' ';
    }
    return line;
  }

  std::size_t Pick(std::size_t n) { return n == 0 ? 0 : rng_() % n; }

 private:
  char Byte() {
    return Pick(2) == 0 ? kInteresting[Pick(kInteresting.size())] : static_cast<char>(rng_());
  }

  std::string Noise() {
    std::string s(Pick(150), ' ');
    for (char& c : s) c = Byte();
    return s;
  }

  // One edit: replace, insert or delete a byte, cut the line, or copy a
  // piece of it elsewhere.
  void Mutate(std::string& s) {
    const std::size_t at = Pick(s.size() + 1);
    switch (Pick(5)) {
      case 0:
        if (at < s.size()) s[at] = Byte();
        break;
      case 1:
        s.insert(s.begin() + at, Byte());
        break;
      case 2:
        if (at < s.size()) s.erase(at, 1 + Pick(3));
        break;
      case 3:
        s.resize(at);
        break;
      default: {
        const std::string piece = s.substr(Pick(s.size() + 1), Pick(12));
        s.insert(Pick(s.size() + 1), piece);
        break;
      }
    }
  }

  std::mt19937 rng_;
  std::vector<std::string> seeds_;
};

// Whether the readers must skip this line of a file, as the file holds it
// between two '\n': blank once a BOM (first line only), the '\r' of a CRLF
// ending and its `%` comment are gone.
bool IsIgnoredLine(std::string_view line, bool first) {
  if (first && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  if (line.ends_with('\r')) line.remove_suffix(1);
  line = line.substr(0, line.find('%'));
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

// Checks one position a reader returned: a board some game could reach as
// far as the centre goes, legal answers, and a round trip through the .obf
// writer that gives it back unchanged.
void CheckPosition(const Position& p) {
  EXPECT_EQ(p.board.player & p.board.opponent, 0u);
  EXPECT_EQ((p.board.player | p.board.opponent) & kCentre, kCentre);
  const Bitboard moves = p.board.Moves();
  Bitboard answered = 0;
  bool pass_answered = false;
  for (const MoveScore& answer : p.answers) {
    EXPECT_LE(std::abs(answer.score), kNumSquares);
    if (answer.square == kPass) {
      EXPECT_EQ(moves, 0u);
      EXPECT_FALSE(pass_answered);
      pass_answered = true;
    } else {
      ASSERT_GE(answer.square, 0);
      ASSERT_LT(answer.square, kNumSquares);
      EXPECT_TRUE(moves & SquareBit(answer.square));
      EXPECT_FALSE(answered & SquareBit(answer.square));
      answered |= SquareBit(answer.square);
    }
  }
  const absl::StatusOr<Position> again = ParsePositionText(FormatObf(p), "round trip");
  ASSERT_TRUE(again.ok()) << again.status() << " for " << FormatObf(p);
  EXPECT_EQ(again->board, p.board);
  EXPECT_EQ(again->to_move, p.to_move);
  EXPECT_EQ(again->answers, p.answers);
}

// Checks one error: InvalidArgument, "PREFIX<column>: expected ..., found
// ...", one line of printable ASCII, the column inside the line or just
// after it.
void CheckError(const absl::Status& error, const std::string& prefix, std::size_t line_size) {
  ASSERT_TRUE(absl::IsInvalidArgument(error)) << error;
  const std::string message(error.message());
  ASSERT_TRUE(message.starts_with(prefix)) << message;
  std::size_t column = 0;
  std::size_t i = prefix.size();
  while (i < message.size() && message[i] >= '0' && message[i] <= '9') {
    column = column * 10 + (message[i++] - '0');
  }
  EXPECT_GE(column, 1u) << message;
  EXPECT_LE(column, line_size + 1) << message;
  EXPECT_TRUE(message.substr(i).starts_with(": expected ")) << message;
  EXPECT_NE(message.find(", found "), std::string_view::npos) << message;
  for (const char c : message) {
    ASSERT_TRUE(c >= 0x20 && c < 0x7f) << message;
  }
}

TEST(PositionFuzz, RandomLinesNeverCrashAndGiveSaneResults) {
  LineMaker maker(kSeed);
  int good = 0;
  int bad = 0;
  int made = 0;
  const int lines_to_make = testing::InputsForThisBuild(kLines);
  while (made < lines_to_make) {
    // A file of 1 to 8 lines, sometimes with a BOM and CRLF endings.
    const std::size_t count = 1 + maker.Pick(8);
    const bool crlf = maker.Pick(4) == 0;
    const std::string bom = maker.Pick(8) == 0 ? "\xEF\xBB\xBF" : "";
    std::string text;
    std::vector<std::string> lines;
    std::size_t expected = 0;  // lines that must give a position or an error
    for (std::size_t i = 0; i < count; ++i, ++made) {
      lines.push_back(maker.Next());
      const std::string in_file = absl::StrCat(i == 0 ? bom : "", lines.back(), crlf ? "\r" : "");
      expected += IsIgnoredLine(in_file, i == 0) ? 0 : 1;
      absl::StrAppend(&text, in_file, "\n");
    }
    if (maker.Pick(2) == 0) text.pop_back();  // no final newline

    const ReadResult result = ParsePositions(text, "fuzz.obf");
    ASSERT_EQ(result.positions.size() + result.errors.size(), expected) << text;
    for (const Position& p : result.positions) {
      CheckPosition(p);
      EXPECT_EQ(p.file, "fuzz.obf");
      EXPECT_GE(p.line, 1);
      EXPECT_LE(p.line, static_cast<int>(count));
      EXPECT_EQ(p.label, "");
    }
    for (const absl::Status& error : result.errors) {
      ASSERT_TRUE(std::string(error.message()).starts_with("fuzz.obf:")) << error;
    }
    good += static_cast<int>(result.positions.size());
    bad += static_cast<int>(result.errors.size());

    // Each line alone, as a command-line argument, where the column of an
    // error can be checked against the line.
    for (const std::string& line : lines) {
      const absl::StatusOr<Position> p = ParsePositionText(line, "fuzz");
      if (p.ok()) {
        CheckPosition(*p);
      } else {
        CheckError(p.status(), "fuzz, column ", line.size());
      }
    }

    // The same text as an FFO .pos file: one position or one error, always.
    const ReadResult pos = ParsePositions(text, "fuzz.pos");
    ASSERT_EQ(pos.positions.size() + pos.errors.size(), 1u) << text;
    for (const Position& p : pos.positions) CheckPosition(p);
    for (const absl::Status& error : pos.errors) {
      ASSERT_TRUE(absl::IsInvalidArgument(error)) << error;
      ASSERT_TRUE(std::string(error.message()).starts_with("fuzz.pos:")) << error;
    }
  }
  // A generator that only ever made good lines, or only bad ones, would test
  // half the code: both kinds must be common.
  EXPECT_GT(good, lines_to_make / 20);
  EXPECT_GT(bad, lines_to_make / 20);
}

}  // namespace
}  // namespace endsolve
