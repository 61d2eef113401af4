#include "endsolve/board/bitboard.h"

namespace endsolve {

// Spells a square as column letter then row digit, upper case, as the .obf
// answers do; the two pseudo-moves get the spellings Edax prints for them.
std::string SquareName(int square) {
  if (square == kPass) return "PS";
  if (square < 0 || square >= kNumSquares) return "--";
  return {static_cast<char>('A' + Column(square)),
          static_cast<char>('1' + Row(square))};
}

// Accepts exactly two characters, a column letter in either case and a row
// digit; everything else is rejected so that callers can report it.
std::optional<int> ParseSquare(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  char column = text[0];
  if (column >= 'a' && column <= 'h') column = static_cast<char>(column - 'a' + 'A');
  const char row = text[1];
  if (column < 'A' || column > 'H' || row < '1' || row > '8') return std::nullopt;
  return (row - '1') * 8 + (column - 'A');
}

}  // namespace endsolve
