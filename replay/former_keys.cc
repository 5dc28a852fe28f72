#include "replay/former_keys.h"

#include <vector>

namespace angler {

std::span<const RenamedKey> FormerRulesetKeys() {
  // The accepted illegal lay was named after Fat Fish's fiasco until issue #11.
  static const std::vector<RenamedKey> kRenamed = {
      {"turn", "fiasco", "accept_illegal"},
      {"turn", "on_fiasco", "on_illegal"},
      // The formation's figures were the key `fish` until the pieces were named
      // by the ruleset (`piece:`).
      {"formation", "fish", "pieces", "piece", "fish"},
  };
  return kRenamed;
}

}  // namespace angler
