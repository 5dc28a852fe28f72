#include "tools/compare.h"

#include <algorithm>
#include <array>
#include <optional>

namespace angler {
namespace {

// What one game gave, for pairing with the same game under the other rules.
struct Outcome {
  std::array<int64_t, kMaxPlayers> ranks{};
  uint32_t winners = 0;  // bit p: seat p won (or shared the win)
  int64_t length = 0;
  std::string reason;  // the end reason's name; "" the normal end
};

// Plays one ruleset's run, keeping each completed game's outcome by index.
SimulationStats PlayRun(const Game& game, const std::vector<Bot*>& seats,
                        const GameRange& range, int threads,
                        const std::function<void(int64_t)>& progress,
                        std::vector<std::optional<Outcome>>& outcomes) {
  outcomes.assign(static_cast<size_t>(range.count), std::nullopt);
  int64_t next = 0;  // `each` sees games in order; failed games are skipped
  return SimulateRange(
      game, seats, range, threads, progress, [&](const GameResult& result) {
        while (DeriveSeed(range.seed, static_cast<uint64_t>(range.first + next)) !=
               result.seed) {
          ++next;
        }
        const int64_t i = next++;
        if (result.final_state.error) return;
        Outcome o;
        for (int p = 0; p < game.players(); ++p) {
          o.ranks[static_cast<size_t>(p)] = game.Rank(result.final_state, p);
        }
        for (int w : result.winners) o.winners |= 1u << w;
        o.length = static_cast<int64_t>(result.actions.size());
        o.reason = game.rules().end_reasons.empty()
                       ? ""
                       : game.rules().end_reasons[result.final_state.end_reason];
        outcomes[static_cast<size_t>(i)] = std::move(o);
      });
}

void AddPair(PairedMeasure& m, double a, double b) {
  m.a.Add(a);
  m.b.Add(b);
  m.difference.Add(b - a);
}

std::vector<std::string> ReasonNames(const Ruleset& a, const Ruleset& b) {
  std::vector<std::string> names = {""};
  for (const Ruleset* rules : {&a, &b}) {
    for (const std::string& name : rules->end_reasons) {
      if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
    }
  }
  return names;
}

}  // namespace

Comparison Compare(const Game& a, const Game& b, const std::vector<Bot*>& seats,
                   const GameRange& range, int threads,
                   const std::function<void(int64_t)>& progress) {
  std::vector<std::string> bots;
  for (const Bot* bot : seats) bots.push_back(bot->name());
  Comparison c;
  std::vector<std::optional<Outcome>> under_a, under_b;
  c.a.run = SimRun::Of(a.rules(), range.seed, bots, range.count);
  c.a.stats = PlayRun(
      a, seats, range, threads,
      [&](int64_t done) {
        if (progress) progress(done);
      },
      under_a);
  c.b.run = SimRun::Of(b.rules(), range.seed, bots, range.count);
  c.b.stats = PlayRun(
      b, seats, range, threads,
      [&](int64_t done) {
        if (progress) progress(range.count + done);
      },
      under_b);

  const int players = a.players();
  for (const char* measure : {"win_rate", "mean_score"}) {
    for (int p = 0; p < players; ++p) c.measures.push_back({measure, p, "", {}, {}, {}});
  }
  c.measures.push_back({"game_length", -1, "", {}, {}, {}});
  const std::vector<std::string> reasons = ReasonNames(a.rules(), b.rules());
  for (const std::string& reason : reasons) {
    c.measures.push_back({"end_reason", -1, reason, {}, {}, {}});
  }
  for (size_t i = 0; i < under_a.size(); ++i) {
    if (!under_a[i] || !under_b[i]) continue;
    const Outcome& x = *under_a[i];
    const Outcome& y = *under_b[i];
    ++c.paired_games;
    size_t m = 0;
    for (int p = 0; p < players; ++p) {
      AddPair(c.measures[m++], x.winners >> p & 1, y.winners >> p & 1);
    }
    for (int p = 0; p < players; ++p) {
      const auto seat = static_cast<size_t>(p);
      AddPair(c.measures[m++], static_cast<double>(x.ranks[seat]),
              static_cast<double>(y.ranks[seat]));
    }
    AddPair(c.measures[m++], static_cast<double>(x.length),
            static_cast<double>(y.length));
    for (const std::string& reason : reasons) {
      AddPair(c.measures[m++], x.reason == reason, y.reason == reason);
    }
  }
  return c;
}

}  // namespace angler
