#include "app/export/animation_exporter.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <limits>
#include <string>

#include <tiny_gltf.h>

#include "app/export/output_file.h"
#include "app/export/mesh_writers.h"
#include "app/export/output_checks.h"
#include "sim/model/link_state.h"

namespace weft {

static_assert(std::endian::native == std::endian::little,
              "PC2 and GLB are little-endian; this writer copies floats as they are in memory");

std::optional<AnimationFormat> animation_format_for(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  for (char& c : extension)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".pc2") return AnimationFormat::pc2;
  if (extension == ".glb") return AnimationFormat::glb;
  return std::nullopt;
}

namespace {

template <typename T>
void put(std::ostream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

uint64_t points_per_sample(const AnimationSamples& samples) {
  uint64_t count = 0;
  if (!samples.positions.empty()) {
    for (const std::vector<glm::vec3>& system : samples.positions.front())
      count += system.size();
  }
  return count;
}

}  // namespace

void write_pc2(std::ostream& out, const AnimationSamples& samples) {
  const uint64_t points = points_per_sample(samples);
  if (points > uint64_t{std::numeric_limits<int32_t>::max()} ||
      samples.positions.size() > size_t{std::numeric_limits<int32_t>::max()}) {
    throw ExportError("a point cache holds at most 2^31 - 1 points and samples");
  }
  out.write("POINTCACHE2", 12);  // with its terminating zero
  put<int32_t>(out, 1);          // version
  put<int32_t>(out, static_cast<int32_t>(points));
  put<float>(out, samples.frames.empty() ? 0.0f : static_cast<float>(samples.frames.front()));
  put<float>(out, static_cast<float>(samples.every));
  put<int32_t>(out, static_cast<int32_t>(samples.positions.size()));
  for (const auto& sample : samples.positions) {
    for (const std::vector<glm::vec3>& system : sample) {
      out.write(reinterpret_cast<const char*>(system.data()),
                static_cast<std::streamsize>(system.size() * sizeof(glm::vec3)));
    }
  }
}

void write_rest_obj(std::ostream& out, const Scene& scene,
                    const std::vector<SurfaceLayout>& layouts, const AnimationSamples& samples) {
  if (samples.positions.empty()) throw ExportError("no frame was recorded");
  out << kRestMeshFirstWords << " (frame " << samples.frames.front()
      << ") of a point cache; its vertices are the cache's points, in order\n";
  ObjCounts written;
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    write_obj_object(out, scene.systems[s].name, samples.positions.front()[s], layouts[s], written);
  }
}

namespace {

// Builds a glTF model whose single buffer is filled as accessors are added.
class GltfBuilder {
 public:
  tinygltf::Model model;

  GltfBuilder() {
    model.asset.version = "2.0";
    model.asset.generator = "weft";
    model.buffers.emplace_back();
  }

  int add_vec3(const std::vector<glm::vec3>& values, bool vertex_data) {
    glm::vec3 low(std::numeric_limits<float>::max());
    glm::vec3 high(std::numeric_limits<float>::lowest());
    for (const glm::vec3& v : values) {
      low = glm::min(low, v);
      high = glm::max(high, v);
    }
    if (values.empty()) low = high = glm::vec3(0.0f);
    const int view = add_view(values.data(), values.size() * sizeof(glm::vec3),
                              vertex_data ? TINYGLTF_TARGET_ARRAY_BUFFER : 0);
    tinygltf::Accessor accessor;
    accessor.bufferView = view;
    accessor.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    accessor.type = TINYGLTF_TYPE_VEC3;
    accessor.count = values.size();
    accessor.minValues = {low.x, low.y, low.z};
    accessor.maxValues = {high.x, high.y, high.z};
    return add_accessor(std::move(accessor));
  }

  int add_vec2(const std::vector<glm::vec2>& values) {
    const int view =
        add_view(values.data(), values.size() * sizeof(glm::vec2), TINYGLTF_TARGET_ARRAY_BUFFER);
    tinygltf::Accessor accessor;
    accessor.bufferView = view;
    accessor.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    accessor.type = TINYGLTF_TYPE_VEC2;
    accessor.count = values.size();
    return add_accessor(std::move(accessor));
  }

  int add_indices(const std::vector<uint32_t>& indices) {
    const int view = add_view(indices.data(), indices.size() * sizeof(uint32_t),
                              TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    tinygltf::Accessor accessor;
    accessor.bufferView = view;
    accessor.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    accessor.type = TINYGLTF_TYPE_SCALAR;
    accessor.count = indices.size();
    return add_accessor(std::move(accessor));
  }

  // Scalars; `bounds` adds min and max (animation inputs must have them).
  int add_floats(const std::vector<float>& values, bool bounds) {
    const int view = add_view(values.data(), values.size() * sizeof(float), 0);
    tinygltf::Accessor accessor;
    accessor.bufferView = view;
    accessor.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    accessor.type = TINYGLTF_TYPE_SCALAR;
    accessor.count = values.size();
    if (bounds && !values.empty()) {
      accessor.minValues = {*std::min_element(values.begin(), values.end())};
      accessor.maxValues = {*std::max_element(values.begin(), values.end())};
    }
    return add_accessor(std::move(accessor));
  }

 private:
  int add_view(const void* data, size_t bytes, int target) {
    std::vector<unsigned char>& buffer = model.buffers.front().data;
    const size_t offset = buffer.size();  // every element is 4 bytes: views stay 4-aligned
    buffer.resize(offset + bytes);
    if (bytes != 0) std::memcpy(buffer.data() + offset, data, bytes);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = offset;
    view.byteLength = bytes;
    view.target = target;
    model.bufferViews.push_back(std::move(view));
    return static_cast<int>(model.bufferViews.size() - 1);
  }

  int add_accessor(tinygltf::Accessor accessor) {
    model.accessors.push_back(std::move(accessor));
    return static_cast<int>(model.accessors.size() - 1);
  }
};

}  // namespace

void write_glb(std::ostream& out, const Scene& scene, const std::vector<SurfaceLayout>& layouts,
               const AnimationSamples& samples) {
  if (samples.positions.empty()) throw ExportError("no frame was recorded");
  const size_t sample_count = samples.positions.size();
  const size_t target_count = sample_count - 1;  // the first sample is the mesh itself
  GltfBuilder gltf;
  tinygltf::Scene gltf_scene;
  gltf_scene.name = scene.title;

  for (size_t s = 0; s < scene.systems.size(); ++s) {
    const SurfaceLayout& layout = layouts[s];
    const std::vector<glm::vec3>& base = samples.positions.front()[s];
    tinygltf::Primitive primitive;
    primitive.attributes["POSITION"] = gltf.add_vec3(base, true);
    std::vector<uint32_t> indices;
    if (layout.has_surface()) {
      primitive.mode = TINYGLTF_MODE_TRIANGLES;
      primitive.attributes["NORMAL"] = gltf.add_vec3(vertex_normals(base, layout.triangles), true);
      if (layout.uvs.size() == base.size()) {
        // glTF puts v = 0 at the top of an image, OBJ at the bottom: flip to show the same.
        std::vector<glm::vec2> uvs = layout.uvs;
        for (glm::vec2& uv : uvs)
          uv.y = 1.0f - uv.y;
        primitive.attributes["TEXCOORD_0"] = gltf.add_vec2(uvs);
      }
      for (const glm::uvec3& t : layout.triangles)
        indices.insert(indices.end(), {t.x, t.y, t.z});
    } else if (layout.has_lines()) {
      primitive.mode = TINYGLTF_MODE_LINE;
      for (const std::vector<uint32_t>& line : layout.polylines) {
        for (size_t i = 1; i < line.size(); ++i)
          indices.insert(indices.end(), {line[i - 1], line[i]});
      }
    } else {
      primitive.mode = TINYGLTF_MODE_POINTS;
    }
    if (!indices.empty()) primitive.indices = gltf.add_indices(indices);
    // Morph targets hold displacements from the mesh: sample k minus sample 0.
    for (size_t k = 1; k < sample_count; ++k) {
      const std::vector<glm::vec3>& now = samples.positions[k][s];
      std::vector<glm::vec3> displacement(base.size());
      for (size_t i = 0; i < base.size(); ++i)
        displacement[i] = now[i] - base[i];
      primitive.targets.push_back({{"POSITION", gltf.add_vec3(displacement, true)}});
    }
    tinygltf::Mesh mesh;
    mesh.name = scene.systems[s].name;
    mesh.primitives.push_back(std::move(primitive));
    mesh.weights.assign(target_count, 0.0);
    gltf.model.meshes.push_back(std::move(mesh));

    tinygltf::Node node;
    node.name = scene.systems[s].name;
    node.mesh = static_cast<int>(gltf.model.meshes.size() - 1);
    gltf.model.nodes.push_back(std::move(node));
    gltf_scene.nodes.push_back(static_cast<int>(gltf.model.nodes.size() - 1));
  }
  gltf.model.scenes.push_back(std::move(gltf_scene));
  gltf.model.defaultScene = 0;

  if (target_count > 0) {
    // Sample k at its time: weight k - 1 is 1 and every other 0; linear in between, so the
    // positions between samples are interpolated linearly too.
    std::vector<float> times;
    for (uint32_t frame : samples.frames)
      times.push_back(static_cast<float>(static_cast<double>(frame) * double{samples.frame_dt}));
    std::vector<float> weights(sample_count * target_count, 0.0f);
    for (size_t k = 1; k < sample_count; ++k)
      weights[k * target_count + (k - 1)] = 1.0f;
    const int input = gltf.add_floats(times, true);
    const int output = gltf.add_floats(weights, false);
    tinygltf::Animation animation;
    animation.name = "weft run";
    for (size_t s = 0; s < scene.systems.size(); ++s) {
      tinygltf::AnimationSampler sampler;
      sampler.input = input;
      sampler.output = output;
      sampler.interpolation = "LINEAR";
      animation.samplers.push_back(std::move(sampler));
      tinygltf::AnimationChannel channel;
      channel.sampler = static_cast<int>(animation.samplers.size() - 1);
      channel.target_node = static_cast<int>(s);
      channel.target_path = "weights";
      animation.channels.push_back(std::move(channel));
    }
    gltf.model.animations.push_back(std::move(animation));
  }
  gltf.model.buffers.front().name = "weft";
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&gltf.model, out, false, true)) {
    throw ExportError("the glTF writer failed");
  }
}

AnimationExporter::AnimationExporter(const Scene& scene, std::filesystem::path file, uint32_t every)
    : scene_(scene), file_(std::move(file)) {
  const std::optional<AnimationFormat> format = animation_format_for(file_);
  if (!format) {
    throw ExportError("cannot tell the animation format of " + file_.string() +
                      ": name it .pc2 (point cache) or .glb (glTF binary)");
  }
  format_ = *format;
  // Said now, not after a long run: the file (and a point cache's rest mesh) must be writable.
  if (auto problem = output_file_problem(file_, true)) {
    throw ExportError("cannot write " + file_.string() + ": " + *problem);
  }
  if (format_ == AnimationFormat::pc2) {
    if (auto problem = output_file_problem(rest_mesh_file(), rest_mesh_options())) {
      throw ExportError("cannot write " + rest_mesh_file().string() + ": " + *problem);
    }
  }
  samples_.every = every == 0 ? 1 : every;
  samples_.frame_dt = scene_.frame_dt();
  for (const SceneSystem& system : scene_.systems)
    layouts_.push_back(surface_layout(system));
}

uint32_t AnimationExporter::next_after(uint32_t frame, uint32_t last_frame) const {
  const uint64_t next = (uint64_t{frame} / samples_.every + 1) * samples_.every;
  return next < last_frame ? static_cast<uint32_t>(next) : last_frame;
}

void AnimationExporter::record(uint32_t frame, const std::vector<std::vector<glm::vec3>>& positions,
                               const std::vector<std::vector<uint32_t>>& link_states) {
  samples_.frames.push_back(frame);
  samples_.positions.push_back(positions);
  for (size_t s = 0; s < link_states.size() && s < layouts_.size(); ++s) {
    if (link_states[s].empty() || !layouts_[s].has_surface()) continue;
    layouts_[s].triangles = intact_triangles(scene_.systems[s].model, link_states[s]);
  }
}

std::filesystem::path AnimationExporter::rest_mesh_file() const {
  return rest_mesh_file_for(file_);
}

std::filesystem::path rest_mesh_file_for(const std::filesystem::path& point_cache) {
  std::filesystem::path rest = point_cache;
  rest.replace_extension(".obj");
  return rest;
}

OutputOptions rest_mesh_options() {
  OutputOptions options;
  options.streams_in_place = false;
  options.create_folders = true;
  options.replace = Replace::weft_files;
  options.weft_marker = kRestMeshFirstWords;
  return options;
}

namespace {

// Missing folders are created, as for every file weft writes.
const OutputOptions kCreate{true, true};

}  // namespace

std::vector<WrittenFile> AnimationExporter::finish() {
  if (format_ == AnimationFormat::glb) {
    return {write_output_file(
        file_, [&](std::ostream& out) { write_glb(out, scene_, layouts_, samples_); }, kCreate)};
  }
  // The rest mesh is put in place only once the point cache is written: both, or neither.
  PreparedFile rest = prepare_output_file(
      rest_mesh_file(), [&](std::ostream& out) { write_rest_obj(out, scene_, layouts_, samples_); },
      rest_mesh_options());
  const WrittenFile cache = write_output_file(
      file_, [&](std::ostream& out) { write_pc2(out, samples_); }, kCreate);
  return {cache, rest.commit()};
}

}  // namespace weft
