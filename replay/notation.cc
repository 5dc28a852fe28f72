#include "replay/notation.h"

#include <algorithm>
#include <charconv>

#include "replay/format.h"
#include "replay/store.h"

namespace angler {
namespace {

std::string_view Trim(std::string_view s) {
  const size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  const size_t end = s.find_last_not_of(" \t\r\n");
  return s.substr(begin, end - begin + 1);
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

bool IsCardAction(const Action& a) {
  return a.kind == ActionKind::kPlay || a.kind == ActionKind::kChoose;
}

// The engine's word for an action ("play", "lay"), without what it acts on.
std::string EngineVerb(const Game& game, const State& s, const Action& a) {
  const std::string text = game.ActionText(s, a);
  return text.substr(0, text.find(' '));
}

// The verb of a move line: the engine's word with an s ("plays", "lays").
std::string Verb(const Game& game, const State& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::kPlay:
      return std::string(kVerbPlays);
    case ActionKind::kChoose:
    case ActionKind::kOption:
      return std::string(kVerbChooses);
    case ActionKind::kMark: {
      // A mark toggles: it reads as what it does to the player's sheet, as
      // scenarios write it ("Anne marks 3", "Anne unmarks 3").
      const int32_t sheet = s.vars[game.rules().builtin.marks + a.player];
      return (sheet >> a.value & 1) ? "unmarks" : "marks";
    }
    default:
      return EngineVerb(game, s, a) + "s";
  }
}

// Everyone who stops together: "Anne stops", "Anne and Bob stop", "Anne, Bob
// and Carl stop", as scenarios write it.
std::string StopText(const Action& a, const std::vector<std::string>& players) {
  std::vector<std::string> names;
  for (size_t p = 0; p < players.size() && p < 64; ++p) {
    if (a.seed >> p & 1) names.push_back(players[p]);
  }
  if (names.size() == 1) return names[0] + " stops";
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return text + " stop";
}

// The seats of "Anne, Bob and Carl stop" (or "Anne stops") as a group; 0 if
// the text is not a stop of known players.
uint64_t ReadStop(std::string_view text, const std::vector<std::string>& players) {
  std::string_view names;
  if (text.size() > 6 && text.substr(text.size() - 6) == " stops") {
    names = text.substr(0, text.size() - 6);
  } else if (text.size() > 5 && text.substr(text.size() - 5) == " stop") {
    names = text.substr(0, text.size() - 5);
  } else {
    return 0;
  }
  uint64_t group = 0;
  while (!names.empty()) {
    size_t cut = names.find(", ");
    size_t skip = 2;
    const size_t and_at = names.find(" and ");
    if (and_at != std::string_view::npos &&
        (cut == std::string_view::npos || and_at < cut)) {
      cut = and_at;
      skip = 5;
    }
    const std::string_view name = Trim(names.substr(0, cut));
    const auto it = std::find(players.begin(), players.end(), name);
    if (it == players.end()) return 0;
    group |= uint64_t{1} << (it - players.begin());
    names = cut == std::string_view::npos ? std::string_view() : names.substr(cut + skip);
  }
  return group;
}

// What the engine calls an action, without its verb.
std::string PlainName(const Game& game, const State& s, const Action& a) {
  if (IsCardAction(a)) return game.rules().card_names[static_cast<size_t>(a.value)];
  std::string text = game.ActionText(s, a);
  const size_t space = text.find(' ');
  return space == std::string::npos ? std::string() : text.substr(space + 1);  // "stop"
}

// 1-based place of card `id` among the ruleset's cards with its name.
int CardOrdinal(const Ruleset& rules, int id) {
  int k = 1;
  for (int c = 0; c < id; ++c) {
    k += rules.card_names[static_cast<size_t>(c)] ==
         rules.card_names[static_cast<size_t>(id)];
  }
  return k;
}

// The card with that name and ordinal, or -1.
int CardByOrdinal(const Ruleset& rules, std::string_view name, int k) {
  for (size_t c = 0; c < rules.card_names.size(); ++c) {
    if (rules.card_names[c] == name && --k == 0) return static_cast<int>(c);
  }
  return -1;
}

// A card's name, with " [k]" when `hand` holds another card of that name.
std::string CardInHand(const Ruleset& rules, const State& s, int hand, int id) {
  const std::string& name = rules.card_names[static_cast<size_t>(id)];
  int same = 0;
  for (uint8_t c : s.Zone(hand)) same += rules.card_names[c] == name;
  if (same < 2) return name;
  return name + " [" + std::to_string(CardOrdinal(rules, id)) + "]";
}

int HandOf(const Game& game, int seat) {
  return game.rules().zones[static_cast<size_t>(game.rules().hand_family)].first + seat;
}

// Splits "name [k]" into the name and k (0 when there is no [k]).
std::pair<std::string_view, int> SplitOrdinal(std::string_view text) {
  text = Trim(text);
  if (text.empty() || text.back() != ']') return {text, 0};
  const size_t open = text.rfind(" [");
  if (open == std::string_view::npos) return {text, 0};
  const std::string_view digits = text.substr(open + 2, text.size() - open - 3);
  int k = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
  if (ec != std::errc() || end != digits.data() + digits.size() || k < 1)
    return {text, 0};
  return {Trim(text.substr(0, open)), k};
}

std::string EscapeComment(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '}' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string EscapeTag(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

}  // namespace

// ---- Single moves ----

std::string ThingText(const Game& game, const State& before, const Action& a) {
  const Ruleset& rules = game.rules();
  if (a.kind == ActionKind::kMark) return std::to_string(a.value);  // the fish
  if (a.kind == ActionKind::kStop) return "";
  if (a.kind == ActionKind::kLay && rules.hand_family >= 0) {
    // Each card told apart in the hand, then where: "yellow 3, yellow 4 on row 2".
    int cards[kMaxLay];
    const int n = a.LayCards(cards);
    const std::string plain = PlainName(game, before, a);
    const size_t on = plain.rfind(" on ");
    std::string text;
    const int hand = HandOf(game, a.player);
    for (int i = 0; i < n; ++i) {
      if (cards[i] < 0 || cards[i] >= static_cast<int>(rules.cards.size())) return plain;
      text += (i ? ", " : "") + CardInHand(rules, before, hand, cards[i]);
    }
    return on == std::string::npos ? plain : text + plain.substr(on);
  }
  std::string name = PlainName(game, before, a);
  ActionList legal;
  game.LegalActions(before, legal);
  int same = 0, index = 0;
  for (const Action& other : legal) {
    const bool alike =
        other.kind == a.kind &&
        (IsCardAction(a) ? rules.card_names[static_cast<size_t>(other.value)] == name
                         : PlainName(game, before, other) == name);
    if (!alike) continue;
    ++same;
    if (other == a) index = same;
  }
  if (same < 2) return name;
  // Cards by their place among the ruleset's cards of that name; anything
  // else by its place among the legal actions that read the same.
  const int k = IsCardAction(a) ? CardOrdinal(rules, a.value) : index;
  return name + " [" + std::to_string(k) + "]";
}

std::string MoveText(const Game& game, const State& before, const Action& a,
                     const std::vector<std::string>& players) {
  if (a.kind == ActionKind::kChance) return game.ActionText(before, a);
  if (a.kind == ActionKind::kStop) return StopText(a, players);
  if (a.player < 0) return game.ActionText(before, a);
  std::string text = players[static_cast<size_t>(a.player)];
  text += ' ';
  text += Verb(game, before, a);
  const std::string thing = ThingText(game, before, a);
  if (!thing.empty()) text += ' ' + thing;
  return text;
}

namespace {

// "shuffle ocean" or "draw": the chance move's text without its outcome.
std::string ChanceWords(const Game& game, const State& s) {
  std::string text = game.ActionText(s, Action{ActionKind::kChance, -1, 0, 0});
  const size_t hash = text.find(" #");
  return hash == std::string::npos ? text : text.substr(0, hash);
}

// "shuffle ocean #00ff00ff00ff00ff"; with a default seed, "shuffle ocean" and
// "shuffle" too.
Result<Action> ParseChance(const Game& game, const State& s, std::string_view text,
                           const MoveReading& reading) {
  const std::string words = ChanceWords(game, s);
  std::optional<uint64_t> seed;
  std::string_view rest = text;
  if (const size_t hash = text.find('#'); hash != std::string_view::npos) {
    const std::string_view hex = Trim(text.substr(hash + 1));
    uint64_t v = 0;
    auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), v, 16);
    if (ec != std::errc() || end != hex.data() + hex.size() || hex.empty() ||
        hex.size() > 16) {
      return Diagnostic(
          {}, "'#" + std::string(hex) + "' is not a chance outcome: up to 16 hex digits");
    }
    seed = v;
    rest = Trim(text.substr(0, hash));
  }
  const std::string_view verb = std::string_view(words).substr(0, words.find(' '));
  const bool matches = rest == words || (reading.default_seed && !seed && rest == verb);
  if (!matches) {
    return Diagnostic({}, "expected '" + words + " #<outcome in hex>' here, not '" +
                              std::string(text) + "'");
  }
  if (!seed) seed = reading.default_seed;
  if (!seed) {
    return Diagnostic(
        {}, "'" + words + "' needs its outcome: " + words + " #0123456789abcdef");
  }
  return Action{ActionKind::kChance, -1, 0, *seed};
}

// The verb the decision in front of `s` takes.
std::string DecisionVerb(const Game& game, const State& s, const ActionList& legal) {
  switch (s.decision.kind) {
    case DecisionKind::kPlay:
      return std::string(kVerbPlays);
    case DecisionKind::kChoose:
    case DecisionKind::kOption:
      return std::string(kVerbChooses);
    default:
      break;
  }
  if (legal.count > 0) return Verb(game, s, legal.items[0]);
  std::string text = game.DecisionText(s);  // "seat 2 lays cards"
  const size_t first = text.find(' ', text.find(' ') + 1);
  return text.substr(first + 1, text.find(' ', first + 1) - first - 1);
}

std::string LegalList(const Game& game, const State& s, const ActionList& legal) {
  std::string out;
  for (const Action& a : legal) out += (out.empty() ? "" : ", ") + ThingText(game, s, a);
  return out.empty() ? "none" : out;
}

// A lay written out ("yellow 3, yellow 4 [2] on row 2") that is not among
// the legal lays: built from the names so the engine can judge it (a lay
// against the rules may still be a move, as a fiasco).
std::optional<Action> ReadLay(const Game& game, const State& s, std::string_view thing) {
  const Ruleset& rules = game.rules();
  const size_t on = thing.rfind(" on ");
  if (on == std::string_view::npos || rules.hand_family < 0) return std::nullopt;
  const std::string_view target = Trim(thing.substr(on + 4));
  const size_t space = target.rfind(' ');
  int row = 0;
  const std::string_view digits =
      target.substr(space == std::string_view::npos ? 0 : space + 1);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), row);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  const int hand = HandOf(game, s.decision.player);
  std::vector<int> cards;
  std::string_view list = thing.substr(0, on);
  while (!list.empty()) {
    const size_t comma = list.find(", ");
    auto [name, k] = SplitOrdinal(list.substr(0, comma));
    int id = k > 0 ? CardByOrdinal(rules, name, k) : -1;
    for (uint8_t c : s.Zone(hand)) {
      if (id >= 0) break;
      if (rules.card_names[c] == name &&
          std::find(cards.begin(), cards.end(), c) == cards.end()) {
        id = c;
      }
    }
    if (id < 0) id = rules.FindCard(std::string(name));
    if (id < 0 || static_cast<int>(cards.size()) >= kMaxLay) return std::nullopt;
    cards.push_back(id);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 2);
  }
  if (cards.empty()) return std::nullopt;
  return Action::Lay(s.decision.player, row, cards);
}

}  // namespace

Result<Action> ParseMove(const Game& game, const State& s, std::string_view text,
                         const std::vector<std::string>& players,
                         const MoveReading& reading) {
  text = Trim(text);
  if (game.IsTerminal(s)) return Diagnostic({}, "the game is over; no move is possible");
  if (game.IsChance(s)) return ParseChance(game, s, text, reading);
  ActionList legal;
  game.LegalActions(s, legal);
  // Who may move: usually one seat; some decisions are open to several.
  std::vector<int> movers;
  for (const Action& a : legal) {
    if (a.player >= 0 &&
        std::find(movers.begin(), movers.end(), a.player) == movers.end()) {
      movers.push_back(a.player);
    }
  }
  // Several players stopping together: the one move that names no one first.
  if (const uint64_t group = ReadStop(text, players)) {
    for (const Action& a : legal) {
      if (a.kind == ActionKind::kStop && a.seed == group) return a;
    }
    if (s.decision.kind == DecisionKind::kSearch) {
      return Diagnostic({}, "'" + std::string(text) +
                                "' is not legal here: only searching "
                                "players can stop");
    }
  }
  if (movers.empty()) {
    if (s.decision.player < 0) return Diagnostic({}, "no one can move now");
    movers.push_back(s.decision.player);
  }
  std::string may;
  for (int p : movers)
    may += (may.empty() ? "" : " or ") + players[static_cast<size_t>(p)];

  // The player: the longest name the text begins with.
  int actor = -1;
  size_t best = 0;
  for (size_t p = 0; p < players.size(); ++p) {
    const std::string& name = players[p];
    if (name.size() > best && text.size() > name.size() && StartsWith(text, name) &&
        text[name.size()] == ' ') {
      actor = static_cast<int>(p);
      best = name.size();
    }
  }
  std::string_view rest = text;
  if (actor >= 0) {
    rest = Trim(text.substr(best));
    if (std::find(movers.begin(), movers.end(), actor) == movers.end()) {
      return Diagnostic({}, "it is " + may + "'s move, not " +
                                players[static_cast<size_t>(actor)] + "'s");
    }
  } else if (!reading.bare || movers.size() > 1) {
    return Diagnostic(
        {}, "expected a move like '" + players[static_cast<size_t>(movers[0])] + " " +
                DecisionVerb(game, s, legal) + " ...', not '" + std::string(text) + "'");
  } else {
    actor = movers[0];
  }
  const std::string& who = players[static_cast<size_t>(actor)];

  // The verb: the one of the decision's moves ("plays"), or at a prompt its
  // stem ("play yellow 7") or nothing ("yellow 7").
  const std::string verb = DecisionVerb(game, s, legal);
  const std::string stem = verb.substr(0, verb.size() - 1);
  std::string_view said = rest.substr(0, rest.find(' '));
  const bool open_decision =
      movers.size() > 1 ||
      (s.decision.kind != DecisionKind::kPlay &&
       s.decision.kind != DecisionKind::kChoose &&
       s.decision.kind != DecisionKind::kOption && s.decision.kind != DecisionKind::kLay);
  std::string_view thing;
  if (!open_decision) {
    if (said == verb) {
      thing = Trim(rest.substr(said.size()));
    } else if (reading.bare && text == rest && said == stem) {
      thing = Trim(rest.substr(said.size()));
    } else if (reading.bare && text == rest) {
      thing = rest;
    } else {
      if (!said.empty() && said.back() == 's' && said.size() > 1) {
        return Diagnostic({}, who + " must " + stem + " now, not " +
                                  std::string(said.substr(0, said.size() - 1)));
      }
      return Diagnostic({}, "expected a move like '" + who + " " + verb + " ...', not '" +
                                std::string(text) + "'");
    }
  }

  const Ruleset& rules = game.rules();
  const Action* found = nullptr;
  if (!open_decision && (s.decision.kind == DecisionKind::kPlay ||
                         s.decision.kind == DecisionKind::kChoose)) {
    // The common case, by card name without building texts: "yellow 7 [2]".
    auto [name, k] = SplitOrdinal(thing);
    const int wanted = k > 0 ? CardByOrdinal(rules, name, k) : -1;
    for (const Action& a : legal) {
      if (!IsCardAction(a) || rules.card_names[static_cast<size_t>(a.value)] != name)
        continue;
      if (k > 0 && a.value != wanted) continue;
      found = &a;
      break;
    }
  } else {
    // Each of the actor's actions as written, verb and all when the
    // decision mixes verbs (mark a fish, or stop).
    auto written = [&](const Action& a) {
      const std::string t = ThingText(game, s, a);
      if (!open_decision) return t;
      return t.empty() ? Verb(game, s, a) : Verb(game, s, a) + " " + t;
    };
    auto plain = [&](const Action& a) {
      const std::string t = PlainName(game, s, a);
      if (!open_decision) return t;
      return t.empty() ? Verb(game, s, a) : Verb(game, s, a) + " " + t;
    };
    const std::string_view wanted = open_decision ? rest : thing;
    for (const Action& a : legal) {
      if (a.player == actor && written(a) == wanted) {
        found = &a;
        break;
      }
    }
    for (const Action& a : legal) {
      if (!found && a.player == actor && plain(a) == wanted) found = &a;
    }
    if (!found && s.decision.kind == DecisionKind::kLay && !open_decision) {
      if (std::optional<Action> lay = ReadLay(game, s, thing)) return *lay;
    }
    if (!found) thing = wanted;
  }
  if (!found) {
    std::vector<std::string> names;
    ActionList mine;
    for (const Action& a : legal) {
      if (a.player != actor) continue;
      names.push_back(PlainName(game, s, a));
      mine.items[mine.count++] = a;
    }
    return Diagnostic({}, WithSuggestion("'" + std::string(open_decision ? rest : thing) +
                                             "' is not legal for " + who + " here",
                                         SplitOrdinal(thing).first, names) +
                              "; legal: " + LegalList(game, s, mine));
  }
  return *found;
}

// ---- Writing records ----

namespace {

void WriteMoveLine(std::string& out, const std::string& indent, int ply,
                   const std::string& text, const std::vector<Annotation>& annotations) {
  out += indent + std::to_string(ply) + ". " + text;
  for (const Annotation& a : annotations) {
    if (a.ply != ply) continue;
    if (!a.comment.empty()) out += " {" + EscapeComment(a.comment) + "}";
    if (!a.glyph.empty()) out += " " + a.glyph;
  }
  out += '\n';
}

void WriteLineComment(std::string& out, const std::string& indent, int ply,
                      const std::vector<Annotation>& annotations) {
  for (const Annotation& a : annotations) {
    if (a.ply == ply && !a.comment.empty())
      out += indent + "{" + EscapeComment(a.comment) + "}\n";
  }
}

Status WriteVariation(std::string& out, const Game& game, const State& start,
                      const GameRecord& record, const Variation& v) {
  out += "(\n";
  WriteLineComment(out, "  ", v.ply, v.annotations);
  State s = start;
  for (size_t i = 0; i < v.actions.size(); ++i) {
    const int ply = v.ply + 1 + static_cast<int>(i);
    const Action& a = v.actions[i].action;
    const std::string text = MoveText(game, s, a, record.players);
    if (Status st = ApplyChecked(game, s, a); !st) {
      return Diagnostic({}, "variation at ply " + std::to_string(v.ply) + ", ply " +
                                std::to_string(ply) + ": " + st.error().message);
    }
    WriteMoveLine(out, "  ", ply, text, v.annotations);
  }
  out += ")\n";
  return Ok();
}

}  // namespace

Result<std::string> FormatRecord(const Ruleset& rules, const GameRecord& record) {
  if (record.players_count() < rules.min_players ||
      record.players_count() > rules.max_players) {
    return Diagnostic({}, std::to_string(record.players_count()) +
                              " players: " + rules.name + " is for " +
                              std::to_string(rules.min_players) + " to " +
                              std::to_string(rules.max_players));
  }
  std::string out;
  auto tag = [&](std::string_view name, const std::string& value) {
    out += "[" + std::string(name) + " \"" + EscapeTag(value) + "\"]\n";
  };
  tag(kRecordMagicTag, std::to_string(kRecordFormatVersion));
  tag("Ruleset", record.ruleset_name);
  tag("Hash", record.ruleset_hash);
  tag("Players", JoinNames(record.players));
  if (record.seed) tag("Seed", std::to_string(*record.seed));
  tag("Source", record.source);
  if (record.created) tag("Date", FormatDate(record.created));
  tag("Plies", std::to_string(record.actions.size()));
  tag("Result", record.result);
  out += '\n';
  WriteLineComment(out, "", 0, record.annotations);

  const Game game(rules, record.players_count());
  const int n = static_cast<int>(record.actions.size());
  // Variations come after the move they replace; those from the last
  // position after the last move.
  std::vector<std::vector<const Variation*>> after(static_cast<size_t>(n) + 1);
  for (const Variation& v : record.variations) {
    if (v.ply < 0 || v.ply > n) {
      return Diagnostic({}, "a variation at ply " + std::to_string(v.ply) +
                                ", outside the game (0 to " + std::to_string(n) + ")");
    }
    after[static_cast<size_t>(std::min(v.ply + 1, n))].push_back(&v);
  }
  State s = game.NewInitialState();
  State before = s;
  for (int i = 0; i < n; ++i) {
    const Action& a = record.actions[static_cast<size_t>(i)].action;
    before = s;
    if (Status st = ApplyChecked(game, s, a); !st) {
      return Diagnostic({}, "ply " + std::to_string(i + 1) + ": " + st.error().message);
    }
    WriteMoveLine(out, "", i + 1, MoveText(game, before, a, record.players),
                  record.annotations);
    for (const Variation* v : after[static_cast<size_t>(i + 1)]) {
      const State& start = v->ply == i + 1 ? s : before;
      if (Status st = WriteVariation(out, game, start, record, *v); !st)
        return st.errors();
    }
  }
  if (n == 0) {
    for (const Variation* v : after[0]) {
      if (Status st = WriteVariation(out, game, s, record, *v); !st) return st.errors();
    }
  }
  out += '\n';
  return out;
}

// ---- Reading records ----

const std::string* ParsedRecord::Tag(std::string_view name) const {
  for (const auto& [key, value] : tags) {
    if (key == name) return &value;
  }
  return nullptr;
}

SourcePos ParsedRecord::TagPos(std::string_view name) const {
  for (size_t i = 0; i < tags.size(); ++i) {
    if (tags[i].first == name) return tag_pos[i];
  }
  return pos;
}

namespace {

class RecordParser {
 public:
  explicit RecordParser(std::shared_ptr<const SourceFile> file)
      : file_(std::move(file)), text_(file_->text()) {}

  Result<std::vector<ParsedRecord>> Parse() {
    std::vector<ParsedRecord> records;
    SkipSpace();
    if (i_ >= text_.size()) {
      return Diagnostic(Pos(0), "no game record: the file is empty");
    }
    while (i_ < text_.size()) {
      ParsedRecord record;
      record.index = static_cast<int>(records.size()) + 1;
      record.pos = Pos(i_);
      if (Status st = Header(record); !st) return st.errors();
      if (Status st = Body(record); !st) return st.errors();
      records.push_back(std::move(record));
      SkipSpace();
    }
    return records;
  }

 private:
  SourcePos Pos(size_t offset) const {
    auto [line, col] = file_->PositionOf(offset);
    return SourcePos{file_, line, col};
  }
  Diagnostic Error(size_t offset, const ParsedRecord& r,
                   const std::string& message) const {
    return Diagnostic(Pos(offset), "game " + std::to_string(r.index) + ": " + message);
  }
  bool AtLineStart(size_t offset) const {
    return offset == 0 || text_[offset - 1] == '\n';
  }
  void SkipSpace() {
    while (i_ < text_.size() && (text_[i_] == ' ' || text_[i_] == '\t' ||
                                 text_[i_] == '\r' || text_[i_] == '\n')) {
      ++i_;
    }
  }
  void SkipBlanks() {
    while (i_ < text_.size() &&
           (text_[i_] == ' ' || text_[i_] == '\t' || text_[i_] == '\r')) {
      ++i_;
    }
  }

  Status Header(ParsedRecord& r) {
    const std::string expected = "[" + std::string(kRecordMagicTag) + " \"" +
                                 std::to_string(kRecordFormatVersion) + "\"]";
    while (i_ < text_.size() && text_[i_] == '[') {
      const size_t start = i_++;
      const size_t name_start = i_;
      while (i_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[i_])) || text_[i_] == '_')) {
        ++i_;
      }
      std::string name = text_.substr(name_start, i_ - name_start);
      SkipBlanks();
      if (name.empty() || i_ >= text_.size() || text_[i_] != '"') {
        if (r.tags.empty()) {
          return Error(start, r,
                       "not an angler game record: it must begin with " + expected);
        }
        return Error(i_, r, "expected a tag like [Name \"value\"]");
      }
      ++i_;
      std::string value;
      while (i_ < text_.size() && text_[i_] != '"' && text_[i_] != '\n') {
        if (text_[i_] == '\\' && i_ + 1 < text_.size() && text_[i_ + 1] != '\n') ++i_;
        value += text_[i_++];
      }
      if (i_ >= text_.size() || text_[i_] != '"') {
        return Error(i_, r,
                     "unterminated tag value: a tag is [Name \"value\"] on one line");
      }
      ++i_;
      SkipBlanks();
      if (i_ >= text_.size() || text_[i_] != ']') return Error(i_, r, "expected ']'");
      ++i_;
      SkipBlanks();
      if (i_ < text_.size() && text_[i_] != '\n') {
        return Error(i_, r, "a tag stands alone on its line");
      }
      if (r.tags.empty() && name != kRecordMagicTag) {
        return Error(start, r,
                     "not an angler game record: it must begin with " + expected +
                         ", not [" + name + " ...]");
      }
      if (r.Tag(name)) return Error(start, r, "a second " + name + " tag");
      r.tags.emplace_back(std::move(name), std::move(value));
      r.tag_pos.push_back(Pos(start));
      SkipSpace();
    }
    if (r.tags.empty()) {
      return Error(i_, r, "not an angler game record: it must begin with " + expected);
    }
    return Ok();
  }

  Result<std::string> Comment(const ParsedRecord& r) {
    const size_t start = i_++;
    std::string text;
    while (i_ < text_.size() && text_[i_] != '}') {
      if (text_[i_] == '\\' && i_ + 1 < text_.size() &&
          (text_[i_ + 1] == '}' || text_[i_ + 1] == '\\')) {
        ++i_;
      }
      text += text_[i_++];
    }
    if (i_ >= text_.size())
      return Error(start, r, "unterminated comment: '{' without '}'");
    ++i_;
    return text;
  }

  Status Body(ParsedRecord& r) {
    r.main.pos = Pos(i_);
    bool in_variation = false;
    size_t open_at = 0;
    auto line = [&]() -> ParsedLine& {
      return in_variation ? r.variations.back().line : r.main;
    };
    auto attach_glyph = [&](size_t at, const std::string& glyph) -> Status {
      if (!IsGlyph(glyph)) {
        return Error(at, r, "'" + glyph + "' is not a glyph: ! ? !! ?? !? ?!");
      }
      if (line().moves.empty()) return Error(at, r, "a glyph must follow a move");
      ParsedMove& m = line().moves.back();
      if (!m.glyph.empty())
        return Error(at, r, "a second glyph on move " + std::to_string(m.number));
      m.glyph = glyph;
      return Ok();
    };
    auto close = [&](size_t at) -> Status {
      if (!in_variation) return Error(at, r, "')' without '('");
      if (r.variations.back().line.moves.empty()) {
        return Error(at, r, "an empty variation: '(' needs moves before ')'");
      }
      in_variation = false;
      return Ok();
    };
    while (true) {
      SkipSpace();
      if (i_ >= text_.size()) break;
      const char c = text_[i_];
      if (c == '[' && AtLineStart(i_)) break;  // the next record
      if (c == '{') {
        Result<std::string> comment = Comment(r);
        if (!comment) return comment.errors();
        ParsedLine& l = line();
        std::string* into;
        if (l.moves.empty()) {
          if (!l.comment) l.comment.emplace();
          into = &*l.comment;
        } else {
          into = &l.moves.back().comment;
        }
        if (!into->empty()) *into += ' ';
        *into += comment.value();
        continue;
      }
      if (c == '(') {
        if (in_variation) {
          return Error(i_, r,
                       "a variation inside a variation: variations branch from the "
                       "main line only");
        }
        in_variation = true;
        open_at = i_;
        r.variations.push_back({r.main.moves.size(), ParsedLine{Pos(i_), {}, {}}});
        ++i_;
        continue;
      }
      if (c == ')') {
        if (Status st = close(i_); !st) return st;
        ++i_;
        continue;
      }
      if (c == '!' || c == '?') {
        const size_t start = i_;
        while (i_ < text_.size() && (text_[i_] == '!' || text_[i_] == '?')) ++i_;
        if (Status st = attach_glyph(start, text_.substr(start, i_ - start)); !st)
          return st;
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c))) {
        const size_t start = i_;
        int number = 0;
        while (i_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i_]))) {
          if (number > 100000000) return Error(start, r, "a move number too large");
          number = number * 10 + (text_[i_++] - '0');
        }
        if (i_ >= text_.size() || text_[i_] != '.') {
          return Error(i_, r,
                       "expected '.' after the move number " + std::to_string(number));
        }
        ++i_;
        SkipBlanks();
        const size_t text_start = i_;
        while (i_ < text_.size() && text_[i_] != '\n' && text_[i_] != '{') ++i_;
        std::string_view move(text_.data() + text_start, i_ - text_start);
        // Glyphs and a closing ')' may end the move's line: "Anne plays red 5 !? )".
        std::vector<std::pair<size_t, std::string>> trailing;  // the last one first
        while (true) {
          move = Trim(move);
          const size_t cut = move.find_last_of(" \t");
          if (cut == std::string_view::npos) break;
          const std::string_view last = move.substr(cut + 1);
          if (!IsGlyph(last) && last != ")") break;
          trailing.emplace_back(static_cast<size_t>(last.data() - text_.data()),
                                std::string(last));
          move = move.substr(0, cut);
        }
        ParsedMove m;
        m.number = number;
        m.pos = Pos(start);
        m.text = std::string(Trim(move));
        if (m.text.empty()) {
          return Error(start, r, "move " + std::to_string(number) + " has no text");
        }
        line().moves.push_back(std::move(m));
        for (auto it = trailing.rbegin(); it != trailing.rend(); ++it) {
          Status st =
              it->second == ")" ? close(it->first) : attach_glyph(it->first, it->second);
          if (!st) return st;
        }
        continue;
      }
      return Error(
          i_, r,
          "expected a move like '12. Anne plays yellow 7', a {comment}, a glyph, "
          "'(' or ')'");
    }
    if (in_variation) return Error(open_at, r, "a variation without its ')'");
    return Ok();
  }

  std::shared_ptr<const SourceFile> file_;
  const std::string& text_;
  size_t i_ = 0;
};

}  // namespace

Result<std::vector<ParsedRecord>> ParseRecordText(
    std::shared_ptr<const SourceFile> file) {
  RecordParser parser(std::move(file));
  return parser.Parse();
}

namespace {

Diagnostic At(const SourcePos& pos, const ParsedRecord& r, const std::string& message) {
  return Diagnostic(pos, "game " + std::to_string(r.index) + ": " + message);
}

std::vector<std::string> SplitPlayers(const std::string& text) {
  std::vector<std::string> names;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    names.emplace_back(Trim(std::string_view(text).substr(
        start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

// Replays one line of moves from `s`, appending actions and annotations.
Status ResolveLine(const Game& game, const ParsedRecord& r, const ParsedLine& line,
                   int first_ply, const std::vector<std::string>& players, State& s,
                   std::vector<RecordedAction>& actions,
                   std::vector<Annotation>& annotations, std::vector<State>* positions) {
  if (line.comment) annotations.push_back({first_ply - 1, *line.comment, ""});
  for (size_t i = 0; i < line.moves.size(); ++i) {
    const ParsedMove& m = line.moves[i];
    const int ply = first_ply + static_cast<int>(i);
    if (m.number != ply) {
      return At(m.pos, r,
                "ply " + std::to_string(ply) + ": the move is numbered " +
                    std::to_string(m.number) + " (lines reordered or missing?)");
    }
    Result<Action> action = ParseMove(game, s, m.text, players);
    if (!action) {
      return At(m.pos, r, "ply " + std::to_string(ply) + ": " + action.error().message);
    }
    const int legal = LegalCount(game, s);
    if (Status st = ApplyChecked(game, s, action.value()); !st) {
      return At(m.pos, r, "ply " + std::to_string(ply) + ": " + st.error().message);
    }
    actions.push_back({action.value(), legal});
    if (positions) positions->push_back(s);
    if (!m.comment.empty() || !m.glyph.empty())
      annotations.push_back({ply, m.comment, m.glyph});
  }
  return Ok();
}

}  // namespace

Result<ResolvedRecord> ResolveRecord(const ParsedRecord& r, const RulesetLookup& lookup) {
  const std::string* version = r.Tag(kRecordMagicTag);
  if (!version) return At(r.pos, r, "no Angler tag");
  if (*version != std::to_string(kRecordFormatVersion)) {
    int v = 0;
    auto [end, ec] =
        std::from_chars(version->data(), version->data() + version->size(), v);
    if (ec == std::errc() && end == version->data() + version->size() &&
        v > kRecordFormatVersion) {
      return At(r.TagPos(kRecordMagicTag), r,
                "record format version " + *version +
                    " is newer than this angler reads (" +
                    std::to_string(kRecordFormatVersion) + ")");
    }
    return At(r.TagPos(kRecordMagicTag), r,
              "unknown record format version '" + *version + "'");
  }
  for (const char* required : {"Ruleset", "Hash", "Players"}) {
    if (!r.Tag(required)) return At(r.pos, r, std::string("no ") + required + " tag");
  }
  const std::string& name = *r.Tag("Ruleset");
  const std::string& hash = *r.Tag("Hash");
  Result<RulesetPtr> rules = lookup(name, hash);
  if (!rules) return At(r.TagPos("Hash"), r, rules.error().message);
  const Ruleset& ruleset = *rules.value();

  ResolvedRecord out;
  out.rules = rules.value();
  GameRecord& record = out.record;
  record.ruleset_name = ruleset.name;
  record.ruleset_hash = ruleset.content_hash;
  record.players = SplitPlayers(*r.Tag("Players"));
  if (Status st = CheckPlayerNames(record.players); !st) {
    return At(r.TagPos("Players"), r, st.error().message);
  }
  if (record.players_count() < ruleset.min_players ||
      record.players_count() > ruleset.max_players) {
    return At(r.TagPos("Players"), r,
              std::to_string(record.players_count()) + " players: " + ruleset.name +
                  " is for " + std::to_string(ruleset.min_players) + " to " +
                  std::to_string(ruleset.max_players));
  }
  if (const std::string* seed = r.Tag("Seed"); seed && !seed->empty() && *seed != "?") {
    uint64_t v = 0;
    auto [end, ec] = std::from_chars(seed->data(), seed->data() + seed->size(), v);
    if (ec != std::errc() || end != seed->data() + seed->size()) {
      return At(r.TagPos("Seed"), r, "the Seed tag '" + *seed + "' is not a number");
    }
    record.seed = v;
  }
  record.source = "import";
  if (const std::string* source = r.Tag("Source")) {
    if (std::find(kGameSources.begin(), kGameSources.end(), *source) ==
        kGameSources.end()) {
      return At(r.TagPos("Source"), r,
                "the Source tag '" + *source + "' is not sim, play or import");
    }
    record.source = *source;
  }
  if (const std::string* date = r.Tag("Date")) {
    std::optional<int64_t> t = ParseDate(*date);
    if (!t) {
      return At(r.TagPos("Date"), r,
                "the Date tag '" + *date + "' is not like 2024-05-01T12:00:00Z");
    }
    record.created = *t;
  }

  const Game game(ruleset, record.players_count());
  State s = game.NewInitialState();
  std::vector<State> positions;
  std::vector<State>* keep = nullptr;
  if (!r.variations.empty()) {
    positions.push_back(s);
    keep = &positions;
  }
  record.actions.reserve(r.main.moves.size());
  if (Status st = ResolveLine(game, r, r.main, 1, record.players, s, record.actions,
                              record.annotations, keep);
      !st) {
    return st.errors();
  }
  SetOutcome(game, s, record);
  if (const std::string* plies = r.Tag("Plies")) {
    const std::string count = std::to_string(record.actions.size());
    if (*plies != count) {
      const bool fewer = std::all_of(plies->begin(), plies->end(), ::isdigit) &&
                         plies->size() < 10 && std::stoul(*plies) > record.actions.size();
      return At(fewer ? r.main.pos : r.TagPos("Plies"), r,
                (fewer ? "truncated: the Plies tag says " : "the Plies tag says ") +
                    *plies + " but the record has " + count + " moves");
    }
  }
  if (const std::string* result = r.Tag("Result"); result && *result != record.result) {
    return At(r.TagPos("Result"), r,
              "the Result tag says '" + *result + "' but the moves give '" +
                  record.result + "'");
  }
  for (const ParsedVariation& pv : r.variations) {
    Variation v;
    if (pv.line.moves.empty()) return At(pv.line.pos, r, "a variation without moves");
    v.ply = pv.line.moves.front().number - 1;
    const int after = static_cast<int>(pv.after);
    // Records come from other people: the ply must be a position of the main line.
    if (v.ply < 0 || static_cast<size_t>(v.ply) >= positions.size() ||
        (v.ply != after - 1 && v.ply != after)) {
      return At(
          pv.line.pos, r,
          "a variation starting with move " + std::to_string(v.ply + 1) +
              " must follow main-line move " + std::to_string(v.ply + 1) +
              (v.ply == static_cast<int>(record.actions.size()) ? " or the last move"
                                                                : ""));
    }
    State vs = positions[static_cast<size_t>(v.ply)];
    Status st = ResolveLine(game, r, pv.line, v.ply + 1, record.players, vs, v.actions,
                            v.annotations, nullptr);
    if (!st) {
      Diagnostic e = st.error();
      e.message.insert(e.message.find(": ") + 2,
                       "variation at ply " + std::to_string(v.ply) + ", ");
      return e;
    }
    record.variations.push_back(std::move(v));
  }
  // Stored variations come back ordered by ply, then by when they were added.
  std::stable_sort(record.variations.begin(), record.variations.end(),
                   [](const Variation& a, const Variation& b) { return a.ply < b.ply; });
  return out;
}

Result<std::vector<int64_t>> StoreRecords(Store& store,
                                          const std::vector<ParsedRecord>& parsed) {
  const RulesetLookup lookup = [&store](const std::string& name,
                                        const std::string& hash) {
    return store.RulesetFor(name, hash);
  };
  // Every record is checked before anything is written.
  std::vector<ResolvedRecord> resolved;
  resolved.reserve(parsed.size());
  for (const ParsedRecord& r : parsed) {
    Result<ResolvedRecord> one = ResolveRecord(r, lookup);
    if (!one) return one.errors();
    resolved.push_back(std::move(one).value());
  }
  Result<Store::Batch> batch = store.BeginBatch();
  if (!batch) return batch.errors();
  std::vector<int64_t> ids;
  for (size_t i = 0; i < resolved.size(); ++i) {
    Result<int64_t> id = store.AddReplayedGame(*resolved[i].rules, resolved[i].record);
    if (!id) return At(parsed[i].pos, parsed[i], id.error().message);
    ids.push_back(id.value());
  }
  if (Status st = batch.value().Commit(); !st) return st.errors();
  return ids;
}

Result<std::vector<int64_t>> ImportRecords(Store& store,
                                           std::shared_ptr<const SourceFile> file) {
  Result<std::vector<ParsedRecord>> parsed = ParseRecordText(std::move(file));
  if (!parsed) return parsed.errors();
  return StoreRecords(store, parsed.value());
}

}  // namespace angler
