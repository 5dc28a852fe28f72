#include "tools/view_json.h"

namespace angler {
namespace {

void OptionalString(JsonWriter& json, const std::string& text) {
  if (text.empty()) {
    json.Null();
  } else {
    json.String(text);
  }
}

void Seat(JsonWriter& json, const PositionView& view, int seat) {
  if (seat < 0 || seat >= static_cast<int>(view.players.size())) {
    json.Null();
  } else {
    json.String(view.players[static_cast<size_t>(seat)]);
  }
}

void CardJson(JsonWriter& json, const CardView& card) {
  json.BeginObject();
  json.Key("name");
  OptionalString(json, card.name);
  json.Key("back");
  OptionalString(json, card.back);
  json.Key("colour");
  OptionalString(json, card.colour);
  json.EndObject();
}

const char* ViewpointWord(Viewpoint::Kind kind) {
  switch (kind) {
    case Viewpoint::Kind::kSeat:
      return "seat";
    case Viewpoint::Kind::kSpectator:
      return "spectator";
    case Viewpoint::Kind::kEverything:
      return "everything";
  }
  return "everything";
}

void ZonesJson(JsonWriter& json, const PositionView& view) {
  json.Key("zones").BeginArray();
  for (const ZoneView& z : view.zones) {
    json.BeginObject();
    json.Key("label").String(z.label);
    json.Key("family").String(z.family);
    json.Key("role");
    OptionalString(json, z.role);
    json.Key("seat");
    Seat(json, view, z.seat);
    json.Key("number").Int(z.number);
    json.Key("visibility").String(z.visibility);
    json.Key("visible").Bool(z.visible);
    json.Key("count").Int(z.count);
    json.Key("cards").BeginArray();
    for (const CardView& c : z.cards) CardJson(json, c);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
}

void SearchJson(JsonWriter& json, const PositionView& view) {
  json.Key("search");
  if (!view.search) {
    json.Null();
    return;
  }
  const SearchView& s = *view.search;
  json.BeginObject();
  json.Key("card");
  CardJson(json, s.card);
  json.Key("pattern");
  OptionalString(json, s.pattern);
  json.Key("quarter_turns").Int(s.quarter_turns);
  json.Key("faults").BeginArray();
  for (int f : s.faults) json.Int(f);
  json.EndArray();
  json.Key("seats").BeginArray();
  const bool all = view.viewpoint.kind == Viewpoint::Kind::kEverything;
  for (size_t p = 0; p < view.players.size(); ++p) {
    json.BeginObject();
    json.Key("name").String(view.players[p]);
    json.Key("searching").Bool(s.searching[p]);
    json.Key("stopped").Bool(s.stopped[p]);
    json.Key("marks");
    const bool sheet = all || (view.viewpoint.kind == Viewpoint::Kind::kSeat &&
                               view.viewpoint.seat == static_cast<int>(p));
    if (sheet) {
      json.BeginArray();
      for (int m : s.marks[p]) json.Int(m);
      json.EndArray();
    } else {
      json.Null();
    }
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

void DecisionJson(JsonWriter& json, const PositionView& view) {
  json.Key("decision");
  if (!view.decision) {
    json.Null();
    return;
  }
  const DecisionView& d = *view.decision;
  json.BeginObject();
  json.Key("kind").String(d.kind);
  json.Key("player");
  Seat(json, view, d.player);
  json.Key("text").String(d.text);
  json.Key("prompt").String(d.prompt);
  json.Key("chosen").BeginArray();
  for (const CardView& c : d.chosen) CardJson(json, c);
  json.EndArray();
  json.Key("remaining").Int(d.remaining);
  json.Key("legal").BeginArray();
  for (const LegalMoveView& m : d.legal) json.String(m.text);
  json.EndArray();
  json.EndObject();
}

}  // namespace

void WriteViewJson(JsonWriter& json, const PositionView& view) {
  json.BeginObject();
  json.Key("ruleset").String(view.ruleset);
  json.Key("viewpoint").BeginObject();
  json.Key("kind").String(ViewpointWord(view.viewpoint.kind));
  json.Key("seat");
  Seat(json, view, view.viewpoint.seat);
  json.EndObject();
  json.Key("players").BeginArray();
  for (const std::string& p : view.players) json.String(p);
  json.EndArray();
  json.Key("round").Int(view.round);
  json.Key("trick_number").Int(view.trick_number);
  json.Key("tricks").Int(view.tricks);
  json.Key("shown").BeginArray();
  for (const ShownVariable& v : view.shown) {
    json.BeginObject();
    json.Key("name").String(v.name);
    json.Key("role").String(v.role);
    json.Key("per_player").Bool(v.per_player);
    json.Key("values").BeginArray();
    for (const std::string& value : v.values) json.String(value);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.Key("ranks").BeginArray();
  for (int64_t r : view.ranks) json.Int(r);
  json.EndArray();
  ZonesJson(json, view);
  json.Key("trick").BeginArray();
  for (const TrickPlayView& t : view.trick) {
    json.BeginObject();
    json.Key("card");
    CardJson(json, t.card);
    json.Key("player");
    Seat(json, view, t.player);
    json.EndObject();
  }
  json.EndArray();
  json.Key("waiting").BeginArray();
  for (const WaitingEffectView& w : view.waiting) {
    json.BeginObject();
    json.Key("card").String(w.card);
    json.Key("effect").String(w.effect);
    json.Key("owner");
    Seat(json, view, w.owner);
    json.EndObject();
  }
  json.EndArray();
  SearchJson(json, view);
  json.Key("over").Bool(view.over);
  json.Key("end_reason");
  OptionalString(json, view.end_reason);
  json.Key("winners").BeginArray();
  for (int w : view.winners) Seat(json, view, w);
  json.EndArray();
  json.Key("places").BeginArray();
  for (int place : view.places) json.Int(place);
  json.EndArray();
  json.Key("place_notes").BeginArray();
  for (const std::string& note : view.place_notes) json.String(note);
  json.EndArray();
  DecisionJson(json, view);
  json.EndObject();
}

}  // namespace angler
