// What endsolve writes, and what it never touches (output/): an output path
// is checked before any work, and a file is replaced whole or not at all.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "endsolve/output/output_path.h"
#include "endsolve/output/write_file.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class OutputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           absl::StrCat("endsolve_output_test_", getpid(), "_",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  static void Write(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
  }
  static std::string Read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The names in the folder, apart from `except`.
  std::vector<std::string> Others(const std::string& except) const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) {
      if (e.path().filename() != except) names.push_back(e.path().filename().string());
    }
    return names;
  }
  fs::path dir_;
};

// A whole file replaced at once: the new bytes, no temporary left behind.
TEST_F(OutputTest, WriteFileAtomicallyReplacesTheWholeFile) {
  const std::string path = Path("out.bin");
  ASSERT_TRUE(WriteFileAtomically(path, "old contents").ok());
  ASSERT_TRUE(WriteFileAtomically(path, std::string("new\0bytes", 9)).ok());
  EXPECT_EQ(Read(path), std::string("new\0bytes", 9));
  EXPECT_THAT(Others("out.bin"), ::testing::IsEmpty());
}

// A folder that does not exist is named in the error, and the old file of
// a failed write is untouched.
TEST_F(OutputTest, WriteFileAtomicallySaysWhyNot) {
  const std::string missing = Path("no-such-folder/out.bin");
  EXPECT_EQ(WriteFileAtomically(missing, "bytes").message(),
            absl::StrCat("cannot write ", missing, ": No such file or directory"));
  // A rename that fails (a non-empty folder stands at the path) removes the
  // temporary file it wrote.
  fs::create_directories(Path("a-folder/inside"));
  const absl::Status renamed = WriteFileAtomically(Path("a-folder"), "bytes");
  EXPECT_THAT(std::string(renamed.message()),
              HasSubstr(absl::StrCat("cannot rename a new file over ", Path("a-folder"))));
  EXPECT_THAT(Others("a-folder"), ::testing::IsEmpty());
}

// The temporary file is a fresh name: a user's PATH.tmp is never touched,
// a symbolic link there is not followed, an empty folder there stays.
TEST_F(OutputTest, WriteFileAtomicallyLeavesEveryOtherNameAlone) {
  Write(Path("new2.svg.tmp"), "the user's own file");
  Write(Path("unrelated.txt"), "unrelated");
  fs::create_symlink(Path("unrelated.txt"), Path("link.svg.tmp"));
  fs::create_directories(Path("out.svg.tmp"));
  ASSERT_TRUE(WriteFileAtomically(Path("new2.svg"), "<svg />").ok());
  ASSERT_TRUE(WriteFileAtomically(Path("link.svg"), "<svg />").ok());
  ASSERT_TRUE(WriteFileAtomically(Path("out.svg"), "<svg />").ok());
  EXPECT_EQ(Read(Path("new2.svg.tmp")), "the user's own file");
  EXPECT_EQ(Read(Path("unrelated.txt")), "unrelated");
  EXPECT_TRUE(fs::is_symlink(Path("link.svg.tmp")));
  EXPECT_TRUE(fs::is_directory(Path("out.svg.tmp")));
  EXPECT_EQ(Read(Path("link.svg")), "<svg />");
}

// A file it replaces keeps its permissions; a new one is readable by all.
TEST_F(OutputTest, WriteFileAtomicallyKeepsPermissions) {
  Write(Path("kept.csv"), "a\n");
  fs::permissions(Path("kept.csv"), fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_TRUE(WriteFileAtomically(Path("kept.csv"), "b\n").ok());
  EXPECT_EQ(fs::status(Path("kept.csv")).permissions(),
            fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_TRUE(WriteFileAtomically(Path("new.csv"), "b\n").ok());
  EXPECT_EQ(fs::status(Path("new.csv")).permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                fs::perms::others_read);
}

// One file under any spelling: a link, a "." or "..", a file not yet made.
TEST_F(OutputTest, SameFileSeesEverySpelling) {
  Write(Path("a.obf"), "x");
  fs::create_symlink(Path("a.obf"), Path("b.obf"));
  EXPECT_TRUE(SameFile(Path("a.obf"), Path("b.obf")));
  EXPECT_TRUE(SameFile(Path("a.obf"), (dir_ / "." / "a.obf").string()));
  EXPECT_TRUE(SameFile(Path("new.jsonl"), (dir_ / ".." / dir_.filename() / "new.jsonl").string()));
  EXPECT_FALSE(SameFile(Path("new.jsonl"), Path("new2.jsonl")));
  EXPECT_FALSE(SameFile(Path("a.obf"), Path("new.jsonl")));
}

TEST_F(OutputTest, AnOutputIsNeverAnInput) {
  Write(Path("in.obf"), "positions");
  EXPECT_EQ(CheckOutputPath("--csv", Path("in.obf"), CsvTable("a CSV table", "id,score"),
                            {Path("other.obf"), Path("in.obf")})
                .message(),
            absl::StrCat("--csv ", Path("in.obf"),
                         " is also an input of this run; an output goes to a file of its own"));
}

TEST_F(OutputTest, AFileOfAnotherKindIsLeftAlone) {
  Write(Path("precious.txt"), "my notes\n");
  EXPECT_EQ(CheckOutputPath("--csv", Path("precious.txt"),
                            CsvTable("a CSV table of endsolve study", "id,score"), {})
                .message(),
            absl::StrCat("--csv ", Path("precious.txt"),
                         " exists and is not a CSV table of endsolve study; it is left alone: "
                         "remove it or give --csv another file"));
  Write(Path("old.csv"), "id,score\nffo-40,38\n");
  EXPECT_TRUE(CheckOutputPath("--csv", Path("old.csv"), CsvTable("a CSV table", "id,score"), {}).ok());
  Write(Path("header-only.csv"), "id,score");
  EXPECT_TRUE(
      CheckOutputPath("--csv", Path("header-only.csv"), CsvTable("a CSV table", "id,score"), {}).ok());
  Write(Path("longer.csv"), "id,score,more\n");
  EXPECT_FALSE(CheckOutputPath("--csv", Path("longer.csv"), CsvTable("a CSV table", "id,score"), {}).ok());
  // A new file is always fine; no path is an option not given.
  EXPECT_TRUE(CheckOutputPath("--csv", Path("new.csv"), CsvTable("a CSV table", "id,score"), {}).ok());
  EXPECT_TRUE(CheckOutputPath("--csv", "", CsvTable("a CSV table", "id,score"), {Path("old.csv")}).ok());
}

TEST_F(OutputTest, PicturesAndResultsAreToldByTheirFirstBytes) {
  Write(Path("old.svg"), "<?xml version=\"1.0\"?>\n<svg ...");
  Write(Path("old.png"), "\x89PNG\r\n\x1a\n....");
  Write(Path("old.jsonl"), "{\"id\":\"a:1:0\"}\n");
  Write(Path("empty.jsonl"), "");
  Write(Path("notes.svg"), "not a picture");
  Write(Path("games.wtb"), std::string("\x1a\x0b\x05\x00", 4));
  EXPECT_TRUE(CheckOutputPath("--svg", Path("old.svg"), SvgPicture(), {}).ok());
  EXPECT_TRUE(CheckOutputPath("--plot", Path("old.png"), PlotPicture(Path("old.png")), {}).ok());
  EXPECT_FALSE(CheckOutputPath("--plot", Path("old.svg"), PlotPicture(Path("old.png")), {}).ok());
  EXPECT_TRUE(CheckOutputPath("--out", Path("old.jsonl"), JsonLines("a results file"), {}).ok());
  EXPECT_TRUE(CheckOutputPath("--out", Path("empty.jsonl"), JsonLines("a results file"), {}).ok());
  EXPECT_FALSE(CheckOutputPath("--svg", Path("notes.svg"), SvgPicture(), {}).ok());
  EXPECT_EQ(CheckOutputPath("--out", Path("games.wtb"), JsonLines("a results file"), {}).message(),
            absl::StrCat("--out ", Path("games.wtb"),
                         " exists and is not a results file; it is left alone: remove it or "
                         "give --out another file"));
}

TEST_F(OutputTest, OnlyARegularFileInAnExistingFolder) {
  fs::create_directories(Path("folder"));
  EXPECT_EQ(CheckOutputPath("--csv", Path("folder"), CsvTable("a CSV table", "id"), {}).message(),
            absl::StrCat("--csv ", Path("folder"), " is a folder; expected a file name"));
  EXPECT_EQ(CheckOutputPath("--csv", Path("none/x.csv"), CsvTable("a CSV table", "id"), {}).message(),
            absl::StrCat("--csv ", Path("none/x.csv"), ": there is no folder ", Path("none"),
                         " to write it in"));
  ASSERT_EQ(mkfifo(Path("fifo").c_str(), 0644), 0);
  EXPECT_EQ(CheckOutputPath("--claims", Path("fifo"), JsonLines("x"), {}).message(),
            absl::StrCat("--claims ", Path("fifo"),
                         " is not a regular file (a device, a pipe or a socket); give --claims a "
                         "file"));
  EXPECT_FALSE(CheckOutputPath("--out", "/dev/full", JsonLines("x"), {}).ok());
  // An option that only makes new files refuses any file there.
  Write(Path("old.obf"), "x");
  EXPECT_EQ(CheckOutputPath("--obf", Path("old.obf"), OutputKind{"an .obf file", nullptr}, {})
                .message(),
            absl::StrCat("--obf ", Path("old.obf"),
                         " exists; it is left alone: give --obf a file that does not exist yet"));
}

}  // namespace
}  // namespace endsolve
