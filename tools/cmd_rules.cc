// `angler rules`: check rulesets and summarize what the engine made of them.
#include <algorithm>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "dsl/text.h"
#include "interpreter/disassemble.h"
#include "interpreter/formation.h"
#include "interpreter/loader.h"
#include "interpreter/program.h"
#include "interpreter/view.h"
#include "interpreter/yaml_doc.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/json.h"
#include "tools/program_json.h"

namespace angler {
namespace {

const CommandSpec& CheckSpec() {
  static const CommandSpec spec{
      "rules check",
      "FILE...",
      "Loads each ruleset (a .yaml path or a shipped name such as 'fishing') and\n"
      "prints a summary: players, cards by kind and stars, zones, variables,\n"
      "effects, procedures, invariants and the content hash. If any fails to\n"
      "load, prints every error with its file, line and column and exits 2.\n"
      "--json: {\"rulesets\": [{name, title, file, hash, players: {min, max},\n"
      "cards, kinds: {kind: count}, zones: [{name, per_player, visibility}],\n"
      "variables: [{name, type, per_player, scope}], effects: [name],\n"
      "procedure: trick|turn|search|rounds, end_reasons: [...], invariants: [{at,\n"
      "says}], numbers: {name: value}}], \"errors\": [{file, line, column,\n"
      "message}], \"warnings\": [...]}. A warning (a name nothing reads, such as\n"
      "a house rule's misspelt number) is printed to stderr and keeps exit 0.",
      {{"json", false, "the summaries as JSON"}}};
  return spec;
}

const CommandSpec& DumpSpec() {
  static const CommandSpec spec{
      "rules dump",
      "RULESET [--json]",
      "Prints the compiled program of a ruleset (a .yaml path or a shipped name):\n"
      "every expression node (op, type, operands; x, y, z are child nodes), then\n"
      "every instruction under the ruleset section it came from, with the\n"
      "file:line:col of its origin. --json: {\"ruleset\", \"title\", \"hash\",\n"
      "\"file\", \"nodes\": [{id, op, type, a, b, x, y, z, imm}], \"sections\",\n"
      "\"code\": [{pc, code, section, op, flag, slot, e0, e1, e2, target, a, b,\n"
      "file, line, col}]} (docs/API.md). Exits 2 if the ruleset does not load.",
      {{"json", false, "the program as JSON, each instruction with its source place"}}};
  return spec;
}

const CommandSpec& ListSpec() {
  static const CommandSpec spec{
      "rules list",
      "",
      "Lists the shipped rulesets, games first, then variants. --json: {\"rulesets\":\n"
      "[{name, title, variant, hash}]}.",
      {{"json", false, "the list as JSON"}}};
  return spec;
}

// A variable's type for people: "number" rather than "int".
const char* ShortTypeName(Type t) { return t == Type::kInt ? "number" : TypeWord(t); }

bool IsBuiltin(const Ruleset& rules, const Variable& v) {
  return &v - rules.variables.data() < rules.builtin_variables;
}

const char* ScopeName(Scope s) {
  switch (s) {
    case Scope::kGame:
      return "game";
    case Scope::kRound:
      return "round";
    case Scope::kTrick:
      return "trick";
  }
  return "?";
}

// In the ruleset's own spelling of `when:`.
std::string TimingName(const Ruleset& rules, const Effect& e) {
  switch (e.timing) {
    case Timing::kOnPlay:
      return "on_play";
    case Timing::kEndOfTrick:
      return "end_of_trick";
    case Timing::kNextTrick:
      return "next_trick";
    case Timing::kOnEnter:
      return "enters " + (e.enter_family >= 0
                              ? rules.zones[static_cast<size_t>(e.enter_family)].name
                              : std::string("?"));
  }
  return "?";
}

// Rows: card kinds; columns: the star levels in use; totals on both sides.
void PrintCardTable(const Ruleset& rules, std::ostream& out) {
  std::set<int> levels;
  for (const CardInfo& c : rules.cards) levels.insert(c.stars);
  std::map<std::pair<int, int>, int> count;  // (kind, stars) -> cards
  std::vector<int> kind_total(rules.kinds.size() + 1, 0);
  std::map<int, int> level_total;
  for (const CardInfo& c : rules.cards) {
    ++count[{c.kind, c.stars}];
    ++kind_total[static_cast<size_t>(c.kind)];
    ++level_total[c.stars];
  }
  size_t name_width = 5;
  for (const std::string& k : rules.kinds) name_width = std::max(name_width, k.size());
  const size_t cell = 6;
  out << "    " << PadRight("stars", name_width);
  for (int s : levels) out << PadLeft(std::to_string(s), cell);
  out << PadLeft("total", cell + 1) << "\n";
  for (size_t k = 0; k < rules.kinds.size(); ++k) {
    out << "    " << PadRight(rules.kinds[k], name_width);
    for (int s : levels) {
      out << PadLeft(std::to_string(count[{static_cast<int>(k), s}]), cell);
    }
    out << PadLeft(std::to_string(kind_total[k]), cell + 1) << "\n";
  }
  out << "    " << PadRight("total", name_width);
  for (int s : levels) out << PadLeft(std::to_string(level_total[s]), cell);
  out << PadLeft(std::to_string(rules.cards.size()), cell + 1) << "\n";
}

// Expression text on one line: YAML folds and indents long conditions.
std::string OneLine(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// Statements in a block: its lines that are neither blank nor comments.
int StatementLines(const std::string& text) {
  int lines = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string line = OneLine(text.substr(at, end - at));
    if (!line.empty() && line[0] != '#') ++lines;
    at = end + 1;
  }
  return lines;
}

// The turn procedure: each player in turn lays cards on one of the numbered
// piles. The compiled ruleset keeps code, not text, so the conditions and
// messages are read back from its canonical text (the YAML after `extends`).
void PrintTurnProcedure(const Ruleset& rules, std::ostream& out) {
  YamlNode tree;
  if (auto doc = ParseYaml(SourceFile::Make(rules.name, rules.canonical_text))) {
    tree = std::move(doc).value();
  }
  const YamlNode* turn = tree.Find("turn");
  auto text = [&](const YamlNode* section, const char* key) -> std::string {
    const YamlNode* v = section ? section->Find(key) : nullptr;
    return v && v->IsScalar() ? OneLine(v->scalar) : "";
  };
  auto family = [&](int f) {
    return f >= 0 ? rules.zones[static_cast<size_t>(f)].name : std::string("?");
  };
  const int piles =
      rules.turn ? rules.zones[static_cast<size_t>(rules.turn->rows_family)].count : 0;
  const std::string pad = "           ";
  out << "    turn   hand: " << family(rules.hand_family)
      << ", rows: " << family(rules.turn->rows_family) << " (" << piles
      << " numbered piles)"
      << ", lay: " << rules.turn->lay_min;
  if (rules.turn->lay_max != rules.turn->lay_min) out << ".." << rules.turn->lay_max;
  out << (rules.turn->lay_max == 1 ? " card" : " cards") << " on one row\n";

  out << pad << "may_lay, checked card by card:";
  if (rules.turn->lay_rules.empty()) out << " (any card)";
  out << "\n";
  const YamlNode* may = turn ? turn->Find("may_lay") : nullptr;
  std::vector<const YamlNode*> items;
  if (may && may->kind == YamlNode::Kind::kSequence) {
    for (const YamlNode& item : may->items) items.push_back(&item);
  } else if (may) {
    items.push_back(may);
  }
  for (size_t i = 0; i < rules.turn->lay_rules.size(); ++i) {
    const YamlNode* item = i < items.size() ? items[i] : nullptr;
    std::string condition =
        item && item->IsScalar() ? OneLine(item->scalar) : text(item, "if");
    std::string message = text(item, "else");
    out << pad << "  " << (i + 1) << ". "
        << (condition.empty() ? "(condition " + std::to_string(i + 1) + ")" : condition)
        << "\n";
    out << pad << "     refused with: "
        << (message.empty() ? "CARD may not go on ROW" : "\"" + message + "\"") << "\n";
  }
  auto line = [&](const char* key, int node, const char* what) {
    out << pad << key << ": ";
    const std::string t = text(turn, key);
    if (node < 0 && t.empty()) {
      out << "no\n";
      return;
    }
    out << (t.empty() ? "yes" : t) << "  (" << what << ")\n";
  };
  line("full", rules.turn->lay_full, "the lay ends at the card that makes it hold");
  line("accept_illegal", rules.turn->accept_illegal,
       "while true an illegal lay is accepted: on_illegal runs and the turn is played "
       "again; else it is refused");
  auto block = [&](const char* key) {
    const YamlNode* v = turn ? turn->Find(key) : nullptr;
    if (!v || !v->IsScalar()) return std::string("no");
    const int n = StatementLines(v->scalar);
    return std::to_string(n) + (n == 1 ? " line" : " lines");
  };
  out << pad << "on_illegal: " << block("on_illegal") << ", after: " << block("after")
      << "\n";
  line("skip", rules.turn->skip, "the player is passed over");
  const std::string until = text(turn, "until");
  out << pad << "until: " << (until.empty() ? "yes" : until) << "  (the turns end)\n";
  const YamlNode* round = tree.Find("round");
  out << "    round  start: " << (round && round->Find("start") ? "yes" : "no")
      << ", end: " << (round && round->Find("end") ? "yes" : "no") << "\n";
}

// What every game keeps, by moment: "round_end  a round ends when ...".
void PrintInvariants(const Ruleset& rules, std::ostream& out) {
  static const char* const kMoments[] = {"trick_end", "round_end", "game_end"};
  out << "  invariants:\n";
  if (rules.invariants.empty()) out << "    (none)\n";
  for (const Invariant& inv : rules.invariants) {
    out << "    " << PadRight(kMoments[static_cast<int>(inv.at)], 10) << " " << inv.says
        << "\n";
  }
}

// The width of the name column: the longest zone, variable or effect name.
size_t NameWidth(const Ruleset& rules) {
  size_t width = 0;
  for (const ZoneFamily& z : rules.zones) width = std::max(width, z.name.size());
  for (const Variable& v : rules.variables) width = std::max(width, v.name.size());
  for (const Effect& e : rules.effects) width = std::max(width, e.name.size());
  return width + 2;
}

// Each zone family, shared or per player, who sees it, and the part it plays.
void PrintZones(const Ruleset& rules, size_t width, std::ostream& out) {
  out << "  zones:\n";
  for (size_t f = 0; f < rules.zones.size(); ++f) {
    const ZoneFamily& z = rules.zones[f];
    out << "    " << PadRight(z.name, width)
        << PadRight(z.per_player ? "per player" : "shared", 12)
        << VisibilityWord(z.visibility);
    if (rules.ZoneFamilyOf(rules.setup_zone) == static_cast<int>(f)) out << ", setup";
    if (rules.TrickFamily() == static_cast<int>(f)) out << ", trick";
    if (rules.CaptureFamily() == static_cast<int>(f)) out << ", captures";
    if (rules.hand_family == static_cast<int>(f)) out << ", hand";
    if (rules.RowsFamily() == static_cast<int>(f)) {
      out << ", rows (" << z.count << " numbered piles)";
    }
    out << "\n";
  }
}

// The named numbers, then the ruleset's own variables (the built-in ones by
// name only).
void PrintNumbersAndVariables(const Ruleset& rules, size_t width, std::ostream& out) {
  if (!rules.numbers.empty()) {
    out << "  numbers:  ";
    for (size_t i = 0; i < rules.numbers.size(); ++i) {
      out << (i ? ", " : " ") << rules.numbers[i].name << " " << rules.numbers[i].value;
    }
    out << "\n";
  }
  out << "  variables:\n";
  std::string builtins;
  for (const Variable& v : rules.variables) {
    if (IsBuiltin(rules, v)) {
      builtins += (builtins.empty() ? "" : ", ") + v.name;
      continue;
    }
    out << "    " << PadRight(v.name, width)
        << PadRight(v.per_player ? "per player" : "shared", 12)
        << PadRight(ShortTypeName(v.type), 8) << "reset each "
        << PadRight(rules.turn && v.scope == Scope::kTrick ? "turn" : ScopeName(v.scope),
                    7)
        << "starts " << rules.ValueName(v.type, v.init) << "\n";
  }
  if (!builtins.empty()) out << "    (built in: " << builtins << ")\n";
}

// Each effect, when it runs and how many cards carry it.
void PrintEffects(const Ruleset& rules, size_t width, std::ostream& out) {
  out << "  effects:\n";
  if (rules.effects.empty()) out << "    (none)\n";
  for (size_t e = 0; e < rules.effects.size(); ++e) {
    int carriers = 0;
    for (const CardInfo& c : rules.cards) {
      carriers +=
          std::count(c.effects.begin(), c.effects.end(), static_cast<int16_t>(e)) > 0;
    }
    const Effect& effect = rules.effects[e];
    out << "    " << PadRight(effect.name, width)
        << PadRight(TimingName(rules, effect), 20) << carriers
        << (carriers == 1 ? " card" : " cards") << "\n";
  }
}

// A search game's formation, its pieces numbered.
void PrintFormation(const Ruleset& rules, std::ostream& out) {
  if (!rules.search) return;
  // The fish numbers here are the ones scenarios and players mark.
  out << "  formation (" << rules.search->formation.pieces.size() << " "
      << rules.search->formation.piece << ", " << rules.search->error_patterns.size()
      << " error patterns, " << rules.search->faces.size() << " cards):\n";
  std::istringstream picture(
      Picture(rules.search->formation, rules.search->formation.pieces, 0));
  for (std::string line; std::getline(picture, line);) out << "    " << line << "\n";
}

// The procedure (tricks, turns or plain rounds) and how the game is won and
// ends.
void PrintProcedures(const Ruleset& rules, std::ostream& out) {
  auto present = [](int node) { return node >= 0 ? "yes" : "no"; };
  out << "  procedures:\n";
  if (rules.turn) {
    PrintTurnProcedure(rules, out);
  } else if (!rules.trick) {
    // Neither tricks nor turns: a round is its statements.
    out << "    round  start, end (no tricks, no turns)"
        << (rules.Searches() ? "; search(): every active player marks and stops" : "")
        << "\n";
  } else {
    out << "    trick  may_lead: " << (rules.trick->may_lead >= 0 ? "yes" : "as may_play")
        << ", may_play: " << present(rules.trick->may_play) << ", winner: "
        << (rules.trick->winner < 0 ? "no"
            : rules.nodes[static_cast<size_t>(rules.trick->winner)].type == Type::kCard
                ? "a card"
                : "a player")
        << "\n";
    out << "    round  start, tricks, end\n";
  }
  out << "    game   rank: " << present(rules.rank) << " ("
      << (rules.rank_higher_wins ? "highest" : "lowest") << " wins)";
  if (!rules.place_notes.empty()) out << ", place notes: " << rules.place_notes.size();
  out << ", ends early: ";
  if (rules.end_reasons.size() <= 1) out << "never";
  for (size_t r = 1; r < rules.end_reasons.size(); ++r) {
    out << (r > 1 ? ", " : "") << rules.end_reasons[r];
  }
  out << "\n";
}

void PrintSummary(const Ruleset& rules, std::ostream& out) {
  out << rules.name << ": " << rules.title << "\n";
  out << "  file:      " << rules.source_path << "\n";
  out << "  hash:      " << rules.content_hash << "\n";
  out << "  players:   " << PlayerRange(rules) << "\n";
  out << "  suits:     ";
  for (size_t i = 0; i < rules.suits.size(); ++i)
    out << (i ? ", " : "") << rules.suits[i];
  out << "\n  cards:     " << rules.cards.size() << "\n";
  PrintCardTable(rules, out);
  const size_t width = NameWidth(rules);
  PrintZones(rules, width, out);
  PrintNumbersAndVariables(rules, width, out);
  PrintEffects(rules, width, out);
  PrintFormation(rules, out);
  PrintProcedures(rules, out);
  PrintInvariants(rules, out);
}

// rules check --json: each loaded ruleset's summary, then every error.
void WriteSummariesJson(const std::vector<RulesetPtr>& rulesets,
                        const std::vector<Diagnostic>& errors,
                        const std::vector<Diagnostic>& warnings, std::ostream& out) {
  static const char* const kVisibility[] = {"public", "owner", "hidden"};
  static const char* const kScopes[] = {"game", "round", "trick"};
  static const char* const kMoments[] = {"trick_end", "round_end", "game_end"};
  JsonWriter json;
  json.BeginObject().Key("rulesets").BeginArray();
  for (const RulesetPtr& r : rulesets) {
    const Ruleset& rules = *r;
    json.BeginObject();
    json.Key("name").String(rules.name);
    json.Key("title").String(rules.title);
    json.Key("file").String(rules.source_path);
    json.Key("hash").String(rules.content_hash);
    json.Key("players").BeginObject();
    json.Key("min").Int(rules.min_players).Key("max").Int(rules.max_players);
    json.EndObject();
    json.Key("numbers").BeginObject();
    for (const NamedNumber& n : rules.numbers) json.Key(n.name).Int(n.value);
    json.EndObject();
    json.Key("cards").Int(static_cast<int64_t>(rules.cards.size()));
    std::vector<int64_t> per_kind(rules.kinds.size(), 0);
    for (const CardInfo& c : rules.cards) ++per_kind[static_cast<size_t>(c.kind)];
    json.Key("kinds").BeginObject();
    for (size_t k = 0; k < rules.kinds.size(); ++k) {
      json.Key(rules.kinds[k]).Int(per_kind[k]);
    }
    json.EndObject();
    json.Key("zones").BeginArray();
    for (const ZoneFamily& z : rules.zones) {
      json.BeginObject();
      json.Key("name").String(z.name);
      json.Key("per_player").Bool(z.per_player);
      json.Key("visibility").String(kVisibility[static_cast<int>(z.visibility)]);
      json.EndObject();
    }
    json.EndArray();
    json.Key("variables").BeginArray();
    for (const Variable& v : rules.variables) {
      json.BeginObject();
      json.Key("name").String(v.name);
      json.Key("type").String(ShortTypeName(v.type));
      json.Key("per_player").Bool(v.per_player);
      json.Key("scope").String(kScopes[static_cast<int>(v.scope)]);
      json.EndObject();
    }
    json.EndArray();
    json.Key("effects").BeginArray();
    for (const Effect& e : rules.effects) json.String(e.name);
    json.EndArray();
    json.Key("procedure").String(*rules.ProcedureKey() ? rules.ProcedureKey() : "rounds");
    json.Key("end_reasons").BeginArray();
    for (size_t i = 1; i < rules.end_reasons.size(); ++i)
      json.String(rules.end_reasons[i]);
    json.EndArray();
    json.Key("invariants").BeginArray();
    for (const Invariant& inv : rules.invariants) {
      json.BeginObject();
      json.Key("at").String(kMoments[static_cast<int>(inv.at)]);
      json.Key("says").String(inv.says);
      json.EndObject();
    }
    json.EndArray();
    json.EndObject();
  }
  json.EndArray().Key("errors").BeginArray();
  for (const Diagnostic& d : errors) WriteDiagnostic(json, d);
  json.EndArray().Key("warnings").BeginArray();
  for (const Diagnostic& d : warnings) WriteDiagnostic(json, d);
  json.EndArray().EndObject();
  out << json.str() << "\n";
}

int RunCheck(const std::vector<std::string>& words, std::ostream& out,
             std::ostream& err) {
  ParsedCommand parsed = ParseCommand(CheckSpec(), words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const auto& files = parsed.args->positional();
  if (files.empty()) {
    err << "angler rules check: error: expected at least one FILE (a path or a shipped "
           "name)\n";
    return kExitUsage;
  }
  const bool json = parsed.args->Has("json");
  int failed = 0;
  std::vector<RulesetPtr> loaded;
  std::vector<Diagnostic> errors, warnings;
  for (size_t i = 0; i < files.size(); ++i) {
    Result<RulesetPtr> rules = LoadRuleset(files[i]);
    if (!rules) {
      ++failed;
      if (!json) PrintErrors("rules check", rules.errors(), err);
      errors.insert(errors.end(), rules.errors().begin(), rules.errors().end());
      continue;
    }
    const std::vector<Diagnostic>& noticed = rules.value()->warnings;
    warnings.insert(warnings.end(), noticed.begin(), noticed.end());
    if (!json) {
      for (const Diagnostic& d : noticed) err << d.Format("warning");
    }
    if (json) {
      loaded.push_back(rules.value());
      continue;
    }
    if (i > 0) out << "\n";
    PrintSummary(*rules.value(), out);
  }
  if (json) WriteSummariesJson(loaded, errors, warnings, out);
  if (failed > 0) {
    err << "angler rules check: error: " << failed << " of " << files.size()
        << (files.size() == 1 ? " ruleset" : " rulesets") << " failed to load\n";
    return kExitUsage;
  }
  return kExitOk;
}

int RunDump(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  ParsedCommand parsed = ParseCommand(DumpSpec(), words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const auto& files = parsed.args->positional();
  if (files.size() != 1) {
    err << "angler rules dump: error: expected one RULESET (a path or a shipped name)\n";
    return kExitUsage;
  }
  Result<RulesetPtr> rules = LoadRuleset(files[0]);
  if (!rules) {
    return ReportErrors("rules dump", rules.errors(), err);
  }
  if (parsed.args->Has("json")) {
    out << ProgramJson(*rules.value()) << "\n";
  } else {
    out << Disassemble(*rules.value());
  }
  return kExitOk;
}

int RunList(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  ParsedCommand parsed = ParseCommand(ListSpec(), words, out, err);
  if (!parsed.args) return parsed.exit_code;
  if (!parsed.args->positional().empty()) {
    err << "angler rules list: error: takes no arguments\n";
    return kExitUsage;
  }
  if (!parsed.args->Has("json")) {
    for (const std::string& name : ShippedRulesets(true)) out << name << "\n";
    return kExitOk;
  }
  const std::vector<std::string> games = ShippedRulesets(false);
  JsonWriter json;
  json.BeginObject().Key("rulesets").BeginArray();
  std::vector<Diagnostic> errors;
  for (const std::string& name : ShippedRulesets(true)) {
    Result<RulesetPtr> rules = LoadRuleset(name);
    if (!rules) {
      errors.insert(errors.end(), rules.errors().begin(), rules.errors().end());
      continue;
    }
    json.BeginObject();
    json.Key("name").String(name);
    json.Key("title").String(rules.value()->title);
    json.Key("variant").Bool(std::find(games.begin(), games.end(), name) == games.end());
    json.Key("hash").String(rules.value()->content_hash);
    json.EndObject();
  }
  json.EndArray().Key("errors").BeginArray();
  for (const Diagnostic& d : errors) WriteDiagnostic(json, d);
  json.EndArray().EndObject();
  out << json.str() << "\n";
  return errors.empty() ? kExitOk : ExitCodeFor(errors);
}

void PrintRulesHelp(std::ostream& out) {
  out << "usage: angler rules check FILE...   load rulesets and summarize them\n"
      << "       angler rules dump RULESET    the compiled program, with source places\n"
      << "                                    (--json: as data, docs/API.md)\n"
      << "       angler rules list            the shipped rulesets\n";
}

}  // namespace

int RunRules(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    PrintRulesHelp(err);
    return kExitUsage;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "check") return RunCheck(rest, out, err);
  if (args[0] == "list") return RunList(rest, out, err);
  if (args[0] == "dump") return RunDump(rest, out, err);
  if (args[0] == "--help" || args[0] == "-h") {
    PrintRulesHelp(out);
    return kExitOk;
  }
  err << "angler rules: error: "
      << WithSuggestion("unknown subcommand '" + args[0] + "'", args[0],
                        {"check", "dump", "list"})
      << "\n";
  PrintRulesHelp(err);
  return kExitUsage;
}

}  // namespace angler
