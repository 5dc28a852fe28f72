// ScenarioPlay's expectations: what a scenario's `expect` lines claim of a
// zone, a rank, a condition or a value, checked against the position.
#include <algorithm>
#include <string>
#include <vector>

#include "dsl/text.h"
#include "interpreter/eval.h"
#include "tools/scenario/scenario_play.h"

namespace angler {
namespace {

using Tail = ScnLine::Tail;
using Part = ScnLine::Part;

}  // namespace

std::vector<int> ScenarioPlay::Cards(const Bound& b) const {
  auto zone = state_.Zone(b.zone);
  std::vector<int> cards(zone.begin(), zone.end());
  const ScnLine& l = *b.line;
  if (l.part_count >= 0) {
    const size_t n = std::min(cards.size(), static_cast<size_t>(l.part_count));
    if (l.part == Part::kTop)
      cards.erase(cards.begin(), cards.end() - static_cast<long>(n));
    if (l.part == Part::kBottom) cards.resize(n);
  }
  return cards;
}

std::string ScenarioPlay::Names(const std::vector<int>& cards) const {
  if (cards.empty()) return "nothing";
  std::vector<std::string> names;
  for (int c : cards) names.push_back(CardName(c));
  return Join(names);
}

std::string ScenarioPlay::Subject(const Bound& b) const {
  const ScnLine& l = *b.line;
  std::string out = b.subject;
  if (l.part == Part::kTop) out += " top";
  if (l.part == Part::kBottom) out += " bottom";
  // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "literal" + string&&.
  if (l.part_count >= 0) out.append(" ").append(std::to_string(l.part_count));
  return out;
}

std::vector<std::string> ScenarioPlay::Written(const std::vector<CardRef>& cards) {
  std::vector<std::string> names;
  for (const CardRef& c : cards) names.push_back(c.name);
  return names;
}

bool ScenarioPlay::Has(const Bound& b, const std::string& claim) {
  std::vector<int> cards = Cards(b);
  std::vector<std::string> missing;
  std::vector<bool> used(cards.size(), false);
  for (const CardRef& want : b.cards) {
    bool found = false;
    for (size_t i = 0; i < cards.size() && !found; ++i) {
      if (!used[i] && CardName(cards[i]) == want.name) used[i] = found = true;
    }
    if (!found) missing.push_back(want.name);
  }
  if (missing.empty()) return true;
  return Fail(
      b.line->pos, claim + Join(Written(b.cards)),
      Subject(b) + " has no " + Join(missing) + " (it holds " + Names(cards) + ")");
}

bool ScenarioPlay::ZoneExpectation(const Bound& b) {
  const ScnLine& l = *b.line;
  std::vector<int> cards = Cards(b);
  switch (l.tail) {
    case Tail::kCount:
      if (static_cast<int64_t>(cards.size()) == l.number) return true;
      return Fail(l.pos, Subject(b) + " count " + std::to_string(l.number),
                  Subject(b) + " count " + std::to_string(cards.size()) +
                      (cards.size() <= 24 ? " (" + Names(cards) + ")" : ""));
    case Tail::kHas:
      return Has(b, Subject(b) + " has ");
    default:
      break;
  }
  std::vector<std::string> want = Written(b.cards);
  const std::string expected =
      Subject(b) + ": " + (want.empty() ? "nothing" : Join(want));
  if (l.part != Part::kWhole && l.part_count < 0) {
    // `top:` lists the top cards from the top down; `bottom:` from the bottom up.
    std::vector<std::string> got;
    for (size_t i = 0; i < cards.size() && got.size() < want.size(); ++i) {
      got.push_back(
          CardName(l.part == Part::kTop ? cards[cards.size() - 1 - i] : cards[i]));
    }
    if (got == want) return true;
    return Fail(l.pos, expected,
                Subject(b) + ": " + (got.empty() ? "nothing" : Join(got)));
  }
  std::vector<std::string> got;
  for (int c : cards) got.push_back(CardName(c));
  std::vector<std::string> a = want, c = got;
  std::sort(a.begin(), a.end());
  std::sort(c.begin(), c.end());
  if (a == c) return true;
  return Fail(l.pos, expected, Subject(b) + ": " + Names(cards));
}

bool ScenarioPlay::RankExpectation(const Bound& b) {
  const int64_t want = b.value.Get(state_);
  const int64_t now = game_.Rank(state_, b.seat);
  if (now == want) return true;
  return Fail(b.line->pos, b.subject + " = " + std::to_string(want),
              b.subject + " = " + std::to_string(now));
}

bool ScenarioPlay::ConditionExpectation(const Bound& b) {
  const ScnLine& l = *b.line;
  const bool all = l.tail == Tail::kAll;
  Frame frame{};
  Evaluator ev(*b.condition_rules, state_, &frame);
  const std::vector<int> cards = Cards(b);
  std::vector<int> against;
  for (int c : cards) {
    ev.set_card(c);
    ev.ReleaseLists();
    if ((ev.Value(b.condition) != 0) != all) against.push_back(c);
  }
  if (against.empty()) return true;
  return Fail(l.pos, Subject(b) + (all ? " all " : " none ") + l.condition,
              Subject(b) + " has " + Names(against) +
                  (all ? " against it" : " meeting it") + " (it holds " + Names(cards) +
                  ")");
}

bool ScenarioPlay::ValueExpectation(const Bound& b) {
  const ScnLine& l = *b.line;
  const Variable& v = r_.variables[static_cast<size_t>(b.var)];
  const std::string want = ValueText(v.type, b.value.Get(state_));
  if (b.turn) {
    // Whose turn: whoever has to decide now, even inside an effect.
    if (state_.over) return Fail(l.pos, want + "'s turn", Over());
    if (state_.decision.kind == DecisionKind::kSearch) {
      return Fail(l.pos, want + "'s turn", "everyone searches");
    }
    if (Name(state_.decision.player) == want) return true;
    return Fail(l.pos, want + "'s turn",
                Name(state_.decision.player) + "'s turn to " + What(state_));
  }
  const int64_t now = state_.vars[v.slot + std::max(b.seat, 0)];
  if (b.set) {
    if (now == b.value.constant) return true;
    return Fail(l.pos, b.subject + ": " + SetText(b.value.constant),
                b.subject + ": " + SetText(now));
  }
  const std::string got = ValueText(v.type, now);
  if (got == want) return true;
  return Fail(l.pos, b.subject + " = " + want, b.subject + " = " + got);
}

}  // namespace angler
