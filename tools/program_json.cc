#include "tools/program_json.h"

#include "tools/json.h"

namespace angler {
namespace {

void WriteNode(const Node& n, int id, JsonWriter& json) {
  json.BeginObject();
  json.Key("id").Int(id);
  json.Key("op").String(OpName(n.op));
  json.Key("type").String(TypeWord(n.type));
  json.Key("a").Int(n.a);
  json.Key("b").Int(n.b);
  json.Key("x").Int(n.x);
  json.Key("y").Int(n.y);
  json.Key("z").Int(n.z);
  json.Key("imm").Int(n.imm);
  json.EndObject();
}

void WriteInstr(const Ruleset& rules, const Instr& in, int pc, JsonWriter& json) {
  json.BeginObject();
  json.Key("pc").Int(pc);
  json.Key("code").String(CodeName(in.code));
  json.Key("section").String(rules.sections[static_cast<size_t>(in.section)]);
  json.Key("op").Int(in.op);
  json.Key("flag").Int(in.flag);
  json.Key("slot").Int(in.slot);
  json.Key("e0").Int(in.e0);
  json.Key("e1").Int(in.e1);
  json.Key("e2").Int(in.e2);
  json.Key("target").Int(in.target);
  json.Key("a").Int(in.a);
  json.Key("b").Int(in.b);
  const SourcePos& pos = rules.code_pos[static_cast<size_t>(pc)];
  const bool placed = pos.line > 0;
  json.Key("file").String(placed && pos.file ? pos.file->name() : "");
  json.Key("line").Int(placed ? pos.line : 0);
  json.Key("col").Int(placed ? pos.col : 0);
  json.EndObject();
}

}  // namespace

std::string ProgramJson(const Ruleset& rules) {
  JsonWriter json;
  json.BeginObject();
  json.Key("ruleset").String(rules.name);
  json.Key("title").String(rules.title);
  json.Key("hash").String(rules.content_hash);
  json.Key("file").String(rules.source_path);
  json.Key("nodes").BeginArray();
  for (size_t i = 0; i < rules.nodes.size(); ++i) {
    WriteNode(rules.nodes[i], static_cast<int>(i), json);
  }
  json.EndArray();
  json.Key("sections").BeginArray();
  for (const std::string& s : rules.sections) json.String(s);
  json.EndArray();
  json.Key("code").BeginArray();
  for (size_t pc = 0; pc < rules.code.size(); ++pc) {
    WriteInstr(rules, rules.code[pc], static_cast<int>(pc), json);
  }
  json.EndArray();
  json.EndObject();
  return json.str();
}

}  // namespace angler
