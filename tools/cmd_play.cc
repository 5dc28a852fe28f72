// `angler play`: a person plays one seat in the terminal, bots the others.
//
// The position is the seat's view (interpreter/view.h) drawn by
// tools/view_text.h: the hand, the trick or the rows, every other zone as far
// as the person may see it (cards, or counts and backs), and the variables
// the ruleset's `display` names. Input is one line per decision (a move's number or its
// text), so a pipe can drive a whole game.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <functional>
#include <iomanip>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "interpreter/display.h"
#include "interpreter/formation.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/move_text.h"
#include "interpreter/refusal.h"
#include "interpreter/view.h"
#include "replay/store.h"
#include "tools/bots.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/event_text.h"
#include "tools/narration.h"
#include "tools/play_search.h"
#include "tools/play_session.h"
#include "tools/play_view.h"
#include "tools/runner.h"
#include "tools/spot_bot.h"
#include "tools/view_text.h"

namespace angler {
namespace {

bool AllDigits(const std::string& line) {
  return std::all_of(line.begin(), line.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; });
}

// The number of a listed choice, 0 when `line` is none.
size_t ChoiceNumber(const std::string& line) {
  return AllDigits(line) && !line.empty() && line.size() < 6 ? std::stoul(line) : 0;
}

const CommandSpec& PlaySpec() {
  static const CommandSpec spec{
      "play",
      "RULESET --players N [--seat K] [--seed S] [--bots LIST] [--names A,B,..]\n"
      "       [--record] [--no-auto] | --resume GAME [--no-auto]",
      "Plays one game of RULESET in the terminal: you play seat K (default 0, P1),\n"
      "bots the other seats. At each of your decisions type the number of a move\n"
      "(or its text, e.g. 'yellow 7'), 'h' for a hint, 'u' to take your last move\n"
      "back, '?' for help or 'q' to quit. A decision with one move is played for\n"
      "you. End of input ends the game. Players are P1..Pn unless --names names\n"
      "them. Without --seed every game is a new deal; the seed is printed so a\n"
      "deal can be played again. With --record a game left unfinished is stored\n"
      "as such, and --resume GAME plays it on.",
      {
          {"players", true, "number of players (required unless the ruleset allows one)"},
          {"seat", true, "your seat: from 0 (P1) to N-1, or a player's name (default 0)"},
          {"seed", true, "seed of the deal (default: from the clock)"},
          {"bots", true,
           std::string("bots for the other seats in seat order, comma-separated: ") +
               kBotForms +
               "; the last repeats (default greedy; spot:careful for search "
               "games)"},
          {"names", true,
           "the players' names in seat order, comma-separated, one per seat "
           "(default P1,P2,..)"},
          {"record", false,
           "store the game in the record store (angler replay) when it ends or is "
           "left (then as unfinished)"},
          {"resume", true,
           "play on a game stored unfinished (its id in the store): same rules, "
           "names, seats and bots; stored again under its id"},
          {"no-auto", false, "ask even when a decision has only one move"},
          {"db", true, "the record store (default $ANGLER_DB, else the user's data dir)"},
      }};
  return spec;
}

class TerminalGame {
 public:
  TerminalGame(const Game& game, PlaySetup& setup, std::vector<std::unique_ptr<Bot>> bots,
               std::istream& in, std::ostream& out)
      : game_(game),
        rules_(game.rules()),
        setup_(setup),
        human_(setup.person),
        bots_(std::move(bots)),
        run_(game, setup.seed),
        in_(in),
        out_(out) {}

  // Plays until the end, a quit or the end of input.
  int Play();
  const GameRun& run() const { return run_; }

 private:
  std::string Seat(int p) const {
    return setup_.names[static_cast<size_t>(p)] + (p == human_ ? " (you)" : "");
  }
  // "P1 (you)", "P2", ... or the --names: how players are named here.
  std::vector<std::string> SeatLabels() const;
  // The position as the person may see it (interpreter/view.h).
  PositionView View() const;
  std::string Prompt() const;

  void ShowStatus() const;
  void ShowScores() const;
  void ShowMoves(const std::vector<Action>& moves) const;
  void ShowHelp() const;
  void ShowEnd() const;
  // What the person answered: a move, to leave, or a position changed by a
  // move taken back (ask again).
  enum class Answer { kMove, kLeave, kAgain };
  // Reads the person's choice; 'h' and 'u' are answered here.
  Answer AskPerson(Action& chosen);
  // The person leaves before the end: stored unfinished when recorded.
  int Leave();
  // The next line the person types, trimmed (empty ones skipped); false at
  // the end of input or on 'q'.
  bool NextLine(std::string& typed);
  // A lay, the row first, then the cards (tools/play_view.h).
  Answer AskLay(Action& chosen);
  // The keys every prompt knows: 'h' a hint, 'u' take back, '?' help (then
  // `reshow` asks again). kTakenBack when a move was taken back; nullopt when
  // `line` is none of them.
  enum class Key { kHandled, kTakenBack };
  std::optional<Key> PromptKey(const std::string& line,
                               const std::function<void()>& reshow);
  // A move typed as text: true when it is played (legal, or taken against
  // the rules where the ruleset allows); else says why not.
  bool TypedMove(const std::string& typed, Action& chosen);
  std::string Describe(const Action& action) const;
  // A search open to everyone: the person marks and stops against the
  // bots' planned times; false on 'q' or the end of input.
  bool Search();
  // The pictures of the searched card, then the person's marks up to 'stop',
  // timed, then when each searcher stops; nullopt on 'q' or the end of input.
  std::optional<uint32_t> SearchAsPerson(int card,
                                         std::vector<std::optional<SearchPlan>>& plans);
  // What the action just applied did (tools/narration.h), and when a round
  // begins, its number and the scores.
  void Tell(const State& before, const Action& action) const;
  // Tells every bot the action just applied (what its seat saw of it).
  void TellBots(const Action& action) {
    for (size_t p = 0; p < bots_.size(); ++p) {
      if (bots_[p]) bots_[p]->Observe(game_, static_cast<int>(p), action, run_.state());
    }
  }

  const Game& game_;
  const Ruleset& rules_;
  PlaySetup& setup_;
  int human_;
  std::vector<std::unique_ptr<Bot>> bots_;  // by seat; null for the person
  GameRun run_;
  EventLog log_;  // what the last action did, for the narration
  std::istream& in_;
  std::ostream& out_;
};

std::vector<std::string> TerminalGame::SeatLabels() const {
  std::vector<std::string> names;
  for (int p = 0; p < game_.players(); ++p) names.push_back(Seat(p));
  return names;
}

PositionView TerminalGame::View() const {
  return ViewPosition(game_, run_.state(), Viewpoint::Seat(human_), SeatLabels());
}

void TerminalGame::ShowStatus() const { out_ << "\n" << PositionText(View()); }

void TerminalGame::ShowScores() const { out_ << ScoresText(View()); }

// What the decision asks for, in words.
std::string TerminalGame::Prompt() const {
  const State& s = run_.state();
  const Decision& d = s.decision;
  if (d.kind == DecisionKind::kLay) {
    const std::string rows =
        rules_.turn ? rules_.zones[static_cast<size_t>(rules_.turn->rows_family)].name
                    : "pile";
    std::string text = "lay ";
    text += std::to_string(rules_.turn->lay_min);
    if (rules_.turn->lay_max != rules_.turn->lay_min)
      text += " to " + std::to_string(rules_.turn->lay_max);
    return text + (rules_.turn->lay_max == 1 ? " card" : " cards") + " on one " + rows;
  }
  // The engine's text names the seat by number ("seat 0 plays a card").
  if (d.kind == DecisionKind::kPlay) return "play a card";
  if (d.kind == DecisionKind::kOption) return "choose";
  if (d.kind != DecisionKind::kChoose) return game_.DecisionText(s);
  std::string text =
      "choose " + std::to_string(d.remaining) + (d.remaining == 1 ? " card" : " cards");
  if (d.count > 0) {
    // Where the cards to choose from lie, when they lie together.
    const int zone = s.zone_of[d.options[0]];
    bool together = true;
    for (int i = 1; i < d.count; ++i) together &= s.zone_of[d.options[i]] == zone;
    // As people name the pile: "your hand", "the row taken", "trick".
    if (together) {
      text +=
          " from " + (rules_.ZoneSeat(zone) == human_
                          ? "your " + ZoneFamilyTitle(rules_, rules_.ZoneFamilyOf(zone))
                          : ZoneLabel(rules_, zone, SeatLabels()));
    }
  }
  return text;
}

void TerminalGame::ShowMoves(const std::vector<Action>& moves) const {
  const State& s = run_.state();
  // The ruleset's words for the choice (tools/play_view.h), else the engine's.
  const std::string asked = AskedText(View());
  out_ << "your turn: " << (asked.empty() ? Prompt() : asked);
  // A choice inside a card's effect: name the card, since the engine's text
  // does not say what the choice is for.
  const Frame& frame = s.frames[s.frame_count - 1];
  if (asked.empty() && s.frame_count > 1 && frame.self >= 0) {
    out_ << " (effect of " << rules_.card_names[static_cast<size_t>(frame.self)];
    if (frame.owner >= 0) {
      out_ << ", played by " << (frame.owner == human_ ? "you" : Seat(frame.owner));
    }
    out_ << ")";
  }
  out_ << "\n" << ChosenText(View());
  for (size_t i = 0; i < moves.size(); ++i) {
    // A lay reads whole ("lay yellow 6, green 1 on row 1"); a card just by name.
    const std::string thing = ThingText(game_, run_.state(), moves[i],
                                        MoveTextStyle{.tell_copies_apart = false});
    out_ << "  " << (i + 1) << ") " << (moves[i].kind == ActionKind::kLay ? "lay " : "")
         << thing << "\n";
  }
}

void TerminalGame::ShowHelp() const {
  out_ << "type the number of a move (or its text, e.g. 'yellow 7') and press enter;\n"
       << "'h' asks the strongest bot for a hint, 'u' takes your last move back,\n"
       << "'?' shows this help and the position again, 'q' quits.\n";
}

bool TerminalGame::NextLine(std::string& typed) {
  std::string line;
  do {
    out_ << "> " << std::flush;
    if (!std::getline(in_, line)) {
      out_ << "\n";
      return false;
    }
    typed = std::string(Trim(line));
  } while (typed.empty());
  const std::string word = Lower(typed);
  return word != "q" && word != "quit";
}

bool TerminalGame::TypedMove(const std::string& typed, Action& chosen) {
  const ActionList& legal = run_.legal();
  // The move's text, read by the one move notation ("yellow 7",
  // "play yellow 7", "lay yellow 6 on row 1").
  // One's own name typed plainly ("Anne plays blue 2") is the seat the screen
  // calls "Anne (you)"; the screen's own words, or a longer name another
  // seat has ("Anne Marie plays ..."), are read as they are.
  std::string text = typed;
  const std::string lower = Lower(typed);
  auto starts_with_word = [&lower](const std::string& name) {
    const std::string word = Lower(name);
    return lower.size() > word.size() && lower.compare(0, word.size(), word) == 0 &&
           lower[word.size()] == ' ';
  };
  const std::string& own = setup_.names[static_cast<size_t>(human_)];
  bool plain_own = starts_with_word(own) && !starts_with_word(Seat(human_));
  for (size_t p = 0; p < setup_.names.size() && plain_own; ++p) {
    const std::string& other = setup_.names[p];
    if (other.size() > own.size() && starts_with_word(other)) plain_own = false;
  }
  if (plain_own) text = Seat(human_) + text.substr(own.size());
  const ReadResult read = ReadMove(game_, run_.state(), text, SeatLabels(), {true, {}});
  if (!read.ok()) {
    out_ << read.error.message << "\n";
    return false;
  }
  if (std::find(legal.begin(), legal.end(), *read.action) != legal.end()) {
    chosen = *read.action;
    return true;
  }
  // A move that reads but is refused: say why (the rule it breaks). Where the
  // ruleset takes a move against its rules as a move (with its penalty), it is
  // played, with the reason.
  const std::string why = WhyRefused(game_, run_.state(), *read.action, SeatLabels());
  State trial = run_.state();
  if (read.action->player == human_ && game_.Apply(trial, *read.action)) {
    const std::string broken = game_.LayRuleBroken(run_.state(), *read.action);
    out_ << "against the rules" << (broken.empty() ? "" : ": " + broken)
         << "; the ruleset takes it as a move, with its penalty\n";
    chosen = *read.action;
    return true;
  }
  if (!why.empty()) out_ << "not allowed: " << why << "\n";
  return false;
}

std::optional<TerminalGame::Key> TerminalGame::PromptKey(
    const std::string& line, const std::function<void()>& reshow) {
  if (line == "h" || line == "hint") {
    out_ << "hint: " << HintText(game_, run_, human_, run_.seed()) << "\n";
    return Key::kHandled;
  }
  if (line == "u" || line == "undo") {
    return TakeBack(setup_, run_, bots_, out_) ? Key::kTakenBack : Key::kHandled;
  }
  if (line == "?" || line == "help") {
    ShowHelp();
    ShowStatus();
    reshow();
    return Key::kHandled;
  }
  return std::nullopt;
}

TerminalGame::Answer TerminalGame::AskLay(Action& chosen) {
  LayPicker picker(game_, run_.state(), {run_.legal().begin(), run_.legal().end()});
  bool first = true;  // the whole question once, then each step's
  auto show = [&] {
    if (first) out_ << "your turn: " << Prompt() << "; ";
    first = false;
    out_ << picker.Question() << "\n";
    for (size_t i = 0; i < picker.options().size(); ++i)
      out_ << "  " << (i + 1) << ") " << picker.options()[i].text << "\n";
  };
  ShowStatus();
  show();
  while (true) {
    std::string typed;
    if (!NextLine(typed)) return Answer::kLeave;
    const std::string line = Lower(typed);
    if (const auto key = PromptKey(line, [&] {
          first = true;
          show();
        })) {
      if (*key == Key::kTakenBack) return Answer::kAgain;
      continue;
    }
    const bool digits = AllDigits(line);
    size_t number = ChoiceNumber(line);
    // A step's option by its text as shown ("yellow 3", "row 1"), or by the
    // words before its colon ("back" for "back: another row").
    for (size_t i = 0; i < picker.options().size() && !digits; ++i) {
      // std::find, not string::find: gcc 12 with LTO warns falsely
      // (-Wstringop-overread) on the latter here.
      const std::string text = Lower(picker.options()[i].text);
      const std::string head(text.begin(), std::find(text.begin(), text.end(), ':'));
      if (line == text || line == head) {
        number = i + 1;
        break;
      }
    }
    if (number >= 1 && number <= picker.options().size()) {
      if (std::optional<Action> lay = picker.Pick(number - 1)) {
        chosen = *lay;
        return Answer::kMove;
      }
      show();
      continue;
    }
    if (!digits && TypedMove(typed, chosen)) return Answer::kMove;
    out_ << "type a number from 1 to " << picker.options().size()
         << " or an option's text, a whole lay ('lay yellow 6, green 1 on row 1'), '?' "
            "for help or 'q' to quit\n";
  }
}

TerminalGame::Answer TerminalGame::AskPerson(Action& chosen) {
  const ActionList& legal = run_.legal();
  std::vector<Action> moves(legal.begin(), legal.end());
  if (legal.items[0].kind == ActionKind::kLay) return AskLay(chosen);
  if (legal.items[0].kind == ActionKind::kPlay ||
      legal.items[0].kind == ActionKind::kChoose) {
    const std::vector<int> order = [&] {
      std::vector<uint8_t> cards;
      for (const Action& a : moves) cards.push_back(static_cast<uint8_t>(a.value));
      return InHoldingOrder(rules_, cards);
    }();
    for (size_t i = 0; i < moves.size(); ++i)
      moves[i].value = static_cast<int16_t>(order[i]);
    // Copies of a card (the same name) are the same move: list each once.
    std::vector<Action> unique;
    for (const Action& a : moves) {
      if (!unique.empty() &&
          rules_.card_names[static_cast<size_t>(unique.back().value)] ==
              rules_.card_names[static_cast<size_t>(a.value)]) {
        continue;
      }
      unique.push_back(a);
    }
    moves = std::move(unique);
  }
  ShowStatus();
  ShowMoves(moves);
  while (true) {
    std::string typed;
    if (!NextLine(typed)) return Answer::kLeave;
    const std::string line = Lower(typed);
    if (const auto key = PromptKey(line, [&] { ShowMoves(moves); })) {
      if (*key == Key::kTakenBack) return Answer::kAgain;
      continue;
    }
    const bool digits = AllDigits(line);
    const size_t number = ChoiceNumber(line);
    if (number >= 1 && number <= moves.size()) {
      chosen = moves[number - 1];
      return Answer::kMove;
    }
    if (!digits && TypedMove(typed, chosen)) return Answer::kMove;
    out_ << "type a number from 1 to " << moves.size()
         << ", '?' for help or 'q' to quit\n";
  }
}

int TerminalGame::Leave() {
  out_ << "game left after " << ActionCount(run_.actions().size()) << ".\n";
  ShowScores();
  return StoreIfAsked(setup_, game_, run_.actions(), out_) ? kExitOk : kExitFailure;
}

std::string TerminalGame::Describe(const Action& action) const {
  // A card picked from a pile the person cannot see stays secret, and so
  // does another's sheet. Copies of a card are one move here: "seat 1 plays
  // blue 8".
  return SeenMoveText(game_, run_.state(), action, SeatLabels(), Viewpoint::Seat(human_),
                      MoveTextStyle{.tell_copies_apart = false});
}

void TerminalGame::Tell(const State& before, const Action& action) const {
  const State& now = run_.state();
  for (const std::string& line : NarrateChanges(game_, before, now, action, log_.events(),
                                                SeatLabels(), Viewpoint::Seat(human_))) {
    out_ << "  " << line << "\n";
  }
  const BuiltinSlots& b = rules_.builtin;
  if (now.vars[b.round] != before.vars[b.round] && !now.over) {
    out_ << "\n== round " << now.vars[b.round] << " ==\n";
    ShowScores();
  }
}

void TerminalGame::ShowEnd() const {
  const State& s = run_.state();
  out_ << "\ngame over";
  if (s.error) {
    out_ << ": stopped by a ruleset error\n" << RuntimeError(rules_, s).Format();
    return;
  }
  if (s.end_reason > 0 && s.end_reason < rules_.end_reasons.size()) {
    out_ << ": " << rules_.end_reasons[s.end_reason];
  }
  out_ << " (round " << s.vars[rules_.builtin.round] << ", "
       << ActionCount(run_.actions().size()) << ")\n";
  const PositionView view = View();
  out_ << PositionText(view) << StandingsText(view);
  const std::vector<int>& winners = view.winners;
  out_ << (winners.size() == 1 ? "winner: " : "winners: ");
  for (size_t i = 0; i < winners.size(); ++i) out_ << (i ? ", " : "") << Seat(winners[i]);
  out_ << "\n";
}

std::optional<uint32_t> TerminalGame::SearchAsPerson(
    int card, std::vector<std::optional<SearchPlan>>& plans) {
  ShowStatus();  // the hand by its backs, the fields
  out_ << SearchPictures(rules_, card);
  const auto start = std::chrono::steady_clock::now();
  uint32_t marks =
      static_cast<uint32_t>(run_.state().vars[rules_.builtin.marks + human_]);
  if (!ReadMarks(in_, out_, rules_, card, marks)) {
    // The marks typed are moves made: a game left now (and stored, with
    // --record) keeps them, and resumed, the search goes on from them.
    std::vector<Action> typed;
    AppendMarkActions(run_.state(), rules_.builtin.marks, human_, marks, typed);
    for (const Action& a : typed) {
      if (Status applied = run_.Apply(a); !applied) {
        out_ << "error: " << applied.error().message << "\n";
        break;
      }
      TellBots(a);
    }
    return std::nullopt;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  plans[static_cast<size_t>(human_)] = SearchPlan{marks, seconds};
  // Only the first to stop (and who stops with them) stop; the others were
  // still searching when the search ended.
  const uint64_t stoppers = Stoppers(plans);
  const std::ios_base::fmtflags flags = out_.flags();
  const std::streamsize precision = out_.precision();
  out_ << std::fixed << std::setprecision(1);
  for (size_t p = 0; p < plans.size(); ++p) {
    if (!plans[p] || static_cast<int>(p) == human_) continue;
    out_ << Seat(static_cast<int>(p));
    if (stoppers >> p & 1) {
      out_ << " stops after " << plans[p]->stop_time << " s\n";
    } else {
      out_ << " is still searching (it would have stopped after " << plans[p]->stop_time
           << " s)\n";
    }
  }
  if (stoppers >> human_ & 1) {
    out_ << "you stop after " << seconds << " s\n";
  } else {
    out_ << "you are still searching after " << seconds << " s\n";
  }
  out_.flags(flags);
  out_.precision(precision);
  return marks;
}

bool TerminalGame::Search() {
  const State& s = run_.state();
  std::vector<Bot*> seats;
  for (const auto& bot : bots_) seats.push_back(bot.get());
  bool searching = false;
  for (const Action& a : run_.legal())
    searching |= a.kind == ActionKind::kMark && a.player == human_;
  auto plans = run_.SearchPlans(seats);
  const int card = game_.SearchedCard(s);
  std::optional<uint32_t> marks;  // the person's, when the person searches
  if (searching && card >= 0) {
    marks = SearchAsPerson(card, plans);
    if (!marks) return false;
  }
  std::vector<Action> race = RaceSearch(s, rules_.builtin.marks, plans);
  if (race.empty()) {  // no searchers: as in sim
    const std::optional<Action> open = run_.SettleOpen(seats);
    if (!open) return true;  // only the person can act
    race.push_back(*open);
  }
  for (const Action& a : race) {
    const State before = run_.state();
    if (a.kind == ActionKind::kStop)
      out_ << StopText(rules_, a, SeatLabels(), card, marks);
    log_.clear();
    Status applied = run_.Apply(a, &log_);
    if (!applied) {
      out_ << "error: " << applied.error().message << "\n";
      return false;
    }
    TellBots(a);
    Tell(before, a);
  }
  return true;
}

int TerminalGame::Play() {
  out_ << rules_.title << ", " << game_.players() << " players, seed " << run_.seed()
       << "; you are " << setup_.names[static_cast<size_t>(human_)] << ".\n";
  if (!setup_.stored_actions.empty()) {
    if (Status st = ReplayInto(run_, bots_, setup_.stored_actions); !st) {
      out_ << "error: game " << setup_.game_id
           << " does not replay: " << st.error().message << "\n";
      return kExitFailure;
    }
    out_ << "game " << setup_.game_id << " resumed after "
         << ActionCount(run_.actions().size()) << "\n";
  }
  ShowHelp();
  while (!run_.over()) {
    const State before = run_.state();
    Action action;
    if (game_.IsChance(before)) {
      action = run_.SampleChance();
    } else if (game_.CurrentPlayer(before) < 0) {
      if (!Search()) return Leave();
      continue;
    } else {
      const int seat = game_.CurrentPlayer(before);
      if (seat == human_ && setup_.auto_forced && IsForced(game_, before, run_.legal())) {
        action = run_.legal().items[0];
        out_ << Describe(action) << " (the only move)\n";
      } else if (seat == human_) {
        const Answer answer = AskPerson(action);
        if (answer == Answer::kLeave) return Leave();
        if (answer == Answer::kAgain) continue;
        // Echoed so a transcript reads the same with piped input.
        out_ << Describe(action) << "\n";
      } else {
        action = run_.AskBot(*bots_[static_cast<size_t>(seat)]);
        out_ << Describe(action) << "\n";
      }
    }
    log_.clear();
    Status applied = run_.Apply(action, &log_);
    if (!applied) {
      out_ << "error: " << applied.error().message << "\n";
      return kExitFailure;
    }
    TellBots(action);
    Tell(before, action);
  }
  ShowEnd();
  if (!StoreIfAsked(setup_, game_, run_.actions(), out_)) return kExitFailure;
  return run_.state().error ? kExitFailure : kExitOk;
}

}  // namespace

int RunPlay(const std::vector<std::string>& words, std::istream& in, std::ostream& out,
            std::ostream& err) {
  const CommandSpec& spec = PlaySpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  Result<PlaySetup> setup = ReadPlaySetup(args);
  if (!setup) return ReportErrors(spec.name, setup.errors(), err);
  auto bots = setup.value().MakeBots();
  if (!bots) return ReportErrors(spec.name, bots.errors(), err);
  const Game game(*setup.value().rules, setup.value().players);
  TerminalGame terminal(game, setup.value(), std::move(bots).value(), in, out);
  return terminal.Play();
}

}  // namespace angler
