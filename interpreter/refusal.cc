#include "interpreter/refusal.h"

#include <algorithm>

#include "interpreter/move_text.h"

namespace angler {
namespace {

std::string Name(const std::vector<std::string>& players, int seat) {
  if (seat >= 0 && seat < static_cast<int>(players.size()))
    return players[static_cast<size_t>(seat)];
  return SeatName(seat);
}

// What the decision asks of its player, as a verb phrase.
std::string Asked(DecisionKind kind) {
  switch (kind) {
    case DecisionKind::kPlay:
      return "play a card";
    case DecisionKind::kChoose:
      return "choose a card";
    case DecisionKind::kOption:
      return "choose";
    case DecisionKind::kLay:
      return "lay cards";
    case DecisionKind::kSearch:
      return "search";
    case DecisionKind::kChance:
      return "wait for chance";
    case DecisionKind::kReveal:
      return "wait for a card to be stated";
    case DecisionKind::kNone:
      break;
  }
  return "wait";
}

bool Answers(DecisionKind d, ActionKind a) {
  switch (d) {
    case DecisionKind::kPlay:
      return a == ActionKind::kPlay;
    case DecisionKind::kChoose:
      return a == ActionKind::kChoose;
    case DecisionKind::kOption:
      return a == ActionKind::kOption;
    case DecisionKind::kLay:
      return a == ActionKind::kLay;
    case DecisionKind::kSearch:
      return a == ActionKind::kMark || a == ActionKind::kStop;
    case DecisionKind::kChance:
      return a == ActionKind::kChance;
    case DecisionKind::kReveal:
      return a == ActionKind::kReveal;
    case DecisionKind::kNone:
      break;
  }
  return false;
}

// "a, b or c" of the decision's options (cards or values), at most a few.
std::string Offered(const Game& game, const State& s, Type type) {
  const Ruleset& rules = game.rules();
  const Decision& d = s.decision;
  std::vector<std::string> names;
  for (int i = 0; i < d.count; ++i) {
    std::string n = type == Type::kCard
                        ? rules.card_names[static_cast<size_t>(d.options[i])]
                        : rules.ValueName(type, d.options[i]);
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  constexpr size_t kShown = 8;
  std::string out;
  for (size_t i = 0; i < names.size() && i < kShown; ++i) {
    if (i > 0) out.append(i + 1 == names.size() ? " or " : ", ");
    out.append(names[i]);
  }
  if (names.size() > kShown) out += " (" + std::to_string(names.size()) + " in all)";
  return out;
}

std::string WhyCardRefused(const Game& game, const State& s, const Action& a,
                           const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  const std::string card = rules.card_names[static_cast<size_t>(a.value)];
  const std::string who = Name(players, a.player);
  if (a.kind == ActionKind::kChoose) {
    return card + " is not among the cards " + who +
           " may choose: " + Offered(game, s, Type::kCard);
  }
  if (rules.hand_family >= 0) {
    const int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first + a.player;
    if (s.zone_of[a.value] != hand) return card + " is not in " + who + "'s hand";
  }
  static const std::vector<ReasonedRule> kNoRules;
  const TrickProcedure* trick = rules.trick ? &*rules.trick : nullptr;
  const bool leading = trick && s.played_count == 0 && !trick->lead_rules.empty();
  const std::vector<ReasonedRule>& checked = !trick    ? kNoRules
                                             : leading ? trick->lead_rules
                                                       : trick->play_rules;
  if (const ReasonedRule* broken = game.BrokenRule(s, checked, a.value)) {
    if (!broken->message.empty()) return game.Message(s, broken->message, a.value);
    return card + " may not be " + (leading ? "led" : "played") + " now (the trick's " +
           (leading ? "may_lead" : "may_play") + " rule)";
  }
  return card + " may not be played now";
}

}  // namespace

std::string WhyRefused(const Game& game, const State& s, const Action& a,
                       const std::vector<std::string>& players) {
  State trial = s;
  const Status applied = game.Apply(trial, a);
  if (applied.ok()) return "";
  if (s.over) return "the game is over";
  const Decision& d = s.decision;
  const std::string who = Name(players, a.player);
  if (d.kind == DecisionKind::kChance) return "chance decides now, not " + who;
  if (d.kind == DecisionKind::kSearch) {
    if (a.kind != ActionKind::kMark && a.kind != ActionKind::kStop)
      return "everyone is searching: " + who + " may mark or stop";
    return applied.error().message;  // the search's own words
  }
  if (a.player != d.player) {
    return "it is " + Name(players, d.player) + "'s turn to " + Asked(d.kind) + ", not " +
           who + "'s";
  }
  if (!Answers(d.kind, a.kind)) return who + " has to " + Asked(d.kind) + " now";
  const Ruleset& rules = game.rules();
  const bool card = (a.kind == ActionKind::kPlay || a.kind == ActionKind::kChoose) &&
                    a.value >= 0 && a.value < static_cast<int>(rules.cards.size());
  if (card) return WhyCardRefused(game, s, a, players);
  if (a.kind == ActionKind::kOption) {
    // The type of the values offered: the list the choosing statement names.
    Type type = Type::kInt;
    const Instr& in = rules.code[static_cast<size_t>(s.pc)];
    if (in.code == Code::kChooseOption)
      type = static_cast<Type>(rules.nodes[static_cast<size_t>(in.e1)].imm);
    return rules.ValueName(type, a.value) + " is not one of " + who +
           "'s choices: " + Offered(game, s, type);
  }
  return applied.error().message;  // lays: the lay rule's own reason
}

}  // namespace angler
