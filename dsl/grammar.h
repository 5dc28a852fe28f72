// The grammar of the ruleset language: expressions and statements.
//
// One struct per rule. `must<>` marks commit points: once `move` is read, a
// source must follow, and a missing one is reported with the message from the
// table at the end of this file instead of a silent backtrack. parser.cc turns
// the parse tree into the AST of ast.h; grammar_test.cc runs analyze<>().
//
//   expr      := coalesce ('where' coalesce)?          -- a filtered card list
//   coalesce  := or ('??' or)*                          -- first value that is not none
//   or, and   := the usual, 'not' above comparisons
//   compare   := range (('=='|'!='|'<='|'>='|'<'|'>'|'in') range)?
//   range     := sum ('..' sum)?
//   sum, term := + - and * / %, then unary minus, then postfix (.attr, [index])
//   primary   := number | "string" | [list] | (expr) | if c then a else b | name |
//   name(args)
//
//   stmt      := move E to [top of|bottom of] Z | shuffle Z | deal Z to name
//              | if E { ... } [else { ... } | else if ...] | for x in E [by K, ...] { ...
//              } | repeat E { ... } | let x = E | end_game ["reason"] | target (=|+=|-=)
//              E | call(args)
#ifndef ANGLER_DSL_GRAMMAR_H_
#define ANGLER_DSL_GRAMMAR_H_

#include <string>
#include <tao/pegtl.hpp>

#include "dsl/limits.h"

namespace angler::grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;  // NOLINT: the grammar reads best with PEGTL's rule names
                        // unqualified.

// Whitespace and comments ('#' to the end of the line) may stand between any two tokens.
struct comment : if_must<one<'#'>, until<eolf>> {};
struct sep : star<sor<space, comment>> {};
template <typename R>
struct tok : seq<R, sep> {};

// Keywords are whole words: `tops` is a name, `top` is not.
struct ident_first : ranges<'a', 'z', 'A', 'Z', '_'> {};
struct ident_other : ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
template <typename S>
struct key : seq<S, not_at<ident_other>> {};

#define ANGLER_KEYWORD(name, text) \
  struct kw_##name : key<TAO_PEGTL_STRING(text)> {}
ANGLER_KEYWORD(move, "move");
ANGLER_KEYWORD(to, "to");
ANGLER_KEYWORD(top, "top");
ANGLER_KEYWORD(bottom, "bottom");
ANGLER_KEYWORD(of, "of");
ANGLER_KEYWORD(shuffle, "shuffle");
ANGLER_KEYWORD(deal, "deal");
ANGLER_KEYWORD(if, "if");
ANGLER_KEYWORD(then, "then");
ANGLER_KEYWORD(else, "else");
ANGLER_KEYWORD(for, "for");
ANGLER_KEYWORD(in, "in");
ANGLER_KEYWORD(by, "by");
ANGLER_KEYWORD(let, "let");
ANGLER_KEYWORD(repeat, "repeat");
ANGLER_KEYWORD(end_game, "end_game");
ANGLER_KEYWORD(where, "where");
ANGLER_KEYWORD(and, "and");
ANGLER_KEYWORD(or, "or");
ANGLER_KEYWORD(not, "not");
#undef ANGLER_KEYWORD

struct keyword
    : sor<kw_move, kw_to, kw_shuffle, kw_deal, kw_if, kw_then, kw_else, kw_for, kw_in,
          kw_by, kw_let, kw_repeat, kw_end_game, kw_where, kw_and, kw_or, kw_not> {};

struct name : seq<not_at<keyword>, ident_first, star<ident_other>> {};
struct number : plus<digit> {};
struct string_body : star<not_one<'"', '\n'>> {};
struct string : seq<one<'"'>, string_body, must<one<'"'>>> {};

struct expr;
struct open_paren : tok<one<'('>> {};
struct close_paren : one<')'> {};
struct args : opt<list<expr, tok<one<','>>>> {};
struct call_args : if_must<open_paren, args, close_paren> {};
struct name_or_call : seq<name, sep, opt<call_args, sep>> {};
struct list_expr : if_must<tok<one<'['>>, args, one<']'>> {};
struct paren_expr : if_must<open_paren, expr, close_paren> {};
struct if_expr : if_must<tok<kw_if>, expr, tok<kw_then>, expr, tok<kw_else>, expr> {};
struct primary : sor<tok<number>, tok<string>, seq<list_expr, sep>, seq<paren_expr, sep>,
                     if_expr, name_or_call> {};

struct dot : seq<one<'.'>, not_at<one<'.'>>> {};
struct member : if_must<tok<dot>, tok<name>> {};
struct index : if_must<tok<one<'['>>, expr, tok<one<']'>>> {};
struct postfix : seq<primary, star<sor<member, index>>> {};

struct neg_op : tok<one<'-'>> {};
struct unary;
struct negation : if_must<neg_op, unary> {};
struct unary : sor<negation, postfix> {};

struct mul_op : tok<one<'*', '/', '%'>> {};
struct term : seq<unary, star<if_must<mul_op, unary>>> {};
struct add_op : tok<one<'+', '-'>> {};
struct sum : seq<term, star<if_must<add_op, term>>> {};
struct range_op : tok<TAO_PEGTL_STRING("..")> {};
struct range : seq<sum, opt<if_must<range_op, sum>>> {};
struct compare_op
    : tok<sor<TAO_PEGTL_STRING("=="), TAO_PEGTL_STRING("!="), TAO_PEGTL_STRING("<="),
              TAO_PEGTL_STRING(">="), one<'<'>, one<'>'>, kw_in>> {};
struct compare : seq<range, opt<if_must<compare_op, range>>> {};
struct not_op : tok<kw_not> {};
struct not_expr;
struct logical_not : if_must<not_op, not_expr> {};
struct not_expr : sor<logical_not, compare> {};
struct and_op : tok<kw_and> {};
struct and_expr : seq<not_expr, star<if_must<and_op, not_expr>>> {};
struct or_op : tok<kw_or> {};
struct or_expr : seq<and_expr, star<if_must<or_op, and_expr>>> {};
struct coalesce_op : tok<TAO_PEGTL_STRING("??")> {};
struct coalesce : seq<or_expr, star<if_must<coalesce_op, or_expr>>> {};
struct where_op : tok<kw_where> {};
struct where_expr : seq<coalesce, opt<if_must<where_op, coalesce>>> {};
struct expr : seq<where_expr> {};

// Statements.
struct stmt;
struct block_open : tok<one<'{'>> {};
struct block_close : tok<one<'}'>> {};
struct block : if_must<block_open, star<stmt>, block_close> {};

// `top of` / `bottom of` are words only here, so top(zone, n) stays a function.
struct place : seq<sor<kw_top, kw_bottom>, sep, tok<kw_of>> {};
struct move_stmt : if_must<tok<kw_move>, expr, tok<kw_to>, opt<place>, expr> {};
struct shuffle_stmt : if_must<tok<kw_shuffle>, expr> {};
struct deal_stmt : if_must<tok<kw_deal>, expr, tok<kw_to>, tok<name>> {};
struct else_part;
struct if_stmt : if_must<tok<kw_if>, expr, block, opt<else_part>> {};
struct else_part : if_must<tok<kw_else>, sor<if_stmt, block>> {};
struct for_keys : if_must<tok<kw_by>, list_must<expr, tok<one<','>>>> {};
struct loop_var : tok<name> {};
struct for_stmt : if_must<tok<kw_for>, loop_var, tok<kw_in>, expr, opt<for_keys>, block> {
};
struct repeat_stmt : if_must<tok<kw_repeat>, expr, block> {};
struct let_stmt : if_must<tok<kw_let>, tok<name>, tok<one<'='>>, expr> {};
struct end_reason : tok<string> {};
struct end_stmt : seq<tok<kw_end_game>, opt<end_reason>> {};
struct assign_op : tok<sor<TAO_PEGTL_STRING("+="), TAO_PEGTL_STRING("-="),
                           seq<one<'='>, not_at<one<'='>>>>> {};
struct assign_or_call : seq<postfix, opt<if_must<assign_op, expr>>> {};
struct stmt_end : tok<star<one<';'>>> {};
struct stmt : seq<sor<move_stmt, shuffle_stmt, deal_stmt, if_stmt, for_stmt, repeat_stmt,
                      let_stmt, end_stmt, assign_or_call>,
                  stmt_end> {};

// Entry points: a whole snippet is one expression, or a list of statements.
struct expression_text : must<sep, expr, eof> {};
struct statements_text : must<sep, star<stmt>, eof> {};

// What is reported when a commit point fails.
template <typename Rule>
inline constexpr const char* error_message = nullptr;
template <>
inline constexpr auto error_message<expr> = "expected an expression";
template <>
inline constexpr auto error_message<unary> = "expected a value after the operator";
template <>
inline constexpr auto error_message<sum> = "expected a value after '..'";
template <>
inline constexpr auto error_message<range> = "expected a value to compare with";
template <>
inline constexpr auto error_message<not_expr> = "expected a condition";
template <>
inline constexpr auto error_message<and_expr> = "expected a condition after 'or'";
template <>
inline constexpr auto error_message<or_expr> = "expected a value";
template <>
inline constexpr auto error_message<coalesce> = "expected a condition after 'where'";
template <>
inline constexpr auto error_message<term> = "expected a value after the operator";
template <>
inline constexpr auto error_message<close_paren> = "expected ')'";
template <>
inline constexpr auto error_message<args> = "expected arguments";
template <>
inline constexpr auto error_message<one<']'>> = "expected ']'";
template <>
inline constexpr auto error_message<tok<one<']'>>> = "expected ']'";
template <>
inline constexpr auto error_message<one<'"'>> = "unterminated string";
template <>
inline constexpr auto error_message<until<eolf>> = "unterminated comment";
template <>
inline constexpr auto error_message<tok<name>> = "expected a name";
template <>
inline constexpr auto error_message<tok<kw_then>> = "expected 'then'";
template <>
inline constexpr auto error_message<tok<kw_else>> = "expected 'else'";
template <>
inline constexpr auto error_message<tok<kw_to>> = "expected 'to'";
template <>
inline constexpr auto error_message<tok<kw_in>> = "expected 'in'";
template <>
inline constexpr auto error_message<block> = "expected '{'";
template <>
inline constexpr auto error_message<star<stmt>> = "expected a statement";
template <>
inline constexpr auto error_message<block_close> = "expected a statement or '}'";
template <>
inline constexpr auto error_message<sor<if_stmt, block>> =
    "expected '{' or 'if' after 'else'";
template <>
inline constexpr auto error_message<list_must<expr, tok<one<','>>>> =
    "expected a sort key";
template <>
inline constexpr auto error_message<tok<one<'='>>> = "expected '='";
template <>
inline constexpr auto error_message<sep> = "unexpected text";
template <>
inline constexpr auto error_message<eof> = "unexpected text";
template <>
inline constexpr auto error_message<loop_var> = "expected a loop variable";
template <>
inline constexpr auto error_message<opt<place>> = "expected a destination";
template <>
inline constexpr auto error_message<opt<for_keys>> = "expected 'by' or '{'";
template <>
inline constexpr auto error_message<opt<else_part>> = "unexpected text";

// Messages are used only where must<> commits, never when an alternative fails.
struct error {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};
// Rules that may hold themselves (only rules the parse tree keeps see these
// hooks): each open one is a level of nesting, and
// past kMaxNestingDepth the parse fails with a message rather than running
// out of stack.
template <typename Rule>
inline constexpr bool kNests = false;
template <>
inline constexpr bool kNests<term> = true;  // every bracket level passes here
template <>
inline constexpr bool kNests<list_expr> = true;
template <>
inline constexpr bool kNests<call_args> = true;
template <>
inline constexpr bool kNests<negation> = true;
template <>
inline constexpr bool kNests<logical_not> = true;
template <>
inline constexpr bool kNests<if_expr> = true;
template <>
inline constexpr bool kNests<block> = true;
template <>
inline constexpr bool kNests<else_part> = true;

// Levels open in the parse running on this thread (ParseTree resets it).
inline thread_local int nesting_depth = 0;

template <typename Rule>
struct control : must_if<error>::control<Rule> {
  template <typename ParseInput, typename... States>
  static void start(const ParseInput& in, States&&... st) {
    if constexpr (kNests<Rule>) {
      if (++nesting_depth > kMaxNestingDepth) {
        throw parse_error("nested too deeply (the limit is " +
                              std::to_string(kMaxNestingDepth) + " levels)",
                          in);
      }
    }
    must_if<error>::control<Rule>::start(in, st...);
  }
  template <typename ParseInput, typename... States>
  static void success(const ParseInput& in, States&&... st) {
    if constexpr (kNests<Rule>) --nesting_depth;
    must_if<error>::control<Rule>::success(in, st...);
  }
  template <typename ParseInput, typename... States>
  static void failure(const ParseInput& in, States&&... st) {
    if constexpr (kNests<Rule>) --nesting_depth;
    must_if<error>::control<Rule>::failure(in, st...);
  }
};

}  // namespace angler::grammar

#endif  // ANGLER_DSL_GRAMMAR_H_
