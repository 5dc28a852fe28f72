// Reading a move back from its text (move_text.h: ReadMove, ParseMove): the
// player it names, the verb, and the thing, matched against the legal moves;
// or why no legal move reads so.
#include <algorithm>
#include <cctype>
#include <charconv>

#include "dsl/text.h"
#include "interpreter/chance_outcome.h"
#include "interpreter/move_text.h"
#include "interpreter/move_text_internal.h"
#include "interpreter/refusal.h"
#include "interpreter/view.h"

namespace angler {
namespace {

using move_text_internal::HandOf;
using move_text_internal::IsCardAction;
using move_text_internal::PlainName;
using move_text_internal::Verb;

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
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

// The card with that name and ordinal, or -1.
int CardByOrdinal(const Ruleset& rules, std::string_view name, int k) {
  for (size_t c = 0; c < rules.card_names.size(); ++c) {
    if (rules.card_names[c] == name && --k == 0) return static_cast<int>(c);
  }
  return -1;
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

// "shuffle deck" or "draw": the chance move's text without its outcome.
std::string ChanceWords(const Game& game, const State& s) {
  std::string text = game.ActionText(s, Action{ActionKind::kChance, -1, 0, 0});
  const size_t hash = text.find(" #");
  return hash == std::string::npos ? text : text.substr(0, hash);
}

// "draw 2": a draw stated by the value it gave (a game from a table has no
// outcome to copy). Any outcome that draws the value is the same move, so the
// first one is taken. nullopt when `text` is not such a line.
std::optional<Result<Action>> StatedDraw(const State& s, std::string_view text,
                                         std::string_view verb) {
  const Decision& d = s.decision;
  if (!d.chance_pick || text.substr(0, verb.size()) != verb) return std::nullopt;
  const std::string_view number = Trim(text.substr(verb.size()));
  int value = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (number.empty() || ec != std::errc() || end != number.data() + number.size())
    return std::nullopt;
  if (std::find(d.options, d.options + d.count, value) == d.options + d.count) {
    std::string can;
    for (int i = 0; i < d.count; ++i)
      can += (i ? ", " : "") + std::to_string(d.options[i]);
    return Diagnostic(
        {}, "the draw cannot give " + std::to_string(value) + ": it draws one of " + can);
  }
  for (uint64_t seed = 0;; ++seed) {  // each value has odds of at least 1/count
    if (PickValue(d, seed) == value) return Action{ActionKind::kChance, -1, 0, seed};
  }
}

// "shuffle deck #00ff00ff00ff00ff"; with a default seed, "shuffle deck" and
// "shuffle" too; "draw 2" states a draw's value.
Result<Action> ParseChance(const Game& game, const State& s, std::string_view text,
                           const std::vector<std::string>& players,
                           const MoveReading& reading) {
  std::string words = ChanceWords(game, s);  // a seat's zone by number (old records)
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
  if (rest != words) {  // and by its player's name
    const std::string named =
        ChanceText(game.rules(), s, Action{ActionKind::kChance, -1, 0, 0}, players);
    words = named.substr(0, named.find(" #"));
  }
  const std::string_view verb = std::string_view(words).substr(0, words.find(' '));
  if (!seed) {
    if (std::optional<Result<Action>> drawn = StatedDraw(s, rest, verb)) return *drawn;
  }
  const bool matches = rest == words || (reading.default_seed && !seed && rest == verb);
  if (!matches) {
    return Diagnostic({}, "expected '" + words + " #<outcome in hex>' here, not '" +
                              Echoed(text) + "'");
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
  // Cards in the order a hand shows them, as play's menu lists them.
  std::vector<Action> moves(legal.begin(), legal.end());
  if (!moves.empty() && std::all_of(moves.begin(), moves.end(), IsCardAction)) {
    std::vector<uint8_t> cards;
    for (const Action& a : moves) cards.push_back(static_cast<uint8_t>(a.value));
    const std::vector<int> order = InHoldingOrder(game.rules(), cards);
    for (size_t i = 0; i < moves.size(); ++i)
      moves[i].value = static_cast<int16_t>(order[i]);
  }
  std::vector<std::string> texts;
  bool commas = false;  // moves written with commas (lays of several cards)
  for (const Action& a : moves) {
    texts.push_back(ThingText(game, s, a));
    commas |= texts.back().find(',') != std::string::npos;
  }
  // Apart by "; " where a move holds a comma, so that each reads whole.
  std::string out;
  for (const std::string& t : texts) out += (out.empty() ? "" : commas ? "; " : ", ") + t;
  return out.empty() ? "none" : out;
}

// A lay written out ("yellow 3, yellow 4 [2] on row 2") that is not among
// the legal lays: built from the names so the engine can judge it (a lay
// against the rules may still be a move, accepted and punished by the rules).
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

ReadResult Refuse(MoveRefusal reason, std::string message) {
  return ReadResult{std::nullopt, MoveError{reason, std::move(message)}};
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// `typed` with each run of spaces and tabs as one space ("PURPLE   9").
std::string OneSpace(std::string_view typed) {
  std::string out;
  for (char c : typed) {
    const bool space = c == ' ' || c == '\t';
    if (space && !out.empty() && out.back() == ' ') continue;
    out += space ? ' ' : c;
  }
  return out;
}

// What a person typed, with every word that names a player, a card or a
// legal move in another case written as the game writes it.
std::string FoldToGame(const Game& game, const State& s, std::string_view typed,
                       const std::vector<std::string>& players) {
  const std::string lower = Lower(typed);
  ActionList legal;
  if (!game.IsTerminal(s) && !game.IsChance(s)) game.LegalActions(s, legal);
  for (const Action& a : legal) {
    for (const std::string& t :
         {MoveText(game, s, a, players), ThingText(game, s, a), game.ActionText(s, a)}) {
      if (!t.empty() && Lower(t) == lower) return t;
    }
  }
  // Not a legal move: a card named last ("BLUE 5", "Anne plays BLUE 5") is
  // still written as the game writes it, so a refusal can say why.
  for (const std::string& name : game.rules().card_names) {
    const std::string card = Lower(name);
    if (lower.size() < card.size() ||
        lower.compare(lower.size() - card.size(), card.size(), card) != 0)
      continue;
    const size_t at = lower.size() - card.size();
    if (at == 0 || lower[at - 1] == ' ') return std::string(typed.substr(0, at)) + name;
  }
  return std::string(typed);
}

// Why no legal move of `actor` reads as `said`: a card the actor does not
// hold, or something the rules forbid now.
MoveRefusal WhyNot(const Game& game, const State& s, int actor, const std::string& said) {
  const Ruleset& rules = game.rules();
  const auto [name, k] = SplitOrdinal(said);
  const bool card_decision =
      s.decision.kind == DecisionKind::kPlay || s.decision.kind == DecisionKind::kChoose;
  if (card_decision && rules.hand_family >= 0 && rules.FindCard(std::string(name)) >= 0) {
    const int hand = HandOf(game, actor);
    bool held = false;
    for (uint8_t c : s.Zone(hand)) held |= rules.card_names[c] == name;
    if (!held && s.decision.kind == DecisionKind::kPlay) return MoveRefusal::kNotInHand;
    return MoveRefusal::kNotAllowed;
  }
  if (s.decision.kind == DecisionKind::kOption) return MoveRefusal::kNotAllowed;
  return card_decision || s.decision.kind == DecisionKind::kLay
             ? MoveRefusal::kUnreadable
             : MoveRefusal::kNotAllowed;
}

// The player a move names: the longest name the text begins with, or -1.
int NamedPlayer(std::string_view text, const std::vector<std::string>& players) {
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
  return actor;
}

// What a move reads as once its player is known: the words after the name
// (`rest`), the thing after the verb (`thing`, unless the decision is open to
// several and mixes verbs).
struct MoveWords {
  const Game& game;
  const State& s;
  const ActionList& legal;
  int actor;
  const std::string& who;
  const std::vector<std::string>& players;
  std::string_view rest;
  std::string_view thing;
  bool open_decision;
};

// A card move named by its card, without building texts: "yellow 7 [2]".
const Action* FindCardMove(const MoveWords& c) {
  const Ruleset& rules = c.game.rules();
  auto [name, k] = SplitOrdinal(c.thing);
  const int wanted = k > 0 ? CardByOrdinal(rules, name, k) : -1;
  for (const Action& a : c.legal) {
    if (!IsCardAction(a) || rules.card_names[static_cast<size_t>(a.value)] != name)
      continue;
    if (k > 0 && a.value != wanted) continue;
    return &a;
  }
  return nullptr;
}

// The actor's action whose text is `wanted`: as written (copies told apart),
// else as plainly named; verb and all when the decision mixes verbs (mark a
// piece, or stop).
const Action* FindWrittenMove(const MoveWords& c, std::string_view wanted) {
  const Game& game = c.game;
  const State& s = c.s;
  auto with_verb = [&](const Action& a, const std::string& t) {
    if (!c.open_decision) return t;
    return t.empty() ? Verb(game, s, a) : Verb(game, s, a) + " " + t;
  };
  for (const Action& a : c.legal) {
    if (a.player == c.actor && with_verb(a, ThingText(game, s, a)) == wanted) return &a;
  }
  for (const Action& a : c.legal) {
    if (a.player == c.actor && with_verb(a, PlainName(game, s, a)) == wanted) return &a;
  }
  return nullptr;
}

// No legal move of the actor reads as `thing`: why, with the actor's legal
// moves.
ReadResult RefuseMove(const MoveWords& c, std::string_view thing) {
  const Ruleset& rules = c.game.rules();
  const Game& game = c.game;
  const State& s = c.s;
  std::vector<std::string> names;
  ActionList mine;
  for (const Action& a : c.legal) {
    if (a.player != c.actor) continue;
    names.push_back(PlainName(game, s, a));
    mine.items[mine.count++] = a;
  }
  const std::string said = std::string(c.open_decision ? c.rest : thing);
  const MoveRefusal why = WhyNot(game, s, c.actor, said);
  std::string refused = "'";  // appended: GCC 12 warns falsely on "'" + Echoed(...)
  refused.append(Echoed(said))
      .append("' is not legal for ")
      .append(c.who)
      .append(" here");
  std::string message = WithSuggestion(refused, SplitOrdinal(thing).first, names);
  // A card the words name: the reason the rules refuse it (not held, or
  // the play rule it breaks, in the ruleset's words).
  const std::string name(SplitOrdinal(said).first);
  const int card = rules.FindCard(name);
  const bool card_decision =
      s.decision.kind == DecisionKind::kPlay || s.decision.kind == DecisionKind::kChoose;
  if (!c.open_decision && card_decision && card >= 0 && why != MoveRefusal::kUnreadable) {
    Action a{
        s.decision.kind == DecisionKind::kPlay ? ActionKind::kPlay : ActionKind::kChoose,
        static_cast<int8_t>(c.actor), static_cast<int16_t>(card), 0};
    if (rules.hand_family >= 0) {  // a copy the actor holds, if any
      const int hand = HandOf(game, c.actor);
      for (uint8_t held : s.Zone(hand)) {
        if (rules.card_names[held] == name) a.value = held;
      }
    }
    const std::string reason = WhyRefused(game, s, a, c.players);
    if (!reason.empty()) message += ": " + reason;
  }
  return Refuse(why, message + "; legal: " + LegalList(game, s, mine));
}

// The actor's legal action the words name, or why there is none.
ReadResult FindMove(const MoveWords& c) {
  const DecisionKind kind = c.s.decision.kind;
  if (!c.open_decision &&
      (kind == DecisionKind::kPlay || kind == DecisionKind::kChoose)) {
    // The common case.
    const Action* found = FindCardMove(c);
    return found ? ReadResult{*found, {}} : RefuseMove(c, c.thing);
  }
  const std::string_view wanted = c.open_decision ? c.rest : c.thing;
  if (const Action* found = FindWrittenMove(c, wanted)) return ReadResult{*found, {}};
  if (kind == DecisionKind::kLay && !c.open_decision) {
    if (std::optional<Action> lay = ReadLay(c.game, c.s, c.thing))
      return ReadResult{lay, {}};
  }
  return RefuseMove(c, wanted);
}

// Several players stopping together ("Anne and Bob stop"): the one move that
// names no one first; nothing when the text is no such stop.
std::optional<ReadResult> ReadGroupStop(const State& s, const ActionList& legal,
                                        std::string_view text,
                                        const std::vector<std::string>& players) {
  const uint64_t group = ReadStop(text, players);
  if (!group) return std::nullopt;
  for (const Action& a : legal) {
    if (a.kind == ActionKind::kStop && a.seed == group) return ReadResult{a, {}};
  }
  if (s.decision.kind == DecisionKind::kSearch) {
    std::string message = "'";
    message.append(text).append("' is not legal here: only searching players can stop");
    return Refuse(MoveRefusal::kNotAllowed, std::move(message));
  }
  return std::nullopt;
}

// Who may move: usually one seat; some decisions are open to several.
std::vector<int> Movers(const ActionList& legal) {
  std::vector<int> movers;
  for (const Action& a : legal) {
    if (a.player >= 0 &&
        std::find(movers.begin(), movers.end(), a.player) == movers.end()) {
      movers.push_back(a.player);
    }
  }
  return movers;
}

// The player who moves (`actor`) and the words after their name (`rest`);
// at a prompt with one mover the text may name no one. Or why no one who
// may move is named.
std::optional<ReadResult> ReadActor(std::string_view text,
                                    const std::vector<std::string>& players,
                                    const std::vector<int>& movers,
                                    const MoveReading& reading, const std::string& verb,
                                    int& actor, std::string_view& rest) {
  actor = NamedPlayer(text, players);
  rest = text;
  if (actor < 0 && reading.bare && movers.size() == 1) {
    actor = movers[0];
    return std::nullopt;
  }
  if (actor < 0) {
    return Refuse(MoveRefusal::kUnreadable,
                  "expected a move like '" + players[static_cast<size_t>(movers[0])] +
                      " " + verb + " ...', not '" + Echoed(text) + "'");
  }
  rest = Trim(text.substr(players[static_cast<size_t>(actor)].size()));
  if (std::find(movers.begin(), movers.end(), actor) != movers.end()) return std::nullopt;
  std::string may;
  for (int p : movers)
    may += (may.empty() ? "" : " or ") + players[static_cast<size_t>(p)];
  return Refuse(
      MoveRefusal::kNotYourTurn,
      "it is " + may + "'s move, not " + players[static_cast<size_t>(actor)] + "'s");
}

// The thing a move of a decision with one verb acts on: after the verb
// ("plays yellow 7"), or at a prompt after its stem ("play yellow 7") or
// alone ("yellow 7"), the mover's name before either or not ("Anne play
// yellow 7", "Anne yellow 7"). Or why the words are no such move.
std::optional<ReadResult> ReadThing(std::string_view text, std::string_view rest,
                                    const std::string& verb, const std::string& who,
                                    const MoveReading& reading, std::string_view& thing) {
  const std::string stem = verb.substr(0, verb.size() - 1);
  std::string_view said = rest.substr(0, rest.find(' '));
  if (said == verb || (reading.bare && said == stem)) {
    thing = Trim(rest.substr(said.size()));
    if (thing.empty()) {  // appended: GCC 12 warns falsely (-Wrestrict) on a + chain
      std::string why = "'";
      why.append(said).append("' alone names nothing: say what to ").append(stem);
      return Refuse(MoveRefusal::kUnreadable, why);
    }
    return std::nullopt;
  }
  // At a prompt the thing may follow a name without the verb ("Anne yellow
  // 7"): whatever follows is judged as a thing, a first word ending in "s"
  // too (a suit's name may), so "Anne passes 3" is told it is no legal move.
  if (reading.bare) {
    thing = rest;
    return std::nullopt;
  }
  if (!said.empty() && said.back() == 's' && said.size() > 1) {
    std::string why = who;  // the word as typed: "passes" is not "passe"
    why.append(" must ")
        .append(stem)
        .append(" now, not '")
        .append(Echoed(said))
        .append("'");
    return Refuse(MoveRefusal::kNotAllowed, why);
  }
  return Refuse(MoveRefusal::kUnreadable, "expected a move like '" + who + " " + verb +
                                              " ...', not '" + Echoed(text) + "'");
}

ReadResult ReadTypedMove(const Game& game, const State& s, std::string_view text_in,
                         const std::vector<std::string>& players,
                         const MoveReading& reading) {
  // At a prompt, letters in any case: compare in the case the game writes.
  const std::string folded = reading.bare ? FoldToGame(game, s, Trim(text_in), players)
                                          : std::string(Trim(text_in));
  std::string_view text = folded;
  if (game.IsTerminal(s))
    return Refuse(MoveRefusal::kGameOver, "the game is over; no move is possible");
  if (game.IsChance(s)) {
    Result<Action> chance = ParseChance(game, s, text, players, reading);
    if (!chance) return Refuse(MoveRefusal::kUnreadable, chance.error().message);
    return ReadResult{chance.value(), {}};
  }
  ActionList legal;
  game.LegalActions(s, legal);
  if (std::optional<ReadResult> stop = ReadGroupStop(s, legal, text, players))
    return *stop;
  std::vector<int> movers = Movers(legal);
  if (movers.empty()) {
    if (s.decision.player < 0)
      return Refuse(MoveRefusal::kNotYourTurn, "no one can move now");
    movers.push_back(s.decision.player);
  }
  // The verb: the one of the decision's moves ("plays").
  const std::string verb = DecisionVerb(game, s, legal);
  int actor = -1;
  std::string_view rest;
  if (std::optional<ReadResult> refused =
          ReadActor(text, players, movers, reading, verb, actor, rest)) {
    return *refused;
  }
  const std::string& who = players[static_cast<size_t>(actor)];
  const bool open_decision =
      movers.size() > 1 ||
      (s.decision.kind != DecisionKind::kPlay &&
       s.decision.kind != DecisionKind::kChoose &&
       s.decision.kind != DecisionKind::kOption && s.decision.kind != DecisionKind::kLay);
  std::string_view thing;
  if (!open_decision) {
    if (std::optional<ReadResult> refused =
            ReadThing(text, rest, verb, who, reading, thing)) {
      return *refused;
    }
  }
  return FindMove({game, s, legal, actor, who, players, rest, thing, open_decision});
}

}  // namespace

// At a prompt, spaces typed twice or a tab read as one space, unless the
// text reads as typed (a name may hold two spaces).
ReadResult ReadMove(const Game& game, const State& s, std::string_view text_in,
                    const std::vector<std::string>& players, const MoveReading& reading) {
  ReadResult read = ReadTypedMove(game, s, text_in, players, reading);
  if (read.ok() || !reading.bare) return read;
  const std::string spaced = OneSpace(Trim(text_in));
  if (spaced == Trim(text_in)) return read;
  ReadResult again = ReadTypedMove(game, s, spaced, players, reading);
  return again.ok() ? again : read;
}

Result<Action> ParseMove(const Game& game, const State& s, std::string_view text,
                         const std::vector<std::string>& players,
                         const MoveReading& reading) {
  ReadResult read = ReadMove(game, s, text, players, reading);
  if (!read.ok()) return Diagnostic({}, read.error.message);
  return *read.action;
}

}  // namespace angler
