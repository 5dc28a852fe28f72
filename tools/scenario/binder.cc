#include "tools/scenario/binder.h"

#include <algorithm>
#include <charconv>

#include "dsl/parser.h"
#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"

namespace angler {
namespace {

using Kind = ScnLine::Kind;
using Tail = ScnLine::Tail;
using Part = ScnLine::Part;

}  // namespace

void Binder::BindSetup(const ScnLine& l, Bound& b) {
  b.line = &l;
  if (!Subject(l, true, b)) return;
  if (b.zone >= 0) {
    if (r_.ZoneFamilyOf(b.zone) == r_.TrickFamily()) {
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
  if ((v.slot == r_.builtin.marks || v.slot == r_.builtin.stopped) && r_.Searches()) {
    const std::string who = names_.empty() ? "Anne" : names_[0];
    Error(l.subject.pos, "'" + v.name +
                             "' starts afresh with every search: mark pieces and stop "
                             "with moves, like '" +
                             who + " marks 3' or '" + who + " stops'");
  } else if (v.scope == Scope::kTrick) {
    Error(l.subject.pos,
          "'" + v.name + "' starts afresh with every trick: play the card that sets it");
  } else if (s_.start_round > 0 &&
             (v.scope == Scope::kRound || v.slot == r_.builtin.round)) {
    Error(l.subject.pos, "'" + v.name + "' is set when round " +
                             std::to_string(s_.start_round) + " starts");
  }
}

void Binder::BindStep(const ScnLine& l, Bound& b) {
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

void Binder::Error(SourcePos pos, std::string message) {
  errors_.emplace_back(std::move(pos), std::move(message));
}

int Binder::Player(const ScnToken& t) {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == t.text) return static_cast<int>(i);
  }
  Error(t.pos, WithSuggestion("unknown player '" + t.text + "'", t.text, names_));
  return -1;
}

CardRef Binder::Card(const ScnPhrase& p) {
  CardRef c;
  c.name = p.Text();
  c.pos = p.pos;
  auto it = loaded_.cards.find(c.name);
  if (it != loaded_.cards.end()) {
    c.ids = &it->second;
  } else {
    Error(p.pos,
          WithSuggestion("unknown card '" + c.name + "'", c.name, loaded_.card_names));
  }
  return c;
}

void Binder::Place(const CardRef& c, const ScnLine& l) {
  if (c.ids == nullptr) return;
  auto& [count, line] = placed_[c.name];
  if (count == 0) line = l.pos.line;
  if (++count <= static_cast<int>(c.ids->size())) return;
  Error(c.pos.line > 0 ? c.pos : l.pos,
        c.ids->size() == 1 ? c.name + " is already placed on line " + std::to_string(line)
                           : "every " + c.name + " is already placed");
}

bool Binder::Subject(const ScnLine& l, bool setup, Bound& b) {
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
  const bool per_player = family >= 0 ? r_.zones[static_cast<size_t>(family)].per_player
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

bool Binder::ZoneLine(const ScnLine& l, bool setup, Bound& b, int family, int seat,
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
    Error(l.subject.pos, setup ? "'" + b.subject + "' is a zone: list its cards, like '" +
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

bool Binder::Condition(const ScnLine& l, Bound& b) {
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

bool Binder::RankLine(const ScnLine& l, bool setup, Bound& b) {
  const auto& t = l.subject.tokens;
  const std::string who = names_.empty() ? "Anne" : names_[0];
  if (setup) {
    Error(t[0].pos, "'rank' is worked out from the game: expect it, like 'expect rank " +
                        who + " = 10'");
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

bool Binder::VariableLine(const ScnLine& l, bool setup, Bound& b, int var, int seat,
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
    Error(l.subject.pos,
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

bool Binder::SetLine(const ScnLine& l, Bound& b, size_t next) {
  const auto& t = l.subject.tokens;
  if (next < t.size()) {
    Error(t[next].pos, "unexpected '" + t[next].text + "' after '" + b.subject + "'");
    return false;
  }
  const bool formed = r_.search.has_value();
  b.set = true;
  bool ok = true;
  for (const ScnPhrase& p : l.numbers) {
    const int64_t n = p.tokens[0].number;
    if (formed &&
        (n < 0 || n >= static_cast<int64_t>(r_.search->formation.pieces.size()))) {
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

std::string Binder::NoPiece(int64_t n) const {
  return "there is no " + r_.search->formation.piece + " " + std::to_string(n) + " (0.." +
         std::to_string(r_.search->formation.pieces.size() - 1) + ")";
}

std::optional<Value> Binder::ValueOf(Type type, const ScnPhrase& p,
                                     const std::string& what) {
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

void Binder::Move(const ScnMove& m, Bound& b) {
  b.mover = Player(m.player);
  if (m.verb == ScnMove::Verb::kMarks || m.verb == ScnMove::Verb::kUnmarks ||
      m.verb == ScnMove::Verb::kStops) {
    // The search: pieces by number, stops by everyone named.
    if (!r_.search || !r_.Searches()) {
      Error(m.pos, "this ruleset has no search: nobody marks pieces or stops");
      return;
    }
    for (const ScnPhrase& p : m.things) {
      const int64_t n = p.tokens[0].number;
      if (n < 0 || n >= static_cast<int64_t>(r_.search->formation.pieces.size())) {
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
    if (!r_.turn) {
      Error(m.pos, "this ruleset has no rows to lay cards on");
      return;
    }
    const ZoneFamily& rows = r_.zones[static_cast<size_t>(r_.turn->rows_family)];
    const auto& t = m.target.tokens;
    if (t.size() != 2 || t[0].text != rows.name || t[1].kind != ScnToken::Kind::kNumber) {
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
      Error(p.pos,
            WithSuggestion("unknown card or value '" + c.name + "'", c.name, candidates));
    }
    b.things.push_back(c);
  }
}

bool Binder::IsValue(const ScnPhrase& p) const {
  const std::string text = p.Text();
  if (p.tokens.size() == 1 && p.tokens[0].kind == ScnToken::Kind::kNumber) return true;
  if (text == "true" || text == "false" || r_.FindSuit(text) >= 0) return true;
  if (std::find(names_.begin(), names_.end(), text) != names_.end()) return true;
  if (std::find(r_.kinds.begin(), r_.kinds.end(), text) != r_.kinds.end()) return true;
  int var = r_.FindVariable(text);
  return var >= 0 && r_.variables[static_cast<size_t>(var)].type == Type::kSuit;
}

}  // namespace angler
