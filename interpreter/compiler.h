// Compiles the language's AST against a ruleset's names into typed nodes and
// bytecode (program.h). All name and type errors surface here, at load time,
// with the place in the file and a "did you mean" where one is close.
//
// REQUIRES: the ruleset's suits, kinds, zones, variables, tables and effect
// names are filled in before anything is compiled.
#ifndef ANGLER_INTERPRETER_COMPILER_H_
#define ANGLER_INTERPRETER_COMPILER_H_

#include <bitset>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "interpreter/limits.h"
#include "interpreter/ruleset.h"

namespace angler {

struct FunctionSpec;  // compiler_internal.h

// What a piece of code may refer to besides the ruleset's names.
struct CodeContext {
  bool in_effect = false;     // self, owner
  bool has_card = false;      // bare card attributes: the card being judged
  bool in_trick_end = false;  // trick_effects()
  bool in_filter = false;     // the loader makes a filter's condition of it
  std::vector<std::pair<std::string, Type>> params;  // bound as locals 0, 1, ...
};

// The declared names code refers to. `rules check` warns about the others:
// a key a house rule sets that nothing reads.
struct NamesRead {
  std::set<std::string> numbers, defines, tables, variables;
};

class Compiler {
 public:
  explicit Compiler(Ruleset& rules);

  // A named expression usable wherever an expression is; `params` are names
  // bound at each use to the argument expressions.
  void Define(const std::string& name, std::vector<std::string> params, ExprPtr body);

  // Compiles an expression that must have type `want` (kVoid: any); returns its node.
  Result<int> Expression(const Expr& e, Type want, const CodeContext& ctx);
  // Compiles statements into the ruleset's code, at its end.
  Status Statements(const Block& block, const CodeContext& ctx);

  // `cards where pred` with the predicate's loop-invariant parts hoisted:
  // each is computed once per run of the filter, not once per card.
  int Filter(int cards, int pred);
  // A condition judged card by card or seat by seat on one state (a lay
  // rule, an invariant of every seat p), with its parts that read neither the
  // card nor the frame computed once per question: an Evaluator that judges
  // several cards or seats in one question computes them once.
  int ShareFixedParts(int node);
  // `count(F(p)) == n` of a seat family F, n the same for every seat p
  // (local 0), as one node that is true when every seat's pile holds n
  // (Op::kEverySeatSize): one question walks the piles, not one per seat.
  // -1 for a condition of another form.
  int EverySeat(int node);

  // Code emitted from now on belongs to ruleset section `name` (Ruleset::sections);
  // an instruction without a place of its own gets `pos`.
  void BeginSection(const std::string& name, const SourcePos& pos);
  // Low-level emission for the procedure generator (loader): the instruction
  // is written where `pos` says, or, if `pos` is no place, where the statement
  // or section being compiled is.
  int Emit(const Instr& in, const SourcePos& pos = {});
  int Here() const { return static_cast<int>(rules_.code.size()); }
  int AddNode(Node n);
  // `c1 and c2 and ...` as one node (Op::kAllOf), exactly as the parsed
  // expression compiles. REQUIRES: each condition is a bool node.
  int AllOf(const std::vector<int>& conditions);
  // Number of local slots the last Statements() call used at most.
  int max_locals() const { return max_locals_; }
  // What the code compiled so far referred to; the loader adds what YAML reads.
  NamesRead& names_read() { return read_; }

 private:
  struct Local {
    std::string name;
    int slot;
    Type type;
  };
  struct Macro {
    std::vector<std::string> params;
    ExprPtr body;
  };

  // One node of op `flat` (kAnyOf, kAllOf) over the operands, left to right.
  int Chain(Op flat, const std::vector<int>& operands);
  Result<int> Compile(const Expr& e);
  Result<int> CompileAt(const Expr& e);  // Compile without the place bookkeeping
  Result<int> CompileIf(const Expr& e);
  Result<int> CompileIndex(const Expr& e);
  Result<int> CompileName(const Expr& e);
  Result<int> CompileVariableName(const Expr& e, const Variable& var);
  Result<int> CompileFamilyName(const Expr& e, const ZoneFamily& z);
  Result<int> Expand(const Expr& use, const Macro& macro,
                     std::map<std::string, int> bound);
  Result<int> CompileCall(const Expr& e);
  Status Arity(const Expr& e, size_t n);
  Result<int> CompileDefineCall(const Expr& e, const Macro& macro);
  Result<int> CompileVariableCall(const Expr& e, const Variable& var);
  Result<int> CompileFamilyCall(const Expr& e, const ZoneFamily& z);
  Result<int> CompileFamilyCards(const Expr& e);  // ends(family), cards_of(family)
  Result<int> CompileTagged(const Expr& e);
  Result<int> CompileBuiltinCall(const Expr& e, const FunctionSpec& spec);
  Node OfZoneDirectly(Node n) const;
  Result<int> UnknownFunction(const Expr& e);
  Result<int> CompileBinary(const Expr& e);
  Result<int> CompileIn(const Expr& e, Node n, Type ta, Type tb);
  Result<int> CompileMember(const Expr& e);
  Result<int> CompileList(const Expr& e);
  Result<int> Expect(const Expr& e, Type want);
  Status Statement(const Stmt& s);
  // The statements of an if, else or repeat: their local names end with them.
  Status NestedBlock(const Block& block);
  Status Shuffle(const Stmt& s);
  Status Deal(const Stmt& s);
  Status Let(const Stmt& s);
  Status If(const Stmt& s);
  Status Repeat(const Stmt& s);
  Status EndGame(const Stmt& s);
  Status CallStatement(const Stmt& s);
  Status Assign(const Stmt& s);
  // Sets the code and slot of `in` (and e1, a seat's variable) to write the
  // target; returns the type it holds.
  Result<Type> AssignTarget(const Expr& target, Instr& in);
  // `x = random(list)` and `x = choose(player, list)`: emits the pick and
  // returns the node of the value picked.
  Result<int> ChanceValue(const Stmt& s, const Expr& value, Type want);
  Result<int> ChosenValue(const Stmt& s, const Expr& value, Type want);
  int AllSuits();
  Status For(const Stmt& s);
  Status Move(const Stmt& s);
  // A choice's trailing "text" argument, its prompt: its index in
  // Ruleset::prompts, 0 when the call has none. `args` drops it.
  Result<int> Prompt(const Expr& call, size_t& args);
  Result<int> ZoneExpr(const Expr& e);
  int Const(Type t, int64_t v);
  bool AnyOnEnter() const;
  int NewLocal(const std::string& name, Type t);
  const Local* FindLocal(const std::string& name) const;
  // Ruleset::FindVariable, noting the name as read.
  int FindVariable(const std::string& name);
  std::vector<std::string> NameCandidates() const;
  Diagnostic Error(const SourcePos& pos, std::string message) const;
  bool DependsOnCard(int node);
  static bool UsedInFilter(const Expr& e, const std::string& param, bool inside);
  // How Hoist keeps a card-independent part: for one run of a filter (a
  // cache slot, Op::kCached), or for one question (Op::kShared).
  enum class Keep { kPerRun, kPerQuestion };
  int Hoist(int node, Keep keep);
  // `node` (a define's expansion) wrapped so it is computed once per question
  // and shared with every identical expansion, when it is a scalar that
  // reads only the state (no local or effect frame, no argument bound
  // outside it): Op::kShared, or Op::kCardShared (once per judged card) when
  // it reads the card a rule judges; else `node` itself.
  int Shared(int node);
  // Whether `node` reads a local, self or owner (the frame).
  bool ReadsFrame(int node);
  // Whether an Op::kBound is below `node` (nested filters' conditions too).
  bool ReadsBound(int node);
  // Whether every Op::kBound below `node` reads a slot a let below it binds.
  // Inside a `where`, or in code the loader makes a filter's condition of.
  bool InFilterCondition() const {
    return ctx_.in_filter || card_depth_ > (ctx_.has_card ? 1 : 0);
  }
  bool BindsEveryBound(int node) { return FreeBound(node).none(); }
  std::bitset<kMaxSlots> FreeBound(int node);
  // A number equal for two nodes exactly when they compute the same from the
  // same state: slot numbers of caches and filters left out.
  int StructuralClass(int node);
  // The nodes `node` stands for written out as a tree: a node read twice
  // (a define's argument its body reads twice) counted twice. Saturates
  // past kMaxExpandedNodes.
  int ExpandedSize(int node);
  Type TypeOf(int node) const { return rules_.nodes[static_cast<size_t>(node)].type; }

  // What the questions above find for each node, worked out once: nodes never
  // change once made, and a define's argument is one node however often its
  // body reads it, so walking the nodes as a tree could take exponentially
  // long. -1: not worked out yet.
  struct NodeFacts {
    // The Op::kBound slots read below the node that no let below it binds (a
    // slot past kMaxSlots stands for all of them); free_bound_known: worked out.
    std::bitset<kMaxSlots> free_bound;
    bool free_bound_known = false;
    int8_t depends_on_card = -1;
    int8_t reads_frame = -1;
    int8_t reads_bound = -1;
    int structural_class = -1;
    int expanded_size = -1;
  };
  NodeFacts& Facts(int node);
  // A walk over `node`'s children (ForEachChild) that memoises a yes/no fact.
  template <typename Own>
  bool AnyBelow(int node, int8_t NodeFacts::*fact, Own own);

  Ruleset& rules_;
  std::map<std::string, Macro> macros_;
  std::map<int, int> shared_;                           // structural class -> slot
  std::vector<NodeFacts> facts_;                        // by node
  std::map<std::vector<int64_t>, int> classes_;         // a node's parts -> its class
  std::vector<std::map<std::string, int>> macro_args_;  // param -> node, per expansion
  std::vector<const Macro*> expanding_;  // the defines being written out, outermost first
  int depth_ = 0;                        // expressions being compiled, one inside another
  int bound_depth_ = 0;  // Op::kBound slots taken by the define calls being compiled
  int bound_high_ = 0;   // and past them, the slots their arguments bind
  CodeContext ctx_;
  int card_depth_ = 0;  // > 0 inside a filter or a play rule
  std::vector<Local> locals_;
  int max_locals_ = 0;
  int16_t section_ = 0;
  SourcePos origin_;  // the statement being compiled, else the section's key
  SourcePos pos_;     // the expression being compiled
  NamesRead read_;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_COMPILER_H_
