#include "endsolve/eval/weights.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/board/fnv.h"
#include "endsolve/eval/patterns.h"
#include "endsolve/output/write_file.h"

// The default weights file, linked in by default_weights.S.
extern "C" const char endsolve_default_weights[];
extern "C" const char endsolve_default_weights_end[];

namespace endsolve::eval {
namespace {

constexpr std::string_view kMagic = "ESEVALW\n";

void PutU32(std::string* out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}

// A little-endian reader over the file image that remembers how far it got,
// so that each error can say where the file went wrong.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool U32(std::uint32_t* v) {
    if (bytes_.size() - pos_ < 4) return false;
    *v = 0;
    for (int i = 0; i < 4; ++i) *v |= std::uint32_t{static_cast<unsigned char>(bytes_[pos_ + i])} << (8 * i);
    pos_ += 4;
    return true;
  }
  std::size_t pos() const { return pos_; }
  void Skip(std::size_t n) { pos_ += n; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

Weights::Weights() : data_(static_cast<std::size_t>(kNumPhases) * PhaseSize(), 0) {}

int Weights::ClassOffset(int c) {
  int offset = 1;  // the bias
  for (int i = 0; i < c; ++i) offset += Patterns().free_weights[i];
  return offset;
}

int Weights::PhaseSize() { return ClassOffset(kNumClasses); }

std::string Weights::Serialize() const {
  std::string out(kMagic);
  PutU32(&out, kWeightsVersion);
  PutU32(&out, kNumPhases);
  PutU32(&out, kPhaseWidth);
  PutU32(&out, kUnitsPerDisc);
  PutU32(&out, kNumClasses);
  for (int c = 0; c < kNumClasses; ++c) {
    PutU32(&out, static_cast<std::uint32_t>(kClasses[c].size));
    PutU32(&out, static_cast<std::uint32_t>(Patterns().free_weights[c]));
  }
  // The weights, little-endian, written into room made once: 7.5 MB a byte
  // at a time was most of a fit stage's saving after each phase.
  const std::size_t header = out.size();
  out.resize(header + 2 * data_.size());
  char* bytes = out.data() + header;
  for (const std::int16_t w : data_) {
    const auto u = static_cast<std::uint16_t>(w);
    *bytes++ = static_cast<char>(u & 0xff);
    *bytes++ = static_cast<char>(u >> 8);
  }
  const std::uint64_t sum = Fnv1a64(out);
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(sum >> (8 * i)));
  return out;
}

namespace {

// Checks the header at the start of `bytes` (the magic, then each field
// against this build's value) and returns where the weights start; the
// first field that disagrees, or the end of `bytes` before the header's,
// is the error. It reads no more than HeaderBytes() of them.
absl::StatusOr<std::size_t> ParseHeader(std::string_view bytes, std::string_view name) {
  auto error = [&](const std::string& what) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: %s", name, what));
  };
  if (bytes.size() < kMagic.size() || bytes.substr(0, kMagic.size()) != kMagic) {
    return error("expected an endsolve weights file (magic \"ESEVALW\"), found other bytes");
  }
  Reader in(bytes);
  in.Skip(kMagic.size());
  std::uint32_t value = 0;
  auto field = [&](const char* what, std::uint32_t expected) -> absl::Status {
    if (!in.U32(&value)) {
      return error(absl::StrFormat("truncated at byte %d: expected the %s", in.pos(), what));
    }
    if (value != expected) {
      return error(absl::StrFormat("expected %s %d (this build), found %d", what, expected, value));
    }
    return absl::OkStatus();
  };
  if (auto s = field("version", kWeightsVersion); !s.ok()) return s;
  if (auto s = field("phase count", kNumPhases); !s.ok()) return s;
  if (auto s = field("empties per phase", kPhaseWidth); !s.ok()) return s;
  if (auto s = field("units per disc", kUnitsPerDisc); !s.ok()) return s;
  if (auto s = field("pattern class count", kNumClasses); !s.ok()) return s;
  for (int c = 0; c < kNumClasses; ++c) {
    const std::string label = absl::StrFormat("size of pattern class %d (%s)", c, kClasses[c].name);
    if (auto s = field(label.c_str(), kClasses[c].size); !s.ok()) return s;
    const std::string count =
        absl::StrFormat("weight count of pattern class %d (%s)", c, kClasses[c].name);
    if (auto s = field(count.c_str(), Patterns().free_weights[c]); !s.ok()) return s;
  }
  return in.pos();
}

// The header's size: the magic, five fields, two per pattern class.
std::size_t HeaderBytes() {
  constexpr std::size_t kHeaderFields = 5, kFieldsPerClass = 2, kFieldBytes = 4;
  return kMagic.size() + (kHeaderFields + kFieldsPerClass * kNumClasses) * kFieldBytes;
}

}  // namespace

absl::StatusOr<Weights> ParseWeights(std::string_view bytes, std::string_view name) {
  auto error = [&](const std::string& what) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: %s", name, what));
  };
  absl::StatusOr<std::size_t> header = ParseHeader(bytes, name);
  if (!header.ok()) return header.status();
  Reader in(bytes);
  in.Skip(*header);
  const std::size_t payload = static_cast<std::size_t>(kNumPhases) * Weights::PhaseSize() * 2;
  const std::size_t expected = in.pos() + payload + 8;
  if (bytes.size() != expected) {
    return error(absl::StrFormat("expected %d bytes for these sizes, found %d (%s)", expected,
                                 bytes.size(), bytes.size() < expected ? "truncated" : "trailing bytes"));
  }
  std::uint64_t stored = 0;
  for (int i = 0; i < 8; ++i) {
    stored |= std::uint64_t{static_cast<unsigned char>(bytes[expected - 8 + i])} << (8 * i);
  }
  const std::uint64_t computed = Fnv1a64(bytes.substr(0, expected - 8));
  if (stored != computed) {
    return error(absl::StrFormat("checksum mismatch: stored %016x, computed %016x (corrupt file)",
                                 stored, computed));
  }
  Weights weights;  // only now: a file that fails the checks allocates nothing
  std::int16_t* out = weights.Phase(0);
  const char* p = bytes.data() + in.pos();
  for (std::size_t i = 0; i < payload / 2; ++i) {
    const auto lo = static_cast<unsigned char>(p[2 * i]);
    const auto hi = static_cast<unsigned char>(p[2 * i + 1]);
    out[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | hi << 8));
  }
  return weights;
}

std::size_t Weights::FileBytes() {
  constexpr std::size_t kChecksumBytes = 8;
  return HeaderBytes() +
         static_cast<std::size_t>(kNumPhases) * static_cast<std::size_t>(PhaseSize()) * 2 +
         kChecksumBytes;
}

// Reads the header first, so that what is not a weights file of this build
// (an endless stream of zeros, a positions file) is refused at its first
// wrong field, after a few hundred bytes; then at most one byte more than a
// whole file, so that an endless stream behind a good header costs one
// file's memory.
absl::StatusOr<Weights> ReadWeightsFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return absl::InvalidArgumentError(absl::StrCat("cannot read ", path, ": it is a directory"));
  }
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                             &std::fclose);
  if (file == nullptr) {
    return absl::NotFoundError(
        absl::StrFormat("%s: cannot open the weights file: %s", path, std::strerror(errno)));
  }
  std::string bytes;
  // Reads until `bytes` holds `size` bytes or the file ends.
  auto read_up_to = [&](std::size_t size) -> absl::Status {
    char buffer[1 << 16];
    while (bytes.size() < size) {
      const std::size_t n =
          std::fread(buffer, 1, std::min(sizeof buffer, size - bytes.size()), file.get());
      if (n == 0) break;
      bytes.append(buffer, n);
    }
    if (std::ferror(file.get()) != 0) {
      return absl::ErrnoToStatus(errno, absl::StrCat("cannot read ", path));
    }
    return absl::OkStatus();
  };
  if (absl::Status read = read_up_to(HeaderBytes()); !read.ok()) return read;
  if (absl::StatusOr<std::size_t> header = ParseHeader(bytes, path); !header.ok()) {
    return header.status();
  }
  if (absl::Status read = read_up_to(Weights::FileBytes() + 1); !read.ok()) return read;
  if (bytes.size() > Weights::FileBytes()) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": more than ", Weights::FileBytes(),
        " bytes, the size of a weights file of this build (trailing bytes, or an endless input)"));
  }
  return ParseWeights(bytes, path);
}

absl::Status WriteWeightsFile(const std::string& path, const Weights& weights) {
  return WriteFileAtomically(path, weights.Serialize());
}

const Weights& DefaultWeights() {
  static const Weights weights = [] {
    const std::string_view image(endsolve_default_weights,
                                 endsolve_default_weights_end - endsolve_default_weights);
    absl::StatusOr<Weights> parsed = ParseWeights(image, "built-in weights");
    // The build embeds a file this same build can read; anything else is a
    // broken build, not a user error.
    if (!parsed.ok()) {
      std::fprintf(stderr, "%s\n", parsed.status().ToString().c_str());
      std::abort();
    }
    return *std::move(parsed);
  }();
  return weights;
}

}  // namespace endsolve::eval
