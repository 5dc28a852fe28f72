// Store: the results of scenario runs, for `angler check`'s history.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "replay/format.h"
#include "replay/store.h"
#include "replay/store_statement.h"

namespace angler {
using store_internal::Now;

Result<std::optional<ScenarioRun>> Store::LastScenarioRun(const std::string& file,
                                                          const std::string& title) {
  ANGLER_STMT(
      select,
      "SELECT s.run_id, c.time, s.ruleset_hash, s.passed, s.message FROM "
      "scenario_runs s JOIN check_runs c ON c.id = s.run_id WHERE s.file = ?1 AND "
      "s.title = ?2 ORDER BY s.run_id DESC LIMIT 1");
  select.Bind(1, file).Bind(2, title);
  Result<bool> row = select.Step("reading the last run of scenario '" + title + "'");
  if (!row) return row.errors();
  if (!row.value()) return std::optional<ScenarioRun>();
  ScenarioRun run;
  run.file = file;
  run.title = title;
  run.run_id = select.Int(0);
  run.time = select.Int(1);
  run.ruleset_hash = select.Text(2);
  run.passed = select.Int(3) != 0;
  run.message = select.Text(4);
  select.Reset();
  return std::optional<ScenarioRun>(std::move(run));
}

Result<std::vector<ScenarioHistory>> Store::RecordScenarioRuns(
    std::vector<ScenarioRun> runs) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const ScenarioRun& r : runs) {
    if (!seen.insert({r.file, r.title}).second) {
      return Diagnostic({}, r.file + ": two scenarios titled '" + r.title +
                                "' in one run; titles must differ within a file");
    }
  }
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  const int64_t time = Now();
  {
    ANGLER_STMT(insert, "INSERT INTO check_runs (time) VALUES (?1)");
    insert.Bind(1, time);
    if (Status st = insert.Run("storing a check run"); !st) return st.errors();
  }
  const int64_t run_id = db_.LastInsertId();
  std::vector<ScenarioHistory> outcomes;
  for (ScenarioRun& r : runs) {
    Result<std::optional<ScenarioRun>> previous = LastScenarioRun(r.file, r.title);
    if (!previous) return previous.errors();
    r.run_id = run_id;
    r.time = time;
    ANGLER_STMT(insert,
                "INSERT INTO scenario_runs (file, title, run_id, ruleset_hash, passed, "
                "message) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    insert.Bind(1, r.file)
        .Bind(2, r.title)
        .Bind(3, run_id)
        .Bind(4, r.ruleset_hash)
        .Bind(5, r.passed ? 1 : 0)
        .Bind(6, r.message);
    if (Status st = insert.Run("storing the run of scenario '" + r.title + "'"); !st) {
      return st.errors();
    }
    outcomes.push_back({std::move(r), std::move(previous).value()});
  }
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return outcomes;
}

#undef ANGLER_STMT

}  // namespace angler
