// Python values to and from the TOML text of a scene key (weft::api::Scene::get and set), so
// that sim["solver.substeps"] = 16 and sim["environment.wind"] = [4, 0, 0] read as in a file.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace weft::python {

// bool, int, float, str, and lists or tuples (numpy arrays too) of them; TypeError otherwise.
std::string toml_text(const pybind11::handle& value);
// The TOML text of one value back as a Python value (through Python's tomllib).
pybind11::object python_value(const std::string& toml_text);

}  // namespace weft::python
