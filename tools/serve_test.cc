// The API of `angler serve` over real HTTP on an ephemeral loopback port.
#include "tools/serve.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <regex>
#include <thread>

#include "replay/record.h"
#include "tests/test_util.h"
#include "tools/json.h"
#include "tools/json_reader.h"

namespace angler {
namespace {

// A store with two Fishing games and one Fat Fish game, served on a free port.
class TestServer {
 public:
  explicit TestServer(std::string token = "") {
    path_ = (std::filesystem::temp_directory_path() /
             ("angler_serve_test_" + std::to_string(getpid()) + ".db"))
                .string();
    RemoveFiles();
    auto store = Store::Open(path_);
    REQUIRE(store);
    for (const auto& [name, players, seed] :
         {std::tuple{"fishing", 4, 1}, {"fishing", 3, 2}, {"fatfish", 3, 3}}) {
      const RulesetPtr rules = testing::LoadOrFail(name);
      const Game game(*rules, players);
      REQUIRE(
          store.value()->RecordGame(game, RandomPlayout(game, seed), {}, seed, "sim"));
    }
    api_ = std::make_unique<ServeApi>(std::move(store).value(), token);
    server_ = std::make_unique<HttpServer>(*api_);
    port_ = server_->Bind("127.0.0.1", 0);
    REQUIRE(port_ > 0);
    thread_ = std::thread([this] { server_->Listen(); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
  }
  ~TestServer() {
    server_->Stop();
    thread_.join();
    client_.reset();
    server_.reset();
    api_.reset();  // the store closes before its files go
    RemoveFiles();
  }

  // The status and the parsed body.
  std::pair<int, JsonValue> Get(const std::string& path) {
    return Parse(client_->Get(path.c_str()));
  }
  std::pair<int, JsonValue> Post(const std::string& path, const std::string& body,
                                 const httplib::Headers& headers = {}) {
    return Parse(client_->Post(path.c_str(), headers, body, "application/json"));
  }
  const std::string& path() const { return path_; }
  int port() const { return port_; }
  httplib::Client& client() { return *client_; }

 private:
  static std::pair<int, JsonValue> Parse(const httplib::Result& r) {
    REQUIRE(r);
    Result<JsonValue> v = ParseJson(r->body, "response");
    INFO(r->body);
    REQUIRE(v);
    return {r->status, v.value()};
  }

  // The store and the files SQLite keeps beside it (write-ahead log mode).
  void RemoveFiles() const {
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_ + suffix);
  }

  std::string path_;
  std::unique_ptr<ServeApi> api_;
  std::unique_ptr<HttpServer> server_;
  int port_ = 0;
  std::thread thread_;
  std::unique_ptr<httplib::Client> client_;
};

const JsonValue& At(const JsonValue& v, const char* key) {
  const JsonValue* m = v.Find(key);
  INFO(key);
  REQUIRE(m);
  return *m;
}

TEST_CASE("serve lists games with filters", "[serve]") {
  TestServer server;
  auto [status, all] = server.Get("/api/games");
  CHECK(status == 200);
  CHECK(all.items.size() == 3);
  auto [status2, fatfish] = server.Get("/api/games?ruleset=fatfish");
  CHECK(status2 == 200);
  REQUIRE(fatfish.items.size() == 1);
  CHECK(At(fatfish.items[0], "ruleset").text == "fatfish");
  CHECK(server.Get("/api/games?limit=1").second.items.size() == 1);
  CHECK(server.Get("/api/games?limit=x").first == 400);
}

TEST_CASE("serve gives a game's moves and the view at any ply", "[serve]") {
  TestServer server;
  auto [status, game] = server.Get("/api/games/1");
  REQUIRE(status == 200);
  const JsonValue& moves = At(game, "moves");
  REQUIRE(moves.items.size() > 20);
  CHECK(At(moves.items[0], "text").text.rfind("shuffle", 0) == 0);

  auto [s1, all] = server.Get("/api/games/1/view?ply=20");
  REQUIRE(s1 == 200);
  CHECK(At(all, "ply").AsInt() == 20);
  CHECK(At(At(all, "move"), "text").text == At(moves.items[19], "text").text);
  CHECK(!At(all, "narration").items.empty());
  // A seat sees its own hand and only counts the others'.
  auto [s2, seat] = server.Get("/api/games/1/view?ply=20&viewpoint=seat:P2");
  REQUIRE(s2 == 200);
  int hidden_hands = 0, own_hands = 0;
  for (const JsonValue& z : At(At(seat, "view"), "zones").items) {
    if (At(z, "family").text != "hand") continue;
    const bool visible = At(z, "visible").boolean;
    if (At(z, "seat").text == "P2") {
      CHECK(visible);
      CHECK(At(z, "cards").items.size() == static_cast<size_t>(*At(z, "count").AsInt()));
      ++own_hands;
    } else {
      CHECK(!visible);
      CHECK(At(z, "cards").items.empty());
      ++hidden_hands;
    }
  }
  CHECK(own_hands == 1);
  CHECK(hidden_hands == 3);
  auto [s3, events] = server.Get("/api/games/1/events");
  REQUIRE(s3 == 200);
  CHECK(At(events, "plies").items.size() == moves.items.size());
}

TEST_CASE("serve answers bad requests with 400 and a JSON error", "[serve]") {
  TestServer server;
  for (const char* path :
       {"/api/games/1/view?ply=abc", "/api/games/1/view?ply=100000",
        "/api/games/1/view?viewpoint=seat:Nobody", "/api/games/1/view?variation=7",
        "/api/games/x", "/api/rulesets/a.b"}) {
    INFO(path);
    auto [status, body] = server.Get(path);
    CHECK(status == 400);
    CHECK(!At(body, "error").text.empty());
  }
  CHECK(server.Get("/api/games/99").first == 404);
  CHECK(server.Get("/api/nothing").first == 404);
  CHECK(server.Get("/api").first == 404);  // in JSON too (Get parses it)
  // A dry run asked for as a text is refused, not taken as false and stored.
  const size_t variations =
      At(server.Get("/api/games/1").second, "variations").items.size();
  auto [dry, refused] = server.Post(
      "/api/games/1/branch", R"({"ply": 20, "moves": ["nonsense"], "dry_run": "true"})");
  CHECK(dry == 400);
  CHECK(At(refused, "error").text == "'dry_run' must be true or false");
  CHECK(At(server.Get("/api/games/1").second, "variations").items.size() == variations);
  for (const char* body : {"{bad", "[]", "{\"ply\": \"x\", \"comment\": \"c\"}",
                           "{\"ply\": 3, \"glyph\": \"nonsense\"}"}) {
    INFO(body);
    auto [status, error] = server.Post("/api/games/1/annotate", body);
    CHECK(status == 400);
    CHECK(!At(error, "error").text.empty());
  }
  CHECK(server.Post("/api/games/1/branch", "{\"ply\": 5, \"moves\": [\"nonsense\"]}")
            .first == 400);
  // A member of the wrong type is named, never taken for its default.
  const std::vector<std::pair<std::string, std::string>> mistyped = {
      {"/api/games/1/annotate", R"({"ply": 3, "comment": 5})"},
      {"/api/play", R"({"ruleset": "fishing", "record": "yes"})"},
      {"/api/play", R"({"ruleset": "fishing", "bots": 3})"},
  };
  for (const auto& [path, body] : mistyped) {
    INFO(body);
    auto [status, error] = server.Post(path, body);
    CHECK(status == 400);
    CHECK_THAT(At(error, "error").text,
               Catch::Matches("'(comment|bots)' must be a text|'record' must be true or "
                              "false"));
  }
}

// Sends `request` as it stands (no header added, unlike httplib's client) and
// returns the status and body of the answer.
std::pair<int, std::string> RawRequest(int port, const std::string& request) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<uint16_t>(port));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(connect(fd, reinterpret_cast<const sockaddr*>(&to), sizeof to) == 0);
  REQUIRE(send(fd, request.data(), request.size(), 0) ==
          static_cast<ssize_t>(request.size()));
  std::string answer;
  char buffer[4096];
  for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;)
    answer.append(buffer, static_cast<size_t>(n));
  close(fd);
  const size_t body = answer.find("\r\n\r\n");
  REQUIRE(answer.rfind("HTTP/1.1 ", 0) == 0);
  REQUIRE(body != std::string::npos);
  return {std::stoi(answer.substr(9, 3)), answer.substr(body + 4)};
}

TEST_CASE("serve answers other methods and oversized requests in JSON too", "[serve]") {
  TestServer server;
  httplib::Client& c = server.client();
  for (const httplib::Result& r :
       {c.Put("/api/games/1", "{}", "application/json"), c.Delete("/api/games/1"),
        c.Patch("/api/games/1", "{}", "application/json"), c.Options("/api/games/1")}) {
    REQUIRE(r);
    CHECK(r->status == 405);
    Result<JsonValue> body = ParseJson(r->body, "response");
    REQUIRE(body);
    CHECK(At(body.value(), "error").text.rfind("the API takes GET and POST, not ", 0) ==
          0);
  }
  // Without Content-Length (curl -X PUT sends none) the transport refuses a
  // PUT, PATCH or POST before the API sees it: still a 405 for the methods
  // the API does not take, and a POST is told what it lacks.
  for (const char* method : {"PUT", "PATCH", "POST"}) {
    INFO(method);
    auto [status, body] =
        RawRequest(server.port(), std::string(method) +
                                      " /api/games/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                      "Connection: close\r\n\r\n");
    Result<JsonValue> error = ParseJson(body, "response");
    REQUIRE(error);
    if (std::string(method) == "POST") {
      CHECK(status == 400);
      CHECK(At(error.value(), "error").text ==
            "a POST to the API needs a Content-Length header (its JSON body's length)");
    } else {
      CHECK(status == 405);
      CHECK(At(error.value(), "error").text ==
            std::string("the API takes GET and POST, not ") + method + " (docs/API.md)");
    }
  }
  // A chunked body is refused before it is read, whatever its size, and the
  // connection ends: what follows it is never read as a request.
  auto [chunked, unread] =
      RawRequest(server.port(),
                 "POST /api/games/1/annotate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n0\r\n\r\n"
                 "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  CHECK(chunked == 411);
  CHECK_THAT(unread, Catch::Contains("not a chunked one"));
  CHECK(unread.find("HTTP/1.1") == std::string::npos);
  // A GET the transport cannot read is not told it lacks a POST's length.
  auto [long_header, unreadable] = RawRequest(
      server.port(), "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " +
                         std::string(10000, 'x') + "\r\nConnection: close\r\n\r\n");
  CHECK(long_header == 400);
  CHECK_THAT(unreadable, Catch::Contains("the request could not be read"));
  // A form-encoded body is read only up to 8 KiB: the answer says so.
  auto form = c.Post("/api/games/1/annotate", std::string(9000, 'x'),
                     "application/x-www-form-urlencoded");
  REQUIRE(form);
  CHECK(form->status == 413);
  CHECK_THAT(form->body, Catch::Contains("send the JSON as application/json"));
  // A body past 1 MiB is refused unread, and still answered in JSON.
  const std::string huge =
      "{\"ply\": 1, \"comment\": \"" + std::string(2 << 20, 'x') + "\"}";
  auto [status, error] = server.Post("/api/games/1/annotate", huge);
  CHECK(status == 413);
  CHECK(At(error, "error").text == "the request is larger than 1 MiB");
  CHECK(server.Get("/api/games/1").first == 200);  // the server goes on
}

TEST_CASE("serve writes annotations and variations to the store", "[serve]") {
  TestServer server;
  auto [status, ok] = server.Post(
      "/api/games/1/annotate", R"({"ply": 7, "comment": "a fine lead", "glyph": "!"})");
  REQUIRE(status == 200);
  auto [s2, view] = server.Get("/api/games/1/view?ply=7");
  CHECK(At(At(view, "move"), "comment").text == "a fine lead");
  // The branch plays another legal move than the game's own at its ply (the
  // main line's own move is refused: it is stored already).
  auto [s3, game] = server.Get("/api/games/1");
  const std::string played = At(At(game, "moves").items[10], "text").text;
  auto [s3b, before] = server.Get("/api/games/1/view?ply=10");
  std::string move;
  for (const JsonValue& m : At(At(At(before, "view"), "decision"), "legal").items) {
    if (played.find(m.text) == std::string::npos) {
      move = m.text;
      break;
    }
  }
  REQUIRE_FALSE(move.empty());
  JsonWriter body;
  body.BeginObject().Key("ply").Int(10).Key("moves").BeginArray().String(move);
  body.EndArray().EndObject();
  auto [s4, branch] = server.Post("/api/games/1/branch", body.str());
  INFO(move);
  REQUIRE(s4 == 200);
  const int64_t variation = *At(branch, "variation").AsInt();
  // Another connection to the store sees both.
  auto store = Store::Open(server.path());
  REQUIRE(store);
  Result<GameRecord> record = store.value()->LoadGame(1);
  REQUIRE(record);
  REQUIRE(record.value().annotations.size() == 1);
  CHECK(record.value().annotations[0].comment == "a fine lead");
  CHECK(record.value().annotations[0].glyph == "!");
  REQUIRE(record.value().variations.size() == 1);
  CHECK(record.value().variations[0].id == variation);
  auto [s5, scenario] = server.Get("/api/games/1/scenario?ply=12");
  REQUIRE(s5 == 200);
  CHECK(At(scenario, "text").text.find("ruleset") != std::string::npos);
  // A variation's scenario is of the variation's position, with its move.
  const std::string line = "variation=" + std::to_string(variation);
  auto [s5b, main_at] = server.Get("/api/games/1/scenario?ply=11");
  auto [s5c, varied] = server.Get("/api/games/1/scenario?ply=11&" + line);
  REQUIRE((s5b == 200 && s5c == 200));
  CHECK(At(varied, "text").text != At(main_at, "text").text);
  CHECK(At(varied, "text").text.find(move) != std::string::npos);
  CHECK(*At(varied, "end_ply").AsInt() == 11);
  CHECK(server.Get("/api/games/1/scenario?ply=12&" + line).first == 400);  // past its end
  // No ply: the last position a scenario can show. Game 1 is finished, and
  // its last plies are the closing shuffles, past its last trick.
  auto [s5d, last] = server.Get("/api/games/1/scenario");
  REQUIRE(s5d == 200);
  CHECK(*At(last, "end_ply").AsInt() < *At(game, "plies").AsInt());
  CHECK(*At(last, "end_ply").AsInt() > *At(game, "plies").AsInt() - 20);
  CHECK(server.Get("/api/games/1/scenario?ply=-1").first == 400);

  // A variation of the variation, from its last position: a tree by parent ids.
  auto [s6, end] =
      server.Get("/api/games/1/view?ply=11&variation=" + std::to_string(variation));
  REQUIRE(s6 == 200);
  const JsonValue* decision = At(end, "view").Find("decision");
  REQUIRE(decision);
  const std::string reply = At(*decision, "legal").items.at(0).text;
  JsonWriter nested;
  nested.BeginObject().Key("ply").Int(11).Key("variation").Int(variation);
  nested.Key("moves").BeginArray().String(reply).EndArray().EndObject();
  auto [s7, sub] = server.Post("/api/games/1/branch", nested.str());
  INFO(reply);
  REQUIRE(s7 == 200);
  auto [s8, tree] = server.Get("/api/games/1");
  REQUIRE(At(tree, "variations").items.size() == 2);
  const JsonValue& second = At(tree, "variations").items[1];
  CHECK(*At(second, "id").AsInt() == *At(sub, "variation").AsInt());
  CHECK(*At(second, "parent").AsInt() == variation);
  CHECK(*At(second, "ply").AsInt() == 11);

  // A note on the variation as a whole (at its branch) and one on the move
  // it branches after: each stays where it was written.
  const std::string on_line = R"({"ply": 10, "comment": "the other way", "variation": )" +
                              std::to_string(variation) + "}";
  REQUIRE(server.Post("/api/games/1/annotate", on_line).first == 200);
  REQUIRE(server.Post("/api/games/1/annotate", R"({"ply": 10, "comment": "the move"})")
              .first == 200);
  auto [s9, noted] = server.Get("/api/games/1");
  CHECK(At(At(noted, "variations").items[0], "comment").text == "the other way");
  CHECK(At(At(noted, "moves").items[9], "comment").text == "the move");
  auto [s10, branch_view] =
      server.Get("/api/games/1/view?ply=10&variation=" + std::to_string(variation));
  REQUIRE(s10 == 200);
  CHECK(At(At(branch_view, "move"), "comment").text == "the move");
}

// Another process writing the store (replay annotate) is seen at the next
// request, though serve keeps the games it replayed.
TEST_CASE("serve shows what another connection wrote to the store", "[serve]") {
  TestServer server;
  auto [s1, before] = server.Get("/api/games/1");
  REQUIRE(s1 == 200);
  CHECK(At(At(before, "moves").items[4], "comment").text.empty());
  {
    auto other = Store::Open(server.path());
    REQUIRE(other);
    REQUIRE(other.value()->Annotate(1, 5, "written elsewhere", "!", 0).ok());
  }
  auto [s2, after] = server.Get("/api/games/1");
  REQUIRE(s2 == 200);
  CHECK(At(At(after, "moves").items[4], "comment").text == "written elsewhere");
  auto [s3, view] = server.Get("/api/games/1/view?ply=5");
  CHECK(At(At(view, "move"), "glyph").text == "!");
}

TEST_CASE("serve with a token refuses writes without it", "[serve]") {
  TestServer server("s3cret");
  const std::string body = R"({"ply": 2, "comment": "x"})";
  CHECK(server.Post("/api/games/1/annotate", body).first == 403);
  CHECK(server.Post("/api/games/1/annotate", body, {{"X-Angler-Token", "wrong"}}).first ==
        403);
  CHECK(
      server.Post("/api/games/1/annotate", body, {{"X-Angler-Token", "s3cret"}}).first ==
      200);
  CHECK(server.Get("/api/games/1").first == 200);  // reads need none
}

TEST_CASE("serve plays a game against bots", "[serve]") {
  TestServer server;
  auto [status, play] = server.Post(
      "/api/play",
      R"({"ruleset": "fishing", "players": 4, "seat": 0, "seed": 5, "bots": "random",
          "record": true})");
  REQUIRE(status == 200);
  const std::string session = std::to_string(*At(play, "session").AsInt());
  // Seat 0 leads: the bots have not moved, the narration tells the deal.
  const size_t told = At(play, "narration").items.size();
  CHECK(server.Post("/api/play/" + session + "/move", R"({"move": "purple 99"})").first ==
        400);
  // A refused move leaves the narration as it was.
  CHECK(At(server.Get("/api/play/" + session).second, "narration").items.size() == told);
  CHECK(server.Get("/api/play/" + session + "x").first == 400);
  // Play the first legal move at every decision until the game ends.
  JsonValue now = play;
  for (int moves = 0; moves < 200 && !At(now, "over").boolean; ++moves) {
    const JsonValue& decision = At(At(now, "view"), "decision");
    REQUIRE(decision.kind == JsonValue::Kind::kObject);
    const std::string move = At(decision, "legal").items.at(0).text;
    JsonWriter body;
    body.BeginObject().Key("move").String(move).EndObject();
    auto [s, next] = server.Post("/api/play/" + session + "/move", body.str());
    INFO(move);
    REQUIRE(s == 200);
    CHECK(!At(next, "narration").items.empty());
    now = next;
  }
  CHECK(At(now, "over").boolean);
  CHECK(!At(now, "result").text.empty());
  // Recorded when it ended, in one transaction: the store has it.
  const std::optional<int64_t> recorded = At(now, "recorded").AsInt();
  REQUIRE(recorded);
  auto [s2, game] = server.Get("/api/games/" + std::to_string(*recorded));
  CHECK(s2 == 200);
  CHECK(At(game, "source").text == "play");
  CHECK(At(game, "result").text == At(now, "result").text);
  CHECK(server.Post("/api/play", R"({"ruleset": "/etc/passwd"})").first == 400);
  CHECK(server.Post("/api/play", R"({"ruleset": "fishing", "players": 9})").first == 400);
}

TEST_CASE("serve plays a search against bots: one's own marks, then waiting", "[serve]") {
  TestServer server;
  auto [status, play] = server.Post(
      "/api/play",
      R"({"ruleset": "falscher-hering", "players": 3, "seat": 0, "seed": 4})");
  REQUIRE(status == 200);
  const std::string moves =
      "/api/play/" + std::to_string(*At(play, "session").AsInt()) + "/move";
  const JsonValue& decision = At(At(play, "view"), "decision");
  REQUIRE(At(decision, "kind").text == "search");
  // The seat's view lists its own moves only, not the others' (a viewpoint
  // never learns another's legal moves).
  std::string mine;
  for (const JsonValue& m : At(decision, "legal").items) {
    CHECK(m.text.rfind("P1 ", 0) == 0);
    if (mine.empty()) mine = m.text;
  }
  REQUIRE(!mine.empty());
  const std::string theirs = "P2" + mine.substr(2);  // the same mark, by P2
  auto move = [&](const std::string& text) {
    JsonWriter body;
    body.BeginObject().Key("move").String(text).EndObject();
    return server.Post(moves, body.str());
  };
  auto [s1, refused] = move(theirs);
  CHECK(s1 == 400);
  CHECK(At(refused, "reason").text == "not your turn");
  auto [s2, marked] = move(mine);
  CHECK(s2 == 200);
  CHECK(At(marked, "narration").items.at(0).text == mine);
  auto [s_both, both] = server.Post(moves, R"({"wait": true, "move": "P1 stops"})");
  CHECK(s_both == 400);
  CHECK(server.Post(moves, R"({"wait": "true"})").first == 400);
  auto [s3, waited] = server.Post(moves, R"({"wait": true})");
  CHECK(s3 == 200);
  CHECK(!At(waited, "narration").items.empty());
  // Waiting settles this round's search only: the next one is the person's again.
  CHECK(!At(waited, "over").boolean);
  CHECK(At(At(waited, "view"), "round").AsInt() ==
        *At(At(play, "view"), "round").AsInt() + 1);
  // The person stops the next search themselves (a stop of their own is among
  // their legal moves); a stop for others is not theirs to make. Stopping
  // within a second beats the bots, which take longer.
  bool offered = false;
  for (const JsonValue& m : At(At(At(waited, "view"), "decision"), "legal").items)
    offered |= m.text == "P1 stops";
  CHECK(offered);
  auto [s4, others] = move("P2 stops");
  CHECK(s4 == 400);
  CHECK(At(others, "error").text == "you stop for yourself only: 'P1 stops'");
  auto [s5, stopped] = move("P1 stops");
  REQUIRE(s5 == 200);
  // The bots mark what they found so far, then the person stops.
  bool told = false;
  for (const JsonValue& line : At(stopped, "narration").items)
    told |= line.text == "P1 stops";
  CHECK(told);
}

TEST_CASE("serve's waiting never moves for the person, with bots that do not race",
          "[serve]") {
  // Random bots do not race: the search is settled by open actions drawn at
  // random, and none may be the waiting person's mark, or a stop with P1 in it.
  TestServer server;
  auto [status, play] =
      server.Post("/api/play",
                  R"({"ruleset": "falscher-hering", "players": 3, "seat": 0, "seed": 4,
          "bots": "random"})");
  REQUIRE(status == 200);
  const std::string moves =
      "/api/play/" + std::to_string(*At(play, "session").AsInt()) + "/move";
  int told = 0;
  JsonValue now = play;
  for (int rounds = 0; rounds < 6 && !At(now, "over").boolean; ++rounds) {
    auto [s, waited] = server.Post(moves, R"({"wait": true})");
    REQUIRE(s == 200);
    for (const JsonValue& line : At(waited, "narration").items) {
      INFO(line.text);
      // "P1 marks 3", "P1 unmarks 3"; "P1 stops", "P1 and P3 stop", "P2, P1
      // and P3 stop".
      CHECK_FALSE(std::regex_match(line.text, std::regex("P1 (un)?marks .*")));
      CHECK_FALSE(
          std::regex_match(line.text, std::regex("(.*, |.* and )?P1( |,).*stops?")));
      told += std::regex_match(line.text, std::regex("P[23].* stops?"));
    }
    now = waited;
  }
  CHECK(told > 0);  // the bots stopped searches
}

TEST_CASE("serve answers while bots think in a game against them", "[serve]") {
  // The person sits last: before their first move three searching bots play,
  // a good part of a second. Meanwhile the game list is answered at once; it
  // used to wait for the bots (one lock for every request).
  TestServer server;
  std::atomic<int> order{0};
  int play_done = 0, list_done = 0;
  int play_status = 0;  // checked after the join: Catch's checks are the main thread's
  std::thread play([&] {
    httplib::Client client("127.0.0.1", server.port());
    client.set_read_timeout(120);
    auto r = client.Post("/api/play",
                         R"({"ruleset": "fishing", "players": 4, "seat": 3, "seed": 2,
                             "bots": "ismcts:20000"})",
                         "application/json");
    play_status = r ? r->status : -1;
    play_done = ++order;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(server.Get("/api/games").first == 200);
  list_done = ++order;
  play.join();
  CHECK(play_status == 200);
  CHECK(list_done < play_done);
}

TEST_CASE("serve's view tells a spectator no one's marks", "[serve]") {
  TestServer server;
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering");
  const Game game(*rules, 2);
  int64_t id = 0;
  {
    auto store = Store::Open(server.path());
    REQUIRE(store);
    for (uint64_t seed = 1; seed <= 20 && id == 0; ++seed) {
      const std::vector<Action> moves = RandomPlayout(game, seed);
      if (std::none_of(moves.begin(), moves.end(),
                       [](const Action& a) { return a.kind == ActionKind::kMark; }))
        continue;
      id = store.value()->RecordGame(game, moves, {}, seed, "sim").value();
    }
  }
  REQUIRE(id > 0);
  const std::string path = "/api/games/" + std::to_string(id);
  const JsonValue record = server.Get(path).second;
  int ply = 0;
  std::string mover;
  for (const JsonValue& m : At(record, "moves").items) {
    std::smatch marks;
    if (std::regex_match(At(m, "text").text, marks, std::regex("(P[12]) marks [0-9]+"))) {
      ply = static_cast<int>(*At(m, "ply").AsInt());
      mover = marks[1];
      break;
    }
  }
  REQUIRE(ply > 0);
  const JsonValue seen =
      server.Get(path + "/view?ply=" + std::to_string(ply) + "&viewpoint=spectator")
          .second;
  CHECK(At(At(seen, "move"), "text").text == mover + " changes a mark");
  CHECK(At(seen, "narration").items.at(0).text == mover + " changes a mark");
  for (const JsonValue& line : At(seen, "narration").items) {
    INFO(line.text);
    CHECK(line.text.rfind("marks ", 0) != 0);
  }
}

TEST_CASE("serve refuses a port another server listens on", "[serve]") {
  TestServer first;
  auto store = Store::Open(":memory:");
  REQUIRE(store);
  ServeApi api(std::move(store).value(), "");
  HttpServer second(api);
  CHECK(second.Bind("127.0.0.1", first.port()) == -1);
  CHECK(first.Get("/api/games").first == 200);
}

TEST_CASE("serve serves the page", "[serve]") {
  TestServer server;
  auto page = server.client().Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->body.find("<html") != std::string::npos);
  CHECK(server.client().Get("/missing.js")->status == 404);
}

}  // namespace
}  // namespace angler
