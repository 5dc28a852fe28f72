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

void Loader::TrickProgram(const YamlNode& doc, const YamlNode& trick,
                          const YamlNode& round, const YamlNode& game) {
  CheckKeys(trick, kTrickKeys, "the trick section");
  TrickZones(trick);
  TrickPlayRules(trick);
  TrickWinner(trick);
  TrickPlayOptions();
  CodeContext plain;
  int tricks = RequiredExpr(round, "tricks", Type::kInt, plain, "the round");
  int end_when = RequiredExpr(game, "end_when", Type::kBool, plain, "the game");
  if (!errors_.empty()) return;
  EmitRoundStart(doc, round);
  EmitTricks(trick, tricks);
  EmitRoundEnd(round, end_when);
}

void Loader::TrickZones(const YamlNode& trick) {
  Ruleset& r = *rules_;
  auto family = [&](const std::string& key, bool per_player) {
    std::string name = Text(trick, key, key == "zone" ? "trick" : "hand");
    int f = r.FindFamily(name);
    if (f < 0 || r.zones[static_cast<size_t>(f)].per_player != per_player) {
      std::vector<std::string> names;
      for (const auto& z : r.zones) {
        if (z.per_player == per_player) names.push_back(z.name);
      }
      Error(trick.KeyPos(key),
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
  if (trick.Find("captures")) r.trick->capture_family = family("captures", true);
}

// may_play and may_lead: a condition, or a list of {if, else: "why not"}.
void Loader::TrickPlayRules(const YamlNode& trick) {
  TrickProcedure& t = *rules_->trick;
  CodeContext card_rule;
  card_rule.has_card = true;
  card_rule.in_filter = true;  // TrickPlayOptions: the hand filtered by them
  if (const YamlNode* lead = trick.Find("may_lead")) {
    t.lead_rules = ReasonedRules(*lead, card_rule, "a lead rule");
    t.may_lead = AllOf(t.lead_rules);
  }
  if (const YamlNode* play = trick.Find("may_play")) {
    t.play_rules = ReasonedRules(*play, card_rule, "a play rule");
    t.may_play = AllOf(t.play_rules);
  } else {
    Error(trick.pos, "the trick needs 'may_play'");
  }
}

void Loader::TrickWinner(const YamlNode& trick) {
  const YamlNode* winner = trick.Find("winner");
  if (!winner) {
    Error(trick.pos, "the trick needs 'winner': the card or player that wins it");
    return;
  }
  auto w = ExprAt(winner, Type::kVoid, CodeContext{});
  if (!w) {
    Errors(w.errors());
    return;
  }
  const Type type = rules_->nodes[static_cast<size_t>(w.value())].type;
  if (type != Type::kCard && type != Type::kPlayer) {
    Error(winner->pos, "the winner must be a card or a player");
    return;
  }
  rules_->trick->winner = w.value();
}

// The cards a player may play: their hand filtered by the play rules.
void Loader::TrickPlayOptions() {
  Ruleset& r = *rules_;
  if (r.hand_family < 0) return;
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

// `tricks` tricks: each begins with the effects left for it, is played card
// by card, resolved, and ends with the trick's end statements.
void Loader::EmitTricks(const YamlNode& trick, int tricks) {
  Ruleset& r = *rules_;
  const BuiltinSlots& b = r.builtin;
  compiler_.BeginSection("trick", trick.pos);
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
  // One step plays the trick: it runs the triggers a card played queued
  // (returning to it), then asks the next player, until all have played.
  Instr play{Code::kPlay};
  int play_at = compiler_.Emit(play);
  r.code[static_cast<size_t>(play_at)].target = compiler_.Here();
  // With nothing pending, kTrickBegin goes straight to the play: the turn
  // set above is the one it set.
  r.code[static_cast<size_t>(r.entry_trick)].target = play_at;
  compiler_.Emit(Instr{Code::kTrickResolve});
  CodeContext end_ctx;
  end_ctx.in_trick_end = true;
  if (!trick.Find("end"))
    Error(trick.pos, "the trick needs 'end': what happens to its cards");
  StatementsAt(trick.Find("end"), end_ctx, "trick.end");
  compiler_.BeginSection("trick", trick.pos);
  EmitChecks(Moment::kTrickEnd);
  compiler_.Emit(Instr{Code::kTrickEnd});
  Instr again{Code::kJump};
  again.target = loop_at;
  compiler_.Emit(again);
  r.code[static_cast<size_t>(loop_at)].target = compiler_.Here();
}

}  // namespace angler
