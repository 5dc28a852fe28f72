#include "interpreter/disassemble.h"

#include <string>

namespace angler {
namespace {

void Field(std::string& out, const char* name, int64_t v) {
  out.append(" ").append(name).append("=").append(std::to_string(v));
}

void NodeField(std::string& out, const char* name, int node) {
  if (node >= 0) out.append(" ").append(name).append("=n").append(std::to_string(node));
}

bool Jumps(Code c) {
  return c == Code::kJump || c == Code::kJumpIfNot || c == Code::kForBegin ||
         c == Code::kForNext || c == Code::kPlay || c == Code::kTrickBegin;
}

}  // namespace

std::string NodeText(const Ruleset& rules, int node) {
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  std::string out = "n";  // appended: GCC 12 warns falsely on operator+ here
  out.append(std::to_string(node)).append(" ").append(OpName(n.op));
  out.append(" ").append(TypeWord(n.type));
  if (n.a) Field(out, "a", n.a);
  if (n.b) Field(out, "b", n.b);
  NodeField(out, "x", n.x);
  NodeField(out, "y", n.y);
  NodeField(out, "z", n.z);
  if (n.imm) Field(out, "imm", n.imm);
  return out;
}

std::string InstrText(const Ruleset& rules, int pc) {
  const Instr& in = rules.code[static_cast<size_t>(pc)];
  std::string out = std::to_string(pc);
  out.append(" ").append(CodeName(in.code));
  if (in.op) Field(out, "op", in.op);
  if (in.flag) Field(out, "flag", in.flag);
  if (in.slot) Field(out, "slot", in.slot);
  NodeField(out, "e0", in.e0);
  NodeField(out, "e1", in.e1);
  NodeField(out, "e2", in.e2);
  if (Jumps(in.code)) Field(out, "target", in.target);
  if (in.a) Field(out, "a", in.a);
  if (in.b) Field(out, "b", in.b);
  const SourcePos& pos = rules.code_pos[static_cast<size_t>(pc)];
  if (pos.line > 0) {
    out.append("  ")
        .append(pos.file ? pos.file->name() : "?")
        .append(":")
        .append(std::to_string(pos.line))
        .append(":")
        .append(std::to_string(pos.col));
  }
  return out;
}

std::string Disassemble(const Ruleset& rules) {
  std::string out = "nodes: ";
  out.append(std::to_string(rules.nodes.size())).append("\n");
  for (size_t i = 0; i < rules.nodes.size(); ++i) {
    out.append("  ").append(NodeText(rules, static_cast<int>(i))).append("\n");
  }
  out.append("code: ").append(std::to_string(rules.code.size())).append("\n");
  int section = -1;
  for (size_t pc = 0; pc < rules.code.size(); ++pc) {
    int s = rules.code[pc].section;
    if (s != section) {
      section = s;
      out.append("  [").append(rules.sections[static_cast<size_t>(s)]).append("]\n");
    }
    out.append("  ").append(InstrText(rules, static_cast<int>(pc))).append("\n");
  }
  return out;
}

}  // namespace angler
