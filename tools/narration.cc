#include "tools/narration.h"

#include <algorithm>
#include <utility>

#include "interpreter/display.h"
#include "tools/event_text.h"

namespace angler {
namespace {

// What the lines below share: the move, the positions around it, and who
// is told.
struct Told {
  const Ruleset& rules;
  const State& before;
  const State& after;
  const Action& action;
  const std::vector<std::string>& players;
  const Viewpoint& viewpoint;

  // The seat told as "you", or -1 for an all-seeing viewer.
  int person() const {
    return viewpoint.kind == Viewpoint::Kind::kSeat ? viewpoint.seat : -1;
  }
  std::string Seat(int seat) const { return players[static_cast<size_t>(seat)]; }
  // "your" or "P2's".
  std::string Whose(int seat) const {
    return seat == person() ? "your" : Seat(seat) + "'s";
  }
  std::string CardList(const std::vector<int>& cards) const {
    if (cards.empty()) return "(empty)";
    std::string text;
    for (size_t i = 0; i < cards.size(); ++i) {
      if (i) text += ", ";
      text += rules.card_names[static_cast<size_t>(cards[i])];
    }
    return text;
  }
};

// Rows that lost cards, and what a row restarts with (the cards laid by the
// move itself are not news).
void RowLines(const Told& t, std::vector<std::string>& lines) {
  const ZoneFamily& rows = t.rules.zones[static_cast<size_t>(t.rules.turn->rows_family)];
  int laid[kMaxLay];
  const int n = t.action.kind == ActionKind::kLay ? t.action.LayCards(laid) : 0;
  for (int i = 0; i < rows.count; ++i) {
    const int zone = rows.first + i;
    bool cleared = false;
    for (uint8_t c : t.before.Zone(zone)) cleared |= t.after.zone_of[c] != zone;
    std::vector<int> arrived;
    for (uint8_t c : t.after.Zone(zone)) {
      if (t.before.zone_of[c] == zone || std::find(laid, laid + n, c) != laid + n)
        continue;
      arrived.push_back(c);
    }
    if (!cleared && arrived.empty()) continue;
    std::string line =
        ZoneFamilyTitle(t.rules, t.rules.RowsFamily()) + " " + std::to_string(i + 1);
    if (cleared) line += " is cleared";
    if (cleared && !arrived.empty()) line += " and";
    if (!arrived.empty()) line += " restarts with " + t.CardList(arrived);
    lines.push_back(std::move(line));
  }
}

// Cards that reached a per-player pile (the trick's are told by TrickLines);
// of the hands, only the person's, unless the viewer sees everything.
void ArrivalLines(const Told& t, int players, std::vector<std::string>& lines) {
  const int trick_zone =
      t.rules.trick ? t.rules.zones[static_cast<size_t>(t.rules.trick->family)].first
                    : -1;
  for (size_t f = 0; f < t.rules.zones.size(); ++f) {
    const ZoneFamily& family = t.rules.zones[f];
    if (!family.per_player) continue;
    const bool hand = static_cast<int>(f) == t.rules.hand_family;
    for (int p = 0; p < players; ++p) {
      if (hand && t.person() >= 0 && p != t.person()) continue;
      const int zone = family.first + p;
      std::vector<int> arrived;
      for (uint8_t c : t.after.Zone(zone)) {
        const bool from_trick =
            t.before.zone_of[c] == trick_zone ||
            (t.action.kind == ActionKind::kPlay && c == t.action.value);
        if (t.before.zone_of[c] != zone && !from_trick) arrived.push_back(c);
      }
      if (arrived.empty()) continue;
      std::string line =
          t.Whose(p) + " " + ZoneFamilyTitle(t.rules, static_cast<int>(f)) + " gets ";
      if (t.viewpoint.Sees(t.rules, zone)) {
        line += t.CardList(arrived);
      } else {
        line +=
            std::to_string(arrived.size()) + (arrived.size() == 1 ? " card" : " cards");
      }
      lines.push_back(std::move(line));
    }
  }
}

// Cards that left the trick, grouped by where they went, in play order.
void TrickLines(const Told& t, std::vector<std::string>& lines) {
  const int trick = t.rules.zones[static_cast<size_t>(t.rules.trick->family)].first;
  std::vector<int> cards(t.before.Zone(trick).begin(), t.before.Zone(trick).end());
  if (t.action.kind == ActionKind::kPlay) cards.push_back(t.action.value);
  std::vector<std::pair<int, std::vector<int>>> moved;
  for (int card : cards) {
    const int zone = t.after.zone_of[card];
    if (zone == trick) continue;
    auto it = std::find_if(moved.begin(), moved.end(),
                           [&](const auto& m) { return m.first == zone; });
    if (it == moved.end()) it = moved.insert(moved.end(), {zone, {}});
    it->second.push_back(card);
  }
  for (const auto& [zone, went] : moved) {
    const int seat = t.rules.ZoneSeat(zone);
    const std::string family = ZoneFamilyTitle(t.rules, t.rules.ZoneFamilyOf(zone));
    std::string line =
        seat < 0 ? family
                 : (seat == t.person() ? "your " : t.Seat(seat) + "'s ") + family;
    line += " takes ";
    for (size_t i = 0; i < went.size(); ++i) {
      if (i) line += ", ";
      line += t.rules.card_names[static_cast<size_t>(went[i])];
    }
    lines.push_back(std::move(line));
  }
}

}  // namespace

std::vector<std::string> NarrateChanges(const Game& game, const State& before,
                                        const State& after, const Action& action,
                                        std::span<const Event> events,
                                        const std::vector<std::string>& players,
                                        const Viewpoint& viewpoint) {
  std::vector<std::string> lines = NarrateConsequences(game, events, players);
  const Told told{game.rules(), before, after, action, players, viewpoint};
  if (action.kind != ActionKind::kChance) {
    if (game.rules().turn) RowLines(told, lines);
    ArrivalLines(told, game.players(), lines);
  }
  if (game.rules().trick) TrickLines(told, lines);
  return lines;
}

std::vector<std::string> NarrateReplayedMove(const Game& game, const State& before,
                                             const Action& action,
                                             const std::vector<std::string>& players,
                                             const Viewpoint& viewpoint) {
  State after = before;
  EventLog log;
  if (!game.Apply(after, action, &log)) return {};
  return NarrateChanges(game, before, after, action, log.events(), players, viewpoint);
}

}  // namespace angler
