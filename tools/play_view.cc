#include "tools/play_view.h"

#include <algorithm>

#include "interpreter/display.h"

namespace angler {
namespace {

const char* kOrdinals[] = {"first", "second",  "third",  "fourth", "fifth",
                           "sixth", "seventh", "eighth", "ninth",  "tenth"};

std::string Ordinal(size_t i) { return i < std::size(kOrdinals) ? kOrdinals[i] : "next"; }

std::string NameList(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) text += (i ? ", " : "") + names[i];
  return text;
}

// The pieces of a set, by number: "1, 2", or "none".
std::string PieceList(uint32_t set) {
  std::string text;
  for (int i = 0; i < 32; ++i) {
    if (!(set >> i & 1)) continue;
    if (!text.empty()) text += ", ";
    text += std::to_string(i);
  }
  return text.empty() ? "none" : text;
}

}  // namespace

std::string PictureLegend(const Formation& f) {
  std::string text = "legend: ";
  for (size_t i = 0; i < f.colours.size(); ++i) {
    text += (i ? ", " : "") + f.colours[i].substr(0, 1) + " = " + f.colours[i];
  }
  text += "; [ ] your marks\n        > and < a " + f.piece +
          " facing right or left, v and ^ down or up, then its number\n";
  return text;
}

std::string MarksVerdict(uint32_t marks, uint32_t faults) {
  return "right " + PieceList(marks & faults) + "; wrong " + PieceList(marks & ~faults) +
         "; missed " + PieceList(faults & ~marks);
}

std::string AskedText(const PositionView& view) {
  if (!view.decision || view.decision->prompt.empty()) return "";
  const DecisionView& d = *view.decision;
  std::string text = d.prompt;
  // The card that asks, unless the prompt names it already; and who played
  // it, when someone else did.
  const bool named = !d.asker.empty() && text.find(d.asker) != std::string::npos;
  const bool someone_else =
      d.asker_owner >= 0 && !(view.viewpoint.kind == Viewpoint::Kind::kSeat &&
                              view.viewpoint.seat == d.asker_owner);
  std::string cause;
  if (!d.asker.empty() && !named) cause = d.asker;
  if (!d.asker.empty() && someone_else) {
    cause += cause.empty() ? "played by " : ", played by ";
    cause += view.players[static_cast<size_t>(d.asker_owner)];
  }
  if (!cause.empty()) text += " (" + cause + ")";
  return text;
}

LayPicker::LayPicker(const Game& game, const State& s, std::span<const Action> legal)
    : game_(game), state_(s) {
  for (const Action& a : legal) {
    if (a.kind == ActionKind::kLay) legal_.push_back(a);
  }
  Build();
}

std::vector<const Action*> LayPicker::Matching() const {
  const Ruleset& rules = game_.rules();
  std::vector<const Action*> out;
  for (const Action& a : legal_) {
    if (a.value != row_) continue;
    int cards[kMaxLay];
    const int n = a.LayCards(cards);
    if (n < static_cast<int>(names_.size())) continue;
    bool same = true;
    for (size_t i = 0; i < names_.size() && same; ++i)
      same = rules.card_names[static_cast<size_t>(cards[i])] == names_[i];
    if (same) out.push_back(&a);
  }
  return out;
}

std::vector<int> LayPicker::Rows() const {
  std::vector<int> rows;
  for (const Action& a : legal_) {
    if (std::find(rows.begin(), rows.end(), a.value) == rows.end())
      rows.push_back(a.value);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

void LayPicker::Build() {
  const Ruleset& rules = game_.rules();
  options_.clear();
  const std::string rows =
      rules.turn ? ZoneFamilyTitle(rules, rules.RowsFamily()) : "pile";
  if (row_ == 0) {
    for (int row : Rows()) {
      std::string text = rows + " " + std::to_string(row);
      if (rules.turn) {
        const int zone =
            rules.zones[static_cast<size_t>(rules.RowsFamily())].first + row - 1;
        std::vector<std::string> cards;
        for (uint8_t c : state_.Zone(zone)) cards.push_back(rules.card_names[c]);
        text += ": " + (cards.empty() ? std::string("(empty)") : NameList(cards));
      }
      options_.push_back({Kind::kRow, text});
    }
    return;
  }
  bool done = false;
  std::vector<std::string> next;
  for (const Action* a : Matching()) {
    int cards[kMaxLay];
    const int n = a->LayCards(cards);
    if (n == static_cast<int>(names_.size())) {
      done = true;
      continue;
    }
    const std::string& name = rules.card_names[static_cast<size_t>(cards[names_.size()])];
    if (std::find(next.begin(), next.end(), name) == next.end()) next.push_back(name);
  }
  // The cards in the order the hand shows them.
  std::vector<std::string> ordered;
  if (rules.hand_family >= 0 && state_.decision.player >= 0) {
    const int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first +
                     state_.decision.player;
    for (int c : InHoldingOrder(rules, state_.Zone(hand))) {
      const std::string& name = rules.card_names[static_cast<size_t>(c)];
      const bool wanted = std::find(next.begin(), next.end(), name) != next.end();
      if (wanted && std::find(ordered.begin(), ordered.end(), name) == ordered.end())
        ordered.push_back(name);
    }
  }
  for (const std::string& name : next) {
    if (std::find(ordered.begin(), ordered.end(), name) == ordered.end())
      ordered.push_back(name);
  }
  for (const std::string& name : ordered) options_.push_back({Kind::kCard, name});
  if (done) {
    options_.push_back({Kind::kDone, "lay " + NameList(names_) + " now"});
  }
  options_.push_back({Kind::kBack, names_.empty() ? "back: another " + rows
                                                  : "back: take back " + names_.back()});
}

std::string LayPicker::Question() const {
  const Ruleset& rules = game_.rules();
  const std::string rows =
      rules.turn ? ZoneFamilyTitle(rules, rules.RowsFamily()) : "pile";
  if (row_ == 0) return "choose the " + rows + " to lay on";
  std::string text = "lay on " + rows + " " + std::to_string(row_);
  if (!names_.empty()) text += " after " + NameList(names_);
  return text + ": choose the " + Ordinal(names_.size()) + " card";
}

std::optional<Action> LayPicker::Pick(size_t i) {
  if (i >= options_.size()) return std::nullopt;
  const Option option = options_[i];
  switch (option.kind) {
    case Kind::kRow:
      row_ = Rows()[i];  // the row options come first, in this order
      names_.clear();
      break;
    case Kind::kCard:
      names_.push_back(option.text);
      break;
    case Kind::kDone:
      for (const Action* a : Matching()) {
        int cards[kMaxLay];
        if (a->LayCards(cards) == static_cast<int>(names_.size())) return *a;
      }
      return std::nullopt;
    case Kind::kBack:
      if (names_.empty()) {
        row_ = 0;
      } else {
        names_.pop_back();
      }
      break;
  }
  Build();
  // Nothing left to add: the lay is complete.
  const bool more = std::any_of(options_.begin(), options_.end(),
                                [](const Option& o) { return o.kind == Kind::kCard; });
  if (!more && row_ != 0 && !names_.empty()) {
    for (size_t k = 0; k < options_.size(); ++k) {
      if (options_[k].kind == Kind::kDone) return Pick(k);
    }
  }
  return std::nullopt;
}

}  // namespace angler
