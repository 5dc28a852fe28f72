#include "interpreter/compiler.h"

#include <algorithm>
#include <cstdint>

#include "dsl/parser.h"
#include "interpreter/compiler_internal.h"
#include "interpreter/limits.h"
#include "interpreter/node_walk.h"

namespace angler {

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
  // A number and a constant: one node, x + imm. Not for - INT64_MIN, whose
  // negation does not exist (x - c overflows exactly when x + -c does).
  if (n.op == Op::kAdd && at(n.x).op == Op::kConst) std::swap(n.x, n.y);
  if ((n.op == Op::kAdd || n.op == Op::kSub) && at(n.y).op == Op::kConst &&
      !(n.op == Op::kSub && at(n.y).imm == INT64_MIN)) {
    n.imm = n.op == Op::kSub ? -at(n.y).imm : at(n.y).imm;
    n.op = Op::kAddConst;
    n.y = -1;
  }
  if (n.op == Op::kEq && at(n.y).op == Op::kCardAttr) std::swap(n.x, n.y);
  if (n.op == Op::kEq && at(n.x).op == Op::kCardAttr) {
    n.a = at(n.x).a;
    n.x = n.y;
    n.y = -1;
    n.op = Op::kCardAttrEqX;
  }
  if (n.op == Op::kOr || n.op == Op::kAnd)
    return Chain(n.op == Op::kOr ? Op::kAnyOf : Op::kAllOf, {n.x, n.y});
  nodes.push_back(n);
  rules_.node_pos.push_back(pos_);
  return static_cast<int>(rules_.nodes.size()) - 1;
}

int Compiler::AllOf(const std::vector<int>& conditions) {
  return Chain(Op::kAllOf, conditions);
}

int Compiler::Chain(Op flat, const std::vector<int>& operands) {
  // Chains become one node with a list, evaluated in a loop: an operand that
  // is itself such a node lends its list, so no partial chain is left unused.
  std::vector<int64_t> children;
  for (int operand : operands) {
    const Node& c = rules_.nodes[static_cast<size_t>(operand)];
    if (c.op != flat) {
      children.push_back(operand);
      continue;
    }
    for (int i = 0; i < c.b; ++i)
      children.push_back(rules_.lists[static_cast<size_t>(c.a + i)]);
  }
  Node n{flat, Type::kBool};
  n.a = static_cast<int>(rules_.lists.size());
  n.b = static_cast<int>(children.size());
  rules_.lists.insert(rules_.lists.end(), children.begin(), children.end());
  return AddNode(n);
}

void Compiler::BeginSection(const std::string& name, const SourcePos& pos) {
  auto& sections = rules_.sections;
  auto at = std::find(sections.begin(), sections.end(), name);
  section_ = static_cast<int16_t>(at - sections.begin());
  if (at == sections.end()) sections.push_back(name);
  origin_ = pos;
}

int Compiler::Emit(const Instr& in, const SourcePos& pos) {
  rules_.code.push_back(in);
  rules_.code.back().section = section_;
  rules_.code_pos.push_back(pos.line == 0 ? origin_ : pos);
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

int Compiler::FindVariable(const std::string& name) {
  const int v = rules_.FindVariable(name);
  if (v >= 0) read_.variables.insert(name);
  return v;
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
  for (const auto& n : rules_.numbers) names.push_back(n.name);
  for (const auto& v : rules_.variables) names.push_back(v.name);
  for (const auto& z : rules_.zones) names.push_back(z.name);
  for (const auto& s : rules_.suits) names.push_back(s);
  for (const auto& k : rules_.kinds) names.push_back(k);
  for (const auto& [t, _] : rules_.table_index) names.push_back(t);
  if (card_depth_ > 0) {
    names.push_back("card");
    for (const auto& [a, _] : CardAttributes()) names.push_back(a);
  }
  for (const auto& f : BuiltinFunctions()) names.push_back(f.name);
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

Compiler::NodeFacts& Compiler::Facts(int node) {
  if (facts_.size() < rules_.nodes.size()) facts_.resize(rules_.nodes.size());
  return facts_[static_cast<size_t>(node)];
}

template <typename Own>
bool Compiler::AnyBelow(int node, int8_t NodeFacts::*fact, Own own) {
  if (node < 0) return false;
  if (const int8_t known = Facts(node).*fact; known >= 0) return known;
  bool yes = own(rules_.nodes[static_cast<size_t>(node)]);
  if (!yes) {
    ForEachChild(rules_, node, [&](int c) { yes = yes || AnyBelow(c, fact, own); });
  }
  Facts(node).*fact = yes;  // not a reference held across the walk: it may grow
  return yes;
}

bool Compiler::DependsOnCard(int node) {
  if (node < 0) return false;
  if (const int8_t known = Facts(node).depends_on_card; known >= 0) return known;
  const Node n = rules_.nodes[static_cast<size_t>(node)];
  bool yes = false;
  if (n.op == Op::kCard || n.op == Op::kCardAttr || n.op == Op::kCardAttrEq ||
      n.op == Op::kCardAttrNe || n.op == Op::kCardAttrEqX || n.op == Op::kBound) {
    // A bound argument may hold the judged card: never hoisted.
    yes = true;
  } else if (n.op == Op::kFilter || n.op == Op::kSetFilter) {
    // A nested filter binds its own card in its predicate; but a value bound
    // outside it (a define's argument such as the judged card's suit) may be
    // the judged card's, so a predicate that reads one depends on the card.
    yes = DependsOnCard(n.x) || ReadsBound(n.op == Op::kFilter ? n.y : n.z);
  } else {
    ForEachChild(rules_, node, [&](int c) { yes = yes || DependsOnCard(c); });
  }
  Facts(node).depends_on_card = yes;
  return yes;
}

bool Compiler::ReadsBound(int node) {
  return AnyBelow(node, &NodeFacts::reads_bound,
                  [](const Node& m) { return m.op == Op::kBound; });
}

bool Compiler::ReadsFrame(int node) {
  return AnyBelow(node, &NodeFacts::reads_frame, [](const Node& m) {
    return m.op == Op::kLocal || m.op == Op::kSelf || m.op == Op::kOwner;
  });
}

int Compiler::ExpandedSize(int node) {
  if (node < 0) return 0;
  if (const int known = Facts(node).expanded_size; known >= 0) return known;
  int64_t size = 1;
  ForEachChild(rules_, node, [&](int c) {
    size = std::min<int64_t>(size + ExpandedSize(c), kMaxExpandedNodes + 1);
  });
  Facts(node).expanded_size = static_cast<int>(size);
  return static_cast<int>(size);
}

// A node that reads no other node: a constant, a variable, a zone. Keeping
// its value costs more than reading it.
static bool IsLeaf(const Node& n) {
  return n.x < 0 && n.op != Op::kAnyOf && n.op != Op::kAllOf;
}

// Returns `node` rewritten so its maximal scalar parts that do not vary are
// kept (`keep`): parts independent of the card, and per question of the
// frame too. Dependent nodes are copied, never changed: nodes may be shared.
int Compiler::Hoist(int node, Keep keep) {
  if (node < 0) return node;
  Node n = rules_.nodes[static_cast<size_t>(node)];
  // A filter judges many cards: a value kept for one card is no use there.
  if (n.op == Op::kCardShared && keep == Keep::kPerRun) return Hoist(n.x, keep);
  // Per question, a part that reads the frame (an invariant's seat p) varies
  // too: each seat is judged in the same question.
  auto varies = [&](int at) {
    return DependsOnCard(at) || (keep == Keep::kPerQuestion && ReadsFrame(at));
  };
  if (!varies(node)) {
    if (keep == Keep::kPerQuestion) return Shared(node);
    // A leaf is cheaper read than kept.
    if (IsLeaf(n) || !IsScalarType(n.type) || n.op == Op::kCached || n.op == Op::kShared)
      return node;
    Node cached{Op::kCached, n.type};
    cached.a = rules_.cache_slots++;
    cached.x = node;
    return AddNode(cached);
  }
  if (n.op == Op::kAnyOf || n.op == Op::kAllOf) {
    // Card-independent operands first: they are kept, so they cost a load
    // and often decide the clause for every card. And/or are pure, so order
    // does not change the result.
    std::vector<int64_t> fixed, varying;
    for (int i = 0; i < n.b; ++i) {
      int child = static_cast<int>(rules_.lists[static_cast<size_t>(n.a + i)]);
      (varies(child) ? varying : fixed).push_back(Hoist(child, keep));
    }
    std::vector<int64_t> children = fixed;
    children.insert(children.end(), varying.begin(), varying.end());
    n.imm = static_cast<int64_t>(fixed.size());  // the leading card-independent operands
    n.a = static_cast<int>(rules_.lists.size());
    rules_.lists.insert(rules_.lists.end(), children.begin(), children.end());
    return AddNode(n);
  }
  if (n.x < 0) return node;  // a dependent leaf
  n.x = Hoist(n.x, keep);
  if (n.op != Op::kFilter && n.op != Op::kSetFilter) {
    n.y = Hoist(n.y, keep);
    n.z = Hoist(n.z, keep);
  }
  return AddNode(n);
}

int Compiler::ShareFixedParts(int node) { return Hoist(node, Keep::kPerQuestion); }

int Compiler::EverySeat(int node) {
  if (node < 0) return -1;
  const auto& nodes = rules_.nodes;
  const Node n = nodes[static_cast<size_t>(node)];
  if (n.op != Op::kEq && n.op != Op::kEqConst) return -1;
  const Node& size = nodes[static_cast<size_t>(n.x)];
  if (size.op != Op::kZoneSize) return -1;
  const Node& zone = nodes[static_cast<size_t>(size.x)];
  if (zone.op != Op::kFamilyZone || zone.b >= 0 || zone.imm != 0) return -1;
  const Node& seat = nodes[static_cast<size_t>(zone.x)];
  if (seat.op != Op::kLocal || seat.a != 0) return -1;
  auto reads_p = [](const Node& m) { return m.op == Op::kLocal && m.a == 0; };
  if (n.op == Op::kEq && AnyNodeBelow(rules_, n.y, reads_p)) return -1;
  Node every{Op::kEverySeatSize, Type::kBool};
  every.a = zone.a;
  every.x = n.op == Op::kEq ? n.y : Const(Type::kInt, n.imm);
  return AddNode(every);
}

int Compiler::Shared(int node) {
  const Node n = rules_.nodes[static_cast<size_t>(node)];
  if (IsLeaf(n) || !IsScalarType(n.type) || n.op == Op::kShared ||
      n.op == Op::kCardShared) {
    return node;
  }
  if (ReadsFrame(node)) return node;
  const bool per_card = DependsOnCard(node);
  // Per card only where a rule judges its card: inside a filter's condition
  // the card changes from one judgement to the next, and a value kept for
  // one card would be worked out again for each (Hoist takes the wrapper off
  // one that reaches a condition as a define's argument).
  if (per_card && (InFilterCondition() || !BindsEveryBound(node))) return node;
  const int key = StructuralClass(node);  // nodes of one class agree on per_card
  int& slots = per_card ? rules_.card_shared_slots : rules_.shared_slots;
  auto it = shared_.find(key);
  if (it == shared_.end()) {
    if (slots >= kMaxSharedSlots) return node;
    it = shared_.emplace(key, slots++).first;
  }
  Node shared{per_card ? Op::kCardShared : Op::kShared, n.type};
  shared.a = it->second;
  shared.x = node;
  return AddNode(shared);
}

std::bitset<kMaxSlots> Compiler::FreeBound(int node) {
  // Each bound value read below a shared node must be bound below it: a value
  // bound outside is not part of the structural key.
  if (node < 0) return {};
  if (Facts(node).free_bound_known) return Facts(node).free_bound;
  const Node n = rules_.nodes[static_cast<size_t>(node)];
  std::bitset<kMaxSlots> free;
  if (n.op == Op::kBound) {
    if (n.a < kMaxSlots) {
      free.set(static_cast<size_t>(n.a));
    } else {
      free.set();
    }
  } else if (n.op == Op::kLetIn) {
    std::bitset<kMaxSlots> body = FreeBound(n.y);
    if (n.a < kMaxSlots) body.reset(static_cast<size_t>(n.a));
    free = FreeBound(n.x) | body;
  } else {
    ForEachChild(rules_, node, [&](int c) { free |= FreeBound(c); });
  }
  NodeFacts& facts = Facts(node);  // not held across the walk: it may grow
  facts.free_bound = free;
  facts.free_bound_known = true;
  return free;
}

int Compiler::StructuralClass(int node) {
  if (const int known = Facts(node).structural_class; known >= 0) return known;
  const Node n = rules_.nodes[static_cast<size_t>(node)];
  std::vector<int64_t> parts{static_cast<int>(n.op), static_cast<int>(n.type)};
  const bool slots = n.op == Op::kCached || n.op == Op::kFilter || n.op == Op::kSetFilter;
  const bool node_list = n.op == Op::kAnyOf || n.op == Op::kAllOf ||
                         n.op == Op::kSetAll || n.op == Op::kSetAny;
  if (!slots && !node_list && n.op != Op::kList) {
    parts.push_back(n.a);
    parts.push_back(n.b);
  }
  parts.push_back(n.imm);
  if (n.op == Op::kList) {  // constants: the values, wherever they are kept
    parts.push_back(n.b);
    for (int i = 0; i < n.b; ++i)
      parts.push_back(rules_.lists[static_cast<size_t>(n.a + i)]);
  }
  // Children last, each a class, so no two shapes give the same parts.
  ForEachChild(rules_, node, [&](int c) { parts.push_back(StructuralClass(c)); });
  const int cls =
      classes_.emplace(std::move(parts), static_cast<int>(classes_.size())).first->second;
  Facts(node).structural_class = cls;
  return cls;
}

int Compiler::Filter(int cards, int pred) {
  Node n{Op::kFilter, Type::kCards};
  n.x = cards;
  n.a = rules_.cache_slots;
  n.y = Hoist(pred, Keep::kPerRun);
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
  if (!TypeFits(have, want)) {
    return Error(e.pos, std::string("expected ") + TypeName(want) + ", but this is " +
                            TypeName(have));
  }
  return r;
}

// Every node made while compiling e remembers e's place (runtime errors).
Result<int> Compiler::Compile(const Expr& e) {
  // One expression is at most kMaxNestingDepth deep (the parser checks), but
  // defines written out inside defines nest further: the compiler, the node
  // walks and the evaluator recurse that deep.
  if (depth_ >= kMaxCompiledDepth) {
    return Error(e.pos,
                 "this nests too deeply once its defines are written out (more than " +
                     std::to_string(kMaxCompiledDepth) + " levels)");
  }
  ++depth_;
  SourcePos outer = std::move(pos_);
  pos_ = e.pos;
  Result<int> r = CompileAt(e);
  pos_ = std::move(outer);
  --depth_;
  return r;
}

}  // namespace angler
