#include "python_values.h"

#include <cstdio>

namespace py = pybind11;

namespace weft::python {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string toml_text(const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  if (py::isinstance<py::float_>(value)) return py::repr(value).cast<std::string>();
  if (py::isinstance<py::str>(value)) return quoted(value.cast<std::string>());
  if (py::hasattr(value, "tolist") && !py::isinstance<py::list>(value)) {
    return toml_text(value.attr("tolist")());  // numpy arrays and scalars
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    std::string out = "[";
    for (const py::handle item : value) {
      if (out.size() > 1) out += ", ";
      out += toml_text(item);
    }
    return out + "]";
  }
  throw py::type_error("a scene value is a bool, int, float, str or a list of them, not " +
                       py::str(value.get_type()).cast<std::string>());
}

py::object python_value(const std::string& toml_text) {
  const py::object loads = py::module_::import("tomllib").attr("loads");
  try {
    return loads("value = " + toml_text)["value"];
  } catch (const py::error_already_set&) {
    return loads(toml_text);  // a table, written as one
  }
}

}  // namespace weft::python
