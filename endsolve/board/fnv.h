// FNV-1a, 64 bits: a small, well-known hash whose value is the same on every
// machine. Used for position ids and for the checksum of weights files,
// where stability across builds matters more than speed or strength.
#ifndef ENDSOLVE_BOARD_FNV_H_
#define ENDSOLVE_BOARD_FNV_H_

#include <cstdint>
#include <string_view>

namespace endsolve {

// The FNV-1a parameters for 64 bits, from the algorithm's definition.
inline constexpr std::uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ULL;
inline constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

// XOR each byte in, then multiply by the prime: the whole of FNV-1a.
constexpr std::uint64_t Fnv1a64(std::string_view bytes,
                                std::uint64_t hash = kFnvOffsetBasis) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= kFnvPrime;
  }
  return hash;
}

// Continues a hash over the 8 bytes of `word`, lowest byte first, so that the
// result does not depend on the machine's byte order.
constexpr std::uint64_t FnvWord(std::uint64_t hash, std::uint64_t word) {
  for (int i = 0; i < 8; ++i) {
    hash ^= (word >> (8 * i)) & 0xff;
    hash *= kFnvPrime;
  }
  return hash;
}

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_FNV_H_
