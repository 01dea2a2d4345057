// How weft writes a user's outputs (app/export/output_file.h): the temporary file cannot be
// redirected by anything planted in the folder, a planted link at the target is replaced and
// never followed, what is not a file is not replaced, and a failed write keeps the old file and
// leaves no temporary one.
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/export/output_file.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

fs::path scratch_directory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("weft_output_file_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text(const fs::path& file, const std::string& text) {
  std::ofstream(file) << text;
}

std::set<std::string> hidden_entries(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name[0] == '.') names.insert(name);
  }
  return names;
}

// A link planted where a predictable temporary name would be (".<name>.tmp-<pid>") must not
// receive the write: the temporary file is created new (O_EXCL | O_NOFOLLOW), under a name no
// one can guess.
TEST(OutputFile, LinkPlantedAtAPredictableTemporaryNameIsNotFollowed) {
  const fs::path dir = scratch_directory("planted_temporary");
  write_text(dir / "victim", "precious");
  fs::create_symlink(dir / "victim", dir / (".frame.obj.tmp-" + std::to_string(::getpid())));
  write_output_file(dir / "frame.obj", [](std::ostream& out) { out << "v 0 0 0\n"; });
  EXPECT_EQ(read_text(dir / "victim"), "precious");
  EXPECT_FALSE(fs::is_symlink(dir / "frame.obj"));
  EXPECT_EQ(read_text(dir / "frame.obj"), "v 0 0 0\n");
}

TEST(OutputFile, TemporaryNamesAreFreshRegularFilesNoOneCanGuess) {
  const fs::path dir = scratch_directory("temporary_names");
  std::vector<std::string> seen;
  for (int i = 0; i < 2; ++i) {
    write_output_file(dir / "frame.obj", [&](std::ostream& out) {
      out << "v 0 0 0\n";
      const std::set<std::string> hidden = hidden_entries(dir);
      ASSERT_EQ(hidden.size(), 1u);
      const std::string name = *hidden.begin();
      const std::string pid = std::to_string(::getpid());
      EXPECT_TRUE(std::regex_match(
          name, std::regex(R"(\.frame\.obj\.weft-)" + pid + R"(-[0-9a-f]{16}\.tmp)")))
          << name;
      EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(dir / name))) << name;
      seen.push_back(name);
    });
  }
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_NE(seen[0], seen[1]);
  EXPECT_TRUE(hidden_entries(dir).empty());
}

TEST(OutputFile, LinkPlantedAtTheTargetIsReplacedNotFollowed) {
  const fs::path dir = scratch_directory("planted_target");
  write_text(dir / "victim", "precious");
  fs::create_symlink(dir / "victim", dir / "final.csv");
  write_output_file(dir / "final.csv", [](std::ostream& out) { out << "index,x,y,z\n"; });
  EXPECT_EQ(read_text(dir / "victim"), "precious");
  EXPECT_FALSE(fs::is_symlink(dir / "final.csv"));
  EXPECT_EQ(read_text(dir / "final.csv"), "index,x,y,z\n");
}

// A socket (or a folder) at the target is refused and stays what it was.
TEST(OutputFile, WhatIsNeitherFileNorStreamIsNotReplaced) {
  const fs::path dir = scratch_directory("socket");
  const fs::path socket_path = dir / "socket";
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
  EXPECT_EQ(output_kind(socket_path), OutputKind::unsupported);
  try {
    write_output_file(socket_path, [](std::ostream& out) { out << "x"; });
    ADD_FAILURE() << "wrote over a socket";
  } catch (const ExportError& error) {
    EXPECT_NE(std::string(error.what()).find("socket"), std::string::npos) << error.what();
  }
  EXPECT_TRUE(fs::is_socket(socket_path));
  ::close(fd);

  fs::create_directory(dir / "folder");
  EXPECT_EQ(output_kind(dir / "folder"), OutputKind::folder);
  EXPECT_THROW(write_output_file(dir / "folder", [](std::ostream& out) { out << "x"; }),
               ExportError);
  EXPECT_TRUE(fs::is_directory(dir / "folder"));
  EXPECT_TRUE(hidden_entries(dir).empty());
}

// RLIMIT_FSIZE makes a write fail part way, as a full disk does: the error names the file and the
// reason, the previous file is intact, and no temporary file is left.
TEST(OutputFile, AWriteThatFailsPartWayKeepsThePreviousFile) {
  const fs::path dir = scratch_directory("file_size_limit");
  write_text(dir / "final.csv", "the previous run");
  const auto previous_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit limited = saved;
  limited.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
  std::string message;
  try {
    write_output_file(dir / "final.csv",
                      [](std::ostream& out) { out << std::string(1 << 20, 'x'); });
  } catch (const ExportError& error) {
    message = error.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous_handler);
  EXPECT_EQ(message, "cannot write " + (dir / "final.csv").string() + ": File too large");
  EXPECT_EQ(read_text(dir / "final.csv"), "the previous run");
  EXPECT_TRUE(hidden_entries(dir).empty());
}

TEST(OutputFile, AFailureInsideTheWriterRemovesTheTemporaryFile) {
  const fs::path dir = scratch_directory("writer_throws");
  EXPECT_THROW(write_output_file(dir / "frame.obj",
                                 [](std::ostream& out) {
                                   out << "v 0 0 0\n";
                                   throw ExportError("the data ran out");
                                 }),
               ExportError);
  EXPECT_TRUE(fs::is_empty(dir));
  EXPECT_THROW(write_output_file(dir / "missing" / "frame.obj", [](std::ostream&) {}), ExportError);
  OutputOptions create;
  create.create_folders = true;
  write_output_file(
      dir / "made" / "for" / "it.csv", [](std::ostream& out) { out << "1\n"; }, create);
  EXPECT_EQ(read_text(dir / "made" / "for" / "it.csv"), "1\n");
}

// A file replaced keeps its permissions (a private 0600 file stays private); one with other
// hard links is refused, since the rename would leave the other names with the old content.
TEST(OutputFile, AReplacedFileKeepsItsPermissionsAndHardLinksAreRefused) {
  const fs::path dir = scratch_directory("permissions");
  write_text(dir / "private.csv", "old");
  fs::permissions(dir / "private.csv", fs::perms::owner_read | fs::perms::owner_write);
  const WrittenFile written =
      write_output_file(dir / "private.csv", [](std::ostream& out) { out << "new"; });
  EXPECT_TRUE(written.replaced);
  EXPECT_EQ(read_text(dir / "private.csv"), "new");
  EXPECT_EQ(fs::status(dir / "private.csv").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_FALSE(
      write_output_file(dir / "fresh.csv", [](std::ostream& out) { out << "x"; }).replaced);

  fs::create_hard_link(dir / "private.csv", dir / "backup.csv");
  try {
    write_output_file(dir / "private.csv", [](std::ostream& out) { out << "newer"; });
    ADD_FAILURE() << "replaced a file with two hard links";
  } catch (const ExportError& error) {
    EXPECT_NE(std::string(error.what()).find("2 hard links"), std::string::npos) << error.what();
  }
  EXPECT_EQ(read_text(dir / "backup.csv"), "new");
  EXPECT_TRUE(hidden_entries(dir).empty());
}

// Names weft makes from one the user gave replace only files weft wrote (their first bytes say
// so); names weft chose alone replace nothing.
TEST(OutputFile, WhatMayBeReplacedDependsOnWhoNamedTheFile) {
  const fs::path dir = scratch_directory("replace");
  OutputOptions weft_files;
  weft_files.replace = Replace::weft_files;
  weft_files.weft_marker = "# weft:";
  write_text(dir / "mine.obj", "v 0 0 0\n");
  EXPECT_THROW(write_output_file(
                   dir / "mine.obj", [](std::ostream& out) { out << "# weft: x"; }, weft_files),
               ExportError);
  EXPECT_EQ(read_text(dir / "mine.obj"), "v 0 0 0\n");
  write_text(dir / "victim", "precious");
  fs::create_symlink(dir / "victim", dir / "link.obj");
  EXPECT_THROW(write_output_file(
                   dir / "link.obj", [](std::ostream& out) { out << "# weft: x"; }, weft_files),
               ExportError);
  EXPECT_TRUE(fs::is_symlink(dir / "link.obj"));
  write_text(dir / "earlier.obj", "# weft: an earlier one\n");
  EXPECT_TRUE(write_output_file(
                  dir / "earlier.obj", [](std::ostream& out) { out << "# weft: y"; }, weft_files)
                  .replaced);
  EXPECT_EQ(read_text(dir / "earlier.obj"), "# weft: y");

  OutputOptions never;
  never.replace = Replace::never;
  EXPECT_THROW(write_output_file(
                   dir / "earlier.obj", [](std::ostream& out) { out << "z"; }, never),
               ExportError);
  EXPECT_EQ(read_text(dir / "earlier.obj"), "# weft: y");
  EXPECT_TRUE(hidden_entries(dir).empty());
}

// Numbered names skip every name in use, files and links alike, and a later number is taken
// when one appears between the look and the write.
TEST(OutputFile, NumberedFilesNeverReplaceAFile) {
  const fs::path dir = scratch_directory("numbered");
  write_text(dir / "shot-1.png", "an earlier run's");
  write_text(dir / "victim", "precious");
  fs::create_symlink(dir / "victim", dir / "shot-2.png");
  uint32_t next = 1;
  const auto name = [&](uint32_t n) { return dir / ("shot-" + std::to_string(n) + ".png"); };
  EXPECT_EQ(write_numbered_file(name, next, [](std::ostream& out) { out << "3"; }), name(3));
  EXPECT_EQ(next, 4u);
  EXPECT_EQ(write_numbered_file(name, next,
                                [&](std::ostream& out) {
                                  out << "5";
                                  write_text(name(4), "appeared meanwhile");
                                }),
            name(5));
  EXPECT_EQ(read_text(dir / "shot-1.png"), "an earlier run's");
  EXPECT_EQ(read_text(dir / "victim"), "precious");
  EXPECT_EQ(read_text(name(3)), "3");
  EXPECT_EQ(read_text(name(4)), "appeared meanwhile");
  EXPECT_EQ(read_text(name(5)), "5");
  EXPECT_TRUE(hidden_entries(dir).empty());
}

// What a killed weft left (a temporary file named after a process that is gone) is removed by
// the next write into that folder; a live process's, a link, and a file that only looks alike
// are kept.
TEST(OutputFile, TemporaryFilesOfAKilledWeftAreRemovedByTheNextWrite) {
  const fs::path dir = scratch_directory("stale");
  const pid_t gone = ::fork();
  if (gone == 0) ::_exit(0);
  ASSERT_GT(gone, 0);
  int status = 0;
  ::waitpid(gone, &status, 0);
  const std::string stale = ".final.csv.weft-" + std::to_string(gone) + "-0123456789abcdef.tmp";
  const std::string live =
      ".final.csv.weft-" + std::to_string(::getppid()) + "-0123456789abcdef.tmp";
  const std::string link = ".other.csv.weft-" + std::to_string(gone) + "-fedcba9876543210.tmp";
  const std::string alike = ".final.csv.weft-" + std::to_string(gone) + "-not-hex.tmp";
  write_text(dir / stale, "left by a killed weft");
  write_text(dir / live, "being written");
  write_text(dir / alike, "someone's");
  write_text(dir / "victim", "precious");
  fs::create_symlink(dir / "victim", dir / link);
  write_output_file(dir / "final.csv", [](std::ostream& out) { out << "1\n"; });
  EXPECT_EQ(hidden_entries(dir), (std::set<std::string>{live, link, alike}));
  EXPECT_EQ(read_text(dir / "victim"), "precious");
}

}  // namespace
}  // namespace weft::test
