// Expressions: names, calls, members, lists and operators compiled to typed
// nodes, each checked against the type its place wants.
#include <algorithm>
#include <string>
#include <vector>

#include "dsl/parser.h"
#include "interpreter/compiler.h"
#include "interpreter/compiler_internal.h"
#include "interpreter/limits.h"

namespace angler {

Result<int> Compiler::CompileAt(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kNumber:
      return Const(Type::kInt, e.number);
    case Expr::Kind::kString:
      return Error(e.pos, "text in quotes is not a value here");
    case Expr::Kind::kName:
      return CompileName(e);
    case Expr::Kind::kCall:
      return CompileCall(e);
    case Expr::Kind::kMember:
      return CompileMember(e);
    case Expr::Kind::kList:
      return CompileList(e);
    case Expr::Kind::kBinary:
      return CompileBinary(e);
    case Expr::Kind::kUnary: {
      bool is_not = e.text == "not";
      auto x = Expect(*e.args[0], is_not ? Type::kBool : Type::kInt);
      if (!x) return x;
      Node n{is_not ? Op::kNot : Op::kNeg, is_not ? Type::kBool : Type::kInt};
      n.x = x.value();
      return AddNode(n);
    }
    case Expr::Kind::kWhere: {
      auto list = Expect(*e.args[0], Type::kCards);
      if (!list) return list;
      ++card_depth_;
      auto pred = Expect(*e.args[1], Type::kBool);
      --card_depth_;
      if (!pred) return pred;
      return Filter(list.value(), pred.value());
    }
    case Expr::Kind::kIf:
      return CompileIf(e);
    case Expr::Kind::kRange: {
      auto a = Expect(*e.args[0], Type::kInt);
      if (!a) return a;
      auto b = Expect(*e.args[1], Type::kInt);
      if (!b) return b;
      Node n{Op::kRange, Type::kInts};
      n.x = a.value();
      n.y = b.value();
      n.imm = static_cast<int64_t>(Type::kInt);
      return AddNode(n);
    }
    case Expr::Kind::kIndex:
      return CompileIndex(e);
  }
  return Error(e.pos, "unsupported expression");
}

// if c then a else b: both branches of one type.
Result<int> Compiler::CompileIf(const Expr& e) {
  auto c = Expect(*e.args[0], Type::kBool);
  if (!c) return c;
  auto a = Compile(*e.args[1]);
  if (!a) return a;
  auto b = Compile(*e.args[2]);
  if (!b) return b;
  Type ta = TypeOf(a.value()), tb = TypeOf(b.value());
  Type t = UnifyTypes(ta, tb);
  if (!TypeFits(ta, t) || !TypeFits(tb, t)) {
    return Error(e.args[2]->pos, std::string("both branches must have one type: ") +
                                     TypeName(ta) + " and " + TypeName(tb));
  }
  Node n{Op::kIf, t == Type::kZone ? Type::kCards : t};
  n.x = c.value();
  n.y = a.value();
  n.z = b.value();
  return AddNode(n);
}

// table[i]: the i-th entry of a table of numbers.
Result<int> Compiler::CompileIndex(const Expr& e) {
  const Expr& base = *e.args[0];
  auto it = base.kind == Expr::Kind::kName ? rules_.table_index.find(base.text)
                                           : rules_.table_index.end();
  if (it == rules_.table_index.end()) {
    std::vector<std::string> tables;
    for (const auto& [t, _] : rules_.table_index) tables.push_back(t);
    return Error(base.pos, WithSuggestion("only tables can be indexed; '" +
                                              ToString(base) + "' is not a table",
                                          ToString(base), tables));
  }
  read_.tables.insert(base.text);
  auto idx = Expect(*e.args[1], Type::kInt);
  if (!idx) return idx;
  Node n{Op::kTable, Type::kInt};
  n.a = it->second.first;
  n.b = it->second.second;
  n.x = idx.value();
  return AddNode(n);
}

// A variable named alone: one value for the game.
Result<int> Compiler::CompileVariableName(const Expr& e, const Variable& var) {
  const std::string& name = e.text;
  if (var.per_player) {
    return Error(e.pos, "'" + name + "' is kept per player: write " + name + "(player)");
  }
  Node n{Op::kGlobal, var.type};
  n.a = var.slot;
  return AddNode(n);
}

// A zone named alone: a shared zone, not a family of them.
Result<int> Compiler::CompileFamilyName(const Expr& e, const ZoneFamily& z) {
  const std::string& name = e.text;
  if (z.per_player) {
    return Error(e.pos,
                 "'" + name + "' is a zone per player: write " + name + "(player)");
  }
  if (z.indexed) {
    return Error(e.pos, "'" + name + "' is " + std::to_string(z.count) +
                            " numbered zones: write " + name + "(1) ... " + name + "(" +
                            std::to_string(z.count) + ")");
  }
  Node n{Op::kZone, Type::kZone};
  n.a = z.first;
  return AddNode(n);
}

// A define's body compiled at its use, its parameters bound to `bound`.
Result<int> Compiler::Expand(const Expr& use, const Macro& macro,
                             std::map<std::string, int> bound) {
  // A define met again inside its own expansion would be written out forever.
  if (std::find(expanding_.begin(), expanding_.end(), &macro) != expanding_.end())
    return Error(use.pos, "'" + use.text + "' is defined in terms of itself");
  // Many uses of a large define, each under the limit below, still add up.
  if (rules_.nodes.size() > static_cast<size_t>(kMaxNodes)) {
    return Error(use.pos,
                 "the rules grow too large once their defines are written out "
                 "(more than " +
                     std::to_string(kMaxNodes) + " parts in all)");
  }
  macro_args_.push_back(std::move(bound));
  expanding_.push_back(&macro);
  auto r = Compile(*macro.body);
  expanding_.pop_back();
  macro_args_.pop_back();
  if (!r) {
    auto errors = r.errors();
    errors.push_back(Error(use.pos, "in the use of '" + use.text + "' here"));
    return errors;
  }
  // Each use of a define is its body again: a define that uses another twice,
  // or its argument twice, nested n deep, is 2^n bodies. Stopped here, while
  // it is still small, not after hours.
  if (ExpandedSize(r.value()) > kMaxExpandedNodes) {
    return Error(use.pos, "'" + use.text +
                              "' grows too large once its defines are written out "
                              "(more than " +
                              std::to_string(kMaxExpandedNodes) +
                              " parts): defines that use a define or an argument twice, "
                              "nested deep");
  }
  return r;
}

Result<int> Compiler::CompileName(const Expr& e) {
  const std::string& name = e.text;
  for (auto it = macro_args_.rbegin(); it != macro_args_.rend(); ++it) {
    auto a = it->find(name);
    if (a != it->end()) return a->second;
    break;  // only the innermost expansion's parameters are visible
  }
  if (const Local* l = FindLocal(name)) {
    Node n{Op::kLocal, l->type};
    n.a = l->slot;
    return AddNode(n);
  }
  if (name == "none") return Const(Type::kVoid, kNone);
  if (name == "true") return Const(Type::kBool, 1);
  if (name == "false") return Const(Type::kBool, 0);
  if (name == "players") return AddNode(Node{Op::kPlayers, Type::kInt});
  if (name == "seats") return AddNode(Node{Op::kSeats, Type::kPlayers});
  if (name == "played") return AddNode(Node{Op::kPlayed, Type::kCards});
  if (name == "all_cards") return AddNode(Node{Op::kAllCards, Type::kCards});
  if (ctx_.in_effect && name == "self") return AddNode(Node{Op::kSelf, Type::kCard});
  if (ctx_.in_effect && name == "owner") return AddNode(Node{Op::kOwner, Type::kPlayer});
  if (card_depth_ > 0 && name == "card") return AddNode(Node{Op::kCard, Type::kCard});
  if (const int k = rules_.FindNumber(name); k >= 0) {
    read_.numbers.insert(name);
    return Const(Type::kInt, rules_.numbers[static_cast<size_t>(k)].value);
  }
  auto macro = macros_.find(name);
  if (macro != macros_.end()) {
    read_.defines.insert(name);
    if (!macro->second.params.empty()) {
      return Error(e.pos, "'" + name + "' needs " +
                              std::to_string(macro->second.params.size()) +
                              " argument(s)");
    }
    auto expansion = Expand(e, macro->second, {});
    if (!expansion) return expansion;
    return Shared(expansion.value());
  }
  int v = FindVariable(name);
  if (v >= 0) return CompileVariableName(e, rules_.variables[static_cast<size_t>(v)]);
  int f = rules_.FindFamily(name);
  if (f >= 0) return CompileFamilyName(e, rules_.zones[static_cast<size_t>(f)]);
  int s = rules_.FindSuit(name);
  if (s >= 0) return Const(Type::kSuit, s);
  for (size_t k = 0; k < rules_.kinds.size(); ++k) {
    if (rules_.kinds[k] == name) return Const(Type::kKind, static_cast<int64_t>(k));
  }
  for (const auto& [attr_name, attr] : CardAttributes()) {
    if (attr_name != name) continue;
    if (card_depth_ == 0) {
      return Error(e.pos, "'" + name + "' of which card? Write card." + name +
                              " or use it inside 'where'");
    }
    Node n{Op::kAttr, CardAttributeType(attr)};
    n.a = static_cast<int>(attr);
    n.x = AddNode(Node{Op::kCard, Type::kCard});
    return AddNode(n);
  }
  if (name == "self" || name == "owner") {
    return Error(e.pos, "'" + name + "' exists only inside a card effect");
  }
  if (name == "card") {
    return Error(e.pos, "'card' exists only inside 'where' and the play rules");
  }
  return Error(e.pos,
               WithSuggestion("unknown name '" + name + "'", name, NameCandidates()));
}

// The number of arguments a call takes, or an error naming the call.
Status Compiler::Arity(const Expr& e, size_t n) {
  if (e.args.size() == n) return Ok();
  return Error(e.pos, "'" + e.text + "' takes " + std::to_string(n) +
                          " argument(s), not " + std::to_string(e.args.size()));
}

// A call is, in this order: a define, a per-player variable, a zone family,
// ends / cards_of, tagged, or a built-in function.
Result<int> Compiler::CompileCall(const Expr& e) {
  const std::string& name = e.text;
  if (name == "choose" || name == "choose_suit" || name == "random") {
    return Error(e.pos,
                 "'" + name +
                     "' asks a player: use it as the source of 'move' or the value "
                     "of an assignment");
  }
  auto macro = macros_.find(name);
  if (macro != macros_.end()) return CompileDefineCall(e, macro->second);
  int v = FindVariable(name);
  if (v >= 0) return CompileVariableCall(e, rules_.variables[static_cast<size_t>(v)]);
  int f = rules_.FindFamily(name);
  if (f >= 0) return CompileFamilyCall(e, rules_.zones[static_cast<size_t>(f)]);
  if (name == "ends" || name == "cards_of") return CompileFamilyCards(e);
  if (name == "tagged") return CompileTagged(e);
  for (const auto& spec : BuiltinFunctions()) {
    if (name == spec.name) return CompileBuiltinCall(e, spec);
  }
  return UnknownFunction(e);
}

// name(args) of a define: its body with the arguments bound to its parameters.
Result<int> Compiler::CompileDefineCall(const Expr& e, const Macro& macro) {
  const std::string& name = e.text;
  read_.defines.insert(name);
  if (auto st = Arity(e, macro.params.size()); !st) return st.errors();
  // Arguments are shared nodes, except one that reads the judged card when
  // the body has a `where` of its own: inside it `card` means another card,
  // so the argument is evaluated first and bound by value.
  //
  // Slots go by nesting, so two uses of a define at the same depth compile to
  // the same nodes and share one value (Shared). A slot may be reused by
  // bindings never alive together, and only by those: this call's parameters
  // take the slots from `bound_depth_` on; its arguments bind past them (an
  // argument is evaluated once the lets before it have bound theirs); its
  // body binds past every slot an argument binds (an argument put in place
  // as it is runs inside the body, its own lets with it).
  const int base = bound_depth_;
  const int high_outside = bound_high_;
  bound_depth_ += static_cast<int>(macro.params.size());
  bound_high_ = bound_depth_;
  auto restore = [&] {
    bound_depth_ = base;
    bound_high_ = std::max(high_outside, bound_high_);
    rules_.bound_slots = std::max(rules_.bound_slots, bound_high_);
  };
  std::map<std::string, int> bound;
  std::vector<std::pair<int, int>> by_value;  // (slot, argument)
  for (size_t i = 0; i < e.args.size(); ++i) {
    auto a = Compile(*e.args[i]);
    if (!a) {
      restore();
      return a;
    }
    int arg = a.value();
    if (DependsOnCard(arg) && IsScalarType(TypeOf(arg)) &&
        UsedInFilter(*macro.body, macro.params[i], false)) {
      Node ref{Op::kBound, TypeOf(arg)};
      ref.a = base + static_cast<int>(i);
      by_value.emplace_back(ref.a, arg);
      arg = AddNode(ref);
    }
    bound[macro.params[i]] = arg;
  }
  bound_depth_ = bound_high_;
  auto r = Expand(e, macro, std::move(bound));
  restore();
  if (!r) return r;
  int body = r.value();
  for (auto it = by_value.rbegin(); it != by_value.rend(); ++it) {
    Node let{Op::kLetIn, TypeOf(body)};
    let.a = it->first;
    let.x = it->second;
    let.y = body;
    body = AddNode(let);
  }
  return Shared(body);
}

// var(player): a per-player variable of one seat.
Result<int> Compiler::CompileVariableCall(const Expr& e, const Variable& var) {
  const std::string& name = e.text;
  if (!var.per_player) {
    return Error(e.pos, "'" + name + "' is one value for the game: write just " + name);
  }
  if (auto st = Arity(e, 1); !st) return st.errors();
  auto p = Expect(*e.args[0], Type::kPlayer);
  if (!p) return p;
  Node n{Op::kPlayerVar, var.type};
  n.a = var.slot;
  n.x = p.value();
  return AddNode(n);
}

// family(player) or family(number): one zone of a per-player or indexed family.
Result<int> Compiler::CompileFamilyCall(const Expr& e, const ZoneFamily& z) {
  const std::string& name = e.text;
  if (!z.per_player && !z.indexed) {
    return Error(e.pos, "'" + name + "' is a shared zone: write just " + name);
  }
  if (auto st = Arity(e, 1); !st) return st.errors();
  auto p = Expect(*e.args[0], z.per_player ? Type::kPlayer : Type::kInt);
  if (!p) return p;
  Node n{Op::kFamilyZone, Type::kZone};
  n.a = z.first;
  n.b = z.per_player ? -1 : z.count;  // -1: as many as there are players
  n.imm = z.per_player ? 0 : 1;       // the first number
  n.x = p.value();
  return AddNode(n);
}

// ends(row): the top card of each pile of a family; cards_of(hand): all its cards.
Result<int> Compiler::CompileFamilyCards(const Expr& e) {
  const std::string& name = e.text;
  if (e.args.size() != 1 || e.args[0]->kind != Expr::Kind::kName ||
      rules_.FindFamily(e.args[0]->text) < 0) {
    std::vector<std::string> names;
    for (const auto& z : rules_.zones) names.push_back(z.name);
    std::string got = e.args.empty() ? "" : ToString(*e.args[0]);
    return Error(e.args.empty() ? e.pos : e.args[0]->pos,
                 WithSuggestion(name + " takes the name of a zone, not '" + got + "'",
                                got, names));
  }
  const ZoneFamily& z =
      rules_.zones[static_cast<size_t>(rules_.FindFamily(e.args[0]->text))];
  Node n{name == "ends" ? Op::kEnds : Op::kFamilyCards, Type::kCards};
  n.a = z.first;
  n.b = z.per_player ? -1 : z.count;
  return AddNode(n);
}

Result<int> Compiler::CompileTagged(const Expr& e) {
  // tagged(tag) looks at the card a filter is judging; tagged(card, tag) at any card.
  if (e.args.empty() || e.args.size() > 2) {
    return Error(e.pos, "tagged takes a tag, or a card and a tag: tagged(four_plus)");
  }
  int card;
  if (e.args.size() == 2) {
    auto c = Expect(*e.args[0], Type::kCard);
    if (!c) return c;
    card = c.value();
  } else if (card_depth_ > 0) {
    card = AddNode(Node{Op::kCard, Type::kCard});
  } else {
    return Error(
        e.pos, "tagged(tag) of which card? Write tagged(card, tag) or use it in 'where'");
  }
  const Expr& tag = *e.args.back();
  auto it = std::find(rules_.tags.begin(), rules_.tags.end(), tag.text);
  if (tag.kind != Expr::Kind::kName || it == rules_.tags.end()) {
    return Error(tag.pos,
                 WithSuggestion("unknown tag '" + tag.text + "'", tag.text, rules_.tags));
  }
  Node n{Op::kHasTag, Type::kBool};
  n.a = static_cast<int>(it - rules_.tags.begin());
  n.x = card;
  return AddNode(n);
}

// A function of the built-in list (compiler_internal.h), arguments typed by it.
Result<int> Compiler::CompileBuiltinCall(const Expr& e, const FunctionSpec& spec) {
  // top(zone) alone is the top card.
  if (spec.op == Op::kTopN && e.args.size() == 1) {
    auto z = Expect(*e.args[0], Type::kCards);
    if (!z) return z;
    Node n{Op::kLast, Type::kCard};
    n.x = z.value();
    return AddNode(OfZoneDirectly(n));
  }
  if (auto st = Arity(e, spec.args.size()); !st) return st.errors();
  Node n{spec.op, spec.result};
  int* slots[] = {&n.x, &n.y, &n.z};
  for (size_t i = 0; i < spec.args.size(); ++i) {
    Type want = spec.args[i] == Type::kZone ? Type::kCards : spec.args[i];
    auto a = Expect(*e.args[i], want);
    if (!a) return a;
    *slots[i] = a.value();
  }
  return AddNode(OfZoneDirectly(n));
}

// The count, first or last card of a zone (not of cards picked from one) read
// from the zone itself: its size, bottom or top, no list made.
Node Compiler::OfZoneDirectly(Node n) const {
  if (TypeOf(n.x) != Type::kZone) return n;
  if (n.op == Op::kCount) n.op = Op::kZoneSize;
  if (n.op == Op::kFirst) n.op = Op::kZoneFirst;
  if (n.op == Op::kLast) n.op = Op::kZoneLast;
  return n;
}

// No function of that name: the error suggests the nearest that is.
Result<int> Compiler::UnknownFunction(const Expr& e) {
  const std::string& name = e.text;
  std::vector<std::string> names;
  for (const auto& [m, _] : macros_) names.push_back(m);
  for (const auto& var : rules_.variables) {
    if (var.per_player) names.push_back(var.name);
  }
  for (const auto& z : rules_.zones) {
    if (z.per_player) names.push_back(z.name);
  }
  for (const auto& spec : BuiltinFunctions()) names.push_back(spec.name);
  names.push_back("choose");
  names.push_back("choose_suit");
  names.push_back("tagged");
  names.push_back("ends");
  names.push_back("cards_of");
  return Error(e.pos, WithSuggestion("unknown function '" + name + "'", name, names));
}

Result<int> Compiler::CompileMember(const Expr& e) {
  auto base = Expect(*e.args[0], Type::kCard);
  if (!base) return base;
  for (const auto& [attr_name, attr] : CardAttributes()) {
    if (attr_name != e.text) continue;
    Node n{Op::kAttr, CardAttributeType(attr)};
    n.a = static_cast<int>(attr);
    n.x = base.value();
    return AddNode(n);
  }
  std::vector<std::string> names;
  for (const auto& [a, _] : CardAttributes()) names.push_back(a);
  return Error(e.pos, WithSuggestion("a card has no '" + e.text + "'", e.text, names));
}

Result<int> Compiler::CompileList(const Expr& e) {
  // A list of constants: [blue, red], [1, 2, 3], [0, 2] of seats.
  Node n{Op::kList, Type::kInts};
  n.a = static_cast<int>(rules_.lists.size());
  n.b = static_cast<int>(e.args.size());
  Type element = Type::kVoid;
  std::vector<int64_t> values;
  for (const auto& item : e.args) {
    auto r = Compile(*item);
    if (!r) return r;
    const Node& c = rules_.nodes[static_cast<size_t>(r.value())];
    if (c.op != Op::kConst) return Error(item->pos, "a list holds only constants");
    if (element != Type::kVoid && c.type != element) {
      return Error(item->pos, "a list holds values of one type");
    }
    element = c.type;
    values.push_back(c.imm);
  }
  rules_.lists.insert(rules_.lists.end(), values.begin(), values.end());
  n.imm = static_cast<int64_t>(element);
  if (element == Type::kPlayer) n.type = Type::kPlayers;
  return AddNode(n);
}

Result<int> Compiler::CompileBinary(const Expr& e) {
  const std::string& op = e.text;
  auto a = Compile(*e.args[0]);
  if (!a) return a;
  Type ta = TypeOf(a.value());
  if (op == "and" || op == "or") {
    if (ta != Type::kBool) return Error(e.args[0]->pos, "expected a condition");
    auto b = Expect(*e.args[1], Type::kBool);
    if (!b) return b;
    Node n{op == "and" ? Op::kAnd : Op::kOr, Type::kBool};
    n.x = a.value();
    n.y = b.value();
    return AddNode(n);
  }
  auto b = Compile(*e.args[1]);
  if (!b) return b;
  Type tb = TypeOf(b.value());
  Node n{Op::kAdd, Type::kInt};
  n.x = a.value();
  n.y = b.value();
  bool cards_a = ta == Type::kCards || ta == Type::kZone;
  if (cards_a && (op == "-" || op == "+")) {
    if (tb != Type::kCard && tb != Type::kCards && tb != Type::kZone) {
      return Error(e.args[1]->pos, "expected a card or cards");
    }
    n.op = op == "-" ? Op::kMinus : Op::kConcat;
    n.type = Type::kCards;
    return AddNode(n);
  }
  static const std::vector<std::pair<std::string, Op>> kArith = {
      {"+", Op::kAdd}, {"-", Op::kSub}, {"*", Op::kMul}, {"/", Op::kDiv}, {"%", Op::kMod},
      {"<", Op::kLt},  {"<=", Op::kLe}, {">", Op::kGt},  {">=", Op::kGe}};
  for (const auto& [text, code] : kArith) {
    if (op != text) continue;
    // Seats are numbers too: (p - leader + players) % players.
    auto number = [](Type t) { return t == Type::kInt || t == Type::kPlayer; };
    if (!number(ta)) return Error(e.args[0]->pos, "expected a number");
    if (!number(tb)) return Error(e.args[1]->pos, "expected a number");
    n.op = code;
    n.type = (code >= Op::kLt) ? Type::kBool : Type::kInt;
    return AddNode(n);
  }
  if (op == "==" || op == "!=") {
    if (!IsScalarType(ta) && ta != Type::kVoid) {
      return Error(e.args[0]->pos, std::string("cannot compare ") + TypeName(ta));
    }
    if (!TypeFits(tb, ta) && !TypeFits(ta, tb)) {
      return Error(e.args[1]->pos, std::string("cannot compare ") + TypeName(ta) +
                                       " with " + TypeName(tb));
    }
    n.op = op == "==" ? Op::kEq : Op::kNe;
    n.type = Type::kBool;
    return AddNode(n);
  }
  if (op == "??") {
    Type t = UnifyTypes(ta, tb);
    if (!IsNullableType(t) || !TypeFits(ta, t) || !TypeFits(tb, t)) {
      return Error(e.pos, std::string("'?"
                                      "?' needs two cards, players or suits, not ") +
                              TypeName(ta) + " and " + TypeName(tb));
    }
    n.op = Op::kCoalesce;
    n.type = t;
    return AddNode(n);
  }
  if (op == "in") return CompileIn(e, n, ta, tb);
  return Error(e.pos, "unknown operator '" + op + "'");
}

// x in list: a card in cards, or a value in a list of players or numbers.
// `n` holds both operands (x, y) and their types are ta and tb.
Result<int> Compiler::CompileIn(const Expr& e, Node n, Type ta, Type tb) {
  if (tb == Type::kCards || tb == Type::kZone) {
    if (ta != Type::kCard) return Error(e.args[0]->pos, "only a card can be in cards");
    n.op = Op::kInCards;
    n.type = Type::kBool;
    return AddNode(n);
  }
  const Node& list = rules_.nodes[static_cast<size_t>(n.y)];
  Type element = tb == Type::kPlayers ? Type::kPlayer
                 : tb == Type::kInts  ? static_cast<Type>(list.imm)
                                      : Type::kVoid;
  bool empty_list = list.op == Op::kList && list.b == 0;
  if (element == Type::kVoid && !empty_list) {
    return Error(e.args[1]->pos, "expected a list after 'in'");
  }
  if (!empty_list && !TypeFits(ta, element)) {
    return Error(e.args[0]->pos, std::string("a list of ") + TypeName(element) +
                                     " cannot hold " + TypeName(ta));
  }
  n.op = Op::kIn;
  n.type = Type::kBool;
  return AddNode(n);
}

Result<int> Compiler::ZoneExpr(const Expr& e) {
  auto z = Compile(e);
  if (!z) return z;
  if (TypeOf(z.value()) != Type::kZone) {
    return Error(e.pos, std::string("expected a zone, but this is ") +
                            TypeName(TypeOf(z.value())));
  }
  return z;
}

}  // namespace angler
