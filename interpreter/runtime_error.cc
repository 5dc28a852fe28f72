#include "interpreter/runtime_error.h"

#include <string>

namespace angler {
namespace {

enum class Where { kNode, kInstr, kCard };

struct FaultInfo {
  Where where;
  const char* message;
};

constexpr FaultInfo kFaults[] = {
#define ANGLER_FAULT_INFO(name, where, message) {Where::where, message},
    ANGLER_RUNTIME_FAULTS(ANGLER_FAULT_INFO)
#undef ANGLER_FAULT_INFO
};

}  // namespace

const char* RuntimeFaultText(RuntimeFault f) {
  return kFaults[static_cast<size_t>(f)].message;
}

const Invariant* BrokenInvariant(const Ruleset& rules, const State& state) {
  if (!state.error ||
      static_cast<RuntimeFault>(state.fault) != RuntimeFault::kInvariant ||
      state.fault_at < 0 || static_cast<size_t>(state.fault_at) >= rules.code.size())
    return nullptr;
  const Instr& in = rules.code[static_cast<size_t>(state.fault_at)];
  if (in.code != Code::kCheck || in.slot < 0 ||
      static_cast<size_t>(in.slot) >= rules.invariants.size())
    return nullptr;
  return &rules.invariants[static_cast<size_t>(in.slot)];
}

Diagnostic RuntimeError(const Ruleset& rules, const State& state) {
  if (const Invariant* broken = BrokenInvariant(rules, state)) {
    return Diagnostic(
        broken->pos, "ruleset error: the invariant '" + broken->says + "' does not hold");
  }
  const auto f = static_cast<RuntimeFault>(state.fault);
  if (f == RuntimeFault::kNone || static_cast<size_t>(f) >= std::size(kFaults)) {
    return Diagnostic({}, "ruleset error");
  }
  SourcePos pos;
  const auto at = static_cast<size_t>(state.fault_at);
  if (kFaults[static_cast<size_t>(f)].where == Where::kNode) {
    if (state.fault_at >= 0 && at < rules.node_pos.size()) pos = rules.node_pos[at];
  } else if (kFaults[static_cast<size_t>(f)].where == Where::kInstr &&
             state.fault_at >= 0 && at < rules.code.size()) {
    pos = rules.code_pos[at];
  }
  return Diagnostic(pos, std::string("ruleset error: ") + RuntimeFaultText(f));
}

}  // namespace angler
