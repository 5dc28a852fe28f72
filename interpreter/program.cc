#include "interpreter/program.h"

namespace angler {

const char* TypeName(Type t) {
  switch (t) {
    case Type::kInt:
      return "a number";
    case Type::kBool:
      return "a condition";
    case Type::kCard:
      return "a card";
    case Type::kPlayer:
      return "a player";
    case Type::kSuit:
      return "a suit";
    case Type::kKind:
      return "a kind";
    case Type::kCards:
      return "cards";
    case Type::kZone:
      return "a zone";
    case Type::kPlayers:
      return "players";
    case Type::kInts:
      return "a list";
    case Type::kVoid:
      return "none";
    case Type::kCardSet:
      return "a set of cards";
  }
  return "?";
}

const char* TypeWord(Type t) {
  switch (t) {
    case Type::kInt:
      return "int";
    case Type::kBool:
      return "bool";
    case Type::kCard:
      return "card";
    case Type::kPlayer:
      return "player";
    case Type::kSuit:
      return "suit";
    case Type::kKind:
      return "kind";
    case Type::kCards:
      return "cards";
    case Type::kZone:
      return "zone";
    case Type::kPlayers:
      return "players";
    case Type::kInts:
      return "ints";
    case Type::kVoid:
      return "void";
    case Type::kCardSet:
      return "set";
  }
  return "?";
}

const char* OpName(Op op) {
  static constexpr const char* kNames[] = {
#define ANGLER_OP_NAME(op, fn, doc) &#op[1],  // without the leading k
      ANGLER_OPS(ANGLER_OP_NAME)
#undef ANGLER_OP_NAME
  };
  return kNames[static_cast<size_t>(op)];
}

const char* CodeName(Code code) {
  static constexpr const char* kNames[] = {
#define ANGLER_CODE_NAME(code, doc) &#code[1],
      ANGLER_CODES(ANGLER_CODE_NAME)
#undef ANGLER_CODE_NAME
  };
  return kNames[static_cast<size_t>(code)];
}

}  // namespace angler
