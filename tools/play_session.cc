#include "tools/play_session.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>

#include "dsl/text.h"
#include "interpreter/move_text.h"
#include "replay/format.h"
#include "replay/record.h"
#include "tools/command_support.h"
#include "tools/ismcts_bot.h"

namespace angler {
namespace {

Diagnostic Usage(std::string message) { return Diagnostic({}, std::move(message)); }

// --seat K (from 0: P1) or --seat NAME (a player's name, P1..Pn by
// default; names never begin with a digit, so the two do not mix).
Result<int> SeatFlag(const Args& args, const std::vector<std::string>& names) {
  const std::string text = args.Get("seat").value_or("0");
  const int players = static_cast<int>(names.size());
  if (!text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) ||
                        text[0] == '-' || text[0] == '+')) {
    Result<int64_t> seat = args.GetInt("seat", 0);
    if (!seat) return seat.errors();
    if (seat.value() < 0 || seat.value() >= players) {
      return Usage("--seat must be from 0 to " + std::to_string(players - 1) +
                   " or a player's name, got " + std::to_string(seat.value()));
    }
    return static_cast<int>(seat.value());
  }
  const auto named = std::find(names.begin(), names.end(), text);
  if (named == names.end()) {
    std::string list;
    for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
    return Usage("--seat '" + text + "' is not a player here (" + list + ")");
  }
  return static_cast<int>(named - names.begin());
}

// Who plays each seat: the person at `person`, the bots at the others in order.
std::vector<std::string> PlayedBy(int players, int person,
                                  const std::vector<std::unique_ptr<Bot>>& bots) {
  std::vector<std::string> played_by;
  for (int p = 0, next = 0; p < players; ++p) {
    played_by.push_back(p == person ? std::string(kPlayedByPerson)
                                    : bots[static_cast<size_t>(next++)]->name());
  }
  return played_by;
}

// A new game from RULESET and the flags.
Status ReadNewGame(const Args& args, PlaySetup& setup) {
  if (args.positional().size() != 1) {
    return Usage("expected one RULESET (a file or a shipped name), or --resume GAME");
  }
  Result<RulesetPtr> rules = LoadRuleset(args.positional()[0]);
  if (!rules) return rules.errors();
  setup.rules = rules.value();
  Result<int> players = PlayersFlag(*setup.rules, args);
  if (!players) return players.errors();
  setup.players = players.value();
  std::vector<Diagnostic> usage;
  Result<std::vector<std::string>> names = NamesFlag(args, setup.players);
  if (names) setup.names = names.value();
  if (!names) usage.push_back(names.error());
  Result<int> seat = SeatFlag(args, setup.names);
  if (seat) setup.person = seat.value();
  if (names && !seat) usage.push_back(seat.error());
  const uint64_t clock_seed =
      static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  Result<uint64_t> seed = args.GetUint64("seed", clock_seed);
  if (seed) setup.seed = seed.value();
  if (!seed) usage.push_back(seed.error());
  // The bots fill the seats other than the person's.
  auto bots = BotsBesidePerson(args.Get("bots"), *setup.rules, setup.players - 1);
  if (!bots) usage.insert(usage.end(), bots.errors().begin(), bots.errors().end());
  if (!usage.empty()) return usage;
  setup.played_by = PlayedBy(setup.players, setup.person, bots.value());
  return Ok();
}

// A stored unfinished game, from its record: rules, names, seed, seats.
Status ReadResumedGame(const Args& args, PlaySetup& setup) {
  for (const char* flag : {"players", "seed", "names"}) {
    if (args.Has(flag)) {
      return Usage(std::string("--") + flag +
                   " comes from the stored game with --resume");
    }
  }
  if (!args.positional().empty()) {
    return Usage("--resume takes the ruleset from the stored game: no RULESET");
  }
  Result<int64_t> id = args.GetInt("resume", 0);
  if (!id) return id.errors();
  if (id.value() < 1) return Usage("--resume needs a game id (angler replay list)");
  Result<GameRecord> record = setup.store->LoadGame(id.value());
  if (!record) return record.errors();
  const GameRecord& game = record.value();
  const std::string name = "game " + std::to_string(id.value());
  if (game.finished || game.result != "unfinished") {
    return Usage(name + " is over (" + game.result + "); nothing to resume");
  }
  // The shipped file when it is still the same rules (its zones in the
  // file's order), else the rules the store keeps.
  Result<RulesetPtr> current = LoadRuleset(game.ruleset_name);
  if (current && current.value()->content_hash == game.ruleset_hash) {
    setup.rules = current.value();
  } else {
    Result<RulesetPtr> stored = setup.store->RulesetByHash(game.ruleset_hash);
    if (!stored) return stored.errors();
    setup.rules = stored.value();
  }
  setup.game_id = id.value();
  setup.players = game.players_count();
  setup.names = game.players;
  setup.seed = game.seed.value_or(0);
  setup.record = true;
  for (const RecordedAction& a : game.actions) setup.stored_actions.push_back(a.action);
  setup.played_by = game.played_by;
  const auto person = std::find(setup.played_by.begin(), setup.played_by.end(),
                                std::string(kPlayedByPerson));
  const bool known = person != setup.played_by.end() &&
                     std::none_of(setup.played_by.begin(), setup.played_by.end(),
                                  [](const std::string& b) { return b.empty(); });
  if (known && (args.Has("seat") || args.Has("bots"))) {
    return Usage(name +
                 " remembers who played each seat: --seat and --bots are for a game "
                 "that does not");
  }
  if (known) {
    setup.person = static_cast<int>(person - setup.played_by.begin());
    return Ok();
  }
  // Stored without its seats (an import): as a new game would seat them.
  Result<int> seat = SeatFlag(args, setup.names);
  if (!seat) return seat.errors();
  setup.person = seat.value();
  auto bots = BotsBesidePerson(args.Get("bots"), *setup.rules, setup.players - 1);
  if (!bots) return bots.errors();
  setup.played_by = PlayedBy(setup.players, setup.person, bots.value());
  return Ok();
}

// ActionText reads "lay" into a lay; a card alone reads as its name.
std::string MoveName(const Game& game, const State& s, const Action& a) {
  return (a.kind == ActionKind::kLay ? "lay " : "") +
         ThingText(game, s, a, MoveTextStyle{.tell_copies_apart = false});
}

}  // namespace

Result<std::vector<std::unique_ptr<Bot>>> PlaySetup::MakeBots() const {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < players; ++p) {
    if (p == person) {
      bots.push_back(nullptr);
      continue;
    }
    Result<std::unique_ptr<Bot>> bot = MakeBot(played_by[static_cast<size_t>(p)]);
    if (!bot) return bot.errors();
    bots.push_back(std::move(bot).value());
  }
  return bots;
}

std::string ActionCount(size_t n) {
  return std::to_string(n) + (n == 1 ? " action" : " actions");
}

Result<PlaySetup> ReadPlaySetup(const Args& args) {
  PlaySetup setup;
  setup.auto_forced = !args.Has("no-auto");
  setup.record = args.Has("record");
  if (args.Has("resume")) {
    // A game is resumed from a store that holds it: none there is an error,
    // and no empty store is made on the way.
    Result<std::string> path = Store::PathAt(args.Get("db").value_or(""));
    if (!path) return path.errors();
    std::error_code ec;
    if (!Store::InMemory(path.value()) && !std::filesystem::exists(path.value(), ec)) {
      return Usage("no store at " + path.value() + ": nothing to resume");
    }
  }
  if (setup.record || args.Has("resume")) {
    // Opened first: a bad --db is said before a game is played.
    auto store = Store::OpenAt(args.Get("db").value_or(""));
    if (!store) return store.errors();
    setup.store = std::move(store).value();
  }
  Status read =
      args.Has("resume") ? ReadResumedGame(args, setup) : ReadNewGame(args, setup);
  if (!read) return read.errors();
  return setup;
}

bool StoreIfAsked(PlaySetup& setup, const Game& game, std::span<const Action> actions,
                  std::ostream& out) {
  if (!setup.record) return true;
  Result<int64_t> id =
      setup.game_id > 0
          ? setup.store->ContinueGame(setup.game_id, game, actions, setup.played_by)
          : setup.store->RecordGame(game, actions, setup.names, setup.seed, "play",
                                    setup.played_by);
  if (!id) {
    out << "error: the game was not stored: " << id.error().message << "\n";
    return false;
  }
  setup.game_id = id.value();
  const std::string n = std::to_string(id.value());
  Result<State> last =
      ReplayActions(game, std::vector<Action>(actions.begin(), actions.end()));
  if (last && !game.IsTerminal(last.value())) {
    out << "game " << n << " stored unfinished after " << ActionCount(actions.size())
        << "; angler play --resume " << n << " continues it\n";
  } else {
    out << "recorded as game " << n << " (angler replay show " << n << ")\n";
  }
  return true;
}

bool TakeBack(const PlaySetup& setup, GameRun& run,
              std::vector<std::unique_ptr<Bot>>& bots, std::ostream& out) {
  if (setup.record) {
    out << "no taking back in a recorded game: its record keeps every move played\n";
    return false;
  }
  const std::optional<size_t> keep =
      TakeBackPoint(run.game(), run.actions(), setup.person, setup.auto_forced);
  if (!keep) {
    out << "nothing to take back: you have not chosen a move yet\n";
    return false;
  }
  const std::vector<Action> kept(
      run.actions().begin(), run.actions().begin() + static_cast<std::ptrdiff_t>(*keep));
  const size_t undone = run.actions().size() - *keep;
  if (Status st = ReplayInto(run, bots, kept); !st) {
    out << "error: " << st.error().message << "\n";
    return false;
  }
  out << "took back " << ActionCount(undone) << ": your move again\n";
  return true;
}

Status ReplayInto(GameRun& run, std::vector<std::unique_ptr<Bot>>& bots,
                  std::span<const Action> actions) {
  run.Restart();
  for (auto& bot : bots) {
    if (bot) bot->NewGame();
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    if (Status st = run.Replay(actions[i]); !st) {
      return Usage("action " + std::to_string(i + 1) + ": " + st.error().message);
    }
    for (size_t p = 0; p < bots.size(); ++p) {
      if (bots[p])
        bots[p]->Observe(run.game(), static_cast<int>(p), actions[i], run.state());
    }
  }
  return Ok();
}

bool IsForced(const Game& game, const State& state, const ActionList& legal) {
  if (legal.count == 0) return false;
  const std::string first = game.ActionText(state, legal.items[0]);
  for (int i = 1; i < legal.count; ++i) {
    if (game.ActionText(state, legal.items[i]) != first) return false;
  }
  return true;
}

std::optional<size_t> TakeBackPoint(const Game& game, std::span<const Action> actions,
                                    int seat, bool auto_forced) {
  std::optional<size_t> point;
  State s = game.NewInitialState();
  ActionList legal;
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!game.IsChance(s) && game.CurrentPlayer(s) == seat) {
      game.LegalActions(s, legal);
      if (!auto_forced || !IsForced(game, s, legal)) point = i;
    }
    if (!game.Apply(s, actions[i])) break;
  }
  return point;
}

std::string HintText(const Game& game, const GameRun& run, int seat, uint64_t seed) {
  // What the seat saw, action by action, as a bot at that seat would have.
  SeatMemory memory;
  State s = game.NewInitialState();
  for (const Action& a : run.actions()) {
    if (!game.Apply(s, a)) break;
    memory.Observe(game, seat, a, s);
  }
  const State& now = run.state();
  IsmctsBot bot;
  Rng rng(DeriveSeed(seed, run.actions().size()));
  ActionList legal;
  game.LegalActions(now, legal);
  const std::vector<IsmctsBot::MoveEstimate> moves =
      bot.Search(game, memory.For(game, seat, now), now, legal, rng);
  // The most visited move is the one the bot plays (IsmctsBot::Choose).
  std::vector<size_t> order(moves.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return moves[a].visits > moves[b].visits; });
  const IsmctsBot::MoveEstimate& best = moves[order[0]];
  const std::string best_text = MoveName(game, now, best.action);
  std::string text = "ismcts would play " + best_text;
  if (best.visits == 0) return text;
  // Why: how much of the search went to it, and how it fared there.
  int playouts = 0;
  for (const IsmctsBot::MoveEstimate& m : moves) playouts += m.visits;
  text += " (its search gave it " + std::to_string(best.visits) + " of " +
          std::to_string(playouts) + " playouts, mean reward " + Fixed(best.value, 2);
  for (size_t i : order) {
    const std::string other = MoveName(game, now, moves[i].action);
    if (other == best_text || moves[i].visits == 0) continue;
    text += "; next: " + other + ", " + std::to_string(moves[i].visits) + " playouts, " +
            Fixed(moves[i].value, 2);
    break;
  }
  return text + ")";
}

}  // namespace angler
