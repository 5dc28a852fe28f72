#include "replay/line_of_play.h"

#include <string>
#include <utility>

namespace angler {

Result<StoredGame> StoredGame::Make(GameRecord record, RulesetPtr rules) {
  const Ruleset& r = *rules;
  const int players = record.players_count();
  if (players < r.min_players || players > r.max_players) {
    return Diagnostic({}, "game " + std::to_string(record.id) + " has " +
                              std::to_string(players) + " players; its ruleset allows " +
                              PlayerRange(r));
  }
  StoredGame g;
  g.game = std::make_unique<Game>(r, players);
  g.record = std::move(record);
  g.rules = std::move(rules);
  return g;
}

const Variation* LineOfPlay::OwnerOf(const GameRecord& record, int ply) const {
  if (!variation) return nullptr;
  if (ply > variation->ply) return variation;
  return record.FindVariation(record.LineAt(variation->parent, ply));
}

const RecordedAction& LineOfPlay::RecordedActionAt(const GameRecord& record,
                                                   int ply) const {
  if (const Variation* v = OwnerOf(record, ply)) {
    return v->actions[static_cast<size_t>(ply - v->ply - 1)];
  }
  return record.actions[static_cast<size_t>(ply - 1)];
}

const Action& LineOfPlay::ActionAt(const GameRecord& record, int ply) const {
  return RecordedActionAt(record, ply).action;
}

GameRecord LineOfPlay::AsMainLine(const GameRecord& record) const {
  GameRecord line = record;
  line.annotations.clear();
  line.variations.clear();
  if (!variation) return line;
  line.actions.clear();
  for (int ply = 1; ply <= plies(); ++ply)
    line.actions.push_back(RecordedActionAt(record, ply));
  return line;
}

const Annotation* FindAnnotation(const std::vector<Annotation>& notes, int ply) {
  for (const Annotation& a : notes) {
    if (a.ply == ply) return &a;
  }
  return nullptr;
}

const Annotation* LineOfPlay::MoveAnnotation(const GameRecord& record, int ply) const {
  const Variation* v = OwnerOf(record, ply);
  return FindAnnotation(v ? v->annotations : record.annotations, ply);
}

const Annotation* LineOfPlay::LineAnnotation(const GameRecord& record) const {
  return variation ? FindAnnotation(variation->annotations, variation->ply)
                   : FindAnnotation(record.annotations, 0);
}

std::vector<const Annotation*> LineOfPlay::LineCommentsAt(const GameRecord& record,
                                                          int ply) const {
  std::vector<const Annotation*> comments;
  auto add = [&comments](const Annotation* a) {
    if (a && !a->comment.empty()) comments.push_back(a);
  };
  if (ply == 0) add(FindAnnotation(record.annotations, 0));
  if (variation && ply == variation->ply) add(LineAnnotation(record));
  return comments;
}

Result<LineOfPlay> ReplayLine(const StoredGame& g, const Variation* variation) {
  Result<std::vector<State>> positions = Positions(*g.game, g.record, variation);
  if (!positions) {
    return Diagnostic(
        {}, "game " + std::to_string(g.record.id) +
                " does not replay under its stored rules: " + positions.error().message);
  }
  LineOfPlay line;
  line.variation = variation;
  line.positions = std::move(positions).value();
  return line;
}

}  // namespace angler
