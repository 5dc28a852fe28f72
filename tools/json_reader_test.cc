#include "tools/json_reader.h"

#include <catch2/catch.hpp>

#include "tools/json.h"

namespace angler {
namespace {

TEST_CASE("ParseJson reads what JsonWriter writes", "[json]") {
  JsonWriter w;
  w.BeginObject().Key("seed").Uint(18446744073709551615ULL).Key("name").String("a\"b\n");
  w.Key("list").BeginArray().Int(-3).Double(0.25).Bool(true).Null().EndArray();
  w.Key("empty").BeginObject().EndObject().EndObject();
  Result<JsonValue> read = ParseJson(w.str(), "t.json");
  REQUIRE(read.ok());
  const JsonValue& v = read.value();
  CHECK(v.Find("seed")->AsUint() == 18446744073709551615ULL);
  CHECK(v.Find("name")->text == "a\"b\n");
  const JsonValue& list = *v.Find("list");
  REQUIRE(list.items.size() == 4);
  CHECK(list.items[0].AsInt() == -3);
  CHECK(!list.items[1].AsInt());
  CHECK(list.items[1].text == "0.25");
  CHECK(list.items[2].boolean);
  CHECK(list.items[3].kind == JsonValue::Kind::kNull);
  CHECK(v.Find("empty")->kind == JsonValue::Kind::kObject);
  CHECK(v.Find("missing") == nullptr);
}

TEST_CASE("64-bit values are written as strings and read back from either form",
          "[json]") {
  JsonWriter w;
  w.BeginObject().Key("seed").UintString(18446744073709551615ULL).EndObject();
  CHECK(w.str() == "{\"seed\":\"18446744073709551615\"}");
  Result<JsonValue> read = ParseJson(w.str(), "t.json");
  REQUIRE(read.ok());
  CHECK(read.value().Find("seed")->AsUint() == 18446744073709551615ULL);
  for (const char* bad : {"\"\"", "\"-1\"", "\"12a\"", "\"18446744073709551616\"",
                          "\"1.5\"", "-1", "1.5"}) {
    Result<JsonValue> v = ParseJson(bad, "t.json");
    REQUIRE(v.ok());
    CHECK_FALSE(v.value().AsUint());
  }
}

TEST_CASE("ParseJson names the place of an error", "[json]") {
  Result<JsonValue> read = ParseJson("{\"a\": 1,\n \"b\" 2}", "shard.json");
  REQUIRE(!read.ok());
  CHECK(read.error().pos.line == 2);
  CHECK_THAT(read.error().Format(), Catch::Contains("shard.json:2:"));
  CHECK_THAT(read.error().message, Catch::Contains("expected ':'"));
  CHECK(!ParseJson("[1, 2", "x").ok());
  CHECK(!ParseJson("{} extra", "x").ok());
  CHECK(!ParseJson("\"\\q\"", "x").ok());
}

TEST_CASE("ParseJson refuses nesting past 64 at the bracket that goes too deep",
          "[json]") {
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  CHECK(ParseJson(ok, "x").ok());
  const std::string deep =
      "{\"a\":\n" + std::string(100, '[') + std::string(100, ']') + "}";
  Result<JsonValue> read = ParseJson(deep, "deep.json");
  REQUIRE(!read.ok());
  CHECK(read.error().message == "JSON nested too deeply");
  CHECK(read.error().pos.line == 2);
  CHECK(read.error().pos.col == 64);  // the 64th '[' of line 2 is depth 65
}

TEST_CASE("ParseJson reads escapes, surrogate pairs and big numbers as written",
          "[json]") {
  Result<JsonValue> read = ParseJson(
      R"({"s": "\u00e9\ud83d\udc1f", "big": 123456789012345678901234, "f": 1e3})", "x");
  REQUIRE(read.ok());
  CHECK(read.value().Find("s")->text == "\xc3\xa9\xf0\x9f\x90\x9f");
  CHECK(read.value().Find("big")->text == "123456789012345678901234");
  CHECK_FALSE(read.value().Find("big")->AsUint());
  CHECK(read.value().Find("f")->text == "1e3");
  CHECK(!ParseJson("\"\xff\"", "x").ok());  // not UTF-8
}

}  // namespace
}  // namespace angler
