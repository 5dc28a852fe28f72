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
  kCardSet,  // a set of card ids (card_set.h): what a filter's condition compiles to
};
const char* TypeName(Type t);
// The bare word for a type, as listings print it: "int", "bool", "cards".
const char* TypeWord(Type t);

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
  kFaults,
  kBack,     // generated cards: the suit of the back
  kPattern,  // generated cards: the error pattern's number (1..)
  kTurns,    // generated cards: quarter turns (0-3)
};

// The expression operations, written once. Each entry: the op, the evaluator
// function BindEvaluators (eval.cc) gives its nodes (Generic: the shared
// switch, List: the list-reading switch; count, any and first of a filter
// are bound to a streaming function instead), and what it computes for the
// disassembler (`angler rules dump`). Operands: a, b, imm as named; x, y, z
// are child nodes. The ops over operands (If, the comparisons, ...) are
// written in value_ops.h, over how they reach them (value_shape.h).
#define ANGLER_OPS(X)                                                               \
  /* Leaves. */                                                                     \
  X(kConst, Const, "imm")                                                           \
  X(kLocal, Local, "frame local a")                                                 \
  X(kGlobal, Global, "vars[a]")                                                     \
  X(kPlayerVar, PlayerVar, "vars[a + player x]")                                    \
  X(kTable, Table, "tables[a + players * b + x - 1] (b = row length), 0 outside")   \
  X(kCard, Generic, "the card a filter or play rule is looking at")                 \
  X(kSelf, Generic, "the card whose effect runs")                                   \
  X(kOwner, Generic, "the player of that card")                                     \
  X(kChosenValue, Generic, "what the last option choice picked")                    \
  X(kPlayers, Generic, "the number of players")                                     \
  X(kSeats, Generic, "all seats in order")                                          \
  X(kPlayed, Generic, "the cards of the current trick in play order")               \
  X(kAllCards, Generic, "every card of the ruleset, by id")                         \
  X(kEnds, Generic, "the top card of each pile of zones a .. a+b (b -1: seats)")    \
  X(kFamilyCards, Generic, "every card in the family's piles, pile by pile")        \
  X(kZone, Zone, "zone a (shared)")                                                 \
  X(kFamilyZone, FamilyZone, "zone a + x - imm if in [0, b) (b -1: the seats)")     \
  X(kList, Generic, "constants lists[a .. a+b)")                                    \
  X(kRange, Generic, "x .. y inclusive")                                            \
  X(kCached, Cached, "x, computed once per run of the filter owning cache slot a")  \
  X(kShared, Shared, "x, computed once per question, shared by every use of x's "   \
                     "expression (slot a)")                                         \
  X(kCardShared, CardShared, "x, computed once per question and judged card, "      \
                             "shared by every use of x's expression (slot a)")      \
  X(kBound, Bound, "the value bound to slot a by the enclosing let")                \
  X(kLetIn, LetIn, "bind slot a to x, then y")                                      \
  /* Unary on x. */                                                                 \
  X(kAttr, Attr, "card attribute a of card x")                                      \
  X(kNeg, Generic, "-x")                                                            \
  X(kNot, Not, "not x")                                                             \
  X(kCount, List, "count(x)")                                                       \
  X(kZoneSize, ZoneSize, "count(x) of a zone x: its size, no list made")            \
  X(kEverySeatSize, EverySeatSize, "every seat p's zone a + p holds x cards")       \
  X(kZoneFirst, ZoneFirst, "first(x) of a zone x: its bottom card, no list made")   \
  X(kZoneLast, ZoneLast, "last(x) or top(x) of a zone x: its top card")             \
  X(kAny, List, "any(x)")                                                           \
  X(kFirst, List, "first(x)")                                                       \
  X(kLast, List, "last(x)")                                                         \
  X(kHighest, List, "highest(x)")                                                   \
  X(kLowest, List, "lowest(x)")                                                     \
  X(kReversed, Generic, "cards x, last first")                                      \
  X(kSum, List, "the values of cards x added up")                                   \
  X(kHasTag, Generic, "card x carries tag bit a")                                   \
  X(kLeft, Generic, "the seat left of x")                                           \
  X(kRight, Generic, "the seat right of x")                                         \
  X(kPlayPosition, Generic, "where player x played in the trick")                   \
  X(kAbs, Generic, "abs(x)")                                                        \
  /* Binary on x, y. */                                                             \
  X(kAdd, Add, "x + y")                                                             \
  X(kSub, Sub, "x - y")                                                             \
  X(kMul, Mul, "x * y")                                                             \
  X(kDiv, Generic, "x / y")                                                         \
  X(kMod, Generic, "x % y")                                                         \
  X(kEq, Eq, "x == y")                                                              \
  X(kNe, Ne, "x != y")                                                              \
  X(kLt, Lt, "x < y")                                                               \
  X(kLe, Le, "x <= y")                                                              \
  X(kGt, Gt, "x > y")                                                               \
  X(kGe, Ge, "x >= y")                                                              \
  X(kAnd, Generic, "x and y")                                                       \
  X(kOr, Generic, "x or y")                                                         \
  X(kCoalesce, Coalesce, "x, or y when x is none")                                  \
  X(kIn, Generic, "x in list y")                                                    \
  X(kInCards, List, "card x is one of cards y")                                     \
  X(kFilter, Generic, "cards x where y; slots [a, b); classes imm-1; prefilter z")  \
  X(kMinus, Generic, "cards x without cards y")                                     \
  X(kConcat, Generic, "cards x then cards y")                                       \
  X(kTopN, Generic, "the top y cards of zone x")                                    \
  X(kBottomN, Generic, "the bottom y cards of zone x")                              \
  X(kMax, Generic, "max(x, y)")                                                     \
  X(kMin, Generic, "min(x, y)")                                                     \
  /* Fused forms the compiler makes of common shapes (fewer nodes to visit). */     \
  X(kCardAttr, CardAttr, "attribute a of the card a filter looks at")               \
  X(kCardAttrEq, CardAttrEq, "attribute a of that card == imm")                     \
  X(kCardAttrNe, CardAttrNe, "attribute a of that card != imm")                     \
  X(kEqConst, EqConst, "x == imm")                                                  \
  X(kNeConst, NeConst, "x != imm")                                                  \
  X(kCardAttrEqX, CardAttrEqX, "attribute a of that card == x")                     \
  X(kAddConst, AddConst, "x + imm (x - c is x + -c)")                               \
  X(kAnyOf, AnyOf, "or over the nodes lists[a .. a+b), left to right")              \
  X(kAllOf, AllOf, "and over the nodes lists[a .. a+b), left to right")             \
  /* Ternary. */                                                                    \
  X(kIf, If, "if x then y else z")                                                  \
  /* Card sets (card_set_plan.h): a filter over printed attributes; each set */     \
  /* node computes its set by Node::set_fn (SetOps, set_ops.h). */                  \
  /* A set: 4 words of lists. Classes: b values lists[imm + i], */                  \
  /* ascending, with the sets at lists[a + 4i]. */                                  \
  X(kSetFilter, Generic, "cards x in set y: filter of condition z, slots [a, b);"   \
                          " imm 1: working out y reads none of those slots")        \
  X(kSetStatic, Generic, "the fixed set at lists[a .. a+4)")                        \
  X(kSetIf, Generic, "every card if x, else none")                                  \
  X(kSetIfAny, Generic, "every card if some card of set filter x holds (imm 1:"     \
                        " none does), else none; y: any(x), its general path")      \
  X(kSetUnlessNone, Generic, "set x, or every card when none of the cards of"       \
                             " set filter y is in x (x or not any(y)); b 1:"        \
                             " in x and the fixed set at lists[a .. a+4)")          \
  X(kSetIfElse, Generic, "set y if x, else set z")                                  \
  X(kSetNot, Generic, "the cards not in set x")                                     \
  X(kSetAll, Generic, "the cards in every set of nodes lists[a .. a+b)")            \
  X(kSetAny, Generic, "the cards in some set of nodes lists[a .. a+b)")             \
  X(kSetEq, Generic, "the class of value x (of b), none if no class has it")        \
  X(kSetLt, Generic, "the classes below x (sets: classes up to each)")              \
  X(kSetLe, Generic, "the classes up to x (sets: classes up to each)")              \
  X(kSetOfCards, Generic, "the cards of x (a card: itself)")                        \
  X(kSetCase, Generic, "set y (none if -1) and, if x holds (always if -1),"         \
                        " the fixed set at lists[a .. a+4)")                        \
  X(kSetTable, Generic, "the set of the values of keys lists[a .. a+b) (nodes),"    \
                         " each key's lowest value and count at lists[imm ..],"     \
                         " the sets after them; x where a value is outside"         \
                         " (card_set_table.h)")

enum class Op : uint8_t {
#define ANGLER_OP_ENUM(op, fn, doc) op,
  ANGLER_OPS(ANGLER_OP_ENUM)
#undef ANGLER_OP_ENUM
};
// "Const", "CardAttrEq": the op's name without its k.
const char* OpName(Op op);
// The comparison with its sides swapped: x < y is y > x (<= and >= alike;
// == and != stay).
inline Op Mirrored(Op op) {
  switch (op) {
    case Op::kLt:
      return Op::kGt;
    case Op::kLe:
      return Op::kGe;
    case Op::kGt:
      return Op::kLt;
    case Op::kGe:
      return Op::kLe;
    default:
      return op;
  }
}

class Evaluator;
struct CardSet;
struct Node;
// Each node is evaluated by a small function chosen for its op when the
// ruleset is loaded (closure compilation): cheaper than one big switch.
using EvalFn = int64_t (*)(Evaluator&, const Node&);
// A card-set node (type kCardSet) computes its set into `out`.
using SetFn = void (*)(Evaluator&, const Node&, CardSet& out);

struct Node {
  Node(Op o, Type t) : op(o), type(t) {}
  Op op;
  Type type;
  int32_t a = 0, b = 0;
  int32_t x = -1, y = -1, z = -1;  // children
  int64_t imm = 0;
  EvalFn fn = nullptr;      // set by BindEvaluators (eval.h) at the end of loading
  SetFn set_fn = nullptr;  // the same, for card-set nodes (eval_card_set.cc)
};

// Statement bytecode, written once: the opcode and what it does. Operands:
// e* are expression node indices, other fields as named. Opcodes marked
// "suspends" stop the VM for a decision. Game::Run handles each (-Wswitch).
#define ANGLER_CODES(X)                                                              \
  X(kJump, "pc = target")                                                           \
  X(kJumpIfNot, "if !e0: pc = target")                                              \
  X(kSetGlobal, "vars[slot] (op) e0; op: 0 set, 1 add, 2 subtract")                 \
  X(kSetPlayerVar, "vars[slot + e1] (op) e0")                                       \
  X(kSetLocal, "locals[slot] (op) e0")                                              \
  X(kMove, "cards e0 -> zone e1, to the top (flag 0) or bottom (flag 1)")           \
  X(kMoveChosen, "the chosen cards -> zone e1 (flag as above)")                     \
  X(kChooseCards, "suspends: player e0 picks e1 cards of e2 (one action each)")     \
  X(kChooseOption, "suspends: player e0 (chance if -1) picks a value of list e1")   \
  X(kShuffle, "suspends (chance): zone e0 is shuffled")                             \
  X(kDeal, "deal all of zone e0 round-robin into family slot, seat 0 first")        \
  X(kEndGame, "ends the game now, reason slot")                                     \
  X(kForBegin,                                                                      \
    "loop over list e0 (sorted by keys lists[a..a+b)) into local slot; "            \
    "jump to target when empty")                                                    \
  X(kForNext, "next value into local slot, or pop the loop and pc = target")        \
  X(kReturn, "end of an effect")                                                    \
  X(kRunTriggers, "run on-enter effects queued by moves")                           \
  /* The trick procedure, generated from the ruleset's trick section. */             \
  X(kRoundBegin, "round += 1, round-scope variables reset, pending effects dropped") \
  X(kTrickBegin,                                                                    \
    "trick-scope variables reset, play order cleared, turn = leader; with no "      \
    "next-trick effect waiting, pc = target (the trick's kPlay)")                   \
  X(kRunPending, "run the next-trick effects queued by the last trick")             \
  X(kPlay,                                                                          \
    "the last card's queued effects run (back here), then, until all have "         \
    "played (then pc = target), suspends: `turn` plays a card the rules allow")     \
  X(kTrickResolve, "winner = the trick's winner rule")                              \
  X(kTrickEffects, "run end-of-trick effects in play order, queue next-trick ones") \
  X(kTrickEnd, "leader = winner, trick_number += 1")                                \
  /* The turn procedure, generated from the ruleset's turn section. */               \
  X(kTurnBegin, "turn-scope variables reset; seats the skip rule names passed over") \
  X(kLay, "suspends: `turn` lays cards on one numbered pile of the rows")           \
  X(kSearch, "suspends: every active player marks until some stop")                 \
  X(kGameOver, "the game ends normally")                                            \
  X(kCheck,                                                                         \
    "invariants[slot] (node e0) holds for every seat (flag 1; once when it does "   \
    "not read p: flag 0), else the game stops as an error with pc here")

enum class Code : uint8_t {
#define ANGLER_CODE_ENUM(code, doc) code,
  ANGLER_CODES(ANGLER_CODE_ENUM)
#undef ANGLER_CODE_ENUM
};
// "Jump", "SetGlobal": the opcode's name without its k.
const char* CodeName(Code code);

// Instr::flag of kSetGlobal / kSetPlayerVar / kSetLocal: the variable holds a
// seat, so a stored value must be one (or none).
inline constexpr uint8_t kStoresSeat = 1;

struct Instr {
  explicit Instr(Code c = Code::kJump) : code(c) {}
  Code code;
  uint8_t op = 0;  // assignment operator
  uint8_t flag = 0;
  int16_t slot = 0;     // variable slot, local, effect, family or reason
  int16_t section = 0;  // Ruleset::sections: the part of the ruleset it came from
  int32_t e0 = -1, e1 = -1, e2 = -1;
  int32_t target = 0;
  int32_t a = 0, b = 0;  // sort keys for kForBegin
  // Where it was written is Ruleset::code_pos, beside: the VM's steps stay 32
  // bytes, so finding the next is a shift.
};
static_assert(sizeof(Instr) == 32, "Instr is read once per VM step");

}  // namespace angler

#endif  // ANGLER_INTERPRETER_PROGRAM_H_
