// Scenario files (*.scn) -> their syntax tree.
//
// A scenario sets up a position, plays moves and states what must hold, in
// words people use: "Anne plays yellow 7", "expect winner Debbie". The tree
// keeps names as written; the runner (tools/scenario/scenario_runner.h) resolves
// them against the ruleset, because only the ruleset knows that `won` is a
// zone and `yellow 7` a card. The language is described in scenario_grammar.h.
#ifndef ANGLER_DSL_SCENARIO_H_
#define ANGLER_DSL_SCENARIO_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dsl/source.h"

namespace angler {

// One word, number or quoted text of a line.
struct ScnToken {
  enum class Kind : uint8_t { kWord, kNumber, kString };
  Kind kind = Kind::kWord;
  std::string text;  // the word, the digits (with a leading '-'), the text without quotes
  int64_t number = 0;
  SourcePos pos;
};

// A card or value as written: `yellow 7`, `joker "wild"`, `green`, `-3`.
struct ScnPhrase {
  std::vector<ScnToken> tokens;
  SourcePos pos;

  // The tokens joined by single spaces, texts in quotes: how card_names spell cards.
  std::string Text() const;
};

struct ScnMove {
  // kMarks, kUnmarks: the search's pieces (`Antje marks 3, 7`); kStops: `Antje
  // stops`, `Antje and Bob stop` (one stop of them all at once).
  enum class Verb : uint8_t { kPlays, kChooses, kLays, kMarks, kUnmarks, kStops };
  ScnToken player;
  Verb verb = Verb::kPlays;
  std::vector<ScnPhrase> things;   // the card played, the cards/values chosen or laid,
                                   // or the pieces (numbers, ranges expanded) marked
  ScnPhrase target;                // kLays: where to (`row 1`)
  std::vector<ScnToken> stoppers;  // kStops: everyone who stops, `player` first
  SourcePos pos;
};

// One line of a scenario after its header.
struct ScnLine {
  enum class Kind : uint8_t {
    kSetup,          // subject + tail: a zone's cards or a variable's value
    kMove,           // move
    kRunUntilRound,  // number
    kRunUntilOver,
    kExpect,         // subject + tail
    kExpectLegal,    // move
    kExpectIllegal,  // move [text: the error]
    kExpectOver,     // [text: the end reason]
    kExpectNotOver,
    kExpectWinners,  // players
    kExpectCatches,  // players[0], cards
  };
  // What follows a subject: `hand Anne: ...`, `deck top 3 count 3`, `score Anne = 3`.
  // kAll, kNoneOf: `hand Anne all value >= 6`, `won Paul none kind == joker`.
  enum class Tail : uint8_t { kNone, kExact, kCount, kHas, kValue, kAll, kNoneOf };
  enum class Part : uint8_t { kWhole, kTop, kBottom };

  Kind kind = Kind::kSetup;
  SourcePos pos;
  ScnMove move;
  std::string text;
  bool has_text = false;
  std::vector<ScnToken> players;
  ScnPhrase subject;  // the head: `hand Anne`, `score Debbie`, `round 2`, `winner Debbie`
  Tail tail = Tail::kNone;
  Part part = Part::kWhole;
  int part_count = -1;  // `top 3`; -1 when no number is given
  SourcePos part_pos;
  std::vector<ScnPhrase> cards;  // kExact, kHas, kExpectCatches (ranges expanded)
  // kExact with numbers instead of cards: a set (`marks Antje: 3, 7`), each a
  // phrase of one number, ranges expanded.
  std::vector<ScnPhrase> numbers;
  ScnPhrase value;        // kValue: after '='
  std::string condition;  // kAll, kNoneOf: the condition as written
  SourcePos condition_pos;
  int64_t number = 0;  // kCount, kRunUntilRound
};

struct Scenario {
  std::string title;
  SourcePos pos;        // the `scenario` keyword
  std::string ruleset;  // a shipped name or a path
  SourcePos ruleset_pos;
  std::string overrides;  // the YAML of `with { ... }`, braces included; empty if none
  SourcePos overrides_pos;
  std::vector<ScnToken> players;  // in seat order
  uint64_t seed = 1;
  int start_round = 0;  // `at start of round N`; 0: the position is at a trick's start
  SourcePos start_pos;
  std::vector<ScnLine> setup;  // in file order, before any move
  std::vector<ScnLine> steps;  // moves, runs and expectations, in order
};

// Every scenario of a file. Syntax errors stop at the first; the checks of a
// scenario's shape (header once, setup before moves) report all they find.
Result<std::vector<Scenario>> ParseScenarios(std::shared_ptr<const SourceFile> file);

}  // namespace angler

#endif  // ANGLER_DSL_SCENARIO_H_
