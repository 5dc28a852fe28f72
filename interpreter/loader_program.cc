// The ruleset's program: setup, the round loop, invariants and the search, with
// the procedure (tricks, turns or plain rounds) in its own file.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/formation.h"
#include "interpreter/loader_internal.h"
#include "interpreter/node_walk.h"

namespace angler {

namespace {

const std::vector<std::string> kRoundKeys = {"start", "tricks", "end"};
const std::vector<std::string> kGameKeys = {"end_when", "rank", "lowest_wins",
                                            "place_notes"};

}  // namespace

Result<int> Loader::ExprAt(const YamlNode* node, Type want, const CodeContext& ctx) {
  auto parsed = ParseExpression(node->snippet);
  if (!parsed) return parsed.errors();
  return compiler_.Expression(*parsed.value(), want, ctx);
}

int Loader::RequiredExpr(const YamlNode& section, const std::string& key, Type want,
                         const CodeContext& ctx, const std::string& what) {
  const YamlNode* node = section.Find(key);
  if (!node) {
    Error(section.pos, what + " needs '" + key + "'");
    return -1;
  }
  auto r = ExprAt(node, want, ctx);
  if (!r) {
    Errors(r.errors());
    return -1;
  }
  return r.value();
}

void Loader::StatementsAt(const YamlNode* node, const CodeContext& ctx,
                          const std::string& section) {
  if (!node) return;
  compiler_.BeginSection(section, node->pos);
  // A list of statements, or one text holding several.
  std::vector<const YamlNode*> parts;
  if (node->kind == YamlNode::Kind::kSequence) {
    for (const auto& item : node->items) parts.push_back(&item);
  } else {
    parts.push_back(node);
  }
  for (const YamlNode* part : parts) {
    if (!part->IsScalar()) {
      Error(part->pos, "expected statements as text");
      continue;
    }
    auto parsed = ParseStatements(part->snippet);
    if (!parsed) {
      Errors(parsed.errors());
      continue;
    }
    auto st = compiler_.Statements(parsed.value(), ctx);
    if (!st) Errors(st.errors());
  }
}

int Loader::Global(int slot, Type t) {
  Node n{Op::kGlobal, t};
  n.a = slot;
  return compiler_.AddNode(n);
}

void Loader::Program(const YamlNode& doc) {
  const YamlNode* trick = doc.Find("trick");
  const YamlNode* turn = doc.Find("turn");
  const YamlNode* round = doc.Find("round");
  const YamlNode* game = doc.Find("game");
  if (trick && turn)
    Error(doc.KeyPos("turn"), "a ruleset plays tricks or turns, not both");
  if (!round) Error(doc.pos, "a ruleset needs a 'round' section");
  if (!game) Error(doc.pos, "a ruleset needs a 'game' section");
  if (!round || !game || (trick && turn)) return;
  Invariants(doc, trick != nullptr || turn != nullptr);
  if (const YamlNode* search = doc.Find("search")) {
    CheckKeys(*search, {"active", "card"}, "the search section");
    if (!rules_->search) {
      Error(doc.KeyPos("search"), "a search needs a 'formation': the pieces to search");
      rules_->search.emplace();
    }
    CodeContext who;
    who.params = {{"p", Type::kPlayer}};
    rules_->search->active =
        RequiredExpr(*search, "active", Type::kBool, who, "the search");
    CodeContext plain;
    rules_->search->card =
        RequiredExpr(*search, "card", Type::kCard, plain, "the search");
  }
  CheckKeys(*round, kRoundKeys, "the round section");
  CheckKeys(*game, kGameKeys, "the game section");
  CodeContext rank_ctx;
  rank_ctx.params = {{"p", Type::kPlayer}};
  rules_->rank = RequiredExpr(*game, "rank", Type::kInt, rank_ctx, "the game");
  if (const YamlNode* low = game->Find("lowest_wins"))
    rules_->rank_higher_wins = !Bool(*low);
  if (const YamlNode* notes = game->Find("place_notes")) PlaceNotes(*notes, rank_ctx);
  if (trick) {
    TrickProgram(doc, *trick, *round, *game);
  } else if (turn) {
    TurnProgram(doc, *turn, *round, *game);
  } else {
    RoundProgram(doc, *round, *game);
  }
}

void Loader::Invariants(const YamlNode& doc, bool has_tricks) {
  const YamlNode* list = doc.Find("invariants");
  if (!list) return;
  if (list->kind != YamlNode::Kind::kSequence) {
    Error(list->pos, "'invariants' must be a list of {at, holds, says}");
    return;
  }
  static const std::vector<std::string> kMoments = {"trick_end", "round_end", "game_end"};
  CodeContext each;
  each.params = {{"p", Type::kPlayer}};
  for (const YamlNode& item : list->items) {
    CheckKeys(item, {"at", "holds", "says"}, "an invariant");
    if (item.kind != YamlNode::Kind::kMap) continue;
    const std::string at = Text(item, "at", "");
    auto m = std::find(kMoments.begin(), kMoments.end(), at);
    const YamlNode* at_node = item.Find("at");
    if (m == kMoments.end()) {
      Error(at_node ? at_node->pos : item.pos,
            WithSuggestion("an invariant holds 'at' trick_end, round_end or game_end, "
                           "not '" +
                               at + "'",
                           at, kMoments));
      continue;
    }
    Invariant inv;
    inv.at = static_cast<Moment>(m - kMoments.begin());
    if (inv.at == Moment::kTrickEnd && !has_tricks) {
      Error(at_node->pos, "a game of neither tricks nor turns has no trick_end");
      continue;
    }
    inv.holds = RequiredExpr(item, "holds", Type::kBool, each, "an invariant");
    // One that does not read p holds or fails alike for every seat: checked
    // once. One that does is asked of every seat in one question
    // (Game::FirstBrokenCheck): the parts that do not read p are shared.
    inv.per_seat = AnyNodeBelow(
        *rules_, inv.holds, [](const Node& n) { return n.op == Op::kLocal && n.a == 0; });
    if (inv.per_seat) {
      // count(F(p)) == n: one node walks every seat's pile, reading n once.
      if (const int every = compiler_.EverySeat(inv.holds); every >= 0) {
        inv.holds = every;
        inv.per_seat = false;
      } else {
        inv.holds = compiler_.ShareFixedParts(inv.holds);
      }
    }
    const YamlNode* holds = item.Find("holds");
    inv.says = Text(item, "says", holds && holds->IsScalar() ? holds->scalar : "");
    inv.pos = holds ? holds->pos : item.pos;
    rules_->invariants.push_back(inv);
  }
}

void Loader::EmitChecks(Moment at) {
  const auto& all = rules_->invariants;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].at != at || all[i].holds < 0) continue;
    Instr check{Code::kCheck};
    check.e0 = all[i].holds;
    check.slot = static_cast<int16_t>(i);
    check.flag = all[i].per_seat ? 1 : 0;
    compiler_.Emit(check, all[i].pos);
  }
}

void Loader::RoundProgram(const YamlNode& doc, const YamlNode& round,
                          const YamlNode& game) {
  Ruleset& r = *rules_;
  CodeContext plain;
  int end_when = RequiredExpr(game, "end_when", Type::kBool, plain, "the game");
  if (round.Find("tricks"))
    Error(round.KeyPos("tricks"), "a game without tricks counts none");
  if (!errors_.empty()) return;
  EmitRoundStart(doc, round);
  r.entry_play = r.entry_trick = r.entry_round;
  EmitRoundEnd(round, end_when);
}

void Loader::EmitRoundStart(const YamlNode& doc, const YamlNode& round) {
  Ruleset& r = *rules_;
  CodeContext plain;
  r.end_reasons = {""};
  r.entry_setup = compiler_.Here();
  StatementsAt(doc.Find("setup"), plain, "setup");
  compiler_.BeginSection("round", round.pos);
  r.entry_round = compiler_.Emit(Instr{Code::kRoundBegin});
  StatementsAt(round.Find("start"), plain, "round.start");
}

void Loader::EmitRoundEnd(const YamlNode& round, int end_when) {
  CodeContext plain;
  EmitChecks(Moment::kRoundEnd);
  StatementsAt(round.Find("end"), plain, "round.end");
  compiler_.BeginSection("round", round.pos);
  Instr next_round{Code::kJumpIfNot};
  next_round.e0 = end_when;
  next_round.target = rules_->entry_round;
  compiler_.Emit(next_round);
  EmitChecks(Moment::kGameEnd);
  compiler_.Emit(Instr{Code::kGameOver});
}

// Text with {expression} holes; each hole is compiled like a play rule.
std::vector<MessagePart> Loader::MessageAt(const YamlNode& node, const CodeContext& ctx) {
  std::vector<MessagePart> parts;
  const std::string& text = node.scalar;
  size_t at = 0;
  while (at < text.size()) {
    size_t open = text.find('{', at);
    if (open == std::string::npos) open = text.size();
    if (open > at) parts.push_back({text.substr(at, open - at), -1});
    if (open == text.size()) break;
    size_t close = text.find('}', open);
    if (close == std::string::npos) {
      Error(node.snippet.PosAt(1, static_cast<int>(open) + 1),
            "'{' without '}' in the message");
      break;
    }
    Snippet hole = node.snippet;
    hole.text = text.substr(open + 1, close - open - 1);
    hole.col = node.snippet.col + static_cast<int>(open) + 1;
    hole.line_cols.clear();
    auto parsed = ParseExpression(hole);
    if (!parsed) {
      Errors(parsed.errors());
    } else {
      auto n = compiler_.Expression(*parsed.value(), Type::kVoid, ctx);
      if (!n) {
        Errors(n.errors());
      } else {
        parts.push_back({"", n.value()});
      }
    }
    at = close + 1;
  }
  return parts;
}

std::vector<ReasonedRule> Loader::ReasonedRules(const YamlNode& node,
                                                const CodeContext& ctx,
                                                const std::string& what) {
  std::vector<const YamlNode*> items;
  if (node.kind == YamlNode::Kind::kSequence) {
    for (const auto& item : node.items) items.push_back(&item);
  } else {
    items.push_back(&node);
  }
  std::vector<ReasonedRule> rules;
  for (const YamlNode* item : items) {
    ReasonedRule rule;
    const YamlNode* cond = item;
    if (item->kind == YamlNode::Kind::kMap) {
      CheckKeys(*item, {"if", "else"}, what);
      cond = item->Find("if");
      if (const YamlNode* why = item->Find("else")) rule.message = MessageAt(*why, ctx);
    }
    if (!cond || !cond->IsScalar()) {
      Error(item->pos, what + " needs a condition: {if: ..., else: \"why not\"}");
      continue;
    }
    auto c = ExprAt(cond, Type::kBool, ctx);
    if (!c) {
      Errors(c.errors());
      continue;
    }
    rule.condition = c.value();
    rules.push_back(std::move(rule));
  }
  return rules;
}

void Loader::PlaceNotes(const YamlNode& list, const CodeContext& ctx) {
  if (list.kind != YamlNode::Kind::kSequence) {
    Error(list.pos, "'place_notes' must be a list of {if, says}");
    return;
  }
  for (const YamlNode& item : list.items) {
    if (item.kind != YamlNode::Kind::kMap) {
      Error(item.pos, "a place note is {if: condition, says: \"words\"}");
      continue;
    }
    CheckKeys(item, {"if", "says"}, "a place note");
    const YamlNode* says = item.Find("says");
    if (!says || !says->IsScalar() || says->scalar.empty()) {
      Error(item.pos, "a place note needs words: says: \"out in round {out_round(p)}\"");
      continue;
    }
    const int condition = RequiredExpr(item, "if", Type::kBool, ctx, "a place note");
    std::vector<MessagePart> words = MessageAt(*says, ctx);
    if (condition >= 0) rules_->place_notes.push_back({condition, std::move(words)});
  }
}

int Loader::AllOf(const std::vector<ReasonedRule>& rules) {
  if (rules.size() < 2) return rules.empty() ? -1 : rules.front().condition;
  std::vector<int> conditions;
  for (const ReasonedRule& rule : rules) conditions.push_back(rule.condition);
  return compiler_.AllOf(conditions);
}

}  // namespace angler
