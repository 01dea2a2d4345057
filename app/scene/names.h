// What may name a system or an object of a scene: 1 to 64 ASCII letters, digits, '_' or '-',
// starting with a letter or '_'. A system's name becomes part of its export files' names
// (<name>_000010.obj), and every name appears in messages, so a name holds no path separator, no
// dot (no "..", no hidden file), no space and no control character.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace weft {

constexpr size_t kMaxNameLength = 64;

bool is_valid_name(std::string_view name);

// Why `name` is not a valid name ("is empty", "holds '/'", ...), or nothing when it is valid.
std::optional<std::string> name_problem(std::string_view name);

// The rule, for messages: "use 1 to 64 letters, digits, ...".
std::string name_rule();

}  // namespace weft
