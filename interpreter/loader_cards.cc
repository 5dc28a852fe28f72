// The ruleset's cards: card groups, and the generated cards that show a
// formation with errors.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/formation.h"
#include "interpreter/loader_internal.h"

namespace angler {

namespace {

const std::vector<std::string> kCardKeys = {
    "suit",    "suits", "value", "values", "stars", "kind",   "tags", "effect",
    "effects", "name",  "count", "errors", "seed",  "rotate", "backs"};

}  // namespace

void Loader::FormationSection(const YamlNode& doc) {
  const YamlNode* f = doc.Find("formation");
  if (!f) return;
  CheckKeys(*f, {"piece", "colours", "pieces"}, "the formation");
  rules_->search.emplace();
  Formation& form = rules_->search->formation;
  form.piece = Text(*f, "piece", "piece");
  if (const YamlNode* c = f->Find("colours")) {
    for (const auto& item : c->items) form.colours.push_back(item.scalar);
  }
  if (form.colours.size() < 2) Error(f->pos, "the formation needs at least two colours");
  const YamlNode* pieces = f->Find("pieces");
  if (!pieces || pieces->kind != YamlNode::Kind::kSequence) {
    Error(f->pos,
          "the formation needs 'pieces': a list of {at: [x, y], colour: c, facing: "
          "right}");
    return;
  }
  for (const auto& item : pieces->items) {
    CheckKeys(item, {"at", "colour", "facing"}, "a " + form.piece);
    const YamlNode* at = item.Find("at");
    std::vector<int64_t> xy = at ? Numbers(*at) : std::vector<int64_t>{};
    if (xy.size() != 2 || xy[0] < 0 || xy[1] < 0) {
      Error(item.pos, "a " + form.piece + " stands 'at: [x, y]' on the grid");
      continue;
    }
    PieceLook look;
    std::string colour = Text(item, "colour", "");
    auto it = std::find(form.colours.begin(), form.colours.end(), colour);
    if (it == form.colours.end()) {
      Error(item.KeyPos("colour"),
            WithSuggestion("unknown colour '" + colour + "'", colour, form.colours));
    }
    look.colour = static_cast<int8_t>(it - form.colours.begin());
    std::string facing = Text(item, "facing", "right");
    if (facing != "left" && facing != "right")
      Error(item.KeyPos("facing"), "a " + form.piece + " faces left or right");
    look.facing_right = facing == "right";
    form.x.push_back(static_cast<int>(xy[0]));
    form.y.push_back(static_cast<int>(xy[1]));
    form.pieces.push_back(look);
  }
  if (form.pieces.size() > static_cast<size_t>(kMaxPieces)) {
    Error(pieces->pos,
          "at most " + std::to_string(kMaxPieces) + " pieces in a formation");
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
    // Each count is of pieces, so 0 up to kMaxPieces (their sum cannot
    // overflow either).
    bool fits = true;
    auto pieces = [&](const char* key, int& out) {
      const YamlNode* n = item.Find(key);
      int64_t v = 0;
      if (!n || !Int(*n, v)) return;
      if (v < 0 || v > kMaxPieces) {
        Error(n->pos, std::string("'") + key + "' counts pieces: 0 to " +
                          std::to_string(kMaxPieces));
        fits = false;
        return;
      }
      out = static_cast<int>(v);
    };
    pieces("flip", p.flips);
    pieces("recolour", p.recolours);
    pieces("swap", p.swaps);
    if (p.flips + p.recolours + 2 * p.swaps > static_cast<int>(form.pieces.size()) / 2) {
      Error(item.pos, "this pattern needs more pieces than the formation has");
      fits = false;
    }
    // A swap of two pieces that look alike cannot be seen.
    bool differ = false;
    for (size_t a = 0; a < form.pieces.size() && !differ; ++a) {
      differ = !(form.pieces[a] == form.pieces[0]);
    }
    if (p.swaps > 0 && !differ) {
      Error(item.pos,
            "a swap needs two pieces that look different; all pieces look alike");
      fits = false;
    }
    // A refused pattern is not kept: dealing it would look for pieces that
    // are not there (the loader goes on after an error, to report the rest).
    if (fits) rules_->search->error_patterns.push_back(p);
  }
}

void Loader::Cards(const YamlNode& doc) {
  const YamlNode* cards = doc.Find("cards");
  if (cards && cards->kind == YamlNode::Kind::kMap) {
    // Groups by name, so that a house rule replaces one by its name, changes
    // one of its keys, or removes it (`name: ~`).
    for (const YamlEntry& group : cards->entries) {
      if (group.second.kind != YamlNode::Kind::kNull) CardGroup(group.second);
    }
  } else if (cards && cards->kind == YamlNode::Kind::kSequence) {
    for (const auto& group : cards->items) CardGroup(group);
  } else {
    Error(cards ? cards->pos : doc.pos,
          "a ruleset needs 'cards': card groups by name, or a list of them");
    return;
  }
  if (rules_->cards.size() > static_cast<size_t>(kMaxCards)) {
    Error(cards->pos, "too many cards: " + std::to_string(rules_->cards.size()) +
                          " (at most " + std::to_string(kMaxCards) + ")");
  }
}

void Loader::CardGroup(const YamlNode& g) {
  CheckKeys(g, kCardKeys, "a card group");
  if (g.kind != YamlNode::Kind::kMap) return;
  if (g.Find("errors")) return ErrorCardGroup(g);
  std::vector<int> suits = GroupSuits(g);
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
  GroupTags(g, proto);
  GroupEffects(g, proto);
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

std::vector<int> Loader::GroupSuits(const YamlNode& g) {
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
  return suits;
}

void Loader::GroupTags(const YamlNode& g, CardInfo& proto) {
  const YamlNode* v = g.Find("tags");
  if (!v) return;
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

void Loader::GroupEffects(const YamlNode& g, CardInfo& proto) {
  std::vector<const YamlNode*> effect_names;
  if (const YamlNode* v = g.Find("effect")) effect_names.push_back(v);
  if (const YamlNode* v = g.Find("effects")) {
    for (const auto& item : v->items) effect_names.push_back(&item);
  }
  if (effect_names.size() > static_cast<size_t>(kMaxEffectsPerCard)) {
    Error(g.pos, "a card has at most " + std::to_string(kMaxEffectsPerCard) + " effects");
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
}

std::string Loader::GroupKind(const YamlNode& g, CardInfo& proto) {
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

void Loader::ErrorCardGroup(const YamlNode& g) {
  if (!rules_->search || rules_->search->error_patterns.empty()) {
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
        Error(item.pos, WithSuggestion("unknown suit '" + item.scalar + "'", item.scalar,
                                       rules_->suits));
      backs.push_back(suit);
    }
  }
  if (backs.empty()) backs.push_back(kNone);
  CardInfo proto;
  std::string kind_name = GroupKind(g, proto);
  // A formation without two colours, or without a pattern that fits it, is
  // already an error; dealing would divide by zero or look for pieces that
  // are not there.
  if (rules_->search->formation.colours.size() < 2 ||
      rules_->search->error_patterns.empty())
    return;
  auto deck =
      DealErrorCards(rules_->search->formation, rules_->search->error_patterns,
                     static_cast<int>(count), static_cast<uint64_t>(seed), rotate);
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
    c.face = static_cast<int16_t>(rules_->search->faces.size());
    rules_->search->faces.push_back(deck[k]);
    rules_->cards.push_back(c);
    rules_->card_names.push_back(kind_name + " " +
                                 std::to_string(rules_->search->faces.size()));
  }
}

}  // namespace angler
