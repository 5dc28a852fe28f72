#include "dsl/scenario.h"

#include <charconv>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "dsl/scenario_grammar.h"

namespace angler {
namespace {

namespace g = scenario_grammar;
namespace pegtl = tao::pegtl;
namespace pt = pegtl::parse_tree;
using Node = pt::node;

template <typename Rule>
using Selector = pt::selector<
    Rule,
    pt::store_content::on<
        g::word, g::number, g::string, g::player, g::card, g::thing, g::range_end,
        g::head, g::side, g::part_count, g::part, g::exact_tail, g::count_tail,
        g::has_tail, g::value_tail, g::value, g::quoted_text, g::title, g::ruleset_name,
        g::yaml_block, g::ruleset_stmt, g::players_stmt, g::seed_stmt, g::seed_number,
        g::start_stmt, g::round_number, g::run_stmt, g::until_round, g::until_over,
        g::expect_stmt, g::expect_legal, g::expect_illegal, g::expect_over,
        g::expect_not_over, g::expect_winners, g::expect_catches, g::move, g::play_move,
        g::choose_move, g::lay_move, g::lay_target, g::subject_line, g::scenario,
        g::set_member, g::mark_move, g::stops_move, g::and_stop, g::more_stoppers,
        g::cond_tail, g::cond_word, g::condition_text>>;

const std::vector<std::string> kVerbs = {"plays", "chooses", "calls", "lays",
                                         "marks", "unmarks", "stops"};
const char* const kVerbList = "plays, chooses, calls, lays, marks or stops";
const std::vector<std::string> kStatements = {"ruleset", "players", "seed",    "at",
                                              "run",     "expect",  "scenario"};

class Converter {
 public:
  explicit Converter(std::shared_ptr<const SourceFile> file) : file_(std::move(file)) {}

  std::vector<Diagnostic>& errors() { return errors_; }

  Scenario ConvertScenario(const Node& n) {
    Scenario s;
    s.pos = Pos(n);
    const auto& ch = n.children;
    s.title = Unquote(*ch[0]->children[0]);
    bool has_ruleset = false, has_players = false, has_seed = false;
    const Node* first_action = nullptr;
    // Header and setup lines come before the first move, run or expect, so a
    // reader sees the whole position before anything happens on it.
    auto check_order = [&](const Node& line, const char* what) {
      if (first_action == nullptr) return true;
      Error(Pos(line), std::string(what) +
                           " comes before the first move, run or expect (line " +
                           std::to_string(first_action->begin().line) + ")");
      return false;
    };
    auto check_once = [&](const Node& line, bool& seen, const char* what) {
      if (seen) Error(Pos(line), std::string("a second '") + what + "' line");
      seen = true;
    };
    for (size_t i = 1; i < ch.size(); ++i) {
      const Node& line = *ch[i];
      if (line.is_type<g::ruleset_stmt>()) {
        check_order(line, "the ruleset");
        check_once(line, has_ruleset, "ruleset");
        const Node& name = *line.children[0];
        s.ruleset = name.children.empty() ? name.string() : Unquote(*name.children[0]);
        s.ruleset_pos = Pos(name);
        if (line.children.size() > 1) {
          s.overrides = line.children[1]->string();
          s.overrides_pos = Pos(*line.children[1]);
        }
      } else if (line.is_type<g::players_stmt>()) {
        check_order(line, "the players line");
        check_once(line, has_players, "players");
        s.players.clear();
        for (const auto& p : line.children) {
          ScnToken t = Player(*p);
          for (const ScnToken& other : s.players) {
            if (other.text == t.text) Error(t.pos, "'" + t.text + "' is named twice");
          }
          s.players.push_back(t);
        }
      } else if (line.is_type<g::seed_stmt>()) {
        check_order(line, "the seed");
        check_once(line, has_seed, "seed");
        const Node& num = *line.children[0];
        std::string digits = Trimmed(num);
        auto r = std::from_chars(digits.data(), digits.data() + digits.size(), s.seed);
        if (r.ec != std::errc()) Error(Pos(num), "the seed is too large");
      } else if (line.is_type<g::start_stmt>()) {
        check_order(line, "'at start of round'");
        if (s.start_round > 0) Error(Pos(line), "a second 'at start of round' line");
        s.start_round = static_cast<int>(SmallNumber(*line.children[0], 1, 1000));
        s.start_pos = Pos(line);
      } else if (line.is_type<g::subject_line>()) {
        ScnLine setup = Subject(line, ScnLine::Kind::kSetup);
        if (!MaybeMisspelledMove(setup, s) && check_order(line, "a setup line")) {
          CheckSetupTail(setup);
        }
        s.setup.push_back(std::move(setup));
      } else {
        if (first_action == nullptr) first_action = &line;
        s.steps.push_back(Action(line, s));
      }
    }
    if (!has_ruleset) Error(s.pos, "scenario \"" + s.title + "\" needs a 'ruleset' line");
    if (!has_players) Error(s.pos, "scenario \"" + s.title + "\" needs a 'players' line");
    return s;
  }

 private:
  SourcePos Pos(const Node& n) const {
    auto p = n.begin();
    return SourcePos{file_, static_cast<int>(p.line), static_cast<int>(p.column)};
  }

  void Error(SourcePos pos, std::string message) {
    errors_.emplace_back(std::move(pos), std::move(message));
  }

  static std::string Trimmed(const Node& n) {
    std::string t = n.string();
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
    return t;
  }

  static std::string Unquote(const Node& n) {
    auto sv = n.string_view();
    return std::string(sv.substr(1, sv.size() - 2));
  }

  int64_t SmallNumber(const Node& n, int64_t lo, int64_t hi) {
    std::string digits = Trimmed(n);
    int64_t v = 0;
    auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (r.ec != std::errc() || v < lo || v > hi) {
      Error(Pos(n), "expected a number from " + std::to_string(lo) + " to " +
                        std::to_string(hi) + ", got " + digits);
      return lo;
    }
    return v;
  }

  ScnToken Token(const Node& n) {
    ScnToken t;
    t.pos = Pos(n);
    if (n.is_type<g::string>()) {
      t.kind = ScnToken::Kind::kString;
      t.text = Unquote(n);
    } else if (n.is_type<g::number>()) {
      t.kind = ScnToken::Kind::kNumber;
      t.text = n.string();
      auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), t.number);
      if (r.ec != std::errc()) Error(t.pos, "the number " + t.text + " is too large");
    } else {
      t.text = n.string();
    }
    return t;
  }

  ScnToken Player(const Node& n) {
    ScnToken t = Token(*n.children[0]);
    t.pos = Pos(n);
    return t;
  }

  ScnPhrase Phrase(const std::vector<std::unique_ptr<Node>>& tokens, SourcePos pos) {
    ScnPhrase p;
    p.pos = std::move(pos);
    for (const auto& t : tokens) p.tokens.push_back(Token(*t));
    return p;
  }

  // A card node; `yellow 2..5` stands for four cards.
  void Cards(const Node& card, std::vector<ScnPhrase>& out) {
    const auto& ch = card.children;
    if (!ch.back()->is_type<g::range_end>()) {
      out.push_back(Phrase(ch, Pos(card)));
      return;
    }
    ScnPhrase base;
    base.pos = Pos(card);
    for (size_t i = 0; i + 2 < ch.size(); ++i) base.tokens.push_back(Token(*ch[i]));
    ScnToken lo = Token(*ch[ch.size() - 2]);
    ScnToken hi = Token(*ch.back()->children[0]);
    if (hi.number < lo.number || hi.number - lo.number >= 256) {
      Error(hi.pos, "a range of cards goes up, like 'yellow 2..5'");
      return;
    }
    for (int64_t v = lo.number; v <= hi.number; ++v) {
      ScnPhrase p = base;
      ScnToken t = lo;
      t.number = v;
      t.text = std::to_string(v);
      p.tokens.push_back(t);
      out.push_back(std::move(p));
    }
  }

  void CardList(const Node& parent, size_t from, std::vector<ScnPhrase>& out) {
    for (size_t i = from; i < parent.children.size(); ++i) {
      if (parent.children[i]->is_type<g::card>()) Cards(*parent.children[i], out);
    }
  }

  // A set's numbers, each a phrase of one number; `2..4` stands for 2, 3, 4.
  void Numbers(const Node& parent, std::vector<ScnPhrase>& out) {
    for (const auto& member : parent.children) {
      if (!member->is_type<g::set_member>()) continue;
      ScnToken lo = Token(*member->children[0]);
      ScnToken hi = lo;
      if (member->children.size() > 1) hi = Token(*member->children[1]->children[0]);
      if (hi.number < lo.number || hi.number - lo.number >= 256) {
        Error(hi.pos, "a range of numbers goes up, like '2..5'");
        continue;
      }
      for (int64_t v = lo.number; v <= hi.number; ++v) {
        ScnPhrase p;
        p.pos = lo.pos;
        ScnToken t = lo;
        t.number = v;
        t.text = std::to_string(v);
        p.tokens.push_back(std::move(t));
        out.push_back(std::move(p));
      }
    }
  }

  ScnMove Move(const Node& n) {
    ScnMove m;
    m.pos = Pos(n);
    m.player = Player(*n.children[0]);
    const Node& verb = *n.children[1];
    if (verb.is_type<g::play_move>()) {
      m.verb = ScnMove::Verb::kPlays;
      Cards(*verb.children[0], m.things);
    } else if (verb.is_type<g::choose_move>()) {
      m.verb = ScnMove::Verb::kChooses;
      for (const auto& thing : verb.children) {
        const Node& inner = *thing->children[0];
        if (inner.is_type<g::card>()) {
          Cards(inner, m.things);
        } else {
          ScnPhrase p;
          p.pos = Pos(inner);
          p.tokens.push_back(Token(inner));
          m.things.push_back(std::move(p));
        }
      }
    } else if (verb.is_type<g::lay_move>()) {
      m.verb = ScnMove::Verb::kLays;
      CardList(verb, 0, m.things);
      const Node& head = *verb.children.back()->children[0];
      m.target = Phrase(head.children, Pos(head));
    } else if (verb.is_type<g::mark_move>()) {
      m.verb = verb.string_view().starts_with("unmarks") ? ScnMove::Verb::kUnmarks
                                                         : ScnMove::Verb::kMarks;
      Numbers(verb, m.things);
    } else {
      // stops_move, and_stop, more_stoppers: the players who stop at once.
      m.verb = ScnMove::Verb::kStops;
      m.stoppers.push_back(m.player);
      for (const auto& p : verb.children) {
        ScnToken t = Player(*p);
        for (const ScnToken& other : m.stoppers) {
          if (other.text == t.text) Error(t.pos, "'" + t.text + "' is named twice");
        }
        m.stoppers.push_back(std::move(t));
      }
    }
    return m;
  }

  ScnLine Subject(const Node& n, ScnLine::Kind kind) {
    ScnLine l;
    l.kind = kind;
    l.pos = Pos(n);
    const Node& head = *n.children[0];
    l.subject = Phrase(head.children, Pos(head));
    if (n.children.size() < 2) return l;
    const Node* tail = n.children[1].get();
    if (tail->is_type<g::part>()) {
      const auto& pc = tail->children;
      l.part = pc[0]->string_view().substr(0, 3) == "top" ? ScnLine::Part::kTop
                                                          : ScnLine::Part::kBottom;
      l.part_pos = Pos(*pc[0]);
      if (pc.size() > 2) l.part_count = static_cast<int>(SmallNumber(*pc[1], 0, 1000));
      tail = pc.back().get();
    }
    if (tail->is_type<g::exact_tail>()) {
      l.tail = ScnLine::Tail::kExact;
      CardList(*tail, 0, l.cards);
      Numbers(*tail, l.numbers);
    } else if (tail->is_type<g::count_tail>()) {
      l.tail = ScnLine::Tail::kCount;
      l.number = SmallNumber(*tail->children[0], 0, 100000);
    } else if (tail->is_type<g::has_tail>()) {
      l.tail = ScnLine::Tail::kHas;
      CardList(*tail, 0, l.cards);
    } else if (tail->is_type<g::cond_tail>()) {
      const Node& word = *tail->children[0];
      const Node& text = *tail->children[1];
      l.tail = word.string_view() == "all" ? ScnLine::Tail::kAll : ScnLine::Tail::kNoneOf;
      l.condition = text.string();
      while (!l.condition.empty() &&
             (l.condition.back() == ' ' || l.condition.back() == '\t' ||
              l.condition.back() == '\r')) {
        l.condition.pop_back();
      }
      l.condition_pos = Pos(text);
    } else if (tail->is_type<g::value_tail>()) {
      l.tail = ScnLine::Tail::kValue;
      const Node& value = *tail->children[0];
      l.value = Phrase(value.children, Pos(value));
    }
    return l;
  }

  void CheckSetupTail(const ScnLine& l) {
    if (l.tail == ScnLine::Tail::kAll || l.tail == ScnLine::Tail::kNoneOf) {
      Error(l.pos,
            "a setup line lists the cards after ':', like 'hand Anne: yellow 7'; "
            "'all' and 'none' are for expectations");
    } else if (l.tail == ScnLine::Tail::kCount || l.tail == ScnLine::Tail::kHas) {
      Error(l.pos, std::string("a setup line lists the cards after ':', like 'hand Anne: "
                               "yellow 7'; '") +
                       (l.tail == ScnLine::Tail::kCount ? "count" : "has") +
                       "' is for expectations");
    } else if (l.part_count >= 0) {
      Error(l.part_pos,
            "a setup line puts cards on top without a number, like 'deck top: "
            "green 5'");
    }
  }

  bool IsPlayer(const ScnToken& t, const Scenario& s) const {
    for (const ScnToken& p : s.players) {
      if (p.text == t.text) return true;
    }
    return false;
  }

  // `Anne plyas yellow 7` parses as a setup line; say what it most likely is.
  bool MaybeMisspelledMove(const ScnLine& l, const Scenario& s) {
    const auto& tokens = l.subject.tokens;
    if (tokens.empty()) return false;
    if (!IsPlayer(tokens[0], s)) {
      if (tokens[0].kind == ScnToken::Kind::kWord &&
          !DidYouMean(tokens[0].text, kStatements).empty() && !s.steps.empty()) {
        Error(tokens[0].pos, WithSuggestion("unknown statement '" + tokens[0].text + "'",
                                            tokens[0].text, kStatements));
        return true;
      }
      return false;
    }
    const std::string who = tokens[0].text;
    const std::string expected = "expected a move after '" + who + "': " + kVerbList;
    if (tokens.size() < 2) {
      Error(l.pos, expected);
    } else {
      Error(tokens[1].pos, WithSuggestion(expected, tokens[1].text, kVerbs));
    }
    return true;
  }

  ScnLine Action(const Node& n, const Scenario& s) {
    ScnLine l;
    l.pos = Pos(n);
    if (n.is_type<g::move>()) {
      l.kind = ScnLine::Kind::kMove;
      l.move = Move(n);
      return l;
    }
    if (n.is_type<g::run_stmt>()) {
      const Node& until = *n.children[0];
      if (until.is_type<g::until_over>()) {
        l.kind = ScnLine::Kind::kRunUntilOver;
      } else {
        l.kind = ScnLine::Kind::kRunUntilRound;
        l.number = SmallNumber(*until.children[0], 1, 1000);
      }
      return l;
    }
    // expect_stmt
    const Node& e = *n.children[0];
    auto quoted = [&](const Node& q) {
      l.has_text = true;
      l.text = Unquote(*q.children[0]);
    };
    if (e.is_type<g::expect_legal>()) {
      l.kind = ScnLine::Kind::kExpectLegal;
      l.move = Move(*e.children[0]);
    } else if (e.is_type<g::expect_illegal>()) {
      l.kind = ScnLine::Kind::kExpectIllegal;
      l.move = Move(*e.children[0]);
      if (e.children.size() > 1) quoted(*e.children[1]);
    } else if (e.is_type<g::expect_over>()) {
      l.kind = ScnLine::Kind::kExpectOver;
      if (!e.children.empty()) quoted(*e.children[0]);
    } else if (e.is_type<g::expect_not_over>()) {
      l.kind = ScnLine::Kind::kExpectNotOver;
    } else if (e.is_type<g::expect_winners>()) {
      l.kind = ScnLine::Kind::kExpectWinners;
      for (const auto& p : e.children) l.players.push_back(Player(*p));
    } else if (e.is_type<g::expect_catches>()) {
      l.kind = ScnLine::Kind::kExpectCatches;
      l.players.push_back(Player(*e.children[0]));
      CardList(e, 1, l.cards);
    } else {
      l = Subject(e, ScnLine::Kind::kExpect);
      l.pos = Pos(n);
      const auto& tokens = l.subject.tokens;
      if (!tokens.empty() && IsPlayer(tokens[0], s) && tokens.size() > 1) {
        Error(tokens[1].pos,
              WithSuggestion("expected 'catches' after '" + tokens[0].text + "'",
                             tokens[1].text, {"catches"}));
      }
    }
    return l;
  }

  std::shared_ptr<const SourceFile> file_;
  std::vector<Diagnostic> errors_;
};

}  // namespace

std::string ScnPhrase::Text() const {
  std::string out;
  for (const ScnToken& t : tokens) {
    if (!out.empty()) out += ' ';
    if (t.kind == ScnToken::Kind::kString) {
      out.append("\"").append(t.text).append("\"");
    } else {
      out += t.text;
    }
  }
  return out;
}

namespace {

// Where the last '{' left open before the end of `text` stands (line and
// column, 1-based), past quoted texts and comments; {0, 0} when none is.
std::pair<int, int> UnclosedBrace(std::string_view text) {
  std::vector<std::pair<int, int>> open;
  int line = 1, col = 1;
  bool comment = false;
  char quoted = 0;  // the quote a text opened with: " or ' (YAML inside `with`)
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (comment) {
      comment = c != '\n';
    } else if (quoted) {
      if (c == quoted || c == '\n') quoted = 0;
    } else if (c == '"' || c == '\'') {
      quoted = c;
    } else if (c == '#') {
      comment = true;
    } else if (c == '{') {
      open.emplace_back(line, col);
    } else if (c == '}' && !open.empty()) {
      open.pop_back();
    }
    if (c == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return open.empty() ? std::pair(0, 0) : open.back();
}

}  // namespace

Result<std::vector<Scenario>> ParseScenarios(std::shared_ptr<const SourceFile> file) {
  pegtl::memory_input in(file->text(), file->name());
  std::unique_ptr<Node> root;
  try {
    root = pt::parse<g::file, Selector, pegtl::nothing, g::control>(in);
  } catch (const pegtl::parse_error& e) {
    const auto& p = e.positions().front();
    std::string message(e.message());
    if (p.byte >= file->text().size()) {
      message += " at the end of the file";
      // The end has no line to show: the '{' never closed is where to look.
      if (const auto [line, col] = UnclosedBrace(file->text()); line > 0) {
        return Diagnostic(SourcePos{file, line, col},
                          message + "; this '{' is never closed");
      }
    }
    return Diagnostic(
        SourcePos{file, static_cast<int>(p.line), static_cast<int>(p.column)}, message);
  }
  if (!root) return Diagnostic(SourcePos{file, 1, 1}, "could not parse");
  Converter c(file);
  std::vector<Scenario> out;
  for (const auto& n : root->children) out.push_back(c.ConvertScenario(*n));
  if (!c.errors().empty()) return c.errors();
  return out;
}

}  // namespace angler
