// The trick procedure: rounds of tricks, each led, followed and won.

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

const std::vector<std::string> kTrickKeys = {"zone",     "hand",   "captures", "may_lead",
                                             "may_play", "winner", "end"};

}  // namespace

void Loader::TrickProgram(const YamlNode& doc, const YamlNode& trick_node,
                          const YamlNode& round_node, const YamlNode& game_node) {
  Ruleset& r = *rules_;
  const YamlNode* trick = &trick_node;
  const YamlNode* round = &round_node;
  const YamlNode* game = &game_node;
  CheckKeys(*trick, kTrickKeys, "the trick section");

  auto family = [&](const std::string& key, bool per_player) {
    std::string name = Text(*trick, key, key == "zone" ? "trick" : "hand");
    int f = r.FindFamily(name);
    if (f < 0 || r.zones[static_cast<size_t>(f)].per_player != per_player) {
      std::vector<std::string> names;
      for (const auto& z : r.zones) {
        if (z.per_player == per_player) names.push_back(z.name);
      }
      Error(trick->KeyPos(key),
            WithSuggestion("the trick's " + key + " must be a " +
                               (per_player ? "zone per player" : "shared zone") +
                               ", not '" + name + "'",
                           name, names));
    }
    return f;
  };
  r.trick.emplace();
  r.trick->family = family("zone", false);
  r.hand_family = family("hand", true);
  if (trick->Find("captures")) r.trick->capture_family = family("captures", true);

  CodeContext plain;
  CodeContext card_rule;
  card_rule.has_card = true;
  // may_play and may_lead: a condition, or a list of {if, else: "why not"}.
  if (const YamlNode* lead = trick->Find("may_lead")) {
    r.trick->lead_rules = ReasonedRules(*lead, card_rule, "a lead rule");
    r.trick->may_lead = AllOf(r.trick->lead_rules);
  }
  if (const YamlNode* play = trick->Find("may_play")) {
    r.trick->play_rules = ReasonedRules(*play, card_rule, "a play rule");
    r.trick->may_play = AllOf(r.trick->play_rules);
  } else {
    Error(trick->pos, "the trick needs 'may_play'");
  }
  const YamlNode* winner = trick->Find("winner");
  if (!winner) {
    Error(trick->pos, "the trick needs 'winner': the card or player that wins it");
  } else {
    auto w = ExprAt(winner, Type::kVoid, plain);
    if (!w) {
      Errors(w.errors());
    } else if (r.nodes[static_cast<size_t>(w.value())].type != Type::kCard &&
               r.nodes[static_cast<size_t>(w.value())].type != Type::kPlayer) {
      Error(winner->pos, "the winner must be a card or a player");
    } else {
      r.trick->winner = w.value();
    }
  }
  if (r.hand_family >= 0) {
    // The cards a player may play: their hand filtered by the play rules.
    auto options = [&](int rule) {
      if (rule < 0) return -1;
      Node hand{Op::kFamilyZone, Type::kZone};
      hand.a = r.zones[static_cast<size_t>(r.hand_family)].first;
      hand.b = -1;  // one per seat
      hand.x = Global(r.builtin.turn, Type::kPlayer);
      return compiler_.Filter(compiler_.AddNode(hand), rule);
    };
    r.trick->play_options = options(r.trick->may_play);
    r.trick->lead_options =
        r.trick->may_lead >= 0 ? options(r.trick->may_lead) : r.trick->play_options;
  }
  int tricks = RequiredExpr(*round, "tricks", Type::kInt, plain, "the round");
  int end_when = RequiredExpr(*game, "end_when", Type::kBool, plain, "the game");
  if (!errors_.empty()) return;

  const BuiltinSlots& b = r.builtin;
  r.end_reasons = {""};
  r.entry_setup = compiler_.Here();
  StatementsAt(doc.Find("setup"), plain, "setup");
  compiler_.BeginSection("round", round->pos);
  r.entry_round = compiler_.Emit(Instr{Code::kRoundBegin});
  StatementsAt(round->Find("start"), plain, "round.start");
  compiler_.BeginSection("trick", trick->pos);
  Instr set_tricks{Code::kSetGlobal};
  set_tricks.slot = static_cast<int16_t>(b.tricks);
  set_tricks.e0 = tricks;
  compiler_.Emit(set_tricks);
  r.entry_play = compiler_.Here();
  Node more{Op::kLt, Type::kBool};
  more.x = Global(b.trick_number, Type::kInt);
  more.y = Global(b.tricks, Type::kInt);
  Instr loop{Code::kJumpIfNot};
  loop.e0 = compiler_.AddNode(more);
  int loop_at = compiler_.Emit(loop);
  r.entry_trick = compiler_.Emit(Instr{Code::kTrickBegin});
  compiler_.Emit(Instr{Code::kRunPending});
  Instr first_turn{Code::kSetGlobal};  // a next-trick effect may have named the leader
  first_turn.slot = static_cast<int16_t>(b.turn);
  first_turn.e0 = Global(b.leader, Type::kPlayer);
  compiler_.Emit(first_turn);
  Instr play{Code::kPlay};
  int play_at = compiler_.Emit(play);
  compiler_.Emit(Instr{Code::kRunTriggers});
  Instr back{Code::kJump};
  back.target = play_at;
  compiler_.Emit(back);
  r.code[static_cast<size_t>(play_at)].target = compiler_.Here();
  compiler_.Emit(Instr{Code::kTrickResolve});
  CodeContext end_ctx;
  end_ctx.in_trick_end = true;
  if (!trick->Find("end"))
    Error(trick->pos, "the trick needs 'end': what happens to its cards");
  StatementsAt(trick->Find("end"), end_ctx, "trick.end");
  compiler_.BeginSection("trick", trick->pos);
  EmitChecks(Moment::kTrickEnd);
  compiler_.Emit(Instr{Code::kTrickEnd});
  Instr again{Code::kJump};
  again.target = loop_at;
  compiler_.Emit(again);
  r.code[static_cast<size_t>(loop_at)].target = compiler_.Here();
  EmitChecks(Moment::kRoundEnd);
  StatementsAt(round->Find("end"), plain, "round.end");
  compiler_.BeginSection("round", round->pos);
  Instr next_round{Code::kJumpIfNot};
  next_round.e0 = end_when;
  next_round.target = r.entry_round;
  compiler_.Emit(next_round);
  EmitChecks(Moment::kGameEnd);
  compiler_.Emit(Instr{Code::kGameOver});
}

}  // namespace angler
