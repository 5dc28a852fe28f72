#include "interpreter/view.h"

#include <algorithm>

#include "interpreter/chance_outcome.h"
#include "interpreter/display.h"
#include "interpreter/move_text.h"

namespace angler {
namespace {

CardView Card(const Ruleset& rules, int card, bool seen) {
  CardView view;
  view.back = CardBack(rules, card);
  if (!seen) return view;
  view.name = rules.card_names[static_cast<size_t>(card)];
  const int16_t suit = rules.cards[static_cast<size_t>(card)].suit;
  if (suit >= 0 && suit < static_cast<int>(rules.display.colours.size()))
    view.colour = rules.display.colours[static_cast<size_t>(suit)];
  return view;
}

std::string Role(const Ruleset& rules, int family) {
  if (family == rules.hand_family) return "hand";
  if (family == rules.TrickFamily()) return "trick";
  if (family == rules.RowsFamily()) return "rows";
  if (family == rules.ZoneFamilyOf(rules.setup_zone)) return "setup";
  return "";
}

std::vector<ZoneView> Zones(const Game& game, const State& s, const Viewpoint& viewpoint,
                            const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  std::vector<ZoneView> zones;
  for (size_t f = 0; f < rules.zones.size(); ++f) {
    const ZoneFamily& family = rules.zones[f];
    const int piles = family.per_player ? game.players() : family.count;
    for (int i = 0; i < piles; ++i) {
      const int zone = family.first + i;
      ZoneView z;
      z.family = family.name;
      z.label = ZoneFamilyTitle(rules, static_cast<int>(f));
      if (family.per_player) {
        z.seat = i;
        z.label += ' ';  // two appends: GCC 12 warns falsely (-Wrestrict) on " " + ...
        z.label += players[static_cast<size_t>(i)];
      } else if (family.indexed) {
        z.number = rules.ZoneIndex(zone);
        z.label += ' ';
        z.label += std::to_string(z.number);
      }
      z.role = Role(rules, static_cast<int>(f));
      z.visibility = VisibilityWord(family.visibility);
      z.visible = viewpoint.Sees(rules, zone);
      z.count = s.ZoneSize(zone);
      const std::vector<int> cards =
          z.role == "hand" ? InHoldingOrder(rules, s.Zone(zone))
                           : std::vector<int>(s.Zone(zone).begin(), s.Zone(zone).end());
      for (int c : cards) {
        // A card no record has stated (a game from a table) is only a place:
        // its name and back are whatever card the engine happens to keep there.
        CardView card = s.unstated[c] == 0 ? Card(rules, c, z.visible) : CardView{};
        // Cards held by a player show their backs to everyone; piles do not.
        if (z.visible || (family.per_player && !card.back.empty()))
          z.cards.push_back(card);
      }
      zones.push_back(std::move(z));
    }
  }
  return zones;
}

std::vector<ShownVariable> Shown(const Game& game, const State& s) {
  const Ruleset& rules = game.rules();
  std::vector<ShownVariable> shown;
  auto add = [&](int index, const char* role) {
    const Variable& v = rules.variables[static_cast<size_t>(index)];
    ShownVariable out{v.name, role, v.per_player, {}};
    const int seats = v.per_player ? game.players() : 1;
    for (int p = 0; p < seats; ++p)
      out.values.push_back(rules.ValueName(v.type, s.vars[v.slot + p]));
    shown.push_back(std::move(out));
  };
  if (rules.display.score >= 0) add(rules.display.score, "score");
  for (int v : rules.display.status) add(v, "status");
  return shown;
}

std::optional<SearchView> Search(const Game& game, const State& s,
                                 const Viewpoint& viewpoint) {
  const Ruleset& rules = game.rules();
  if (!rules.Searches() || s.over || s.frame_count == 0) return std::nullopt;
  const BuiltinSlots& b = rules.builtin;
  bool any = s.decision.kind == DecisionKind::kSearch;
  for (int p = 0; p < game.players(); ++p)
    any |= s.vars[b.marks + p] != 0 || s.vars[b.stopped + p] != 0;
  if (!any) return std::nullopt;
  const int card = game.SearchedCard(s);
  if (card < 0 || card >= static_cast<int>(rules.cards.size())) return std::nullopt;
  SearchView view;
  view.card = Card(rules, card, true);
  const CardInfo& info = rules.cards[static_cast<size_t>(card)];
  const bool all = viewpoint.kind == Viewpoint::Kind::kEverything;
  if (info.face >= 0) {
    const ErrorCard& face = rules.search->faces[static_cast<size_t>(info.face)];
    view.quarter_turns = face.quarter_turns;
    if (all && face.pattern >= 0 &&
        face.pattern < static_cast<int>(rules.search->error_patterns.size())) {
      view.pattern = rules.search->error_patterns[static_cast<size_t>(face.pattern)].name;
    }
  }
  for (int i = 0; all && i < 32; ++i) {
    if (info.faults >> i & 1) view.faults.push_back(i);
  }
  ActionList legal;
  game.LegalActions(s, legal);
  for (int p = 0; p < game.players(); ++p) {
    bool searching = false;
    for (const Action& a : legal)
      searching |= a.kind == ActionKind::kMark && a.player == p;
    view.searching.push_back(searching);
    view.stopped.push_back(s.vars[b.stopped + p] != 0);
    std::vector<int> marks;
    if (viewpoint.SeesSheet(p)) {
      const uint32_t sheet = static_cast<uint32_t>(s.vars[b.marks + p]);
      for (int i = 0; i < 32; ++i) {
        if (sheet >> i & 1) marks.push_back(i);
      }
    }
    view.marks.push_back(std::move(marks));
  }
  return view;
}

const char* DecisionKindWord(DecisionKind kind) {
  switch (kind) {
    case DecisionKind::kNone:
      return "none";
    case DecisionKind::kPlay:
      return "play";
    case DecisionKind::kChoose:
      return "choose";
    case DecisionKind::kOption:
      return "option";
    case DecisionKind::kChance:
      return "chance";
    case DecisionKind::kLay:
      return "lay";
    case DecisionKind::kSearch:
      return "search";
    case DecisionKind::kReveal:
      return "reveal";
  }
  return "none";
}

}  // namespace

const char* VisibilityWord(Visibility visibility) {
  switch (visibility) {
    case Visibility::kPublic:
      return "public";
    case Visibility::kOwner:
      return "owner";
    case Visibility::kHidden:
      return "hidden";
  }
  return "hidden";
}

std::vector<int> InHoldingOrder(const Ruleset& rules, std::span<const uint8_t> cards) {
  std::vector<int> sorted(cards.begin(), cards.end());
  std::stable_sort(sorted.begin(), sorted.end(), [&](int a, int b) {
    const CardInfo& x = rules.cards[static_cast<size_t>(a)];
    const CardInfo& y = rules.cards[static_cast<size_t>(b)];
    if (x.kind != y.kind) return x.kind < y.kind;
    if (x.suit != y.suit) return x.suit < y.suit;
    return x.value < y.value;
  });
  return sorted;
}

bool Viewpoint::Sees(const Ruleset& rules, int zone) const {
  if (kind == Kind::kEverything) return true;
  const ZoneFamily& family = rules.zones[static_cast<size_t>(rules.ZoneFamilyOf(zone))];
  if (family.visibility == Visibility::kPublic) return true;
  return kind == Kind::kSeat && family.visibility == Visibility::kOwner &&
         rules.ZoneSeat(zone) == seat;
}

std::string ChoicePrompt(const Game& game, const State& s) {
  const Ruleset& rules = game.rules();
  if (s.over || s.pc < 0 || s.pc >= static_cast<int>(rules.code.size())) return "";
  const Instr& in = rules.code[static_cast<size_t>(s.pc)];
  const bool choice =
      (in.code == Code::kChooseCards && s.decision.kind == DecisionKind::kChoose) ||
      (in.code == Code::kChooseOption && s.decision.kind == DecisionKind::kOption);
  if (!choice || in.slot <= 0 || in.slot >= static_cast<int>(rules.prompts.size()))
    return "";
  std::string text = rules.prompts[static_cast<size_t>(in.slot)];
  const Frame& frame = s.frames[s.frame_count - 1];
  const std::string card = s.frame_count > 1 && frame.self >= 0
                               ? rules.card_names[static_cast<size_t>(frame.self)]
                               : std::string();
  for (size_t at = text.find("{card}"); at != std::string::npos;
       at = text.find("{card}", at + card.size())) {
    text.replace(at, 6, card);
  }
  return text;
}

std::string DecisionWords(const Game& game, const State& s,
                          const std::vector<std::string>& players) {
  const Decision& d = s.decision;
  const std::string who = d.player >= 0 && d.player < static_cast<int>(players.size())
                              ? players[static_cast<size_t>(d.player)]
                              : "";
  switch (d.kind) {
    case DecisionKind::kPlay:
      return who + " plays a card";
    case DecisionKind::kChoose:
      return who + " chooses " + std::to_string(d.remaining) + " card(s)";
    case DecisionKind::kOption:
      return who + " chooses";
    case DecisionKind::kLay:
      return who + " lays cards";
    case DecisionKind::kChance:  // a seat's pile by its player: "shuffle hand(Carl)"
      return d.chance_pick ? game.DecisionText(s)
                           : "shuffle " + ZoneNameFor(game.rules(), d.zone, players);
    default:
      return game.DecisionText(s);
  }
}

PositionView ViewPosition(const Game& game, const State& s, const Viewpoint& viewpoint,
                          const std::vector<std::string>& players) {
  const Ruleset& rules = game.rules();
  const BuiltinSlots& b = rules.builtin;
  PositionView view;
  view.ruleset = rules.name;
  view.players = players;
  view.viewpoint = viewpoint;
  view.round = s.vars[b.round];
  view.tricks = s.vars[b.tricks];
  // The trick in progress, from 1; the last one once all are played.
  view.trick_number =
      view.tricks > 0 ? std::min(s.vars[b.trick_number] + 1, view.tricks) : 0;
  view.shown = Shown(game, s);
  for (int p = 0; p < game.players(); ++p) view.ranks.push_back(game.Rank(s, p));
  view.zones = Zones(game, s, viewpoint, players);
  if (rules.trick) {
    const int trick = rules.zones[static_cast<size_t>(rules.trick->family)].first;
    for (uint8_t c : s.Zone(trick))
      view.trick.push_back({Card(rules, c, true), s.played_by[c]});
  }
  // Effects waiting for a next trick that will never come wait no longer.
  for (int i = 0; i < (s.over ? 0 : s.pending_count); ++i) {
    const int effect = s.pending_effect[i];
    view.waiting.push_back(
        {rules.card_names[s.pending_card[i]], s.pending_owner[i],
         effect >= 0 ? rules.effects[static_cast<size_t>(effect)].name : ""});
  }
  view.search = Search(game, s, viewpoint);
  view.over = s.over;
  if (s.over) {
    if (s.end_reason < rules.end_reasons.size())
      view.end_reason = rules.end_reasons[s.end_reason];
    view.places = game.Places(s);
    Game::WinnersAmong(view.places, view.winners);  // the ranks asked once
    view.place_notes = game.PlaceNotes(s);
    return view;
  }
  DecisionView d;
  d.kind = DecisionKindWord(s.decision.kind);
  d.player = game.IsChance(s) ? -1 : s.decision.player;
  d.text = DecisionWords(game, s, players);
  d.prompt = ChoicePrompt(game, s);
  if (const Frame& frame = s.frames[s.frame_count - 1];
      s.frame_count > 1 && frame.self >= 0 && !game.IsChance(s)) {
    d.asker = rules.card_names[static_cast<size_t>(frame.self)];
    d.asker_owner = frame.owner;
  }
  if (s.decision.kind == DecisionKind::kChoose) {
    for (int i = 0; i < s.chosen_count; ++i) {
      const int c = s.ChosenCard(i);
      d.chosen.push_back(Card(rules, c, viewpoint.Sees(rules, s.zone_of[c])));
    }
    d.remaining = s.decision.remaining;
  }
  // The legal moves as the viewpoint may know them: every one seen from
  // everywhere, else a seat's own (another's would name cards it cannot see),
  // a stop of the seat alone among them.
  ActionList legal;
  game.LegalActions(s, legal);
  for (const Action& a : legal) {
    const bool own = viewpoint.kind == Viewpoint::Kind::kSeat &&
                     a.Movers() == uint64_t{1} << viewpoint.seat;
    const bool known = viewpoint.kind == Viewpoint::Kind::kEverything || own;
    if (known) d.legal.push_back({a, LegalMoveText(game, s, a, players)});
  }
  view.decision = std::move(d);
  return view;
}

}  // namespace angler
