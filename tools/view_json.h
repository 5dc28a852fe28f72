// A position view (interpreter/view.h) as JSON: the form documented in
// docs/VIEW.md, whose keys are a contract (extend, never rename).
//
// REQUIRES: `json` is at a place where a value may be written.
#ifndef ANGLER_TOOLS_VIEW_JSON_H_
#define ANGLER_TOOLS_VIEW_JSON_H_

#include "interpreter/view.h"
#include "tools/json.h"

namespace angler {

// Writes the view as one JSON object.
void WriteViewJson(JsonWriter& json, const PositionView& view);

}  // namespace angler

#endif  // ANGLER_TOOLS_VIEW_JSON_H_
