// The grammar of scenario files (*.scn): rule examples as positions, moves and
// expectations, written the way people say them.
//
// Same conventions as grammar.h: one struct per rule, `must<>` marks commit
// points, and the error_message table at the end says what a failed commit
// reports. Unlike the ruleset language, a statement ends at the end of its
// line (or at ';'); a list may go on on the next line after a comma.
//
//   file      := scenario*
//   scenario  := 'scenario' "title" '{' statement* '}'
//   statement := 'ruleset' NAME ['with' { yaml }] | 'players' P, P, ... | 'seed' N
//              | 'at start of round' N | 'run until' ('round' N | 'over')
//              | 'expect' expectation | move
//              | head [tail]                     -- a setup line
//   move      := P 'plays' CARD | P ('chooses'|'calls') THING, ...
//              | P 'lays' CARDS 'on' ZONE
//              | P ('marks'|'unmarks') N, ...     -- search marks: `Antje marks 3, 7`
//              | P 'stops' | P {',' P} [','] 'and' P 'stop'   -- stops at once
//   expectation := 'legal' move | 'illegal' move [':' "error"]
//              | ['not'] 'over' [':' "reason"] | 'winners' P, ...
//              | P 'catches' CARDS | head [tail]
//   head      := (word | number | "string")+    -- `hand Anne`, `score Debbie`, `round 2`
//   tail      := [('top'|'bottom') [N]] (':' [CARDS | NUMBERS] | 'count' N | 'has' CARDS
//                 | ('all'|'none') CONDITION)     -- `hand Anne all value >= 6`
//              | '=' VALUE
//   NUMBERS   := N ['..' N], ...                  -- a set: `marks Antje: 3, 7`
//   CARD      := word+ [number ['..' number] | "name"]  -- `yellow 7`, `joker "wild"`
//
// What a head names (a zone, a variable, a player) is decided against the
// ruleset when the scenario runs, so the grammar stays the same for every game.
#ifndef ANGLER_DSL_SCENARIO_GRAMMAR_H_
#define ANGLER_DSL_SCENARIO_GRAMMAR_H_

#include <tao/pegtl.hpp>

namespace angler::scenario_grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;  // NOLINT: PEGTL's rule names read best unqualified.

// Space within a line; '\r' so that files with CRLF line ends read the same.
struct blank : one<' ', '\t', '\r'> {};
struct comment : seq<one<'#'>, star<not_one<'\n'>>> {};
struct sp : seq<star<blank>, opt<comment>> {};
// Between statements: blank lines and comments.
struct gap : star<sor<blank, comment, one<'\n'>>> {};
template <typename R>
struct tok : seq<R, sp> {};
struct comma : seq<one<','>, gap> {};

// Words hold letters (UTF-8 included, for names like Jürgen), digits, '_' and '-'.
struct word_first : sor<ranges<'a', 'z', 'A', 'Z', '_'>, utf8::range<0x80, 0x10FFFF>> {};
struct word_other : sor<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>, one<'-'>,
                        utf8::range<0x80, 0x10FFFF>> {};
template <typename S>
struct key : seq<S, not_at<word_other>> {};

// clang-format off: `not` is an operator name to clang-format.
#define ANGLER_SCN_KEYWORD(name) \
  struct kw_##name : key<TAO_PEGTL_STRING(#name)> {}
ANGLER_SCN_KEYWORD(scenario);
ANGLER_SCN_KEYWORD(ruleset);
ANGLER_SCN_KEYWORD(with);
ANGLER_SCN_KEYWORD(players);
ANGLER_SCN_KEYWORD(seed);
ANGLER_SCN_KEYWORD(at);
ANGLER_SCN_KEYWORD(start);
ANGLER_SCN_KEYWORD(of);
ANGLER_SCN_KEYWORD(round);
ANGLER_SCN_KEYWORD(run);
ANGLER_SCN_KEYWORD(until);
ANGLER_SCN_KEYWORD(expect);
ANGLER_SCN_KEYWORD(legal);
ANGLER_SCN_KEYWORD(illegal);
ANGLER_SCN_KEYWORD(not );
ANGLER_SCN_KEYWORD(over);
ANGLER_SCN_KEYWORD(winners);
ANGLER_SCN_KEYWORD(catches);
ANGLER_SCN_KEYWORD(plays);
ANGLER_SCN_KEYWORD(chooses);
ANGLER_SCN_KEYWORD(calls);
ANGLER_SCN_KEYWORD(lays);
ANGLER_SCN_KEYWORD(on);
ANGLER_SCN_KEYWORD(top);
ANGLER_SCN_KEYWORD(bottom);
ANGLER_SCN_KEYWORD(count);
ANGLER_SCN_KEYWORD(has);
ANGLER_SCN_KEYWORD(marks);
ANGLER_SCN_KEYWORD(unmarks);
ANGLER_SCN_KEYWORD(stops);
ANGLER_SCN_KEYWORD(stop);
ANGLER_SCN_KEYWORD(and);
ANGLER_SCN_KEYWORD(all);
ANGLER_SCN_KEYWORD(none);
#undef ANGLER_SCN_KEYWORD
// clang-format on

// Only the words that end a phrase are reserved; statement keywords are
// recognised by where they stand, so `round` stays a variable name.
struct reserved : sor<kw_catches, kw_plays, kw_chooses, kw_calls, kw_lays, kw_on, kw_top,
                      kw_bottom, kw_count, kw_has> {};

struct word : seq<not_at<reserved>, word_first, star<word_other>> {};
struct number : seq<opt<one<'-'>>, plus<digit>, not_at<word_other>> {};
struct string_body : star<not_one<'"', '\n'>> {};
struct string : if_must<one<'"'>, string_body, one<'"'>> {};
struct item : sor<word, number, string> {};

// Cards: `yellow 7`, `joker "wild"`, `yellow 2..5` (four cards).
struct range_op : TAO_PEGTL_STRING("..") {};
struct range_end : if_must<range_op, number> {};
struct card_number : seq<number, opt<range_end>> {};
struct card : seq<plus<tok<word>>, opt<tok<sor<string, card_number>>>> {};
struct card_list : list_must<card, comma> {};
// What a player chooses: a card, or a value such as `green`, `led` or `3`.
struct thing : sor<card, tok<number>, tok<string>> {};
struct thing_list : list_must<thing, comma> {};
// A set of numbers, such as the pieces a player marks: `3, 7`, `2..4`.
struct set_member : seq<number, opt<range_end>> {};
struct number_list : list_must<tok<set_member>, comma> {};
struct player : sor<word, string> {};
struct player_list : list_must<tok<player>, comma> {};

// Moves.
struct play_move : if_must<tok<kw_plays>, card> {};
struct choose_move : if_must<tok<sor<kw_chooses, kw_calls>>, thing_list> {};
struct head;
struct lay_target : seq<head> {};
struct lay_move : if_must<tok<kw_lays>, card_list, tok<kw_on>, lay_target> {};
// The search (spot the errors): `Antje marks 3, 7`, `Antje unmarks 7`,
// `Antje stops`, `Antje and Bob stop`, `Antje, Bob and Carl stop`.
struct mark_move : if_must<tok<sor<kw_marks, kw_unmarks>>, number_list> {};
struct stops_move : tok<kw_stops> {};
struct stopper : seq<not_at<kw_and>, player> {};
struct last_stopper : seq<tok<stopper>> {};
// at<> first, so that `Anne and Paul stops` is reported where 'stops' starts.
struct stop_word : seq<at<tok<kw_stop>>, tok<kw_stop>> {};
struct and_stop : if_must<tok<kw_and>, last_stopper, stop_word> {};
struct other_stoppers : seq<tok<stopper>, star<comma, tok<stopper>>, opt<comma>> {};
struct more_stoppers
    : if_must<comma, other_stoppers, tok<kw_and>, last_stopper, stop_word> {};
struct move : seq<tok<player>, sor<play_move, choose_move, lay_move, mark_move,
                                   stops_move, and_stop, more_stoppers>> {};

// Setup lines and most expectations: a head naming a zone or a variable, then
// what it holds.
// `all` and `none` end a head: `hand Anne all suit == blue`.
struct cond_word : sor<kw_all, kw_none> {};
struct head_item : seq<not_at<cond_word>, item> {};
struct head : plus<tok<head_item>> {};
struct colon : tok<one<':'>> {};
struct exact_tail : seq<colon, opt<sor<card_list, number_list>>> {};
struct count_tail : if_must<tok<kw_count>, tok<number>> {};
struct has_tail : if_must<tok<kw_has>, card_list> {};
// A condition on every card of a zone, in the ruleset's language (the card's
// attributes bare, as in a play rule), to the end of the line.
struct condition_text : plus<not_one<'\n', ';', '#', '}'>> {};
struct cond_tail : if_must<tok<cond_word>, condition_text> {};
struct zone_tail : sor<exact_tail, count_tail, has_tail, cond_tail> {};
struct part_count : number {};
struct side : sor<kw_top, kw_bottom> {};
struct part : if_must<tok<side>, opt<tok<part_count>>, zone_tail> {};
struct value : plus<tok<item>> {};
struct value_tail : if_must<tok<one<'='>>, value> {};
struct subject_line : seq<head, opt<sor<part, zone_tail, value_tail>>> {};

// The scenario's frame.
struct ruleset_name
    : sor<string, plus<not_one<' ', '\t', '\r', '\n', '#', '{', '}', ';', '"'>>> {};
// Quoted YAML scalars stay on one line, so an unterminated one is caught where it is.
struct yaml_dq_body : star<sor<seq<one<'\\'>, not_one<'\n'>>, not_one<'"', '\n'>>> {};
struct yaml_dq : if_must<one<'"'>, yaml_dq_body, one<'"'>> {};
struct yaml_sq_body : star<not_one<'\'', '\n'>> {};
struct yaml_sq : if_must<one<'\''>, yaml_sq_body, one<'\''>> {};
struct yaml_close : one<'}'> {};
struct yaml_block;
struct yaml_items
    : star<sor<yaml_dq, yaml_sq, yaml_block, not_one<'{', '}', '"', '\''>>> {};
struct yaml_block : if_must<one<'{'>, yaml_items, yaml_close> {};
struct with_part : if_must<tok<kw_with>, tok<yaml_block>> {};
struct ruleset_stmt : if_must<tok<kw_ruleset>, tok<ruleset_name>, opt<with_part>> {};
struct players_stmt : if_must<tok<kw_players>, player_list> {};
struct seed_number : plus<digit> {};
struct seed_stmt : if_must<tok<kw_seed>, tok<seed_number>> {};
struct round_number : plus<digit> {};
struct start_stmt
    : if_must<tok<kw_at>, tok<kw_start>, tok<kw_of>, tok<kw_round>, tok<round_number>> {};

// Letting the game run on.
struct until_round : if_must<tok<kw_round>, tok<round_number>> {};
struct until_over : tok<kw_over> {};
struct run_stmt : if_must<tok<kw_run>, tok<kw_until>, sor<until_round, until_over>> {};

// Expectations.
struct quoted_text : if_must<colon, tok<string>> {};
struct expect_legal : if_must<tok<kw_legal>, move> {};
struct expect_illegal : if_must<tok<kw_illegal>, move, opt<quoted_text>> {};
struct expect_over : seq<tok<kw_over>, opt<quoted_text>> {};
struct expect_not_over : if_must<tok<kw_not>, tok<kw_over>> {};
struct expect_winners : if_must<tok<kw_winners>, player_list> {};
struct expect_catches : seq<tok<player>, tok<kw_catches>, must<card_list>> {};
struct expectation : sor<expect_legal, expect_illegal, expect_over, expect_not_over,
                         expect_winners, expect_catches, subject_line> {};
struct expect_stmt : if_must<tok<kw_expect>, expectation> {};

struct statement : sor<ruleset_stmt, players_stmt, seed_stmt, start_stmt, run_stmt,
                       expect_stmt, move, subject_line> {};
struct stmt_end : sor<one<'\n'>, one<';'>, at<one<'}'>>, eof> {};
struct stmt : seq<statement, must<stmt_end>> {};
struct title : tok<string> {};
struct scenario_open : one<'{'> {};
struct scenario_close : one<'}'> {};
struct body : seq<gap, star<stmt, gap>> {};
struct scenario
    : if_must<tok<kw_scenario>, title, gap, scenario_open, body, scenario_close> {};
// A byte order mark some editors write first is no part of the text.
struct file : seq<opt<utf8::bom>, gap, star<scenario, gap>, must<eof>> {};

// What is reported when a commit point fails.
// clang-format off
template <typename Rule>
inline constexpr const char* error_message = nullptr;
template <> inline constexpr auto error_message<title> =
    "expected the scenario's title in quotes";
template <> inline constexpr auto error_message<gap> = "expected '{'";
template <> inline constexpr auto error_message<scenario_open> = "expected '{'";
template <> inline constexpr auto error_message<body> = "expected a statement";
template <> inline constexpr auto error_message<scenario_close> =
    "expected a statement or '}'";
template <> inline constexpr auto error_message<eof> =
    "expected a scenario: scenario \"title\" { ... }";
template <> inline constexpr auto error_message<stmt_end> =
    "expected the end of the line";
template <> inline constexpr auto error_message<string_body> = "unterminated string";
template <> inline constexpr auto error_message<one<'"'>> = "unterminated string";
template <> inline constexpr auto error_message<number> = "expected a number";
template <> inline constexpr auto error_message<card> =
    "expected a card, like 'yellow 7'";
template <> inline constexpr auto error_message<card_list> =
    "expected a card, like 'yellow 7'";
template <> inline constexpr auto error_message<thing_list> =
    "expected a card or a value, like 'yellow 7' or 'green'";
template <> inline constexpr auto error_message<thing> =
    "expected a card or a value, like 'yellow 7' or 'green'";
template <> inline constexpr auto error_message<tok<player>> = "expected a player's name";
template <> inline constexpr auto error_message<number_list> =
    "expected a number, like 'marks 3, 7'";
template <> inline constexpr auto error_message<tok<set_member>> =
    "expected a number, like 'marks 3, 7'";
template <> inline constexpr auto error_message<other_stoppers> = "expected a player's name";
template <> inline constexpr auto error_message<last_stopper> =
    "expected a player's name, like 'Anne and Paul stop'";
template <> inline constexpr auto error_message<stop_word> =
    "expected 'stop', like 'Anne and Paul stop'";
template <> inline constexpr auto error_message<tok<kw_and>> =
    "expected 'and' before the last player, like 'Anne, Paul and Debbie stop'";
template <> inline constexpr auto error_message<player_list> = "expected a player's name";
template <> inline constexpr auto error_message<tok<kw_on>> =
    "expected 'on' and where to lay";
template <> inline constexpr auto error_message<lay_target> =
    "expected where to lay, like 'row 1'";
template <> inline constexpr auto error_message<tok<number>> = "expected a number";
template <> inline constexpr auto error_message<opt<tok<part_count>>> =
    "expected a number";
template <> inline constexpr auto error_message<zone_tail> =
    "expected ':', 'count', 'has', 'all' or 'none'";
template <> inline constexpr auto error_message<condition_text> =
    "expected a condition on each card, like 'all suit == blue'";
template <> inline constexpr auto error_message<value> = "expected a value after '='";
template <> inline constexpr auto error_message<tok<ruleset_name>> =
    "expected a ruleset's name or path";
template <> inline constexpr auto error_message<opt<with_part>> =
    "expected the end of the line";
template <> inline constexpr auto error_message<tok<yaml_block>> =
    "expected '{' and the ruleset's changes in YAML";
template <> inline constexpr auto error_message<yaml_items> = "expected YAML";
template <> inline constexpr auto error_message<yaml_close> = "expected '}' to close '{'";
template <> inline constexpr auto error_message<yaml_dq_body> = "unterminated string";
template <> inline constexpr auto error_message<yaml_sq_body> = "unterminated string";
template <> inline constexpr auto error_message<one<'\''>> = "unterminated string";
template <> inline constexpr auto error_message<tok<seed_number>> = "expected a number";
template <> inline constexpr auto error_message<tok<round_number>> =
    "expected a round number";
template <> inline constexpr auto error_message<tok<kw_start>> =
    "expected 'start of round'";
template <> inline constexpr auto error_message<tok<kw_of>> = "expected 'start of round'";
template <> inline constexpr auto error_message<tok<kw_round>> =
    "expected 'start of round'";
template <> inline constexpr auto error_message<tok<kw_until>> = "expected 'until'";
template <> inline constexpr auto error_message<sor<until_round, until_over>> =
    "expected 'round N' or 'over'";
template <> inline constexpr auto error_message<expectation> =
    "expected what to expect, like 'winner Anne' or 'hand Anne count 3'";
template <> inline constexpr auto error_message<move> =
    "expected a move, like 'Anne plays yellow 7'";
template <> inline constexpr auto error_message<opt<quoted_text>> =
    "expected the end of the line";
template <> inline constexpr auto error_message<tok<string>> =
    "expected a text in quotes";
template <> inline constexpr auto error_message<tok<kw_over>> = "expected 'over'";
// clang-format on

// Messages are used only where must<> commits, never when an alternative fails.
struct error {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};
template <typename Rule>
using control = must_if<error>::control<Rule>;

}  // namespace angler::scenario_grammar

#endif  // ANGLER_DSL_SCENARIO_GRAMMAR_H_
