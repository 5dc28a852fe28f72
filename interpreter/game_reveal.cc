// Cards nobody has stated (chance_outcome.h): a reveal applied, a run that
// stops before an instruction that would show one, and the checks that no
// move names one.
#include <string>

#include "interpreter/chance_outcome.h"
#include "interpreter/game.h"
#include "interpreter/move_text.h"

namespace angler {
namespace {

// "the 3rd card from the top of deck", "hand(1)".
std::string PlaceText(const Ruleset& rules, int zone, int place) {
  if (place == kAnywhere) return rules.ZoneName(zone);
  if (place == 1) return "the top of " + rules.ZoneName(zone);
  return "card " + std::to_string(place) + " from the top of " + rules.ZoneName(zone);
}

// Cards a and b trade places. The open decision's cards are places too (the
// card in Anne's hand she may play): they trade with them. (A paused loop or
// a local holding a card keeps it: the rules read no unstated card's place
// into one without reading the card.)
void SwapPlaces(State& s, int a, int b) {
  if (a == b) return;
  int ia = s.start[s.zone_of[a]], ib = s.start[s.zone_of[b]];
  while (s.order[ia] != a) ++ia;
  while (s.order[ib] != b) ++ib;
  std::swap(s.order[ia], s.order[ib]);
  std::swap(s.zone_of[a], s.zone_of[b]);
  Decision& d = s.decision;
  if (d.kind != DecisionKind::kPlay && d.kind != DecisionKind::kChoose) return;
  for (int i = 0; i < d.count; ++i) {
    if (d.options[i] == a) {
      d.options[i] = static_cast<int16_t>(b);
    } else if (d.options[i] == b) {
      d.options[i] = static_cast<int16_t>(a);
    }
  }
}

}  // namespace

bool Game::AnyCardEnters(int family) const {
  for (const CardInfo& c : rules_.cards) {
    if (c.enter_families >> family & 1) return true;
  }
  return false;
}

int Game::UnstatedInSight(const State& s) const {
  for (int z = 0; z < rules_.zone_count; ++z) {
    const int f = rules_.ZoneFamilyOf(z);
    if (f < 0 || rules_.zones[static_cast<size_t>(f)].visibility != Visibility::kPublic)
      continue;
    for (uint8_t c : s.Zone(z)) {
      if (s.unstated[c]) return c;
    }
  }
  return -1;
}

// Runs like Run, keeping the state before each instruction: one that read an
// unstated card, or showed one, is undone, and the game asks where that card
// is (kReveal) before it runs the instruction again.
void Game::RunUnstated(State& s, EventLog* log) const {
  if (s.over) return LogWhereStopped(s, log);
  Undo undo;
  Execute<true>(s, log, &undo);
  int card = -1;
  if (s.error && s.fault == static_cast<uint8_t>(RuntimeFault::kUnstatedCard)) {
    card = s.fault_at;
  } else if (!s.over) {
    card = UnstatedInSight(s);  // shown by the instruction that asked
  }
  if (card >= 0) {
    s = undo.state;
    if (log) log->Truncate(undo.events);
    Decision& d = s.decision;
    d.kind = DecisionKind::kReveal;
    d.player = -1;
    d.zone = s.zone_of[card];
    d.count = 1;
    d.options[0] = static_cast<int16_t>(s.start[d.zone]);
    while (s.order[d.options[0]] != card) ++d.options[0];
    d.options[0] = static_cast<int16_t>(d.options[0] - s.start[d.zone]);
  }
  LogWhereStopped(s, log);
}

// A card a move names must have been stated: its name is all the record has.
Status Game::CheckStated(const State& s, const Action& a) const {
  int cards[kMaxLay];
  const int n = CardsNamed(a, cards);
  for (int i = 0; i < n; ++i) {
    const int c = cards[i];
    if (c < 0 || c >= static_cast<int>(rules_.cards.size()) || !s.unstated[c]) continue;
    return Diagnostic({}, rules_.card_names[static_cast<size_t>(c)] +
                              ": no one has stated where it is; a card nobody saw "
                              "must be revealed before it is played or chosen");
  }
  return Ok();
}

// A statement of where a card is: it trades places with an unstated card of
// the same shuffle at that place (both orders were possible), or was there.
Status Game::ApplyReveal(State& s, const Action& a, EventLog* log) const {
  const int card = a.value, zone = RevealZone(rules_, a), place = RevealPlace(a);
  if (card < 0 || card >= static_cast<int>(rules_.cards.size()) || zone < 0 ||
      rules_.ZoneSeat(zone) >= players_) {
    return Diagnostic({}, "a reveal names no card or no zone of this game");
  }
  const std::string name = rules_.card_names[static_cast<size_t>(card)];
  const std::string where = PlaceText(rules_, zone, place);
  const int size = s.ZoneSize(zone);
  if (place > size) {
    return Diagnostic({}, where + ": " + rules_.ZoneName(zone) + " holds " +
                              std::to_string(size) + " card(s)");
  }
  int target = place == kAnywhere ? -1 : s.order[s.start[zone + 1] - place];
  if (!s.unstated[card]) {
    if (s.zone_of[card] == zone && (target < 0 || target == card)) {
      LogAction(s, a, log);  // said again: true, and nothing changes
      ++s.ply;
      return Ok();
    }
    return Diagnostic(
        {}, name + (place == kAnywhere ? " cannot be in " : " cannot be at ") + where +
                ": it is known to be in " + rules_.ZoneName(s.zone_of[card]));
  }
  if (target < 0) {  // anywhere in the zone: the card asked for first, else the top one
    if (s.zone_of[card] == zone) target = card;
    const Decision& d = s.decision;
    if (target < 0 && d.kind == DecisionKind::kReveal && d.zone == zone) {
      const int asked = s.order[s.start[zone] + d.options[0]];
      if (s.unstated[asked] == s.unstated[card]) target = asked;
    }
    for (int i = s.start[zone + 1]; target < 0 && i-- > s.start[zone];) {
      if (s.unstated[s.order[i]] == s.unstated[card]) target = s.order[i];
    }
    if (target < 0) {
      return Diagnostic({},
                        name + " cannot be in " + where +
                            (std::any_of(s.Zone(zone).begin(), s.Zone(zone).end(),
                                         [&](uint8_t c) { return s.unstated[c] != 0; })
                                 ? ": the unstated cards there came from another "
                                   "shuffle than " +
                                       name
                                 : ": every card there is stated already"));
    }
  } else if (!s.unstated[target]) {
    return Diagnostic({}, name + " cannot be at " + where + ": " +
                              rules_.card_names[static_cast<size_t>(target)] +
                              " is known to be there");
  } else if (s.unstated[target] != s.unstated[card]) {
    return Diagnostic({}, name + " cannot be at " + where +
                              ": the card there came from another shuffle than " + name);
  }
  LogAction(s, a, log);
  SwapPlaces(s, card, target);
  s.unstated[card] = 0;
  --s.unstated_count;
  ++s.ply;
  Decision& d = s.decision;
  if (d.kind == DecisionKind::kReveal &&
      !s.unstated[s.order[s.start[d.zone] + d.options[0]]]) {
    d.kind = DecisionKind::kNone;  // what the rules asked for is known: on they go
    Run(s, log);
  }
  return Ok();
}

}  // namespace angler
