#include "interpreter/chance_outcome.h"

#include <algorithm>
#include <charconv>

#include "dsl/text.h"
#include "interpreter/move_text.h"
#include "interpreter/rng.h"

namespace angler {

void ShuffleZone(State& s, int zone, uint64_t seed) {
  Rng rng(seed);
  rng.Shuffle(s.order + s.start[zone], static_cast<size_t>(s.ZoneSize(zone)));
}

int16_t PickValue(const Decision& d, uint64_t seed) {
  Rng rng(seed);
  return d.options[rng.Below(static_cast<uint32_t>(d.count))];
}

ChanceOutcome OutcomeOf(const State& s, uint64_t seed) {
  ChanceOutcome out;
  const Decision& d = s.decision;
  if (d.chance_pick) {
    out.pick = true;
    out.value = PickValue(d, seed);
    return out;
  }
  out.zone = d.zone;
  State shuffled = s;
  ShuffleZone(shuffled, d.zone, seed);
  for (uint8_t c : shuffled.Zone(d.zone)) out.cards.push_back(c);
  return out;
}

}  // namespace angler

// ---- Chance stated as cards ----

namespace angler {

int CardsNamed(const Action& a, int out[kMaxLay]) {
  if (a.kind == ActionKind::kLay) return a.LayCards(out);
  if (a.kind != ActionKind::kPlay && a.kind != ActionKind::kChoose) return 0;
  out[0] = a.value;
  return 1;
}

Action UnseenShuffle() { return Action{ActionKind::kChance, -1, kShuffleUnseen, 0}; }

namespace {

int FamilyRank(const Ruleset& rules, int family) {
  int rank = 0;
  for (const ZoneFamily& f : rules.zones) {
    rank += f.name < rules.zones[static_cast<size_t>(family)].name;
  }
  return rank;
}

}  // namespace

Action RevealAction(const Ruleset& rules, int card, int zone, int place) {
  const int family = rules.ZoneFamilyOf(zone);
  const int instance = zone - rules.zones[static_cast<size_t>(family)].first;
  const uint64_t key = static_cast<uint64_t>(FamilyRank(rules, family) << 8 | instance);
  return Action{ActionKind::kReveal, -1, static_cast<int16_t>(card),
                key | static_cast<uint64_t>(place & 0xff) << 16};
}

int RevealZone(const Ruleset& rules, const Action& a) {
  const int rank = static_cast<int>(a.seed >> 8 & 0xff),
            instance = static_cast<int>(a.seed & 0xff);
  for (size_t f = 0; f < rules.zones.size(); ++f) {
    if (FamilyRank(rules, static_cast<int>(f)) != rank) continue;
    if (instance >= rules.zones[f].count) return -1;
    return rules.zones[f].first + instance;
  }
  return -1;
}

void MarkUnseen(State& s, int zone) {
  // Shuffle numbers are reused once no card holds them any more.
  uint8_t number = static_cast<uint8_t>(s.last_unseen + 1);
  auto in_use = [&](uint8_t n) {
    return n == 0 || std::find(std::begin(s.unstated), std::end(s.unstated), n) !=
                         std::end(s.unstated);
  };
  while (in_use(number)) ++number;
  s.last_unseen = number;  // a State has no padding: states compare with memcmp
  for (uint8_t c : s.Zone(zone)) {
    if (s.unstated[c] == 0) ++s.unstated_count;
    s.unstated[c] = number;
  }
}

std::string ZoneNameFor(const Ruleset& rules, int zone,
                        const std::vector<std::string>& players) {
  const int seat = rules.ZoneSeat(zone);
  const int family = rules.ZoneFamilyOf(zone);
  if (seat < 0 || family < 0 || static_cast<size_t>(seat) >= players.size()) {
    return rules.ZoneName(zone);
  }
  return rules.zones[static_cast<size_t>(family)].name + "(" +
         players[static_cast<size_t>(seat)] + ")";
}

std::string WithSeatNames(const Ruleset& rules, std::string text,
                          const std::vector<std::string>& players) {
  for (int z = 0; z < rules.zone_count; ++z) {
    if (rules.ZoneSeat(z) < 0) continue;
    const std::string from = rules.ZoneName(z), to = ZoneNameFor(rules, z, players);
    for (size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
      text.replace(at, from.size(), to);
    }
  }
  return text;
}

namespace {

// A card by its name, with its place among the ruleset's cards of that name
// when another shares it: `joker "wild" [2]`.
std::string CardName(const Ruleset& rules, int card) {
  const std::string& name = rules.card_names[static_cast<size_t>(card)];
  int same = 0, k = 0;
  for (size_t i = 0; i < rules.card_names.size(); ++i) {
    if (rules.card_names[i] != name) continue;
    ++same;
    if (static_cast<int>(i) == card) k = same;
  }
  return same < 2 ? name : name + " [" + std::to_string(k) + "]";
}

std::string Quoted(std::string_view text) {
  std::string out = "'";  // appended: GCC 12 warns falsely on operator+
  return out.append(text).append("'");
}

constexpr std::string_view kReveal = "reveal ";
constexpr std::string_view kUnseen = " unseen";
constexpr std::string_view kTopOf = "top of ";

// "hand(Anne)", "hand(P1)" or "hand(0)" (records before names), "deck".
int ZoneByName(const Ruleset& rules, std::string_view name,
               const std::vector<std::string>& players) {
  for (int z = 0; z < rules.zone_count; ++z) {
    const int seat = rules.ZoneSeat(z);
    if (seat >= static_cast<int>(players.size())) continue;
    if (name == ZoneNameFor(rules, z, players) || name == rules.ZoneName(z)) return z;
    if (seat >= 0 &&
        name == ZoneNameFor(rules, z, SeatNames(static_cast<int>(players.size())))) {
      return z;
    }
  }
  return -1;
}

// Card texts separated by commas outside quotes.
std::vector<std::string_view> SplitCards(std::string_view text) {
  std::vector<std::string_view> out;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] == '"') quoted = !quoted;
    if (i == text.size() || (text[i] == ',' && !quoted)) {
      out.push_back(Trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

// The card a text names; without "[k]", an unstated copy first.
Result<int> CardByName(const Ruleset& rules, const State& s, std::string_view text) {
  int k = 0;
  if (!text.empty() && text.back() == ']') {
    const size_t open = text.rfind(" [");
    if (open != std::string_view::npos) {
      const std::string_view digits = text.substr(open + 2, text.size() - open - 3);
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
      if (ec != std::errc() || end != digits.data() + digits.size() || k < 1) {
        return Diagnostic({}, Quoted(text) + ": [k] numbers a copy from 1");
      }
      text = Trim(text.substr(0, open));
    }
  }
  std::vector<int> copies;
  for (size_t i = 0; i < rules.card_names.size(); ++i) {
    if (rules.card_names[i] == text) copies.push_back(static_cast<int>(i));
  }
  if (copies.empty()) return Diagnostic({}, "no card is called " + Quoted(text));
  if (k > 0) {
    if (static_cast<size_t>(k) > copies.size()) {
      return Diagnostic({}, "there are only " + std::to_string(copies.size()) +
                                " cards called " + std::string(text));
    }
    return copies[static_cast<size_t>(k - 1)];
  }
  for (int c : copies) {
    if (s.unstated[c] != 0) return c;
  }
  return copies.front();
}

}  // namespace

std::string ChanceText(const Ruleset& rules, const State& s, const Action& a,
                       const std::vector<std::string>& players) {
  if (a.kind == ActionKind::kReveal) {
    const std::string zone = ZoneNameFor(rules, RevealZone(rules, a), players);
    const int place = RevealPlace(a);
    std::string text(kReveal);
    if (place == kAnywhere) {
      text += zone;
    } else if (place == 1) {
      text.append(kTopOf).append(zone);
    } else {
      text += "card " + std::to_string(place) + " from the top of " + zone;
    }
    return text + ": " + CardName(rules, a.value);
  }
  if (s.decision.chance_pick) return "draw #" + Hex64(a.seed);
  std::string text = "shuffle " + ZoneNameFor(rules, s.decision.zone, players);
  if (a.value == kShuffleUnseen) return text.append(kUnseen);
  return text + " #" + Hex64(a.seed);
}

bool IsStatementText(std::string_view text) {
  return text.starts_with(kReveal) ||
         (text.starts_with("shuffle ") && text.ends_with(kUnseen));
}

Result<std::vector<Action>> ParseStatement(const Game& game, const State& s,
                                           std::string_view text,
                                           const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  if (!text.starts_with(kReveal)) {  // "shuffle ZONE unseen"
    const std::string expected = ChanceText(rules, s, UnseenShuffle(), players);
    if (!game.IsChance(s) || s.decision.chance_pick || text != expected) {
      return Diagnostic({}, Quoted(text) + " is not the chance move now" +
                                (game.IsChance(s) && !s.decision.chance_pick
                                     ? " (it is '" + expected + "')"
                                     : ""));
    }
    return std::vector<Action>{UnseenShuffle()};
  }
  text.remove_prefix(kReveal.size());
  const size_t colon = text.find(": ");
  if (colon == std::string_view::npos) {
    return Diagnostic({},
                      "expected 'reveal ZONE: CARD, ...' or 'reveal top of ZONE: ...'");
  }
  std::string_view place_text = Trim(text.substr(0, colon));
  int place = kAnywhere;
  if (place_text.starts_with(kTopOf)) {
    place = 1;
    place_text.remove_prefix(kTopOf.size());
  } else if (place_text.starts_with("card ")) {
    const size_t from = place_text.find(" from the top of ");
    std::string_view digits = place_text.substr(
        5, from == std::string_view::npos ? std::string_view::npos : from - 5);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), place);
    if (from == std::string_view::npos || ec != std::errc() ||
        end != digits.data() + digits.size() || place < 1 || place > kMaxCards) {
      return Diagnostic({}, "expected 'reveal card K from the top of ZONE: CARD'");
    }
    place_text.remove_prefix(from + 17);
  }
  const int zone = ZoneByName(rules, place_text, players);
  if (zone < 0) {
    return Diagnostic({}, "there is no zone " + Quoted(place_text) + " here");
  }
  std::vector<Action> actions;
  for (std::string_view card_text : SplitCards(text.substr(colon + 2))) {
    Result<int> card = CardByName(rules, s, card_text);
    if (!card) return card.errors();
    actions.push_back(RevealAction(rules, card.value(), zone, place));
    if (place != kAnywhere) ++place;
  }
  return actions;
}

}  // namespace angler

namespace angler {

// Both games run side by side: `truth[x]` is the card the seeded game has
// where the told game has card x (they differ only where nothing is stated).
Result<std::vector<Action>> StatedAsCards(const Game& game,
                                          std::span<const Action> seeded) {
  std::vector<Action> out;
  State told = game.NewInitialState(), real = told;
  uint8_t truth[kMaxCards];
  for (int c = 0; c < kMaxCards; ++c) truth[c] = static_cast<uint8_t>(c);
  // States the card truly where told card x lies; at the place the rules
  // ask for, "anywhere in the zone" takes that place and reads best.
  auto state_card = [&](int x, bool asked) -> Status {
    const int card = truth[x], zone = told.zone_of[x];
    int index = told.start[zone];
    while (told.order[index] != x) ++index;
    const int place = told.start[zone + 1] - index;
    const bool anywhere = asked && told.zone_of[card] != zone;
    const Action a = RevealAction(game.rules(), card, zone, anywhere ? kAnywhere : place);
    const int was = truth[card];  // truly where `card` lies in the told game
    if (Status st = game.Apply(told, a); !st) return st;
    truth[card] = static_cast<uint8_t>(card);
    if (x != card) truth[x] = static_cast<uint8_t>(was);
    out.push_back(a);
    return Ok();
  };
  auto state_asked = [&]() -> Status {
    while (told.decision.kind == DecisionKind::kReveal && !told.over) {
      const int x = told.order[told.start[told.decision.zone] + told.decision.options[0]];
      if (Status st = state_card(x, true); !st) return st;
    }
    return Ok();
  };
  // The cards a move names, stated first (the move names them).
  auto state_named = [&](const Action& a) -> Status {
    int cards[kMaxLay];
    const int n = CardsNamed(a, cards);
    for (int i = 0; i < n; ++i) {
      int x = 0;
      while (x < kMaxCards && truth[x] != cards[i]) ++x;
      if (x < kMaxCards && told.unstated[x]) {
        if (Status st = state_card(x, false); !st) return st;
      }
    }
    return Ok();
  };
  for (const Action& a : seeded) {
    if (Status st = state_asked(); !st) return st.errors();
    if (Status st = state_named(a); !st) return st.errors();
    Action told_a = a;
    if (a.kind == ActionKind::kChance && game.IsChance(real) &&
        !real.decision.chance_pick) {
      const ChanceOutcome outcome = OutcomeOf(real, a.seed);
      const auto zone = told.Zone(outcome.zone);
      for (size_t j = 0; j < zone.size(); ++j)
        truth[zone[j]] = static_cast<uint8_t>(outcome.cards[j]);
      told_a = UnseenShuffle();
    }
    if (Status st = game.Apply(real, a); !st) return st.errors();
    if (Status st = game.Apply(told, told_a); !st) return st.errors();
    out.push_back(told_a);
  }
  if (Status st = state_asked(); !st) return st.errors();
  return out;
}

}  // namespace angler
