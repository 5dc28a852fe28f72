// The compiler's own helpers, shared by its files (compiler.cc: nodes, code
// and hoisting; compiler_expressions.cc; compiler_statements.cc): which types
// fit where, and the tables of built-in functions and card attributes.
#ifndef ANGLER_INTERPRETER_COMPILER_INTERNAL_H_
#define ANGLER_INTERPRETER_COMPILER_INTERNAL_H_

#include <string>
#include <utility>
#include <vector>

#include "interpreter/program.h"

namespace angler {

inline bool IsScalarType(Type t) {
  return t == Type::kInt || t == Type::kBool || t == Type::kCard || t == Type::kPlayer ||
         t == Type::kSuit || t == Type::kKind;
}

// `none` (typed kVoid) stands for a missing card, player or suit.
inline bool IsNullableType(Type t) {
  return t == Type::kCard || t == Type::kPlayer || t == Type::kSuit;
}

inline bool TypeFits(Type have, Type want) {
  if (want == Type::kVoid || have == want) return true;
  if (have == Type::kVoid) return IsNullableType(want);
  // Seats are numbers.
  if ((want == Type::kPlayer && have == Type::kInt) ||
      (want == Type::kInt && have == Type::kPlayer)) {
    return true;
  }
  if (want == Type::kCards) return have == Type::kZone;
  return false;
}

inline Type UnifyTypes(Type a, Type b) { return a == Type::kVoid ? b : a; }

struct FunctionSpec {
  const char* name;
  Op op;
  std::vector<Type> args;
  Type result;
};

inline const std::vector<FunctionSpec>& BuiltinFunctions() {
  static const std::vector<FunctionSpec> kFunctions = {
      {"count", Op::kCount, {Type::kCards}, Type::kInt},
      {"any", Op::kAny, {Type::kCards}, Type::kBool},
      {"first", Op::kFirst, {Type::kCards}, Type::kCard},
      {"last", Op::kLast, {Type::kCards}, Type::kCard},
      {"highest", Op::kHighest, {Type::kCards}, Type::kCard},
      {"lowest", Op::kLowest, {Type::kCards}, Type::kCard},
      {"top", Op::kTopN, {Type::kZone, Type::kInt}, Type::kCards},
      {"bottom", Op::kBottomN, {Type::kZone, Type::kInt}, Type::kCards},
      {"left", Op::kLeft, {Type::kPlayer}, Type::kPlayer},
      {"right", Op::kRight, {Type::kPlayer}, Type::kPlayer},
      {"play_position", Op::kPlayPosition, {Type::kPlayer}, Type::kInt},
      {"max", Op::kMax, {Type::kInt, Type::kInt}, Type::kInt},
      {"min", Op::kMin, {Type::kInt, Type::kInt}, Type::kInt},
      {"abs", Op::kAbs, {Type::kInt}, Type::kInt},
      {"reversed", Op::kReversed, {Type::kCards}, Type::kCards},
      {"sum", Op::kSum, {Type::kCards}, Type::kInt},
  };
  return kFunctions;
}

inline const std::vector<std::pair<std::string, Attr>>& CardAttributes() {
  static const std::vector<std::pair<std::string, Attr>> kAttrs = {
      {"suit", Attr::kSuit},       {"value", Attr::kValue},
      {"stars", Attr::kStars},     {"kind", Attr::kKind},
      {"player", Attr::kPlayer},   {"id", Attr::kId},
      {"holder", Attr::kHolder},   {"zone_index", Attr::kZoneIndex},
      {"faults", Attr::kFaults},   {"back", Attr::kBack},
      {"pattern", Attr::kPattern}, {"turns", Attr::kTurns},
  };
  return kAttrs;
}

inline Type CardAttributeType(Attr a) {
  switch (a) {
    case Attr::kSuit:
    case Attr::kBack:
      return Type::kSuit;
    case Attr::kKind:
      return Type::kKind;
    case Attr::kPlayer:
    case Attr::kHolder:
      return Type::kPlayer;
    default:
      return Type::kInt;
  }
}

}  // namespace angler

#endif  // ANGLER_INTERPRETER_COMPILER_INTERNAL_H_
