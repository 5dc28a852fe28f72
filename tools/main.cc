// The `angler` command line; everything it does lives in tools/commands.h.
#include <iostream>
#include <string>
#include <vector>

#include "tools/commands.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> words(argv + 1, argv + argc);
  const int code = angler::RunAngler(words, {std::cin, std::cout, std::cerr});
  std::cout.flush();
  return code;
}
