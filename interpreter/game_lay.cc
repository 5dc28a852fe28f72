// The turn procedure's part of the game: a lay's cards packed into its
// Action, a turn begins (seats passed over by the skip rule), the legal lays
// are enumerated, and a lay is checked card by card against the ruleset's lay
// rules, with the reason it is refused.
#include <algorithm>
#include <bit>
#include <cstring>

#include "dsl/text.h"
#include "interpreter/eval.h"
#include "interpreter/game.h"

namespace angler {
namespace {

// The pile a size test compares, as a lay in progress changes it: its size
// with none of the lay laid, and its change for each card laid (the target
// grows, the hand shrinks, another pile stays).
struct TestedPile {
  int size, grows;
  bool Holds(const LaySizeTest& test, int laid) const {
    return test.Holds(size + grows * laid);
  }
};
TestedPile PileOf(const LaySizeTest& test, const State& t, int target, int hand,
                  Evaluator& ev) {
  const int64_t zone = ev.Value(test.zone);
  ev.ReleaseScratch();
  return {zone < 0 ? 0 : t.ZoneSize(static_cast<int>(zone)),
          static_cast<int>(zone == target) - static_cast<int>(zone == hand)};
}

// Whether the card ev judges may go on the target as the piles stand: every
// lay rule at once (TurnProcedure::may_lay). The next card is asked in the
// same question, sharing what the rules worked out that does not read it.
bool MayLay(const TurnProcedure& turn, Evaluator& ev) {
  const bool ok = turn.may_lay < 0 || ev.Value(turn.may_lay) != 0;
  ev.ReleaseScratch();
  return ok;
}

}  // namespace

Action Action::Lay(int player, int row, std::span<const int> cards) {
  Action a{ActionKind::kLay, static_cast<int8_t>(player), static_cast<int16_t>(row), 0};
  for (size_t i = 0; i < cards.size() && i < static_cast<size_t>(kMaxLay); ++i) {
    a.seed |= static_cast<uint64_t>(cards[i] + 1) << (8 * i);
  }
  return a;
}

int Action::LayCards(int out[kMaxLay]) const {
  int n = 0;
  for (int i = 0; i < kMaxLay; ++i) {
    uint64_t b = seed >> (8 * i) & 0xff;
    if (b == 0) break;
    out[n++] = static_cast<int>(b) - 1;
  }
  return n;
}

// A new turn: turn-scope variables reset, and seats the skip rule names are
// passed over (a player out of cards, say). If every seat is passed over, the rules
// leave no way on: a ruleset error.
void Game::TurnBegin(State& s, EventLog* log) const {
  SetVariablesToStart(s, Scope::kTrick, log);
  s.played_count = 0;
  std::fill(std::begin(s.position_of), std::end(s.position_of), -1);
  if (rules_.turn->skip < 0) return;
  for (int k = 0; k < players_; ++k) {
    Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
    bool skip = ev.Value(rules_.turn->skip);
    if (ev.faulted()) return Fail(s, ev.fault(), ev.fault_node());
    if (!skip) return;
    SetVar(s, rules_.builtin.turn, NextSeat(s.vars[rules_.builtin.turn]), log);
  }
  Fail(s, RuntimeFault::kAllSkipped, s.pc);
}

std::string Game::Message(const State& s, const std::vector<MessagePart>& parts,
                          int card) const {
  Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
  ev.set_card(card);
  return MessageText(ev, parts);
}

std::string Game::MessageText(Evaluator& ev,
                              const std::vector<MessagePart>& parts) const {
  std::string out;
  for (const MessagePart& part : parts) {
    if (part.node < 0) {
      out += part.text;
      continue;
    }
    const Node& n = rules_.nodes[static_cast<size_t>(part.node)];
    int64_t v = ev.Value(part.node);
    if (n.type == Type::kZone) {
      out += v < 0 ? "none" : rules_.ZoneName(static_cast<int>(v));
    } else {
      out += rules_.ValueName(n.type, v);
    }
    ev.ReleaseLists();
  }
  return out;
}

std::string Game::LayRuleBroken(const State& s, const Action& a) const {
  if (a.kind != ActionKind::kLay || s.decision.kind != DecisionKind::kLay || !rules_.turn)
    return "";
  State t = s;
  return LayChecked(t, a).why;
}

// Lays the action's cards one by one on s, each checked against the piles as
// they stand after the cards before it; a lay that is not legal is taken
// back, and `target` set back.
Game::LayVerdict Game::LayChecked(State& s, const Action& a, bool judge) const {
  auto malformed = [](std::string why) {
    return LayVerdict{LayVerdict::kMalformed, std::move(why)};
  };
  const ZoneFamily& rows = rules_.zones[static_cast<size_t>(rules_.turn->rows_family)];
  int cards[kMaxLay];
  int n = a.LayCards(cards);
  if (a.value < 1 || a.value > rows.count) {
    return malformed("there is no " + rows.name + " " + std::to_string(a.value));
  }
  if (n < rules_.turn->lay_min || n > rules_.turn->lay_max) {
    return malformed("a lay is " + std::to_string(rules_.turn->lay_min) + " to " +
                     std::to_string(rules_.turn->lay_max) + " cards, not " +
                     std::to_string(n));
  }
  for (int i = 1; i < n; ++i) {  // a card laid twice: said before any rule is asked
    if (std::find(cards, cards + i, cards[i]) == cards + i) continue;
    const bool known = cards[i] >= 0 && cards[i] < static_cast<int>(rules_.cards.size());
    return malformed((known ? rules_.card_names[static_cast<size_t>(cards[i])]
                            : "card #" + std::to_string(cards[i])) +
                     " is named twice in the lay");
  }
  const int hand = first_hand_ + a.player;
  const int target = rows.first + a.value - 1;
  const int32_t target_before = s.vars[rules_.builtin.target];
  s.vars[rules_.builtin.target] = target;
  LaidCard laid[kMaxLay];
  int placed = 0;
  auto refused = [&](LayVerdict verdict) {  // s as it was
    for (int i = placed - 1; i >= 0; --i) TakeBackLaidCard(s, laid[i]);
    s.vars[rules_.builtin.target] = target_before;
    return verdict;
  };
  for (int i = 0; i < n; ++i) {
    int c = cards[i];
    bool known = c >= 0 && c < static_cast<int>(rules_.cards.size());
    if (!known || s.zone_of[c] != hand) {
      return refused(malformed((known ? rules_.card_names[static_cast<size_t>(c)]
                                      : "card #" + std::to_string(c)) +
                               " is not in the hand"));
    }
    if (judge) {
      Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
      if (i > 0 && rules_.turn->lay_full >= 0 && ev.Value(rules_.turn->lay_full)) {
        return refused(malformed(rules_.ZoneName(target) + " is full after " +
                                 rules_.card_names[static_cast<size_t>(cards[i - 1])] +
                                 ": the lay ends there"));
      }
      ev.ReleaseLists();
      ev.set_card(c);
      for (const ReasonedRule& rule : rules_.turn->lay_rules) {
        if (ev.Value(rule.condition)) {
          ev.ReleaseScratch();  // one question: the rules share what they compute
          continue;
        }
        std::string why = Message(s, rule.message, c);
        if (why.empty()) {
          why = rules_.card_names[static_cast<size_t>(c)] + " may not go on " +
                rules_.ZoneName(target);
        }
        return refused(LayVerdict{LayVerdict::kAgainstRules, why});
      }
    }
    const auto in_hand = s.Zone(hand);
    const int index =
        static_cast<int>(std::find(in_hand.begin(), in_hand.end(), c) - in_hand.begin());
    laid[placed++] = PlaceLaidCard(s, c, index, target, a.player);
  }
  return LayVerdict{};
}

// A laid card on its pile, and in the turn's played cards: what the rules
// judging the next card of the lay see. LayChecked and LegalLays both place
// cards with it, so they judge the same state. REQUIRES: the card lies at
// `index` in its zone.
Game::LaidCard Game::PlaceLaidCard(State& s, int card, int index, int target,
                                   int player) {
  const LaidCard laid{
      .card = card,
      .player = player,
      .from = s.zone_of[card],
      .index = index,
      .played_count = s.played_count,
      .played_slot = s.played[std::min<int>(s.played_count, kMaxPlayed - 1)],
      .played_by = s.played_by[card],
      .position = s.position_of[player]};
  MoveCardAt(s, s.start[laid.from] + index, target, s.ZoneSize(target));
  s.played_by[card] = static_cast<int8_t>(player);
  s.position_of[player] = static_cast<int8_t>(s.played_count);
  if (s.played_count < kMaxPlayed)
    s.played[s.played_count++] = static_cast<uint8_t>(card);
  return laid;
}

// REQUIRES: cards laid after `laid` were taken back (it is its pile's top);
// it was placed with its index.
void Game::TakeBackLaidCard(State& s, const LaidCard& laid) {
  MoveCardAt(s, s.start[s.zone_of[laid.card] + 1] - 1, laid.from, laid.index);
  s.played_count = laid.played_count;
  s.played[std::min<int>(laid.played_count, kMaxPlayed - 1)] = laid.played_slot;
  s.played_by[laid.card] = laid.played_by;
  s.position_of[laid.player] = laid.position;
}

// A legal lay's changes, as LayChecked made them on s (the cards came from
// the hand; `target` was target_before).
void Game::LogLay(const State& s, const Action& a, int32_t target_before,
                  EventLog* log) const {
  Cause cause = CauseAt(s);
  int target = s.vars[rules_.builtin.target];
  if (target_before != target)
    log->Set(rules_.builtin.target, target_before, target, cause);
  int cards[kMaxLay];
  int n = a.LayCards(cards);
  for (int i = 0; i < n; ++i)
    log->Moved(cards[i], first_hand_ + a.player, target, false, cause);
}

// Every legal lay: for each pile, every sequence of hand cards that the rules
// allow card by card, up to the lay's maximum or until the pile is full.
// Cards are laid on `t` and taken back; `target` is restored at the end: t
// is left as it was.
template <typename Visit>
void Game::ForEachLegalLay(State& t, Visit visit, bool one) const {
  const ZoneFamily& rows = rules_.zones[static_cast<size_t>(rules_.turn->rows_family)];
  int player = t.decision.player;
  int hand = first_hand_ + player;
  // A card nobody has stated is judged by itself: reading it asks for it.
  const std::vector<uint8_t>& classes = rules_.turn->lay_class;
  const bool by_class = !classes.empty() && t.unstated_count == 0;
  if (by_class && rules_.turn->lay_by_top && t.ZoneSize(hand) <= 64)
    return ForEachLegalLayByTop(t, visit, one);
  const int32_t target_before = t.vars[rules_.builtin.target];
  int seq[kMaxLay];
  const int deepest = std::min(rules_.turn->lay_max, kMaxLay);  // cards in a lay
  bool more = true;  // visit has not asked to stop
  // One evaluator for each depth, made on first use and renewed for each
  // state it judges there: making one per state cost as much as the judging.
  // Their storage is left unset until then (an array of std::optional was
  // cleared whole, 65 KB, on every call).
  struct DepthEvaluators {
    DepthEvaluators() {}
    union {
      Evaluator at[kMaxLay];
    };
    uint32_t made = 0;  // bit d: at[d] is made
  } evaluators;
  for (int row = 1; row <= rows.count && more; ++row) {
    int target = rows.first + row - 1;
    t.vars[rules_.builtin.target] = target;
    auto extend = [&](auto& self, int depth) -> void {
      if (depth >= deepest || depth >= kMaxLay) return;
      // Whether the pile is full, then each card's verdict on the piles as
      // they stand at this depth; the moves of deeper lays are undone before
      // the next card is judged, so every card here is judged on one state:
      // one question, whose shared values (the rules' card-independent parts)
      // are computed once, and cards of one class (TurnProcedure::lay_class)
      // share one verdict.
      Evaluator& ev = evaluators.at[depth];
      if (evaluators.made >> depth & 1) {
        ev.Renew();
      } else {
        new (&ev) Evaluator(rules_, t, &t.frames[t.frame_count - 1]);
        evaluators.made |= 1u << depth;
      }
      if (depth > 0 && rules_.turn->lay_full >= 0) {
        if (ev.Value(rules_.turn->lay_full)) return;
        ev.ReleaseScratch();
      }
      uint8_t hand_cards[kMaxCards];
      int n = t.ZoneSize(hand);
      std::memcpy(hand_cards, t.order + t.start[hand], static_cast<size_t>(n));
      int8_t verdict[kMaxClasses];  // per class: -1 until judged
      if (by_class) std::fill_n(verdict, kMaxClasses, int8_t{-1});
      for (int k = 0; k < n && more; ++k) {
        int c = hand_cards[k];
        int8_t* known = by_class ? &verdict[classes[static_cast<size_t>(c)]] : nullptr;
        bool ok = true;
        if (known && *known >= 0) {
          ok = *known != 0;
        } else {
          ev.set_card(c);
          ok = MayLay(*rules_.turn, ev);
          if (known) *known = ok ? 1 : 0;
        }
        if (!ok) continue;
        seq[depth] = c;
        if (depth + 1 >= rules_.turn->lay_min) more = visit(row, seq, depth + 1);
        if (!more || depth + 1 == deepest) continue;  // no card goes after it: not placed
        const LaidCard laid = PlaceLaidCard(t, c, k, target, player);
        self(self, depth + 1);
        TakeBackLaidCard(t, laid);  // the deeper lays took theirs back
      }
    };
    extend(extend, 0);
  }
  t.vars[rules_.builtin.target] = target_before;
}

// The lays of ForEachLegalLay, found alike, with what is judged shared: a
// state is known by the lay's length d and its last card L (by L's class,
// TurnProcedure::lay_top_class, or else its place in the hand as it was;
// none at d = 0). The first lay to reach a (d, L) judges whether its pile is
// full, and the classes of the cards left in its hand; a later lay judges
// only classes of its own hand that none judged there (lay_reads.h says why
// every lay gets the same verdicts). A class is judged by one of its cards,
// even one that lies on the pile: the rules see only its printed attributes.
// Cards are laid on `t` only to judge: the lay in progress is laid then,
// from where the cards on the pile and it part.
template <typename Visit>
void Game::ForEachLegalLayByTop(State& t, Visit& visit, bool one) const {
  const TurnProcedure& turn = *rules_.turn;
  const ZoneFamily& rows = rules_.zones[static_cast<size_t>(turn.rows_family)];
  const int player = t.decision.player;
  const int hand = first_hand_ + player;
  const int32_t target_before = t.vars[rules_.builtin.target];
  const int n = t.ZoneSize(hand);  // REQUIRES: n <= 64
  uint8_t hand_cards[64];
  std::memcpy(hand_cards, t.order + t.start[hand], static_cast<size_t>(n));
  // The hand's classes: a card of each, and the places of its cards.
  int class_card[64];
  uint64_t class_places[64];
  uint8_t place_class[64];  // the class of each place
  int classes = 0;
  {
    int8_t seen[kMaxClasses];
    std::fill_n(seen, kMaxClasses, int8_t{-1});
    for (int k = 0; k < n; ++k) {
      const int c = hand_cards[k];
      int8_t& j = seen[turn.lay_class[static_cast<size_t>(c)]];
      if (j < 0) {
        j = static_cast<int8_t>(classes++);
        class_card[j] = c;
        class_places[j] = 0;
      }
      class_places[j] |= uint64_t{1} << k;
      place_class[k] = static_cast<uint8_t>(j);
    }
  }
  const uint64_t all_places = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  const uint64_t every_class = classes == 0 ? 0 : (uint64_t{2} << (classes - 1)) - 1;
  // L as the search knows it: its class, or its place in the hand.
  uint8_t top_key[64];
  for (int k = 0; k < n; ++k) {
    top_key[k] = turn.lay_top_class.empty()
                     ? static_cast<uint8_t>(k)
                     : turn.lay_top_class[static_cast<size_t>(hand_cards[k])];
  }
  const int deepest = std::min(turn.lay_max, kMaxLay);
  // Only the first lay wanted, and a card alone is one: the first card found
  // that may go on is enough (a longer first lay needs every card judged).
  const bool first_only = one && turn.lay_min == 1;
  // Per (d, L): the classes judged, the places of the hand's cards found
  // legal (only cards of those classes), and whether its pile is full.
  struct Verdicts {
    uint64_t judged, legal;
    bool full;
  };
  Verdicts at[kMaxLay][64];  // set where made[d] has bit L
  uint64_t made[kMaxLay];
  int seq[kMaxLay];         // the lay in progress: its cards
  int path[kMaxLay];        // and their places in hand_cards
  LaidCard laid[kMaxLay];   // the cards lying on t, from the pile's bottom
  int laid_place[kMaxLay];  // and their places in hand_cards
  int laid_count = 0;
  int target = -1;
  // t with the first `depth` cards of the lay in progress laid, and no more.
  auto lay_to = [&](int depth) {
    int kept = 0;  // cards laid that stay: the lay's first cards
    while (kept < laid_count && kept < depth && laid[kept].card == seq[kept]) ++kept;
    for (int i = laid_count - 1; i >= kept; --i)
      TakeBackLaidCard(t, laid[i]);  // top first
    for (int i = kept; i < depth; ++i) {
      int index = path[i];  // in the hand: its place less the laid cards below it
      for (int j = 0; j < i; ++j) index -= laid_place[j] < path[i];
      laid[i] = PlaceLaidCard(t, seq[i], index, target, player);
      laid_place[i] = path[i];
    }
    laid_count = depth;
  };
  // One question for each (d, L): one evaluator, renewed for each. (Not an
  // std::optional: making one cleared its 9 KB.)
  Evaluator ev(rules_, t, &t.frames[t.frame_count - 1]);
  // Judges classes `wanted` (bits of class_card) at (d, L), on the lay in
  // progress (laid and asked anew unless `ready`).
  auto judge = [&](int depth, Verdicts& v, uint64_t wanted, bool ready) {
    if (!ready) {
      lay_to(depth);
      ev.Renew();
    }
    for (; wanted != 0; wanted &= wanted - 1) {
      const int j = std::countr_zero(wanted);  // classes in hand order
      v.judged |= uint64_t{1} << j;
      ev.set_card(class_card[j]);
      const bool ok = MayLay(turn, ev);
      if (ok) v.legal |= class_places[j];
      if (ok && first_only) break;  // a card that may go on: the lay wanted
    }
  };
  int known_as[kMaxLay];  // each length: the length whose verdicts it shares
  bool more = true;       // visit has not asked to stop
  for (int row = 1; row <= rows.count && more; ++row) {
    target = rows.first + row - 1;
    t.vars[rules_.builtin.target] = target;
    std::fill(std::begin(made), std::end(made), 0);
    if (first_only) {
      known_as[0] = 0;  // the search stops at the first card: no length past it
    } else {
      KnowLengths(t, target, hand, deepest, ev, known_as);
    }
    // Whether a lay of d cards fills the pile, when `full` is a size test.
    TestedPile full_pile{0, 0};
    if (turn.lay_full_by_size) {
      ev.Renew();
      full_pile = PileOf(turn.lay_full_test, t, target, hand, ev);
    }
    auto extend = [&](auto& self, int depth, int last, uint64_t laid_places) -> void {
      const int d = known_as[depth];
      Verdicts& v = at[d][last];
      bool ready = false;  // t is this state, and ev asks of it
      if (!(made[d] >> last & 1)) {
        made[d] |= uint64_t{1} << last;
        v = Verdicts{0, 0, false};
        if (depth > 0 && turn.lay_full_by_size) {
          v.full = full_pile.Holds(turn.lay_full_test, depth);
        } else if (depth > 0 && turn.lay_full >= 0) {
          lay_to(depth);
          ev.Renew();
          ready = true;
          v.full = ev.Value(turn.lay_full) != 0;
          ev.ReleaseScratch();
        }
      }
      if (v.full) return;
      // The classes of the cards left in hand that no lay judged here yet;
      // once every class of the hand is judged here, none can be.
      if (v.judged != every_class) {
        uint64_t hand_classes = 0;
        for (uint64_t left = ~laid_places & all_places; left != 0; left &= left - 1)
          hand_classes |= uint64_t{1} << place_class[std::countr_zero(left)];
        if (const uint64_t wanted = hand_classes & ~v.judged; wanted != 0)
          judge(depth, v, wanted, ready);
      }
      for (uint64_t next = v.legal & ~laid_places; next != 0 && more; next &= next - 1) {
        const int k = std::countr_zero(next);
        seq[depth] = hand_cards[k];
        path[depth] = k;
        if (depth + 1 >= turn.lay_min) more = visit(row, seq, depth + 1);
        if (!more || depth + 1 == deepest) continue;
        self(self, depth + 1, top_key[k], laid_places | uint64_t{1} << k);
      }
    };
    extend(extend, 0, 0, 0);
    lay_to(0);
  }
  t.vars[rules_.builtin.target] = target_before;
}

// For each length d of a lay on `target` from `hand` (t holds none of it),
// the first length with the same outcomes of the lay rules' size tests
// (TurnProcedure::lay_size_tests): a lay of d cards makes the target d cards
// larger and the hand d smaller. Each length is its own without the tests;
// and 0 always is (the pile's own top).
void Game::KnowLengths(const State& t, int target, int hand, int deepest, Evaluator& ev,
                       int known_as[kMaxLay]) const {
  const TurnProcedure& turn = *rules_.turn;
  for (int d = 0; d < kMaxLay; ++d) known_as[d] = d;
  if (!turn.lay_by_size_tests) return;
  uint64_t outcomes[kMaxLay] = {};
  ev.Renew();
  for (size_t i = 0; i < turn.lay_size_tests.size(); ++i) {
    const LaySizeTest& test = turn.lay_size_tests[i];
    const TestedPile pile = PileOf(test, t, target, hand, ev);
    if (pile.grows == 0) continue;  // one outcome at every length: tells none apart
    for (int d = 1; d < deepest; ++d) outcomes[d] |= uint64_t{pile.Holds(test, d)} << i;
  }
  for (int d = 2; d < deepest; ++d) {
    for (int e = 1; e < d; ++e) {
      if (outcomes[e] == outcomes[d]) {
        known_as[d] = e;
        break;
      }
    }
  }
}

void Game::LegalLays(State& t, ActionList& out) const {
  const int player = t.decision.player;
  ForEachLegalLay(t, [&](int row, const int* cards, int n) {
    out.items[out.count++] = Action::Lay(player, row, std::span<const int>(cards, n));
    return out.count < kMaxCards;  // the list is full: the lays past it are lost
  });
}

bool Game::AnyLegalLay(State& s) const {
  const TurnProcedure& turn = *rules_.turn;
  if (turn.lay_min == 1 && s.unstated_count == 0) {
    // A card alone is a lay: the first card of the hand that may go on some
    // pile answers, judged by itself (the search's shared verdicts would cost
    // more than they save for one).
    const ZoneFamily& rows = rules_.zones[static_cast<size_t>(turn.rows_family)];
    const int hand = first_hand_ + s.decision.player;
    const int32_t target_before = s.vars[rules_.builtin.target];
    Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
    bool any = false;
    for (int row = 1; row <= rows.count && !any; ++row) {
      s.vars[rules_.builtin.target] = rows.first + row - 1;
      ev.Renew();
      for (uint8_t c : s.Zone(hand)) {
        ev.set_card(c);
        any = MayLay(turn, ev);
        if (any) break;
      }
    }
    s.vars[rules_.builtin.target] = target_before;
    return any;
  }
  bool any = false;
  ForEachLegalLay(
      s,
      [&](int, const int*, int) {
        any = true;
        return false;
      },
      /*one=*/true);
  return any;
}

const ReasonedRule* Game::BrokenRule(const State& s,
                                     const std::vector<ReasonedRule>& rules,
                                     int card) const {
  Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
  ev.set_card(card);
  for (const ReasonedRule& rule : rules) {
    const bool holds = ev.Value(rule.condition) != 0;
    ev.ReleaseScratch();  // one card, one state: the rules share one question
    if (!holds) return &rule;
  }
  return nullptr;
}

}  // namespace angler
