// The bad-input table: malformed scene files (and OBJ files they name), each with the location
// and message weft must give. Every row checks the file, the line, the key and a part of the
// message that says what was expected, so a regression in any of them fails here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/scene/scene_error.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

struct BadScene {
  const char* name;
  std::string text;
  uint32_t line;
  const char* key;      // "" when the error is not about one key
  const char* message;  // a part of the message
};

// A rope that rows append to, to break one thing about it.
constexpr const char* kRope = R"([[rope]]
name = "rope"
start = [0, 0, 0]
end = [1, 0, 0]
nodes = 10
node_mass = 0.1
segment = { kind = "spring", stiffness = 100.0 }
)";

// A 30 cm square of cotton for the drape test's rows (7 lines).
constexpr const char* kSpecimen = R"([[cloth]]
name = "specimen"
columns = 4
rows = 4
width_axis = [0.3, 0, 0]
height_axis = [0, 0, 0.3]
material = "cotton"
)";

const std::map<std::string, std::string> kMeshes = {
    {"broken.obj", "v 0 0 0\nv 1 0 0\nv 1 2\nf 1 2 3\n"},
    {"letters.obj", "v 0 0 0\nv 1 zero 0\n"},
    {"nofaces.obj", "# only vertices\nv 0 0 0\nv 1 0 0\nv 0 0 1\n"},
    {"speck.obj", "v 0 0 0\nv 1e-25 0 0\nv 0 0 1e-25\nf 1 2 3\n"},
    {"many_corners.obj",
     [] {
       std::string obj, face = "f";
       for (int k = 1; k <= 10001; ++k) {
         obj += "v " + std::to_string(k) + " 0 " + std::to_string(k % 2) + "\n";
         face += " " + std::to_string(k);
       }
       return obj + face + "\n";
     }()},
    {"badindex.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 4\n"},
    {"unknown.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\ncurv 1 2\nf 1 2 3\n"},
    // Three triangles on the edge (1, 2): a fin, not cloth.
    {"fin.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nv 0 0 -1\nv 0 1 0\nf 1 2 3\nf 2 1 4\nf 1 2 5\n"},
    {"duplicate.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nv 1 0 0\nf 1 2 3\nf 4 3 1\n"},
    {"sliver.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 0 1\nf 1 2 4\nf 1 2 3\n"},
    {"square.obj", "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 2 3\nf 1 3 4\n"},
};

const std::vector<BadScene> kBadScenes = {
    {"unknown material with suggestion", "[[cloth]]\ncolumns = 4\nrows = 4\nmaterial = \"coton\"\n",
     4, "material", "no material is called 'coton'; did you mean 'cotton'?"},
    {"material and link tables together",
     "[[cloth]]\ncolumns = 4\nrows = 4\nmaterial = \"silk\"\n"
     "structural = { compliance = 0.0 }\n",
     5, "structural", "the object's material sets its mass and links"},
    {"material and a mass key together",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nmaterial = \"silk\"\n", 4,
     "particle_mass", "the object's material sets its mass and links"},
    {"material table missing a figure",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\nareal_density = 0.2\n"
     "stretch_stiffness = 100\n",
     4, "shear_stiffness", "missing"},
    {"negative stretch stiffness",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"wool\"\n"
     "stretch_stiffness = -5\n",
     6, "stretch_stiffness", "must be in [0.001, 1e+12] N/m, got -5"},
    {"break strain zero",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "break_strain = 0\n",
     6, "break_strain", "in [cloth.material]: must be in (0, 10], got 0"},
    {"material's kinetic friction alone",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "kinetic_friction = 0.2\n",
     6, "kinetic_friction", "needs this material's static_friction as well"},
    {"material's kinetic friction above its static friction",
     "[[cloth]]\ncolumns = 4\nrows = 4\nmaterial = { preset = \"silk\", static_friction = 0.3, "
     "kinetic_friction = 0.5 }\n",
     4, "kinetic_friction", "must be at most static_friction (0.3), got 0.5"},
    {"material's negative static friction",
     "[[mesh]]\nfile = \"square.obj\"\n[mesh.material]\npreset = \"denim\"\n"
     "static_friction = -0.1\n",
     5, "static_friction", "must be >= 0, got -0.1"},
    {"material's non-finite static friction",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "static_friction = inf\n",
     6, "static_friction", "must be >= 0, got inf"},
    {"break strain negative",
     "[[cloth]]\ncolumns = 4\nrows = 4\nmaterial = { preset = \"paper\", break_strain = -0.02 }\n",
     4, "break_strain", "must be in (0, 10], got -0.02"},
    {"break strain not a number",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "break_strain = nan\n",
     6, "break_strain", "must be in (0, 10], got nan"},
    {"break strain infinite",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "break_strain = inf\n",
     6, "break_strain", "must be in (0, 10], got inf"},
    {"break strain beyond a blow-up",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "break_strain = 12\n",
     6, "break_strain", "must be in (0, 10], got 12"},
    {"break strain as a percentage",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "break_strain = \"8%\"\n",
     6, "break_strain", "expected a number (in (0, 10]), got a string"},
    {"break strain too small for a float",
     "[[cloth]]\ncolumns = 4\nrows = 4\n[cloth.material]\npreset = \"cotton\"\n"
     "break_strain = 1e-50\n",
     6, "break_strain", "is too small for a float, got 1e-50"},
    {"break strain on a mesh",
     "[[mesh]]\nfile = \"square.obj\"\n[mesh.material]\npreset = \"cotton\"\n"
     "break_strain = 0.05\n",
     5, "break_strain",
     "in [mesh.material]: a [[mesh]] cannot tear: tearing needs a cloth grid (a [[cloth]] table); "
     "remove break_strain"},
    {"mesh of a material that tears", "[[mesh]]\nfile = \"square.obj\"\nmaterial = \"paper\"\n", 3,
     "material",
     "in [[mesh]]: 'paper' tears at a strain of 0.02, and a [[mesh]] cannot tear: tearing needs a "
     "cloth grid (a [[cloth]] table); give the material's figures without break_strain"},
    {"mesh of a preset that tears",
     "[[mesh]]\nfile = \"square.obj\"\n\nmaterial = { preset = \"paper\", max_stretch = 0.01 }\n",
     4, "material", "'paper' tears at a strain of 0.02, and a [[mesh]] cannot tear"},
    {"bending with no relaxation sweep",
     "[solver]\nrelaxation_sweeps = 0\n[[cloth]]\ncolumns = 4\nrows = 4\nmaterial = \"denim\"\n", 0,
     "", "relaxation_sweeps must be >= 1 when a cloth has bending_stiffness > 0"},
    {"unknown key with suggestion",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\n[cloth.structural]\n"
     "kind = \"spring\"\nstifness = 10.0\n",
     7, "stifness", "in [cloth.structural]: unknown key; did you mean 'stiffness'?"},
    {"unknown table with suggestion", "[enviroment]\ngravity = [0, -9.81, 0]\n", 1, "enviroment",
     "unknown key; did you mean 'environment'?"},
    {"colour spelt the other way", std::string(kRope) + "colour = [1, 0, 0]\n", 8, "colour",
     "in [[rope]]: unknown key; did you mean 'color'?"},
    {"colour component above 1", std::string(kRope) + "color = [1.0, 0.5, 2.0]\n", 8, "color",
     "in [0, 1]"},
    {"colour of two components", std::string(kRope) + "color = [1.0, 0.5]\n", 8, "color",
     "expected an array of 3 numbers"},
    {"a rope has no check", std::string(kRope) + "check_size = 0.1\n", 8, "check_size",
     "in [[rope]]: unknown key"},
    {"a check of negative size",
     "[[cloth]]\ncolumns = 4\nrows = 4\nmaterial = \"cotton\"\ncheck_size = -0.1\n", 5,
     "check_size", "must be in [0, 100] m, got -0.1"},
    {"camera without a target",
     "[camera]\neye = [0, 1, 4]\n[[particle]]\nposition = [0, 0, 0]\n"
     "mass = 1\n",
     1, "target", "missing"},
    {"camera looking from its target",
     "[camera]\neye = [0, 1, 4]\ntarget = [0, 1, 4]\n[[particle]]\nposition = [0, 0, 0]\n"
     "mass = 1\n",
     3, "target", "the eye is on the target"},
    {"camera too wide",
     "[camera]\neye = [0, 1, 4]\ntarget = [0, 0, 0]\nfov = 170\n[[particle]]\n"
     "position = [0, 0, 0]\nmass = 1\n",
     4, "fov", "in [5, 120]"},
    {"camera key misspelt", "[camera]\neye = [0, 1, 4]\ntarget = [0, 0, 0]\nfow = 40\n", 4, "fow",
     "in [camera]: unknown key; did you mean 'fov'?"},
    {"drape test of a cloth not in the scene",
     std::string(kSpecimen) + "[drape_test]\ncloth = \"specimem\"\ncenter = [0, 0, 0]\n"
                              "support_radius = 0.09\n",
     9, "cloth", "no [[cloth]] or [[mesh]] is named 'specimem'; did you mean 'specimen'?"},
    {"drape test of a rope",
     std::string(kRope) + "[drape_test]\ncloth = \"rope\"\ncenter = [0, 0, 0]\n"
                          "support_radius = 0.09\n",
     9, "cloth", "'rope' is a rope: the drape test measures the shadow of a [[cloth]] or [[mesh]]"},
    {"drape test support as large as the specimen",
     std::string(kSpecimen) + "[drape_test]\ncloth = \"specimen\"\ncenter = [0, 0, 0]\n"
                              "support_radius = 0.2\n",
     11, "support_radius", "is no smaller than the specimen 'specimen' (0.09 m^2)"},
    {"drape test support of no size",
     std::string(kSpecimen) + "[drape_test]\ncloth = \"specimen\"\ncenter = [0, 0, 0]\n"
                              "support_radius = 0\n",
     11, "support_radius", "must be > 0 m, got 0"},
    {"drape test without a centre",
     std::string(kSpecimen) + "[drape_test]\ncloth = \"specimen\"\nsupport_radius = 0.09\n", 8,
     "center", "missing"},
    {"drape test key misspelt",
     std::string(kSpecimen) + "[drape_test]\ncloth = \"specimen\"\ncenter = [0, 0, 0]\n"
                              "support_raduis = 0.09\n",
     11, "support_raduis", "in [drape_test]: unknown key; did you mean 'support_radius'?"},
    {"unknown key without a near match", "[solver]\nbanana = 3\n", 2, "banana",
     "unknown key; expected 'integrator', 'frame_dt'"},
    {"string where an integer belongs",
     "[[cloth]]\ncolumns = \"20\"\nrows = 4\nparticle_mass = 0.1\n", 2, "columns",
     "expected an integer in [2, 65536], got a string"},
    {"fraction where an integer belongs", "[solver]\nsubsteps = 2.5\n", 2, "substeps",
     "expected an integer in [1, 100000], got a floating-point number"},
    {"integer below its range", "[solver]\nsubsteps = 0\n", 2, "substeps",
     "must be an integer in [1, 100000], got 0"},
    {"damping out of range", "[solver]\nverlet_damping = 1.0\n", 2, "verlet_damping",
     "must be in [0, 1), got 1"},
    {"negative mass", "[[particle]]\nposition = [0, 0, 0]\n\nmass = -1\n", 4, "mass",
     "must be in [1e-30, 1e+30] kg, got -1"},
    {"vector of two numbers", "[environment]\ngravity = [0, -9.81]\n", 2, "gravity",
     "expected an array of 3 numbers [x, y, z], got 2 elements"},
    {"vector element not a number", "[environment]\nwind = [1.0,\n  \"east\", 0.0]\n", 3, "wind",
     "element 1: expected a number, got a string"},
    {"not a number", "[environment]\nair_drag = nan\n", 2, "air_drag",
     "must be >= 0 N s/m, got nan"},
    {"lift coefficient not finite", "[environment]\nlift_coefficient = inf\n", 2,
     "lift_coefficient", "must be >= 0, got inf"},
    {"negative drag coefficient", "[environment]\ndrag_coefficient = -0.5\n", 2, "drag_coefficient",
     "must be >= 0, got -0.5"},
    {"air without density", "[environment]\nair_density = 0\n", 2, "air_density",
     "must be > 0 kg/m^3, got 0"},
    {"negative gust frequency",
     "[environment]\ndrag_coefficient = 1.0\ngust = { amplitude = [1, 0, 1], frequency = -2 }\n", 3,
     "frequency", "must be > 0 Hz, got -2"},
    {"gust frequency too small for a float",
     "[environment]\ndrag_coefficient = 1.0\ngust = { amplitude = [1, 0, 1], frequency = 1e-300 "
     "}\n",
     3, "frequency", "is too small to be a float > 0"},
    {"gust scale too small for a float",
     "[environment]\ndrag_coefficient = 1.0\ngust = { amplitude = [1, 0, 1], scale = 1e-300 }\n", 3,
     "scale", "is too small to be a float > 0"},
    {"negative gust amplitude",
     "[environment]\nlift_coefficient = 0.5\ngust = { amplitude = [1, -1, 0] }\n", 3, "amplitude",
     "element 1 must be >= 0 m/s, got -1"},
    {"gusts with no air on triangles", "[environment]\ngust = { amplitude = [2, 0, 0] }\n", 2,
     "amplitude", "gusts blow on triangles: give drag_coefficient or lift_coefficient"},
    {"infinite coordinate", "[environment]\ngravity = [0, -inf, 0]\n", 2, "gravity",
     "element 1 must be a finite number m/s^2, got -inf"},
    {"misspelt choice", "[solver]\nintegrator = \"verlett\"\n", 2, "integrator",
     "expected 'explicit_euler', 'semi_implicit_euler' or 'verlet', got 'verlett'; did you mean "
     "'verlet'?"},
    {"unknown ground mode", "[environment.ground]\nmode = \"bounce\"\n", 2, "mode",
     "in [environment.ground]: expected 'none', 'force' or 'projection', got 'bounce'"},
    {"missing required key", "[[rope]]\nstart = [0, 0, 0]\nend = [1, 0, 0]\nnode_mass = 1\n", 1,
     "nodes", "in [[rope]]: missing; this key is required"},
    {"two mass keys",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nareal_density = 0.2\n", 5,
     "areal_density", "set only one of 'particle_mass', 'total_mass' or 'areal_density'"},
    {"no mass at all", "[[cloth]]\ncolumns = 4\nrows = 4\n", 1, "particle_mass",
     "missing; give the mass as 'particle_mass', 'total_mass' or 'areal_density'"},
    {"missing mesh file",
     "[[mesh]]\nfile = \"no/such/mesh.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file", "no/such/mesh.obj: mesh file not found"},
    {"broken OBJ: short vertex",
     "[[mesh]]\nfile = \"broken.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2, "file",
     "broken.obj:3: broken OBJ: a vertex needs x, y and z"},
    {"broken OBJ: coordinate not a number",
     "[[mesh]]\nfile = \"letters.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file",
     "letters.obj:2: broken OBJ: vertex y coordinate is not a number (expected a decimal number"},
    {"broken OBJ: no faces",
     "[[mesh]]\nfile = \"nofaces.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file", "nofaces.obj: broken OBJ: no faces"},
    {"broken OBJ: face index beyond the vertices",
     "[[mesh]]\nfile = \"badindex.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file", "badindex.obj:4: broken OBJ: face uses vertex 4, but the file has 3 vertices"},
    {"broken OBJ: unknown statement",
     "[[mesh]]\nfile = \"unknown.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file", "unknown.obj:4: broken OBJ: unknown statement (expected a line starting with v, f"},
    {"non-manifold mesh",
     "[[mesh]]\nfile = \"fin.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2, "file",
     "fin.obj:8: non-manifold edge between the vertices on lines 1 and 2: the faces on lines 6 "
     "and 7 already share it"},
    {"duplicate vertex refused without repair",
     "[[mesh]]\nfile = \"duplicate.obj\"\nrepair = false\nparticle_mass = 1\n"
     "edge = { compliance = 0.0 }\n",
     2, "file",
     "duplicate.obj:4: duplicate vertex: it is at the same position as the vertex on "
     "line 2 (set repair = true"},
    {"zero-area face refused without repair",
     "[[mesh]]\nfile = \"sliver.obj\"\nrepair = false\nparticle_mass = 1\n"
     "edge = { compliance = 0.0 }\n",
     2, "file", "sliver.obj:6: degenerate face: it has zero area"},
    {"pin beyond the rope", std::string(kRope).append("pin = { nodes = [3, 10] }\n"), 8, "nodes",
     "in [rope.pin]: element 1 must be in [0, 9], got 10"},
    {"reference to a misspelt object",
     std::string(kRope).append("[[spring]]\na = \"rop[0]\"\nb = \"rope[9]\"\nstiffness = 1\n"), 9,
     "a", "in [[spring]]: no object is named 'rop'; did you mean 'rope'?"},
    {"reference beyond the object",
     std::string(kRope).append("[[anchor]]\nparticle = \"rope[12]\"\n"), 9, "particle",
     "'rope' has no particle 12; i runs from 0 to 9"},
    {"reference without an index",
     std::string(kRope).append("[[event]]\nframe = 3\nparticle = \"rope\"\nforce = [1, 0, 0]\n"),
     10, "particle", "'rope' has 10 particles; name one as 'rope[i]' with i from 0 to 9"},
    {"malformed reference", std::string(kRope).append("[[anchor]]\nparticle = \"rope[-1]\"\n"), 9,
     "particle", "'rope[-1]' is not a particle reference; write 'name' or 'name[index]'"},
    {"non-ASCII character outside a string", "[solver]\nsubst\xC3\xA9ps = 4\n", 2, "",
     "non-ASCII character outside a # comment"},
    {"non-ASCII character in a string", "[scene]\ntitle = '\xC3\x9C'\n", 2, "",
     "non-ASCII character outside a # comment"},
    {"control character in a string", std::string("[scene]\nname = 'a\0b'\n", 20), 2, "",
     "control character U+0000 (TOML allows none but tab and line breaks, even in strings)"},
    {"TOML syntax error", "[environment]\ngravity = [0, -9.81, 0\nwind = [0, 0, 0]\n", 3, "",
     "TOML syntax error"},
    {"key defined twice", "[solver]\nsubsteps = 4\nsubsteps = 8\n", 3, "", "TOML syntax error"},
    {"object names an unknown system",
     "[[system]]\nname = \"euler\"\n[[system]]\nname = \"verlet\"\n[[particle]]\nsystem = "
     "\"eulr\"\nposition = [0, 0, 0]\nmass = 1\n",
     6, "system", "no [[system]] is named 'eulr'; expected 'euler' or 'verlet'"},
    {"frame_dt set per system", "[[system]]\nname = \"a\"\n[system.solver]\nframe_dt = 0.01\n", 4,
     "frame_dt", "every system shares the scene's frame_dt"},
    {"substeps and max_dt together", "[solver]\nsubsteps = 4\nmax_dt = 0.001\n", 3, "max_dt",
     "set only one of 'substeps' or 'max_dt'"},
    {"max_dt asking for too many substeps",
     "[solver]\nframe_dt = 1.0\nmax_dt = 1e-6\n[[particle]]\nposition = [0, 0, 0]\nmass = 1\n", 3,
     "max_dt", "asks for 1e+06 substeps per frame; at most 100000"},
    {"spring parameter on a constraint",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\n[cloth.structural]\nkind = "
     "\"constraint\"\nstiffness = 10\n",
     7, "stiffness", "only springs have stiffness and damping; this link is a constraint"},
    {"pin region around nothing",
     std::string(kRope).append("pin = { region = { min = [5, 5, 5], max = [6, 6, 6] } }\n"), 8, "",
     "in [rope.pin.region]: the box pins no particle: the object spans [0, 0, 0] to [1, 0, 0]"},
    {"corners on a rope", std::string(kRope).append("pin = { corners = \"all\" }\n"), 8, "corners",
     "only a cloth grid has corners"},
    {"unknown corner",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nstructural = { compliance = 0.0 }\n"
     "pin = { corners = [\"top_left\"] }\n",
     6, "corners", "unknown corner 'top_left'; expected 'first_row_first_column'"},
    {"two objects with one name",
     std::string(kRope).append("[[particle]]\nname = \"rope\"\nposition = [0, 1, 0]\nmass = 1\n"),
     9, "name", "another object is already called 'rope'"},
    {"name that cannot be referenced",
     "[[particle]]\nname = \"my mass\"\nposition = [0, 0, 0]\nmass = 1\n", 2, "name",
     "'my mass' is not a valid name"},
    {"event that does nothing",
     std::string(kRope).append("[[event]]\nframe = 3\nparticle = \"rope[2]\"\n"), 8, "force",
     "missing; an event sets either force or anchor_velocity"},
    {"anchor velocity without an anchor",
     std::string(kRope).append(
         "[[event]]\nframe = 3\nparticle = \"rope[2]\"\nanchor_velocity = [1, 0, 0]\n"),
     10, "particle", "this particle has no [[anchor]]"},
    {"spring across systems",
     "[[system]]\nname = \"a\"\n[[system]]\nname = \"b\"\n[[particle]]\nname = \"p\"\nsystem = "
     "\"a\"\nposition = [0, 0, 0]\nmass = 1\n[[particle]]\nname = \"q\"\nsystem = \"b\"\n"
     "position = [1, 0, 0]\nmass = 1\n[[spring]]\na = \"p\"\nb = \"q\"\nstiffness = 1\n",
     17, "b", "a spring must join particles of one system"},
    {"grid too large", "[[cloth]]\ncolumns = 65536\nrows = 65536\nparticle_mass = 1\n", 3, "rows",
     "brings the scene to 4294967296; at most 16777216 fit (weft's limit)"},
    {"system name that is a path",
     "[[system]]\nname = \"../../escaped\"\n[[particle]]\nposition = [0, 0, 0]\nmass = 1\n", 2,
     "name", "'../../escaped' is not a valid name: it holds '.'; use 1 to 64 letters"},
    {"system name that is empty",
     "[[system]]\nname = \"\"\n[[particle]]\nposition = [0, 0, 0]\nmass = 1\n", 2, "name",
     "'' is not a valid name: it is empty"},
    {"object name with a separator",
     "[[particle]]\nname = \"a/b\"\nposition = [0, 0, 0]\nmass = 1\n", 2, "name",
     "'a/b' is not a valid name: it holds '/'"},
    {"string with a terminal escape", "[scene]\ntitle = \"\\u001b[2J\"\n", 2, "title",
     "the string holds U+001B (scene strings are printable text"},
    {"string with a NUL", "[[system]]\nname = \"a\\u0000\"\n", 2, "name",
     "the string holds U+0000"},
    {"list of strings with a control character",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nstructural = { compliance = 0.0 }\n"
     "pin = { corners = [\"\\u0007\"] }\n",
     6, "corners", "the string holds U+0007"},
    {"mesh path that is absolute",
     "[[mesh]]\nfile = \"/proc/self/environ\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file", "'/proc/self/environ': absolute paths are refused"},
    {"mesh path that climbs out",
     "[[mesh]]\nfile = \"meshes/../../secret.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 "
     "}\n",
     2, "file", "'..' is refused: a scene may only name files inside its own folder"},
    {"table where an array of tables belongs", "[rope]\nnodes = 3\n", 1, "rope",
     "expected [[rope]] tables, got a table (write [[rope]], not [rope])"},
    {"empty scene", "[solver]\nsubsteps = 4\n", 0, "", "the scene has no objects"},
    {"rope whose ends coincide",
     "[[rope]]\nstart = [1, 1, 1]\nend = [1, 1, 1]\nnodes = 3\nnode_mass = 1\n"
     "segment = { stiffness = 1 }\n",
     1, "", "in [[rope]]: rope: start and end coincide"},
    {"capsule of zero radius",
     "[[environment.collider]]\nshape = \"capsule\"\nradius = 0.0\nlength = 1.0\n", 3, "radius",
     "must be > 0 m, got 0"},
    {"box with a zero extent",
     "[[environment.collider]]\nshape = \"box\"\nsize = [1.0, 0.0, 1.0]\n", 3, "size",
     "element 1 must be > 0 m, got 0"},
    {"collider mesh without faces",
     "[[environment.collider]]\nshape = \"mesh\"\nfile = \"nofaces.obj\"\n", 3, "file",
     "nofaces.obj: broken OBJ: no faces ('f' lines)"},
    {"mesh of a material but almost no area",
     "[[mesh]]\nfile = \"speck.obj\"\nmaterial = \"cotton\"\n", 3, "material",
     "kg over the mesh's area of 5e-51 m^2, outside what the solver can use (1e-30 to 1e30 kg)"},
    {"mesh of a polygon of too many corners",
     "[[mesh]]\nfile = \"many_corners.obj\"\nparticle_mass = 1\nedge = { compliance = 0.0 }\n", 2,
     "file", "many_corners.obj:10002: broken OBJ: a face of more than 10000 corners"},
    {"degenerate collider mesh",
     "[[environment.collider]]\nshape = \"mesh\"\nfile = \"sliver.obj\"\n", 3, "file",
     "sliver.obj:6: a triangle with no area (its corners are on one line); expected triangles"},
    {"collider without a shape", "[[environment.collider]]\nradius = 1.0\n", 1, "shape",
     "missing; expected \"plane\", \"capsule\", \"box\" or \"mesh\""},
    {"collider key of another shape",
     "[[environment.collider]]\nshape = \"box\"\nsize = [1, 1, 1]\nradius = 1.0\n", 4, "radius",
     "is not a key of a box collider; expected 'center', 'rotate', 'size'"},
    {"collider's kinetic friction alone",
     "[[environment.collider]]\nshape = \"plane\"\nkinetic_friction = 0.2\n", 3, "kinetic_friction",
     "needs this collider's static_friction as well"},
    {"sphere's kinetic friction above its static friction",
     "[[environment.sphere]]\ncenter = [0, 0, 0]\nradius = 0.5\nstatic_friction = 0.3\n"
     "kinetic_friction = 0.5\n",
     5, "kinetic_friction", "must be at most static_friction (0.3), got 0.5"},
    {"plane without a normal", "[[environment.collider]]\nshape = \"plane\"\nnormal = [0, 0, 0]\n",
     3, "normal", "must not be [0, 0, 0]"},
    {"keyframes out of order",
     "[[environment.sphere]]\ncenter = [0, 0, 0]\nradius = 0.5\npath = [\n"
     "  { time = 1.0, center = [0, 0, 0] },\n  { time = 0.5, center = [1, 0, 0] },\n]\n",
     6, "time", "0.5 s comes after 1 s; expected keyframes in order of time"},
    {"keyframe at the same time",
     "[[environment.collider]]\nshape = \"plane\"\npath = [{ time = 2.0 }, { time = 2.0 }]\n", 3,
     "time", "2 s comes after 2 s; expected keyframes in order of time, each later"},
    {"thickness zero",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nstructural = { kind = \"spring\", "
     "stiffness = 10.0 }\nthickness = 0\n",
     6, "thickness", "must be > 0 m, got 0"},
    {"thickness negative",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nstructural = { kind = \"spring\", "
     "stiffness = 10.0 }\nthickness = -0.01\n",
     6, "thickness", "must be > 0 m"},
    {"thickness wider than the cloth",
     "[[cloth]]\ncolumns = 4\nrows = 4\nparticle_mass = 0.1\nstructural = { kind = \"spring\", "
     "stiffness = 10.0 }\nthickness = 2\n",
     6, "thickness", "is wider than the cloth itself"},
    {"thickness wider than the rest spacing allows",
     "[environment]\nself_collision = true\n[[cloth]]\ncolumns = 11\nrows = 11\n"
     "particle_mass = 0.1\nstructural = { kind = \"spring\", stiffness = 10.0 }\nthickness = 0.5\n",
     8, "thickness", "apart at rest; expected at most that"},
};

class BadSceneTest : public ::testing::TestWithParam<BadScene> {};

TEST_P(BadSceneTest, NamesFileLineKeyAndWhatWasExpected) {
  const BadScene& bad = GetParam();
  try {
    parse_scene_text(bad.text, kMeshes, "bad.toml");
    FAIL() << "the scene loaded, but it should have been refused";
  } catch (const SceneError& error) {
    const std::string what = error.what();
    EXPECT_EQ(error.location().file, "bad.toml") << what;
    EXPECT_EQ(error.location().line, bad.line) << what;
    EXPECT_EQ(error.key(), bad.key) << what;
    EXPECT_NE(what.find(bad.message), std::string::npos) << what;
    // The message starts with the location, as a compiler's would.
    const std::string prefix =
        bad.line > 0 ? "bad.toml:" + std::to_string(bad.line) + ":" : std::string("bad.toml: ");
    EXPECT_EQ(what.rfind(prefix, 0), 0u) << what;
  }
}

std::string row_name(const ::testing::TestParamInfo<BadScene>& info) {
  std::string name = info.param.name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Table, BadSceneTest, ::testing::ValuesIn(kBadScenes), row_name);

TEST(BadSceneFile, TableHasAtLeastTwentyRows) {
  EXPECT_GE(kBadScenes.size(), 20u);
}

}  // namespace
}  // namespace weft::test
