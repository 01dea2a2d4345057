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
      EXPECT_TRUE(std::regex_match(name, std::regex(R"(\.frame\.obj\.weft-[0-9a-f]{16}\.tmp)")))
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

}  // namespace
}  // namespace weft::test
