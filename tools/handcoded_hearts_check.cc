#include "tools/handcoded_hearts_check.h"

#include <array>
#include <bit>
#include <string>

#include "tools/handcoded_hearts.h"

namespace angler {
namespace {

using handcoded::Cards;

// The ruleset's card ids as hand-coded card bits, by suit name and value.
Result<std::array<int, kMaxCards>> CardBits(const Ruleset& rules) {
  static const char* const kSuits[] = {"clubs", "diamonds", "spades", "hearts"};
  std::array<int, kMaxCards> bits{};
  bits.fill(-1);
  for (size_t id = 0; id < rules.cards.size(); ++id) {
    const CardInfo& card = rules.cards[id];
    for (int s = 0; s < 4; ++s) {
      if (card.suit >= 0 && rules.suits[static_cast<size_t>(card.suit)] == kSuits[s]) {
        bits[id] = handcoded::CardBit(s, card.value);
      }
    }
    if (bits[id] < 0)
      return Diagnostic({}, "card " + rules.card_names[id] + " is not Hearts'");
  }
  return bits;
}

std::string CardsText(const Ruleset& rules, const std::array<int, kMaxCards>& bits,
                      Cards cards) {
  std::string text;
  for (size_t id = 0; id < rules.cards.size(); ++id) {
    if (cards >> bits[id] & 1) text += (text.empty() ? "" : ", ") + rules.card_names[id];
  }
  return "{" + text + "}";
}

}  // namespace

Result<int> CheckHandcodedHearts(const Game& game, uint64_t seed) {
  const Ruleset& rules = game.rules();
  auto bits = CardBits(rules);
  if (!bits) return bits.errors();
  const int hand_family = rules.FindFamily("hand");
  const int direction_var = rules.FindVariable("direction");
  if (hand_family < 0 || direction_var < 0 || game.players() != 4) {
    return Diagnostic({}, "not the hearts ruleset at 4 players");
  }
  // The deal: the ruleset's chance steps (the shuffle, the direction).
  Rng rng(seed);
  State state = game.NewInitialState();
  while (game.IsChance(state)) {
    if (Status st = game.Apply(state, game.SampleChance(state, rng)); !st)
      return st.errors();
  }
  handcoded::HeartsDeal deal;
  const int first_hand = rules.zones[static_cast<size_t>(hand_family)].first;
  for (int p = 0; p < 4; ++p) {
    for (uint8_t card : state.Zone(first_hand + p)) {
      deal.hands[static_cast<size_t>(p)] |= Cards{1} << bits.value()[card];
    }
  }
  deal.direction = state.vars[rules.variables[static_cast<size_t>(direction_var)].slot];
  handcoded::HeartsGame hand(deal);

  ActionList legal;
  int decisions = 0;
  while (!game.IsTerminal(state)) {
    const std::string where = "seed " + std::to_string(seed) + ", decision " +
                              std::to_string(decisions + 1) + ": ";
    if (game.IsChance(state)) return Diagnostic({}, where + "a chance step mid-hand");
    if (hand.over()) return Diagnostic({}, where + "the hand-coded game is over");
    game.LegalActions(state, legal);
    Cards offered = 0;
    for (const Action& a : legal) offered |= Cards{1} << bits.value()[a.value];
    if (game.CurrentPlayer(state) != hand.to_move() || offered != hand.Legal()) {
      return Diagnostic({}, where + "the ruleset offers seat " +
                                std::to_string(game.CurrentPlayer(state)) + " " +
                                CardsText(rules, bits.value(), offered) +
                                ", the hand-coded game seat " +
                                std::to_string(hand.to_move()) + " " +
                                CardsText(rules, bits.value(), hand.Legal()));
    }
    const int pick = handcoded::NthCard(
        offered, static_cast<int>(
                     rng.Below(static_cast<uint32_t>(handcoded::CountCards(offered)))));
    for (const Action& a : legal) {
      if (bits.value()[a.value] != pick) continue;
      if (Status st = game.Apply(state, a); !st) return st.errors();
      break;
    }
    hand.Apply(pick);
    ++decisions;
  }
  if (!hand.over())
    return Diagnostic({}, "seed " + std::to_string(seed) + ": the ruleset ended early");
  for (int p = 0; p < 4; ++p) {
    if (game.Rank(state, p) != hand.score(p)) {
      return Diagnostic(
          {}, "seed " + std::to_string(seed) + ": seat " + std::to_string(p) +
                  " scores " + std::to_string(game.Rank(state, p)) + " by the ruleset, " +
                  std::to_string(hand.score(p)) + " hand-coded");
    }
  }
  return decisions;
}

}  // namespace angler
