// Games against bots in the browser: `angler serve`'s /api/play endpoints
// (docs/API.md). A session is one game in memory: the person's seat, bots at
// the others, chance from the game's seed (tools/runner.h), the same legal
// moves, refusals and move texts as `angler play` (interpreter/move_text.h).
//
// REQUIRES: calls come one at a time (ServeApi holds its lock).
#ifndef ANGLER_TOOLS_SERVE_PLAY_H_
#define ANGLER_TOOLS_SERVE_PLAY_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "replay/store.h"
#include "tools/serve_api.h"

namespace angler {

class PlaySessions {
 public:
  PlaySessions();
  ~PlaySessions();
  // path: the request's segments, "api", "play", ...
  ApiResponse Route(const ApiRequest& r, const std::vector<std::string>& path,
                    Store& store);

  struct Session;

 private:
  ApiResponse Start(const ApiRequest& r, Store& store);
  ApiResponse Move(Session& s, const ApiRequest& r, Store& store);

  std::map<int64_t, std::unique_ptr<Session>> sessions_;
  int64_t next_id_ = 1;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SERVE_PLAY_H_
