// The move text module's own helpers, shared by its files (move_text.cc
// writes moves, move_read.cc reads them back). Not for use outside them:
// move_text.h is the interface.
#ifndef ANGLER_INTERPRETER_MOVE_TEXT_INTERNAL_H_
#define ANGLER_INTERPRETER_MOVE_TEXT_INTERNAL_H_

#include <string>

#include "interpreter/game.h"

namespace angler::move_text_internal {

// A move that names one card: a play, or a card chosen.
bool IsCardAction(const Action& a);

// The verb of a move line: "plays", "chooses", "marks" or "unmarks", else the
// engine's word with an s ("lays").
std::string Verb(const Game& game, const State& s, const Action& a);

// What the engine calls an action, without its verb: "yellow 7", "" for a stop.
std::string PlainName(const Game& game, const State& s, const Action& a);

// The zone of `seat`'s hand.
// REQUIRES: the ruleset has a hand (hand_family >= 0).
int HandOf(const Game& game, int seat);

}  // namespace angler::move_text_internal

#endif  // ANGLER_INTERPRETER_MOVE_TEXT_INTERNAL_H_
