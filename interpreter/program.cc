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
  }
  return "?";
}

}  // namespace angler
