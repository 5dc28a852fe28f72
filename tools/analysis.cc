#include "tools/analysis.h"

#include <cmath>

#include "interpreter/information.h"
#include "interpreter/move_text.h"
#include "interpreter/rng.h"
#include "replay/record.h"
#include "tools/ismcts_bot.h"

namespace angler {
namespace {

// Copies of a card are one move to a reader: named alike, so "best" and
// "played" compare as the same move when they are copies.
std::string MoveName(const Game& game, const State& s, const Action& a) {
  std::string text = ThingText(game, s, a, MoveTextStyle{.tell_copies_apart = false});
  return text.empty() ? game.ActionText(s, a) : text;
}

// The distinct moves of a decision one seat makes; 0 for chance and for a
// decision open to several seats at once.
int DistinctMoves(const Game& game, const State& s, const ActionList& legal) {
  if (game.IsChance(s) || game.CurrentPlayer(s) < 0) return 0;
  std::vector<std::string> seen;
  for (int i = 0; i < legal.count; ++i) {
    std::string name = MoveName(game, s, legal.items[i]);
    bool fresh = true;
    for (const std::string& other : seen) fresh = fresh && other != name;
    if (fresh) seen.push_back(std::move(name));
  }
  return static_cast<int>(seen.size());
}

std::string Percent(double chance) {
  return std::to_string(static_cast<int>(std::lround(chance * 100))) + "%";
}

}  // namespace

std::string_view GlyphForLoss(double loss) {
  if (loss >= kBlunderLoss) return "??";
  if (loss >= kMistakeLoss) return "?";
  if (loss >= kDubiousLoss) return "?!";
  return "";
}

std::string MoveAnalysis::Comment() const {
  if (glyph.empty()) return "";
  return "best: " + best + ", " + Percent(before) + " -> " + Percent(after);
}

size_t BestMove(const std::vector<IsmctsBot::MoveEstimate>& moves, const Action& played) {
  size_t best = 0;
  for (size_t m = 1; m < moves.size(); ++m) {
    if (moves[m].visits > moves[best].visits) best = m;
  }
  for (size_t m = 0; m < moves.size(); ++m) {
    if (moves[m].action == played && moves[m].value >= moves[best].value) return m;
  }
  return best;
}

Result<std::vector<MoveAnalysis>> AnalyzeLine(const Game& game,
                                              std::span<const Action> actions,
                                              int from_ply, int64_t line,
                                              const AnalysisSettings& settings,
                                              const std::function<void(int)>& step) {
  std::vector<Information> seats;
  seats.reserve(static_cast<size_t>(game.players()));
  for (int p = 0; p < game.players(); ++p) seats.emplace_back(game, p);
  IsmctsBot bot(settings.playouts, /*work_budget=*/0, /*to_game_end=*/true);
  const uint64_t line_seed = DeriveSeed(settings.seed, static_cast<uint64_t>(line));
  std::vector<MoveAnalysis> out;
  State s = game.NewInitialState();
  ActionList legal;
  for (size_t i = 0; i < actions.size(); ++i) {
    const int ply = static_cast<int>(i) + 1;
    const Action& played = actions[i];
    game.LegalActions(s, legal);
    const int distinct = ply > from_ply ? DistinctMoves(game, s, legal) : 0;
    if (distinct > 1) {
      const int seat = game.CurrentPlayer(s);
      Rng rng(DeriveSeed(line_seed, static_cast<uint64_t>(ply)));
      const std::vector<IsmctsBot::MoveEstimate> moves =
          bot.Search(game, seats[static_cast<size_t>(seat)], s, legal, rng, &played);
      const size_t best = BestMove(moves, played);
      size_t mine = 0;
      for (size_t m = 0; m < moves.size(); ++m) {
        if (moves[m].action == played) mine = m;
      }
      MoveAnalysis a;
      a.line = line;
      a.ply = ply;
      a.seat = seat;
      a.legal = distinct;
      a.move = MoveName(game, s, played);
      a.best = MoveName(game, s, moves[best].action);
      a.before = std::max(0.0, moves[best].value);
      a.after = a.best_played() ? a.before : std::max(0.0, moves[mine].value);
      if (!a.best_played()) a.glyph = GlyphForLoss(a.loss());
      out.push_back(std::move(a));
      if (step) step(static_cast<int>(out.size()));
    }
    if (Status st = ApplyChecked(game, s, played); !st) {
      return Diagnostic({}, "ply " + std::to_string(ply) + ": " + st.error().message);
    }
    for (Information& info : seats) info.Observe(played, s);
  }
  return out;
}

int CountDecisions(const Game& game, std::span<const Action> actions, int from_ply) {
  int count = 0;
  State s = game.NewInitialState();
  ActionList legal;
  for (size_t i = 0; i < actions.size(); ++i) {
    game.LegalActions(s, legal);
    if (static_cast<int>(i) + 1 > from_ply && DistinctMoves(game, s, legal) > 1) ++count;
    if (!ApplyChecked(game, s, actions[i])) break;
  }
  return count;
}

}  // namespace angler
