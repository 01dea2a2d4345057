// The material's figures (sim/model/material_figures.h) are one list that the scene reader, the
// scene writer and docs/scenes.md all follow: each figure is read with its range, written back bit
// for bit, and documented with the unit and range the reader holds it to.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/scene/scene_error.h"
#include "app/export/saved_scene.h"
#include "app/scene/scene_file.h"
#include "sim/model/material_figures.h"
#include "tests/support/saved_scene_checks.h"
#include "tests/support/markdown_table.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

// A value for each figure inside its range and unlike any named material's: 1.25 times the
// lowest the figure takes, or 0.123456789 where that is 0 (bit for bit only if it survives).
double unusual_value(const MaterialFigure& figure) {
  return figure.min > 0.0 ? figure.min * 1.25 : 0.123456789;
}

std::string cloth_with_material(const std::string& material_lines) {
  return "[[cloth]]\nname = \"figures\"\ncolumns = 3\nrows = 3\n[cloth.material]\n" +
         material_lines;
}

std::string figure_line(std::string_view key, double value) {
  std::ostringstream line;
  line.precision(17);
  line << key << " = " << value << "\n";
  return line.str();
}

// The rows of the tables under "### Materials" in docs/scenes.md whose first cell is code: the
// keys' table, then the named materials'.
std::vector<std::string> documented_rows() {
  std::ifstream file(std::filesystem::path(WEFT_SCENES_DIR).parent_path() / "docs" / "scenes.md");
  std::vector<std::string> rows;
  std::string line;
  bool in_section = false;
  while (std::getline(file, line)) {
    if (line.rfind("### ", 0) == 0) in_section = line == "### Materials";
    if (in_section && line.rfind("| `", 0) == 0) rows.push_back(line);
  }
  return rows;
}

TEST(MaterialFigures, DocsTableListsEveryFigureWithItsUnitAndRange) {
  std::vector<std::string> expected;
  for (const MaterialFigure& figure : material_figures()) {
    expected.push_back("| `" + std::string(figure.key) + "` | " +
                       (figure.unit.empty() ? std::string("-") : std::string(figure.unit)) + " | " +
                       describe_range(figure) + " | " + describe_absence(figure) + " |");
  }
  std::vector<std::string> rows = documented_rows();
  rows.resize(std::min(rows.size(), expected.size()));
  EXPECT_EQ(rows, expected);
}

// "0.3%" -> 0.003, "none" -> none, "2e-6" -> 2e-6.
std::optional<double> documented_figure(const std::string& cell) {
  if (cell == "none") return std::nullopt;
  if (!cell.empty() && cell.back() == '%') return std::stod(cell) / 100.0;
  return std::stod(cell);
}

// The named materials' table gives each material's figures as the solver has them: density,
// stretch, shear, bending, max_stretch and break_strain.
TEST(MaterialFigures, DocsTableOfNamedMaterialsHasTheirFigures) {
  const std::vector<std::string_view> columns = {"areal_density",   "stretch_stiffness",
                                                 "shear_stiffness", "bending_stiffness",
                                                 "max_stretch",     "break_strain"};
  size_t found = 0;
  for (const std::string& row : documented_rows()) {
    const std::vector<std::string> cell = cells(row);
    if (cell.size() < columns.size() + 1) continue;
    const std::string name = cell[0].substr(1, cell[0].size() - 2);  // inside the backquotes
    const ClothMaterial* material = find_cloth_material(name);
    if (!material) continue;
    ++found;
    for (size_t k = 0; k < columns.size(); ++k) {
      SCOPED_TRACE(name + " " + std::string(columns[k]));
      const std::optional<double> documented = documented_figure(cell[k + 1]);
      const std::optional<double> actual = find_material_figure(columns[k])->get(*material);
      ASSERT_EQ(documented.has_value(), actual.has_value()) << cell[k + 1];
      if (documented) {
        EXPECT_EQ(float(*documented), float(*actual)) << cell[k + 1];
      }
    }
  }
  EXPECT_EQ(found, cloth_materials().size());
}

TEST(MaterialFigures, EveryFigureIsSavedAndReadBackBitForBit) {
  std::string lines;
  for (const MaterialFigure& figure : material_figures())
    lines += figure_line(figure.key, unusual_value(figure));
  const Scene original = parse_scene_text(cloth_with_material(lines));
  const std::filesystem::path file = fresh_directory("material_figures") / "figures.toml";
  save_scene(original, file);
  const Scene reloaded = load_scene(file);
  const std::optional<ClothMaterial>& before = original.systems[0].objects[0].material;
  const std::optional<ClothMaterial>& after = reloaded.systems[0].objects[0].material;
  ASSERT_TRUE(before && after);
  for (const MaterialFigure& figure : material_figures()) {
    SCOPED_TRACE(std::string(figure.key));
    ASSERT_TRUE(figure.get(*before).has_value());
    EXPECT_EQ(float(*figure.get(*before)), float(unusual_value(figure)));
    EXPECT_EQ(figure.get(*after), figure.get(*before));
  }
  EXPECT_TRUE(same_figures(*before, *after));
}

// Each figure beyond its range is refused at its own key, naming the range; a figure alone
// where the table requires others is refused at the first one missing.
TEST(MaterialFigures, EachFigureOutOfRangeIsRefusedAtItsKey) {
  for (const MaterialFigure& figure : material_figures()) {
    SCOPED_TRACE(std::string(figure.key));
    const double below = figure.min_inclusive ? figure.min - 1.0 : figure.min;
    std::string lines = "preset = \"cotton\"\n";
    if (!figure.requires_key.empty()) lines += figure_line(figure.requires_key, 0.5);
    lines += figure_line(figure.key, below);
    try {
      parse_scene_text(cloth_with_material(lines));
      ADD_FAILURE() << "accepted " << below;
    } catch (const SceneError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find(std::string(figure.key)), std::string::npos) << message;
    }
  }
  for (const MaterialFigure& figure : material_figures()) {
    if (!figure.required) continue;
    std::string lines;
    for (const MaterialFigure& other : material_figures()) {
      if (other.key != figure.key && other.required) lines += figure_line(other.key, 1.0);
    }
    try {
      parse_scene_text(cloth_with_material(lines));
      ADD_FAILURE() << "accepted a material without " << figure.key;
    } catch (const SceneError& error) {
      EXPECT_NE(std::string(error.what()).find(std::string(figure.key)), std::string::npos)
          << error.what();
    }
  }
}

TEST(MaterialFigures, NamedMaterialsHaveEveryRequiredFigureInRange) {
  for (const NamedClothMaterial& named : cloth_materials()) {
    for (const MaterialFigure& figure : material_figures()) {
      SCOPED_TRACE(std::string(named.name) + " " + std::string(figure.key));
      const std::optional<double> value = figure.get(named.material);
      if (figure.required) {
        ASSERT_TRUE(value.has_value());
      }
      if (!value) continue;
      EXPECT_LE(*value, figure.max);
      if (figure.min_inclusive) {
        EXPECT_GE(*value, figure.min);
      } else {
        EXPECT_GT(*value, figure.min);
      }
    }
  }
}

}  // namespace
}  // namespace weft::test
