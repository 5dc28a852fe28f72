// Statements: if, for, moves, assignments and calls compiled to bytecode.
#include <algorithm>
#include <string>
#include <vector>

#include "dsl/parser.h"
#include "interpreter/compiler.h"
#include "interpreter/compiler_internal.h"

namespace angler {

Status Compiler::Statements(const Block& block, const CodeContext& ctx) {
  ctx_ = ctx;
  locals_.clear();
  max_locals_ = 0;
  card_depth_ = ctx.has_card ? 1 : 0;
  for (const auto& [name, type] : ctx.params) NewLocal(name, type);
  std::vector<Diagnostic> errors;
  for (const auto& s : block) {
    auto st = Statement(*s);
    if (!st) errors.insert(errors.end(), st.errors().begin(), st.errors().end());
  }
  if (max_locals_ > kMaxLocals) {
    errors.push_back(
        Error(block.empty() ? SourcePos{} : block.front()->pos,
              "more than " + std::to_string(kMaxLocals) + " local names alive at once"));
  }
  if (!errors.empty()) return errors;
  return Ok();
}

Status Compiler::Statement(const Stmt& s) {
  // Instructions of this statement without a place of their own get its place.
  struct RestoreOrigin {
    SourcePos& origin;
    SourcePos outer;
    ~RestoreOrigin() { origin = outer; }
  } restore{origin_, origin_};
  origin_ = s.pos;
  switch (s.kind) {
    case Stmt::Kind::kMove:
      return Move(s);
    case Stmt::Kind::kShuffle:
      return Shuffle(s);
    case Stmt::Kind::kDeal:
      return Deal(s);
    case Stmt::Kind::kAssign:
      return Assign(s);
    case Stmt::Kind::kLet:
      return Let(s);
    case Stmt::Kind::kIf:
      return If(s);
    case Stmt::Kind::kFor:
      return For(s);
    case Stmt::Kind::kRepeat:
      return Repeat(s);
    case Stmt::Kind::kEndGame:
      return EndGame(s);
    case Stmt::Kind::kCall:
      return CallStatement(s);
  }
  return Error(s.pos, "unsupported statement");
}

Status Compiler::NestedBlock(const Block& block) {
  size_t mark = locals_.size();
  for (const auto& inner : block) {
    auto st = Statement(*inner);
    if (!st) return st;
  }
  locals_.resize(mark);
  return Ok();
}

Status Compiler::Shuffle(const Stmt& s) {
  auto z = ZoneExpr(*s.exprs[0]);
  if (!z) return z.errors();
  Instr in{Code::kShuffle};
  in.e0 = z.value();
  Emit(in, s.pos);
  return Ok();
}

Status Compiler::Deal(const Stmt& s) {
  auto z = Expect(*s.exprs[0], Type::kCards);
  if (!z) return z.errors();
  int f = rules_.FindFamily(s.text);
  if (f < 0 || !rules_.zones[static_cast<size_t>(f)].per_player) {
    std::vector<std::string> names;
    for (const auto& zf : rules_.zones) {
      if (zf.per_player) names.push_back(zf.name);
    }
    return Error(s.pos,
                 WithSuggestion("deal needs a zone kept per player, not '" + s.text + "'",
                                s.text, names));
  }
  Instr in{Code::kDeal};
  in.e0 = z.value();
  in.slot = static_cast<int16_t>(f);
  Emit(in, s.pos);
  if (AnyOnEnter()) Emit(Instr{Code::kRunTriggers});
  return Ok();
}

Status Compiler::Let(const Stmt& s) {
  auto v = Compile(*s.exprs[0]);
  if (!v) return v.errors();
  Type t = TypeOf(v.value());
  if (!IsScalarType(t)) {
    return Error(s.pos, std::string("let holds a single value, not ") + TypeName(t));
  }
  Instr in{Code::kSetLocal};
  in.slot = static_cast<int16_t>(NewLocal(s.text, t));
  in.e0 = v.value();
  Emit(in, s.pos);
  return Ok();
}

Status Compiler::If(const Stmt& s) {
  auto c = Expect(*s.exprs[0], Type::kBool);
  if (!c) return c.errors();
  Instr in{Code::kJumpIfNot};
  in.e0 = c.value();
  int jump = Emit(in, s.pos);
  if (auto st = NestedBlock(s.body); !st) return st;
  if (s.orelse.empty()) {
    rules_.code[static_cast<size_t>(jump)].target = Here();
    return Ok();
  }
  int skip = Emit(Instr{Code::kJump});
  rules_.code[static_cast<size_t>(jump)].target = Here();
  if (auto st = NestedBlock(s.orelse); !st) return st;
  rules_.code[static_cast<size_t>(skip)].target = Here();
  return Ok();
}

// `repeat n:` is a for over 1..n with a local no code can name.
Status Compiler::Repeat(const Stmt& s) {
  auto n = Expect(*s.exprs[0], Type::kInt);
  if (!n) return n.errors();
  Node range{Op::kRange, Type::kInts};
  range.x = Const(Type::kInt, 1);
  range.y = n.value();
  range.imm = static_cast<int64_t>(Type::kInt);
  size_t mark = locals_.size();
  Instr in{Code::kForBegin};
  in.e0 = AddNode(range);
  in.slot = static_cast<int16_t>(NewLocal(" repeat", Type::kInt));
  int begin = Emit(in, s.pos);
  if (auto st = NestedBlock(s.body); !st) return st;
  Instr next{Code::kForNext};
  next.slot = in.slot;
  next.target = begin + 1;
  Emit(next);
  rules_.code[static_cast<size_t>(begin)].target = Here();
  locals_.resize(mark);
  return Ok();
}

Status Compiler::EndGame(const Stmt& s) {
  auto& reasons = rules_.end_reasons;
  std::string reason = s.text.empty() ? "ended" : s.text;
  auto it = std::find(reasons.begin(), reasons.end(), reason);
  if (it == reasons.end()) it = reasons.insert(reasons.end(), reason);
  Instr in{Code::kEndGame};
  in.slot = static_cast<int16_t>(it - reasons.begin());
  Emit(in, s.pos);
  return Ok();
}

// A call standing alone: only the calls that act (search, trick_effects).
Status Compiler::CallStatement(const Stmt& s) {
  const Expr& call = *s.exprs[0];
  if (call.kind == Expr::Kind::kCall && call.text == "search" && call.args.empty()) {
    if (!rules_.Searches()) {
      return Error(s.pos, "search() needs a 'search' section: who may search");
    }
    Emit(Instr{Code::kSearch});
    return Ok();
  }
  if (call.kind == Expr::Kind::kCall && call.text == "trick_effects" &&
      call.args.empty()) {
    if (!ctx_.in_trick_end) {
      return Error(s.pos, "trick_effects() belongs in the trick's end steps");
    }
    Emit(Instr{Code::kTrickEffects});
    return Ok();
  }
  return Error(s.pos,
               "this is a value, not a statement: move, assign, or call "
               "trick_effects() or search()");
}

Status Compiler::Move(const Stmt& s) {
  const Expr& src = *s.exprs[0];
  Instr in;
  in.flag = s.text == "bottom" ? 1 : 0;
  if (src.kind == Expr::Kind::kCall && src.text == "choose") {
    size_t args = 0;
    auto prompt = Prompt(src, args);
    if (!prompt) return prompt.errors();
    if (args != 3) {
      return Error(src.pos,
                   "choose takes a player, a number, cards and an optional prompt: "
                   "choose(owner, 1, trick - self, \"choose a card to catch\")");
    }
    auto p = Expect(*src.args[0], Type::kPlayer);
    if (!p) return p.errors();
    auto n = Expect(*src.args[1], Type::kInt);
    if (!n) return n.errors();
    auto cards = Expect(*src.args[2], Type::kCards);
    if (!cards) return cards.errors();
    auto z = ZoneExpr(*s.exprs[1]);
    if (!z) return z.errors();
    Instr choose{Code::kChooseCards};
    choose.slot = static_cast<int16_t>(prompt.value());
    choose.e0 = p.value();
    choose.e1 = n.value();
    choose.e2 = cards.value();
    Emit(choose, s.pos);
    in.code = Code::kMoveChosen;
    in.e1 = z.value();
  } else {
    auto cards = Compile(src);
    if (!cards) return cards.errors();
    Type t = TypeOf(cards.value());
    if (t != Type::kCards && t != Type::kZone && t != Type::kCard) {
      return Error(src.pos,
                   std::string("move needs a card or cards, not ") + TypeName(t));
    }
    auto z = ZoneExpr(*s.exprs[1]);
    if (!z) return z.errors();
    in.code = Code::kMove;
    in.e0 = cards.value();
    in.e1 = z.value();
  }
  Emit(in, s.pos);
  if (AnyOnEnter()) Emit(Instr{Code::kRunTriggers});
  return Ok();
}

Result<int> Compiler::Prompt(const Expr& call, size_t& args) {
  args = call.args.size();
  if (args == 0 || call.args.back()->kind != Expr::Kind::kString) return 0;
  --args;
  const Expr& text = *call.args.back();
  // Only {card} is filled in when the choice is shown: refuse any other
  // braces here rather than show them raw.
  for (size_t at = text.text.find('{'); at != std::string::npos;
       at = text.text.find('{', at + 1)) {
    if (text.text.compare(at, 6, "{card}") != 0) {
      return Error(text.pos,
                   "a prompt may name only {card} (the card whose effect asks)");
    }
    if (!ctx_.in_effect) {
      return Error(text.pos, "{card} in a prompt exists only inside a card effect");
    }
  }
  auto& prompts = rules_.prompts;
  auto it = std::find(prompts.begin(), prompts.end(), text.text);
  if (it == prompts.end()) it = prompts.insert(prompts.end(), text.text);
  return static_cast<int>(it - prompts.begin());
}

Status Compiler::Assign(const Stmt& s) {
  const Expr& target = *s.exprs[0];
  const Expr& value = *s.exprs[1];
  Instr in;
  if (s.text == "=") {
    in.op = 0;
  } else if (s.text == "+=") {
    in.op = 1;
  } else if (s.text == "-=") {
    in.op = 2;
  } else {
    return Error(s.pos, "unknown assignment '" + s.text + "'");
  }
  auto target_type = AssignTarget(target, in);
  if (!target_type) return target_type.errors();
  const Type want = target_type.value();
  if (want == Type::kPlayer) in.flag = kStoresSeat;
  if (in.op != 0 && want != Type::kInt) {
    return Error(s.pos, "'" + s.text + "' needs a number variable");
  }
  const bool chance = value.kind == Expr::Kind::kCall && value.text == "random";
  const bool choice = value.kind == Expr::Kind::kCall &&
                      (value.text == "choose_suit" || value.text == "choose");
  auto v = chance   ? ChanceValue(s, value, want)
           : choice ? ChosenValue(s, value, want)
                    : Expect(value, want);
  if (!v) return v.errors();
  in.e0 = v.value();
  Emit(in, s.pos);
  return Ok();
}

Result<Type> Compiler::AssignTarget(const Expr& target, Instr& in) {
  if (target.kind == Expr::Kind::kName) {
    if (const Local* l = FindLocal(target.text)) {
      in.code = Code::kSetLocal;
      in.slot = static_cast<int16_t>(l->slot);
      return l->type;
    }
    int v = FindVariable(target.text);
    if (v < 0) {
      std::vector<std::string> names;
      for (const auto& l : locals_) names.push_back(l.name);
      for (const auto& var : rules_.variables) names.push_back(var.name);
      return Error(target.pos, WithSuggestion("unknown variable '" + target.text + "'",
                                              target.text, names));
    }
    const Variable& var = rules_.variables[static_cast<size_t>(v)];
    if (var.per_player) {
      return Error(target.pos, "'" + target.text + "' is kept per player: write " +
                                   target.text + "(player)");
    }
    in.code = Code::kSetGlobal;
    in.slot = static_cast<int16_t>(var.slot);
    return var.type;
  }
  if (target.kind == Expr::Kind::kCall && FindVariable(target.text) >= 0) {
    const Variable& var =
        rules_.variables[static_cast<size_t>(FindVariable(target.text))];
    if (!var.per_player || target.args.size() != 1) {
      return Error(target.pos, "'" + target.text + "' is one value for the game: write " +
                                   target.text + " = ...");
    }
    auto p = Expect(*target.args[0], Type::kPlayer);
    if (!p) return p.errors();
    in.code = Code::kSetPlayerVar;
    in.slot = static_cast<int16_t>(var.slot);
    in.e1 = p.value();
    return var.type;
  }
  return Error(target.pos, "only a variable can be assigned");
}

// Chance picks one value of a list; the outcome is a recorded action.
Result<int> Compiler::ChanceValue(const Stmt& s, const Expr& value, Type want) {
  if (value.args.size() != 1) {
    return Error(value.pos,
                 "random takes a list or a range: random([left, right]), random(1..6)");
  }
  auto l = Expect(*value.args[0], Type::kInts);
  if (!l) return l.errors();
  Type element = static_cast<Type>(rules_.nodes[static_cast<size_t>(l.value())].imm);
  if (!TypeFits(element, want)) {
    return Error(value.pos, std::string("random gives ") + TypeName(element) +
                                ", the variable holds " + TypeName(want));
  }
  Instr pick{Code::kChooseOption};
  pick.e0 = -1;  // nobody: chance
  pick.e1 = l.value();
  Emit(pick, s.pos);
  return AddNode(Node{Op::kChosenValue, element});
}

// An option choice: the player picks one value of a list.
Result<int> Compiler::ChosenValue(const Stmt& s, const Expr& value, Type want) {
  size_t args = 0;
  auto prompt = Prompt(value, args);
  if (!prompt) return prompt.errors();
  if (args == 0 || args > 2) {
    return Error(value.pos, value.text +
                                " takes a player, a list and an optional prompt: " +
                                value.text + "(owner, [blue, red], \"call a colour\")");
  }
  auto p = Expect(*value.args[0], Type::kPlayer);
  if (!p) return p.errors();
  int list;
  if (args == 2) {
    auto l = Expect(*value.args[1], Type::kInts);
    if (!l) return l.errors();
    list = l.value();
  } else if (value.text == "choose_suit") {
    list = AllSuits();
  } else {
    return Error(value.pos, "choose needs a list of values to pick from");
  }
  Type element = static_cast<Type>(rules_.nodes[static_cast<size_t>(list)].imm);
  if (!TypeFits(element, want)) {
    return Error(value.pos, std::string("the choice gives ") + TypeName(element) +
                                ", the variable holds " + TypeName(want));
  }
  Instr choose{Code::kChooseOption};
  choose.slot = static_cast<int16_t>(prompt.value());
  choose.e0 = p.value();
  choose.e1 = list;
  Emit(choose, s.pos);
  return AddNode(Node{Op::kChosenValue, element});
}

// A list of every suit, for choose_suit(player).
int Compiler::AllSuits() {
  Node all{Op::kList, Type::kInts};
  all.a = static_cast<int>(rules_.lists.size());
  all.b = static_cast<int>(rules_.suits.size());
  all.imm = static_cast<int64_t>(Type::kSuit);
  for (size_t i = 0; i < rules_.suits.size(); ++i) rules_.lists.push_back(int64_t(i));
  return AddNode(all);
}

Status Compiler::For(const Stmt& s) {
  auto list = Compile(*s.exprs[0]);
  if (!list) return list.errors();
  Type t = TypeOf(list.value());
  Type element;
  if (t == Type::kPlayers) {
    element = Type::kPlayer;
  } else if (t == Type::kInts) {
    element = static_cast<Type>(rules_.nodes[static_cast<size_t>(list.value())].imm);
  } else if (t == Type::kCards || t == Type::kZone) {
    element = Type::kCard;
  } else {
    return Error(s.exprs[0]->pos, std::string("for walks over seats, a list, a range or "
                                              "cards, not ") +
                                      TypeName(t));
  }
  size_t mark = locals_.size();
  Instr in{Code::kForBegin};
  in.e0 = list.value();
  in.slot = static_cast<int16_t>(NewLocal(s.text, element));
  std::vector<int64_t> keys;
  for (size_t i = 1; i < s.exprs.size(); ++i) {
    auto k = Compile(*s.exprs[i]);
    if (!k) return k.errors();
    if (!IsScalarType(TypeOf(k.value()))) {
      return Error(s.exprs[i]->pos, "a sort key must be a single value");
    }
    keys.push_back(k.value());
  }
  in.a = static_cast<int>(rules_.lists.size());
  in.b = static_cast<int>(keys.size());
  rules_.lists.insert(rules_.lists.end(), keys.begin(), keys.end());
  int begin = Emit(in, s.pos);
  for (const auto& inner : s.body) {
    auto st = Statement(*inner);
    if (!st) return st;
  }
  Instr next{Code::kForNext};
  next.slot = in.slot;
  next.target = begin + 1;
  Emit(next);
  rules_.code[static_cast<size_t>(begin)].target = Here();
  locals_.resize(mark);
  return Ok();
}

}  // namespace angler
