// Writing a move as people say it (move_text.h: MoveText, ThingText);
// move_read.cc reads it back.
#include "interpreter/move_text.h"

#include "interpreter/chance_outcome.h"
#include "interpreter/move_text_internal.h"

namespace angler {
namespace {

// The engine's word for an action ("play", "lay"), without what it acts on.
std::string EngineVerb(const Game& game, const State& s, const Action& a) {
  const std::string text = game.ActionText(s, a);
  return text.substr(0, text.find(' '));
}

// Everyone who stops together: "Anne stops", "Anne and Bob stop", "Anne, Bob
// and Carl stop", as scenarios write it.
std::string StopText(const Action& a, const std::vector<std::string>& players) {
  std::vector<std::string> names;
  for (size_t p = 0; p < players.size() && p < 64; ++p) {
    if (a.seed >> p & 1) names.push_back(players[p]);
  }
  if (names.size() == 1) return names[0] + " stops";
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return text + " stop";
}

// 1-based place of card `id` among the ruleset's cards with its name.
int CardOrdinal(const Ruleset& rules, int id) {
  int k = 1;
  for (int c = 0; c < id; ++c) {
    k += rules.card_names[static_cast<size_t>(c)] ==
         rules.card_names[static_cast<size_t>(id)];
  }
  return k;
}

// A card's name, with " [k]" when `hand` holds another card of that name.
std::string CardInHand(const Ruleset& rules, const State& s, int hand, int id) {
  const std::string& name = rules.card_names[static_cast<size_t>(id)];
  int same = 0;
  for (uint8_t c : s.Zone(hand)) same += rules.card_names[c] == name;
  if (same < 2) return name;
  return name + " [" + std::to_string(CardOrdinal(rules, id)) + "]";
}

}  // namespace

namespace move_text_internal {

bool IsCardAction(const Action& a) {
  return a.kind == ActionKind::kPlay || a.kind == ActionKind::kChoose;
}

// The verb of a move line: the engine's word with an s ("plays", "lays").
std::string Verb(const Game& game, const State& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::kPlay:
      return std::string(kVerbPlays);
    case ActionKind::kChoose:
    case ActionKind::kOption:
      return std::string(kVerbChooses);
    case ActionKind::kMark: {
      // A mark toggles: it reads as what it does to the player's sheet, as
      // scenarios write it ("Anne marks 3", "Anne unmarks 3").
      const int32_t sheet = s.vars[game.rules().builtin.marks + a.player];
      return (sheet >> a.value & 1) ? "unmarks" : "marks";
    }
    default:
      return EngineVerb(game, s, a) + "s";
  }
}

// What the engine calls an action, without its verb.
std::string PlainName(const Game& game, const State& s, const Action& a) {
  if (IsCardAction(a)) return game.rules().card_names[static_cast<size_t>(a.value)];
  std::string text = game.ActionText(s, a);
  const size_t space = text.find(' ');
  return space == std::string::npos ? std::string() : text.substr(space + 1);  // "stop"
}

int HandOf(const Game& game, int seat) {
  return game.rules().zones[static_cast<size_t>(game.rules().hand_family)].first + seat;
}

}  // namespace move_text_internal

using move_text_internal::HandOf;
using move_text_internal::IsCardAction;
using move_text_internal::PlainName;
using move_text_internal::Verb;

std::string CardInZone(const Ruleset& rules, const State& s, int zone, int card) {
  return CardInHand(rules, s, zone, card);
}

std::string ThingText(const Game& game, const State& before, const Action& a,
                      const MoveTextStyle& style) {
  const Ruleset& rules = game.rules();
  if (a.kind == ActionKind::kMark) return std::to_string(a.value);  // the piece
  if (a.kind == ActionKind::kStop) return "";
  if (a.kind == ActionKind::kLay && rules.hand_family >= 0) {
    // Each card told apart in the hand, then where: "yellow 3, yellow 4 on row 2".
    int cards[kMaxLay];
    const int n = a.LayCards(cards);
    const std::string plain = PlainName(game, before, a);
    const size_t on = plain.rfind(" on ");
    std::string text;
    const int hand = HandOf(game, a.player);
    for (int i = 0; i < n; ++i) {
      if (cards[i] < 0 || cards[i] >= static_cast<int>(rules.cards.size())) return plain;
      text += (i ? ", " : "") + (style.tell_copies_apart
                                     ? CardInHand(rules, before, hand, cards[i])
                                     : rules.card_names[static_cast<size_t>(cards[i])]);
    }
    return on == std::string::npos ? plain : text + plain.substr(on);
  }
  std::string name = PlainName(game, before, a);
  if (!style.tell_copies_apart) return name;
  ActionList legal;
  game.LegalActions(before, legal);
  int same = 0, index = 0;
  for (const Action& other : legal) {
    const bool alike =
        other.kind == a.kind &&
        (IsCardAction(a) ? rules.card_names[static_cast<size_t>(other.value)] == name
                         : PlainName(game, before, other) == name);
    if (!alike) continue;
    ++same;
    if (other == a) index = same;
  }
  if (same < 2) return name;
  // Cards by their place among the ruleset's cards of that name; anything
  // else by its place among the legal actions that read the same.
  const int k = IsCardAction(a) ? CardOrdinal(rules, a.value) : index;
  return name + " [" + std::to_string(k) + "]";
}

std::string MoveText(const Game& game, const State& before, const Action& a,
                     const std::vector<std::string>& players,
                     const MoveTextStyle& style) {
  if (a.kind == ActionKind::kChance || a.kind == ActionKind::kReveal) {
    return ChanceText(game.rules(), before, a, players);  // seats' zones by name
  }
  if (a.kind == ActionKind::kStop) return StopText(a, players);
  if (a.player < 0) return game.ActionText(before, a);
  std::string text = players[static_cast<size_t>(a.player)];
  text += ' ';
  text += Verb(game, before, a);
  const std::string thing = ThingText(game, before, a, style);
  if (!thing.empty()) text += ' ' + thing;
  return text;
}

std::string SeatName(int seat) {
  std::string name = "P";  // appended: GCC 12 warns falsely on operator+ here
  return name.append(std::to_string(seat + 1));
}

std::vector<std::string> SeatNames(int players) {
  std::vector<std::string> names;
  for (int p = 0; p < players; ++p) names.push_back(SeatName(p));
  return names;
}

std::string LegalMoveText(const Game& game, const State& s, const Action& a,
                          const std::vector<std::string>& players) {
  ActionList legal;
  game.LegalActions(s, legal);
  for (const Action& other : legal) {
    if (other.player != a.player) return MoveText(game, s, a, players);
  }
  return ThingText(game, s, a);
}

}  // namespace angler
