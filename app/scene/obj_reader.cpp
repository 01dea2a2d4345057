#include "app/scene/obj_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "app/scene/particle_budget.h"
#include "app/scene/scene_error.h"
#include "app/scene/text_file.h"
#include "sim/model/host_memory.h"

namespace weft {

namespace {

constexpr uint64_t kMaxVertices = 1u << 26;  // 64 M: far beyond any cloth, far below overflow
// A face is split into a fan from its first corner, which then joins every other: a polygon of
// more corners than this is no cloth a solver can order (sim/core/solver_core.h: passes per frame),
// and refusing it at its line costs nothing.
constexpr uint64_t kMaxFaceCorners = 10000;
// Triangles read per vertex a scene may have: a closed mesh has two, a cloth fewer.
constexpr uint64_t kTrianglesPerVertex = 4;

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

// How much of a mesh fits in the memory weft may use here, bounded as it is read: the file's size
// does not bound it (a line of a few bytes is a triangle of 16), the particles a scene may have
// do (particle_budget.h), and a mesh has about two triangles per vertex.
struct ObjLimits {
  uint64_t vertices = kMaxVertices;
  uint64_t triangles = 4 * kMaxVertices;
  std::string limited_by = "weft's limit";
};

ObjLimits limits_here() {
  const ParticleBudget budget = particle_budget();
  ObjLimits limits;
  limits.vertices = std::min(kMaxVertices, budget.max_particles);
  limits.triangles = kTrianglesPerVertex * limits.vertices;
  limits.limited_by = budget.limited_by;
  return limits;
}

// Fed one line at a time, so that a file is never held whole: what it keeps is the mesh itself,
// each polygon split into its triangle fan as it is read (16 bytes per triangle, 16 per vertex).
class ObjParser {
 public:
  ObjParser(const std::string& file, ObjLimits limits) : file_(file), limits_(std::move(limits)) {}

  void parse_line(std::string_view line) {
    ++line_number_;
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

  ObjMesh finish() {
    // Positive indices may name vertices defined later in the file: checked once all are read.
    const uint64_t count = mesh_.vertices.size();
    for (size_t t = 0; t < mesh_.triangles.size(); ++t) {
      const glm::uvec3 triangle = mesh_.triangles[t];
      for (int k = 0; k < 3; ++k) {
        if (triangle[k] >= count) {
          fail(mesh_.triangle_lines[t],
               "broken OBJ: face uses vertex " + std::to_string(uint64_t{triangle[k]} + 1) +
                   ", but the file has " + std::to_string(count) + " vertices");
        }
      }
    }
    if (mesh_.triangles.empty()) {
      fail(0, "broken OBJ: no faces ('f' lines); weft needs triangles to simulate a mesh");
    }
    return std::move(mesh_);
  }

 private:
  [[noreturn]] void fail(uint32_t line, const std::string& message) const {
    throw SceneError({file_, line, 0}, "", "", message);
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
    if (mesh_.vertices.size() >= limits_.vertices) {
      fail(line_number_, "broken OBJ: more than " + std::to_string(limits_.vertices) +
                             " vertices, the most a scene may have here (" + limits_.limited_by +
                             ")");
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

  // The 0-based vertex of a corner: a negative index counts back from the vertices read so far
  // (checked now); a positive one may name a later vertex (checked by finish()).
  uint32_t corner_vertex(std::string_view word, uint64_t corner) const {
    // v, v/vt, v/vt/vn or v//vn: only v matters here.
    const std::string_view index_text = word.substr(0, word.find('/'));
    int64_t index = 0;
    const auto [end, error] =
        std::from_chars(index_text.data(), index_text.data() + index_text.size(), index);
    if (index_text.empty() || error != std::errc() ||
        end != index_text.data() + index_text.size() || index == 0) {
      fail(line_number_, "broken OBJ: face corner " + std::to_string(corner) +
                             " is not a vertex index (expected v, v/vt, v/vt/vn or v//vn with "
                             "v 1-based, or negative to count back)");
    }
    if (index > static_cast<int64_t>(kMaxVertices)) {
      fail(line_number_, "broken OBJ: face uses vertex " + std::to_string(index) + ", beyond the " +
                             std::to_string(kMaxVertices) + " vertices weft reads");
    }
    const int64_t count = static_cast<int64_t>(mesh_.vertices.size());
    if (index < 0 && count + index < 0) {
      fail(line_number_, "broken OBJ: face uses vertex " + std::to_string(index) +
                             ", but the file had " + std::to_string(count) +
                             " vertices at that line");
    }
    return static_cast<uint32_t>(index > 0 ? index - 1 : count + index);
  }

  void parse_face(LineCursor& cursor) {
    uint32_t first = 0;
    uint32_t previous = 0;
    uint64_t corners = 0;
    for (std::string_view word = cursor.next_word(); !word.empty(); word = cursor.next_word()) {
      const uint32_t vertex = corner_vertex(word, ++corners);
      if (corners > kMaxFaceCorners) {
        fail(line_number_, "broken OBJ: a face of more than " + std::to_string(kMaxFaceCorners) +
                               " corners (split it into smaller faces: weft joins a face's first "
                               "corner to all the others)");
      }
      if (corners == 1) first = vertex;
      if (corners >= 3) {
        if (mesh_.triangles.size() >= limits_.triangles) {
          fail(line_number_, "broken OBJ: more than " + std::to_string(limits_.triangles) +
                                 " triangles, " + std::to_string(kTrianglesPerVertex) +
                                 " for each vertex a scene may have here (" + limits_.limited_by +
                                 ")");
        }
        mesh_.triangles.push_back({first, previous, vertex});
        mesh_.triangle_lines.push_back(line_number_);
      }
      previous = vertex;
    }
    if (corners < 3) {
      fail(line_number_,
           "broken OBJ: a face needs at least 3 vertices, got " + std::to_string(corners));
    }
  }

  const std::string& file_;
  const ObjLimits limits_;
  uint32_t line_number_ = 0;
  ObjMesh mesh_;
};

}  // namespace

ObjMesh parse_obj(std::string_view text, const std::string& file) {
  ObjParser parser(file, limits_here());
  size_t position = 0;
  for (;;) {
    const size_t end = text.find('\n', position);
    parser.parse_line(text.substr(
        position, end == std::string_view::npos ? std::string_view::npos : end - position));
    if (end == std::string_view::npos) break;
    position = end + 1;
  }
  return parser.finish();
}

ObjMesh read_obj_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  ObjParser parser(name, limits_here());
  std::string partial;  // a line cut by the end of a piece, until its end comes
  const TextFile file = read_text_pieces(path, max_obj_file_bytes(), [&](std::string_view piece) {
    size_t position = 0;
    for (size_t end = piece.find('\n'); end != std::string_view::npos;
         end = piece.find('\n', position)) {
      if (partial.empty()) {
        parser.parse_line(piece.substr(position, end - position));
      } else {
        partial.append(piece.substr(position, end - position));
        parser.parse_line(partial);
        partial.clear();
      }
      position = end + 1;
    }
    partial.append(piece.substr(position));
  });
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
  parser.parse_line(partial);  // the last line, or "" (as after a final line feed)
  return parser.finish();
}

uint64_t max_obj_file_bytes() {
  // A mesh of the most particles a scene may have (16 M vertices, 32 M triangles) is about
  // 1.3 GB of OBJ text. The text is read a piece at a time (the mesh's own size is bounded as it
  // is read), but a file larger than half the memory available here could only be refused after
  // reading it all: refused at once.
  constexpr uint64_t kMaxObjBytes = uint64_t{3} << 29;  // 1.5 GiB
  const uint64_t available = host_memory_bytes();
  return available > 0 ? std::min(kMaxObjBytes, available / 2) : kMaxObjBytes;
}

}  // namespace weft
