//===- Dot.cpp - A run as a Graphviz control-flow graph -------------------===//
//
// See Dot.h. One DOT node per block (an HTML table, one row per op, rows of
// ops with buffer events coloured), one cluster per function and per region
// of a structured op, edges for cf branches, region entries and exits and
// calls, each labelled with the times the run took it.
//
//===----------------------------------------------------------------------===//
#include "dealloc/Driver/Dot.h"
#include "dealloc/Support/Verdict.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include <map>

using namespace mlir;

namespace dealloc {
namespace {

/// Functions drawn besides the entry (callees, transitively, in call order).
constexpr size_t kMaxDrawnFunctions = 32;
/// Characters of an op's text shown in its row.
constexpr size_t kMaxOpText = 72;
/// Buffer ids listed per (op, event); more are counted.
constexpr size_t kMaxIdsPerEvent = 6;

std::string htmlEscape(StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\n':
      out += ' ';
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// The final trace event of a violation, as words.
std::string stopEventText(StringRef event) {
  if (const VerdictInfo *v = verdictOfEvent(event))
    return v->dotText;
  return event.str();
}

std::string countText(uint64_t n) { return std::to_string(n) + "x"; }

/// The events of one op, grouped by kind in order of first appearance.
struct OpEvents {
  std::vector<std::pair<std::string, std::vector<unsigned>>> byKind;
  void add(StringRef event, unsigned buffer) {
    for (auto &[k, ids] : byKind)
      if (k == event) {
        ids.push_back(buffer);
        return;
      }
    byKind.push_back({event.str(), {buffer}});
  }
  bool has(StringRef event) const {
    return llvm::any_of(byKind, [&](auto &p) { return p.first == event; });
  }
  std::string text() const {
    std::string s;
    for (auto &[k, ids] : byKind) {
      if (!s.empty())
        s += "; ";
      s += k;
      for (size_t i = 0; i < ids.size() && i < kMaxIdsPerEvent; ++i)
        s += " #" + std::to_string(ids[i]);
      if (ids.size() > kMaxIdsPerEvent)
        s += " ... (" + std::to_string(ids.size()) + " in all)";
    }
    return s;
  }
};

class DotWriter {
public:
  DotWriter(llvm::raw_ostream &os, func::FuncOp entry, const RunResult &r)
      : os(os), entry(entry), r(r), p(r.path) {}

  void write(StringRef title);

private:
  llvm::raw_ostream &os;
  func::FuncOp entry;
  const RunResult &r;
  const RunPath &p;
  std::vector<func::FuncOp> functions;
  llvm::DenseMap<Block *, std::string> node;
  llvm::DenseMap<Operation *, std::string> port;
  llvm::DenseMap<Operation *, std::string> externalNode;
  std::map<Operation *, OpEvents> events; // keyed lookups only
  OpEvents argEvents;
  std::vector<std::string> edges;
  unsigned clusters = 0;

  void collectFunctions();
  void numberBlocks();
  void emitFunction(func::FuncOp f);
  void emitRegion(Region &region, AsmState &state, unsigned depth);
  void emitBlock(Block &block, AsmState &state, unsigned depth);
  std::string opRow(Operation &op, AsmState &state);
  void edge(const std::string &from, const std::string &to, uint64_t count,
            bool exitEdge);
  bool isViolation() const { return dealloc::isViolation(r.verdict); }
  const char *stopColor() const { return isViolation() ? "red" : "orange"; }
};

void DotWriter::collectFunctions() {
  auto module = entry->getParentOfType<ModuleOp>();
  llvm::DenseSet<Operation *> seen{entry.getOperation()};
  functions.push_back(entry);
  for (size_t k = 0; k < functions.size(); ++k) {
    if (functions[k].isDeclaration())
      continue;
    functions[k].walk<WalkOrder::PreOrder>([&](func::CallOp call) {
      auto callee = module ? module.lookupSymbol<func::FuncOp>(call.getCallee())
                           : nullptr;
      if (callee && functions.size() < kMaxDrawnFunctions &&
          seen.insert(callee.getOperation()).second)
        functions.push_back(callee);
    });
  }
}

void DotWriter::numberBlocks() {
  unsigned n = 0;
  for (func::FuncOp f : functions) {
    if (f.isDeclaration()) {
      externalNode[f.getOperation()] = "ext" + std::to_string(n++);
      continue;
    }
    f.getBody().walk<WalkOrder::PreOrder>([&](Block *b) {
      std::string name = "b" + std::to_string(n++);
      node[b] = name;
      unsigned k = 0;
      for (Operation &op : *b)
        port[&op] = name + ":o" + std::to_string(k++);
    });
  }
}

void DotWriter::edge(const std::string &from, const std::string &to,
                     uint64_t count, bool exitEdge) {
  std::string attrs;
  if (count)
    attrs = "label=\"" + countText(count) + "\", penwidth=2.5";
  else
    attrs = "style=dashed, color=\"gray60\"";
  if (exitEdge)
    attrs += std::string(count ? ", style=dotted" : "") + ", constraint=false";
  edges.push_back(from + " -> " + to + " [" + attrs + "];");
}

std::string DotWriter::opRow(Operation &op, AsmState &state) {
  std::string text;
  {
    llvm::raw_string_ostream ts(text);
    op.print(ts, state);
  }
  if (text.size() > kMaxOpText)
    text = text.substr(0, kMaxOpText - 3) + "...";
  std::string p = port.lookup(&op);
  std::string portName = p.substr(p.find(':') + 1);
  bool stop = p.size() && r.path.stopOp == &op;
  auto it = events.find(&op);
  const OpEvents *ev = it == events.end() ? nullptr : &it->second;
  const char *bg = nullptr;
  if (stop)
    bg = isViolation() ? "#ffb3b3" : "#ffd9a0";
  else if (ev && (ev->has("free") || ev->has("release")))
    bg = "#cfe2ff";
  else if (ev)
    bg = "#d4f4d4";
  std::string row = "<TR><TD PORT=\"" + portName + "\" ALIGN=\"LEFT\"";
  if (bg)
    row += std::string(" BGCOLOR=\"") + bg + "\"";
  row += ">" + htmlEscape(text);
  if (ev)
    row += "<BR ALIGN=\"LEFT\"/><B>" + htmlEscape(ev->text()) + "</B>";
  if (stop) {
    std::string what = verdictName(r.verdict).str();
    if (r.aborted)
      what = "ABORT (cf.assert failed)";
    if (!r.clause.empty())
      what += " " + r.clause;
    if (!r.trace.empty())
      what += ": buffer #" + std::to_string(r.trace.back().buffer) + " " +
              stopEventText(r.trace.back().event);
    row += std::string("<BR ALIGN=\"LEFT\"/><FONT COLOR=\"") + stopColor() +
           "\"><B>" + htmlEscape(what) + "</B></FONT>";
  }
  return row + "<BR ALIGN=\"LEFT\"/></TD></TR>";
}

void DotWriter::emitBlock(Block &block, AsmState &state, unsigned depth) {
  std::string indent(2 * depth, ' ');
  uint64_t visits = p.blockVisits.lookup(&block);
  bool holdsStop = p.stopOp && p.stopOp->getBlock() == &block;
  std::string header;
  {
    llvm::raw_string_ostream hs(header);
    if (block.isEntryBlock() && isa<func::FuncOp>(block.getParentOp()))
      hs << "@" << cast<func::FuncOp>(block.getParentOp()).getSymName() << " ";
    block.printAsOperand(hs, state);
    hs << (visits ? " (entered " + countText(visits) + ")" : " (not reached)");
  }
  os << indent << node.lookup(&block) << " [";
  if (holdsStop)
    os << "color=\"" << stopColor() << "\", penwidth=3, ";
  else if (!visits)
    os << "color=\"gray60\", fontcolor=\"gray60\", ";
  os << "label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
        "CELLPADDING=\"3\">";
  os << "<TR><TD ALIGN=\"LEFT\" BGCOLOR=\"#eeeeee\"><B>" << htmlEscape(header)
     << "</B></TD></TR>";
  if (&block == &entry.getBody().front() && !argEvents.byKind.empty())
    os << "<TR><TD ALIGN=\"LEFT\" BGCOLOR=\"#d4f4d4\"><B>arguments: "
       << htmlEscape(argEvents.text()) << "</B></TD></TR>";
  for (Operation &op : block)
    os << opRow(op, state);
  os << "</TABLE>>];\n";
}

/// A short name for region `k` of `op`.
std::string regionName(Operation *op, unsigned k) {
  StringRef name = op->getName().getStringRef();
  if (name == "scf.if")
    return k == 0 ? "then" : "else";
  if (name == "scf.while")
    return k == 0 ? "before" : "after";
  if (name == "scf.index_switch") {
    if (k == 0)
      return "default";
    auto cases = op->getAttrOfType<DenseI64ArrayAttr>("cases");
    if (cases && k - 1 < cases.size())
      return "case " + std::to_string(cases[k - 1]);
  }
  if (op->getNumRegions() == 1)
    return "body";
  return "region " + std::to_string(k);
}

void DotWriter::emitRegion(Region &region, AsmState &state, unsigned depth) {
  std::string indent(2 * depth, ' ');
  for (Block &block : region) {
    emitBlock(block, state, depth);
    Operation *term = block.empty() ? nullptr : &block.back();
    // cf branches inside the region.
    if (term) {
      llvm::SmallVector<Block *, 4> seenSucc;
      for (Block *succ : term->getSuccessors()) {
        if (llvm::is_contained(seenSucc, succ))
          continue;
        seenSucc.push_back(succ);
        edge(port.lookup(term), node.lookup(succ),
             p.branches.lookup({&block, succ}), false);
      }
    }
    // Region exits back to the structured op (not for function bodies).
    Operation *parent = region.getParentOp();
    if (term && term->getNumSuccessors() == 0 && !isa<func::FuncOp>(parent) &&
        term->hasTrait<OpTrait::IsTerminator>())
      edge(port.lookup(term), port.lookup(parent), p.blockExits.lookup(&block),
           true);
    for (Operation &op : block) {
      for (auto [k, r] : llvm::enumerate(op.getRegions())) {
        if (r.empty())
          continue;
        os << indent << "subgraph cluster_" << clusters++ << " {\n"
           << indent << "  label=\"" << op.getName().getStringRef() << " "
           << regionName(&op, k) << "\"; style=\"rounded,dashed\"; "
           << "color=\"gray40\";\n";
        emitRegion(r, state, depth + 1);
        os << indent << "}\n";
        edge(port.lookup(&op), node.lookup(&r.front()),
             p.blockVisits.lookup(&r.front()), false);
      }
      if (auto call = dyn_cast<func::CallOp>(op)) {
        auto module = op.getParentOfType<ModuleOp>();
        auto callee = module
                          ? module.lookupSymbol<func::FuncOp>(call.getCallee())
                          : nullptr;
        if (!callee)
          continue;
        std::string target = callee.isDeclaration()
                                 ? externalNode.lookup(callee.getOperation())
                                 : node.lookup(&callee.getBody().front());
        if (!target.empty())
          edge(port.lookup(&op), target, p.calls.lookup(&op), false);
      }
    }
  }
}

void DotWriter::emitFunction(func::FuncOp f) {
  if (f.isDeclaration()) {
    os << "  " << externalNode.lookup(f.getOperation())
       << " [shape=box, style=rounded, label=\"@" << quoteEscape(f.getSymName())
       << " (declaration: [abi.external])\"];\n";
    return;
  }
  AsmState state(f.getOperation(),
                 OpPrintingFlags().skipRegions().elideLargeElementsAttrs(8));
  os << "  subgraph cluster_" << clusters++ << " {\n"
     << "    label=\"func @" << quoteEscape(f.getSymName())
     << (f == entry ? " (entry)" : "") << "\"; style=\"rounded\"; "
     << "color=\"black\";\n";
  emitRegion(f.getBody(), state, 2);
  os << "  }\n";
}

void DotWriter::write(StringRef title) {
  for (const PathEvent &e : p.events) {
    if (e.op)
      events.try_emplace(e.op).first->second.add(e.event, e.buffer);
    else
      argEvents.add(e.event, e.buffer);
  }
  collectFunctions();
  numberBlocks();

  std::string label;
  if (!title.empty())
    label += title.str() + "\n";
  label += "verdict: " + verdictName(r.verdict).str();
  if (r.aborted)
    label += " (aborted by a failed cf.assert)";
  if (!r.clause.empty())
    label += " " + r.clause;
  label += "\n";
  if (!r.message.empty())
    label += r.message + "\n";
  if (p.droppedEvents)
    label +=
        std::to_string(p.droppedEvents) + " later buffer events not recorded\n";
  label += "bold edges: taken (times); dashed: not taken; green rows: "
           "allocations (#buffer); blue: frees; red: the violation\n";

  os << "digraph \"dealloc_run\" {\n"
     << "  graph [fontname=\"monospace\", fontsize=11, labelloc=t, "
        "labeljust=l, label=\""
     << quoteEscape(label) << "\"];\n"
     << "  node [shape=plaintext, fontname=\"monospace\", fontsize=10];\n"
     << "  edge [fontname=\"monospace\", fontsize=9];\n";
  for (func::FuncOp f : functions)
    emitFunction(f);
  for (const std::string &e : edges)
    os << "  " << e << "\n";
  os << "}\n";
}

} // namespace

std::string quoteEscape(StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\l";
      continue;
    }
    out += c;
  }
  return out;
}

void writeRunDot(llvm::raw_ostream &os, func::FuncOp fn,
                 const RunResult &result, StringRef title) {
  DotWriter(os, fn, result).write(title);
}

void writeRunDot(llvm::raw_ostream &os, func::FuncOp fn,
                 const RunResult &result) {
  writeRunDot(os, fn, result, "");
}

} // namespace dealloc
