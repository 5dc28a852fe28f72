#include "dsl/source.h"

#include <catch2/catch.hpp>

namespace angler {
namespace {

TEST_CASE("SourceFile splits lines", "[source]") {
  auto file = SourceFile::Make("a.yaml", "one\ntwo\r\nthree");
  CHECK(file->name() == "a.yaml");
  CHECK(file->LineCount() == 3);
  CHECK(file->Line(1) == "one");
  CHECK(file->Line(2) == "two");
  CHECK(file->Line(3) == "three");
  CHECK(file->Line(0).empty());
  CHECK(file->Line(4).empty());

  CHECK(SourceFile::Make("b", "x\ny\n")->LineCount() == 2);
  CHECK(SourceFile::Make("c", "")->LineCount() == 0);
}

TEST_CASE("PositionOf maps byte offsets to 1-based line and column", "[source]") {
  auto file = SourceFile::Make("a.yaml", "ab\ncd\n");
  CHECK(file->PositionOf(0) == std::pair{1, 1});
  CHECK(file->PositionOf(1) == std::pair{1, 2});
  CHECK(file->PositionOf(2) == std::pair{1, 3});  // the newline itself
  CHECK(file->PositionOf(3) == std::pair{2, 1});
  CHECK(file->PositionOf(4) == std::pair{2, 2});
  CHECK(file->PositionOf(6) == std::pair{3, 1});   // end of text
  CHECK(file->PositionOf(99) == std::pair{3, 1});  // clamped
}

TEST_CASE("Format shows the source line and a caret", "[source]") {
  auto file = SourceFile::Make("rules.yaml", "roles:\n  - fihser\n");
  Diagnostic d{{file, 2, 5}, "unknown role 'fihser'"};
  CHECK(d.Format() ==
        "rules.yaml:2:5: error: unknown role 'fihser'\n"
        "  2 |   - fihser\n"
        "    |     ^\n");
}

TEST_CASE("Format widens the gutter for two-digit lines", "[source]") {
  std::string text;
  for (int i = 1; i <= 11; ++i) text += "x: " + std::to_string(i) + "\n";
  text += "deal: sevn\n";
  Diagnostic d{{SourceFile::Make("g.yaml", text), 12, 7}, "expected a number"};
  CHECK(d.Format() ==
        "g.yaml:12:7: error: expected a number\n"
        "  12 | deal: sevn\n"
        "     |       ^\n");
}

TEST_CASE("Format keeps tabs and skips UTF-8 continuation bytes", "[source]") {
  auto tabs = SourceFile::Make("t", "\tdeal:\t7\n");
  CHECK(Diagnostic{{tabs, 1, 8}, "bad"}.Format() ==
        "t:1:8: error: bad\n"
        "  1 | \tdeal:\t7\n"
        "    | \t     \t^\n");
  auto utf8 = SourceFile::Make("u", "n\xc3\xa9: x\n");  // "né: x"
  CHECK(Diagnostic{{utf8, 1, 6}, "bad"}.Format() ==
        "u:1:6: error: bad\n"
        "  1 | n\xc3\xa9: x\n"
        "    |     ^\n");
}

TEST_CASE("Format shows a window of a long line around the column", "[source]") {
  // A record written as one long line of JSON: 60 bytes either side of the
  // column, "..." where the line is cut, the caret under the column still.
  const std::string line = std::string(500, 'a') + "BAD" + std::string(500, 'b');
  auto file = SourceFile::Make("r.json", line + "\n");
  const std::string shown =
      "..." + std::string(60, 'a') + "BAD" + std::string(57, 'b') + "...";
  CHECK(Diagnostic{{file, 1, 501}, "bad move"}.Format() ==
        "r.json:1:501: error: bad move\n"
        "  1 | " +
            shown +
            "\n"
            "    | " +
            std::string(63, ' ') + "^\n");
  // Near the start: cut at the end only.
  CHECK(Diagnostic{{file, 1, 2}, "x"}.Format() ==
        "r.json:1:2: error: x\n  1 | " + std::string(120, 'a') + "...\n    |  ^\n");
  // A line of exactly kExcerptWidth bytes is shown whole.
  auto whole = SourceFile::Make("w", std::string(kExcerptWidth, 'w') + "\n");
  CHECK(Diagnostic{{whole, 1, 3}, "x"}.Format() ==
        "w:1:3: error: x\n  1 | " + std::string(kExcerptWidth, 'w') + "\n    |   ^\n");
  // A cut never splits a UTF-8 character.
  std::string accents;
  for (int i = 0; i < 100; ++i) accents += "\xc3\xa9";
  auto utf8 = SourceFile::Make("u", accents + "\n");
  const std::string out = Diagnostic{{utf8, 1, 101}, "x"}.Format();
  CHECK(out.find("| ...\xc3\xa9") != std::string::npos);
  CHECK(out.find("\xc3\xa9...\n") != std::string::npos);
}

TEST_CASE("Format without a file, line or column", "[source]") {
  CHECK(Diagnostic{{}, "no ruleset given"}.Format() == "error: no ruleset given\n");
  auto file = SourceFile::Make("r.yaml", "a\n");
  CHECK(Diagnostic{{file, 0, 0}, "empty"}.Format() == "r.yaml: error: empty\n");
  CHECK(Diagnostic{{file, 1, 0}, "bad"}.Format() == "r.yaml:1: error: bad\n  1 | a\n");
  CHECK(Diagnostic{{file, 9, 1}, "past end"}.Format() == "r.yaml:9:1: error: past end\n");
}

TEST_CASE("DidYouMean suggests the nearest candidate", "[source]") {
  const std::vector<std::string> zones = {"deck", "hand", "fisher", "table"};
  CHECK(DidYouMean("fihser", zones) == "did you mean 'fisher'?");
  CHECK(DidYouMean("hnad", zones) == "did you mean 'hand'?");
  CHECK(DidYouMean("fishr", zones) == "did you mean 'fisher'?");
  CHECK(DidYouMean("zzzzzz", zones) == "");
  CHECK(DidYouMean("x", {}) == "");
  CHECK(DidYouMean("HAND", zones) == "did you mean 'hand'?");
  CHECK(DidYouMean("Fisher", zones) == "did you mean 'fisher'?");
}

TEST_CASE("DidYouMean counts a transposition as one edit", "[source]") {
  // Plain Levenshtein puts "ab" two edits from "ba", beyond the limit of 1.
  CHECK(DidYouMean("ab", {"ba"}) == "did you mean 'ba'?");
  CHECK(DidYouMean("ab", {"cd"}) == "");
}

TEST_CASE("DidYouMean limit grows with the name and ties go first", "[source]") {
  CHECK(DidYouMean("cat", {"bat", "cut"}) == "did you mean 'bat'?");
  CHECK(DidYouMean("abcde", {"abxyz"}) == "");  // 3 edits, limit 1
  CHECK(DidYouMean("abcdef", {"abcdxy"}) == "did you mean 'abcdxy'?");        // limit 2
  CHECK(DidYouMean("abcdefgh", {"abxyzfgh"}) == "did you mean 'abxyzfgh'?");  // 3
  CHECK(DidYouMean("abcdefgh", {"awxyzfgh"}) == "");                          // 4 edits
}

TEST_CASE("WithSuggestion appends only when something is close", "[source]") {
  CHECK(WithSuggestion("unknown zone 'hnad'", "hnad", {"hand"}) ==
        "unknown zone 'hnad' (did you mean 'hand'?)");
  CHECK(WithSuggestion("unknown zone 'qq'", "qq", {"hand"}) == "unknown zone 'qq'");
}

Result<int> Half(int n) {
  if (n % 2 != 0) return Diagnostic{{}, "odd"};
  return n / 2;
}

TEST_CASE("Result holds a value or errors", "[source]") {
  Result<int> good = Half(8);
  REQUIRE(good.ok());
  CHECK(static_cast<bool>(good));
  CHECK(good.value() == 4);

  Result<int> bad = Half(3);
  REQUIRE_FALSE(bad.ok());
  CHECK_FALSE(static_cast<bool>(bad));
  CHECK(bad.error().message == "odd");
  CHECK(bad.errors().size() == 1);
  CHECK_THROWS_AS(bad.value(), std::bad_variant_access);

  Result<std::string> many = std::vector<Diagnostic>{{{}, "a"}, {{}, "b"}};
  REQUIRE(many.errors().size() == 2);
  CHECK(many.errors()[1].message == "b");

  Result<std::string> text = "hello";
  std::string moved = std::move(text).value();
  CHECK(moved == "hello");

  CHECK(Ok().ok());
  Status failed = Diagnostic{{}, "nope"};
  CHECK(failed.error().message == "nope");
}

}  // namespace
}  // namespace angler
