// The USI parsers' text helpers are core's (core/text.hpp), under the names the USI code and its
// tests use.
#pragma once

#include "shishi/core/text.hpp"

namespace shishi::usi {

using shishi::join_words;
using shishi::parse_integer;
using shishi::split_words;

}  // namespace shishi::usi
