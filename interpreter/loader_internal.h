// The ruleset loader's own class, shared by its files (loader.cc and the
// loader_*.cc files, one per part of a ruleset: declarations, cards, the
// program, and each procedure). Not for use outside the loader: LoadRuleset
// and friends in loader.h are the interface.
//
// A Loader is used once: Load reads a YAML tree section by section into a
// Ruleset, collecting every diagnostic rather than stopping at the first.
#ifndef ANGLER_INTERPRETER_LOADER_INTERNAL_H_
#define ANGLER_INTERPRETER_LOADER_INTERNAL_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/compiler.h"
#include "interpreter/loader.h"
#include "interpreter/ruleset.h"
#include "interpreter/yaml_doc.h"

namespace angler {

class Loader {
 public:
  Loader() : rules_(std::make_shared<Ruleset>()), compiler_(*rules_) {}

  Result<RulesetPtr> Load(const YamlNode& written, const std::string& source,
                          std::span<const RenamedKey> renamed = {});

 private:
  void Error(const SourcePos& pos, std::string message);
  void Errors(const std::vector<Diagnostic>& errors);

  void CheckKeys(const YamlNode& node, const std::vector<std::string>& allowed,
                 const std::string& what);

  std::string Text(const YamlNode& node, const std::string& key,
                   const std::string& fallback);

  bool Int(const YamlNode& v, int64_t& out);

  bool Bool(const YamlNode& v);

  // "3", "1..10" or a list of numbers.
  std::vector<int64_t> Numbers(const YamlNode& v);

  // numbers: {row_length: 5, ...} -- names for the rules' numbers, usable in
  // expressions and wherever YAML takes a whole number.
  void NamedNumbers(const YamlNode& doc);
  // A number's name is no variable's, zone's, suit's, kind's or table's.
  void NumberNamesFree();

  void Players(const YamlNode& doc);

  void Names(const YamlNode& doc, const std::string& key, std::vector<std::string>& out,
             bool required);

  void Zones(const YamlNode& doc);

  // A constant written in YAML: a number, none, or a suit, kind or variable-free name.
  bool Constant(const YamlNode& v, Type type, int32_t& out);

  void AddVariable(const std::string& name, bool per_player, Scope scope, Type type,
                   int32_t init);

  void Variables(const YamlNode& doc);

  // A top-level mapping of names (variables, tables, effects), or null: absent,
  // or not a mapping (reported).
  const YamlNode* NamedSection(const YamlNode& doc, const std::string& key);

  // tables: {hand_size: {3: [10, 10, ...], 4: [...]}} -- rows by player count.
  void Tables(const YamlNode& doc);

  void EffectNames(const YamlNode& doc);

  // formation: {piece: word, colours: [...],
  //             pieces: [{at: [x, y], colour: c, facing: right}, ...]}
  // errors: [{name: ..., flip: n, recolour: n, swap: n}, ...]
  void FormationSection(const YamlNode& doc);

  int FindEffect(const std::string& name) const;

  void Cards(const YamlNode& doc);

  void CardGroup(const YamlNode& g);
  // A card group's suits (suit, suits; kNone for none), tags and effects.
  std::vector<int> GroupSuits(const YamlNode& g);
  void GroupTags(const YamlNode& g, CardInfo& proto);
  void GroupEffects(const YamlNode& g, CardInfo& proto);

  // A card group's kind (default: the first kind): set in proto, its name returned.
  std::string GroupKind(const YamlNode& g, CardInfo& proto);

  // {kind: picture, count: 36, errors: all, backs: [green, yellow, pink], seed: 7}:
  // cards that show the formation with errors (formation.h), the patterns in
  // turn, the backs (suits) in turn; card.pattern = the pattern's number (1..),
  // card.turns = how the card lies (quarter turns), card.back = its back,
  // card.faults = the wrong pieces. They have no suit, value or stars.
  void ErrorCardGroup(const YamlNode& g);

  void Defines(const YamlNode& doc);

  Result<int> ExprAt(const YamlNode* node, Type want, const CodeContext& ctx);

  int RequiredExpr(const YamlNode& section, const std::string& key, Type want,
                   const CodeContext& ctx, const std::string& what);

  // Compiles the statements at `node` as ruleset section `section` ("round.start").
  void StatementsAt(const YamlNode* node, const CodeContext& ctx,
                    const std::string& section);

  int Global(int slot, Type t);

  // The game's procedure as code: setup, then rounds of tricks (or of turns)
  // until the end.
  void Program(const YamlNode& doc);

  // `invariants:` what every game keeps: {at: trick_end | round_end | game_end,
  // holds: a condition on p (checked for every seat), says: the promise in words}.
  void Invariants(const YamlNode& doc, bool has_tricks);

  // A check of each invariant promised at this moment.
  void EmitChecks(Moment at);

  // Neither tricks nor turns: a round is its start and end statements (which
  // may search(), choose, deal ...), until end_when.
  void RoundProgram(const YamlNode& doc, const YamlNode& round, const YamlNode& game);

  // Every procedure's frame: the setup, then each round's begin and start
  // statements ... then its checks and end statements, again until end_when.
  void EmitRoundStart(const YamlNode& doc, const YamlNode& round);
  void EmitRoundEnd(const YamlNode& round, int end_when);

  // Rounds of tricks: see README, "How a game runs" (loader_trick.cc).
  void TrickProgram(const YamlNode& doc, const YamlNode& trick, const YamlNode& round,
                    const YamlNode& game);
  // The trick's zones: where it is played (zone), from (hand), and to (captures).
  void TrickZones(const YamlNode& trick);
  void TrickPlayRules(const YamlNode& trick);  // may_lead, may_play
  void TrickWinner(const YamlNode& trick);
  void TrickPlayOptions();  // the cards the play (or lead) rules let the turn play
  void EmitTricks(const YamlNode& trick, int tricks);

  // Text with {expression} holes; each hole is compiled like a play rule.
  std::vector<MessagePart> MessageAt(const YamlNode& node, const CodeContext& ctx);

  // A condition, or a list of {if: condition, else: "why not"} (`what` names
  // one in errors: "a lay rule").
  std::vector<ReasonedRule> ReasonedRules(const YamlNode& node, const CodeContext& ctx,
                                          const std::string& what);
  // game: place_notes, a list of {if: condition, says: "words"} read for
  // each seat p (`ctx` binds p).
  void PlaceNotes(const YamlNode& list, const CodeContext& ctx);
  // The node that holds when every rule does (-1 for none).
  int AllOf(const std::vector<ReasonedRule>& rules);

  // Turns round the table: each player in turn lays cards on one of the
  // numbered piles (the rows), until `until` holds; see README.
  void TurnProgram(const YamlNode& doc, const YamlNode& turn, const YamlNode& round,
                   const YamlNode& game);
  void TurnZones(const YamlNode& turn);     // hand, rows
  void TurnLaySizes(const YamlNode& turn);  // lay
  void TurnRules(const YamlNode& turn);     // may_lay, full, accept_illegal, skip
  void EmitTurns(const YamlNode& turn, int until);

  void EffectBodies(const YamlNode& doc);

  // Warnings for declared names nothing reads (loader_unread.cc).
  void WarnUnread(const YamlNode& doc);

  std::shared_ptr<Ruleset> rules_;
  Compiler compiler_;
  std::vector<Diagnostic> errors_;
  std::vector<SourcePos> number_pos_;  // where each of rules_->numbers is named
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_LOADER_INTERNAL_H_
