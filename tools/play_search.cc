#include "tools/play_search.h"

#include <bit>
#include <charconv>
#include <sstream>

#include "dsl/text.h"
#include "interpreter/formation.h"
#include "tools/command_support.h"
#include "tools/play_view.h"

namespace angler {
namespace {

const ErrorCard& FaceOf(const Ruleset& rules, int card) {
  const CardInfo& info = rules.cards[static_cast<size_t>(card)];
  return rules.search->faces[static_cast<size_t>(info.face)];
}

}  // namespace

std::string SearchPictures(const Ruleset& rules, int card) {
  const ErrorCard& face = FaceOf(rules, card);
  const Formation& formation = rules.search->formation;
  return "the swarm card (" + rules.card_names[static_cast<size_t>(card)] + "):\n" +
         Picture(formation, face.look, face.quarter_turns) +
         "your card, how the swarm should look:\n" +
         Picture(formation, formation.pieces, face.quarter_turns) +
         PictureLegend(formation);
}

bool ReadMarks(std::istream& in, std::ostream& out, const Ruleset& rules, int card,
               uint32_t& marks) {
  const ErrorCard& face = FaceOf(rules, card);
  const Formation& formation = rules.search->formation;
  const std::string& piece = formation.piece;
  if (marks != 0) {  // a game resumed in the middle of its search
    out << "your marks so far:\n"
        << Picture(formation, formation.pieces, face.quarter_turns, marks);
  }
  out << "type the numbers of the " << piece
      << " that are wrong (again to unmark), then 'stop'\n";
  std::string line;
  const int count = static_cast<int>(formation.pieces.size());
  for (;;) {
    out << "> " << std::flush;
    if (!std::getline(in, line)) return false;
    std::string word = Lower(std::string(Trim(line)));
    if (word == "q" || word == "quit") return false;
    if (word == "stop") return true;
    if (word == "?" || word == "help" || word == "h" || word == "u") {
      // A search is a race against the bots' clocks: no hint, no take-back.
      out << (word == "h" || word == "u"
                  ? "no hint or take-back in a search: it is a race\n"
                  : "")
          << "type the numbers of the " << piece << " that are wrong (0 to " << count - 1
          << "), apart by spaces or commas; a number again unmarks it; 'stop' when "
             "you are sure, 'q' to quit\n";
      continue;
    }
    // Numbers apart by spaces or commas; a line with a word that is not one
    // of them marks nothing, so no mark is made or taken back unseen.
    for (char& c : word) {
      if (c == ',') c = ' ';
    }
    std::istringstream numbers(word);
    std::vector<int> typed;
    std::string bad;
    for (std::string n; numbers >> n;) {
      int i = -1;
      const auto parsed = std::from_chars(n.data(), n.data() + n.size(), i);
      if (parsed.ec != std::errc() || parsed.ptr != n.data() + n.size() || i < 0 ||
          i >= count) {
        bad = n;
        break;
      }
      typed.push_back(i);
    }
    if (!bad.empty()) {
      out << "'" << Echoed(bad) << "' is not the number of a " << piece << " (0 to "
          << count - 1 << "); type numbers, 'stop' or 'q'\n";
      continue;
    }
    for (int i : typed) marks ^= 1u << i;
    out << Picture(formation, formation.pieces, face.quarter_turns, marks);
  }
}

std::string StopText(const Ruleset& rules, const Action& stop,
                     const std::vector<std::string>& players, int card,
                     std::optional<uint32_t> person_marks) {
  std::string who;
  for (size_t p = 0; p < players.size(); ++p) {
    if (!(stop.seed >> p & 1)) continue;
    // Appends, not "a" + b: GCC 12 warns falsely (-Wrestrict) on the latter.
    if (!who.empty()) who += " and ";
    who += players[p];
  }
  std::string text =
      who + (std::popcount(stop.seed) > 1 ? " stop together" : " stops") + "\n";
  if (card < 0) return text;
  const uint32_t faults = rules.cards[static_cast<size_t>(card)].faults;
  text += "the wrong " + rules.search->formation.piece + " were:";
  for (int i = 0; i < 32; ++i) {
    if (!(faults >> i & 1)) continue;
    text += ' ';
    text += std::to_string(i);
  }
  text += "\n";
  if (person_marks) text += "your marks: " + MarksVerdict(*person_marks, faults) + "\n";
  return text;
}

}  // namespace angler
