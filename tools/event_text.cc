#include "tools/event_text.h"

#include <algorithm>

#include "interpreter/display.h"
#include "interpreter/move_text.h"

namespace angler {
namespace {

std::string Name(const std::vector<std::string>& players, int seat) {
  if (seat < 0 || seat >= static_cast<int>(players.size())) return "no one";
  return players[static_cast<size_t>(seat)];
}

// A run of moves between the same two zones: "ocean -> hand Bob: 3 cards".
std::string MovesText(const Ruleset& rules, std::span<const Event> run,
                      const std::vector<std::string>& players,
                      const Viewpoint& viewpoint) {
  const Event& first = run.front();
  const bool seen = viewpoint.Sees(rules, first.from) || viewpoint.Sees(rules, first.to);
  std::string text = ZoneLabel(rules, first.from, players);
  text += " -> ";
  text += ZoneLabel(rules, first.to, players);
  text += ": ";
  if (!seen) {
    text += run.size() == 1 ? "a card" : std::to_string(run.size()) + " cards";
    return text;
  }
  for (size_t i = 0; i < run.size(); ++i) {
    if (i) text += ", ";
    text += rules.card_names[static_cast<size_t>(run[i].card)];
  }
  return text;
}

// A player's value reads as the player's name; others as the ruleset names them.
std::string ValueText(const Ruleset& rules, const Variable& v, int32_t x,
                      const std::vector<std::string>& players) {
  return v.type == Type::kPlayer && x >= 0 && x < static_cast<int>(players.size())
             ? players[static_cast<size_t>(x)]
             : rules.ValueName(v.type, x);
}

// The ruleset's words for a change (display.tell), {value} filled in; "" when
// it has none.
std::string ToldText(const Ruleset& rules, const Event& e,
                     const std::vector<std::string>& players) {
  const int variable = VariableOfSlot(rules, e.slot).variable;
  if (variable < 0 || static_cast<size_t>(variable) >= rules.display.tell.size())
    return "";
  std::string text = rules.display.tell[static_cast<size_t>(variable)];
  const std::string value =
      ValueText(rules, rules.variables[static_cast<size_t>(variable)], e.after, players);
  for (size_t at = text.find("{value}"); at != std::string::npos;
       at = text.find("{value}", at + value.size())) {
    text.replace(at, 7, value);
  }
  return text;
}

std::string SetText(const Ruleset& rules, const Event& e,
                    const std::vector<std::string>& players) {
  const VariableAt at = VariableOfSlot(rules, e.slot);
  if (at.variable < 0) return "";
  const Variable& v = rules.variables[static_cast<size_t>(at.variable)];
  std::string text = v.name;
  if (at.seat >= 0) {
    text += ' ';
    text += Name(players, at.seat);
  }
  auto value = [&](int32_t x) { return ValueText(rules, v, x, players); };
  text += ": ";
  text += value(e.before);
  text += " -> ";
  text += value(e.after);
  return text;
}

// Whether e sets a seat's sheet of marks that `viewpoint` does not see.
bool HiddenSheet(const Ruleset& rules, const Event& e, const Viewpoint& viewpoint) {
  const VariableAt at = VariableOfSlot(rules, e.slot);
  return at.variable >= 0 && at.seat >= 0 &&
         rules.variables[static_cast<size_t>(at.variable)].slot == rules.builtin.marks &&
         !viewpoint.SeesSheet(at.seat);
}

// Why it happened, when a card's effect did it: " (effect of yellow 7)".
std::string CauseText(const Ruleset& rules, const Event& e) {
  if (e.cause.card == kNoCard || e.cause.card < 0) return "";
  std::string text = " (effect of ";
  text += rules.card_names[static_cast<size_t>(e.cause.card)];
  text += ')';
  return text;
}

}  // namespace

std::string ZoneLabel(const Ruleset& rules, int zone,
                      const std::vector<std::string>& players) {
  const ZoneFamily& f = rules.zones[static_cast<size_t>(rules.ZoneFamilyOf(zone))];
  std::string label = ZoneFamilyTitle(rules, rules.ZoneFamilyOf(zone));
  // Appends, not " " + ...: GCC 12 warns falsely (-Wrestrict) on the latter.
  if (f.per_player || f.indexed) label += ' ';
  if (f.per_player) label += Name(players, rules.ZoneSeat(zone));
  if (f.indexed) label += std::to_string(rules.ZoneIndex(zone));
  return label;
}

std::vector<std::string> NarrateConsequences(const Game& game,
                                             std::span<const Event> events,
                                             const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  const Display& display = rules.display;
  std::vector<std::string> lines;
  for (const Event& e : events) {
    if (e.kind == EventKind::kTrickEnd) {
      lines.push_back(Name(players, e.player) + " wins the trick" +
                      (e.card != kNoCard && e.card >= 0
                           ? " with " + rules.card_names[static_cast<size_t>(e.card)]
                           : std::string()));
      continue;
    }
    if (e.kind != EventKind::kSet) continue;
    // A change the ruleset words (display.tell) is told when a card's effect
    // makes it, in those words; its resets go untold.
    if (std::string told = ToldText(rules, e, players); !told.empty()) {
      if (e.cause.card != kNoCard && e.cause.card >= 0)
        lines.push_back(told + CauseText(rules, e));
      continue;
    }
    const int variable = VariableOfSlot(rules, e.slot).variable;
    const bool shown =
        variable >= 0 && (variable == display.score ||
                          std::find(display.status.begin(), display.status.end(),
                                    variable) != display.status.end());
    if (!shown) continue;
    if (std::string text = SetText(rules, e, players); !text.empty())
      lines.push_back(text + CauseText(rules, e));
  }
  return lines;
}

std::string SeenMoveText(const Game& game, const State& before, const Action& action,
                         const std::vector<std::string>& players,
                         const Viewpoint& viewpoint, const MoveTextStyle& style) {
  if (action.kind == ActionKind::kChoose && action.value >= 0 &&
      action.value < static_cast<int>(game.rules().cards.size()) &&
      !viewpoint.Sees(game.rules(), before.zone_of[action.value])) {
    return Name(players, action.player) + " chooses a card";
  }
  if (action.kind == ActionKind::kMark && !viewpoint.SeesSheet(action.player)) {
    return Name(players, action.player) + " changes a mark";
  }
  return MoveText(game, before, action, players, style);
}

std::vector<std::string> NarrateMove(const Game& game, const State& before,
                                     const Action& action, std::span<const Event> events,
                                     const std::vector<std::string>& players,
                                     const Viewpoint& viewpoint) {
  const Ruleset& rules = game.rules();
  std::vector<std::string> lines{SeenMoveText(game, before, action, players, viewpoint)};
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    switch (e.kind) {
      case EventKind::kAction:
        break;  // the move itself: the first line
      case EventKind::kMove: {
        size_t end = i + 1;
        while (end < events.size() && events[end].kind == EventKind::kMove &&
               events[end].from == e.from && events[end].to == e.to &&
               events[end].cause.card == e.cause.card) {
          ++end;
        }
        lines.push_back(MovesText(rules, events.subspan(i, end - i), players, viewpoint) +
                        CauseText(rules, e));
        i = end - 1;
        break;
      }
      case EventKind::kShuffle:
        lines.push_back(ZoneLabel(rules, e.to, players) + " shuffled");
        break;
      case EventKind::kSet:
        if (HiddenSheet(rules, e, viewpoint)) break;
        if (std::string text = SetText(rules, e, players); !text.empty())
          lines.push_back(text + CauseText(rules, e));
        break;
      case EventKind::kRoundBegin:
        lines.push_back("round " + std::to_string(e.after) + " begins");
        break;
      case EventKind::kTrickBegin:
        lines.push_back("trick " + std::to_string(e.after + 1) + ": " +
                        Name(players, e.player) + " leads");
        break;
      case EventKind::kTrickEnd:
        lines.push_back(Name(players, e.player) + " wins the trick" +
                        (e.card != kNoCard && e.card >= 0
                             ? " with " + rules.card_names[static_cast<size_t>(e.card)]
                             : std::string()));
        break;
      case EventKind::kTurnBegin:
        lines.push_back(Name(players, e.player) + "'s turn");
        break;
      case EventKind::kAsk:
        break;  // the decision is shown with the position
      case EventKind::kGameEnd: {
        std::string text = e.after == 1 ? "the game stops: a ruleset error" : "game over";
        if (e.after != 1 && e.slot > 0 &&
            e.slot < static_cast<int>(rules.end_reasons.size())) {
          text += ": " + rules.end_reasons[static_cast<size_t>(e.slot)];
        }
        lines.push_back(text);
        break;
      }
    }
  }
  return lines;
}

}  // namespace angler
