// The ruleset's declarations: players, suits, kinds and tags, zones,
// variables, tables, named effects and definitions.

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/formation.h"
#include "interpreter/loader_internal.h"

namespace angler {

namespace {

const std::vector<std::string> kZoneKeys = {"per_player", "visibility", "setup", "count"};
const std::vector<std::string> kVariableKeys = {"per_player", "type", "init", "scope"};
const std::vector<std::string> kEffectKeys = {"when", "do"};

}  // namespace

void Loader::NamedNumbers(const YamlNode& doc) {
  const YamlNode* numbers = NamedSection(doc, "numbers");
  if (!numbers) return;
  for (size_t i = 0; i < numbers->entries.size(); ++i) {
    const auto& [name, value] = numbers->entries[i];
    const bool word = !name.empty() &&
                      !std::isdigit(static_cast<unsigned char>(name[0])) &&
                      std::all_of(name.begin(), name.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                      });
    if (!word) {
      Error(numbers->key_pos[i],
            "a number's name is one word of letters, digits and _, not '" + name + "'");
      continue;
    }
    int64_t x = 0;
    if (!Int(value, x)) continue;
    rules_->numbers.push_back({name, static_cast<int32_t>(x)});
    number_pos_.push_back(numbers->key_pos[i]);
  }
}

void Loader::NumberNamesFree() {
  for (size_t i = 0; i < rules_->numbers.size(); ++i) {
    const std::string& name = rules_->numbers[i].name;
    const char* what = rules_->FindVariable(name) >= 0       ? "a variable"
                       : rules_->FindFamily(name) >= 0       ? "a zone"
                       : rules_->FindSuit(name) >= 0         ? "a suit"
                       : rules_->table_index.count(name) > 0 ? "a table"
                       : std::count(rules_->kinds.begin(), rules_->kinds.end(), name) > 0
                           ? "a kind"
                           : nullptr;
    if (what) Error(number_pos_[i], "'" + name + "' is already " + what);
  }
}

void Loader::Players(const YamlNode& doc) {
  const YamlNode* v = doc.Find("players");
  if (!v) {
    Error(doc.pos, "a ruleset needs 'players', such as players: 3..5");
    return;
  }
  auto counts = Numbers(*v);
  if (counts.empty()) return;
  rules_->min_players = static_cast<int>(*std::min_element(counts.begin(), counts.end()));
  rules_->max_players = static_cast<int>(*std::max_element(counts.begin(), counts.end()));
  if (rules_->min_players < 1 || rules_->max_players > kMaxPlayers) {
    Error(v->pos, "players must lie within 1.." + std::to_string(kMaxPlayers));
  }
}

void Loader::Names(const YamlNode& doc, const std::string& key,
                   std::vector<std::string>& out, bool required) {
  const YamlNode* v = doc.Find(key);
  if (!v) {
    if (required) Error(doc.pos, "a ruleset needs '" + key + "'");
    return;
  }
  if (v->kind != YamlNode::Kind::kSequence) {
    Error(v->pos, "'" + key + "' must be a list of names");
    return;
  }
  for (const auto& item : v->items) {
    if (!item.IsScalar()) {
      Error(item.pos, "expected a name");
      continue;
    }
    if (std::find(out.begin(), out.end(), item.scalar) != out.end()) {
      Error(item.pos, "'" + item.scalar + "' is listed twice");
    }
    out.push_back(item.scalar);
  }
}

void Loader::Zones(const YamlNode& doc) {
  const YamlNode* zones = doc.Find("zones");
  if (!zones || zones->kind != YamlNode::Kind::kMap) {
    Error(zones ? zones->pos : doc.pos,
          "a ruleset needs 'zones', a mapping of zone names");
    return;
  }
  int next = 0;
  bool has_setup = false;
  for (size_t i = 0; i < zones->entries.size(); ++i) {
    const auto& [name, spec] = zones->entries[i];
    ZoneFamily z;
    z.name = name;
    z.first = next;
    if (spec.kind == YamlNode::Kind::kMap) {
      CheckKeys(spec, kZoneKeys, "zone '" + name + "'");
      if (const YamlNode* p = spec.Find("per_player")) z.per_player = Bool(*p);
      if (const YamlNode* c = spec.Find("count")) {
        int64_t n = 1;
        if (Int(*c, n) && (n < 1 || n > 16)) Error(c->pos, "count must lie within 1..16");
        if (z.per_player)
          Error(c->pos, "a zone per player has one pile per seat: no count");
        z.count = static_cast<int>(std::clamp<int64_t>(n, 1, 16));
        z.indexed = true;
      }
      if (const YamlNode* vis = spec.Find("visibility")) {
        static const std::vector<std::string> kVis = {"public", "owner", "hidden"};
        auto it = std::find(kVis.begin(), kVis.end(), vis->scalar);
        if (it == kVis.end()) {
          Error(vis->pos, WithSuggestion("visibility is public, owner or hidden, not '" +
                                             vis->scalar + "'",
                                         vis->scalar, kVis));
        } else {
          z.visibility = static_cast<Visibility>(it - kVis.begin());
        }
      }
      if (const YamlNode* s = spec.Find("setup"); s && Bool(*s)) {
        if (has_setup) Error(s->pos, "only one zone can hold the cards at setup");
        has_setup = true;
        rules_->setup_zone = next;
        if (z.per_player) Error(s->pos, "the setup zone must be shared");
      }
    } else if (spec.kind != YamlNode::Kind::kNull) {
      Error(spec.pos, "a zone is described by a mapping: {per_player: true, ...}");
    }
    if (z.per_player) z.count = rules_->max_players;
    int count = z.count;
    for (int k = 0; k < count && next + k < kMaxZones; ++k) {
      rules_->zone_family[static_cast<size_t>(next + k)] = static_cast<int8_t>(i);
      rules_->zone_seat[static_cast<size_t>(next + k)] =
          static_cast<int8_t>(z.per_player ? k : -1);
    }
    next += count;
    rules_->zones.push_back(z);
  }
  rules_->zone_count = next;
  if (rules_->zones.size() > 64) Error(zones->pos, "at most 64 zone names");
  if (next > kMaxZones) {
    Error(zones->pos, "too many zones: " + std::to_string(next) + " (at most " +
                          std::to_string(kMaxZones) + " counting one per seat)");
  }
}

bool Loader::Constant(const YamlNode& v, Type type, int32_t& out) {
  if (!v.IsScalar()) {
    Error(v.pos, "expected a single value");
    return false;
  }
  if (v.scalar == "none") {
    out = kNone;
    return true;
  }
  if (type == Type::kSuit) {
    int s = rules_->FindSuit(v.scalar);
    if (s < 0) {
      Error(v.pos,
            WithSuggestion("unknown suit '" + v.scalar + "'", v.scalar, rules_->suits));
      return false;
    }
    out = s;
    return true;
  }
  if (type == Type::kBool) {
    out = Bool(v) ? 1 : 0;
    return true;
  }
  int64_t x;
  if (!Int(v, x)) return false;
  out = static_cast<int32_t>(x);
  return true;
}

void Loader::AddVariable(const std::string& name, bool per_player, Scope scope, Type type,
                         int32_t init) {
  Variable var{name, per_player, scope, type, init, rules_->var_slot_count};
  rules_->var_slot_count += per_player ? kMaxPlayers : 1;
  rules_->variables.push_back(var);
}

void Loader::Variables(const YamlNode& doc) {
  // The engine's own, readable and writable like any other.
  AddVariable("round", false, Scope::kGame, Type::kInt, 0);
  AddVariable("leader", false, Scope::kGame, Type::kPlayer, 0);
  AddVariable("turn", false, Scope::kGame, Type::kPlayer, 0);
  AddVariable("winner", false, Scope::kGame, Type::kPlayer, kNone);
  AddVariable("tricks", false, Scope::kRound, Type::kInt, 0);
  AddVariable("trick_number", false, Scope::kRound, Type::kInt, 0);
  AddVariable("winning_card", false, Scope::kGame, Type::kCard, kNone);
  AddVariable("target", false, Scope::kTrick, Type::kZone, kNone);  // the pile of a lay
  AddVariable("illegal_lay", false, Scope::kTrick, Type::kBool, 0);
  AddVariable("marks", true, Scope::kGame, Type::kInt, 0);     // search(): pieces marked
  AddVariable("stopped", true, Scope::kGame, Type::kBool, 0);  // search(): who stopped
  auto slot = [&](const char* n) {
    return rules_->variables[static_cast<size_t>(rules_->FindVariable(n))].slot;
  };
  rules_->builtin_variables = static_cast<int>(rules_->variables.size());
  rules_->builtin = {slot("round"),        slot("leader"), slot("turn"),
                     slot("winner"),       slot("tricks"), slot("trick_number"),
                     slot("winning_card"), slot("target"), slot("illegal_lay"),
                     slot("marks"),        slot("stopped")};
  const YamlNode* vars = NamedSection(doc, "variables");
  if (!vars) return;
  static const std::vector<std::string> kTypes = {"int",    "bool", "suit",
                                                  "player", "card", "zone"};
  static const std::vector<Type> kTypeValues = {Type::kInt,    Type::kBool, Type::kSuit,
                                                Type::kPlayer, Type::kCard, Type::kZone};
  static const std::vector<std::string> kScopes = {"game", "round", "trick"};
  for (size_t i = 0; i < vars->entries.size(); ++i) {
    const auto& [name, spec] = vars->entries[i];
    if (rules_->FindVariable(name) >= 0) {
      Error(vars->key_pos[i], "'" + name + "' is already a variable");
      continue;
    }
    bool per_player = false;
    Scope scope = Scope::kGame;
    Type type = Type::kInt;
    int32_t init = 0;
    if (spec.kind == YamlNode::Kind::kMap) {
      CheckKeys(spec, kVariableKeys, "variable '" + name + "'");
      if (const YamlNode* p = spec.Find("per_player")) per_player = Bool(*p);
      if (const YamlNode* t = spec.Find("type")) {
        auto it = std::find(kTypes.begin(), kTypes.end(), t->scalar);
        if (it == kTypes.end()) {
          Error(t->pos,
                WithSuggestion("unknown type '" + t->scalar + "'", t->scalar, kTypes));
        } else {
          type = kTypeValues[static_cast<size_t>(it - kTypes.begin())];
        }
      }
      if (type != Type::kInt && type != Type::kBool) init = kNone;
      if (const YamlNode* s = spec.Find("scope")) {
        auto it = std::find(kScopes.begin(), kScopes.end(), s->scalar);
        if (it == kScopes.end()) {
          Error(s->pos,
                WithSuggestion("scope is game, round or trick, not '" + s->scalar + "'",
                               s->scalar, kScopes));
        } else {
          scope = static_cast<Scope>(it - kScopes.begin());
        }
      }
      if (const YamlNode* v = spec.Find("init")) Constant(*v, type, init);
    } else if (spec.kind != YamlNode::Kind::kNull) {
      Error(spec.pos, "a variable is described by a mapping: {per_player: true, ...}");
    }
    AddVariable(name, per_player, scope, type, init);
  }
  if (rules_->var_slot_count > kMaxVarSlots) {
    Error(vars->pos, "too many variables (a per-player one takes " +
                         std::to_string(kMaxPlayers) + " of " +
                         std::to_string(kMaxVarSlots) + " slots)");
  }
}

const YamlNode* Loader::NamedSection(const YamlNode& doc, const std::string& key) {
  const YamlNode* section = doc.Find(key);
  if (section && section->kind != YamlNode::Kind::kMap) {
    Error(section->pos, "'" + key + "' must be a mapping of names");
    return nullptr;
  }
  return section;
}

void Loader::Tables(const YamlNode& doc) {
  const YamlNode* tables = NamedSection(doc, "tables");
  if (!tables) return;
  for (const auto& [name, spec] : tables->entries) {
    if (spec.kind != YamlNode::Kind::kMap) {
      Error(spec.pos, "a table maps player counts to rows: {4: [9, 9, 10]}");
      continue;
    }
    std::vector<std::pair<int64_t, std::vector<int64_t>>> rows;
    size_t width = 0;
    for (size_t i = 0; i < spec.entries.size(); ++i) {
      YamlNode key = spec.entries[i].second;
      key.kind = YamlNode::Kind::kScalar;
      key.scalar = spec.entries[i].first;
      key.pos = spec.key_pos[i];
      int64_t players;
      if (!Int(key, players)) continue;
      if (players < 1 || players > kMaxPlayers) {
        Error(spec.key_pos[i], "a player count within 1.." + std::to_string(kMaxPlayers));
        continue;
      }
      rows.emplace_back(players, Numbers(spec.entries[i].second));
      width = std::max(width, rows.back().second.size());
    }
    int offset = static_cast<int>(rules_->tables.size());
    rules_->tables.resize(rules_->tables.size() + (kMaxPlayers + 1) * width, 0);
    for (const auto& [players, row] : rows) {
      for (size_t i = 0; i < row.size(); ++i) {
        rules_->tables[offset + static_cast<size_t>(players) * width + i] =
            static_cast<int32_t>(row[i]);
      }
    }
    rules_->table_index[name] = {offset, static_cast<int>(width)};
  }
}

void Loader::EffectNames(const YamlNode& doc) {
  const YamlNode* effects = NamedSection(doc, "effects");
  if (!effects) return;
  for (const auto& [name, spec] : effects->entries) {
    Effect e;
    e.name = name;
    CheckKeys(spec, kEffectKeys, "effect '" + name + "'");
    const YamlNode* when = spec.Find("when");
    if (!when || !when->IsScalar()) {
      Error(spec.pos, "effect '" + name +
                          "' needs 'when': on_play, end_of_trick, "
                          "next_trick or enters <zone>");
    } else {
      static const std::vector<std::string> kTimings = {"on_play", "end_of_trick",
                                                        "next_trick", "enters"};
      const std::string& w = when->scalar;
      if (w.rfind("enters ", 0) == 0) {
        e.timing = Timing::kOnEnter;
        std::string zone = w.substr(7);
        e.enter_family = rules_->FindFamily(zone);
        if (e.enter_family < 0) {
          std::vector<std::string> names;
          for (const auto& z : rules_->zones) names.push_back(z.name);
          Error(when->pos, WithSuggestion("unknown zone '" + zone + "'", zone, names));
        }
      } else {
        auto it = std::find(kTimings.begin(), kTimings.end() - 1, w);
        if (it == kTimings.end() - 1) {
          Error(when->pos, WithSuggestion("unknown timing '" + w + "'", w, kTimings));
        } else {
          e.timing = static_cast<Timing>(it - kTimings.begin());
        }
      }
    }
    if (const YamlNode* body = spec.Find("do")) e.text = body->scalar;
    rules_->effects.push_back(e);
  }
}

int Loader::FindEffect(const std::string& name) const {
  for (size_t i = 0; i < rules_->effects.size(); ++i) {
    if (rules_->effects[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

void Loader::Defines(const YamlNode& doc) {
  const YamlNode* defs = doc.Find("define");
  if (!defs) return;
  for (size_t i = 0; i < defs->entries.size(); ++i) {
    const auto& [key, body] = defs->entries[i];
    std::string name = key;
    std::vector<std::string> params;
    auto open = key.find('(');
    if (open != std::string::npos) {
      name = key.substr(0, open);
      std::string inner = key.substr(open + 1, key.rfind(')') - open - 1);
      std::stringstream ss(inner);
      std::string p;
      while (std::getline(ss, p, ',')) {
        p.erase(0, p.find_first_not_of(" \t"));
        p.erase(p.find_last_not_of(" \t") + 1);
        if (!p.empty()) params.push_back(p);
      }
    }
    if (rules_->FindNumber(name) >= 0) {
      Error(defs->key_pos[i], "'" + name + "' is already a number (numbers:)");
      continue;
    }
    auto parsed = ParseExpression(body.snippet);
    if (!parsed) {
      Errors(parsed.errors());
      continue;
    }
    compiler_.Define(name, std::move(params), std::move(parsed).value());
  }
}

void Loader::EffectBodies(const YamlNode& doc) {
  const YamlNode* effects = doc.Find("effects");
  if (!effects) return;
  for (size_t i = 0; i < rules_->effects.size(); ++i) {
    const YamlNode& spec = effects->entries[i].second;
    rules_->effects[i].entry = compiler_.Here();
    CodeContext ctx;
    ctx.in_effect = true;
    const YamlNode* body = spec.Find("do");
    if (!body) Error(spec.pos, "effect '" + rules_->effects[i].name + "' needs 'do'");
    compiler_.BeginSection("effects." + rules_->effects[i].name, spec.pos);
    StatementsAt(body, ctx, "effects." + rules_->effects[i].name);
    compiler_.Emit(Instr{Code::kReturn});
  }
}

}  // namespace angler
