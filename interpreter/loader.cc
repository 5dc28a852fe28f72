#include "interpreter/loader.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dsl/limits.h"
#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/formation.h"

namespace angler {
namespace fs = std::filesystem;
namespace {

// The keys a ruleset may use, by section.
const std::vector<std::string> kTopKeys = {
    "name",    "title",     "extends", "players",   "suits",   "kinds",
    "tags",    "cards",     "zones",   "variables", "tables",  "define",
    "effects", "setup",     "round",   "trick",     "turn",    "game",
    "notes",   "formation", "errors",  "search",    "display", "invariants"};
const std::vector<std::string> kCardKeys = {
    "suit",    "suits", "value", "values", "stars", "kind",   "tags", "effect",
    "effects", "name",  "count", "errors", "seed",  "rotate", "backs"};
const std::vector<std::string> kZoneKeys = {"per_player", "visibility", "setup", "count"};
const std::vector<std::string> kVariableKeys = {"per_player", "type", "init", "scope"};
const std::vector<std::string> kEffectKeys = {"when", "do"};
const std::vector<std::string> kRoundKeys = {"start", "tricks", "end"};
const std::vector<std::string> kTrickKeys = {"zone",     "hand",   "captures", "may_lead",
                                             "may_play", "winner", "end"};
const std::vector<std::string> kGameKeys = {"end_when", "rank", "lowest_wins"};
const std::vector<std::string> kTurnKeys = {
    "hand",           "rows",       "lay",   "may_lay", "full",
    "accept_illegal", "on_illegal", "after", "skip",    "until"};

std::string ReadFile(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The document with former key names replaced by their present ones.
YamlNode Renamed(const YamlNode& doc, std::span<const RenamedKey> renamed) {
  YamlNode out = doc;
  for (auto& [section, node] : out.entries) {
    for (auto& entry : node.entries) {
      for (const RenamedKey& r : renamed) {
        if (r.section == section && r.former == entry.first) entry.first = r.now;
      }
    }
  }
  return out;
}

// Content hashes start FNV-1a from this value (not the standard offset basis,
// which has one more digit): stored hashes name rulesets, so it stays.
constexpr uint64_t kContentHashStart = 1469598103934665603ull;

class Loader {
 public:
  Loader() : rules_(std::make_shared<Ruleset>()), compiler_(*rules_) {}

  Result<RulesetPtr> Load(const YamlNode& written, const std::string& source,
                          std::span<const RenamedKey> renamed = {}) {
    rules_->source_path = source;
    rules_->canonical_text = CanonicalYaml(written);
    rules_->content_hash = ContentHashOf(rules_->canonical_text);
    YamlNode renamed_doc;
    if (!renamed.empty()) renamed_doc = Renamed(written, renamed);
    const YamlNode& doc = renamed.empty() ? written : renamed_doc;
    CheckKeys(doc, kTopKeys, "a ruleset");
    rules_->name = Text(doc, "name", "");
    rules_->title = Text(doc, "title", rules_->name);
    Players(doc);
    Names(doc, "suits", rules_->suits, true);
    Names(doc, "kinds", rules_->kinds, false);
    if (rules_->kinds.empty()) rules_->kinds.push_back("card");
    Names(doc, "tags", rules_->tags, false);
    if (rules_->tags.size() > 32) Error(doc.KeyPos("tags"), "at most 32 tags");
    Zones(doc);
    Variables(doc);
    Tables(doc);
    EffectNames(doc);
    FormationSection(doc);
    Cards(doc);
    if (!errors_.empty()) return errors_;
    Defines(doc);
    Program(doc);
    EffectBodies(doc);
    if (errors_.empty()) Errors(ReadDisplay(doc.Find("display"), *rules_));
    if (rules_->cache_slots > 256 || rules_->bound_slots > 256) {
      Error(doc.pos, "the rules are too complex: over 256 cached or bound parts");
    }
    BindEvaluators(*rules_);
    if (!errors_.empty()) return errors_;
    return RulesetPtr(rules_);
  }

 private:
  void Error(const SourcePos& pos, std::string message) {
    errors_.emplace_back(pos, std::move(message));
  }
  void Errors(const std::vector<Diagnostic>& errors) {
    errors_.insert(errors_.end(), errors.begin(), errors.end());
  }

  void CheckKeys(const YamlNode& node, const std::vector<std::string>& allowed,
                 const std::string& what) {
    if (node.kind != YamlNode::Kind::kMap) {
      Error(node.pos, what + " must be a mapping of keys");
      return;
    }
    for (size_t i = 0; i < node.entries.size(); ++i) {
      const std::string& key = node.entries[i].first;
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      Error(node.key_pos[i],
            WithSuggestion("unknown key '" + key + "' in " + what, key, allowed));
    }
  }

  std::string Text(const YamlNode& node, const std::string& key,
                   const std::string& fallback) {
    const YamlNode* v = node.Find(key);
    if (!v) return fallback;
    if (!v->IsScalar()) {
      Error(v->pos, "'" + key + "' must be a single value");
      return fallback;
    }
    return v->scalar;
  }

  bool Int(const YamlNode& v, int64_t& out) {
    if (!v.IsScalar()) {
      Error(v.pos, "expected a whole number");
      return false;
    }
    const std::string& s = v.scalar;
    char* end = nullptr;
    errno = 0;
    long long x = std::strtoll(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0') {
      Error(v.pos, "expected a whole number, got '" + s + "'");
      return false;
    }
    // Numbers in a ruleset end up in 32-bit variables and card fields.
    if (errno == ERANGE || x < INT32_MIN || x > INT32_MAX) {
      Error(v.pos,
            "the number " + s + " is too large (the range is -2147483648..2147483647)");
      return false;
    }
    out = x;
    return true;
  }

  bool Bool(const YamlNode& v) {
    if (v.IsScalar() && (v.scalar == "true" || v.scalar == "yes")) return true;
    if (v.IsScalar() && (v.scalar == "false" || v.scalar == "no")) return false;
    Error(v.pos, "expected true or false");
    return false;
  }

  // "3", "1..10" or a list of numbers.
  std::vector<int64_t> Numbers(const YamlNode& v) {
    std::vector<int64_t> out;
    if (v.kind == YamlNode::Kind::kSequence) {
      for (const auto& item : v.items) {
        int64_t x;
        if (Int(item, x)) out.push_back(x);
      }
      return out;
    }
    if (v.IsScalar()) {
      auto dots = v.scalar.find("..");
      if (dots != std::string::npos) {
        YamlNode lo = v, hi = v;
        lo.scalar = v.scalar.substr(0, dots);
        hi.scalar = v.scalar.substr(dots + 2);
        int64_t a, b;
        if (!Int(lo, a) || !Int(hi, b)) return out;
        if ((a > b ? a - b : b - a) >= kMaxRangeNumbers) {
          Error(v.pos, "the range " + v.scalar + " lists more than " +
                           std::to_string(kMaxRangeNumbers) + " numbers");
          return out;
        }
        {
          for (int64_t x = a; a <= b ? x <= b : x >= b; x += (a <= b ? 1 : -1)) {
            out.push_back(x);
          }
        }
        return out;
      }
      int64_t x;
      if (Int(v, x)) out.push_back(x);
      return out;
    }
    Error(v.pos, "expected a number, a range like 1..10 or a list");
    return out;
  }

  void Players(const YamlNode& doc) {
    const YamlNode* v = doc.Find("players");
    if (!v) {
      Error(doc.pos, "a ruleset needs 'players', such as players: 3..5");
      return;
    }
    auto counts = Numbers(*v);
    if (counts.empty()) return;
    rules_->min_players =
        static_cast<int>(*std::min_element(counts.begin(), counts.end()));
    rules_->max_players =
        static_cast<int>(*std::max_element(counts.begin(), counts.end()));
    if (rules_->min_players < 1 || rules_->max_players > kMaxPlayers) {
      Error(v->pos, "players must lie within 1.." + std::to_string(kMaxPlayers));
    }
  }

  void Names(const YamlNode& doc, const std::string& key, std::vector<std::string>& out,
             bool required) {
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

  void Zones(const YamlNode& doc) {
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
          if (Int(*c, n) && (n < 1 || n > 16))
            Error(c->pos, "count must lie within 1..16");
          if (z.per_player)
            Error(c->pos, "a zone per player has one pile per seat: no count");
          z.count = static_cast<int>(std::clamp<int64_t>(n, 1, 16));
          z.indexed = true;
        }
        if (const YamlNode* vis = spec.Find("visibility")) {
          static const std::vector<std::string> kVis = {"public", "owner", "hidden"};
          auto it = std::find(kVis.begin(), kVis.end(), vis->scalar);
          if (it == kVis.end()) {
            Error(vis->pos,
                  WithSuggestion(
                      "visibility is public, owner or hidden, not '" + vis->scalar + "'",
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

  // A constant written in YAML: a number, none, or a suit, kind or variable-free name.
  bool Constant(const YamlNode& v, Type type, int32_t& out) {
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

  void AddVariable(const std::string& name, bool per_player, Scope scope, Type type,
                   int32_t init) {
    Variable var{name, per_player, scope, type, init, rules_->var_slot_count};
    rules_->var_slot_count += per_player ? kMaxPlayers : 1;
    rules_->variables.push_back(var);
  }

  void Variables(const YamlNode& doc) {
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
    AddVariable("marks", true, Scope::kGame, Type::kInt, 0);     // search(): fish marked
    AddVariable("stopped", true, Scope::kGame, Type::kBool, 0);  // search(): who stopped
    auto slot = [&](const char* n) {
      return rules_->variables[static_cast<size_t>(rules_->FindVariable(n))].slot;
    };
    rules_->builtin = {slot("round"),        slot("leader"), slot("turn"),
                       slot("winner"),       slot("tricks"), slot("trick_number"),
                       slot("winning_card"), slot("target"), slot("illegal_lay"),
                       slot("marks"),        slot("stopped")};
    const YamlNode* vars = NamedSection(doc, "variables");
    if (!vars) return;
    static const std::vector<std::string> kTypes = {"int",    "bool", "suit",
                                                    "player", "card", "zone"};
    static const std::vector<Type> kTypeValues = {
        Type::kInt, Type::kBool, Type::kSuit, Type::kPlayer, Type::kCard, Type::kZone};
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

  // A top-level mapping of names (variables, tables, effects), or null: absent,
  // or not a mapping (reported).
  const YamlNode* NamedSection(const YamlNode& doc, const std::string& key) {
    const YamlNode* section = doc.Find(key);
    if (section && section->kind != YamlNode::Kind::kMap) {
      Error(section->pos, "'" + key + "' must be a mapping of names");
      return nullptr;
    }
    return section;
  }

  // tables: {hand_size: {3: [10, 10, ...], 4: [...]}} -- rows by player count.
  void Tables(const YamlNode& doc) {
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
          Error(spec.key_pos[i],
                "a player count within 1.." + std::to_string(kMaxPlayers));
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

  void EffectNames(const YamlNode& doc) {
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

  // formation: {colours: [...], fish: [{at: [x, y], colour: c, facing: right}, ...]}
  // errors: [{name: ..., flip: n, recolour: n, swap: n}, ...]
  void FormationSection(const YamlNode& doc) {
    const YamlNode* f = doc.Find("formation");
    if (!f) return;
    CheckKeys(*f, {"colours", "fish"}, "the formation");
    Formation& form = rules_->formation;
    if (const YamlNode* c = f->Find("colours")) {
      for (const auto& item : c->items) form.colours.push_back(item.scalar);
    }
    if (form.colours.size() < 2)
      Error(f->pos, "the formation needs at least two colours");
    const YamlNode* fish = f->Find("fish");
    if (!fish || fish->kind != YamlNode::Kind::kSequence) {
      Error(
          f->pos,
          "the formation needs 'fish': a list of {at: [x, y], colour: c, facing: right}");
      return;
    }
    for (const auto& item : fish->items) {
      CheckKeys(item, {"at", "colour", "facing"}, "a fish");
      const YamlNode* at = item.Find("at");
      std::vector<int64_t> xy = at ? Numbers(*at) : std::vector<int64_t>{};
      if (xy.size() != 2 || xy[0] < 0 || xy[1] < 0) {
        Error(item.pos, "a fish stands 'at: [x, y]' on the grid");
        continue;
      }
      FishLook look;
      std::string colour = Text(item, "colour", "");
      auto it = std::find(form.colours.begin(), form.colours.end(), colour);
      if (it == form.colours.end()) {
        Error(item.KeyPos("colour"),
              WithSuggestion("unknown colour '" + colour + "'", colour, form.colours));
      }
      look.colour = static_cast<int8_t>(it - form.colours.begin());
      std::string facing = Text(item, "facing", "right");
      if (facing != "left" && facing != "right")
        Error(item.KeyPos("facing"), "a fish faces left or right");
      look.facing_right = facing == "right";
      form.x.push_back(static_cast<int>(xy[0]));
      form.y.push_back(static_cast<int>(xy[1]));
      form.fish.push_back(look);
    }
    if (form.fish.size() > static_cast<size_t>(kMaxFish)) {
      Error(fish->pos, "at most " + std::to_string(kMaxFish) + " fish");
    }
    const YamlNode* errors = doc.Find("errors");
    if (!errors || errors->kind != YamlNode::Kind::kSequence) {
      Error(f->pos, "a formation needs 'errors': the patterns its cards show");
      return;
    }
    for (const auto& item : errors->items) {
      CheckKeys(item, {"name", "flip", "recolour", "swap"}, "an error pattern");
      ErrorPattern p;
      p.name = Text(item, "name", "");
      int64_t v = 0;
      if (const YamlNode* n = item.Find("flip"); n && Int(*n, v))
        p.flips = static_cast<int>(v);
      if (const YamlNode* n = item.Find("recolour"); n && Int(*n, v))
        p.recolours = static_cast<int>(v);
      if (const YamlNode* n = item.Find("swap"); n && Int(*n, v))
        p.swaps = static_cast<int>(v);
      if (p.flips + p.recolours + 2 * p.swaps > static_cast<int>(form.fish.size()) / 2) {
        Error(item.pos, "this pattern needs more fish than the formation has");
      }
      // A swap of two fish that look alike cannot be seen.
      bool differ = false;
      for (size_t a = 0; a < form.fish.size() && !differ; ++a) {
        differ = !(form.fish[a] == form.fish[0]);
      }
      if (p.swaps > 0 && !differ) {
        Error(item.pos, "a swap needs two fish that look different; all fish look alike");
      }
      rules_->error_patterns.push_back(p);
    }
  }

  int FindEffect(const std::string& name) const {
    for (size_t i = 0; i < rules_->effects.size(); ++i) {
      if (rules_->effects[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }

  void Cards(const YamlNode& doc) {
    const YamlNode* cards = doc.Find("cards");
    if (!cards || cards->kind != YamlNode::Kind::kSequence) {
      Error(cards ? cards->pos : doc.pos,
            "a ruleset needs 'cards', a list of card groups");
      return;
    }
    for (const auto& group : cards->items) CardGroup(group);
    if (rules_->cards.size() > static_cast<size_t>(kMaxCards)) {
      Error(cards->pos, "too many cards: " + std::to_string(rules_->cards.size()) +
                            " (at most " + std::to_string(kMaxCards) + ")");
    }
  }

  void CardGroup(const YamlNode& g) {
    CheckKeys(g, kCardKeys, "a card group");
    if (g.kind != YamlNode::Kind::kMap) return;
    if (g.Find("errors")) return ErrorCardGroup(g);
    std::vector<int> suits;
    auto suit = [&](const YamlNode& v) {
      int s = rules_->FindSuit(v.scalar);
      if (s < 0)
        Error(v.pos,
              WithSuggestion("unknown suit '" + v.scalar + "'", v.scalar, rules_->suits));
      suits.push_back(s);
    };
    if (const YamlNode* s = g.Find("suit")) suit(*s);
    if (const YamlNode* s = g.Find("suits")) {
      for (const auto& item : s->items) suit(item);
    }
    if (suits.empty()) suits.push_back(kNone);
    std::vector<int64_t> values;
    if (const YamlNode* v = g.Find("value")) values = Numbers(*v);
    if (const YamlNode* v = g.Find("values")) values = Numbers(*v);
    bool has_value = !values.empty();
    if (!has_value) values.push_back(0);
    CardInfo proto;
    if (const YamlNode* v = g.Find("stars")) {
      int64_t x;
      if (Int(*v, x)) proto.stars = static_cast<int8_t>(x);
    }
    std::string kind_name = GroupKind(g, proto);
    if (const YamlNode* v = g.Find("tags")) {
      for (const auto& t : v->items) {
        auto it = std::find(rules_->tags.begin(), rules_->tags.end(), t.scalar);
        if (it == rules_->tags.end()) {
          Error(t.pos,
                WithSuggestion("unknown tag '" + t.scalar + "'", t.scalar, rules_->tags));
        } else {
          proto.tags |= 1u << (it - rules_->tags.begin());
        }
      }
    }
    std::vector<const YamlNode*> effect_names;
    if (const YamlNode* v = g.Find("effect")) effect_names.push_back(v);
    if (const YamlNode* v = g.Find("effects")) {
      for (const auto& item : v->items) effect_names.push_back(&item);
    }
    if (effect_names.size() > static_cast<size_t>(kMaxEffectsPerCard)) {
      Error(g.pos,
            "a card has at most " + std::to_string(kMaxEffectsPerCard) + " effects");
      effect_names.resize(kMaxEffectsPerCard);
    }
    for (size_t i = 0; i < effect_names.size(); ++i) {
      int e = FindEffect(effect_names[i]->scalar);
      if (e < 0) {
        std::vector<std::string> names;
        for (const auto& eff : rules_->effects) names.push_back(eff.name);
        Error(effect_names[i]->pos,
              WithSuggestion("unknown effect '" + effect_names[i]->scalar + "'",
                             effect_names[i]->scalar, names));
      }
      proto.effects[i] = static_cast<int16_t>(e);
      if (e >= 0 && rules_->effects[static_cast<size_t>(e)].timing == Timing::kOnEnter &&
          rules_->effects[static_cast<size_t>(e)].enter_family >= 0) {
        proto.enter_families |= uint64_t{1}
                                << rules_->effects[static_cast<size_t>(e)].enter_family;
      }
    }
    int64_t count = 1;
    if (const YamlNode* v = g.Find("count")) Int(*v, count);
    std::string name = Text(g, "name", "");
    for (int suit_index : suits) {
      for (int64_t value : values) {
        for (int64_t k = 0; k < count; ++k) {
          CardInfo c = proto;
          c.suit = static_cast<int16_t>(suit_index);
          c.value = static_cast<int16_t>(value);
          // Built with append: GCC 12 warns falsely on chains of operator+ here.
          std::string label = suit_index >= 0 && name.empty()
                                  ? rules_->suits[static_cast<size_t>(suit_index)]
                                  : kind_name;
          if (!name.empty() && name == kind_name) {
            // A one-of-a-kind card is called by its kind.
          } else if (!name.empty()) {
            label.append(" \"").append(name).append("\"");
          } else if (suit_index >= 0 || has_value) {
            label.append(" ").append(std::to_string(value));
          }
          rules_->cards.push_back(c);
          rules_->card_names.push_back(label);
        }
      }
    }
  }

  // A card group's kind (default: the first kind): set in proto, its name returned.
  std::string GroupKind(const YamlNode& g, CardInfo& proto) {
    const YamlNode* v = g.Find("kind");
    if (!v) return rules_->kinds.front();
    auto it = std::find(rules_->kinds.begin(), rules_->kinds.end(), v->scalar);
    if (it == rules_->kinds.end()) {
      Error(v->pos,
            WithSuggestion("unknown kind '" + v->scalar + "'", v->scalar, rules_->kinds));
      return rules_->kinds.front();
    }
    proto.kind = static_cast<int8_t>(it - rules_->kinds.begin());
    return *it;
  }

  // {kind: picture, count: 36, errors: all, backs: [green, yellow, pink], seed: 7}:
  // cards that show the formation with errors (formation.h), the patterns in
  // turn, the backs (suits) in turn; card.pattern = the pattern's number (1..),
  // card.turns = how the card lies (quarter turns), card.back = its back,
  // card.faults = the wrong fish. They have no suit, value or stars.
  void ErrorCardGroup(const YamlNode& g) {
    if (rules_->formation.fish.empty() || rules_->error_patterns.empty()) {
      Error(g.pos, "cards with errors need a 'formation' and its 'errors'");
      return;
    }
    int64_t count = 1, seed = 1;
    if (const YamlNode* v = g.Find("count")) Int(*v, count);
    if (const YamlNode* v = g.Find("seed")) Int(*v, seed);
    bool rotate = false;
    if (const YamlNode* v = g.Find("rotate")) rotate = Bool(*v);
    std::vector<int> backs;
    // The first form, `suits:`, also set suit, value and stars to the back, the
    // pattern and the turns: kept so that records of rulesets written so replay.
    const bool first_form = g.Find("suits") && !g.Find("backs");
    if (const YamlNode* v = g.Find(first_form ? "suits" : "backs")) {
      for (const auto& item : v->items) {
        int suit = rules_->FindSuit(item.scalar);
        if (suit < 0)
          Error(item.pos, WithSuggestion("unknown suit '" + item.scalar + "'",
                                         item.scalar, rules_->suits));
        backs.push_back(suit);
      }
    }
    if (backs.empty()) backs.push_back(kNone);
    CardInfo proto;
    std::string kind_name = GroupKind(g, proto);
    auto deck =
        DealErrorCards(rules_->formation, rules_->error_patterns, static_cast<int>(count),
                       static_cast<uint64_t>(seed), rotate);
    for (size_t k = 0; k < deck.size(); ++k) {
      CardInfo c = proto;
      c.back = static_cast<int16_t>(backs[k % backs.size()]);
      c.pattern = static_cast<int8_t>(deck[k].pattern + 1);
      c.turns = static_cast<int8_t>(deck[k].quarter_turns);
      if (first_form) {
        c.suit = c.back;
        c.value = c.pattern;
        c.stars = c.turns;
      }
      c.faults = deck[k].faults;
      c.face = static_cast<int16_t>(rules_->faces.size());
      rules_->faces.push_back(deck[k]);
      rules_->cards.push_back(c);
      rules_->card_names.push_back(kind_name + " " +
                                   std::to_string(rules_->faces.size()));
    }
  }

  void Defines(const YamlNode& doc) {
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
      auto parsed = ParseExpression(body.snippet);
      if (!parsed) {
        Errors(parsed.errors());
        continue;
      }
      compiler_.Define(name, std::move(params), std::move(parsed).value());
    }
  }

  Result<int> ExprAt(const YamlNode* node, Type want, const CodeContext& ctx) {
    auto parsed = ParseExpression(node->snippet);
    if (!parsed) return parsed.errors();
    return compiler_.Expression(*parsed.value(), want, ctx);
  }

  int RequiredExpr(const YamlNode& section, const std::string& key, Type want,
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

  // Compiles the statements at `node` as ruleset section `section` ("round.start").
  void StatementsAt(const YamlNode* node, const CodeContext& ctx,
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

  int Global(int slot, Type t) {
    Node n{Op::kGlobal, t};
    n.a = slot;
    return compiler_.AddNode(n);
  }

  // The game's procedure as code: setup, then rounds of tricks (or of turns)
  // until the end.
  void Program(const YamlNode& doc) {
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
      CodeContext who;
      who.params = {{"p", Type::kPlayer}};
      rules_->search_active =
          RequiredExpr(*search, "active", Type::kBool, who, "the search");
      CodeContext plain;
      rules_->search_card =
          RequiredExpr(*search, "card", Type::kCard, plain, "the search");
    }
    CheckKeys(*round, kRoundKeys, "the round section");
    CheckKeys(*game, kGameKeys, "the game section");
    CodeContext rank_ctx;
    rank_ctx.params = {{"p", Type::kPlayer}};
    rules_->rank = RequiredExpr(*game, "rank", Type::kInt, rank_ctx, "the game");
    if (const YamlNode* low = game->Find("lowest_wins"))
      rules_->rank_higher_wins = !Bool(*low);
    if (trick) {
      TrickProgram(doc, *trick, *round, *game);
    } else if (turn) {
      TurnProgram(doc, *turn, *round, *game);
    } else {
      RoundProgram(doc, *round, *game);
    }
  }

  // `invariants:` what every game keeps: {at: trick_end | round_end | game_end,
  // holds: a condition on p (checked for every seat), says: the promise in words}.
  void Invariants(const YamlNode& doc, bool has_tricks) {
    const YamlNode* list = doc.Find("invariants");
    if (!list) return;
    if (list->kind != YamlNode::Kind::kSequence) {
      Error(list->pos, "'invariants' must be a list of {at, holds, says}");
      return;
    }
    static const std::vector<std::string> kMoments = {"trick_end", "round_end",
                                                      "game_end"};
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
      const YamlNode* holds = item.Find("holds");
      inv.says = Text(item, "says", holds && holds->IsScalar() ? holds->scalar : "");
      inv.pos = holds ? holds->pos : item.pos;
      rules_->invariants.push_back(inv);
    }
  }

  // A check of each invariant promised at this moment.
  void EmitChecks(Moment at) {
    const auto& all = rules_->invariants;
    for (size_t i = 0; i < all.size(); ++i) {
      if (all[i].at != at || all[i].holds < 0) continue;
      Instr check{Code::kCheck};
      check.e0 = all[i].holds;
      check.slot = static_cast<int16_t>(i);
      check.pos = all[i].pos;
      compiler_.Emit(check);
    }
  }

  // Neither tricks nor turns: a round is its start and end statements (which
  // may search(), choose, deal ...), until end_when.
  void RoundProgram(const YamlNode& doc, const YamlNode& round, const YamlNode& game) {
    Ruleset& r = *rules_;
    CodeContext plain;
    int end_when = RequiredExpr(game, "end_when", Type::kBool, plain, "the game");
    if (round.Find("tricks"))
      Error(round.KeyPos("tricks"), "a game without tricks counts none");
    if (!errors_.empty()) return;
    r.end_reasons = {""};
    r.entry_setup = compiler_.Here();
    StatementsAt(doc.Find("setup"), plain, "setup");
    compiler_.BeginSection("round", round.pos);
    r.entry_round = compiler_.Emit(Instr{Code::kRoundBegin});
    r.entry_play = r.entry_trick = r.entry_round;
    StatementsAt(round.Find("start"), plain, "round.start");
    EmitChecks(Moment::kRoundEnd);
    StatementsAt(round.Find("end"), plain, "round.end");
    compiler_.BeginSection("round", round.pos);
    Instr next_round{Code::kJumpIfNot};
    next_round.e0 = end_when;
    next_round.target = r.entry_round;
    compiler_.Emit(next_round);
    EmitChecks(Moment::kGameEnd);
    compiler_.Emit(Instr{Code::kGameOver});
  }

  // Rounds of tricks: see README, "How a game runs".
  void TrickProgram(const YamlNode& doc, const YamlNode& trick_node,
                    const YamlNode& round_node, const YamlNode& game_node) {
    Ruleset& r = *rules_;
    const YamlNode* trick = &trick_node;
    const YamlNode* round = &round_node;
    const YamlNode* game = &game_node;
    CheckKeys(*trick, kTrickKeys, "the trick section");

    auto family = [&](const std::string& key, bool per_player) {
      std::string name = Text(*trick, key, key == "zone" ? "trick" : "hand");
      int f = r.FindFamily(name);
      if (f < 0 || r.zones[static_cast<size_t>(f)].per_player != per_player) {
        std::vector<std::string> names;
        for (const auto& z : r.zones) {
          if (z.per_player == per_player) names.push_back(z.name);
        }
        Error(trick->KeyPos(key),
              WithSuggestion("the trick's " + key + " must be a " +
                                 (per_player ? "zone per player" : "shared zone") +
                                 ", not '" + name + "'",
                             name, names));
      }
      return f;
    };
    r.trick_family = family("zone", false);
    r.hand_family = family("hand", true);
    if (trick->Find("captures")) r.capture_family = family("captures", true);

    CodeContext plain;
    CodeContext card_rule;
    card_rule.has_card = true;
    if (trick->Find("may_lead")) {
      r.may_lead = RequiredExpr(*trick, "may_lead", Type::kBool, card_rule, "the trick");
    }
    r.may_play = RequiredExpr(*trick, "may_play", Type::kBool, card_rule, "the trick");
    const YamlNode* winner = trick->Find("winner");
    if (!winner) {
      Error(trick->pos, "the trick needs 'winner': the card or player that wins it");
    } else {
      auto w = ExprAt(winner, Type::kVoid, plain);
      if (!w) {
        Errors(w.errors());
      } else if (r.nodes[static_cast<size_t>(w.value())].type != Type::kCard &&
                 r.nodes[static_cast<size_t>(w.value())].type != Type::kPlayer) {
        Error(winner->pos, "the winner must be a card or a player");
      } else {
        r.winner = w.value();
      }
    }
    if (r.hand_family >= 0) {
      // The cards a player may play: their hand filtered by the play rules.
      auto options = [&](int rule) {
        if (rule < 0) return -1;
        Node hand{Op::kFamilyZone, Type::kZone};
        hand.a = r.zones[static_cast<size_t>(r.hand_family)].first;
        hand.b = -1;  // one per seat
        hand.x = Global(r.builtin.turn, Type::kPlayer);
        return compiler_.Filter(compiler_.AddNode(hand), rule);
      };
      r.play_options = options(r.may_play);
      r.lead_options = r.may_lead >= 0 ? options(r.may_lead) : r.play_options;
    }
    int tricks = RequiredExpr(*round, "tricks", Type::kInt, plain, "the round");
    int end_when = RequiredExpr(*game, "end_when", Type::kBool, plain, "the game");
    if (!errors_.empty()) return;

    const BuiltinSlots& b = r.builtin;
    r.end_reasons = {""};
    r.entry_setup = compiler_.Here();
    StatementsAt(doc.Find("setup"), plain, "setup");
    compiler_.BeginSection("round", round->pos);
    r.entry_round = compiler_.Emit(Instr{Code::kRoundBegin});
    StatementsAt(round->Find("start"), plain, "round.start");
    compiler_.BeginSection("trick", trick->pos);
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
    Instr play{Code::kPlay};
    int play_at = compiler_.Emit(play);
    compiler_.Emit(Instr{Code::kRunTriggers});
    Instr back{Code::kJump};
    back.target = play_at;
    compiler_.Emit(back);
    r.code[static_cast<size_t>(play_at)].target = compiler_.Here();
    compiler_.Emit(Instr{Code::kTrickResolve});
    CodeContext end_ctx;
    end_ctx.in_trick_end = true;
    if (!trick->Find("end"))
      Error(trick->pos, "the trick needs 'end': what happens to its cards");
    StatementsAt(trick->Find("end"), end_ctx, "trick.end");
    compiler_.BeginSection("trick", trick->pos);
    EmitChecks(Moment::kTrickEnd);
    compiler_.Emit(Instr{Code::kTrickEnd});
    Instr again{Code::kJump};
    again.target = loop_at;
    compiler_.Emit(again);
    r.code[static_cast<size_t>(loop_at)].target = compiler_.Here();
    EmitChecks(Moment::kRoundEnd);
    StatementsAt(round->Find("end"), plain, "round.end");
    compiler_.BeginSection("round", round->pos);
    Instr next_round{Code::kJumpIfNot};
    next_round.e0 = end_when;
    next_round.target = r.entry_round;
    compiler_.Emit(next_round);
    EmitChecks(Moment::kGameEnd);
    compiler_.Emit(Instr{Code::kGameOver});
  }

  // Text with {expression} holes; each hole is compiled like a play rule.
  std::vector<MessagePart> MessageAt(const YamlNode& node, const CodeContext& ctx) {
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

  // Turns round the table: each player in turn lays cards on one of the
  // numbered piles (the rows), until `until` holds; see README.
  void TurnProgram(const YamlNode& doc, const YamlNode& turn, const YamlNode& round,
                   const YamlNode& game) {
    Ruleset& r = *rules_;
    CheckKeys(turn, kTurnKeys, "the turn section");
    r.turns = true;
    std::string hand = Text(turn, "hand", "hand");
    r.hand_family = r.FindFamily(hand);
    if (r.hand_family < 0 || !r.zones[static_cast<size_t>(r.hand_family)].per_player) {
      Error(turn.KeyPos("hand"),
            "the turn's hand must be a zone per player, not '" + hand + "'");
    }
    std::string rows = Text(turn, "rows", "row");
    r.rows_family = r.FindFamily(rows);
    if (r.rows_family < 0 || !r.zones[static_cast<size_t>(r.rows_family)].indexed) {
      std::vector<std::string> names;
      for (const auto& z : r.zones) {
        if (z.indexed) names.push_back(z.name);
      }
      Error(turn.KeyPos("rows"),
            WithSuggestion(
                "the turn's rows must be numbered zones ({count: 3}), not '" + rows + "'",
                rows, names));
    }
    if (const YamlNode* lay = turn.Find("lay")) {
      auto counts = Numbers(*lay);
      if (!counts.empty()) {
        r.lay_min = static_cast<int>(*std::min_element(counts.begin(), counts.end()));
        r.lay_max = static_cast<int>(*std::max_element(counts.begin(), counts.end()));
      }
      if (r.lay_min < 1 || r.lay_max > kMaxLay) {
        Error(lay->pos, "a lay is 1 to " + std::to_string(kMaxLay) + " cards");
      }
    }
    CodeContext plain;
    CodeContext card_rule;
    card_rule.has_card = true;
    // may_lay: one condition, or a list of {if: condition, else: "why not"}.
    if (const YamlNode* may = turn.Find("may_lay")) {
      std::vector<const YamlNode*> items;
      if (may->kind == YamlNode::Kind::kSequence) {
        for (const auto& item : may->items) items.push_back(&item);
      } else {
        items.push_back(may);
      }
      for (const YamlNode* item : items) {
        LayRule rule;
        const YamlNode* cond = item;
        if (item->kind == YamlNode::Kind::kMap) {
          CheckKeys(*item, {"if", "else"}, "a lay rule");
          cond = item->Find("if");
          if (const YamlNode* why = item->Find("else"))
            rule.message = MessageAt(*why, card_rule);
        }
        if (!cond || !cond->IsScalar()) {
          Error(item->pos, "a lay rule needs a condition: {if: ..., else: \"why not\"}");
          continue;
        }
        auto c = ExprAt(cond, Type::kBool, card_rule);
        if (!c) {
          Errors(c.errors());
          continue;
        }
        rule.condition = c.value();
        r.lay_rules.push_back(std::move(rule));
      }
    }
    if (turn.Find("full"))
      r.lay_full = RequiredExpr(turn, "full", Type::kBool, plain, "the turn");
    if (turn.Find("accept_illegal")) {
      r.lay_accept_illegal =
          RequiredExpr(turn, "accept_illegal", Type::kBool, plain, "the turn");
    }
    if (turn.Find("skip"))
      r.turn_skip = RequiredExpr(turn, "skip", Type::kBool, plain, "the turn");
    int until = RequiredExpr(turn, "until", Type::kBool, plain, "the turn");
    int end_when = RequiredExpr(game, "end_when", Type::kBool, plain, "the game");
    if (round.Find("tricks"))
      Error(round.KeyPos("tricks"), "a game of turns counts no tricks");
    if (!errors_.empty()) return;

    const BuiltinSlots& b = r.builtin;
    r.end_reasons = {""};
    r.entry_setup = compiler_.Here();
    StatementsAt(doc.Find("setup"), plain, "setup");
    compiler_.BeginSection("round", round.pos);
    r.entry_round = compiler_.Emit(Instr{Code::kRoundBegin});
    StatementsAt(round.Find("start"), plain, "round.start");
    compiler_.BeginSection("turn", turn.pos);
    Instr first_turn{Code::kSetGlobal};
    first_turn.slot = static_cast<int16_t>(b.turn);
    first_turn.e0 = Global(b.leader, Type::kPlayer);
    compiler_.Emit(first_turn);
    r.entry_play = compiler_.Here();
    Node ended{Op::kNot, Type::kBool};
    ended.x = until;
    Instr loop{Code::kJumpIfNot};  // while not until
    loop.e0 = compiler_.AddNode(ended);
    int loop_at = compiler_.Emit(loop);
    r.entry_trick = compiler_.Emit(Instr{Code::kTurnBegin});
    int lay_at = compiler_.Emit(Instr{Code::kLay});
    Instr refused{Code::kJumpIfNot};
    refused.e0 = Global(b.illegal_lay, Type::kBool);
    int refused_at = compiler_.Emit(refused);
    StatementsAt(turn.Find("on_illegal"), plain, "turn.on_illegal");
    compiler_.BeginSection("turn", turn.pos);
    Instr retry{Code::kJump};
    retry.target = lay_at;
    compiler_.Emit(retry);
    r.code[static_cast<size_t>(refused_at)].target = compiler_.Here();
    StatementsAt(turn.Find("after"), plain, "turn.after");
    compiler_.BeginSection("turn", turn.pos);
    EmitChecks(Moment::kTrickEnd);
    Node next{Op::kLeft, Type::kPlayer};
    next.x = Global(b.turn, Type::kPlayer);
    Instr pass{Code::kSetGlobal};
    pass.slot = static_cast<int16_t>(b.turn);
    pass.e0 = compiler_.AddNode(next);
    compiler_.Emit(pass);
    Instr again{Code::kJump};
    again.target = loop_at;
    compiler_.Emit(again);
    r.code[static_cast<size_t>(loop_at)].target = compiler_.Here();
    EmitChecks(Moment::kRoundEnd);
    StatementsAt(round.Find("end"), plain, "round.end");
    compiler_.BeginSection("round", round.pos);
    Instr next_round{Code::kJumpIfNot};
    next_round.e0 = end_when;
    next_round.target = r.entry_round;
    compiler_.Emit(next_round);
    EmitChecks(Moment::kGameEnd);
    compiler_.Emit(Instr{Code::kGameOver});
  }

  void EffectBodies(const YamlNode& doc) {
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

  std::shared_ptr<Ruleset> rules_;
  Compiler compiler_;
  std::vector<Diagnostic> errors_;
};

Result<YamlNode> ReadTree(const std::string& path, int depth);

Result<YamlNode> TreeFromText(const std::string& name, const std::string& text,
                              const std::string& dir, int depth) {
  auto file = SourceFile::Make(name, text);
  auto doc = ParseYaml(file);
  if (!doc) return doc;
  const YamlNode* base = doc.value().Find("extends");
  if (!base) return doc;
  if (depth > 8)
    return Diagnostic(base->pos, "'extends' goes more than 8 deep (a cycle?)");
  std::string target = base->scalar;
  std::string path;
  if (!dir.empty() && fs::exists(fs::path(dir) / target)) {
    path = (fs::path(dir) / target).string();
  } else {
    path = ResolveRulesetPath(target);
  }
  if (path.empty()) {
    auto names = ShippedRulesets(true);
    return Diagnostic(
        base->pos,
        WithSuggestion("'extends' names no ruleset: '" + target + "'", target, names));
  }
  auto parent = ReadTree(path, depth + 1);
  if (!parent) return parent;
  YamlNode merged = MergeYaml(parent.value(), doc.value());
  // The variant is its own ruleset: drop the link, keep its name.
  auto& entries = merged.entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == "extends") {
      entries.erase(entries.begin() + static_cast<long>(i));
      merged.key_pos.erase(merged.key_pos.begin() + static_cast<long>(i));
      break;
    }
  }
  return merged;
}

Result<YamlNode> ReadTree(const std::string& path, int depth) {
  bool ok;
  std::string text = ReadFile(path, ok);
  if (!ok) return Diagnostic({}, "cannot read '" + path + "'");
  return TreeFromText(path, text, fs::path(path).parent_path().string(), depth);
}

}  // namespace

std::string RulesetDir() {
  if (const char* env = std::getenv("ANGLER_RULESETS"); env && *env) return env;
  return ANGLER_RULESET_DIR;
}

std::vector<std::string> ShippedRulesets(bool with_variants) {
  std::vector<std::string> names;
  for (const char* sub : {"", "variants"}) {
    if (*sub && !with_variants) break;
    fs::path dir = fs::path(RulesetDir()) / sub;
    if (!fs::is_directory(dir)) continue;
    std::vector<std::string> here;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() == ".yaml")
        here.push_back(entry.path().stem().string());
    }
    std::sort(here.begin(), here.end());
    names.insert(names.end(), here.begin(), here.end());
  }
  return names;
}

std::string ResolveRulesetPath(const std::string& path_or_name) {
  if (fs::is_regular_file(path_or_name)) return path_or_name;
  for (const char* sub : {"", "variants"}) {
    fs::path p = fs::path(RulesetDir()) / sub / (path_or_name + ".yaml");
    if (fs::is_regular_file(p)) return p.string();
  }
  return "";
}

Result<YamlNode> ReadRulesetTree(const std::string& path_or_name) {
  std::string path = ResolveRulesetPath(path_or_name);
  if (path.empty()) {
    return Diagnostic(
        {}, WithSuggestion("no ruleset file or shipped ruleset '" + path_or_name + "'",
                           path_or_name, ShippedRulesets(true)));
  }
  return ReadTree(path, 0);
}

Result<RulesetPtr> LoadRulesetTree(const YamlNode& tree, const std::string& name) {
  Loader loader;
  return loader.Load(tree, name);
}

Result<RulesetPtr> LoadRuleset(const std::string& path_or_name) {
  auto tree = ReadRulesetTree(path_or_name);
  if (!tree) return tree.errors();
  return LoadRulesetTree(tree.value(), ResolveRulesetPath(path_or_name));
}

std::string ContentHashOf(std::string_view canonical_text) {
  return Hex64(Fnv1a(canonical_text, kContentHashStart));
}

Result<RulesetPtr> LoadRulesetText(const std::string& name, const std::string& text,
                                   const std::string& dir,
                                   std::span<const RenamedKey> renamed) {
  auto tree = TreeFromText(name, text, dir, 0);
  if (!tree) return tree.errors();
  Loader loader;
  return loader.Load(tree.value(), name, renamed);
}

}  // namespace angler
