// `angler serve [--port 8080] [--db PATH] [--host 127.0.0.1]`: the record
// store over HTTP (cpp-httplib): the JSON API of tools/serve_api.h under
// /api/, and the page (tools/web/, built into the binary) at /.
//
// It binds to loopback by default; bound to any other host, every write
// needs the token it prints at start.
#ifndef ANGLER_TOOLS_SERVE_H_
#define ANGLER_TOOLS_SERVE_H_

#include <memory>
#include <string>

#include "tools/serve_api.h"

namespace httplib {
class Server;
}

namespace angler {

// An HTTP server over a ServeApi; tests run one on an ephemeral port.
class HttpServer {
 public:
  explicit HttpServer(ServeApi& api);
  ~HttpServer();
  // port 0: any free port. Returns the port bound, or -1.
  int Bind(const std::string& host, int port);
  // Serves until Stop() (from another thread).
  void Listen();
  void Stop();

 private:
  ServeApi& api_;
  std::unique_ptr<httplib::Server> server_;
};

// Whether `host` is a loopback address (writes need no token there).
bool IsLoopback(const std::string& host);

}  // namespace angler

#endif  // ANGLER_TOOLS_SERVE_H_
