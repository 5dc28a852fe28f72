// The untyped syntax tree of the ruleset language.
//
// The parser (parser.h) builds it from text; the interpreter's compiler resolves
// names against a ruleset and turns it into typed, evaluable form. Nothing here
// knows about cards or games: a name is just a name until the compiler sees it.
#ifndef ANGLER_DSL_AST_H_
#define ANGLER_DSL_AST_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dsl/source.h"

namespace angler {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  enum class Kind : uint8_t {
    kNumber,  // number
    kString,  // text
    kName,    // text: a bare identifier
    kCall,    // text(args...)
    kMember,  // args[0].text
    kUnary,   // text in {"-", "not"}; args[0]
    kBinary,  // text is the operator; args[0], args[1]
    kWhere,   // args[0] where args[1]: a filtered card list
    kIf,      // if args[0] then args[1] else args[2]
    kList,    // [args...]
    kRange,   // args[0] .. args[1]
    kIndex,   // args[0][args[1]]
  };
  Kind kind;
  std::string text;
  int64_t number = 0;
  std::vector<ExprPtr> args;
  SourcePos pos;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct Stmt {
  enum class Kind : uint8_t {
    kMove,     // move exprs[0] to exprs[1] [text = "top"|"bottom"]
    kShuffle,  // shuffle exprs[0]
    kDeal,     // deal exprs[0] to text (a per-player zone name) [exprs[1]: count each]
    kAssign,   // exprs[0] (a name or call) text ("=", "+=", "-=") exprs[1]
    kLet,      // let text = exprs[0]
    kIf,       // if exprs[0] body [else orelse]
    kFor,      // for text in exprs[0] [by exprs[1..]] body
    kRepeat,   // repeat exprs[0] body
    kEndGame,  // end_game [text]
    kCall,     // exprs[0] is a call used as a statement, e.g. effects()
  };
  Kind kind;
  std::string text;
  std::vector<ExprPtr> exprs;
  Block body;
  Block orelse;
  SourcePos pos;
};

}  // namespace angler

#endif  // ANGLER_DSL_AST_H_
