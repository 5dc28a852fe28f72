// Text of the ruleset language -> AST (ast.h), with diagnostics that point
// into the file the text came from.
#ifndef ANGLER_DSL_PARSER_H_
#define ANGLER_DSL_PARSER_H_

#include <memory>
#include <string>
#include <vector>

#include "dsl/ast.h"
#include "dsl/source.h"

namespace angler {

// Language text cut out of a larger file, such as a YAML scalar, together with
// where each of its lines starts in that file, so an error in the snippet is
// reported at its place in the file.
struct Snippet {
  std::string text;
  std::shared_ptr<const SourceFile> file;
  int line = 1;  // where the first character of text stands in file (1-based)
  int col = 1;
  // Column in file where snippet line 2, 3, ... starts (block scalars are
  // indented); a missing entry means column 1.
  std::vector<int> line_cols;

  // A snippet that is a whole file.
  static Snippet WholeFile(std::shared_ptr<const SourceFile> file);
  SourcePos PosAt(int snippet_line, int snippet_col) const;
};

Result<ExprPtr> ParseExpression(const Snippet& snippet);
Result<Block> ParseStatements(const Snippet& snippet);

// A short rendering of an expression, for messages and tests ("(a + b)").
std::string ToString(const Expr& e);

}  // namespace angler

#endif  // ANGLER_DSL_PARSER_H_
