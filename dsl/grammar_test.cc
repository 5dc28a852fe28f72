#include "dsl/grammar.h"

#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

namespace angler {
namespace {

// analyze<>() finds rules that could loop without consuming input and
// left recursion; it prints the problems and returns their number.
TEST_CASE("grammar: statements_text has no analyze issues", "[grammar]") {
  CHECK(tao::pegtl::analyze<grammar::statements_text>() == 0);
}

TEST_CASE("grammar: expression_text has no analyze issues", "[grammar]") {
  CHECK(tao::pegtl::analyze<grammar::expression_text>() == 0);
}

// Keywords are whole words; names may start with one.
TEST_CASE("grammar: keywords are whole words", "[grammar]") {
  namespace pegtl = tao::pegtl;
  auto is_name = [](const char* text) {
    pegtl::memory_input in(text, "test");
    return pegtl::parse<pegtl::seq<grammar::name, pegtl::eof>>(in);
  };
  CHECK(is_name("tops"));
  CHECK(is_name("top"));  // `top of` is a keyword pair only inside move
  CHECK(is_name("notx"));
  CHECK(is_name("ifa"));
  CHECK(is_name("_x1"));
  CHECK_FALSE(is_name("not"));
  CHECK_FALSE(is_name("where"));
  CHECK_FALSE(is_name("move"));
  CHECK_FALSE(is_name("1x"));
}

}  // namespace
}  // namespace angler
