#include "interpreter/compiler.h"

#include <algorithm>

#include "dsl/parser.h"

namespace angler {
namespace {

bool IsScalar(Type t) {
  return t == Type::kInt || t == Type::kBool || t == Type::kCard || t == Type::kPlayer ||
         t == Type::kSuit || t == Type::kKind;
}

// `none` (typed kVoid) stands for a missing card, player or suit.
bool Nullable(Type t) {
  return t == Type::kCard || t == Type::kPlayer || t == Type::kSuit;
}

bool Fits(Type have, Type want) {
  if (want == Type::kVoid || have == want) return true;
  if (have == Type::kVoid) return Nullable(want);
  // Seats are numbers.
  if ((want == Type::kPlayer && have == Type::kInt) ||
      (want == Type::kInt && have == Type::kPlayer)) {
    return true;
  }
  if (want == Type::kCards) return have == Type::kZone;
  return false;
}

Type Unify(Type a, Type b) { return a == Type::kVoid ? b : a; }

struct FunctionSpec {
  const char* name;
  Op op;
  std::vector<Type> args;
  Type result;
};

const std::vector<FunctionSpec>& Functions() {
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

const std::vector<std::pair<std::string, Attr>>& Attributes() {
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

Type AttrType(Attr a) {
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

}  // namespace

Compiler::Compiler(Ruleset& rules) : rules_(rules) {}

bool Compiler::AnyOnEnter() const {
  for (const auto& e : rules_.effects) {
    if (e.timing == Timing::kOnEnter) return true;
  }
  return false;
}

void Compiler::Define(const std::string& name, std::vector<std::string> params,
                      ExprPtr body) {
  macros_[name] = Macro{std::move(params), std::move(body)};
}

Diagnostic Compiler::Error(const SourcePos& pos, std::string message) const {
  return Diagnostic(pos, std::move(message));
}

int Compiler::AddNode(Node n) {
  // Peephole: fuse the shapes play rules and filters are made of.
  auto& nodes = rules_.nodes;
  auto at = [&](int i) -> const Node& { return nodes[static_cast<size_t>(i)]; };
  if (n.op == Op::kAttr && at(n.x).op == Op::kCard) {
    n.op = Op::kCardAttr;
    n.x = -1;
  }
  if ((n.op == Op::kEq || n.op == Op::kNe) && at(n.x).op == Op::kConst)
    std::swap(n.x, n.y);
  if ((n.op == Op::kEq || n.op == Op::kNe) && at(n.y).op == Op::kConst) {
    bool eq = n.op == Op::kEq;
    n.imm = at(n.y).imm;
    n.y = -1;
    if (at(n.x).op == Op::kCardAttr) {
      n.a = at(n.x).a;
      n.x = -1;
      n.op = eq ? Op::kCardAttrEq : Op::kCardAttrNe;
    } else {
      n.op = eq ? Op::kEqConst : Op::kNeConst;
    }
  }
  if (n.op == Op::kEq && at(n.y).op == Op::kCardAttr) std::swap(n.x, n.y);
  if (n.op == Op::kEq && at(n.x).op == Op::kCardAttr) {
    n.a = at(n.x).a;
    n.x = n.y;
    n.y = -1;
    n.op = Op::kCardAttrEqX;
  }
  if (n.op == Op::kOr || n.op == Op::kAnd) {
    // Chains become one node with a list, evaluated in a loop.
    Op flat = n.op == Op::kOr ? Op::kAnyOf : Op::kAllOf;
    std::vector<int64_t> children;
    for (int child : {n.x, n.y}) {
      const Node& c = at(child);
      if (c.op == flat) {
        for (int i = 0; i < c.b; ++i)
          children.push_back(rules_.lists[static_cast<size_t>(c.a + i)]);
      } else {
        children.push_back(child);
      }
    }
    n.op = flat;
    n.a = static_cast<int>(rules_.lists.size());
    n.b = static_cast<int>(children.size());
    n.x = n.y = -1;
    rules_.lists.insert(rules_.lists.end(), children.begin(), children.end());
  }
  nodes.push_back(n);
  rules_.node_pos.push_back(pos_);
  return static_cast<int>(rules_.nodes.size()) - 1;
}

void Compiler::BeginSection(const std::string& name, const SourcePos& pos) {
  auto& sections = rules_.sections;
  auto at = std::find(sections.begin(), sections.end(), name);
  section_ = static_cast<int16_t>(at - sections.begin());
  if (at == sections.end()) sections.push_back(name);
  origin_ = pos;
}

int Compiler::Emit(const Instr& in) {
  rules_.code.push_back(in);
  Instr& added = rules_.code.back();
  added.section = section_;
  if (added.pos.line == 0) added.pos = origin_;
  return static_cast<int>(rules_.code.size()) - 1;
}

int Compiler::Const(Type t, int64_t v) {
  Node n{Op::kConst, t};
  n.imm = v;
  return AddNode(n);
}

int Compiler::NewLocal(const std::string& name, Type t) {
  int slot = static_cast<int>(locals_.size());
  locals_.push_back({name, slot, t});
  max_locals_ = std::max(max_locals_, slot + 1);
  return slot;
}

const Compiler::Local* Compiler::FindLocal(const std::string& name) const {
  for (auto it = locals_.rbegin(); it != locals_.rend(); ++it) {
    if (it->name == name) return &*it;
  }
  return nullptr;
}

std::vector<std::string> Compiler::NameCandidates() const {
  std::vector<std::string> names = {"none",  "true",   "false",    "players",
                                    "seats", "played", "all_cards"};
  if (ctx_.in_effect) {
    names.push_back("self");
    names.push_back("owner");
  }
  for (const auto& l : locals_) names.push_back(l.name);
  for (const auto& [n, m] : macros_) names.push_back(n);
  for (const auto& v : rules_.variables) names.push_back(v.name);
  for (const auto& z : rules_.zones) names.push_back(z.name);
  for (const auto& s : rules_.suits) names.push_back(s);
  for (const auto& k : rules_.kinds) names.push_back(k);
  for (const auto& [t, _] : rules_.table_index) names.push_back(t);
  if (card_depth_ > 0) {
    names.push_back("card");
    for (const auto& [a, _] : Attributes()) names.push_back(a);
  }
  for (const auto& f : Functions()) names.push_back(f.name);
  return names;
}

// Whether `param` is named inside the condition of a `where` in e.
bool Compiler::UsedInFilter(const Expr& e, const std::string& param, bool inside) {
  if (inside && e.kind == Expr::Kind::kName && e.text == param) return true;
  for (size_t i = 0; i < e.args.size(); ++i) {
    bool in_pred = inside || (e.kind == Expr::Kind::kWhere && i == 1);
    if (UsedInFilter(*e.args[i], param, in_pred)) return true;
  }
  return false;
}

bool Compiler::DependsOnCard(int node) const {
  if (node < 0) return false;
  const Node& n = rules_.nodes[static_cast<size_t>(node)];
  // A bound argument may hold the judged card: never hoisted.
  if (n.op == Op::kCard || n.op == Op::kCardAttr || n.op == Op::kCardAttrEq ||
      n.op == Op::kCardAttrNe || n.op == Op::kCardAttrEqX || n.op == Op::kBound) {
    return true;
  }
  // A nested filter binds its own card in its predicate.
  if (n.op == Op::kFilter) return DependsOnCard(n.x);
  if (n.op == Op::kAnyOf || n.op == Op::kAllOf) {
    for (int i = 0; i < n.b; ++i) {
      if (DependsOnCard(static_cast<int>(rules_.lists[static_cast<size_t>(n.a + i)])))
        return true;
    }
    return false;
  }
  return DependsOnCard(n.x) || DependsOnCard(n.y) || DependsOnCard(n.z);
}

// Returns `node` rewritten so its maximal card-independent scalar parts are
// cached. Dependent nodes are copied, never changed: nodes may be shared.
int Compiler::Hoist(int node) {
  if (node < 0) return node;
  Node n = rules_.nodes[static_cast<size_t>(node)];
  if (!DependsOnCard(node)) {
    // Constants, variables, zones: cheaper than a cache.
    bool leaf = n.x < 0 && n.op != Op::kAnyOf && n.op != Op::kAllOf;
    if (leaf || !IsScalar(n.type) || n.op == Op::kCached) return node;
    Node cached{Op::kCached, n.type};
    cached.a = rules_.cache_slots++;
    cached.x = node;
    return AddNode(cached);
  }
  if (n.op == Op::kAnyOf || n.op == Op::kAllOf) {
    // Card-independent operands first: they are cached, so they cost a load
    // and often decide the clause for every card. And/or are pure, so order
    // does not change the result.
    std::vector<int64_t> fixed, varying;
    for (int i = 0; i < n.b; ++i) {
      int child = static_cast<int>(rules_.lists[static_cast<size_t>(n.a + i)]);
      (DependsOnCard(child) ? varying : fixed).push_back(Hoist(child));
    }
    std::vector<int64_t> children = fixed;
    children.insert(children.end(), varying.begin(), varying.end());
    n.imm = static_cast<int64_t>(fixed.size());  // the leading card-independent operands
    n.a = static_cast<int>(rules_.lists.size());
    rules_.lists.insert(rules_.lists.end(), children.begin(), children.end());
    return AddNode(n);
  }
  if (n.x < 0) return node;  // a dependent leaf
  n.x = Hoist(n.x);
  if (n.op != Op::kFilter) {
    n.y = Hoist(n.y);
    n.z = Hoist(n.z);
  }
  return AddNode(n);
}

int Compiler::Filter(int cards, int pred) {
  Node n{Op::kFilter, Type::kCards};
  n.x = cards;
  n.a = rules_.cache_slots;
  n.y = Hoist(pred);
  n.b = rules_.cache_slots;
  return AddNode(n);
}

Result<int> Compiler::Expression(const Expr& e, Type want, const CodeContext& ctx) {
  ctx_ = ctx;
  locals_.clear();
  card_depth_ = ctx.has_card ? 1 : 0;
  for (const auto& [name, type] : ctx.params) NewLocal(name, type);
  return Expect(e, want);
}

Result<int> Compiler::Expect(const Expr& e, Type want) {
  auto r = Compile(e);
  if (!r) return r;
  Type have = TypeOf(r.value());
  if (!Fits(have, want)) {
    return Error(e.pos, std::string("expected ") + TypeName(want) + ", but this is " +
                            TypeName(have));
  }
  return r;
}

// Every node made while compiling e remembers e's place (runtime errors).
Result<int> Compiler::Compile(const Expr& e) {
  SourcePos outer = std::move(pos_);
  pos_ = e.pos;
  Result<int> r = CompileAt(e);
  pos_ = std::move(outer);
  return r;
}

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
    case Expr::Kind::kIf: {
      auto c = Expect(*e.args[0], Type::kBool);
      if (!c) return c;
      auto a = Compile(*e.args[1]);
      if (!a) return a;
      auto b = Compile(*e.args[2]);
      if (!b) return b;
      Type ta = TypeOf(a.value()), tb = TypeOf(b.value());
      Type t = Unify(ta, tb);
      if (!Fits(ta, t) || !Fits(tb, t)) {
        return Error(e.args[2]->pos, std::string("both branches must have one type: ") +
                                         TypeName(ta) + " and " + TypeName(tb));
      }
      Node n{Op::kIf, t == Type::kZone ? Type::kCards : t};
      n.x = c.value();
      n.y = a.value();
      n.z = b.value();
      return AddNode(n);
    }
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
    case Expr::Kind::kIndex: {
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
      auto idx = Expect(*e.args[1], Type::kInt);
      if (!idx) return idx;
      Node n{Op::kTable, Type::kInt};
      n.a = it->second.first;
      n.b = it->second.second;
      n.x = idx.value();
      return AddNode(n);
    }
  }
  return Error(e.pos, "unsupported expression");
}

// A define's body compiled at its use, its parameters bound to `bound`.
Result<int> Compiler::Expand(const Expr& use, const Macro& macro,
                             std::map<std::string, int> bound) {
  if (++macro_depth_ > 32) {
    --macro_depth_;
    return Error(use.pos, "'" + use.text + "' is defined in terms of itself");
  }
  macro_args_.push_back(std::move(bound));
  auto r = Compile(*macro.body);
  macro_args_.pop_back();
  --macro_depth_;
  if (!r) {
    auto errors = r.errors();
    errors.push_back(Error(use.pos, "in the use of '" + use.text + "' here"));
    return errors;
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
  auto macro = macros_.find(name);
  if (macro != macros_.end()) {
    if (!macro->second.params.empty()) {
      return Error(e.pos, "'" + name + "' needs " +
                              std::to_string(macro->second.params.size()) +
                              " argument(s)");
    }
    return Expand(e, macro->second, {});
  }
  int v = rules_.FindVariable(name);
  if (v >= 0) {
    const Variable& var = rules_.variables[static_cast<size_t>(v)];
    if (var.per_player) {
      return Error(e.pos,
                   "'" + name + "' is kept per player: write " + name + "(player)");
    }
    Node n{Op::kGlobal, var.type};
    n.a = var.slot;
    return AddNode(n);
  }
  int f = rules_.FindFamily(name);
  if (f >= 0) {
    const ZoneFamily& z = rules_.zones[static_cast<size_t>(f)];
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
  int s = rules_.FindSuit(name);
  if (s >= 0) return Const(Type::kSuit, s);
  for (size_t k = 0; k < rules_.kinds.size(); ++k) {
    if (rules_.kinds[k] == name) return Const(Type::kKind, static_cast<int64_t>(k));
  }
  for (const auto& [attr_name, attr] : Attributes()) {
    if (attr_name != name) continue;
    if (card_depth_ == 0) {
      return Error(e.pos, "'" + name + "' of which card? Write card." + name +
                              " or use it inside 'where'");
    }
    Node n{Op::kAttr, AttrType(attr)};
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

Result<int> Compiler::CompileCall(const Expr& e) {
  const std::string& name = e.text;
  auto arity = [&](size_t n) -> Status {
    if (e.args.size() == n) return Ok();
    return Error(e.pos, "'" + name + "' takes " + std::to_string(n) +
                            " argument(s), not " + std::to_string(e.args.size()));
  };
  if (name == "choose" || name == "choose_suit" || name == "random") {
    return Error(e.pos,
                 "'" + name +
                     "' asks a player: use it as the source of 'move' or the value "
                     "of an assignment");
  }
  auto macro = macros_.find(name);
  if (macro != macros_.end()) {
    if (auto st = arity(macro->second.params.size()); !st) return st.errors();
    // Arguments are shared nodes, except one that reads the judged card when
    // the body has a `where` of its own: inside it `card` means another card,
    // so the argument is evaluated first and bound by value.
    std::map<std::string, int> bound;
    std::vector<std::pair<int, int>> by_value;  // (slot, argument)
    for (size_t i = 0; i < e.args.size(); ++i) {
      auto a = Compile(*e.args[i]);
      if (!a) return a;
      int arg = a.value();
      if (DependsOnCard(arg) && IsScalar(TypeOf(arg)) &&
          UsedInFilter(*macro->second.body, macro->second.params[i], false)) {
        Node ref{Op::kBound, TypeOf(arg)};
        ref.a = rules_.bound_slots++;
        by_value.emplace_back(ref.a, arg);
        arg = AddNode(ref);
      }
      bound[macro->second.params[i]] = arg;
    }
    auto r = Expand(e, macro->second, std::move(bound));
    if (!r) return r;
    int body = r.value();
    for (auto it = by_value.rbegin(); it != by_value.rend(); ++it) {
      Node let{Op::kLetIn, TypeOf(body)};
      let.a = it->first;
      let.x = it->second;
      let.y = body;
      body = AddNode(let);
    }
    return body;
  }
  int v = rules_.FindVariable(name);
  if (v >= 0) {
    const Variable& var = rules_.variables[static_cast<size_t>(v)];
    if (!var.per_player) {
      return Error(e.pos, "'" + name + "' is one value for the game: write just " + name);
    }
    if (auto st = arity(1); !st) return st.errors();
    auto p = Expect(*e.args[0], Type::kPlayer);
    if (!p) return p;
    Node n{Op::kPlayerVar, var.type};
    n.a = var.slot;
    n.x = p.value();
    return AddNode(n);
  }
  int f = rules_.FindFamily(name);
  if (f >= 0) {
    const ZoneFamily& z = rules_.zones[static_cast<size_t>(f)];
    if (!z.per_player && !z.indexed) {
      return Error(e.pos, "'" + name + "' is a shared zone: write just " + name);
    }
    if (auto st = arity(1); !st) return st.errors();
    auto p = Expect(*e.args[0], z.per_player ? Type::kPlayer : Type::kInt);
    if (!p) return p;
    Node n{Op::kFamilyZone, Type::kZone};
    n.a = z.first;
    n.b = z.per_player ? -1 : z.count;  // -1: as many as there are players
    n.imm = z.per_player ? 0 : 1;       // the first number
    n.x = p.value();
    return AddNode(n);
  }
  if (name == "ends" || name == "cards_of") {
    // ends(row): the top card of each pile of a family; cards_of(hand): all its cards.
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
  if (name == "tagged") {
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
          e.pos,
          "tagged(tag) of which card? Write tagged(card, tag) or use it in 'where'");
    }
    const Expr& tag = *e.args.back();
    auto it = std::find(rules_.tags.begin(), rules_.tags.end(), tag.text);
    if (tag.kind != Expr::Kind::kName || it == rules_.tags.end()) {
      return Error(tag.pos, WithSuggestion("unknown tag '" + tag.text + "'", tag.text,
                                           rules_.tags));
    }
    Node n{Op::kHasTag, Type::kBool};
    n.a = static_cast<int>(it - rules_.tags.begin());
    n.x = card;
    return AddNode(n);
  }
  for (const auto& spec : Functions()) {
    if (name != spec.name) continue;
    // top(zone) alone is the top card.
    if (spec.op == Op::kTopN && e.args.size() == 1) {
      auto z = Expect(*e.args[0], Type::kCards);
      if (!z) return z;
      Node n{Op::kLast, Type::kCard};
      n.x = z.value();
      return AddNode(n);
    }
    if (auto st = arity(spec.args.size()); !st) return st.errors();
    Node n{spec.op, spec.result};
    int* slots[] = {&n.x, &n.y, &n.z};
    for (size_t i = 0; i < spec.args.size(); ++i) {
      Type want = spec.args[i] == Type::kZone ? Type::kCards : spec.args[i];
      auto a = Expect(*e.args[i], want);
      if (!a) return a;
      *slots[i] = a.value();
    }
    return AddNode(n);
  }
  std::vector<std::string> names;
  for (const auto& [m, _] : macros_) names.push_back(m);
  for (const auto& var : rules_.variables) {
    if (var.per_player) names.push_back(var.name);
  }
  for (const auto& z : rules_.zones) {
    if (z.per_player) names.push_back(z.name);
  }
  for (const auto& spec : Functions()) names.push_back(spec.name);
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
  for (const auto& [attr_name, attr] : Attributes()) {
    if (attr_name != e.text) continue;
    Node n{Op::kAttr, AttrType(attr)};
    n.a = static_cast<int>(attr);
    n.x = base.value();
    return AddNode(n);
  }
  std::vector<std::string> names;
  for (const auto& [a, _] : Attributes()) names.push_back(a);
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
    if (!IsScalar(ta) && ta != Type::kVoid) {
      return Error(e.args[0]->pos, std::string("cannot compare ") + TypeName(ta));
    }
    if (!Fits(tb, ta) && !Fits(ta, tb)) {
      return Error(e.args[1]->pos, std::string("cannot compare ") + TypeName(ta) +
                                       " with " + TypeName(tb));
    }
    n.op = op == "==" ? Op::kEq : Op::kNe;
    n.type = Type::kBool;
    return AddNode(n);
  }
  if (op == "??") {
    Type t = Unify(ta, tb);
    if (!Nullable(t) || !Fits(ta, t) || !Fits(tb, t)) {
      return Error(e.pos, std::string("'?"
                                      "?' needs two cards, players or suits, not ") +
                              TypeName(ta) + " and " + TypeName(tb));
    }
    n.op = Op::kCoalesce;
    n.type = t;
    return AddNode(n);
  }
  if (op == "in" && (tb == Type::kCards || tb == Type::kZone)) {
    if (ta != Type::kCard) return Error(e.args[0]->pos, "only a card can be in cards");
    n.op = Op::kInCards;
    n.type = Type::kBool;
    return AddNode(n);
  }
  if (op == "in") {
    const Node& list = rules_.nodes[static_cast<size_t>(b.value())];
    Type element = tb == Type::kPlayers ? Type::kPlayer
                   : tb == Type::kInts  ? static_cast<Type>(list.imm)
                                        : Type::kVoid;
    bool empty_list = list.op == Op::kList && list.b == 0;
    if (element == Type::kVoid && !empty_list) {
      return Error(e.args[1]->pos, "expected a list after 'in'");
    }
    if (!empty_list && !Fits(ta, element)) {
      return Error(e.args[0]->pos, std::string("a list of ") + TypeName(element) +
                                       " cannot hold " + TypeName(ta));
    }
    n.op = Op::kIn;
    n.type = Type::kBool;
    return AddNode(n);
  }
  return Error(e.pos, "unknown operator '" + op + "'");
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
  auto block = [&](const Block& b) -> Status {
    size_t mark = locals_.size();
    for (const auto& inner : b) {
      auto st = Statement(*inner);
      if (!st) return st;
    }
    locals_.resize(mark);
    return Ok();
  };
  Instr in;
  in.pos = s.pos;
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
    case Stmt::Kind::kShuffle: {
      auto z = ZoneExpr(*s.exprs[0]);
      if (!z) return z.errors();
      in.code = Code::kShuffle;
      in.e0 = z.value();
      Emit(in);
      return Ok();
    }
    case Stmt::Kind::kDeal: {
      auto z = Expect(*s.exprs[0], Type::kCards);
      if (!z) return z.errors();
      int f = rules_.FindFamily(s.text);
      if (f < 0 || !rules_.zones[static_cast<size_t>(f)].per_player) {
        std::vector<std::string> names;
        for (const auto& zf : rules_.zones) {
          if (zf.per_player) names.push_back(zf.name);
        }
        return Error(s.pos, WithSuggestion(
                                "deal needs a zone kept per player, not '" + s.text + "'",
                                s.text, names));
      }
      in.code = Code::kDeal;
      in.e0 = z.value();
      in.slot = static_cast<int16_t>(f);
      Emit(in);
      if (AnyOnEnter()) Emit(Instr{Code::kRunTriggers});
      return Ok();
    }
    case Stmt::Kind::kAssign:
      return Assign(s);
    case Stmt::Kind::kLet: {
      auto v = Compile(*s.exprs[0]);
      if (!v) return v.errors();
      Type t = TypeOf(v.value());
      if (!IsScalar(t)) {
        return Error(s.pos, std::string("let holds a single value, not ") + TypeName(t));
      }
      in.code = Code::kSetLocal;
      in.slot = static_cast<int16_t>(NewLocal(s.text, t));
      in.e0 = v.value();
      Emit(in);
      return Ok();
    }
    case Stmt::Kind::kIf: {
      auto c = Expect(*s.exprs[0], Type::kBool);
      if (!c) return c.errors();
      in.code = Code::kJumpIfNot;
      in.e0 = c.value();
      int jump = Emit(in);
      if (auto st = block(s.body); !st) return st;
      if (s.orelse.empty()) {
        rules_.code[static_cast<size_t>(jump)].target = Here();
        return Ok();
      }
      int skip = Emit(Instr{Code::kJump});
      rules_.code[static_cast<size_t>(jump)].target = Here();
      if (auto st = block(s.orelse); !st) return st;
      rules_.code[static_cast<size_t>(skip)].target = Here();
      return Ok();
    }
    case Stmt::Kind::kFor:
      return For(s);
    case Stmt::Kind::kRepeat: {
      auto n = Expect(*s.exprs[0], Type::kInt);
      if (!n) return n.errors();
      Node range{Op::kRange, Type::kInts};
      range.x = Const(Type::kInt, 1);
      range.y = n.value();
      range.imm = static_cast<int64_t>(Type::kInt);
      size_t mark = locals_.size();
      in.code = Code::kForBegin;
      in.e0 = AddNode(range);
      in.slot = static_cast<int16_t>(NewLocal(" repeat", Type::kInt));
      int begin = Emit(in);
      if (auto st = block(s.body); !st) return st;
      Instr next{Code::kForNext};
      next.slot = in.slot;
      next.target = begin + 1;
      Emit(next);
      rules_.code[static_cast<size_t>(begin)].target = Here();
      locals_.resize(mark);
      return Ok();
    }
    case Stmt::Kind::kEndGame: {
      auto& reasons = rules_.end_reasons;
      std::string reason = s.text.empty() ? "ended" : s.text;
      auto it = std::find(reasons.begin(), reasons.end(), reason);
      if (it == reasons.end()) it = reasons.insert(reasons.end(), reason);
      in.code = Code::kEndGame;
      in.slot = static_cast<int16_t>(it - reasons.begin());
      Emit(in);
      return Ok();
    }
    case Stmt::Kind::kCall: {
      const Expr& call = *s.exprs[0];
      if (call.kind == Expr::Kind::kCall && call.text == "search" && call.args.empty()) {
        if (rules_.search_active < 0) {
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
  }
  return Error(s.pos, "unsupported statement");
}

Status Compiler::Move(const Stmt& s) {
  const Expr& src = *s.exprs[0];
  Instr in;
  in.pos = s.pos;
  in.flag = s.text == "bottom" ? 1 : 0;
  if (src.kind == Expr::Kind::kCall && src.text == "choose") {
    if (src.args.size() != 3) {
      return Error(src.pos,
                   "choose takes a player, a number and cards: "
                   "choose(owner, 1, trick - self)");
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
    choose.pos = s.pos;
    choose.e0 = p.value();
    choose.e1 = n.value();
    choose.e2 = cards.value();
    Emit(choose);
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
  Emit(in);
  if (AnyOnEnter()) Emit(Instr{Code::kRunTriggers});
  return Ok();
}

Status Compiler::Assign(const Stmt& s) {
  const Expr& target = *s.exprs[0];
  const Expr& value = *s.exprs[1];
  Instr in;
  in.pos = s.pos;
  if (s.text == "=") {
    in.op = 0;
  } else if (s.text == "+=") {
    in.op = 1;
  } else if (s.text == "-=") {
    in.op = 2;
  } else {
    return Error(s.pos, "unknown assignment '" + s.text + "'");
  }
  Type want = Type::kVoid;
  if (target.kind == Expr::Kind::kName) {
    if (const Local* l = FindLocal(target.text)) {
      in.code = Code::kSetLocal;
      in.slot = static_cast<int16_t>(l->slot);
      want = l->type;
    } else {
      int v = rules_.FindVariable(target.text);
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
      want = var.type;
    }
  } else if (target.kind == Expr::Kind::kCall && rules_.FindVariable(target.text) >= 0) {
    const Variable& var =
        rules_.variables[static_cast<size_t>(rules_.FindVariable(target.text))];
    if (!var.per_player || target.args.size() != 1) {
      return Error(target.pos, "'" + target.text + "' is one value for the game: write " +
                                   target.text + " = ...");
    }
    auto p = Expect(*target.args[0], Type::kPlayer);
    if (!p) return p.errors();
    in.code = Code::kSetPlayerVar;
    in.slot = static_cast<int16_t>(var.slot);
    in.e1 = p.value();
    want = var.type;
  } else {
    return Error(target.pos, "only a variable can be assigned");
  }
  if (want == Type::kPlayer) in.flag = kStoresSeat;
  if (in.op != 0 && want != Type::kInt) {
    return Error(s.pos, "'" + s.text + "' needs a number variable");
  }
  if (value.kind == Expr::Kind::kCall && value.text == "random") {
    // Chance picks one value of a list; the outcome is a recorded action.
    if (value.args.size() != 1) {
      return Error(value.pos,
                   "random takes a list or a range: random([left, right]), random(1..6)");
    }
    auto l = Expect(*value.args[0], Type::kInts);
    if (!l) return l.errors();
    Type element = static_cast<Type>(rules_.nodes[static_cast<size_t>(l.value())].imm);
    if (!Fits(element, want)) {
      return Error(value.pos, std::string("random gives ") + TypeName(element) +
                                  ", the variable holds " + TypeName(want));
    }
    Instr pick{Code::kChooseOption};
    pick.pos = s.pos;
    pick.e0 = -1;  // nobody: chance
    pick.e1 = l.value();
    Emit(pick);
    in.e0 = AddNode(Node{Op::kChosenValue, element});
  } else if (value.kind == Expr::Kind::kCall &&
             (value.text == "choose_suit" || value.text == "choose")) {
    // An option choice: the player picks one value of a list.
    if (value.args.empty() || value.args.size() > 2) {
      return Error(value.pos, value.text + " takes a player and a list: " + value.text +
                                  "(owner, [blue, red])");
    }
    auto p = Expect(*value.args[0], Type::kPlayer);
    if (!p) return p.errors();
    int list;
    if (value.args.size() == 2) {
      auto l = Expect(*value.args[1], Type::kInts);
      if (!l) return l.errors();
      list = l.value();
    } else if (value.text == "choose_suit") {
      Node all{Op::kList, Type::kInts};
      all.a = static_cast<int>(rules_.lists.size());
      all.b = static_cast<int>(rules_.suits.size());
      all.imm = static_cast<int64_t>(Type::kSuit);
      for (size_t i = 0; i < rules_.suits.size(); ++i) rules_.lists.push_back(int64_t(i));
      list = AddNode(all);
    } else {
      return Error(value.pos, "choose needs a list of values to pick from");
    }
    Type element = static_cast<Type>(rules_.nodes[static_cast<size_t>(list)].imm);
    if (!Fits(element, want)) {
      return Error(value.pos, std::string("the choice gives ") + TypeName(element) +
                                  ", the variable holds " + TypeName(want));
    }
    Instr choose{Code::kChooseOption};
    choose.pos = s.pos;
    choose.e0 = p.value();
    choose.e1 = list;
    Emit(choose);
    in.e0 = AddNode(Node{Op::kChosenValue, element});
  } else {
    auto v = Expect(value, want);
    if (!v) return v.errors();
    in.e0 = v.value();
  }
  Emit(in);
  return Ok();
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
  in.pos = s.pos;
  in.e0 = list.value();
  in.slot = static_cast<int16_t>(NewLocal(s.text, element));
  std::vector<int64_t> keys;
  for (size_t i = 1; i < s.exprs.size(); ++i) {
    auto k = Compile(*s.exprs[i]);
    if (!k) return k.errors();
    if (!IsScalar(TypeOf(k.value()))) {
      return Error(s.exprs[i]->pos, "a sort key must be a single value");
    }
    keys.push_back(k.value());
  }
  in.a = static_cast<int>(rules_.lists.size());
  in.b = static_cast<int>(keys.size());
  rules_.lists.insert(rules_.lists.end(), keys.begin(), keys.end());
  int begin = Emit(in);
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
