// The words an enum's values are spelled by: a key for scene files and the command line
// ("semi_implicit_euler") and a label for people ("semi-implicit Euler"). Each enum has one table
// of them beside its declaration, and every reader, writer, option and panel goes through it, so
// that a value has one spelling everywhere and a new value is added in one place.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace weft {

template <typename Enum>
struct EnumKey {
  Enum value;
  std::string_view key;
  std::string_view label;
};

template <typename Enum, std::size_t N>
using EnumKeys = std::array<EnumKey<Enum>, N>;

// The entry of `value`, or nullptr for a value the table lacks (each table lists them all).
template <typename Enum, std::size_t N>
constexpr const EnumKey<Enum>* entry_of(const EnumKeys<Enum, N>& keys, Enum value) {
  for (const EnumKey<Enum>& k : keys) {
    if (k.value == value) return &k;
  }
  return nullptr;
}

template <typename Enum, std::size_t N>
constexpr std::string_view key_of(const EnumKeys<Enum, N>& keys, Enum value) {
  const EnumKey<Enum>* entry = entry_of(keys, value);
  return entry ? entry->key : std::string_view{};
}

template <typename Enum, std::size_t N>
constexpr std::string_view label_of(const EnumKeys<Enum, N>& keys, Enum value) {
  const EnumKey<Enum>* entry = entry_of(keys, value);
  return entry ? entry->label : std::string_view{};
}

template <typename Enum, std::size_t N>
constexpr std::optional<Enum> value_of(const EnumKeys<Enum, N>& keys, std::string_view key) {
  for (const EnumKey<Enum>& k : keys) {
    if (k.key == key) return k.value;
  }
  return std::nullopt;
}

// Every key, in the table's order: what a reader offers and an error message lists.
template <typename Enum, std::size_t N>
std::vector<std::string> all_keys(const EnumKeys<Enum, N>& keys) {
  std::vector<std::string> all;
  for (const EnumKey<Enum>& k : keys)
    all.emplace_back(k.key);
  return all;
}

}  // namespace weft
