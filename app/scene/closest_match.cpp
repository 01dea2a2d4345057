#include "app/scene/closest_match.h"

#include <algorithm>
#include <cctype>

namespace weft {

size_t edit_distance(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table at a time: O(|b|) memory.
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates) {
  // Typos in long keys are long too; an unrelated word should get no suggestion at all.
  const size_t allowed = std::max<size_t>(2, word.size() / 3);
  std::optional<std::string> best;
  size_t best_distance = allowed + 1;
  const std::string word_lower = lower(word);
  for (const std::string& candidate : candidates) {
    // A word that differs only in case ('Gravity') is the best match there can be.
    const size_t distance = lower(candidate) == word_lower ? 0 : edit_distance(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string quoted_list(const std::vector<std::string>& items) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += i + 1 == items.size() ? " or " : ", ";
    text += "'" + items[i] + "'";
  }
  return text;
}

}  // namespace weft
