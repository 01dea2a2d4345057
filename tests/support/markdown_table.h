// Reading the tables of weft's docs in tests that hold a page to the code it documents.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace weft::test {

// The cells of a markdown table's row, trimmed: "| `a` | b |" -> {"`a`", "b"}.
inline std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream stream(row);
  std::string cell;
  std::getline(stream, cell, '|');  // before the first bar
  while (std::getline(stream, cell, '|')) {
    const size_t first = cell.find_first_not_of(' ');
    const size_t last = cell.find_last_not_of(' ');
    out.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
  }
  return out;
}

}  // namespace weft::test
