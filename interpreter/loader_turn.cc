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
  Ruleset& r = *rules_;
  CheckKeys(turn, kTurnKeys, "the turn section");
  r.turn.emplace();
  std::string hand = Text(turn, "hand", "hand");
  r.hand_family = r.FindFamily(hand);
  if (r.hand_family < 0 || !r.zones[static_cast<size_t>(r.hand_family)].per_player) {
    Error(turn.KeyPos("hand"),
          "the turn's hand must be a zone per player, not '" + hand + "'");
  }
  std::string rows = Text(turn, "rows", "row");
  r.turn->rows_family = r.FindFamily(rows);
  if (!r.turn || !r.zones[static_cast<size_t>(r.turn->rows_family)].indexed) {
    std::vector<std::string> names;
    for (const auto& z : r.zones) {
      if (z.indexed) names.push_back(z.name);
    }
    Error(turn.KeyPos("rows"),
          WithSuggestion(
              "the turn's rows must be numbered zones ({count: 3}), not '" + rows + "'",
              rows, names));
  }
  if (const YamlNode* lay = turn.Find("lay")) {
    auto counts = Numbers(*lay);
    if (!counts.empty()) {
      r.turn->lay_min = static_cast<int>(*std::min_element(counts.begin(), counts.end()));
      r.turn->lay_max = static_cast<int>(*std::max_element(counts.begin(), counts.end()));
    }
    if (r.turn->lay_min < 1 || r.turn->lay_max > kMaxLay) {
      Error(lay->pos, "a lay is 1 to " + std::to_string(kMaxLay) + " cards");
    }
  }
  CodeContext plain;
  CodeContext card_rule;
  card_rule.has_card = true;
  // may_lay: one condition, or a list of {if: condition, else: "why not"}.
  if (const YamlNode* may = turn.Find("may_lay")) {
    r.turn->lay_rules = ReasonedRules(*may, card_rule, "a lay rule");
  }
  if (turn.Find("full"))
    r.turn->lay_full = RequiredExpr(turn, "full", Type::kBool, plain, "the turn");
  if (turn.Find("accept_illegal")) {
    r.turn->accept_illegal =
        RequiredExpr(turn, "accept_illegal", Type::kBool, plain, "the turn");
  }
  if (turn.Find("skip"))
    r.turn->skip = RequiredExpr(turn, "skip", Type::kBool, plain, "the turn");
  int until = RequiredExpr(turn, "until", Type::kBool, plain, "the turn");
  int end_when = RequiredExpr(game, "end_when", Type::kBool, plain, "the game");
  if (round.Find("tricks"))
    Error(round.KeyPos("tricks"), "a game of turns counts no tricks");
  if (!errors_.empty()) return;

  const BuiltinSlots& b = r.builtin;
  r.end_reasons = {""};
  r.entry_setup = compiler_.Here();
  StatementsAt(doc.Find("setup"), plain, "setup");
  compiler_.BeginSection("round", round.pos);
  r.entry_round = compiler_.Emit(Instr{Code::kRoundBegin});
  StatementsAt(round.Find("start"), plain, "round.start");
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
  EmitChecks(Moment::kRoundEnd);
  StatementsAt(round.Find("end"), plain, "round.end");
  compiler_.BeginSection("round", round.pos);
  Instr next_round{Code::kJumpIfNot};
  next_round.e0 = end_when;
  next_round.target = r.entry_round;
  compiler_.Emit(next_round);
  EmitChecks(Moment::kGameEnd);
  compiler_.Emit(Instr{Code::kGameOver});
}

}  // namespace angler
