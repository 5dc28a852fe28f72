#include "tools/json.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

namespace angler {
namespace {

TEST_CASE("JsonWriter places commas in nested containers", "[json]") {
  JsonWriter w;
  w.BeginObject()
      .Key("game")
      .String("go-fish")
      .Key("seeds")
      .BeginArray()
      .Int(1)
      .Int(-2)
      .BeginObject()
      .EndObject()
      .BeginArray()
      .EndArray()
      .EndArray()
      .Key("done")
      .Bool(true)
      .Key("winner")
      .Null()
      .Key("ok")
      .Bool(false)
      .EndObject();
  CHECK(
      w.str() ==
      R"({"game":"go-fish","seeds":[1,-2,{},[]],"done":true,"winner":null,"ok":false})");
}

TEST_CASE("JsonWriter writes 64-bit integers exactly", "[json]") {
  JsonWriter w;
  w.BeginArray()
      .Int(std::numeric_limits<int64_t>::min())
      .Uint(std::numeric_limits<uint64_t>::max())
      .EndArray();
  CHECK(w.str() == "[-9223372036854775808,18446744073709551615]");
}

TEST_CASE("JsonWriter escapes strings", "[json]") {
  JsonWriter w;
  w.String("say \"hi\"\\ \n\t\r\b\f \x01\x1f \x7f caf\xc3\xa9");
  CHECK(w.str() == R"("say \"hi\"\\ \n\t\r\b\f \u0001\u001f )"
                   "\x7f caf\xc3\xa9\"");
  JsonWriter k;
  k.BeginObject().Key("a\"b").Int(1).EndObject();
  CHECK(k.str() == R"({"a\"b":1})");
  JsonWriter nul;
  nul.String(std::string_view("a\0b", 3));
  CHECK(nul.str() == R"("a\u0000b")");
  // A byte that is not UTF-8 would make the output not JSON: it becomes U+FFFD.
  JsonWriter bad;
  bad.String("fish \xff\xc3");
  CHECK(bad.str() == "\"fish \xef\xbf\xbd\xef\xbf\xbd\"");
}

TEST_CASE("JsonWriter writes doubles in trimmed fixed notation", "[json]") {
  JsonWriter w;
  w.BeginArray()
      .Double(0.5)
      .Double(12.0)
      .Double(-3.25)
      .Double(1.0 / 3)
      .Double(2.0 / 3, 2)
      .Double(0.00004)
      .Double(-0.00004)
      .Double(-0.0)
      .Double(1234567.125, 0)
      .Double(1e20)
      .Double(std::nan(""))
      .Double(std::numeric_limits<double>::infinity())
      .EndArray();
  CHECK(w.str() ==
        "[0.5,12,-3.25,0.3333,0.67,0,0,0,1234567,100000000000000000000,null,null]");
}

TEST_CASE("JsonWriter pretty prints with two-space indent", "[json]") {
  JsonWriter w(/*pretty=*/true);
  w.BeginObject()
      .Key("name")
      .String("x")
      .Key("hands")
      .BeginArray()
      .Int(1)
      .BeginObject()
      .Key("a")
      .Double(0.25)
      .EndObject()
      .EndArray()
      .Key("empty")
      .BeginObject()
      .EndObject()
      .EndObject();
  CHECK(w.str() ==
        "{\n"
        "  \"name\": \"x\",\n"
        "  \"hands\": [\n"
        "    1,\n"
        "    {\n"
        "      \"a\": 0.25\n"
        "    }\n"
        "  ],\n"
        "  \"empty\": {}\n"
        "}");
}

TEST_CASE("JsonWriter top-level scalars", "[json]") {
  CHECK(JsonWriter().Int(7).str() == "7");
  CHECK(JsonWriter(true).String("s").str() == "\"s\"");
  CHECK(JsonWriter(true).BeginArray().EndArray().str() == "[]");
}

}  // namespace
}  // namespace angler
