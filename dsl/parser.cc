#include "dsl/parser.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "dsl/grammar.h"
#include "dsl/limits.h"

namespace angler {
namespace {

namespace g = grammar;
namespace pegtl = tao::pegtl;
namespace pt = pegtl::parse_tree;
using Node = pt::node;

// Which rules become parse-tree nodes. Operand chains fold away when they hold
// a single child, so `a` stays a name and `a + b` becomes a sum of two.
template <typename Rule>
using Selector = pt::selector<
    Rule,
    pt::store_content::on<
        g::number, g::string, g::name, g::call_args, g::list_expr, g::if_expr, g::member,
        g::index, g::neg_op, g::mul_op, g::add_op, g::range_op, g::compare_op, g::not_op,
        g::coalesce_op, g::and_op, g::or_op, g::where_op, g::place, g::move_stmt,
        g::shuffle_stmt, g::deal_stmt, g::if_stmt, g::else_part, g::for_stmt, g::for_keys,
        g::loop_var, g::repeat_stmt, g::let_stmt, g::end_stmt, g::end_reason,
        g::assign_op, g::assign_or_call, g::block>,
    pt::fold_one::on<g::name_or_call, g::postfix, g::negation, g::term, g::sum, g::range,
                     g::compare, g::logical_not, g::and_expr, g::or_expr, g::coalesce,
                     g::where_expr>>;

class Converter {
 public:
  explicit Converter(const Snippet& snippet) : snippet_(snippet) {}

  // What the conversion found wrong (numbers too large, chains too long).
  const std::vector<Diagnostic>& errors() const { return errors_; }

  SourcePos Pos(const Node& n) const {
    auto p = n.begin();
    return snippet_.PosAt(static_cast<int>(p.line), static_cast<int>(p.column));
  }

  ExprPtr Make(Expr::Kind kind, const Node& n, std::string text = {}) const {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->text = std::move(text);
    e->pos = Pos(n);
    return e;
  }

  ExprPtr ConvertExpr(const Node& n) const {
    if (n.is_type<g::number>()) {
      auto e = Make(Expr::Kind::kNumber, n);
      for (char c : n.string_view()) {
        if (__builtin_mul_overflow(e->number, 10, &e->number) ||
            __builtin_add_overflow(e->number, c - '0', &e->number)) {
          errors_.push_back({e->pos, "the number is too large (numbers are 64-bit)"});
          e->number = 0;
          break;
        }
      }
      return e;
    }
    if (n.is_type<g::string>()) {
      auto sv = n.string_view();
      return Make(Expr::Kind::kString, n, std::string(sv.substr(1, sv.size() - 2)));
    }
    if (n.is_type<g::name>()) return Make(Expr::Kind::kName, n, n.string());
    if (n.is_type<g::name_or_call>()) {  // name + call_args
      auto e = Make(Expr::Kind::kCall, n, n.children[0]->string());
      for (const auto& a : n.children[1]->children) e->args.push_back(ConvertExpr(*a));
      return e;
    }
    if (n.is_type<g::list_expr>()) {
      auto e = Make(Expr::Kind::kList, n);
      for (const auto& a : n.children) e->args.push_back(ConvertExpr(*a));
      return e;
    }
    if (n.is_type<g::if_expr>()) {
      auto e = Make(Expr::Kind::kIf, n);
      for (const auto& a : n.children) e->args.push_back(ConvertExpr(*a));
      return e;
    }
    if (n.is_type<g::postfix>()) {
      ExprPtr base = ConvertExpr(*n.children[0]);
      for (size_t i = 1; i < n.children.size(); ++i) {
        const Node& op = *n.children[i];
        ExprPtr e;
        if (op.is_type<g::member>()) {
          e = Make(Expr::Kind::kMember, op, op.children[0]->string());
          e->args.push_back(std::move(base));
        } else {
          e = Make(Expr::Kind::kIndex, op);
          e->args.push_back(std::move(base));
          e->args.push_back(ConvertExpr(*op.children[0]));
        }
        base = std::move(e);
      }
      return base;
    }
    if (n.is_type<g::negation>() || n.is_type<g::logical_not>()) {
      auto e = Make(Expr::Kind::kUnary, n, n.is_type<g::negation>() ? "-" : "not");
      e->args.push_back(ConvertExpr(*n.children[1]));
      return e;
    }
    // Left-associative chains: operand (op operand)*. Each operator is one
    // level of the tree the compiler and the evaluator walk.
    if (n.children.size() > 2 * static_cast<size_t>(kMaxNestingDepth)) {
      errors_.push_back({Pos(n), "too many operators in a row (the limit is " +
                                     std::to_string(kMaxNestingDepth) + ")"});
      return Make(Expr::Kind::kNumber, n);
    }
    ExprPtr left = ConvertExpr(*n.children[0]);
    for (size_t i = 1; i + 1 < n.children.size(); i += 2) {
      const Node& op = *n.children[i];
      ExprPtr e;
      if (op.is_type<g::where_op>()) {
        e = Make(Expr::Kind::kWhere, op);
      } else if (op.is_type<g::range_op>()) {
        e = Make(Expr::Kind::kRange, op);
      } else {
        e = Make(Expr::Kind::kBinary, op, OperatorText(op));
      }
      e->pos = left->pos;
      e->args.push_back(std::move(left));
      e->args.push_back(ConvertExpr(*n.children[i + 1]));
      left = std::move(e);
    }
    return left;
  }

  StmtPtr MakeStmt(Stmt::Kind kind, const Node& n) const {
    auto s = std::make_unique<Stmt>();
    s->kind = kind;
    s->pos = Pos(n);
    return s;
  }

  Block ConvertBlock(const Node& n) const {
    Block b;
    for (const auto& c : n.children) b.push_back(ConvertStmt(*c));
    return b;
  }

  StmtPtr ConvertStmt(const Node& n) const {
    const auto& ch = n.children;
    if (n.is_type<g::move_stmt>()) return ConvertMove(n);
    if (n.is_type<g::shuffle_stmt>()) {
      auto s = MakeStmt(Stmt::Kind::kShuffle, n);
      s->exprs.push_back(ConvertExpr(*ch[0]));
      return s;
    }
    if (n.is_type<g::deal_stmt>()) {
      auto s = MakeStmt(Stmt::Kind::kDeal, n);
      s->exprs.push_back(ConvertExpr(*ch[0]));
      s->text = ch[1]->string();
      return s;
    }
    if (n.is_type<g::if_stmt>()) return ConvertIf(n);
    if (n.is_type<g::for_stmt>()) return ConvertFor(n);
    if (n.is_type<g::repeat_stmt>()) {
      auto s = MakeStmt(Stmt::Kind::kRepeat, n);
      s->exprs.push_back(ConvertExpr(*ch[0]));
      s->body = ConvertBlock(*ch[1]);
      return s;
    }
    if (n.is_type<g::let_stmt>()) {
      auto s = MakeStmt(Stmt::Kind::kLet, n);
      s->text = ch[0]->string();
      s->exprs.push_back(ConvertExpr(*ch[1]));
      return s;
    }
    if (n.is_type<g::end_stmt>()) return ConvertEndGame(n);
    return ConvertAssignOrCall(n);
  }

  // move CARDS to [top of | bottom of] ZONE
  StmtPtr ConvertMove(const Node& n) const {
    const auto& ch = n.children;
    auto s = MakeStmt(Stmt::Kind::kMove, n);
    s->exprs.push_back(ConvertExpr(*ch[0]));
    size_t dest = 1;
    if (ch[1]->is_type<g::place>()) {
      s->text = ch[1]->string_view().substr(0, 3) == "top" ? "top" : "bottom";
      dest = 2;
    }
    s->exprs.push_back(ConvertExpr(*ch[dest]));
    return s;
  }

  // if COND { ... } [else if ... | else { ... }]: an else-if is an else
  // holding one if.
  StmtPtr ConvertIf(const Node& n) const {
    const auto& ch = n.children;
    auto s = MakeStmt(Stmt::Kind::kIf, n);
    s->exprs.push_back(ConvertExpr(*ch[0]));
    s->body = ConvertBlock(*ch[1]);
    if (ch.size() > 2) {
      const Node& alt = *ch[2]->children[0];
      if (alt.is_type<g::if_stmt>()) {
        s->orelse.push_back(ConvertStmt(alt));
      } else {
        s->orelse = ConvertBlock(alt);
      }
    }
    return s;
  }

  // for NAME in LIST [by KEY, ...] { ... }: the list, then the sort keys.
  StmtPtr ConvertFor(const Node& n) const {
    const auto& ch = n.children;
    auto s = MakeStmt(Stmt::Kind::kFor, n);
    s->text = ch[0]->children.empty() ? Trimmed(*ch[0]) : ch[0]->children[0]->string();
    s->exprs.push_back(ConvertExpr(*ch[1]));
    size_t next = 2;
    if (ch[next]->is_type<g::for_keys>()) {
      for (const auto& k : ch[next]->children) s->exprs.push_back(ConvertExpr(*k));
      ++next;
    }
    s->body = ConvertBlock(*ch[next]);
    return s;
  }

  // end_game ["reason"]: the reason without its quotes.
  StmtPtr ConvertEndGame(const Node& n) const {
    auto s = MakeStmt(Stmt::Kind::kEndGame, n);
    if (!n.children.empty()) {
      auto sv = n.children[0]->children[0]->string_view();
      s->text = std::string(sv.substr(1, sv.size() - 2));
    }
    return s;
  }

  // assign_or_call: target [assign_op value]
  StmtPtr ConvertAssignOrCall(const Node& n) const {
    const auto& ch = n.children;
    if (ch.size() == 3) {
      auto s = MakeStmt(Stmt::Kind::kAssign, n);
      s->exprs.push_back(ConvertExpr(*ch[0]));
      s->text = OperatorText(*ch[1]);
      s->exprs.push_back(ConvertExpr(*ch[2]));
      return s;
    }
    auto s = MakeStmt(Stmt::Kind::kCall, n);
    s->exprs.push_back(ConvertExpr(*ch[0]));
    return s;
  }

  // An operator token without the space and comments the grammar lets follow it.
  static std::string OperatorText(const Node& n) {
    std::string_view sv = n.string_view();
    size_t end = 0;
    while (end < sv.size() && sv[end] != ' ' && sv[end] != '\t' && sv[end] != '\n' &&
           sv[end] != '\r' && sv[end] != '#') {
      ++end;
    }
    return std::string(sv.substr(0, end));
  }

  static std::string Trimmed(const Node& n) {
    std::string t = n.string();
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
    return t;
  }

 private:
  const Snippet& snippet_;
  mutable std::vector<Diagnostic> errors_;
};

// The depth of the deepest expression, walked without recursion.
int ExprDepth(const Expr& root) {
  int deepest = 0;
  std::vector<std::pair<const Expr*, int>> todo{{&root, 1}};
  while (!todo.empty()) {
    auto [e, d] = todo.back();
    todo.pop_back();
    deepest = std::max(deepest, d);
    for (const auto& a : e->args) todo.push_back({a.get(), d + 1});
  }
  return deepest;
}

// An error when an expression of the block (or e) is nested past the limit.
void CheckDepth(const Expr& e, int outer, std::vector<Diagnostic>& errors) {
  if (outer + ExprDepth(e) > kMaxNestingDepth) {
    errors.push_back({e.pos, "the expression is nested too deeply (the limit is " +
                                 std::to_string(kMaxNestingDepth) + " levels)"});
  }
}

void CheckDepth(const Block& b, int outer, std::vector<Diagnostic>& errors) {
  for (const auto& s : b) {
    for (const auto& e : s->exprs) CheckDepth(*e, outer + 1, errors);
    CheckDepth(s->body, outer + 1, errors);
    CheckDepth(s->orelse, outer + 1, errors);
  }
}

template <typename Rule>
std::unique_ptr<Node> ParseTree(const Snippet& snippet, std::vector<Diagnostic>& errors) {
  pegtl::memory_input in(snippet.text, "");
  g::nesting_depth = 0;
  try {
    auto root = pt::parse<Rule, Selector, pegtl::nothing, g::control>(in);
    if (!root) errors.push_back({snippet.PosAt(1, 1), "could not parse"});
    return root;
  } catch (const pegtl::parse_error& e) {
    const auto& p = e.positions().front();
    std::string msg(e.message());
    // A failure right at the end reads better as such.
    if (p.byte >= snippet.text.size()) msg += " at the end of the text";
    errors.push_back(
        {snippet.PosAt(static_cast<int>(p.line), static_cast<int>(p.column)), msg});
    return nullptr;
  }
}

}  // namespace

Snippet Snippet::WholeFile(std::shared_ptr<const SourceFile> file) {
  Snippet s;
  s.text = file->text();
  s.file = std::move(file);
  return s;
}

SourcePos Snippet::PosAt(int snippet_line, int snippet_col) const {
  SourcePos p;
  p.file = file;
  p.line = line + snippet_line - 1;
  if (snippet_line <= 1) {
    p.col = col + snippet_col - 1;
  } else {
    size_t i = static_cast<size_t>(snippet_line - 2);
    int start = i < line_cols.size() ? line_cols[i] : 1;
    p.col = start + snippet_col - 1;
  }
  return p;
}

Result<ExprPtr> ParseExpression(const Snippet& snippet) {
  std::vector<Diagnostic> errors;
  auto root = ParseTree<g::expression_text>(snippet, errors);
  if (!root) return errors;
  Converter c(snippet);
  ExprPtr e = c.ConvertExpr(*root->children.at(0));
  errors = c.errors();
  if (errors.empty()) CheckDepth(*e, 0, errors);
  if (!errors.empty()) return errors;
  return e;
}

Result<Block> ParseStatements(const Snippet& snippet) {
  std::vector<Diagnostic> errors;
  auto root = ParseTree<g::statements_text>(snippet, errors);
  if (!root) return errors;
  Converter c(snippet);
  Block b;
  for (const auto& s : root->children) b.push_back(c.ConvertStmt(*s));
  errors = c.errors();
  if (errors.empty()) CheckDepth(b, 0, errors);
  if (!errors.empty()) return errors;
  return b;
}

namespace {

// The pieces one after another. Not `"(" + s + ...`: with gcc 12, inlined
// deeply (as in the profile-guided build), that chain draws a false
// -Wrestrict warning (gcc bug 105651).
std::string Joined(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view piece : pieces) out += piece;
  return out;
}

}  // namespace

std::string ToString(const Expr& e) {
  auto join = [&](const char* open, const char* close) {
    std::string s = open;
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i) s += ", ";
      s += ToString(*e.args[i]);
    }
    return s + close;
  };
  switch (e.kind) {
    case Expr::Kind::kNumber:
      return std::to_string(e.number);
    case Expr::Kind::kString:
      return Joined({"\"", e.text, "\""});
    case Expr::Kind::kName:
      return e.text;
    case Expr::Kind::kCall:
      return e.text + join("(", ")");
    case Expr::Kind::kMember:
      return Joined({ToString(*e.args[0]), ".", e.text});
    case Expr::Kind::kUnary:
      return Joined({"(", e.text, e.text == "not" ? " " : "", ToString(*e.args[0]), ")"});
    case Expr::Kind::kBinary:
      return Joined(
          {"(", ToString(*e.args[0]), " ", e.text, " ", ToString(*e.args[1]), ")"});
    case Expr::Kind::kWhere:
      return Joined({"(", ToString(*e.args[0]), " where ", ToString(*e.args[1]), ")"});
    case Expr::Kind::kIf:
      return Joined({"(if ", ToString(*e.args[0]), " then ", ToString(*e.args[1]),
                     " else ", ToString(*e.args[2]), ")"});
    case Expr::Kind::kList:
      return join("[", "]");
    case Expr::Kind::kRange:
      return Joined({"(", ToString(*e.args[0]), "..", ToString(*e.args[1]), ")"});
    case Expr::Kind::kIndex:
      return Joined({ToString(*e.args[0]), "[", ToString(*e.args[1]), "]"});
  }
  return "?";
}

}  // namespace angler
