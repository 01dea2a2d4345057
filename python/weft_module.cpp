// The Python module `weft`: a scene simulated on the CPU reference or the GPU, its positions as
// numpy arrays, its keys read and changed by name, its report and exports (docs/python.md).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python_values.h"
#include "weft/gpu.h"
#include "weft/weft.h"

namespace py = pybind11;
using weft::api::Scene;
using weft::api::Simulation;

namespace {

std::vector<std::string> override_list(const py::object& overrides) {
  std::vector<std::string> out;
  if (overrides.is_none()) return out;
  if (py::isinstance<py::dict>(overrides)) {
    for (const auto& [key, value] : overrides.cast<py::dict>())
      out.push_back(py::str(key).cast<std::string>() + "=" + weft::python::toml_text(value));
    return out;
  }
  for (const py::handle item : overrides)  // "KEY=VALUE" strings, as --set takes them
    out.push_back(item.cast<std::string>());
  return out;
}

Simulation make(const Scene& scene, const std::string& device, bool validation, int threads) {
  if (threads < 0)
    throw weft::api::InputError("threads is 0 (every core) or more, not " +
                                std::to_string(threads));
  if (device != "cpu" && threads != 1) {
    throw weft::api::InputError("threads is for the CPU reference (device=\"cpu\")");
  }
  if (device == "cpu") return Simulation(scene, static_cast<unsigned>(threads));
  if (device == "gpu") return weft::api::make_gpu_simulation(scene, {"", validation});
  throw weft::api::InputError("device is \"cpu\" or \"gpu\", not \"" + device + "\"");
}

py::array_t<float> points_array(const std::vector<weft::api::Vec3>& points) {
  py::array_t<float> out({points.size(), size_t{3}});
  auto view = out.mutable_unchecked<2>();
  for (size_t i = 0; i < points.size(); ++i) {
    view(i, 0) = points[i].x;
    view(i, 1) = points[i].y;
    view(i, 2) = points[i].z;
  }
  return out;
}

py::dict report_dict(const weft::api::Report& report) {
  py::list systems;
  for (const weft::api::SystemReport& s : report.systems) {
    py::dict system;
    system["name"] = s.name;
    system["kinetic_energy"] = s.kinetic_energy;
    system["gravitational_energy"] = s.gravitational_energy;
    system["elastic_energy"] = s.elastic_energy;
    system["max_strain"] = s.max_strain;
    system["mean_strain"] = s.mean_strain;
    system["links"] = s.links;
    system["torn_links"] = s.torn_links;
    system["contacts"] = s.contacts;
    system["nonfinite"] = s.nonfinite;
    system["blow_up"] = s.blow_up;
    systems.append(system);
  }
  py::dict out;
  out["frame"] = report.frame;
  out["time"] = report.time;
  out["systems"] = systems;
  return out;
}

}  // namespace

PYBIND11_MODULE(weft, m) {
  m.doc() = "weft: cloth, ropes and particles simulated on the CPU reference or the GPU";
  py::register_exception<weft::api::InputError>(m, "InputError", PyExc_ValueError);
  py::register_exception<weft::api::MachineError>(m, "MachineError", PyExc_RuntimeError);

  py::class_<Simulation>(m, "Simulation",
                         "A scene advanced frame by frame by the CPU reference or the GPU solver")
      .def(py::init([](const std::string& path, const std::string& device,
                       const py::object& overrides, bool validation, int threads) {
             return make(Scene::from_file(path, override_list(overrides)), device, validation,
                         threads);
           }),
           py::arg("path"), py::arg("device") = "cpu", py::arg("overrides") = py::none(),
           py::arg("validation") = false, py::arg("threads") = 1,
           "Reads a scene file (scenes weft ships are found from any folder); overrides: "
           "{key: value} or [\"KEY=VALUE\"], checked as the file's own keys; threads: the CPU "
           "reference's (0: every core; the results are the same for any count)")
      .def_static(
          "from_string",
          [](const std::string& text, const std::string& device, const py::object& overrides,
             const std::string& name, const std::string& mesh_folder, bool validation,
             int threads) {
            return make(Scene::from_string(text, override_list(overrides), name, mesh_folder),
                        device, validation, threads);
          },
          py::arg("text"), py::arg("device") = "cpu", py::arg("overrides") = py::none(),
          py::arg("name") = "scene.toml", py::arg("mesh_folder") = ".",
          py::arg("validation") = false, py::arg("threads") = 1)
      .def("step", &Simulation::step, py::arg("frames") = 1,
           py::call_guard<py::gil_scoped_release>(), "Simulates frames, firing the scene's events")
      .def_property_readonly("frame", &Simulation::frame)
      .def_property_readonly("time", &Simulation::time, "s simulated")
      .def_property_readonly("device", &Simulation::device)
      .def_property_readonly("validation_errors", &Simulation::validation_errors,
                             "Errors the Vulkan validation layer reported (validation=True)")
      .def_property_readonly("frame_dt", [](const Simulation& s) { return s.scene().frame_dt(); })
      .def_property_readonly("system_names",
                             [](const Simulation& s) {
                               std::vector<std::string> names;
                               for (size_t i = 0; i < s.scene().system_count(); ++i)
                                 names.push_back(s.scene().system_name(i));
                               return names;
                             })
      .def(
          "positions_of",
          [](py::object self, size_t system) {
            Simulation& s = self.cast<Simulation&>();
            const weft::api::PointView view = s.positions(system);
            const bool live = view.live;
            // On the CPU, the solver's own memory (it follows the simulation as it steps); the
            // GPU's download, and positions put back in the world from a frame away from it,
            // are replaced after the next step, so they are copied.
            py::array_t<float> array({view.count, size_t{3}},
                                     {view.stride * sizeof(float), sizeof(float)}, view.data,
                                     live ? self : py::object());
            if (live) array.attr("setflags")(py::arg("write") = false);
            return array;
          },
          py::arg("system") = 0,
          "Positions (m, in the world) of a system's particles, n x 3: for a scene simulated "
          "at the world's origin, on the CPU, a read-only view of the solver's state, which "
          "changes as it steps (copy it to keep a frame); otherwise a copy")
      .def_property_readonly("positions",
                             [](py::object self) { return self.attr("positions_of")(0); })
      .def(
          "velocities",
          [](Simulation& s, size_t system) { return points_array(s.velocities(system)); },
          py::arg("system") = 0, "m/s, n x 3")
      .def(
          "normals", [](Simulation& s, size_t system) { return points_array(s.normals(system)); },
          py::arg("system") = 0, "unit normals, n x 3")
      .def(
          "get",
          [](const Simulation& s, const std::string& key) -> py::object {
            const std::optional<std::string> text = s.get(key);
            return text ? weft::python::python_value(*text) : py::none();
          },
          py::arg("key"),
          "A scene key's value; a setting ([solver], [environment]) the scene leaves out has its "
          "default; any other key it leaves out, None")
      .def(
          "set",
          [](Simulation& s, const std::string& key, const py::handle& value) {
            s.set(key, weft::python::toml_text(value));
          },
          py::arg("key"), py::arg("value"),
          "Changes a key while running, as the viewer's panel does (InputError for one that "
          "changes what the scene is made of)")
      .def("__getitem__",
           [](const Simulation& s, const std::string& key) -> py::object {
             const std::optional<std::string> text = s.get(key);
             if (!text) throw py::key_error(key + " is not in the scene, and it is not a setting");
             return weft::python::python_value(*text);
           })
      .def("__setitem__",
           [](Simulation& s, const std::string& key, const py::handle& value) {
             s.set(key, weft::python::toml_text(value));
           })
      .def(
          "report", [](Simulation& s) { return report_dict(s.report()); },
          "Energy (J) and strain now, per system")
      .def("export_obj", &Simulation::export_obj, py::arg("path"), py::arg("system") = 0)
      .def("export_csv", &Simulation::export_csv, py::arg("path"));
}
