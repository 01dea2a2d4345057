#include "app/scene/obj_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "app/scene/scene_error.h"
#include "app/scene/text_file.h"
#include "sim/host_memory.h"

namespace weft {

namespace {

constexpr uint64_t kMaxVertices = 1u << 26;  // 64 M: far beyond any cloth, far below overflow

struct LineCursor {
  std::string_view rest;

  std::string_view next_word() {
    const size_t start = rest.find_first_not_of(" \t\r");
    if (start == std::string_view::npos) {
      rest = {};
      return {};
    }
    rest.remove_prefix(start);
    const size_t end = rest.find_first_of(" \t\r");
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
    return word;
  }
};

class ObjParser {
 public:
  ObjParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  ObjMesh parse() {
    size_t position = 0;
    for (;;) {
      const size_t end = text_.find('\n', position);
      std::string_view line = text_.substr(
          position, end == std::string_view::npos ? std::string_view::npos : end - position);
      ++line_number_;
      parse_line(line);
      if (end == std::string_view::npos) break;
      position = end + 1;
    }
    resolve_faces();
    if (mesh_.triangles.empty()) {
      fail(0, "broken OBJ: no faces ('f' lines); weft needs triangles to simulate a mesh");
    }
    return std::move(mesh_);
  }

 private:
  struct RawCorner {
    int64_t index;  // as written, resolved against vertex_count_at
    uint64_t vertex_count_at;
  };
  struct RawFace {
    std::vector<RawCorner> corners;
    uint32_t line;
  };

  [[noreturn]] void fail(uint32_t line, const std::string& message) const {
    throw SceneError({file_, line, 0}, "", "", message);
  }

  void parse_line(std::string_view line) {
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) {
      line = line.substr(0, hash);
    }
    LineCursor cursor{line};
    const std::string_view keyword = cursor.next_word();
    if (keyword.empty()) return;
    if (keyword == "v") return parse_vertex(cursor);
    if (keyword == "f") return parse_face(cursor);
    // Attributes weft has no use for: skipped, so that files from any modeller load.
    static constexpr std::string_view ignored[] = {"vn", "vt",     "vp",     "o", "g",
                                                   "s",  "usemtl", "mtllib", "l", "p"};
    for (std::string_view known : ignored) {
      if (keyword == known) return;
    }
    // The word itself is not quoted: whatever file a scene names, weft never prints its content.
    fail(line_number_,
         "broken OBJ: unknown statement (expected a line starting with v, f, vn, vt, vp, o, g, s, "
         "usemtl, mtllib, l or p, or a # comment)");
  }

  double parse_coordinate(std::string_view word, const char* axis) const {
    double value = 0.0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (word.empty() || error != std::errc() || end != word.data() + word.size()) {
      fail(line_number_, std::string("broken OBJ: vertex ") + axis +
                             " coordinate is not a number (expected a decimal number such as "
                             "-1.5 or 2e-3)");
    }
    if (!std::isfinite(value) || std::abs(value) > std::numeric_limits<float>::max()) {
      fail(line_number_, std::string("broken OBJ: vertex ") + axis +
                             " coordinate is not a finite float (at most 3.4e38 in size)");
    }
    return value;
  }

  void parse_vertex(LineCursor& cursor) {
    if (mesh_.vertices.size() >= kMaxVertices) {
      fail(line_number_, "broken OBJ: more than " + std::to_string(kMaxVertices) + " vertices");
    }
    glm::vec3 position(0.0f);
    const char* axes[] = {"x", "y", "z"};
    for (int k = 0; k < 3; ++k) {
      const std::string_view word = cursor.next_word();
      if (word.empty()) fail(line_number_, "broken OBJ: a vertex needs x, y and z");
      position[k] = static_cast<float>(parse_coordinate(word, axes[k]));
    }
    // An optional w (and the colours some tools append) do not move the vertex.
    mesh_.vertices.push_back(position);
    mesh_.vertex_lines.push_back(line_number_);
  }

  void parse_face(LineCursor& cursor) {
    RawFace face{{}, line_number_};
    for (std::string_view word = cursor.next_word(); !word.empty(); word = cursor.next_word()) {
      // v, v/vt, v/vt/vn or v//vn: only v matters here.
      const std::string_view index_text = word.substr(0, word.find('/'));
      int64_t index = 0;
      const auto [end, error] =
          std::from_chars(index_text.data(), index_text.data() + index_text.size(), index);
      if (index_text.empty() || error != std::errc() ||
          end != index_text.data() + index_text.size() || index == 0) {
        fail(line_number_, "broken OBJ: face corner " + std::to_string(face.corners.size() + 1) +
                               " is not a vertex index (expected v, v/vt, v/vt/vn or v//vn with "
                               "v 1-based, or negative to count back)");
      }
      face.corners.push_back({index, mesh_.vertices.size()});
    }
    if (face.corners.size() < 3) {
      fail(line_number_, "broken OBJ: a face needs at least 3 vertices, got " +
                             std::to_string(face.corners.size()));
    }
    faces_.push_back(std::move(face));
  }

  // Positive indices may name vertices defined later in the file, so faces resolve at the end.
  uint32_t resolve(const RawCorner& corner, uint32_t line) const {
    const int64_t count = static_cast<int64_t>(mesh_.vertices.size());
    const int64_t zero_based = corner.index > 0
                                   ? corner.index - 1
                                   : static_cast<int64_t>(corner.vertex_count_at) + corner.index;
    if (zero_based < 0 || zero_based >= count) {
      fail(line,
           "broken OBJ: face uses vertex " + std::to_string(corner.index) + ", but the file " +
               (corner.index > 0
                    ? "has " + std::to_string(count) + " vertices"
                    : "had " + std::to_string(corner.vertex_count_at) + " vertices at that line"));
    }
    return static_cast<uint32_t>(zero_based);
  }

  void resolve_faces() {
    for (const RawFace& face : faces_) {
      const uint32_t first = resolve(face.corners[0], face.line);
      for (size_t k = 1; k + 1 < face.corners.size(); ++k) {
        mesh_.triangles.push_back(
            {first, resolve(face.corners[k], face.line), resolve(face.corners[k + 1], face.line)});
        mesh_.triangle_lines.push_back(face.line);
      }
    }
  }

  std::string_view text_;
  const std::string& file_;
  uint32_t line_number_ = 0;
  ObjMesh mesh_;
  std::vector<RawFace> faces_;
};

}  // namespace

ObjMesh parse_obj(std::string_view text, const std::string& file) {
  return ObjParser(text, file).parse();
}

ObjMesh read_obj_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  const TextFile file = read_text_file(path, max_obj_file_bytes());
  switch (file.status) {
    case TextFile::Status::read: break;
    case TextFile::Status::missing: throw SceneError({name, 0, 0}, "", "", "mesh file not found");
    case TextFile::Status::not_a_file:
      throw SceneError({name, 0, 0}, "", "", "mesh file is not a regular file");
    case TextFile::Status::unreadable:
      throw SceneError({name, 0, 0}, "", "", "mesh file cannot be read: " + file.reason);
    case TextFile::Status::too_large:
      throw SceneError({name, 0, 0}, "", "",
                       "mesh file is " + file.reason + " (the most weft reads as a mesh here)");
  }
  return parse_obj(file.text, name);
}

uint64_t max_obj_file_bytes() {
  // A mesh of the most particles a scene may have (16 M vertices, 32 M triangles) is about
  // 1.3 GB of OBJ text; the text is held whole while it is parsed, so half of the memory
  // available bounds it too.
  constexpr uint64_t kMaxObjBytes = uint64_t{3} << 29;  // 1.5 GiB
  const uint64_t available = host_memory_bytes();
  return available > 0 ? std::min(kMaxObjBytes, available / 2) : kMaxObjBytes;
}

}  // namespace weft
