// Reading a text input (a scene file, an OBJ mesh, a viewer script) whole, with an upper bound on
// its size: what a user names may be /dev/zero, a FIFO or a file larger than memory, and none of
// these may make weft read without end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace weft {

// The outcome of read_text_file: the text, or why there is none.
struct TextFile {
  enum class Status { read, missing, not_a_file, unreadable, too_large };
  Status status = Status::read;
  std::string text;
  std::string reason;  // unreadable: strerror; too_large: "larger than 1 MiB"

  bool ok() const { return status == Status::read; }
};

// Reads at most `max_bytes` from `path` (a regular file, or a FIFO or character device when
// `allow_streams`); a longer input is Status::too_large, with nothing kept.
TextFile read_text_file(const std::filesystem::path& path, uint64_t max_bytes,
                        bool allow_streams = false);

// The same, handing the text over a piece at a time as it is read (a large OBJ file is parsed
// without ever being held whole): the outcome's text stays empty.
TextFile read_text_pieces(const std::filesystem::path& path, uint64_t max_bytes,
                          const std::function<void(std::string_view)>& piece,
                          bool allow_streams = false);

// "64 MiB", "512 KiB", "100 bytes": sizes in messages.
std::string describe_bytes(uint64_t bytes);

}  // namespace weft
