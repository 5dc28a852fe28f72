// The engine's words for an action (move_text.h, ActionWords): what the
// rules' messages say ("play red 4 is not allowed now").
#include "dsl/text.h"
#include "interpreter/chance_outcome.h"
#include "interpreter/move_text.h"

namespace angler {

std::string ActionWords(const Ruleset& rules, const State& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::kPlay:
    case ActionKind::kChoose: {
      // A damaged record may carry any number: name only real cards.
      std::string verb = a.kind == ActionKind::kPlay ? "play " : "choose ";
      if (a.value < 0 || a.value >= static_cast<int>(rules.card_names.size())) {
        return verb.append("card #").append(std::to_string(a.value));
      }
      return verb.append(rules.card_names[static_cast<size_t>(a.value)]);
    }
    case ActionKind::kOption: {
      // The option list's element type decides how a value reads.
      const Instr& in = rules.code[static_cast<size_t>(s.pc)];
      Type t = Type::kInt;
      if (in.code == Code::kChooseOption) {
        t = static_cast<Type>(rules.nodes[static_cast<size_t>(in.e1)].imm);
      }
      return "choose " + rules.ValueName(t, a.value);
    }
    case ActionKind::kLay: {
      int cards[kMaxLay];
      int n = a.LayCards(cards);
      std::string text = "lay ";
      for (int i = 0; i < n; ++i) {
        if (i) text += ", ";
        text += cards[i] >= 0 && cards[i] < static_cast<int>(rules.card_names.size())
                    ? rules.card_names[static_cast<size_t>(cards[i])]
                    : "?";
      }
      std::string rows =
          rules.turn ? rules.zones[static_cast<size_t>(rules.turn->rows_family)].name
                     : "row";
      return text + " on " + rows + " " + std::to_string(a.value);
    }
    case ActionKind::kMark: {
      std::string text = "mark ";  // appended: GCC 12 warns falsely on operator+
      return text.append(rules.search ? rules.search->formation.piece : "piece")
          .append(" ")
          .append(std::to_string(a.value));
    }
    case ActionKind::kStop: {
      std::string text = "stop";
      for (int p = 0; p < 32; ++p) {
        if (a.seed >> p & 1) text.append(" ").append(std::to_string(p));
      }
      return text;
    }
    case ActionKind::kReveal:
      return ChanceText(rules, s, a, SeatNames(s.num_players));
    case ActionKind::kChance: {
      const std::string hex = Hex64(a.seed);
      if (s.decision.chance_pick) return std::string("draw #") + hex;
      return "shuffle " + rules.ZoneName(s.decision.zone) + " #" + hex;
    }
  }
  return "?";
}

}  // namespace angler
