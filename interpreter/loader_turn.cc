// The turn procedure: players in turn lay cards on numbered piles (rows).

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/formation.h"
#include "interpreter/loader_internal.h"

namespace angler {

namespace {

const std::vector<std::string> kTurnKeys = {
    "hand",           "rows",       "lay",   "may_lay", "full",
    "accept_illegal", "on_illegal", "after", "skip",    "until"};

}  // namespace

void Loader::TurnProgram(const YamlNode& doc, const YamlNode& turn, const YamlNode& round,
                         const YamlNode& game) {
  CheckKeys(turn, kTurnKeys, "the turn section");
  rules_->turn.emplace();
  TurnZones(turn);
  TurnLaySizes(turn);
  TurnRules(turn);
  CodeContext plain;
  int until = RequiredExpr(turn, "until", Type::kBool, plain, "the turn");
  int end_when = RequiredExpr(game, "end_when", Type::kBool, plain, "the game");
  if (round.Find("tricks"))
    Error(round.KeyPos("tricks"), "a game of turns counts no tricks");
  if (!errors_.empty()) return;
  EmitRoundStart(doc, round);
  EmitTurns(turn, until);
  EmitRoundEnd(round, end_when);
}

void Loader::TurnZones(const YamlNode& turn) {
  Ruleset& r = *rules_;
  std::string hand = Text(turn, "hand", "hand");
  r.hand_family = r.FindFamily(hand);
  if (r.hand_family < 0 || !r.zones[static_cast<size_t>(r.hand_family)].per_player) {
    Error(turn.KeyPos("hand"),
          "the turn's hand must be a zone per player, not '" + hand + "'");
  }
  std::string rows = Text(turn, "rows", "row");
  r.turn->rows_family = r.FindFamily(rows);
  if (r.turn->rows_family < 0 ||
      !r.zones[static_cast<size_t>(r.turn->rows_family)].indexed) {
    std::vector<std::string> names;
    for (const auto& z : r.zones) {
      if (z.indexed) names.push_back(z.name);
    }
    Error(turn.KeyPos("rows"),
          WithSuggestion(
              "the turn's rows must be numbered zones ({count: 3}), not '" + rows + "'",
              rows, names));
  }
}

// lay: how many cards a lay may be ("1..3", or a list).
void Loader::TurnLaySizes(const YamlNode& turn) {
  const YamlNode* lay = turn.Find("lay");
  if (!lay) return;
  TurnProcedure& t = *rules_->turn;
  auto counts = Numbers(*lay);
  if (!counts.empty()) {
    t.lay_min = static_cast<int>(*std::min_element(counts.begin(), counts.end()));
    t.lay_max = static_cast<int>(*std::max_element(counts.begin(), counts.end()));
  }
  if (t.lay_min < 1 || t.lay_max > kMaxLay) {
    Error(lay->pos, "a lay is 1 to " + std::to_string(kMaxLay) + " cards");
  }
}

void Loader::TurnRules(const YamlNode& turn) {
  TurnProcedure& t = *rules_->turn;
  CodeContext plain;
  CodeContext card_rule;
  card_rule.has_card = true;
  // may_lay: one condition, or a list of {if: condition, else: "why not"}.
  if (const YamlNode* may = turn.Find("may_lay")) {
    t.lay_rules = ReasonedRules(*may, card_rule, "a lay rule");
    // LegalLays judges every hand card on one state in one question.
    for (ReasonedRule& rule : t.lay_rules)
      rule.condition = compiler_.ShareFixedParts(rule.condition);
    t.may_lay = AllOf(t.lay_rules);
  }
  if (turn.Find("full"))
    t.lay_full = RequiredExpr(turn, "full", Type::kBool, plain, "the turn");
  if (turn.Find("accept_illegal")) {
    t.accept_illegal =
        RequiredExpr(turn, "accept_illegal", Type::kBool, plain, "the turn");
  }
  if (turn.Find("skip"))
    t.skip = RequiredExpr(turn, "skip", Type::kBool, plain, "the turn");
}

// Turns until `until`: each a lay (again after on_illegal while the lay was
// refused), then the after statements, then the next seat's turn.
void Loader::EmitTurns(const YamlNode& turn, int until) {
  Ruleset& r = *rules_;
  const BuiltinSlots& b = r.builtin;
  CodeContext plain;
  compiler_.BeginSection("turn", turn.pos);
  Instr first_turn{Code::kSetGlobal};
  first_turn.slot = static_cast<int16_t>(b.turn);
  first_turn.e0 = Global(b.leader, Type::kPlayer);
  compiler_.Emit(first_turn);
  r.entry_play = compiler_.Here();
  Node ended{Op::kNot, Type::kBool};
  ended.x = until;
  Instr loop{Code::kJumpIfNot};  // while not until
  loop.e0 = compiler_.AddNode(ended);
  int loop_at = compiler_.Emit(loop);
  r.entry_trick = compiler_.Emit(Instr{Code::kTurnBegin});
  int lay_at = compiler_.Emit(Instr{Code::kLay});
  Instr refused{Code::kJumpIfNot};
  refused.e0 = Global(b.illegal_lay, Type::kBool);
  int refused_at = compiler_.Emit(refused);
  StatementsAt(turn.Find("on_illegal"), plain, "turn.on_illegal");
  compiler_.BeginSection("turn", turn.pos);
  Instr retry{Code::kJump};
  retry.target = lay_at;
  compiler_.Emit(retry);
  r.code[static_cast<size_t>(refused_at)].target = compiler_.Here();
  StatementsAt(turn.Find("after"), plain, "turn.after");
  compiler_.BeginSection("turn", turn.pos);
  EmitChecks(Moment::kTrickEnd);
  Node next{Op::kLeft, Type::kPlayer};
  next.x = Global(b.turn, Type::kPlayer);
  Instr pass{Code::kSetGlobal};
  pass.slot = static_cast<int16_t>(b.turn);
  pass.e0 = compiler_.AddNode(next);
  compiler_.Emit(pass);
  Instr again{Code::kJump};
  again.target = loop_at;
  compiler_.Emit(again);
  r.code[static_cast<size_t>(loop_at)].target = compiler_.Here();
}

}  // namespace angler
