#include "interpreter/chance_outcome.h"

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
