// "Did you mean ...?": the candidate nearest to a misspelt word, by edit distance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace weft {

// Levenshtein distance (insertions, deletions, substitutions; case-sensitive).
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`, if it is close enough to be a plausible typo: at most a third
// of the word's length away (and at least 2 edits allowed), or differing only in case.
std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates);

// "'a', 'b' or 'c'", for messages that list what was expected.
std::string quoted_list(const std::vector<std::string>& items);

}  // namespace weft
