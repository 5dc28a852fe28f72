#include "replay/scenario_writer.h"

#include <algorithm>
#include <span>

#include "interpreter/game.h"
#include "interpreter/move_text.h"
#include "interpreter/rng.h"
#include "interpreter/view.h"

namespace angler {
namespace {

constexpr size_t kLineWidth = 88;

// A name as the scenario language reads it: a word, else in quotes.
std::string Word(const std::string& name) {
  static const char* kReserved[] = {"catches", "plays", "chooses", "calls", "lays",
                                    "on",      "top",   "bottom",  "count", "has"};
  bool word = !name.empty();
  for (size_t i = 0; i < name.size() && word; ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    const bool letter = std::isalpha(c) || c == '_' || c >= 0x80;
    word = i == 0 ? letter : letter || std::isdigit(c) || c == '-';
  }
  for (const char* r : kReserved) word = word && name != r;
  return word ? name : "\"" + name + "\"";
}

std::string ValueText(const Ruleset& rules, Type type, int64_t v,
                      const std::vector<std::string>& players) {
  if (type == Type::kPlayer) {
    return v >= 0 && v < static_cast<int64_t>(players.size())
               ? Word(players[static_cast<size_t>(v)])
               : "none";
  }
  return rules.ValueName(type, v);
}

// "  head: a, b, c" broken after commas to stay within kLineWidth.
void CardLine(std::string& out, const std::string& head, const Ruleset& rules,
              std::span<const uint8_t> cards) {
  std::string line = "  " + head + ":";
  for (size_t i = 0; i < cards.size(); ++i) {
    const std::string& name = rules.card_names[cards[i]];
    const std::string piece = (i ? ", " : " ") + name;
    if (line.size() + piece.size() + 1 > kLineWidth && i > 0) {
      out += line + ",\n";
      line = "    " + name;
    } else {
      line += piece;
    }
  }
  out += line + "\n";
}

// A move as a scenario line writes it: the move notation with names as the
// scenario language reads them, copies of a card not told apart.
std::string MoveLine(const Game& game, const State& s, const Action& a,
                     const std::vector<std::string>& players) {
  std::vector<std::string> words;
  for (const std::string& name : players) words.push_back(Word(name));
  return MoveText(game, s, a, words, MoveTextStyle{.tell_copies_apart = false});
}

// Every zone's cards, one line a zone, bottom first: hands first, then the
// ruleset's zones in order, the trick left out (a position starts with it
// empty). With `fresh`, a zone empty both now and there is left out; without,
// every zone is listed, the empty ones too.
void ZoneLines(std::string& out, const Game& game, const State& s, const State* fresh,
               const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  std::vector<int> order;
  if (rules.hand_family >= 0) {
    const int hand_first = rules.zones[static_cast<size_t>(rules.hand_family)].first;
    for (int p = 0; p < game.players(); ++p) order.push_back(hand_first + p);
  }
  for (size_t f = 0; f < rules.zones.size(); ++f) {
    const ZoneFamily& family = rules.zones[f];
    if (static_cast<int>(f) == rules.hand_family ||
        static_cast<int>(f) == rules.TrickFamily()) {
      continue;
    }
    const int piles = family.per_player ? game.players() : family.count;
    for (int p = 0; p < piles; ++p) order.push_back(family.first + p);
  }
  for (int zone : order) {
    if (fresh && s.ZoneSize(zone) == 0 && fresh->ZoneSize(zone) == 0) continue;
    const ZoneFamily& family = rules.zones[static_cast<size_t>(rules.ZoneFamilyOf(zone))];
    std::string head = family.name;
    if (family.per_player) {
      // Two appends, not " " + ...: GCC 12 warns falsely (-Wrestrict) on that.
      head += ' ';
      head += Word(players[static_cast<size_t>(rules.ZoneSeat(zone))]);
    } else if (family.indexed) {
      head += ' ';
      head += std::to_string(rules.ZoneIndex(zone));  // "row 2"
    }
    CardLine(out, head, rules, s.Zone(zone));
  }
}

// The variables, but not the engine's own that a trick's or a round's start
// sets; those a trick starts afresh only as a comment, when they differ.
void VariableLines(std::string& out, const Game& game, const State& s,
                   const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  const BuiltinSlots& b = rules.builtin;
  std::vector<std::string> trick_vars;
  for (const Variable& v : rules.variables) {
    if (v.slot == b.round || v.slot == b.turn || v.slot == b.leader ||
        v.slot == b.winner || v.slot == b.winning_card || v.slot == b.target ||
        v.slot == b.illegal_lay || v.slot == b.marks || v.slot == b.stopped) {
      continue;  // marks and stops: moves, afresh with every search
    }
    const int seats = v.per_player ? game.players() : 1;
    for (int p = 0; p < seats; ++p) {
      const int32_t value = s.vars[v.slot + p];
      std::string line = v.name;
      if (v.per_player) {
        line += ' ';
        line += Word(players[static_cast<size_t>(p)]);
      }
      line += " = " + ValueText(rules, v.type, value, players);
      if (v.scope == Scope::kTrick) {
        if (value != v.init) trick_vars.push_back(line);
        continue;
      }
      out += "  " + line + "\n";
    }
  }
  if (!trick_vars.empty()) {
    out +=
        "  # In force for this trick (set by a card of the last one; play it to set "
        "them):\n";
    for (const std::string& line : trick_vars) out += "  #   " + line + "\n";
  }
}

// What comes next, as comments: the end, a chance move, or the decision and
// its legal moves.
void NextLines(std::string& out, const Game& game, const State& now,
               const std::vector<std::string>& players) {
  if (now.over) {
    out += "  # The game is over: " + ResultText(game, now, players) + "\n";
    return;
  }
  if (game.IsChance(now)) {
    out += "  # Next: " + game.DecisionText(now) + " (chance)\n";
    return;
  }
  std::vector<std::string> words;
  for (const std::string& name : players) words.push_back(Word(name));
  // As the position view words it: "Anne plays a card", "everyone searches ...".
  out += "  # " + DecisionWords(game, now, words) +
         (now.decision.player < 0 ? ". The legal moves:\n" : " now. The legal moves:\n");
  ActionList legal;
  game.LegalActions(now, legal);
  for (const Action& a : legal) out += "  #   " + MoveLine(game, now, a, players) + "\n";
}

// The moves from `start` to `end`, what comes next, and the closing brace.
void MovesToEnd(std::string& out, const Game& game, const GameRecord& record,
                const std::vector<State>& positions, int start, int end,
                const std::string& heading) {
  if (start < end) out += "  # " + heading + ":\n";
  for (int p = start; p < end; ++p) {
    out += "  " +
           MoveLine(game, positions[static_cast<size_t>(p)],
                    record.actions[static_cast<size_t>(p)].action, record.players) +
           "\n";
  }
  NextLines(out, game, positions[static_cast<size_t>(end)], record.players);
  out += "}\n";
}

// The file's head: where the position comes from, `notes` (whole comment
// lines: why it starts where it does), then the scenario's lines up to the round.
std::string ScenarioHead(const Ruleset& rules, const GameRecord& record, int ply,
                         const std::string& notes, const std::string& current_hash,
                         const std::string& rules_file, int round) {
  const std::vector<std::string>& players = record.players;
  const std::string game_name =
      record.id ? "game " + std::to_string(record.id) : "the game";
  std::string out = "# " + game_name + " (" + rules.name + ", " +
                    std::to_string(players.size()) + " players) at ply " +
                    std::to_string(ply) + ", written by angler replay to-scenario.\n";
  out += notes;
  if (!current_hash.empty() && current_hash != record.ruleset_hash) {
    out += "# The game was played under " + rules.name + " " + record.ruleset_hash +
           "; the current " + rules.name + " is " + current_hash + ".\n";
  }
  out +=
      "# Edit it into a rule check: change the position, add moves and expect lines.\n";
  out += "scenario \"" + game_name + " at ply " + std::to_string(ply) + "\" {\n";
  out += "  ruleset " + (rules_file.empty() ? rules.name : rules_file) + "\n";
  out += "  players ";
  for (size_t p = 0; p < players.size(); ++p) out += (p ? ", " : "") + Word(players[p]);
  out += "\n";
  if (record.seed) out += "  seed " + std::to_string(*record.seed) + "\n";
  out += "  round " + std::to_string(round) + "\n";
  return out;
}

// A game of plain rounds (neither tricks nor turns, as a search game): the
// state at the start of the round in progress at `ply`, before the round's
// own start statements run, found by replaying with the round's first
// instruction turned into the end. Returns the ply it follows, or -1.
int RoundStart(const Ruleset& rules, const Game& game, const GameRecord& record,
               const std::vector<State>& positions, int ply, State& at_start) {
  Ruleset halting = rules;
  halting.code[static_cast<size_t>(rules.entry_round)] = Instr{Code::kGameOver};
  const Game halt(halting, game.players());
  const int round = positions[static_cast<size_t>(ply)].vars[rules.builtin.round];
  int found = -1;
  State s = halt.NewInitialState();
  if (s.over && s.vars[rules.builtin.round] == round - 1) {
    at_start = s;
    found = 0;
  }
  for (int p = 1; p <= ply; ++p) {
    s = positions[static_cast<size_t>(p - 1)];
    if (s.over) break;
    if (!halt.Apply(s, record.actions[static_cast<size_t>(p - 1)].action)) continue;
    if (s.over && s.vars[rules.builtin.round] == round - 1 && !s.error) {
      at_start = s;
      found = p;
    }
  }
  return found;
}

Result<ScenarioPosition> WriteRoundScenario(const Ruleset& rules,
                                            const GameRecord& record, int ply,
                                            const std::string& current_hash,
                                            const std::string& rules_file) {
  const Game game(rules, record.players_count());
  Result<std::vector<State>> all = Positions(game, record);
  if (!all) return all.errors();
  const std::vector<State>& positions = all.value();
  State at_start;
  const int start = RoundStart(rules, game, record, positions, ply, at_start);
  if (start < 0) {
    return Diagnostic({}, "ply " + std::to_string(ply) + " is in no round");
  }
  for (int p = start + 1; p < ply; ++p) {
    if (record.actions[static_cast<size_t>(p)].action.kind == ActionKind::kChance) {
      return Diagnostic(
          {}, "a chance move (ply " + std::to_string(p + 1) +
                  ") lies between the round's start and ply " + std::to_string(ply) +
                  ": a scenario decides chance by "
                  "its seed; pick a ply before it or after the next round starts");
    }
  }
  const std::vector<std::string>& players = record.players;
  const int round = at_start.vars[rules.builtin.round] + 1;
  std::string out =
      ScenarioHead(rules, record, ply,
                   "# A scenario starts at a round's start: ply " +
                       std::to_string(start) + " (round " + std::to_string(round) +
                       "); the moves up to ply " + std::to_string(ply) + " follow.\n",
                   current_hash, rules_file, round);
  out +=
      "  # Every zone's cards, bottom first (the top of a pile last), the empty too:\n";
  ZoneLines(out, game, at_start, nullptr, players);
  out += "  # The variables:\n";
  out += "  leader = " +
         ValueText(rules, Type::kPlayer, at_start.vars[rules.builtin.leader], players) +
         "\n";
  VariableLines(out, game, at_start, players);
  MovesToEnd(out, game, record, positions, start, ply, "The round so far");
  return ScenarioPosition{out, start, ply};
}

// Where a scenario's position can start: a trick's first card (or a row
// game's turn) is to be played.
bool TrickStart(const State& s) {
  return !s.over && ((s.decision.kind == DecisionKind::kPlay && s.played_count == 0) ||
                     s.decision.kind == DecisionKind::kLay);
}

// Where the scenario of `ply` starts: the trick (turn) in progress, reached
// without chance since it began; at a shuffle outside any trick, the next
// trick (`moved_on`).
struct TrickFound {
  int start = -1;
  bool moved_on = false;
};

Result<TrickFound> FindTrickStart(const std::vector<State>& positions,
                                  const GameRecord& record, int ply) {
  const int n = static_cast<int>(record.actions.size());
  for (int p = ply; p >= 0; --p) {
    if (TrickStart(positions[static_cast<size_t>(p)])) return TrickFound{p, false};
    if (p > 0 &&
        record.actions[static_cast<size_t>(p - 1)].action.kind == ActionKind::kChance) {
      break;
    }
  }
  for (int p = ply + 1; p <= n; ++p) {
    if (TrickStart(positions[static_cast<size_t>(p)])) return TrickFound{p, true};
  }
  int last = -1;
  for (int p = 0; p <= n; ++p) {
    if (TrickStart(positions[static_cast<size_t>(p)])) last = p;
  }
  return Diagnostic(
      {}, "ply " + std::to_string(ply) + " comes after the game's last trick or turn" +
              (last >= 0 ? " (it starts at ply " + std::to_string(last) + ")"
                         : std::string()) +
              ": a scenario starts at one");
}

// kLastScenarioPly: the end, or, past the last trick or turn, its last move
// before chance moves on.
int LastScenarioPly(const std::vector<State>& positions, const GameRecord& record) {
  const int n = static_cast<int>(record.actions.size());
  int last = -1;
  for (int p = 0; p <= n; ++p) {
    if (TrickStart(positions[static_cast<size_t>(p)])) last = p;
  }
  if (last < 0) return n;
  int end = last;
  while (end < n &&
         record.actions[static_cast<size_t>(end)].action.kind != ActionKind::kChance) {
    ++end;
  }
  return end;
}

// The comment lines that say where the scenario starts when that is not `ply`.
std::string StartNotes(const Ruleset& rules, const State& s, int ply,
                       const TrickFound& found, int end) {
  const BuiltinSlots& b = rules.builtin;
  if (found.moved_on) {
    return "# Ply " + std::to_string(ply) +
           " is at a shuffle, outside any trick: this starts at ply " +
           std::to_string(found.start) + ", the start of the next trick.\n";
  }
  if (found.start >= end) return "";
  const std::string where =
      rules.trick ? "a trick's start: ply " + std::to_string(found.start) + " (trick " +
                        std::to_string(s.vars[b.trick_number] + 1) + " of round " +
                        std::to_string(s.vars[b.round]) + ")"
                  : "a turn's start: ply " + std::to_string(found.start);
  return "# A scenario starts at " + where + "; the moves up to ply " +
         std::to_string(end) + " follow.\n";
}

// The game right after the ruleset's own setup, dealt by the record's seed.
State AfterSetup(const Game& game, const GameRecord& record) {
  State fresh = game.NewInitialState();
  Rng rng(record.seed.value_or(1));
  while (!fresh.over && game.IsChance(fresh)) {
    if (!game.Apply(fresh, game.SampleChance(fresh, rng))) break;
  }
  return fresh;
}

}  // namespace

Result<ScenarioPosition> WriteScenario(const Ruleset& rules, const GameRecord& record,
                                       int ply, const std::string& current_hash,
                                       const std::string& rules_file) {
  const int n = static_cast<int>(record.actions.size());
  const bool last = ply == kLastScenarioPly;
  if (last) ply = n;
  if (ply < 0 || ply > n) {
    return Diagnostic({}, "ply " + std::to_string(ply) +
                              " is out of range: the game has plies 0 to " +
                              std::to_string(n));
  }
  if (rules.entry_play == rules.entry_round) {
    return WriteRoundScenario(rules, record, ply, current_hash, rules_file);
  }
  if (rules.hand_family < 0) {
    return Diagnostic(
        {}, rules.name + " has no hands: a scenario starts at a trick or a turn");
  }
  const Game game(rules, record.players_count());
  Result<std::vector<State>> all = Positions(game, record);
  if (!all) return all.errors();
  const std::vector<State>& positions = all.value();
  if (last) ply = LastScenarioPly(positions, record);
  Result<TrickFound> found = FindTrickStart(positions, record, ply);
  if (!found) return found.errors();
  const int start = found.value().start;
  const int end = std::max(start, ply);
  const State& s = positions[static_cast<size_t>(start)];
  const std::vector<std::string>& players = record.players;

  std::string out =
      ScenarioHead(rules, record, ply, StartNotes(rules, s, ply, found.value(), end),
                   current_hash, rules_file, s.vars[rules.builtin.round]);
  // Zones: every one that holds cards now or right after the ruleset's own
  // setup (the scenario starts from that and changes only what it lists).
  const State fresh = AfterSetup(game, record);
  out += rules.trick ? "  # Every zone's cards, bottom first (the trick starts empty):\n"
                     : "  # Every zone's cards, bottom first:\n";
  ZoneLines(out, game, s, &fresh, players);
  // Whose turn it is; in a scenario `turn` sets the leader too.
  out += "  # The variables:\n";
  out += "  turn = " + ValueText(rules, Type::kPlayer, s.decision.player, players) + "\n";
  VariableLines(out, game, s, players);
  MovesToEnd(out, game, record, positions, start, end, "The trick so far");
  return ScenarioPosition{out, start, end};
}

}  // namespace angler
