#include "tools/view_text.h"

#include <algorithm>
#include <vector>

namespace angler {
namespace {

bool Mine(const PositionView& view, int seat) {
  return view.viewpoint.kind == Viewpoint::Kind::kSeat && view.viewpoint.seat == seat;
}

// A seat as zone lines name it: "you" for the viewer's own.
std::string Who(const PositionView& view, int seat) {
  return Mine(view, seat) ? "you" : view.players[static_cast<size_t>(seat)];
}

std::string Count(int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }

std::string Cards(const std::vector<CardView>& cards) {
  if (cards.empty()) return "(empty)";
  std::string text;
  for (size_t i = 0; i < cards.size(); ++i) text += (i ? ", " : "") + CardText(cards[i]);
  return text;
}

// A zone's content in words: its cards, or how many (with their backs).
std::string Content(const ZoneView& z, bool all_seeing) {
  // An all-seeing text still counts the piles nobody looks through.
  const bool listed = z.visible && !(all_seeing && z.visibility == "hidden");
  if (listed) return Cards(z.cards);
  std::string text = Count(z.count);
  if (!z.cards.empty() && !z.visible) text += " (" + Cards(z.cards) + ")";
  return text;
}

std::string RoundLine(const PositionView& view) {
  std::string text = "-- round " + std::to_string(view.round);
  if (view.tricks > 0) {
    text += ", trick " + std::to_string(view.trick_number) + " of " +
            std::to_string(view.tricks);
  }
  // A status with no value (no suit called) says nothing.
  for (const ShownVariable& v : view.shown) {
    if (v.role == "status" && !v.per_player && v.values[0] != "none")
      text += ", " + v.name + " " + v.values[0];
  }
  text += " --\n";
  // The effects waiting for the next trick, by the cards that hold them.
  for (size_t i = 0; i < view.waiting.size(); ++i) {
    const WaitingEffectView& w = view.waiting[i];
    text += i ? ", " : "next trick: ";
    text += w.card;
    if (w.owner >= 0) text += " (" + view.players[static_cast<size_t>(w.owner)] + ")";
  }
  return view.waiting.empty() ? text : text + "\n";
}

// Zones other than hands, the trick and the setup pile, as play has always
// shown them: shared piles one a line, per-seat families on one line when
// only counts are seen.
std::string OtherZones(const PositionView& view) {
  const bool all = view.viewpoint.kind == Viewpoint::Kind::kEverything;
  std::string out;
  for (size_t i = 0; i < view.zones.size();) {
    const ZoneView& z = view.zones[i];
    size_t end = i + 1;
    while (end < view.zones.size() && view.zones[end].family == z.family) ++end;
    const bool skip = z.role == "trick" || z.role == "setup" || z.role == "rows" ||
                      (z.role == "hand" && all);
    if (skip) {
      i = end;
      continue;
    }
    if (z.seat < 0) {
      for (size_t k = i; k < end; ++k) {
        if (view.zones[k].count > 0)
          out += "  " + view.zones[k].label + ": " + Content(view.zones[k], all) + "\n";
      }
      i = end;
      continue;
    }
    bool any = false, seen = false;
    std::string counts = z.family + ":";
    std::string seats;
    for (size_t k = i; k < end; ++k) {
      const ZoneView& p = view.zones[k];
      if (z.role == "hand" && Mine(view, p.seat)) continue;
      any |= p.count > 0;
      const bool listed = p.visible && !(all && p.visibility == "hidden");
      seen |= listed;
      counts +=
          (counts.back() == ':' ? " " : ", ") + Who(view, p.seat) + " " + Content(p, all);
      seats += "    " + Who(view, p.seat) + ": " + Content(p, all) + "\n";
    }
    if (any) out += seen ? "  " + z.family + ":\n" + seats : "  " + counts + "\n";
    i = end;
  }
  return out;
}

std::string Search(const PositionView& view) {
  const SearchView& s = *view.search;
  std::string out = "searched: " + CardText(s.card);
  if (s.quarter_turns)
    out += ", turned " + std::to_string(s.quarter_turns) + " quarter(s)";
  out += "\n";
  if (!s.pattern.empty() || !s.faults.empty()) {
    out += "  the wrong fish";
    if (!s.pattern.empty()) out += " (" + s.pattern + ")";
    out += ":";
    for (int f : s.faults) {
      out += ' ';  // two appends: GCC 12 warns falsely (-Wrestrict) on " " + ...
      out += std::to_string(f);
    }
    out += "\n";
  }
  std::string marks;
  for (size_t p = 0; p < view.players.size(); ++p) {
    const bool sheet = view.viewpoint.kind == Viewpoint::Kind::kEverything ||
                       Mine(view, static_cast<int>(p));
    if (!sheet && !s.stopped[p]) continue;
    marks += (marks.empty() ? "" : "; ") + view.players[p];
    if (sheet) {
      if (s.marks[p].empty()) marks += " none";
      for (size_t i = 0; i < s.marks[p].size(); ++i)
        marks += (i ? ", " : " ") + std::to_string(s.marks[p][i]);
    }
    if (s.stopped[p]) marks += " (stopped)";
  }
  if (!marks.empty()) out += "  marks: " + marks + "\n";
  return out;
}

// Seat p's score as text. Without a score variable the rank is the score
// the game is decided by.
std::string ScoreOf(const PositionView& view, size_t p) {
  for (const ShownVariable& v : view.shown) {
    if (v.role == "score") return v.values[p];  // a score is per player (display.cc)
  }
  return std::to_string(view.ranks[p]);
}

}  // namespace

std::string CardText(const CardView& card) {
  if (card.name.empty()) return card.back.empty() ? "?" : card.back + " back";
  if (card.back.empty()) return card.name;
  return card.name + " (" + card.back + " back)";
}

std::string ChosenText(const PositionView& view) {
  if (!view.decision || view.decision->chosen.empty()) return "";
  const DecisionView& d = *view.decision;
  return "chosen: " + Cards(d.chosen) + "; " + std::to_string(d.remaining) +
         " more to choose\n";
}

std::string ScoresText(const PositionView& view) {
  std::string out = "scores:";
  for (size_t p = 0; p < view.players.size(); ++p)
    out += (p ? ", " : " ") + view.players[p] + " " + ScoreOf(view, p);
  return out + "\n";
}

std::string StandingsText(const PositionView& view) {
  if (view.places.empty()) return "";
  std::vector<size_t> seats(view.places.size());
  for (size_t p = 0; p < seats.size(); ++p) seats[p] = p;
  std::stable_sort(seats.begin(), seats.end(),
                   [&](size_t a, size_t b) { return view.places[a] < view.places[b]; });
  std::string out = "final ranks:\n";
  for (size_t p : seats) {
    out += "  " + std::to_string(view.places[p]) + ". " + view.players[p] + " " +
           ScoreOf(view, p);
    if (p < view.place_notes.size() && !view.place_notes[p].empty())
      out.append(" (").append(view.place_notes[p]).append(")");
    out += "\n";
  }
  return out;
}

std::string PositionText(const PositionView& view) {
  std::string out = RoundLine(view) + ScoresText(view);
  for (const ShownVariable& v : view.shown) {
    if (v.role != "status" || !v.per_player) continue;
    out += v.name + ":";
    for (size_t p = 0; p < v.values.size(); ++p)
      out += (p ? ", " : " ") + view.players[p] + " " + v.values[p];
    out += "\n";
  }
  bool rows = false;
  for (const ZoneView& z : view.zones) {
    if (z.role != "rows") continue;
    if (!rows) out += z.family + "s:\n";
    rows = true;
    out += "  " + z.label + ": " + Cards(z.cards) + "\n";
  }
  out += OtherZones(view);
  for (const ZoneView& z : view.zones) {
    if (z.role != "trick") continue;
    out += "trick:";
    if (view.trick.empty()) out += " (empty)";
    for (size_t i = 0; i < view.trick.size(); ++i) {
      out += (i ? ", " : " ") + CardText(view.trick[i].card);
      if (view.trick[i].player >= 0)
        out += " (" + view.players[static_cast<size_t>(view.trick[i].player)] + ")";
    }
    out += "\n";
  }
  if (view.search) out += Search(view);
  for (const ZoneView& z : view.zones) {
    if (z.role != "hand") continue;
    if (Mine(view, z.seat)) {
      out += "your " + z.family + ": " + Cards(z.cards) + "\n";
    } else if (view.viewpoint.kind == Viewpoint::Kind::kEverything) {
      out += z.label + ": " + Cards(z.cards) + "\n";
    }
  }
  return out;
}

std::string DecisionListText(const PositionView& view) {
  if (!view.decision) {
    std::string out = "game over";
    if (!view.end_reason.empty()) out += ": " + view.end_reason;
    return out + "\n" + StandingsText(view);
  }
  const DecisionView& d = *view.decision;
  if (d.kind == "chance") return "next: " + d.text + " (chance)\n";
  std::string out = d.text + ":\n" + ChosenText(view);
  for (size_t i = 0; i < d.legal.size(); ++i)
    out += "  " + std::to_string(i + 1) + ") " + d.legal[i].text + "\n";
  return out;
}

}  // namespace angler
