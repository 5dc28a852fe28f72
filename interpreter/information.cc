#include "interpreter/information.h"

#include <utility>

namespace angler {
namespace {

// A bipartite assignment of cards to zone slots, grown by augmenting paths.
struct Deal {
  const std::array<ZoneSet, kMaxCards>* places;
  const uint8_t* pool;  // the cards to deal
  int pooled = 0;
  int zone_count = 0;
  int room[kMaxZones] = {};   // free slots left
  int8_t zone_of[kMaxCards];  // by pool index, -1 while undealt
  bool visited[kMaxZones] = {};

  // Deals pool[i] into one of its places, moving others along a chain if needed.
  bool Augment(int i) {
    const ZoneSet& can = (*places)[pool[i]];
    for (int z = 0; z < zone_count; ++z) {
      if (!can.test(static_cast<size_t>(z)) || visited[z]) continue;
      visited[z] = true;
      if (room[z] > 0) {
        --room[z];
        zone_of[i] = static_cast<int8_t>(z);
        return true;
      }
      for (int j = 0; j < pooled; ++j) {
        if (zone_of[j] != z) continue;
        zone_of[j] = -1;
        ++room[z];  // j's slot is free while j looks for another
        if (Augment(j)) {
          --room[z];
          zone_of[i] = static_cast<int8_t>(z);
          return true;
        }
        --room[z];
        zone_of[j] = static_cast<int8_t>(z);
      }
    }
    return false;
  }

  // Each card into one of its places, as likely as the free slots there; a
  // card finds none free when the others took them.
  void DealAtRandom(Rng& rng) {
    for (int i = 0; i < pooled; ++i) {
      zone_of[i] = -1;
      const ZoneSet& can = (*places)[pool[i]];
      uint32_t slots = 0;
      for (int z = 0; z < zone_count; ++z) {
        if (can.test(static_cast<size_t>(z))) slots += static_cast<uint32_t>(room[z]);
      }
      if (slots == 0) continue;
      uint32_t pick = rng.Below(slots);
      for (int z = 0; z < zone_count; ++z) {
        if (!can.test(static_cast<size_t>(z))) continue;
        const uint32_t here = static_cast<uint32_t>(room[z]);
        if (pick < here) {
          --room[z];
          zone_of[i] = static_cast<int8_t>(z);
          break;
        }
        pick -= here;
      }
    }
  }

  // A card left without room takes a slot over along an augmenting path (one
  // exists: the true position is a complete deal).
  void DealTheRest() {
    for (int i = 0; i < pooled; ++i) {
      if (zone_of[i] >= 0) continue;
      for (bool& v : visited) v = false;
      if (Augment(i)) continue;
      // Only an inconsistent history gets here: any free slot keeps the sizes.
      for (int z = 0; z < zone_count && zone_of[i] < 0; ++z) {
        if (room[z] > 0) {
          --room[z];
          zone_of[i] = static_cast<int8_t>(z);
        }
      }
    }
  }
};

}  // namespace

Information::Information(const Game& game, int seat)
    : game_(game), seat_(seat), cards_(static_cast<int>(game.rules().cards.size())) {
  const Ruleset& rules = game.rules();
  for (int z = 0; z < rules.zone_count; ++z) {
    const Visibility v =
        rules.zones[static_cast<size_t>(rules.ZoneFamilyOf(z))].visibility;
    if (v == Visibility::kPublic ||
        (v == Visibility::kOwner && rules.ZoneSeat(z) == seat)) {
      seen_.set(static_cast<size_t>(z));
    }
  }
  Restart();
}

void Information::Restart() {
  // No chance has acted before the first decision: the rules alone set the start.
  const State start = game_.NewInitialState();
  for (int c = 0; c < cards_; ++c) {
    last_zone_[static_cast<size_t>(c)] = start.zone_of[c];
    places_[static_cast<size_t>(c)].reset();
    places_[static_cast<size_t>(c)].set(start.zone_of[c]);
  }
  ordered_.set();
  shuffled_ = -1;
  Narrow(start);
  ply_ = start.ply;
}

void Information::Forget(const State& s) {
  ZoneSet unseen;
  for (int z = 0; z < game_.rules().zone_count; ++z) {
    if (!Sees(z)) unseen.set(static_cast<size_t>(z));
  }
  for (int c = 0; c < cards_; ++c) {
    last_zone_[static_cast<size_t>(c)] = s.zone_of[c];
    places_[static_cast<size_t>(c)] = unseen;
  }
  ordered_ = ~unseen;
  Narrow(s);
  ply_ = s.ply;
}

int Information::ShownIn(const Action& action, int card) const {
  const Ruleset& rules = game_.rules();
  if (action.kind == ActionKind::kPlay && action.value == card && rules.trick) {
    return rules.zones[static_cast<size_t>(rules.trick->family)].first;
  }
  if (action.kind == ActionKind::kLay && rules.turn) {
    int laid[kMaxLay];
    const int n = action.LayCards(laid);
    for (int i = 0; i < n; ++i) {
      if (laid[i] == card) {
        return rules.zones[static_cast<size_t>(rules.turn->rows_family)].first +
               action.value - 1;
      }
    }
  }
  return -1;
}

void Information::Observe(const Action& action, const State& after) {
  if (after.ply == 1 && ply_ != 0) Restart();
  if (after.ply != ply_ + 1) {
    Forget(after);
    return;
  }
  const int zones = game_.rules().zone_count;
  // Zones whose cards the seat could name before this action: a card leaving
  // one by a rule that does not draw blind (the zone was not shuffled and its
  // order is known) or choose in secret is a card the seat can follow.
  int size[kMaxZones] = {};
  int named[kMaxZones] = {};
  for (int c = 0; c < cards_; ++c) {
    const int z = last_zone_[static_cast<size_t>(c)];
    ++size[z];
    if (Knows(c)) ++named[z];
  }
  const bool secret_choice = action.kind == ActionKind::kChoose && action.player != seat_;
  ZoneSet traceable;
  for (int z = 0; z < zones; ++z) {
    if (named[z] == size[z] && ordered_.test(static_cast<size_t>(z)) && z != shuffled_ &&
        !secret_choice) {
      traceable.set(static_cast<size_t>(z));
    }
  }
  if (shuffled_ >= 0) ordered_.reset(static_cast<size_t>(shuffled_));
  // Moves between zones the seat does not see: (from, to), each pair once.
  std::pair<uint8_t, uint8_t> flows[kMaxCards];
  int flow_count = 0;
  for (int c = 0; c < cards_; ++c) {
    const size_t i = static_cast<size_t>(c);
    const int to = after.zone_of[c];
    const int shown = ShownIn(action, c);
    const int from = shown >= 0 && Sees(shown) ? shown : last_zone_[i];
    last_zone_[i] = static_cast<uint8_t>(to);
    if (from == to) continue;
    if (!ordered_.test(static_cast<size_t>(from)))
      ordered_.reset(static_cast<size_t>(to));
    if (Sees(to) || Sees(from) || traceable.test(static_cast<size_t>(from))) {
      places_[i].reset();
      places_[i].set(static_cast<size_t>(to));
      continue;
    }
    ordered_.reset(static_cast<size_t>(to));
    const std::pair<uint8_t, uint8_t> flow(static_cast<uint8_t>(from),
                                           static_cast<uint8_t>(to));
    bool listed = false;
    for (int f = 0; f < flow_count && !listed; ++f) listed = flows[f] == flow;
    if (!listed) flows[flow_count++] = flow;
  }
  // Any card that may have been in `from` may now be in `to`.
  for (int f = 0; f < flow_count; ++f) {
    for (int c = 0; c < cards_; ++c) {
      ZoneSet& p = places_[static_cast<size_t>(c)];
      if (p.test(flows[f].first)) p.set(flows[f].second);
    }
  }
  Narrow(after);
  ply_ = after.ply;
}

void Information::Narrow(const State& s) {
  ZoneSet possible;  // zones unseen and not empty
  for (int z = 0; z < game_.rules().zone_count; ++z) {
    if (!Sees(z) && s.ZoneSize(z) > 0) {
      possible.set(static_cast<size_t>(z));
    } else {
      ordered_.set(static_cast<size_t>(z));  // nothing in it the seat cannot see
    }
  }
  const Decision& d = s.decision;
  shuffled_ = d.kind == DecisionKind::kChance && !d.chance_pick ? d.zone : -1;
  for (int c = 0; c < cards_; ++c) {
    ZoneSet& p = places_[static_cast<size_t>(c)];
    if (Sees(s.zone_of[c])) {
      p.reset();
      p.set(s.zone_of[c]);
    } else {
      p &= possible;
    }
  }
}

void Information::Sample(const State& s, State& out, Rng& rng) const {
  out = s;
  const Ruleset& rules = game_.rules();
  uint8_t pool[kMaxCards];
  Deal deal;
  deal.places = &places_;
  deal.pool = pool;
  deal.zone_count = rules.zone_count;
  // The pool by card id: which unseen zone holds which card must not matter.
  for (int c = 0; c < cards_; ++c) {
    if (!Sees(s.zone_of[c])) pool[deal.pooled++] = static_cast<uint8_t>(c);
  }
  for (int z = 0; z < rules.zone_count; ++z) {
    if (!Sees(z)) deal.room[z] = s.ZoneSize(z);
  }
  rng.Shuffle(pool, static_cast<size_t>(deal.pooled));
  deal.DealAtRandom(rng);
  deal.DealTheRest();
  // Write each unseen zone's cards in a random order (the seat does not know it).
  uint8_t zone_cards[kMaxCards];
  for (int z = 0; z < rules.zone_count; ++z) {
    if (Sees(z)) continue;
    int n = 0;
    for (int i = 0; i < deal.pooled; ++i) {
      if (deal.zone_of[i] == z) zone_cards[n++] = pool[i];
    }
    rng.Shuffle(zone_cards, static_cast<size_t>(n));
    for (int k = 0; k < n; ++k) {
      out.order[s.start[z] + k] = zone_cards[k];
      out.zone_of[zone_cards[k]] = static_cast<uint8_t>(z);
    }
  }
  RelabelOpenDecision(s, out);
}

// A decision already open names cards by id: "the card in that place" of the
// true position is the card in the same place of the sample.
void Information::RelabelOpenDecision(const State& s, State& out) const {
  uint8_t relabel[kMaxCards];
  for (int c = 0; c < kMaxCards; ++c) relabel[c] = static_cast<uint8_t>(c);
  for (int z = 0; z < game_.rules().zone_count; ++z) {
    if (Sees(z)) continue;
    for (int i = s.start[z]; i < s.start[z + 1]; ++i) relabel[s.order[i]] = out.order[i];
  }
  if (s.decision.kind == DecisionKind::kPlay ||
      s.decision.kind == DecisionKind::kChoose) {
    for (int i = 0; i < s.decision.count; ++i) {
      const int16_t c = s.decision.options[i];
      if (c >= 0 && c < kMaxCards) out.decision.options[i] = relabel[c];
    }
  }
  for (int i = 0; i < s.chosen_count; ++i) {
    out.decision.options[State::ChosenSlot(i)] = relabel[s.ChosenCard(i)];
  }
}

}  // namespace angler
