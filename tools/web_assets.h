// The page's files (tools/web/), built into the binary by CMake
// (tools/embed_web.cmake), so `angler serve` needs nothing at run time.
#ifndef ANGLER_TOOLS_WEB_ASSETS_H_
#define ANGLER_TOOLS_WEB_ASSETS_H_

#include <span>
#include <string_view>

namespace angler {

struct WebAsset {
  std::string_view path;  // "/index.html"
  std::string_view body;
};

std::span<const WebAsset> WebAssets();

}  // namespace angler

#endif  // ANGLER_TOOLS_WEB_ASSETS_H_
