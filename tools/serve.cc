// `angler serve`: cpp-httplib carries requests to ServeApi and the page's
// files; everything the server knows lives in tools/serve_api.h.
#include "tools/serve.h"

#include <httplib.h>

#include <ostream>
#include <random>

#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/web_assets.h"

namespace angler {
namespace {

const CommandSpec& ServeSpec() {
  static const CommandSpec spec{
      "serve",
      "[--port 8080] [--db PATH] [--host 127.0.0.1]",
      "Serves the record store over HTTP and prints its URL: a page to replay,\n"
      "annotate and branch the stored games and to play against bots, and the JSON\n"
      "API it uses (docs/API.md). It binds to loopback by default; with another\n"
      "--host every write needs the token it prints at start.",
      {{"port", true, "the TCP port (default 8080; 0: any free port)"},
       {"db", true,
        "the store (default: $ANGLER_DB, else $XDG_DATA_HOME/angler/angler.db, else "
        "~/.local/share/angler/angler.db)"},
       {"host", true, "the address to bind (default 127.0.0.1)"}}};
  return spec;
}

std::string_view ContentType(std::string_view path) {
  auto ends = [&](std::string_view s) {
    return path.size() >= s.size() && path.substr(path.size() - s.size()) == s;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

// 32 hex digits from the system's entropy: a token nobody can guess.
std::string NewToken() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) {
    char part[9];
    std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(device()));
    token += part;
  }
  return token;
}

// No request of the API comes near this (an annotation, a branch of moves);
// a larger body is refused before it is read whole.
constexpr size_t kMaxRequestBytes = size_t{1} << 20;

// What a POST without Content-Length is told: the transport reads no body
// without it.
constexpr char kNoLengthText[] =
    "a POST to the API needs a Content-Length header (its JSON body's length)";

// What an error the transport answers by itself (a body too large, a request
// it could not read) says to an API client: JSON, as every API answer is.
std::string TransportErrorText(int status) {
  switch (status) {
    case 413:
      return "the request is larger than " + std::to_string(kMaxRequestBytes >> 20) +
             " MiB";
    case 400:
      return "the request could not be read";
    default:
      return "HTTP status " + std::to_string(status);
  }
}

ApiRequest ToApiRequest(const httplib::Request& req) {
  ApiRequest r;
  r.method = req.method;
  r.path = req.path;
  for (const auto& [k, v] : req.params) r.query[k] = v;
  r.body = req.body;
  r.token = req.get_header_value("X-Angler-Token");
  return r;
}

void Answer(const ApiResponse& out, httplib::Response& res) {
  res.status = out.status;
  res.set_content(out.body, "application/json; charset=utf-8");
}

// A path the API answers (in JSON, every error too).
bool IsApiPath(const std::string& path) {
  return path == "/api" || path.rfind("/api/", 0) == 0;
}

// The transport reads a form-encoded body only this far (cpp-httplib's
// CPPHTTPLIB_FORM_URL_ENCODED_PAYLOAD_MAX_LENGTH), and answers 413 past it.
constexpr size_t kMaxFormBytes = 8192;

// What an API client is told of a request the transport refused with
// `status` before the API saw it.
ApiResponse TransportError(ServeApi& api, const httplib::Request& req, int status) {
  // The transport refuses a POST, PUT or PATCH without Content-Length: a
  // method the API does not take still gets the API's 405, and a POST is
  // told what it lacks (a 400, as every request the API cannot read).
  if (status == 400 && !req.has_header("Content-Length")) {
    if (req.method != "GET" && req.method != "POST") return api.Handle(ToApiRequest(req));
    if (req.method == "POST") return ApiError(400, kNoLengthText);
  }
  if (status == 413 && req.get_header_value("Content-Type")
                               .rfind("application/x-www-form-urlencoded", 0) == 0) {
    return ApiError(413, "a form-encoded body is read only up to " +
                             std::to_string(kMaxFormBytes >> 10) +
                             " KiB: send the JSON as application/json");
  }
  return ApiError(status, TransportErrorText(status));
}

}  // namespace

bool IsLoopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" ||
         host.rfind("127.", 0) == 0;
}

HttpServer::HttpServer(ServeApi& api)
    : api_(api), server_(std::make_unique<httplib::Server>()) {
  // SO_REUSEADDR only: a restarted server may take its port back at once, but
  // a second one may not share it (cpp-httplib's default, SO_REUSEPORT, let
  // two servers on one port take turns answering).
  server_->set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  auto api_handler = [this](const httplib::Request& req, httplib::Response& res) {
    Answer(api_.Handle(ToApiRequest(req)), res);
  };
  // Every method reaches the API, which says which it takes (405 otherwise).
  server_->Get("/api(/.*)?", api_handler);
  server_->Post("/api(/.*)?", api_handler);
  server_->Put("/api(/.*)?", api_handler);
  server_->Patch("/api(/.*)?", api_handler);
  server_->Delete("/api(/.*)?", api_handler);
  server_->Options("/api(/.*)?", api_handler);
  server_->set_payload_max_length(kMaxRequestBytes);
  using HandlerResponse = httplib::Server::HandlerResponse;
  // A chunked body has no length to check before it is read: the API takes
  // none (411), rather than read one of any size.
  server_->set_pre_routing_handler(
      [](const httplib::Request& req, httplib::Response& res) {
        if (!IsApiPath(req.path) || req.get_header_value("Transfer-Encoding").empty())
          return HandlerResponse::Unhandled;
        Answer(ApiError(411,
                        "the API reads a body of a stated length (Content-Length), "
                        "not a chunked one"),
               res);
        return HandlerResponse::Handled;
      });
  // One request a connection: a body refused unread (above) must not be read
  // as the next request on it, and cpp-httplib keeps a connection open
  // whatever the answer says. On loopback a connection is cheap.
  server_->set_keep_alive_max_count(1);
  const httplib::Server::HandlerWithResponse api_errors =
      [this](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty() || !IsApiPath(req.path)) return HandlerResponse::Unhandled;
        Answer(TransportError(api_, req, res.status), res);
        return HandlerResponse::Handled;
      };
  server_->set_error_handler(api_errors);
  server_->Get("/.*", [](const httplib::Request& req, httplib::Response& res) {
    const std::string path = req.path == "/" ? "/index.html" : req.path;
    for (const WebAsset& a : WebAssets()) {
      if (a.path == path) {
        res.set_content(std::string(a.body), std::string(ContentType(path)).c_str());
        return;
      }
    }
    res.status = 404;
    res.set_content("not found: " + req.path, "text/plain");
  });
}

HttpServer::~HttpServer() = default;

int HttpServer::Bind(const std::string& host, int port) {
  if (port == 0) return server_->bind_to_any_port(host.c_str());
  return server_->bind_to_port(host.c_str(), port) ? port : -1;
}

void HttpServer::Listen() { server_->listen_after_bind(); }

void HttpServer::Stop() { server_->stop(); }

int RunServe(const std::vector<std::string>& words, std::ostream& out,
             std::ostream& err) {
  const CommandSpec& spec = ServeSpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  if (!args.positional().empty()) {
    return ReportErrors(spec.name, {Diagnostic({}, "takes no arguments, only flags")},
                        err);
  }
  Result<int64_t> port = IntFlagIn(args, "port", 8080, 0, 65535);
  if (!port) return ReportErrors(spec.name, port.errors(), err);
  const std::string host = args.Get("host").value_or("127.0.0.1");
  auto store = Store::OpenAt(args.Get("db").value_or(""));
  if (!store) return ReportErrors(spec.name, store.errors(), err);
  const std::string path = store.value()->path();
  const std::string token = IsLoopback(host) ? "" : NewToken();
  ServeApi api(std::move(store).value(), token);
  HttpServer server(api);
  const int bound = server.Bind(host, static_cast<int>(port.value()));
  if (bound < 0) {
    return ReportErrors(
        spec.name,
        {Diagnostic({}, "cannot listen on " + host + ":" + std::to_string(port.value()) +
                            " (in use, or not an address of this machine)")},
        err);
  }
  const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  out << "angler serve: http://" << shown << ":" << bound << "/ (store " << path << ")\n";
  if (!token.empty()) {
    out << "writes need the token " << token << " (header X-Angler-Token, or open http://"
        << shown << ":" << bound << "/?token=" << token << ")\n";
  }
  out.flush();
  server.Listen();
  return kExitOk;
}

}  // namespace angler
