// Copying a State. memcpy meets a State at any alignment and of a size it
// learns at run time, and spends a fifth of the copy finding its way; the
// copy here knows both. On x86-64 the 32-byte (AVX2) stores are chosen when
// the program starts, by the machine it runs on (gcc's function
// multiversioning): a machine without them copies with memcpy.
#include "interpreter/state.h"

#include <cstring>

namespace angler {
namespace {

constexpr size_t kBlocks = sizeof(StateFields) / kStateBlock;

// Not under ThreadSanitizer: the loader makes the choice before that
// runtime is up, and the instrumented chooser crashes the program at start.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(__SANITIZE_THREAD__)
#define ANGLER_STATE_COPY_BY_MACHINE 1

// Four blocks loaded, then four stored: the stores are the bound, and four
// in flight let the loads run ahead. The blocks are read as aligned vectors:
// gcc splits an unaligned 32-byte move into two 16-byte ones on most targets.
[[gnu::target("avx2")]] void CopyBlocks(uint8_t* to, const uint8_t* from) {
  using Block [[gnu::vector_size(kStateBlock), gnu::may_alias]] = long long;
  const auto* in = reinterpret_cast<const Block*>(from);
  auto* out = reinterpret_cast<Block*>(to);
  constexpr size_t kGroup = 4;
  size_t i = 0;
  for (; i + kGroup <= kBlocks; i += kGroup) {
    const Block a = in[i], b = in[i + 1], c = in[i + 2], d = in[i + 3];
    out[i] = a;
    out[i + 1] = b;
    out[i + 2] = c;
    out[i + 3] = d;
  }
  for (; i < kBlocks; ++i) out[i] = in[i];
}

[[gnu::target("default")]] void CopyBlocks(uint8_t* to, const uint8_t* from) {
  std::memmove(to, from, kBlocks * kStateBlock);
}
#endif

}  // namespace

// REQUIRES (met by State's alignas): both States lie on kStateBlock bounds.
void CopyState(State& to, const State& from) {
#ifdef ANGLER_STATE_COPY_BY_MACHINE
  CopyBlocks(reinterpret_cast<uint8_t*>(&to), reinterpret_cast<const uint8_t*>(&from));
#else
  std::memmove(static_cast<void*>(&to), &from, kBlocks * kStateBlock);
#endif
}

}  // namespace angler
