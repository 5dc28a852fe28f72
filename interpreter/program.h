// The compiled form of a ruleset's language: typed expression nodes and the
// statement bytecode the VM runs. This file is the one list of operations.
//
// Expressions are trees of Nodes in one vector, children by index. Statements
// compile to a flat list of Instrs with jumps, so a game suspended at a
// decision is just a program counter plus the frames and loops in State.
#ifndef ANGLER_INTERPRETER_PROGRAM_H_
#define ANGLER_INTERPRETER_PROGRAM_H_

#include <cstdint>
#include <string>
#include <vector>

#include "dsl/source.h"

namespace angler {

// Static types of expressions; checked once, at load.
enum class Type : uint8_t {
  kInt,
  kBool,
  kCard,
  kPlayer,
  kSuit,
  kKind,
  kCards,
  kZone,
  kPlayers,
  kInts,
  kVoid,
};
const char* TypeName(Type t);

// Card attributes readable as card.attr (or bare inside a filter).
// kPlayer: who played the card (to a trick); kHolder: whose zone holds it now.
// kZoneIndex: the number of the pile holding it in its family (seat, or 1..).
enum class Attr : uint8_t {
  kSuit,
  kValue,
  kStars,
  kKind,
  kPlayer,
  kId,
  kTags,
  kHolder,
  kZoneIndex,
  kFaults
};

enum class Op : uint8_t {
  // Leaves.
  kConst,        // imm
  kLocal,        // frame local a
  kGlobal,       // vars[a]
  kPlayerVar,    // vars[a + player(x)]
  kTable,        // tables[a + players * b + int(x) - 1] (b = row length), 0 outside
  kCard,         // the card a filter or play rule is looking at
  kSelf,         // the card whose effect runs
  kOwner,        // the player of that card
  kChosenValue,  // what the last option choice picked
  kPlayers,      // the number of players
  kSeats,        // all seats in order (Type::kPlayers)
  kPlayed,       // the cards of the current trick in play order
  kAllCards,     // every card of the ruleset, by id
  kEnds,  // the top card of each pile of the family at zones a .. a+b (b -1: seats)
  kFamilyCards,  // every card in the family's piles, pile by pile
  kZone,         // zone a (shared) as Type::kZone
  kFamilyZone,   // zone a + x - imm, if x - imm is within [0, b) (b -1: the seats)
  kList,         // constants list[a .. a+b) (Type::kInts / kPlayers)
  kRange,        // x .. y inclusive (Type::kInts)
  kCached,       // x, computed once per run of the filter owning cache slot a
  kBound,        // the value bound to slot a by the enclosing kLetIn
  kLetIn,        // bind slot a to x, then y (a define's argument taken by value)
  // Unary on x.
  kAttr,  // card attribute a of card x
  kNeg,
  kNot,
  kCount,
  kAny,
  kFirst,
  kLast,
  kHighest,
  kLowest,
  kReversed,  // cards x, last first (Type::kCards)
  kSum,       // the values of cards x added up
  kHasTag,    // card x carries tag bit a
  kLeft,
  kRight,
  kPlayPosition,
  kAbs,
  // Binary on x, y.
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kAnd,
  kOr,
  kCoalesce,
  kIn,       // x in list y
  kInCards,  // card x is one of cards y
  kFilter,   // cards x where y (y sees the card as kCard); cache slots [a, b)
  kMinus,    // cards x without cards/card y
  kConcat,   // cards x then cards/card y
  kTopN,
  kBottomN,  // top/bottom y cards of zone x
  kMax,
  kMin,
  // Fused forms the compiler makes of common shapes (fewer nodes to visit).
  kCardAttr,    // attribute a of the card a filter looks at
  kCardAttrEq,  // attribute a of that card == imm
  kCardAttrNe,  // attribute a of that card != imm
  kEqConst,
  kNeConst,      // x == imm, x != imm
  kCardAttrEqX,  // attribute a of that card == x
  kAnyOf,
  kAllOf,  // or / and over the nodes lists[a .. a+b), left to right
  // Ternary.
  kIf,  // if x then y else z
};

class Evaluator;
struct Node;
// Each node is evaluated by a small function chosen for its op when the
// ruleset is loaded (closure compilation): cheaper than one big switch.
using EvalFn = int64_t (*)(Evaluator&, const Node&);

struct Node {
  Node(Op o, Type t) : op(o), type(t) {}
  Op op;
  Type type;
  int32_t a = 0, b = 0;
  int32_t x = -1, y = -1, z = -1;  // children
  int64_t imm = 0;
  EvalFn fn = nullptr;  // set by BindEvaluators (eval.h) at the end of loading
};

// Statement bytecode. Operands: e* are expression node indices, other fields
// as named. Opcodes marked "suspends" stop the VM for a decision.
enum class Code : uint8_t {
  kJump,          // pc = target
  kJumpIfNot,     // if !e0: pc = target
  kSetGlobal,     // vars[slot] (op) e0         op: 0 set, 1 add, 2 subtract
  kSetPlayerVar,  // vars[slot + e1] (op) e0
  kSetLocal,      // locals[slot] (op) e0
  kMove,          // cards e0 -> zone e1, to the top (flag 0) or bottom (flag 1)
  kMoveChosen,    // the chosen cards -> zone e1 (flag as above)
  kChooseCards,   // suspends: player e0 picks e1 cards of e2 (one action each)
  kChooseOption,  // suspends: player e0 (chance if -1) picks a value of list e1
  kShuffle,       // suspends (chance): zone e0 is shuffled
  kDeal,          // deal all of zone e0 round-robin into family slot, seat 0 first
  kEndGame,       // ends the game now, reason slot
  kForBegin,      // loop over list e0 (sorted by keys[a..a+b)) into local slot;
                  // jump to target when empty
  kForNext,       // next value into local slot, or pop the loop and pc = target
  kReturn,        // end of an effect
  kRunTriggers,   // run on-enter effects queued by moves
  // The trick procedure, generated from the ruleset's trick section.
  kRoundBegin,    // round += 1, round-scope variables reset, pending effects dropped
  kTrickBegin,    // trick-scope variables reset, play order cleared, turn = leader
  kRunPending,    // run the next-trick effects queued by the last trick
  kPlay,          // suspends: `turn` plays a card allowed by the trick rules
  kTrickResolve,  // winner = the trick's winner rule
  kTrickEffects,  // run end-of-trick effects in play order, queue next-trick ones
  kTrickEnd,      // leader = winner, trick_number += 1
  // The turn procedure, generated from the ruleset's turn section.
  kTurnBegin,  // turn-scope (trick-scope) variables reset; seats the skip rule
               // passes over are passed over
  kLay,        // suspends: `turn` lays cards on one numbered pile of the rows
  kSearch,     // suspends: every active player marks fish until some stop
  kGameOver,   // the game ends normally
};

// Instr::flag of kSetGlobal / kSetPlayerVar / kSetLocal: the variable holds a
// seat, so a stored value must be one (or none).
inline constexpr uint8_t kStoresSeat = 1;

struct Instr {
  explicit Instr(Code c = Code::kJump) : code(c) {}
  Code code;
  uint8_t op = 0;  // assignment operator
  uint8_t flag = 0;
  int16_t slot = 0;  // variable slot, local, effect, family or reason
  int32_t e0 = -1, e1 = -1, e2 = -1;
  int32_t target = 0;
  int32_t a = 0, b = 0;  // sort keys for kForBegin
  SourcePos pos;         // for runtime errors
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_PROGRAM_H_
