// The JSON API of `angler serve` (docs/API.md), apart from any HTTP library:
// a request in, a response out, so tests and benchmarks call it directly and
// tools/serve.cc only carries it over HTTP.
//
// Every answer is JSON; a bad request is a 400 (an unknown thing a 404) with
// {"error": "..."} naming what is wrong. Every write is one transaction of the
// store. When a token is set, every write must carry it (header
// X-Angler-Token, or ?token=).
//
// REQUIRES: nothing; Handle may be called from many threads (it takes a lock:
// the store is one connection).
#ifndef ANGLER_TOOLS_SERVE_API_H_
#define ANGLER_TOOLS_SERVE_API_H_

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "replay/branch.h"
#include "replay/store.h"
#include "tools/json_reader.h"
#include "tools/serve_json.h"

namespace angler {

struct ApiRequest {
  std::string method;  // "GET", "POST"
  std::string path;    // "/api/games/3/view"
  std::map<std::string, std::string> query;
  std::string body;   // JSON for a POST
  std::string token;  // the X-Angler-Token header
};

struct ApiResponse {
  int status = 200;
  std::string body;
};

class PlaySessions;
struct GameCache;

// {"error": message} with the status; the errors joined by "; " as a 400.
ApiResponse ApiError(int status, const std::string& message);
ApiResponse ApiError(const std::vector<Diagnostic>& errors);

// A whole number from text (a path part, a query parameter), all of it:
// "12x" is an error naming `what`.
Result<int64_t> Number(const std::string& text, const std::string& what);

// A POST's body: a JSON object, else an error.
Result<JsonValue> Body(const ApiRequest& r);
// A member of a body, by type. Missing or null: nullopt (IntMember: `def`, or
// an error naming it when there is none). Of another type: an error naming the
// member, never a silent default ({"record": "yes"} is not false).
Result<std::optional<std::string>> StringMember(const JsonValue& v, const char* key);
Result<std::optional<bool>> BoolMember(const JsonValue& v, const char* key);
Result<int64_t> IntMember(const JsonValue& v, const char* key,
                          std::optional<int64_t> def);

class ServeApi {
 public:
  // token: "" lets every request write.
  ServeApi(std::unique_ptr<Store> store, std::string token);
  ~ServeApi();

  ApiResponse Handle(const ApiRequest& request);

 private:
  ApiResponse Route(const ApiRequest& request);
  Result<std::shared_ptr<LoadedGame>> FindGame(const std::string& id_text);
  ApiResponse ListGames(const ApiRequest& r);
  ApiResponse View(const LoadedGame& g, const ApiRequest& r);
  ApiResponse Events(const LoadedGame& g, const ApiRequest& r);
  ApiResponse Scenario(const LoadedGame& g, const ApiRequest& r);
  ApiResponse Annotate(const LoadedGame& g, const ApiRequest& r);
  ApiResponse Branch(const LoadedGame& g, const ApiRequest& r);
  ApiResponse BranchPreview(const LoadedGame& g, int ply, std::vector<std::string> moves,
                            const BranchRead& branch);
  ApiResponse Rulesets();
  ApiResponse RulesetSummary(const std::string& name);

  std::mutex mutex_;  // the store and the game cache; play_ has its own
  std::unique_ptr<Store> store_;
  std::string token_;
  std::unique_ptr<GameCache> cache_;
  std::unique_ptr<PlaySessions> play_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SERVE_API_H_
