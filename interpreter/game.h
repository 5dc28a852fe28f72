// A ruleset played by a number of players: new states, legal actions, apply.
//
// Every step of a game is an Action: a player's decision (play a card, pick a
// card, pick an option) or a chance outcome (a shuffle's seed). A game record
// is the list of its actions; applying them again reproduces every state.
//
// REQUIRES: the Ruleset outlives the Game; players within the ruleset's range.
#ifndef ANGLER_INTERPRETER_GAME_H_
#define ANGLER_INTERPRETER_GAME_H_

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/events.h"
#include "interpreter/rng.h"
#include "interpreter/ruleset.h"
#include "interpreter/runtime_error.h"
#include "interpreter/state.h"

namespace angler {

class Evaluator;

// kMark: `player` marks (or unmarks) piece `value`; kStop: the players in
// `seed` (bit p) stop the search at once. kReveal states where a card nobody
// had seen is (a game from a table, chance_outcome.h): card `value` at the
// place packed in `seed` (RevealAction); it is open at any decision.
// The answers to a pick among options come first (Game::PicksAnOption).
enum class ActionKind : uint8_t {
  kPlay,
  kChoose,
  kOption,
  kChance,
  kLay,
  kMark,
  kStop,
  kReveal
};

// A kChance action with this value shuffles without a seed: the order nobody
// saw is stated card by card later, by kReveal actions (chance_outcome.h).
inline constexpr int16_t kShuffleUnseen = 1;

struct Action {
  ActionKind kind = ActionKind::kPlay;
  int8_t player = -1;  // -1 for chance
  int16_t value = 0;   // the card, the option value, or the pile number of a lay
  uint64_t seed = 0;   // kChance: the shuffle's outcome; kLay: the cards (see Lay)

  bool operator==(const Action&) const = default;

  // A lay: cards in order onto pile `row` (numbered from 1). The cards are
  // packed into `seed`, one byte each (id + 1), first card lowest.
  static Action Lay(int player, int row, std::span<const int> cards);
  // The cards of a lay, in order; returns how many.
  int LayCards(int out[kMaxLay]) const;
  // The seats that act in it, bit p for seat p: a stop's seats, else its
  // player; none for chance.
  uint64_t Movers() const {
    if (kind == ActionKind::kStop) return seed;
    return player < 0 ? 0 : uint64_t{1} << player;
  }
};

// Legal actions without allocation.
struct ActionList {
  // The items past `count` are left unset: a runner makes one list per game,
  // and setting all 240 cost about 1% of a short trick game.
  ActionList() {}
  union {
    Action items[kMaxCards];
  };
  int count = 0;
  const Action* begin() const { return items; }
  const Action* end() const { return items + count; }
};

class Game {
 public:
  Game(const Ruleset& rules, int players);

  const Ruleset& rules() const { return rules_; }
  int players() const { return players_; }
  // The ruleset's invariants are checked as games run (on by default); a
  // made-up position (a scenario's) need not keep them.
  void set_check_invariants(bool on) { check_invariants_ = on; }

  // A fresh game, run up to its first decision (usually the first shuffle);
  // with a log, what the setup did on BlankState(rules().entry_setup).
  State NewInitialState(EventLog* log = nullptr) const;
  // The same, made in `s`: a runner that keeps its game in storage of its own
  // starts each game there, with no State copied on the way.
  void StartIn(State& s, EventLog* log = nullptr) const;
  // A state with every card in the setup zone, variables at their start
  // values and the program at `entry`, not yet run: scenarios arrange a
  // position on it and then call Continue().
  State BlankState(int entry) const;
  void Continue(State& s, EventLog* log = nullptr) const { Run(s, log); }

  bool IsTerminal(const State& s) const { return s.over; }
  bool IsChance(const State& s) const { return s.decision.kind == DecisionKind::kChance; }
  int CurrentPlayer(const State& s) const { return s.decision.player; }

  // The player decisions open now; empty at chance nodes and at the end.
  void LegalActions(const State& s, ActionList& out) const;
  // The same, the legal lays laid on s itself and taken back, not on a copy
  // of it: s is left as it was. REQUIRES: nothing else reads s meanwhile.
  void LegalActionsInPlace(State& s, ActionList& out) const;
  // The kind of action that answers a decision of kind d (kChance for those
  // no one player answers).
  static ActionKind ActionKindFor(DecisionKind d) {
    switch (d) {
      case DecisionKind::kPlay:
        return ActionKind::kPlay;
      case DecisionKind::kChoose:
        return ActionKind::kChoose;
      case DecisionKind::kOption:
        return ActionKind::kOption;
      case DecisionKind::kLay:
        return ActionKind::kLay;
      default:
        return ActionKind::kChance;
    }
  }
  // Whether the decision is one player's pick among its options (a card to
  // play, a card or a value to choose): its legal actions are then exactly
  // OptionAction(s, 0) .. OptionAction(s, s.decision.count - 1).
  static bool PicksAnOption(const State& s) {
    return !s.over && ActionKindFor(s.decision.kind) <= ActionKind::kOption;
  }
  // Item `index` of such a decision's legal actions, without listing them.
  // REQUIRES: PicksAnOption(s) and 0 <= index < s.decision.count.
  static Action OptionAction(const State& s, int index) {
    const Decision& d = s.decision;
    return Action{ActionKindFor(d.kind), d.player, d.options[index], 0};
  }
  // A chance outcome drawn from rng.
  Action SampleChance(const State& s, Rng& rng) const;
  // Checks the action against the decision, then applies it and runs on to the
  // next decision. On error the state is unchanged and nothing is logged. With
  // a log, what the action did is appended to it (events.h).
  Status Apply(State& s, const Action& a, EventLog* log = nullptr) const;
  // Apply for an action found in LegalActions(s) (a runner's bot picks from
  // them): a lay's cards are laid without judging each against the lay rules
  // again, as the enumeration did on the same states. REQUIRES: a is one of
  // LegalActions(s). Anything but a lay is checked as Apply checks it.
  Status ApplyListed(State& s, const Action& a, EventLog* log = nullptr) const;
  // Applies OptionAction(s, index) as Apply does, without looking for it
  // among the options where it must be there (a card to play): the runner's
  // uniform picks (GameRun::AskBot) know where they drew it.
  Status ApplyOption(State& s, int index, EventLog* log = nullptr) const;
  // At a lay decision: whether any lay is legal (a lay decision without one
  // is a fault, kNoLay). Lays are tried on s itself and taken back: s is left
  // as it was.
  bool AnyLegalLay(State& s) const;

  // During a search: the card searched (-1 when there is none).
  int SearchedCard(const State& s) const;
  // A lay at a lay decision: "" when it keeps the lay rules, else the rule it
  // breaks in the ruleset's words, whether or not turn.accept_illegal takes it.
  std::string LayRuleBroken(const State& s, const Action& a) const;

  // The players with the best rank (shared wins), once the game is over.
  std::vector<int> Winners(const State& s) const;
  // The same into `out`, which keeps its room: a run of many games asks the
  // heap for nothing here once `out` has grown (PlayGame, tools/runner.cc).
  void WinnersInto(const State& s, std::vector<int>& out) const;
  // The seats in first place of `places` (as Places gives them), into `out`.
  static void WinnersAmong(std::span<const int> places, std::vector<int>& out);
  // Each seat's place once the game is over, 1 the best: seats of equal rank
  // share a place and the places after them are skipped (1, 1, 3). Empty
  // before the end and after a ruleset error, as Winners is.
  std::vector<int> Places(const State& s) const;
  int64_t Rank(const State& s, int player) const;
  // Each seat's note beside its place (the ruleset's `place_notes`: the
  // first that holds for the seat), "" for none. Empty when Places is.
  std::vector<std::string> PlaceNotes(const State& s) const;

  // A rule's message (a ReasonedRule's) with its holes filled in for `card`.
  std::string Message(const State& s, const std::vector<MessagePart>& parts,
                      int card) const;
  // The first of `rules` that `card` breaks in `s`, or null.
  const ReasonedRule* BrokenRule(const State& s, const std::vector<ReasonedRule>& rules,
                                 int card) const;

  // People-facing text.
  std::string ActionText(const State& s, const Action& a) const;
  std::string DecisionText(const State& s) const;

  // Moves one card to the top (or bottom) of a zone; public for scenario setup.
  static void MoveCard(State& s, int card, int zone, bool bottom);
  // Moves the card at order[i] into `zone`, to lie at `index` of it counted
  // from the bottom among the zone's other cards (their count: the top).
  // REQUIRES: 0 <= index <= that count.
  static void MoveCardAt(State& s, int i, int zone, int index);
  // Moves cards in the given order; a run of a zone's top or bottom (or the
  // whole zone) moves as one block.
  static void MoveCards(State& s, const uint8_t* cards, size_t n, int zone, bool bottom);

 private:
  // Runs to the next decision or the end, then logs which (kAsk, kGameEnd).
  void Run(State& s, EventLog* log) const;
  // Instantiated twice so that the loop without a log tests no pointer.
  // The state before the instruction running and the events logged by then.
  struct Undo {
    State state;
    size_t events = 0;
  };
  // With `undo`, the state before each instruction is kept there, and one
  // that shows an unstated card stops the run (RunUnstated). kLog: `log` and
  // `undo` may be set; without, both are null (a plain run's steps check
  // neither).
  template <bool kLog>
  void Execute(State& s, EventLog* log, Undo* undo = nullptr) const;
  // Stops the game on a ruleset error at `at` (an instruction or, for the
  // faults runtime_error.h marks kNode, an expression node).
  void Fail(State& s, RuntimeFault fault, int at) const;
  static bool PlayedInTrick(const State& s, int card);
  // The value that item k of loop i tells (Loop); `begin` is the pc of its
  // kForBegin, read only for a list told by place. REQUIRES: k < its count.
  int32_t LoopValue(const State& s, int i, int k, int begin) const {
    const int item = s.loops[i].items[k];
    if (!(s.loops_by_place >> i & 1)) [[likely]]
      return s.loops[i].origin + item;
    const Instr& in = rules_.code[static_cast<size_t>(begin)];
    const Node& list = rules_.nodes[static_cast<size_t>(in.e0)];
    return static_cast<int32_t>(rules_.lists[static_cast<size_t>(list.a + item)]);
  }
  // The trick's step (Code::kPlay) asks seat p, whose hand holds cards: the
  // cards the play rules allow are its options, or the game stops (a fault,
  // or no card allowed).
  void AskPlay(State& s, Evaluator& ev, int p) const;
  // Places, written to `places`: the number of seats, 0 before the end and
  // after a ruleset error.
  int PlacesInto(const State& s, int places[kMaxPlayers]) const;
  // `parts` with their holes read by `ev` (Message, PlaceNotes).
  std::string MessageText(Evaluator& ev, const std::vector<MessagePart>& parts) const;
  // After a card is played, the VM would run the trick's step alone and ask
  // the next seat (no effect waits, a seat has yet to play and holds cards):
  // that is done here, without the VM's loop. False, nothing done, otherwise.
  bool AskNextPlay(State& s) const;
  // The first of the kCheck instructions [from, to) whose invariant fails
  // (for some seat p, or once when it does not read p), or -1.
  int FirstBrokenCheck(const State& s, int from, int to) const;
  void SetVariablesToStart(State& s, Scope scope, EventLog* log = nullptr) const;
  // vars[slot] = v, logged when it changes.
  void SetVar(State& s, int slot, int32_t v, EventLog* log) const {
    int32_t before = s.vars[slot];
    s.vars[slot] = v;
    if (log && before != v) log->Set(slot, before, v, CauseAt(s));
  }
  Cause CauseAt(const State& s) const;
  void LogWhereStopped(const State& s, EventLog* log) const;
  void LogLay(const State& s, const Action& a, int32_t target_before,
              EventLog* log) const;
  void LogAction(const State& s, const Action& a, EventLog* log) const {
    if (log) WriteAction(s, a, *log);  // no call per action without a log
  }
  void WriteAction(const State& s, const Action& a, EventLog& log) const;
  void LogBoundary(const State& s, EventKind kind, int player, int card, int32_t value,
                   EventLog* log) const;
  void Call(State& s, int effect, int self, int owner, int return_pc) const;
  // REQUIRES: count > 0. Takes the first of a queue of effects (the
  // triggers or the pending next-trick effects: card, owner and effect side
  // by side) off it and calls that effect, to return to the instruction
  // running now.
  void CallFirstQueued(State& s, uint8_t* cards, int8_t* owners, int8_t* effects,
                       uint8_t& count) const;
  void QueueTriggers(State& s, int card, int zone) const {
    // Most moves wake nothing: decided here, without a call.
    if (s.unstated_count == 0 &&
        !(rules_.cards[static_cast<size_t>(card)].enter_families >>
              rules_.ZoneFamilyOf(zone) &
          1))
      return;
    QueueEnterEffects(s, card, zone);
  }
  void QueueEnterEffects(State& s, int card, int zone) const;
  // Deals cards[0], cards[1], ... to the zones of seats 0, 1, ... in turn
  // (`first` is seat 0's), each on top, as moving them one by one would, in
  // one pass; false, with nothing done, if a card is listed twice or would
  // wake an on-enter effect (the caller moves them one by one).
  bool DealAtOnce(State& s, const uint8_t* cards, size_t n, int first) const;
  void TurnBegin(State& s, EventLog* log) const;
  // LegalActions of every decision but a lay; false, out empty, for a lay.
  bool LegalActionsButLays(const State& s, ActionList& out) const;
  // The legal lays, laid on t and taken back (t is left as it was).
  void LegalLays(State& t, ActionList& out) const;
  // Calls visit(row, cards, n) for each legal lay, in LegalLays' order, until
  // it returns false; laid on t and taken back.
  // `one`: only the first lay is wanted (visit stops at it), so the hand's
  // classes are judged one by one until a card may go on.
  template <typename Visit>
  void ForEachLegalLay(State& t, Visit visit, bool one = false) const;
  // The same lays when the rules read a lay in progress only through its
  // length and last card (TurnProcedure::lay_by_top), the hand has at most
  // 64 cards and its cards are classed: each class is judged once at each
  // (length, last card), on the first state that needs it.
  template <typename Visit>
  void ForEachLegalLayByTop(State& t, Visit& visit, bool one) const;
  // For each lay length, the shorter one whose verdicts it shares (game_lay.cc).
  void KnowLengths(const State& t, int target, int hand, int deepest, Evaluator& ev,
                   int known_as[kMaxLay]) const;
  void LegalSearch(const State& s, ActionList& out) const;
  uint32_t Searchers(const State& s) const;  // bit p: p may mark and stop
  // A lay checked card by card, laid on s as it goes: kept if legal, else
  // taken back (s as it was).
  struct LayVerdict {
    enum { kLegal, kAgainstRules, kMalformed } kind = kLegal;
    std::string why;  // for the last two
  };
  // `judge` false: the lay is known to be legal (ApplyListed); its form is
  // checked, its cards are laid, and the rules are not asked again.
  LayVerdict LayChecked(State& s, const Action& a, bool judge = true) const;
  // A laid card on its pile, and what that overwrote, so TakeBackLaidCard
  // leaves the state exactly as it was (LegalLays' shared values rely on it).
  // `index`: where the card lay in its zone.
  struct LaidCard {
    int card, player, from, index;      // from zone `from`, at `index` there
    uint8_t played_count, played_slot;  // played[played_count] before
    int8_t played_by, position;
  };
  static LaidCard PlaceLaidCard(State& s, int card, int index, int target, int player);
  static void TakeBackLaidCard(State& s, const LaidCard& laid);
  // Apply's phases, after it has checked that the action is of the decision's
  // kind: each checks the rest, applies, and runs on to the next decision.
  Status ApplySearch(State& s, const Action& a, EventLog* log) const;
  Status ApplyLay(State& s, const Action& a, EventLog* log, bool judge = true) const;
  Status ApplyChoice(State& s, const Action& a, EventLog* log) const;
  Status ChoiceMade(State& s, const Action& a, int at, EventLog* log) const;
  void ApplyChance(State& s, const Action& a, EventLog* log) const;
  // Unstated cards (chance_outcome.h): a statement of where one is; Run while
  // some are, undoing an instruction that read one and asking for it.
  Status ApplyReveal(State& s, const Action& a, EventLog* log) const;
  Status CheckStated(const State& s, const Action& a) const;
  void RunUnstated(State& s, EventLog* log) const;
  int UnstatedInSight(const State& s) const;  // a card a public zone shows, or -1
  bool AnyCardEnters(int family) const;
  void PlayCard(State& s, int card, EventLog* log) const;  // into the trick
  // The seat after seat p (REQUIRES: 0 <= p < players): no division per turn.
  int NextSeat(int p) const { return p + 1 < players_ ? p + 1 : 0; }
  // The action is done: runs on, or logs that the same decision goes on.
  void Done(State& s, EventLog* log) const;

  const Ruleset& rules_;
  int players_;
  bool check_invariants_ = true;
  // The variable slots each scope starts again (Scope order), with their
  // starting values: SetVariablesToStart walks only its scope's.
  struct SlotStart {
    int slot;
    int32_t init;
  };
  std::array<std::vector<SlotStart>, kScopes> starts_;
  // Bit f: some card has an on-enter effect for zone family f (a move into
  // another family wakes nothing).
  uint64_t enter_families_ = 0;
  // The first zone of the hand family (the trick's or the turn's) and the
  // trick zone (-1 in a game without), looked up once: every play reads them.
  int first_hand_ = -1, trick_zone_ = -1;
  // BlankState's state, made once: a game starts with a copy.
  State MakeBlankState() const;
  State blank_;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_GAME_H_
