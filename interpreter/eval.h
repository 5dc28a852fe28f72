// Evaluates compiled expression nodes against a state.
//
// Scalars (numbers, booleans, cards, players, suits, zones) come back as
// int64_t, `none` as kNone. Card lists come back as spans: into the state for
// a zone, else into this evaluator's fixed scratch stack, valid until the next
// evaluation. Nothing allocates.
#ifndef ANGLER_INTERPRETER_EVAL_H_
#define ANGLER_INTERPRETER_EVAL_H_

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "interpreter/card_set.h"
#include "interpreter/limits.h"
#include "interpreter/ruleset.h"
#include "interpreter/runtime_error.h"
#include "interpreter/state.h"

namespace angler {

// Whether attribute `a` tells a card from another (its suit, value, ...),
// rather than where it is (its holder, its place, who played it).
inline bool IsIdentityAttr(Attr a) {
  return a != Attr::kPlayer && a != Attr::kId && a != Attr::kHolder &&
         a != Attr::kZoneIndex;
}
// Whether attribute `a` is printed on the card (its id too): fixed for the
// whole game, so what holds for it can be worked out once, at load. Where a
// card lies and who played it are not.
inline bool IsPrintedAttr(int a) {
  return IsIdentityAttr(static_cast<Attr>(a)) || static_cast<Attr>(a) == Attr::kId;
}

// Attribute `a` of `card` (kNone for no card): card.suit, card.holder, ...
inline int64_t AttributeOf(const Ruleset& rules, const State& state, int card, Attr a) {
  if (card < 0) return kNone;
  const CardInfo& c = rules.cards[static_cast<size_t>(card)];
  switch (a) {
    case Attr::kSuit:
      return c.suit;
    case Attr::kValue:
      return c.value;
    case Attr::kStars:
      return c.stars;
    case Attr::kKind:
      return c.kind;
    case Attr::kPlayer:
      return state.played_by[card];
    case Attr::kId:
      return card;
    case Attr::kTags:
      return c.tags;
    case Attr::kHolder:
      return rules.ZoneSeat(state.zone_of[card]);
    case Attr::kZoneIndex:
      return rules.ZoneIndex(state.zone_of[card]);
    case Attr::kFaults:
      return c.faults;
    case Attr::kBack:
      return c.back;
    case Attr::kPattern:
      return c.pattern;
    case Attr::kTurns:
      return c.turns;
  }
  return kNone;
}

class Evaluator {
 public:
  Evaluator(const Ruleset& rules, const State& state, const Frame* frame)
      : rules_(rules),
        nodes_(rules.nodes.data()),
        lists_(rules.lists.data()),
        cards_(rules.cards.data()),
        state_(state),
        frame_(frame),
        unstated_(state.unstated_count != 0) {}

  // REQUIRES: BindEvaluators(rules) ran (the loader does it).
  int64_t Value(int node) {
    const Node& n = nodes_[node];
    return n.fn(*this, n);
  }
  // REQUIRES: BindEvaluators(rules) ran. The leaves (a zone, a zone of a
  // family, the trick) are answered here; every other list goes through ListOf.
  std::span<const uint8_t> Cards(int node) {
    const Node& n = nodes_[node];
    if (n.op == Op::kZone) return state_.Zone(n.a);
    if (n.op == Op::kPlayed) return {state_.played, state_.played_count};
    if (n.op == Op::kFamilyZone) {  // hand(p) and the like
      const int64_t z = n.fn(*this, n);
      return z < 0 ? std::span<const uint8_t>{} : state_.Zone(static_cast<int>(z));
    }
    return ListOf(node);
  }
  // Cards(filter) for a filter run once over a whole hand, such as the play
  // rules: the card-independent operands of its top-level or / and are
  // evaluated once and, where they settle the question, not per card.
  std::span<const uint8_t> PlannedFilter(int filter);
  // The same cards written to `out` (a decision's options), with no list
  // kept; returns how many.
  size_t PlannedFilterInto(int filter, int16_t* out);
  // Cards(filter) judged card by card, never by its card set (Op::kSetFilter):
  // the general path, which the set path must agree with.
  std::span<const uint8_t> FilterCardByCard(int filter);
  // The set of card-set node `node` (type kCardSet), as a filter's set path
  // works it out: for the tables made at load (card_set_table.h).
  CardSet SetOf(int node) {
    CardSet out;
    SetInto(node, out);
    return out;
  }
  // For tests: every filter judged card by card, as if none had a card set.
  void set_card_by_card(bool on) { card_by_card_ = on; }
  // Reads unstated cards as they lie (State::unstated): for checks that decide
  // nothing in the game, such as invariants over every card.
  void ReadUnstated() { unstated_ = false; }
  // As if made anew on the same state and frame (which may have changed):
  // a new question, no card, nothing judged, no fault. LegalLays renews one
  // evaluator per depth of a lay rather than making one per state it judges.
  void Renew() {
    ReleaseLists();
    card_ = kNoCard;
    card_by_card_ = false;
    fault_ = RuntimeFault::kNone;
    fault_node_ = -1;
    judged_ = 0;
    unstated_ = state_.unstated_count != 0;
  }
  // The card that filters and play rules look at (Op::kCard).
  void set_card(int card) { card_ = card; }
  void set_frame(const Frame* frame) { frame_ = frame; }
  // Frees every card list handed out so far.
  // Between questions: the lists go, and so do the shared values (Op::kShared,
  // Op::kCardShared), since the state may change before the next question.
  void ReleaseLists() {
    scratch_top_ = 0;
    shared_kept_ = 0;
    card_shared_kept_ = 0;
  }
  // Frees the lists but goes on with the same question on an unchanged state
  // (another rule, card or seat), keeping the shared values: those kept per
  // card are keyed by the card.
  void ReleaseScratch() { scratch_top_ = 0; }

  // The first fault of the evaluations so far (RuntimeFault::kNone if none)
  // and the node it happened at. A faulted evaluation returns 0; the caller
  // stops the game (Game::Run checks after each instruction).
  bool faulted() const { return fault_ != RuntimeFault::kNone; }
  RuntimeFault fault() const { return fault_; }
  int fault_node() const { return fault_node_; }

 private:
  static constexpr int kScratchLists = 12;
  static constexpr int kCacheSlots = kMaxSlots;  // the loader keeps the rules' below
  // Scratch lists follow a stack discipline: every Cards() call leaves at
  // most its own result allocated, at the lowest free slot, so nested
  // filters never clobber a list still in use.
  uint8_t* Push() {
    if (scratch_top_ >= kScratchLists) std::abort();  // the loader bounds nesting depth
    return scratch_[scratch_top_++];
  }
  void Pop(uint8_t* p);
  friend struct EvalOps;
  friend struct ValueOps;
  int64_t Fault(const Node& n, RuntimeFault f) {
    if (fault_ == RuntimeFault::kNone) {
      fault_ = f;
      fault_node_ = static_cast<int>(&n - nodes_);
    }
    return 0;
  }
  // A seat used as an index: none reads as `none_value`, a seat past the
  // table is a fault.
  bool BadSeat(int64_t p) const { return p >= state_.num_players; }
  int64_t Switch(const Node& n);              // the ops without a function of their own
  std::span<const uint8_t> ListOf(int node);  // Cards() past its leaves
  // The cards of set filter n (Op::kSetFilter), in the order of its list;
  // ListOf's case, called directly for a play rule (PlannedFilter).
  std::span<const uint8_t> SetFilterCards(const Node& n);
  bool Member(int node, int64_t v);
  int64_t ListValue(const Node& n);  // count, any, first, ...: kept out of Value's frame
  // count, any, first, highest or lowest of a filter, without building its
  // list (BindEvaluators binds these nodes to it); `ties_to_later`: of equal
  // values highest and lowest keep the later card (for reversed(filter)).
  int64_t StreamFilter(const Node& n, const Node& filter, bool ties_to_later = false);
  // The same for a filter whose set is fixed (Op::kSetStatic) over a zone or
  // the trick: the cards read where they lie, through the stored set.
  int64_t StreamFixedSet(const Node& n, const Node& filter);
  // The same for a filter `A == K` over a zone or the trick (its set keyed by
  // K, a printed attribute A: suit, value, stars or kind): K worked out once,
  // then each card's A compared with it, no set made.
  template <angler::Attr A>
  int64_t StreamWhere(const Node& n, const Node& filter);
  // count or any (n's op) of the top cards of the piles `from` lists
  // (ends(F)) that `in` takes, each read where it lies, no jump per pile:
  // an empty pile's top place is read but not counted.
  template <typename In>
  int64_t CountTops(const Node& n, const Node& from, In in) const {
    const int piles = from.b < 0 ? state_.num_players : from.b;
    int64_t count = 0;
    for (int i = 0; i < piles; ++i) {
      const int z = from.a + i, top = state_.start[z + 1];
      count += (top != state_.start[z]) & in(state_.order[std::max(top - 1, 0)]);
    }
    return n.op == Op::kAny ? count != 0 : count;
  }
  // The cards of xs that filter f's condition `pred` holds for, into out.
  size_t JudgeEach(const Node& f, int pred, std::span<const uint8_t> xs, uint8_t* out);
  // Counts a run of filter f over `cards` cards judged one by one; false, with
  // a fault, once the budget is spent. Filters within filters multiply (four
  // deep over 200 cards is 1.6 billion judgements): past the budget the rules
  // stop with an error, and every filter still running ends at once, instead
  // of running for hours.
  bool Budget(const Node& f, size_t cards) {
    judged_ += static_cast<int64_t>(cards);
    if (judged_ <= kMaxJudgedCards) [[likely]]
      return true;
    Fault(f, RuntimeFault::kTooManyJudged);
    return false;
  }
  // Whether condition `pred` holds for `card` (the judged card while it runs).
  bool Holds(int pred, int card) {
    card_ = card;
    const int top = scratch_top_;
    const bool holds = Value(pred) != 0;
    scratch_top_ = top;
    return holds;
  }
  // Where filter f keeps each card's class for its own condition `pred`
  // (Node::imm), or nullptr when each card is judged by itself (unstated
  // cards decide by what they are).
  const int64_t* ClassesOf(const Node& f, int pred) const {
    return f.op == Op::kFilter && pred == f.y && f.imm > 0 && !card_by_card_ && !unstated_
               ? lists_ + f.imm - 1
               : nullptr;
  }
  // A new run of a filter over classes: verdicts of earlier runs no longer count.
  uint32_t NewClassRun() {
    if (class_runs_ == 0) std::fill_n(class_run_, kMaxClasses, 0u);
    return ++class_runs_ == 0 ? NewClassRun() : class_runs_;
  }
  // Whether `judge` holds for card c: once per class and run when classes are kept.
  template <typename Judge>
  bool Verdict(const int64_t* classes, uint32_t run, int c, Judge judge) {
    if (!classes) return judge();
    const int64_t k = classes[c];
    if (class_run_[k] != run) {
      class_match_[k] = judge();
      class_run_[k] = run;
    }
    return class_match_[k];
  }
  // A kSetFilter's set; false (and no fault) when working it out faulted:
  // the caller judges card by card instead.
  // Written here: every play rule's question asks it, and the common path
  // is a few tests and one call.
  bool TrySet(const Node& f, CardSet& out) {
    const Node& set = nodes_[f.y];
    if (set.op == Op::kSetStatic && !card_by_card_ && !unstated_) {  // nothing to fault
      out = ListSet(set.a);
      return true;
    }
    // Values the filter keeps for a run are forgotten, unless the set reads
    // none of them (imm 1: card_set_plan.cc strips them from set operands).
    if (f.imm == 0) ResetCache(f);
    // A new fault could not be told apart. Unstated cards (State::unstated)
    // are judged one by one, so reading one asks for it: a set decides by
    // what it is.
    if (faulted() || card_by_card_ || unstated_) return false;
    const int top = scratch_top_;
    SetInto(f.y, out);
    scratch_top_ = top;
    return !faulted() || GiveUpSet(f);
  }
  // Card by card, the value that faulted may never be needed: the fault is
  // forgotten and the set given up (false).
  bool GiveUpSet(const Node& f);
  // K of a set filter `A == K` whose set is keyed by K, into `want`, the
  // values the filter keeps for a run forgotten first as TrySet forgets
  // them. False when the cards may not be compared with K so (a card judged
  // by itself, unstated cards, a fault before) or K faults, which is given
  // up as TrySet gives it up: the caller streams the filter then.
  bool KeyOf(const Node& f, int64_t& want) {
    if (card_by_card_ || unstated_ || faulted()) return false;
    if (f.imm == 0) ResetCache(f);
    const int top = scratch_top_;
    const Node& key = nodes_[nodes_[f.z].x];
    // K is most often a define's argument, a let's value: read, not called.
    want = key.op == Op::kBound ? bound_[key.a] : key.fn(*this, key);
    scratch_top_ = top;
    return !faulted() || GiveUpSet(f);
  }
  // When kFilter f judges by its own condition `pred`: the set of the
  // condition's first operands (Node::z, card_set_plan.cc), into `out`. A
  // card outside it fails before the other operands are asked: it need not
  // be judged. Null when f has none, cards are judged one by one, or working
  // it out faulted (given up as TrySet gives up): then every card is judged.
  const CardSet* Prefilter(const Node& f, int pred, CardSet& out) {
    if (f.op != Op::kFilter || f.z < 0 || pred != f.y || card_by_card_ || unstated_ ||
        faulted())
      return nullptr;
    const int top = scratch_top_;
    SetInto(f.z, out);
    scratch_top_ = top;
    return !faulted() || GiveUpSet(f) ? &out : nullptr;
  }
  // The set of card-set node `node` (REQUIRES: BindEvaluators ran).
  void SetInto(int node, CardSet& out) {
    const Node& n = nodes_[node];
    n.set_fn(*this, n, out);
  }
  template <int W>
  friend struct SetOps;
  CardSet ListSet(int at) const {  // the set stored at lists[at .. at+4)
    CardSet s;
    for (int i = 0; i < CardSet::kWords; ++i)
      s.words[i] = static_cast<uint64_t>(lists_[at + i]);
    return s;
  }
  void ResetCache(const Node& f) {
    for (int slot = f.a; slot < f.b; ++slot) cache_ok_[slot] = false;
  }
  // A card nobody has stated may not decide anything (State::unstated): reading
  // what it is faults with the card, and Game::Run asks for it (kReveal).
  bool Unstated(int64_t card) const {
    return unstated_ && card >= 0 && state_.unstated[card] != 0;
  }
  int64_t NeedCard(int64_t card) {
    if (fault_ == RuntimeFault::kNone) {
      fault_ = RuntimeFault::kUnstatedCard;
      fault_node_ = static_cast<int>(card);
    }
    return 0;
  }
  int64_t Attribute(int64_t card, Attr a) {
    if (Unstated(card) && IsIdentityAttr(a)) [[unlikely]]
      return NeedCard(card);
    return AttributeOf(rules_, state_, static_cast<int>(card), a);
  }
  inline int64_t CardAttr(int attr) { return Attribute(card_, static_cast<Attr>(attr)); }

  const Ruleset& rules_;
  const Node* nodes_;
  const int64_t* lists_;
  const CardInfo* cards_;
  const State& state_;
  const Frame* frame_;
  int card_ = kNoCard;
  bool card_by_card_ = false;
  RuntimeFault fault_ = RuntimeFault::kNone;
  int fault_node_ = -1;  // or, for kUnstatedCard, the card
  bool unstated_;        // the state has unstated cards
  int scratch_top_ = 0;
  int64_t judged_ = 0;  // cards filters judged one by one so far (Budget)
  uint8_t scratch_[kScratchLists][kMaxCards];
  int64_t cache_value_[kCacheSlots];
  int64_t bound_[kCacheSlots];
  bool cache_ok_[kCacheSlots];
  // Op::kShared slot k holds shared_value_[k] while bit k of shared_kept_
  // is set: the question being answered worked it out (a new question, or a
  // new evaluator, starts with none; no slot array is cleared).
  static_assert(kMaxSharedSlots <= 64);
  uint64_t shared_kept_ = 0;
  int64_t shared_value_[kMaxSharedSlots];
  // Op::kCardShared slot k: the same, for the card card_shared_card_[k].
  uint64_t card_shared_kept_ = 0;
  int card_shared_card_[kMaxSharedSlots];
  int64_t card_shared_value_[kMaxSharedSlots];
  // A class's verdict holds for the run class_run_[k] (set up on first use).
  uint32_t class_runs_ = 0;
  uint32_t class_run_[kMaxClasses];
  bool class_match_[kMaxClasses];
};

// Sets Node::fn of every node and compiles filters to card sets where they
// allow (card_set_plan.h); the loader calls it once the code is complete, and
// again after compiling more (idempotent).
void BindEvaluators(Ruleset& rules);
// For tests: every node runs its op's own function, none of the fused forms
// BindEvaluators picks (streams over filters, operand pairs): the general
// path those must agree with. The card sets stay.
void BindUnfused(Ruleset& rules);
// The function of op `op` itself (program.h), none of the fused forms.
EvalFn OwnFunction(Op op);
// The function of a card-set op (Op::kSetStatic ...) for a ruleset of
// `cards` cards, nullptr for other ops.
SetFn SetEvaluatorOf(Op op, int cards);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_EVAL_H_
