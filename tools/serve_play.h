// Games against bots in the browser: `angler serve`'s /api/play endpoints
// (docs/API.md). A session is one game in memory: the person's seat, bots at
// the others, chance from the game's seed (tools/runner.h), the same legal
// moves, refusals and move texts as `angler play` (interpreter/move_text.h).
//
// Sessions run side by side: while the bots of one think, that session alone
// is held, not the server (the game list, other sessions answer meanwhile).
// A request to a session waits for the one before it.
// REQUIRES: `store_lock` guards `store` (ServeApi's lock); it is taken here
// only to record a finished game.
#ifndef ANGLER_TOOLS_SERVE_PLAY_H_
#define ANGLER_TOOLS_SERVE_PLAY_H_

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
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
                    Store& store, std::mutex& store_lock);

  struct Session;

 private:
  ApiResponse Start(const ApiRequest& r);
  ApiResponse Move(Session& s, const ApiRequest& r, Store& store, std::mutex& store_lock);

  std::mutex mutex_;  // sessions_ and next_id_
  // Shared: a session evicted while a request plays in it lives until that ends.
  std::map<int64_t, std::shared_ptr<Session>> sessions_;
  int64_t next_id_ = 1;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SERVE_PLAY_H_
