// Whole-number options of weft's command line. CLI11 reads integers the way C's strtoll does with
// base 0, so "0x10" would be 16 and "010" would be 8: a count that looks decimal must be decimal.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace weft {

// Use with CLI::Option::transform (check() would not let it rewrite the text).
// Accepts decimal digits only (no sign, no spaces, no 0x prefix) for a value in [min, max], and
// says which range it expected otherwise. Leading zeros are dropped before CLI11 converts the
// text, so "010" is ten, not eight.
CLI::Validator decimal_in_range(uint64_t min, uint64_t max);

// The same for numbers with a fraction ("30", "29.97", ".5"): decimal digits and at most one
// point, nothing else (no sign, no exponent, no "nan", "inf" or 0x prefix), in [min, max].
CLI::Validator decimal_fraction_in_range(double min, double max);

// Whether `text` is one or more decimal digits and nothing else.
bool is_decimal_digits(const std::string& text);

}  // namespace weft
