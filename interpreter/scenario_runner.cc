#include "interpreter/scenario_runner.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>
#include <unordered_map>

#include "dsl/parser.h"
#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/yaml_doc.h"

namespace angler {
namespace fs = std::filesystem;

struct ScenarioRunner::Loaded {
  RulesetPtr rules;
  std::unordered_map<std::string, std::vector<int>> cards;  // name -> every copy
  std::vector<std::string> card_names;                      // each name once
  int capture_family = -1;  // where the trick's winner puts the cards, if known
  // A copy of the rules that scenarios' zone conditions (`all ...`) compile
  // into, so the shared rules stay as loaded.
  std::shared_ptr<Ruleset> conditions;
};

namespace {

using Kind = ScnLine::Kind;
using Tail = ScnLine::Tail;
using Part = ScnLine::Part;

constexpr int kMaxAutoActions = 100000;  // `run until` gives up after this many

// Diagnostics and YAML nodes of the overrides point into a blanked copy of the
// scenario file; point them at the real one, which shows the real line.
void Repoint(SourcePos& pos, const SourceFile* shadow,
             const std::shared_ptr<const SourceFile>& real) {
  if (pos.file.get() == shadow) pos.file = real;
}

void Repoint(YamlNode& n, const SourceFile* shadow,
             const std::shared_ptr<const SourceFile>& real) {
  Repoint(n.pos, shadow, real);
  if (n.snippet.file.get() == shadow) n.snippet.file = real;
  for (SourcePos& p : n.key_pos) Repoint(p, shadow, real);
  for (YamlNode& item : n.items) Repoint(item, shadow, real);
  for (auto& entry : n.entries) Repoint(entry.second, shadow, real);
}

// `with { ... }`: parsed as YAML at its place in the scenario file, so every
// error in it (bad YAML, an unknown key) names the scenario's line and column.
Result<YamlNode> ParseOverrides(const Scenario& s) {
  const auto& file = s.overrides_pos.file;
  const std::string& text = file->text();
  const std::string_view line = file->Line(s.overrides_pos.line);
  const size_t start = static_cast<size_t>(line.data() - text.data()) +
                       static_cast<size_t>(s.overrides_pos.col - 1);
  // Everything else becomes blank, newlines kept, so lines and columns stay.
  std::string blank(start + s.overrides.size(), ' ');
  for (size_t i = 0; i < start; ++i) {
    if (text[i] == '\n') blank[i] = '\n';
  }
  blank.replace(start, s.overrides.size(), s.overrides);
  auto shadow = SourceFile::Make(file->name(), blank);
  auto doc = ParseYaml(shadow);
  if (!doc) {
    std::vector<Diagnostic> errors = doc.errors();
    for (Diagnostic& d : errors) Repoint(d.pos, shadow.get(), file);
    return errors;
  }
  YamlNode tree = std::move(doc).value();
  Repoint(tree, shadow.get(), file);
  return tree;
}

std::string ResolveScenarioRuleset(const Scenario& s) {
  const std::string& r = s.ruleset;
  const bool is_path =
      r.find('/') != std::string::npos || (r.size() > 5 && r.ends_with(".yaml"));
  if (!is_path) return ResolveRulesetPath(r);
  // A path is read from where the scenario file is.
  fs::path p(r);
  if (p.is_relative() && s.pos.file != nullptr) {
    p = fs::path(s.pos.file->name()).parent_path() / p;
  }
  return fs::is_regular_file(p) ? p.lexically_normal().string() : "";
}

// A card as named in the scenario, with every physical copy of that name.
struct CardRef {
  std::string name;
  const std::vector<int>* ids = nullptr;
};

// A value to set or compare: a constant, or another variable's value when used
// (`Sabine calls led`: the led suit).
struct Value {
  int64_t constant = 0;
  int from_slot = -1;
  int64_t Get(const State& s) const {
    return from_slot >= 0 ? s.vars[from_slot] : constant;
  }
};

// A scenario line with its names resolved.
struct Bound {
  const ScnLine* line = nullptr;
  int zone = -1;        // zone lines
  std::string subject;  // "hand Anne", "score Debbie"
  int var = -1;         // variable lines
  int seat = -1;        // the variable's player
  bool turn = false;    // `turn`: whose decision it is
  Value value;
  std::vector<CardRef> cards;
  std::vector<int> players;     // winners, catches
  int mover = -1;               // moves
  std::vector<CardRef> things;  // the card played, or what is chosen (ids null: a value)
  int pile = -1;                // lays: the number of the pile (row 1: 1)
  std::vector<int> pieces;      // marks: the pieces, in order
  std::vector<int> stoppers;    // stops: every player who stops (-1: unknown)
  bool set = false;             // a number variable read as a set (`marks Antje: 3, 7`)
  bool rank = false;            // `rank Anne = 23`: the ruleset's rank of `seat`
  int condition = -1;           // `all` / `none`: a node of Loaded::conditions
  const Ruleset* condition_rules = nullptr;
};

class Binder {
 public:
  Binder(const ScenarioRunner::Loaded& loaded, const Scenario& s)
      : loaded_(loaded), r_(*loaded.rules), s_(s) {
    for (const ScnToken& p : s.players) names_.push_back(p.text);
    for (const ZoneFamily& z : r_.zones) subjects_.push_back(z.name);
    for (const Variable& v : r_.variables) subjects_.push_back(v.name);
    for (const char* k : {"expect", "run", "players", "ruleset", "seed", "rank"}) {
      subjects_.push_back(k);
    }
  }

  std::vector<Diagnostic>& errors() { return errors_; }
  const std::vector<int>& set_slots() const { return set_slots_; }

  void BindSetup(const ScnLine& l, Bound& b) {
    b.line = &l;
    if (!Subject(l, true, b)) return;
    if (b.zone >= 0) {
      if (r_.ZoneFamilyOf(b.zone) == r_.trick_family) {
        Error(l.subject.pos, "the trick is not set up: play its cards with moves");
      }
      for (const CardRef& c : b.cards) Place(c, l);
      if (b.cards.empty() && l.part != Part::kWhole) {
        Error(l.pos, "name the cards to put on " + b.subject);
      }
      return;
    }
    const Variable& v = r_.variables[static_cast<size_t>(b.var)];
    const int slot = v.slot + (v.per_player ? b.seat : 0);
    set_slots_.push_back(slot);
    if ((v.slot == r_.builtin.marks || v.slot == r_.builtin.stopped) &&
        r_.search_active >= 0) {
      const std::string who = names_.empty() ? "Anne" : names_[0];
      Error(l.subject.pos, "'" + v.name +
                               "' starts afresh with every search: mark pieces and stop "
                               "with moves, like '" +
                               who + " marks 3' or '" + who + " stops'");
    } else if (v.scope == Scope::kTrick) {
      Error(
          l.subject.pos,
          "'" + v.name + "' starts afresh with every trick: play the card that sets it");
    } else if (s_.start_round > 0 &&
               (v.scope == Scope::kRound || v.slot == r_.builtin.round)) {
      Error(l.subject.pos, "'" + v.name + "' is set when round " +
                               std::to_string(s_.start_round) + " starts");
    }
  }

  void BindStep(const ScnLine& l, Bound& b) {
    b.line = &l;
    switch (l.kind) {
      case Kind::kMove:
      case Kind::kExpectLegal:
      case Kind::kExpectIllegal:
        Move(l.move, b);
        break;
      case Kind::kExpectWinners:
        for (const ScnToken& p : l.players) b.players.push_back(Player(p));
        break;
      case Kind::kExpectCatches: {
        b.players.push_back(Player(l.players[0]));
        if (loaded_.capture_family < 0) {
          Error(l.players[0].pos,
                "cannot tell where this ruleset puts caught cards: check the zone, like "
                "'expect won Anne has yellow 7'");
        } else if (b.players[0] >= 0) {
          const ZoneFamily& f = r_.zones[static_cast<size_t>(loaded_.capture_family)];
          b.zone = f.first + b.players[0];
          b.subject = f.name + " " + names_[static_cast<size_t>(b.players[0])];
        }
        for (const ScnPhrase& c : l.cards) b.cards.push_back(Card(c));
        break;
      }
      case Kind::kExpect:
        Subject(l, false, b);
        break;
      default:
        break;
    }
  }

 private:
  void Error(SourcePos pos, std::string message) {
    errors_.emplace_back(std::move(pos), std::move(message));
  }

  int Player(const ScnToken& t) {
    for (size_t i = 0; i < names_.size(); ++i) {
      if (names_[i] == t.text) return static_cast<int>(i);
    }
    Error(t.pos, WithSuggestion("unknown player '" + t.text + "'", t.text, names_));
    return -1;
  }

  CardRef Card(const ScnPhrase& p) {
    CardRef c;
    c.name = p.Text();
    auto it = loaded_.cards.find(c.name);
    if (it != loaded_.cards.end()) {
      c.ids = &it->second;
    } else {
      Error(p.pos,
            WithSuggestion("unknown card '" + c.name + "'", c.name, loaded_.card_names));
    }
    return c;
  }

  // A setup line may not place more copies of a card than the game has.
  void Place(const CardRef& c, const ScnLine& l) {
    if (c.ids == nullptr) return;
    auto& [count, line] = placed_[c.name];
    if (count == 0) line = l.pos.line;
    if (++count <= static_cast<int>(c.ids->size())) return;
    Error(l.pos, c.ids->size() == 1
                     ? c.name + " is already placed on line " + std::to_string(line)
                     : "every " + c.name + " is already placed");
  }

  // The head of a setup line or expectation: a zone or a variable (with its
  // player), then what the rest of the line says about it.
  bool Subject(const ScnLine& l, bool setup, Bound& b) {
    const auto& t = l.subject.tokens;
    const std::string& name = t[0].text;
    const int family = t[0].kind == ScnToken::Kind::kWord ? r_.FindFamily(name) : -1;
    const int var = t[0].kind == ScnToken::Kind::kWord ? r_.FindVariable(name) : -1;
    if (family < 0 && var < 0 && name == "rank" && t[0].kind == ScnToken::Kind::kWord) {
      return RankLine(l, setup, b);
    }
    if (family < 0 && var < 0) {
      Error(t[0].pos,
            WithSuggestion("unknown zone or variable '" + name + "'", name, subjects_));
      return false;
    }
    const bool per_player = family >= 0
                                ? r_.zones[static_cast<size_t>(family)].per_player
                                : r_.variables[static_cast<size_t>(var)].per_player;
    size_t next = 1;
    int seat = 0;
    b.subject = name;
    if (per_player) {
      if (t.size() < 2) {
        const std::string example = names_.empty() ? "" : " " + names_[0];
        Error(t[0].pos, "'" + name + "' belongs to each player: name one, like '" + name +
                            example + "'");
        return false;
      }
      // An unknown player is reported; the rest of the line is still checked.
      seat = std::max(Player(t[1]), 0);
      b.subject += " " + t[1].text;
      next = 2;
    }
    if (family >= 0 && r_.zones[static_cast<size_t>(family)].indexed) {
      // Numbered piles: `row 2`.
      const ZoneFamily& f = r_.zones[static_cast<size_t>(family)];
      if (t.size() < 2 || t[1].kind != ScnToken::Kind::kNumber) {
        Error(t[0].pos, "'" + name + "' is " + std::to_string(f.count) +
                            " numbered zones: name one, like '" + name + " 1'");
        return false;
      }
      int number = std::atoi(t[1].text.c_str());
      if (number < 1 || number > f.count) {
        Error(t[1].pos, "there is no " + name + " " + t[1].text + " (1.." +
                            std::to_string(f.count) + ")");
        return false;
      }
      seat = number - 1;  // the pile's offset in its family
      b.subject += " " + t[1].text;
      next = 2;
    }
    if (family >= 0) return ZoneLine(l, setup, b, family, seat, next);
    return VariableLine(l, setup, b, var, seat, next);
  }

  bool ZoneLine(const ScnLine& l, bool setup, Bound& b, int family, int seat,
                size_t next) {
    const auto& t = l.subject.tokens;
    const ZoneFamily& f = r_.zones[static_cast<size_t>(family)];
    b.zone = f.first + (f.per_player || f.indexed ? seat : 0);
    if (next < t.size()) {
      Error(t[next].pos,
            WithSuggestion("unexpected '" + t[next].text + "' after '" + b.subject + "'",
                           t[next].text, {"count", "has", "top", "bottom"}));
      return false;
    }
    if (l.tail == Tail::kNone || l.tail == Tail::kValue) {
      Error(l.subject.pos, setup
                               ? "'" + b.subject + "' is a zone: list its cards, like '" +
                                     b.subject + ": yellow 7, blue 3'"
                               : "'" + b.subject +
                                     "' is a zone: expect its cards (': yellow 7'), a "
                                     "count ('count 3') or some cards ('has yellow 7')");
      return false;
    }
    if (!setup && l.part != Part::kWhole && l.part_count < 0 && l.tail != Tail::kExact) {
      Error(l.part_pos, "say how many cards, like '" + b.subject + " top 3 count 3'");
      return false;
    }
    if (!l.numbers.empty()) {
      const std::string example =
          loaded_.card_names.empty() ? "yellow 7" : loaded_.card_names.front();
      Error(l.numbers[0].pos, "'" + b.subject + "' is a zone: list its cards, like '" +
                                  b.subject + ": " + example + "', not numbers");
      return false;
    }
    for (const ScnPhrase& c : l.cards) b.cards.push_back(Card(c));
    if (l.tail == Tail::kAll || l.tail == Tail::kNoneOf) return Condition(l, b);
    return true;
  }

  // `hand Anne all suit in [blue, yellow]`: the condition compiled as a play
  // rule is (the card's attributes bare), into the rules' copy for conditions.
  bool Condition(const ScnLine& l, Bound& b) {
    Snippet snippet;
    snippet.text = l.condition;
    snippet.file = l.condition_pos.file;
    snippet.line = l.condition_pos.line;
    snippet.col = l.condition_pos.col;
    auto parsed = ParseExpression(snippet);
    if (!parsed) {
      for (const Diagnostic& d : parsed.errors()) errors_.push_back(d);
      return false;
    }
    Ruleset& rules = *loaded_.conditions;
    Compiler compiler(rules);
    CodeContext card_rule;
    card_rule.has_card = true;
    auto node = compiler.Expression(*parsed.value(), Type::kBool, card_rule);
    if (!node) {
      for (const Diagnostic& d : node.errors()) errors_.push_back(d);
      return false;
    }
    BindEvaluators(rules);
    b.condition = node.value();
    b.condition_rules = &rules;
    return true;
  }

  // `expect rank Anne = 23`: the ruleset's rank (`game: rank`) of a player.
  bool RankLine(const ScnLine& l, bool setup, Bound& b) {
    const auto& t = l.subject.tokens;
    const std::string who = names_.empty() ? "Anne" : names_[0];
    if (setup) {
      Error(t[0].pos,
            "'rank' is worked out from the game: expect it, like 'expect rank " + who +
                " = 10'");
      return false;
    }
    if (t.size() < 2) {
      Error(t[0].pos, "'rank' belongs to each player: name one, like 'rank " + who + "'");
      return false;
    }
    b.rank = true;
    b.seat = std::max(Player(t[1]), 0);
    b.subject = "rank " + t[1].text;
    if (t.size() > 2) {
      Error(t[2].pos, "unexpected '" + t[2].text + "' after '" + b.subject + "'");
      return false;
    }
    if (l.tail != Tail::kValue) {
      Error(l.subject.pos, "expect a number: '" + b.subject + " = 10'");
      return false;
    }
    auto v = ValueOf(Type::kInt, l.value, b.subject);
    if (!v) return false;
    b.value = *v;
    return true;
  }

  bool VariableLine(const ScnLine& l, bool setup, Bound& b, int var, int seat,
                    size_t next) {
    const auto& t = l.subject.tokens;
    const Variable& v = r_.variables[static_cast<size_t>(var)];
    b.var = var;
    b.seat = v.per_player ? seat : -1;
    b.turn = v.slot == r_.builtin.turn;
    // The search's marks are a set of pieces: `marks Antje: 3, 7`.
    const bool set = v.slot == r_.builtin.marks;
    if (set && l.tail == Tail::kExact && l.cards.empty() && l.part == Part::kWhole) {
      return SetLine(l, b, next);
    }
    if (l.tail != Tail::kNone && l.tail != Tail::kValue) {
      Error(
          l.subject.pos,
          set ? "'" + b.subject + "' is a set of pieces: write '" + b.subject + ": 3, 7'"
              : "'" + b.subject + "' is a variable: write '" + b.subject + " = ...'");
      return false;
    }
    // The value: after '=', or the rest of the head (`round 2`, `winner Debbie`).
    std::vector<ScnToken> value;
    SourcePos pos = l.value.pos;
    if (l.tail == Tail::kValue) {
      if (next < t.size()) {
        Error(t[next].pos, "unexpected '" + t[next].text + "' after '" + b.subject + "'");
        return false;
      }
      value = l.value.tokens;
    } else {
      value.assign(t.begin() + static_cast<long>(next), t.end());
      if (value.empty()) {
        Error(l.subject.pos, std::string(setup ? "give" : "expect") + " a value: '" +
                                 b.subject + " = ...'");
        return false;
      }
      pos = value[0].pos;
    }
    ScnPhrase phrase;
    phrase.tokens = value;
    phrase.pos = pos;
    auto resolved = ValueOf(v.type, phrase, b.subject);
    if (!resolved) return false;
    b.value = *resolved;
    return true;
  }

  // `marks Antje: 3, 7`: the marks read as a set, bit n for piece n, each piece
  // checked against the formation.
  bool SetLine(const ScnLine& l, Bound& b, size_t next) {
    const auto& t = l.subject.tokens;
    if (next < t.size()) {
      Error(t[next].pos, "unexpected '" + t[next].text + "' after '" + b.subject + "'");
      return false;
    }
    const bool formed = !r_.formation.pieces.empty();
    b.set = true;
    bool ok = true;
    for (const ScnPhrase& p : l.numbers) {
      const int64_t n = p.tokens[0].number;
      if (formed && (n < 0 || n >= static_cast<int64_t>(r_.formation.pieces.size()))) {
        Error(p.pos, NoPiece(n));
        ok = false;
      } else if (n < 0 || n >= kMaxPieces) {
        Error(p.pos, "'" + b.subject + "' holds piece numbers from 0 to " +
                         std::to_string(kMaxPieces - 1) + ", not " + std::to_string(n));
        ok = false;
      } else {
        b.value.constant |= int64_t{1} << n;
      }
    }
    return ok;
  }

  std::string NoPiece(int64_t n) const {
    return "there is no " + r_.formation.piece + " " + std::to_string(n) + " (0.." +
           std::to_string(r_.formation.pieces.size() - 1) + ")";
  }

  // A phrase read as a value of `type`; nullopt (and an error) if it is not one.
  std::optional<Value> ValueOf(Type type, const ScnPhrase& p, const std::string& what) {
    Value v;
    const std::string text = p.Text();
    const bool may_be_none = type == Type::kPlayer || type == Type::kCard ||
                             type == Type::kSuit || type == Type::kKind;
    if (may_be_none && text == "none") {
      v.constant = kNone;
      return v;
    }
    auto fail = [&](std::string message) {
      Error(p.pos, std::move(message));
      return std::nullopt;
    };
    switch (type) {
      case Type::kInt:
        if (p.tokens.size() != 1 || p.tokens[0].kind != ScnToken::Kind::kNumber) {
          return fail("'" + what + "' is a number, not '" + text + "'");
        }
        v.constant = p.tokens[0].number;
        return v;
      case Type::kBool:
        if (text != "true" && text != "false") {
          return fail("'" + what + "' is true or false, not '" + text + "'");
        }
        v.constant = text == "true";
        return v;
      case Type::kPlayer:
        for (size_t i = 0; i < names_.size(); ++i) {
          if (names_[i] == text) {
            v.constant = static_cast<int64_t>(i);
            return v;
          }
        }
        return fail(WithSuggestion("unknown player '" + text + "'", text, names_));
      case Type::kSuit: {
        int suit = r_.FindSuit(text);
        if (suit >= 0) {
          v.constant = suit;
          return v;
        }
        // Another suit variable stands for its value: `calls led`.
        int other = r_.FindVariable(text);
        if (other >= 0 && r_.variables[static_cast<size_t>(other)].type == Type::kSuit &&
            !r_.variables[static_cast<size_t>(other)].per_player) {
          v.from_slot = r_.variables[static_cast<size_t>(other)].slot;
          return v;
        }
        return fail(WithSuggestion("unknown suit '" + text + "'", text, r_.suits));
      }
      case Type::kKind:
        for (size_t i = 0; i < r_.kinds.size(); ++i) {
          if (r_.kinds[i] == text) {
            v.constant = static_cast<int64_t>(i);
            return v;
          }
        }
        return fail(WithSuggestion("unknown kind '" + text + "'", text, r_.kinds));
      case Type::kCard: {
        CardRef c = Card(p);
        if (c.ids == nullptr) return std::nullopt;
        v.constant = c.ids->front();
        return v;
      }
      default:
        return fail("'" + what + "' cannot be set or compared in a scenario");
    }
  }

  void Move(const ScnMove& m, Bound& b) {
    b.mover = Player(m.player);
    if (m.verb == ScnMove::Verb::kMarks || m.verb == ScnMove::Verb::kUnmarks ||
        m.verb == ScnMove::Verb::kStops) {
      // The search: pieces by number, stops by everyone named.
      if (r_.formation.pieces.empty() || r_.search_active < 0) {
        Error(m.pos, "this ruleset has no search: nobody marks pieces or stops");
        return;
      }
      for (const ScnPhrase& p : m.things) {
        const int64_t n = p.tokens[0].number;
        if (n < 0 || n >= static_cast<int64_t>(r_.formation.pieces.size())) {
          Error(p.pos, NoPiece(n));
        } else {
          b.pieces.push_back(static_cast<int>(n));
        }
      }
      for (size_t i = 1; i < m.stoppers.size(); ++i) {
        b.stoppers.push_back(Player(m.stoppers[i]));
      }
      if (m.verb == ScnMove::Verb::kStops) b.stoppers.insert(b.stoppers.begin(), b.mover);
      return;
    }
    if (m.verb == ScnMove::Verb::kLays) {
      // `on row 2`: the numbered piles the turn procedure lays on.
      if (r_.rows_family < 0) {
        Error(m.pos, "this ruleset has no rows to lay cards on");
        return;
      }
      const ZoneFamily& rows = r_.zones[static_cast<size_t>(r_.rows_family)];
      const auto& t = m.target.tokens;
      if (t.size() != 2 || t[0].text != rows.name ||
          t[1].kind != ScnToken::Kind::kNumber) {
        Error(m.target.pos,
              "expected '" + rows.name + " N' after 'on', not '" + m.target.Text() + "'");
        return;
      }
      b.pile = std::atoi(t[1].text.c_str());
      if (b.pile < 1 || b.pile > rows.count) {
        Error(m.target.pos, "there is no " + rows.name + " " + t[1].text + " (1.." +
                                std::to_string(rows.count) + ")");
      }
      for (const ScnPhrase& p : m.things) b.things.push_back(Card(p));
      return;
    }
    for (const ScnPhrase& p : m.things) {
      if (m.verb == ScnMove::Verb::kPlays) {
        b.things.push_back(Card(p));
        continue;
      }
      // A choice is a card or a value; which one the game wants shows when it asks.
      CardRef c;
      c.name = p.Text();
      auto it = loaded_.cards.find(c.name);
      if (it != loaded_.cards.end()) c.ids = &it->second;
      if (c.ids == nullptr && !IsValue(p)) {
        std::vector<std::string> candidates = loaded_.card_names;
        candidates.insert(candidates.end(), r_.suits.begin(), r_.suits.end());
        candidates.insert(candidates.end(), names_.begin(), names_.end());
        Error(p.pos, WithSuggestion("unknown card or value '" + c.name + "'", c.name,
                                    candidates));
      }
      b.things.push_back(c);
    }
  }

  bool IsValue(const ScnPhrase& p) const {
    const std::string text = p.Text();
    if (p.tokens.size() == 1 && p.tokens[0].kind == ScnToken::Kind::kNumber) return true;
    if (text == "true" || text == "false" || r_.FindSuit(text) >= 0) return true;
    if (std::find(names_.begin(), names_.end(), text) != names_.end()) return true;
    if (std::find(r_.kinds.begin(), r_.kinds.end(), text) != r_.kinds.end()) return true;
    int var = r_.FindVariable(text);
    return var >= 0 && r_.variables[static_cast<size_t>(var)].type == Type::kSuit;
  }

  const ScenarioRunner::Loaded& loaded_;
  const Ruleset& r_;
  const Scenario& s_;
  std::vector<std::string> names_;
  std::vector<std::string> subjects_;  // zone and variable names, for suggestions
  std::vector<Diagnostic> errors_;
  // Card name -> (copies placed so far, the line placing the first).
  std::map<std::string, std::pair<int, int>> placed_;
  std::vector<int> set_slots_;
};

// Plays one bound scenario.
class Play {
 public:
  Play(const Ruleset& rules, const Scenario& s)
      : r_(rules),
        s_(s),
        game_(r_, static_cast<int>(s.players.size())),
        streams_(s.seed) {
    for (const ScnToken& p : s.players) names_.push_back(p.text);
  }

  ScenarioOutcome Run(const std::vector<Bound>& setup, const std::vector<Bound>& steps,
                      const std::vector<int>& set_slots) {
    Position(setup, set_slots);
    if (state_.error) {
      Fail(s_.pos, "a position to play", EngineStopped());
      return outcome_;
    }
    for (const Bound& b : steps) {
      if (!Step(b)) break;
      if (state_.error) {
        Fail(b.line->pos, "the game to go on", EngineStopped());
        break;
      }
    }
    return outcome_;
  }

 private:
  // The ruleset's setup, then the scenario's changes, then the game restarts.
  void Position(const std::vector<Bound>& setup, const std::vector<int>& set_slots) {
    State& s = state_;
    // A position made up by setup lines need not keep the ruleset's
    // invariants (the cards in play, the hands for the tricks left); a game
    // dealt by the seed alone must.
    game_.set_check_invariants(setup.empty() && s_.start_round == 0);
    // A game of plain rounds (neither tricks nor turns) is set up at the start
    // of a round: its setup runs with the seed and stops where round 1 would
    // start, so the round's start (a card revealed, a card set aside) runs
    // once, on the scenario's position.
    const bool plain_rounds = r_.entry_play == r_.entry_round;
    if (plain_rounds && (!setup.empty() || s_.start_round > 0)) {
      Ruleset until_round = r_;
      until_round.code[static_cast<size_t>(r_.entry_round)] = Instr{Code::kGameOver};
      Game setup_only(until_round, game_.players());
      s = setup_only.NewInitialState();
      while (!s.over && setup_only.IsChance(s)) {
        static_cast<void>(
            setup_only.Apply(s, setup_only.SampleChance(s, streams_.chance)));
      }
    } else {
      s = game_.NewInitialState();
      Chance();
      if (setup.empty() && s_.start_round == 0) return;
    }

    s.decision.kind = DecisionKind::kNone;
    s.over = false;
    s.error = false;
    s.end_reason = 0;
    s.frame_count = 1;
    s.frames[0] = Frame{};
    s.loop_count = 0;
    s.trigger_count = 0;
    s.pending_count = 0;
    s.chosen_count = 0;
    s.played_count = 0;
    s.turns_taken = 0;
    s.resolve_next = 0;
    std::fill(std::begin(s.position_of), std::end(s.position_of), -1);

    std::vector<bool> taken(r_.cards.size(), false);
    std::vector<bool> zone_listed(static_cast<size_t>(r_.zone_count), false);
    auto copy = [&](const CardRef& c) {
      for (int id : *c.ids) {
        if (!taken[static_cast<size_t>(id)]) {
          taken[static_cast<size_t>(id)] = true;
          return id;
        }
      }
      return c.ids->front();
    };
    for (const Bound& b : setup) {
      if (b.zone >= 0) {
        const Part part = b.line->part;
        if (part == Part::kWhole) {
          zone_listed[static_cast<size_t>(b.zone)] = true;
          EmptyZone(b.zone);
          for (const CardRef& c : b.cards) Game::MoveCard(s, copy(c), b.zone, false);
        } else {
          // Listed from the top (or bottom) inwards: place the innermost first.
          for (size_t i = b.cards.size(); i-- > 0;) {
            Game::MoveCard(s, copy(b.cards[i]), b.zone, part == Part::kBottom);
          }
        }
      } else {
        const Variable& v = r_.variables[static_cast<size_t>(b.var)];
        const int64_t value = b.value.Get(s);
        s.vars[v.slot + std::max(b.seat, 0)] = static_cast<int32_t>(value);
        // A position starts at a trick's start, where the leader has the turn.
        if (b.turn) s.vars[r_.builtin.leader] = static_cast<int32_t>(value);
      }
    }
    auto was_set = [&](int slot) {
      return std::find(set_slots.begin(), set_slots.end(), slot) != set_slots.end();
    };
    if (plain_rounds) {
      // Round N, or the round the scenario names (`round 3`), else round 1.
      if (s_.start_round > 0) {
        s.vars[r_.builtin.round] = s_.start_round - 1;
      } else if (was_set(r_.builtin.round)) {
        s.vars[r_.builtin.round] -= 1;
      } else {
        s.vars[r_.builtin.round] = 0;
      }
      s.pc = r_.entry_round;
      game_.Continue(s);
      Chance();
      return;
    }
    const ZoneFamily& hand = r_.zones[static_cast<size_t>(r_.hand_family)];
    if (s_.start_round > 0) {
      // A round starts with the hands it fills.
      for (int p = 0; p < game_.players(); ++p) {
        if (!zone_listed[static_cast<size_t>(hand.first + p)]) EmptyZone(hand.first + p);
      }
      s.vars[r_.builtin.round] = s_.start_round - 1;
      s.pc = r_.entry_round;
    } else {
      int most = 0;
      for (int p = 0; p < game_.players(); ++p) {
        most = std::max(most, s.ZoneSize(hand.first + p));
      }
      if (!was_set(r_.builtin.tricks)) s.vars[r_.builtin.tricks] = most;
      if (!was_set(r_.builtin.trick_number)) s.vars[r_.builtin.trick_number] = 0;
      s.pc = r_.entry_play;
    }
    game_.Continue(s);
    Chance();
  }

  void EmptyZone(int zone) {
    std::vector<uint8_t> cards(state_.Zone(zone).begin(), state_.Zone(zone).end());
    for (uint8_t c : cards) Game::MoveCard(state_, c, r_.setup_zone, false);
  }

  // Shuffles (and any other chance) are decided by the scenario's seed.
  void Chance() {
    while (!state_.over && game_.IsChance(state_)) {
      static_cast<void>(game_.Apply(state_, game_.SampleChance(state_, streams_.chance)));
    }
  }

  std::string EngineStopped() const {
    std::string error = RuntimeError(r_, state_).Format();
    if (!error.empty() && error.back() == '\n') error.pop_back();
    return "the engine stopped: " + error;
  }

  bool Step(const Bound& b) {
    const ScnLine& l = *b.line;
    switch (l.kind) {
      case Kind::kMove: {
        std::string why = Move(state_, b);
        if (!why.empty()) return Fail(l.pos, "a legal move", why);
        return true;
      }
      case Kind::kExpectLegal: {
        State trial = state_;
        std::string why = Move(trial, b);
        if (!why.empty()) return Fail(l.pos, "a legal move", "illegal: " + why);
        return true;
      }
      case Kind::kExpectIllegal: {
        State trial = state_;
        std::string why = Move(trial, b);
        std::string want = l.has_text ? "illegal: " + l.text : "illegal";
        if (why.empty()) return Fail(l.pos, want, "legal");
        if (l.has_text && why != l.text) return Fail(l.pos, want, "illegal: " + why);
        return true;
      }
      case Kind::kRunUntilRound:
      case Kind::kRunUntilOver:
        return RunUntil(l);
      case Kind::kExpectOver: {
        std::string want = "the game is over";
        if (l.has_text) want += ": " + l.text;
        if (!state_.over) return Fail(l.pos, want, GoesOn());
        if (l.has_text && Reason() != l.text) {
          return Fail(l.pos, want, Reason().empty() ? "the game ended normally" : Over());
        }
        return true;
      }
      case Kind::kExpectNotOver:
        if (state_.over) return Fail(l.pos, "the game goes on", Over());
        return true;
      case Kind::kExpectWinners: {
        std::vector<std::string> want;
        for (int p : b.players) want.push_back(names_[static_cast<size_t>(p)]);
        if (!state_.over) return Fail(l.pos, "winners " + Join(want), GoesOn());
        std::vector<std::string> got;
        for (int p : game_.Winners(state_)) got.push_back(names_[static_cast<size_t>(p)]);
        std::vector<std::string> a = want, c = got;
        std::sort(a.begin(), a.end());
        std::sort(c.begin(), c.end());
        if (a != c) return Fail(l.pos, "winners " + Join(want), "winners " + Join(got));
        return true;
      }
      case Kind::kExpectCatches:
        return Has(b, names_[static_cast<size_t>(b.players[0])] + " catches ");
      case Kind::kExpect:
        if (b.rank) return RankExpectation(b);
        if (b.condition >= 0) return ConditionExpectation(b);
        if (b.zone >= 0) return ZoneExpectation(b);
        return ValueExpectation(b);
      case Kind::kSetup:
        break;
    }
    return true;
  }

  bool Fail(const SourcePos& at, std::string expected, std::string actual) {
    outcome_.status = ScenarioOutcome::Status::kFail;
    outcome_.failed_at = at;
    outcome_.expected = std::move(expected);
    outcome_.actual = std::move(actual);
    return false;
  }

  std::string Name(int seat) const {
    if (seat < 0 || seat >= static_cast<int>(names_.size())) return "nobody";
    return names_[static_cast<size_t>(seat)];
  }

  std::string CardName(int card) const {
    return r_.card_names[static_cast<size_t>(card)];
  }

  Type OptionType(const State& s) const {
    const Instr& in = r_.code[static_cast<size_t>(s.pc)];
    if (in.code != Code::kChooseOption) return Type::kInt;
    return static_cast<Type>(r_.nodes[static_cast<size_t>(in.e1)].imm);
  }

  // What the player deciding now has to do: "play a card", "choose a suit".
  std::string What(const State& s) const {
    const Decision& d = s.decision;
    switch (d.kind) {
      case DecisionKind::kPlay:
        return "play a card";
      case DecisionKind::kChoose:
        return d.remaining > 1 ? "choose " + std::to_string(d.remaining) + " cards"
                               : "choose a card";
      case DecisionKind::kOption:
        switch (OptionType(s)) {
          case Type::kSuit:
            return "choose a suit";
          case Type::kPlayer:
            return "choose a player";
          case Type::kBool:
            return "choose yes or no";
          case Type::kKind:
            return "choose a kind";
          case Type::kCard:
            return "choose a card";
          default:
            return "choose a number";
        }
      case DecisionKind::kLay:
        return "lay cards";
      case DecisionKind::kSearch:
        return "search";
      default:
        return "wait";
    }
  }

  std::string GoesOn() const {
    const std::string round =
        " in round " + std::to_string(state_.vars[r_.builtin.round]);
    if (state_.decision.kind == DecisionKind::kSearch) {
      return "the game goes on: everyone searches" + round;
    }
    return "the game goes on: " + Name(state_.decision.player) + " to " + What(state_) +
           round;
  }

  const std::string& Reason() const { return r_.end_reasons[state_.end_reason]; }

  std::string Over() const {
    return Reason().empty() ? "the game is over" : "the game is over: " + Reason();
  }

  std::string ValueText(Type type, int64_t v) const {
    if (v == kNone && type != Type::kInt) return "none";
    switch (type) {
      case Type::kPlayer:
        return Name(static_cast<int>(v));
      case Type::kCard:
        return v >= 0 && v < static_cast<int64_t>(r_.card_names.size())
                   ? CardName(static_cast<int>(v))
                   : "?";
      default:
        return r_.ValueName(type, v);
    }
  }

  // A set of numbers as a scenario writes it: "3, 7", or "nothing".
  static std::string SetText(int64_t bits) {
    std::vector<std::string> members;
    for (int n = 0; n < 63; ++n) {
      if (bits >> n & 1) members.push_back(std::to_string(n));
    }
    return members.empty() ? "nothing" : Join(members);
  }

  // The card a move means: the copy among the options if there is one.
  static int Pick(const std::vector<int>& ids, const Decision& d) {
    for (int id : ids) {
      for (int i = 0; i < d.count; ++i) {
        if (d.options[i] == id) return id;
      }
    }
    return ids.front();
  }

  std::optional<int64_t> OptionValue(Type type, const CardRef& thing,
                                     const State& s) const {
    const std::string& text = thing.name;
    switch (type) {
      case Type::kSuit: {
        int suit = r_.FindSuit(text);
        if (suit >= 0) return suit;
        int var = r_.FindVariable(text);
        if (var >= 0 && r_.variables[static_cast<size_t>(var)].type == Type::kSuit) {
          return s.vars[r_.variables[static_cast<size_t>(var)].slot];
        }
        return std::nullopt;
      }
      case Type::kPlayer:
        for (size_t i = 0; i < names_.size(); ++i) {
          if (names_[i] == text) return static_cast<int64_t>(i);
        }
        return std::nullopt;
      case Type::kBool:
        if (text == "true" || text == "false") return text == "true";
        return std::nullopt;
      case Type::kKind:
        for (size_t i = 0; i < r_.kinds.size(); ++i) {
          if (r_.kinds[i] == text) return static_cast<int64_t>(i);
        }
        return std::nullopt;
      case Type::kCard:
        if (thing.ids == nullptr) return std::nullopt;
        return Pick(*thing.ids, s.decision);
      default: {
        int64_t v = 0;
        auto r = std::from_chars(text.data(), text.data() + text.size(), v);
        if (r.ec != std::errc() || r.ptr != text.data() + text.size())
          return std::nullopt;
        return v;
      }
    }
  }

  // Applies a move's actions in turn (resolving chance after each); stops at
  // the first that is not allowed and says why. Empty when all were applied.
  std::string Move(State& s, const Bound& b) {
    const ScnMove& m = b.line->move;
    const bool plays = m.verb == ScnMove::Verb::kPlays;
    if (m.verb == ScnMove::Verb::kLays) return Lay(s, b);
    if (m.verb == ScnMove::Verb::kMarks || m.verb == ScnMove::Verb::kUnmarks ||
        m.verb == ScnMove::Verb::kStops) {
      return Search(s, b);
    }
    for (const CardRef& thing : b.things) {
      if (s.over) return "the game is over";
      const Decision& d = s.decision;
      if (d.kind == DecisionKind::kSearch) {
        return "everyone is searching: " + Name(b.mover) + " may mark " +
               r_.formation.piece + " or stop";
      }
      if (d.player != b.mover) {
        return "it is " + Name(d.player) + "'s turn to " + What(s) + ", not " +
               Name(b.mover) + "'s";
      }
      const bool right_kind =
          plays ? d.kind == DecisionKind::kPlay
                : d.kind == DecisionKind::kChoose || d.kind == DecisionKind::kOption;
      if (!right_kind) return Name(b.mover) + " has to " + What(s) + " now";
      Action a;
      a.player = static_cast<int8_t>(b.mover);
      if (d.kind == DecisionKind::kOption) {
        auto v = OptionValue(OptionType(s), thing, s);
        if (!v)
          return Name(b.mover) + " has to " + What(s) + ", not '" + thing.name + "'";
        a.kind = ActionKind::kOption;
        a.value = static_cast<int16_t>(*v);
      } else {
        if (thing.ids == nullptr) {
          return Name(b.mover) + " has to " + What(s) + ", not '" + thing.name + "'";
        }
        a.kind = plays ? ActionKind::kPlay : ActionKind::kChoose;
        a.value = static_cast<int16_t>(Pick(*thing.ids, d));
      }
      Status applied = game_.Apply(s, a);
      if (!applied.ok()) return applied.error().message;
      After(s);
    }
    return "";
  }

  // Whether `player` may mark and stop in the search open now.
  bool Searching(const State& s, int player) const {
    ActionList legal;
    game_.LegalActions(s, legal);
    for (const Action& a : legal) {
      if (a.kind == ActionKind::kMark && a.player == player) return true;
    }
    return false;
  }

  // Resolves chance after an action: with the scenario's seed on the real
  // state, with a copy of it on a trial.
  void After(State& s) {
    if (&s == &state_) {
      Chance();
      return;
    }
    Rng trial_rng = streams_.chance;  // a trial must not use up the scenario's randomness
    while (!s.over && game_.IsChance(s)) {
      static_cast<void>(game_.Apply(s, game_.SampleChance(s, trial_rng)));
    }
  }

  // The search: each piece marked (or unmarked) in turn, one kMark each; or one
  // kStop of everyone named. `marks` refuses a piece already marked and
  // `unmarks` one that is not, so a scenario says what the player's sheet shows.
  std::string Search(State& s, const Bound& b) {
    const ScnMove& m = b.line->move;
    if (s.over) return "the game is over";
    if (s.decision.kind != DecisionKind::kSearch) {
      return "nobody is searching now: it is " + Name(s.decision.player) + "'s turn to " +
             What(s);
    }
    if (m.verb == ScnMove::Verb::kStops) {
      uint64_t group = 0;
      for (int p : b.stoppers) {
        if (!Searching(s, p)) return Name(p) + " is not searching";
        group |= uint64_t{1} << p;
      }
      Status applied = game_.Apply(s, Action{ActionKind::kStop, -1, 0, group});
      if (!applied.ok()) return applied.error().message;
      After(s);
      return "";
    }
    if (!Searching(s, b.mover)) return Name(b.mover) + " is not searching";
    const bool marks = m.verb == ScnMove::Verb::kMarks;
    for (int piece : b.pieces) {
      const bool marked = s.vars[r_.builtin.marks + b.mover] >> piece & 1;
      if (marks && marked) {
        return Name(b.mover) + " has already marked " + r_.formation.piece + " " +
               std::to_string(piece);
      }
      if (!marks && !marked) {
        return Name(b.mover) + " has not marked " + r_.formation.piece + " " +
               std::to_string(piece);
      }
      Status applied =
          game_.Apply(s, Action{ActionKind::kMark, static_cast<int8_t>(b.mover),
                                static_cast<int16_t>(piece), 0});
      if (!applied.ok()) return applied.error().message;
    }
    return "";
  }

  // One lay action: the cards (each the copy in the mover's hand) onto a pile.
  std::string Lay(State& s, const Bound& b) {
    if (s.over) return "the game is over";
    const Decision& d = s.decision;
    if (d.player != b.mover) {
      return "it is " + Name(d.player) + "'s turn to " + What(s) + ", not " +
             Name(b.mover) + "'s";
    }
    if (d.kind != DecisionKind::kLay)
      return Name(b.mover) + " has to " + What(s) + " now";
    const int hand = r_.zones[static_cast<size_t>(r_.hand_family)].first + b.mover;
    std::vector<int> ids;
    for (const CardRef& thing : b.things) {
      int pick = -1;
      for (int id : *thing.ids) {
        bool used = std::find(ids.begin(), ids.end(), id) != ids.end();
        if (!used && s.zone_of[id] == hand) {
          pick = id;
          break;
        }
      }
      if (pick < 0) return thing.name + " is not in " + Name(b.mover) + "'s hand";
      ids.push_back(pick);
    }
    Status applied = game_.Apply(s, Action::Lay(b.mover, b.pile, ids));
    if (!applied.ok()) return applied.error().message;
    After(s);
    return "";
  }

  bool RunUntil(const ScnLine& l) {
    const bool until_over = l.kind == Kind::kRunUntilOver;
    auto done = [&] {
      return state_.over || state_.error ||
             (!until_over && state_.vars[r_.builtin.round] >= l.number);
    };
    ActionList legal;
    for (int n = 0; !done(); ++n) {
      game_.LegalActions(state_, legal);
      if (n >= kMaxAutoActions || legal.count == 0) {
        return Fail(l.pos,
                    until_over ? "the game to end" : "round " + std::to_string(l.number),
                    "no end after " + std::to_string(n) + " moves");
      }
      // As a random bot plays a seat, from that seat's stream; a decision
      // open to several (a search) from the chance stream, as play settles it.
      const int decider = game_.CurrentPlayer(state_);
      Rng& rng =
          decider >= 0 ? streams_.seats[static_cast<size_t>(decider)] : streams_.chance;
      Action a = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
      static_cast<void>(game_.Apply(state_, a));
      Chance();
    }
    if (!until_over && state_.vars[r_.builtin.round] < l.number) {
      return Fail(l.pos, "round " + std::to_string(l.number),
                  "the game ended in round " +
                      std::to_string(state_.vars[r_.builtin.round]) +
                      (Reason().empty() ? "" : " (" + Reason() + ")"));
    }
    return true;
  }

  // The cards a zone line looks at, bottom to top.
  std::vector<int> Cards(const Bound& b) const {
    auto zone = state_.Zone(b.zone);
    std::vector<int> cards(zone.begin(), zone.end());
    const ScnLine& l = *b.line;
    if (l.part_count >= 0) {
      const size_t n = std::min(cards.size(), static_cast<size_t>(l.part_count));
      if (l.part == Part::kTop)
        cards.erase(cards.begin(), cards.end() - static_cast<long>(n));
      if (l.part == Part::kBottom) cards.resize(n);
    }
    return cards;
  }

  std::string Names(const std::vector<int>& cards) const {
    if (cards.empty()) return "nothing";
    std::vector<std::string> names;
    for (int c : cards) names.push_back(CardName(c));
    return Join(names);
  }

  std::string Subject(const Bound& b) const {
    const ScnLine& l = *b.line;
    std::string out = b.subject;
    if (l.part == Part::kTop) out += " top";
    if (l.part == Part::kBottom) out += " bottom";
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "literal" + string&&.
    if (l.part_count >= 0) out.append(" ").append(std::to_string(l.part_count));
    return out;
  }

  static std::vector<std::string> Written(const std::vector<CardRef>& cards) {
    std::vector<std::string> names;
    for (const CardRef& c : cards) names.push_back(c.name);
    return names;
  }

  bool Has(const Bound& b, const std::string& claim) {
    std::vector<int> cards = Cards(b);
    std::vector<std::string> missing;
    std::vector<bool> used(cards.size(), false);
    for (const CardRef& want : b.cards) {
      bool found = false;
      for (size_t i = 0; i < cards.size() && !found; ++i) {
        if (!used[i] && CardName(cards[i]) == want.name) used[i] = found = true;
      }
      if (!found) missing.push_back(want.name);
    }
    if (missing.empty()) return true;
    return Fail(
        b.line->pos, claim + Join(Written(b.cards)),
        Subject(b) + " has no " + Join(missing) + " (it holds " + Names(cards) + ")");
  }

  bool ZoneExpectation(const Bound& b) {
    const ScnLine& l = *b.line;
    std::vector<int> cards = Cards(b);
    switch (l.tail) {
      case Tail::kCount:
        if (static_cast<int64_t>(cards.size()) == l.number) return true;
        return Fail(l.pos, Subject(b) + " count " + std::to_string(l.number),
                    Subject(b) + " count " + std::to_string(cards.size()) +
                        (cards.size() <= 24 ? " (" + Names(cards) + ")" : ""));
      case Tail::kHas:
        return Has(b, Subject(b) + " has ");
      default:
        break;
    }
    std::vector<std::string> want = Written(b.cards);
    const std::string expected =
        Subject(b) + ": " + (want.empty() ? "nothing" : Join(want));
    if (l.part != Part::kWhole && l.part_count < 0) {
      // `top:` lists the top cards from the top down; `bottom:` from the bottom up.
      std::vector<std::string> got;
      for (size_t i = 0; i < cards.size() && got.size() < want.size(); ++i) {
        got.push_back(
            CardName(l.part == Part::kTop ? cards[cards.size() - 1 - i] : cards[i]));
      }
      if (got == want) return true;
      return Fail(l.pos, expected,
                  Subject(b) + ": " + (got.empty() ? "nothing" : Join(got)));
    }
    std::vector<std::string> got;
    for (int c : cards) got.push_back(CardName(c));
    std::vector<std::string> a = want, c = got;
    std::sort(a.begin(), a.end());
    std::sort(c.begin(), c.end());
    if (a == c) return true;
    return Fail(l.pos, expected, Subject(b) + ": " + Names(cards));
  }

  bool RankExpectation(const Bound& b) {
    const int64_t want = b.value.Get(state_);
    const int64_t now = game_.Rank(state_, b.seat);
    if (now == want) return true;
    return Fail(b.line->pos, b.subject + " = " + std::to_string(want),
                b.subject + " = " + std::to_string(now));
  }

  // `all COND`: no card of the zone fails it; `none COND`: no card meets it.
  bool ConditionExpectation(const Bound& b) {
    const ScnLine& l = *b.line;
    const bool all = l.tail == Tail::kAll;
    Frame frame{};
    Evaluator ev(*b.condition_rules, state_, &frame);
    const std::vector<int> cards = Cards(b);
    std::vector<int> against;
    for (int c : cards) {
      ev.set_card(c);
      ev.ReleaseLists();
      if ((ev.Value(b.condition) != 0) != all) against.push_back(c);
    }
    if (against.empty()) return true;
    return Fail(l.pos, Subject(b) + (all ? " all " : " none ") + l.condition,
                Subject(b) + " has " + Names(against) +
                    (all ? " against it" : " meeting it") + " (it holds " + Names(cards) +
                    ")");
  }

  bool ValueExpectation(const Bound& b) {
    const ScnLine& l = *b.line;
    const Variable& v = r_.variables[static_cast<size_t>(b.var)];
    const std::string want = ValueText(v.type, b.value.Get(state_));
    if (b.turn) {
      // Whose turn: whoever has to decide now, even inside an effect.
      if (state_.over) return Fail(l.pos, want + "'s turn", Over());
      if (state_.decision.kind == DecisionKind::kSearch) {
        return Fail(l.pos, want + "'s turn", "everyone searches");
      }
      if (Name(state_.decision.player) == want) return true;
      return Fail(l.pos, want + "'s turn",
                  Name(state_.decision.player) + "'s turn to " + What(state_));
    }
    const int64_t now = state_.vars[v.slot + std::max(b.seat, 0)];
    if (b.set) {
      if (now == b.value.constant) return true;
      return Fail(l.pos, b.subject + ": " + SetText(b.value.constant),
                  b.subject + ": " + SetText(now));
    }
    const std::string got = ValueText(v.type, now);
    if (got == want) return true;
    return Fail(l.pos, b.subject + " = " + want, b.subject + " = " + got);
  }

  const Ruleset& r_;
  const Scenario& s_;
  Game game_;
  GameStreams streams_;  // the seed's streams, as sim and play use them
  State state_;
  std::vector<std::string> names_;
  ScenarioOutcome outcome_;
};

}  // namespace

ScenarioRunner::ScenarioRunner() = default;
ScenarioRunner::~ScenarioRunner() = default;

Result<const ScenarioRunner::Loaded*> ScenarioRunner::Load(const Scenario& s) {
  const std::string path = ResolveScenarioRuleset(s);
  if (path.empty()) {
    return Diagnostic(s.ruleset_pos, WithSuggestion("no ruleset '" + s.ruleset + "'",
                                                    s.ruleset, ShippedRulesets(true)));
  }
  const std::string key = path + '\n' + s.overrides;
  if (auto it = cache_.find(key); it != cache_.end()) return it->second.get();

  auto tree = ReadRulesetTree(path);
  if (!tree) return tree.errors();
  YamlNode doc = std::move(tree).value();
  if (!s.overrides.empty()) {
    auto over = ParseOverrides(s);
    if (!over) return over.errors();
    doc = MergeYaml(doc, over.value());
  }
  auto rules = LoadRulesetTree(doc, path);
  if (!rules) return rules.errors();  // not cached: each scenario gets its own positions

  auto loaded = std::make_unique<Loaded>();
  loaded->rules = rules.value();
  const Ruleset& r = *loaded->rules;
  for (size_t i = 0; i < r.card_names.size(); ++i) {
    auto& ids = loaded->cards[r.card_names[i]];
    if (ids.empty()) loaded->card_names.push_back(r.card_names[i]);
    ids.push_back(static_cast<int>(i));
  }
  loaded->capture_family = r.capture_family;
  loaded->conditions = std::make_shared<Ruleset>(r);
  const Loaded* out = loaded.get();
  cache_.emplace(key, std::move(loaded));
  return out;
}

ScenarioOutcome ScenarioRunner::Run(const Scenario& s) {
  ScenarioOutcome outcome;
  outcome.title = s.title;
  outcome.pos = s.pos;
  auto error = [&](std::vector<Diagnostic> errors) {
    outcome.status = ScenarioOutcome::Status::kError;
    outcome.errors = std::move(errors);
    return outcome;
  };
  auto loaded = Load(s);
  if (!loaded) return error(loaded.errors());
  const Ruleset& r = *loaded.value()->rules;
  const int players = static_cast<int>(s.players.size());
  if (players < r.min_players || players > r.max_players) {
    SourcePos at = s.players.empty() ? s.pos : s.players[0].pos;
    return error(
        {Diagnostic(at, r.name + " is played by " + std::to_string(r.min_players) +
                            " to " + std::to_string(r.max_players) + " players, not " +
                            std::to_string(players))});
  }
  Binder binder(*loaded.value(), s);
  std::vector<Bound> setup(s.setup.size()), steps(s.steps.size());
  for (size_t i = 0; i < s.setup.size(); ++i) binder.BindSetup(s.setup[i], setup[i]);
  for (size_t i = 0; i < s.steps.size(); ++i) binder.BindStep(s.steps[i], steps[i]);
  if (!binder.errors().empty()) return error(binder.errors());

  Play play(r, s);
  ScenarioOutcome played = play.Run(setup, steps, binder.set_slots());
  played.title = s.title;
  played.pos = s.pos;
  return played;
}

}  // namespace angler
