//===- EquivDot.cpp - A distinguishing input as a Graphviz picture --------===//
//
// spec/verification.md [verify.dot]: `dealloc-verify --equiv A B --dot FILE`
// replays the first distinguishing input on both versions and draws the two
// runs' buffer events as two clusters side by side (A left, B right), in
// execution order from the entry down to the run's end. Allocations of a
// matched input-program site ([equiv.match]) are labelled with the site and
// their number k; the k-th buffers of one site in A and B are joined by a
// dashed line. Each free of such a buffer says in which interval it happens
// ([equiv.def] (2): after how many matched-site allocations). The first
// diverging free (smallest interval, then A before B, then execution order)
// - one the other version does not make, or makes in another interval - is
// red, as is a run's violation.
//
//===----------------------------------------------------------------------===//
#include "EquivDot.h"
#include "dealloc/Driver/Dot.h"
#include "dealloc/Semantics/Interpreter.h"
#include "dealloc/Support/Ordinal.h"
#include "dealloc/Support/ToolOutput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace mlir;
using namespace dealloc;
using namespace dealloc::verify;

namespace {

/// Buffer events drawn per version; later ones are counted.
constexpr size_t kMaxDrawnEvents = 200;

/// `file:line:col` with the file's base name (the picture stays readable
/// for temporary files).
std::string shortLocation(Location loc) {
  if (auto nl = dyn_cast<NameLoc>(loc))
    return shortLocation(nl.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location l : fused.getLocations())
      if (isa<FileLineColLoc>(l))
        return shortLocation(l);
    return "?";
  }
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return llvm::sys::path::filename(fl.getFilename().getValue()).str() + ":" +
           std::to_string(fl.getLine()) + ":" + std::to_string(fl.getColumn());
  return "?";
}

/// "1 site allocation", "2 site allocations".
std::string siteAllocations(unsigned n) {
  return std::to_string(n) +
         (n == 1 ? " site allocation" : " site allocations");
}

using Instance = std::pair<std::string, unsigned>; ///< (site key, k)

/// One version's run, with its events related to the matched sites.
struct VersionTrace {
  const char *tag = nullptr; ///< "A" / "B"
  RunResult run;
  /// Per drawn event: the site instance it allocates or frees, if matched.
  std::vector<std::optional<Instance>> instanceOf;
  /// Per drawn event: the interval of a free (matched-site allocations
  /// before it).
  std::vector<unsigned> interval;
  std::map<Instance, size_t> allocEvent;     ///< instance -> event index
  std::map<Instance, unsigned> freeInterval; ///< instance -> interval

  void relate(const SiteNumbering &sites) {
    std::map<unsigned, Instance> bufferInstance;
    std::map<std::string, unsigned> count;
    unsigned allocs = 0;
    for (auto [i, e] : llvm::enumerate(run.path.events)) {
      instanceOf.push_back(std::nullopt);
      interval.push_back(allocs);
      if ((e.event == "alloc" || e.event == "stack") && e.op) {
        auto site = sites.siteOf.find(e.op);
        if (site == sites.siteOf.end())
          continue;
        const std::string &key = sites.names[site->second];
        Instance in{key, ++count[key]};
        bufferInstance.insert_or_assign(e.buffer, in);
        instanceOf.back() = in;
        allocEvent.emplace(in, i);
        ++allocs;
      } else if (e.event == "free") {
        auto it = bufferInstance.find(e.buffer);
        if (it == bufferInstance.end())
          continue;
        instanceOf.back() = it->second;
        freeInterval.emplace(it->second, allocs);
      }
    }
  }
};

/// The first diverging free: (version 0/1, event index), with a note.
struct Divergence {
  int version = -1;
  size_t event = 0;
  std::string note;
};

Divergence firstDivergingFree(const VersionTrace v[2]) {
  Divergence best;
  unsigned bestInterval = 0;
  for (int x = 0; x < 2; ++x) {
    const VersionTrace &self = v[x], &other = v[1 - x];
    for (auto [i, e] : llvm::enumerate(self.run.path.events)) {
      if (e.event != "free" || !self.instanceOf[i])
        continue;
      const Instance &in = *self.instanceOf[i];
      unsigned n = self.interval[i];
      auto it = other.freeInterval.find(in);
      if (it != other.freeInterval.end() && it->second == n)
        continue;
      if (best.version >= 0 && n >= bestInterval)
        break; // later events of this version have intervals >= n
      best.version = x;
      best.event = i;
      bestInterval = n;
      if (it == other.freeInterval.end())
        best.note = std::string(other.tag) + (other.allocEvent.count(in)
                                                  ? " never frees it"
                                                  : " never allocates it");
      else
        best.note = std::string(other.tag) + " frees it after " +
                    siteAllocations(it->second);
      break;
    }
  }
  return best;
}

std::string runEnd(const RunResult &r) {
  std::string s = r.verdict == Verdict::Safe ? "returns: SAFE"
                                             : verdictName(r.verdict).str();
  if (r.aborted)
    s += " (aborted by a failed cf.assert)";
  if (!r.clause.empty())
    s += " " + r.clause;
  if (r.path.stopOp)
    s += " at " + shortLocation(r.path.stopOp->getLoc());
  if (!r.message.empty())
    s += "\n" + r.message;
  return s;
}

/// Replays the distinguishing input of `r` on both versions into `v`;
/// false (after the message) when the input does not parse.
bool replayBoth(ModuleOp modules[2], const EquivResult &r,
                const VerifyOptions &opts, VersionTrace v[2]) {
  v[0].tag = "A";
  v[1].tag = "B";
  // [equiv.match]: the sites the check matched.
  SiteNumbering sites[2];
  matchSites(modules[0], modules[1], sites[0], sites[1]);
  for (int x = 0; x < 2; ++x) {
    auto fn = modules[x].lookupSymbol<func::FuncOp>(r.function);
    auto input = parseInput(r.input, fn.getFunctionType());
    if (!input) {
      llvm::errs() << "error: --dot: distinguishing input '" << r.input
                   << "' of @" << r.function
                   << " does not parse: " << llvm::toString(input.takeError())
                   << "\n";
      return false;
    }
    RunOptions ro;
    ro.reuseAddresses = opts.reuseAddresses;
    v[x].run = runFunction(modules[x], fn, *input, ro);
    v[x].relate(sites[x]);
  }
  return true;
}

/// The picture's label: `title`, what differs, the first diverging free
/// and the legend.
std::string equivLabel(const std::string &title, const EquivResult &r,
                       const VersionTrace v[2], const Divergence &first) {
  std::string label = title + "\nwhat differs: " + r.reason + "\n";
  if (first.version >= 0) {
    const VersionTrace &run = *(v + first.version);
    const auto &freed = run.instanceOf.at(first.event);
    label += "first diverging free: " + std::string(run.tag) + " frees the " +
             ordinal(freed->second) + " buffer of site " + freed->first +
             " after " + siteAllocations(run.interval.at(first.event)) + "; " +
             first.note + "\n";
  } else {
    label += "no diverging free: the versions end differently\n";
  }
  label += "green: allocations (site, k-th buffer); blue: frees (interval = "
           "site allocations before it); red: the first diverging free and "
           "violations; dashed: the same site's k-th buffer in A and B\n";
  return label;
}

/// The node of event `i` of version `x` (`p`: its id prefix).
void writeEventNode(llvm::raw_ostream &os, const VersionTrace &t, int x,
                    size_t i, const std::string &p, const Divergence &first) {
  const PathEvent &e = t.run.path.events[i];
  std::string text = e.event + " #" + std::to_string(e.buffer);
  if (auto &in = t.instanceOf[i]) {
    text += "  (" + ordinal(in->second) + " buffer of site " + in->first;
    if (e.event == "free")
      text += ", after " + siteAllocations(t.interval[i]);
    text += ")";
  }
  text += "\n" +
          (e.op ? e.op->getName().getStringRef().str() + " at " +
                      shortLocation(e.op->getLoc())
                : std::string("arguments")) +
          "\n";
  const char *fill =
      e.event == "free" || e.event == "release" ? "#cfe2ff" : "#d4f4d4";
  std::string attrs;
  if (first.version == x && first.event == i) {
    text += "FIRST DIVERGING FREE: " + first.note + "\n";
    fill = "#ffb3b3";
    attrs = ", color=\"red\", penwidth=3";
  }
  os << "    " << p << i << " [label=\"" << quoteEscape(text)
     << "\", fillcolor=\"" << fill << "\"" << attrs << "];\n";
}

/// Version `x`'s run as a cluster: its entry, its buffer events in order
/// (the first kMaxDrawnEvents) and its end.
void writeCluster(llvm::raw_ostream &os, const VersionTrace &t, int x,
                  llvm::StringRef name, const EquivResult &r,
                  const Divergence &first) {
  std::string p = x ? "b" : "a";
  os << "  subgraph cluster_" << p << " {\n"
     << "    label=\"" << t.tag << ": " << quoteEscape(name)
     << " (dealloc-run: " << verdictName(t.run.verdict) << ")\"; "
     << "style=\"rounded\"; color=\"black\";\n";
  os << "    " << p << "_entry [label=\"@" << quoteEscape(r.function) << "("
     << quoteEscape(r.input) << ")\\l\", fillcolor=\"#eeeeee\"];\n";
  std::string prev = p + "_entry";
  const auto &events = t.run.path.events;
  for (size_t i = 0; i < events.size() && i < kMaxDrawnEvents; ++i) {
    writeEventNode(os, t, x, i, p, first);
    std::string id = p + std::to_string(i);
    os << "    " << prev << " -> " << id << ";\n";
    prev = id;
  }
  size_t more =
      events.size() > kMaxDrawnEvents ? events.size() - kMaxDrawnEvents : 0;
  more += t.run.path.droppedEvents;
  if (more) {
    os << "    " << p << "_more [label=\"... " << more
       << " later buffer events not drawn\\l\", style=\"rounded,dashed\"];\n"
       << "    " << prev << " -> " << p << "_more;\n";
    prev = p + "_more";
  }
  bool bad = t.run.verdict != Verdict::Safe;
  os << "    " << p << "_end [label=\"" << quoteEscape(runEnd(t.run) + "\n")
     << "\", fillcolor=\""
     << (!bad                         ? "#eeeeee"
         : isViolation(t.run.verdict) ? "#ffb3b3"
                                      : "#ffd9a0")
     << "\"" << (bad ? ", penwidth=3" : "") << "];\n"
     << "    " << prev << " -> " << p << "_end;\n"
     << "  }\n";
}

} // namespace

int dealloc::verify::writeEquivDot(llvm::StringRef path, ModuleOp a, ModuleOp b,
                                   const EquivResult &r,
                                   const VerifyOptions &opts,
                                   llvm::StringRef nameA,
                                   llvm::StringRef nameB) {
  ModuleOp modules[2] = {a, b};
  VersionTrace v[2];
  if (!replayBoth(modules, r, opts, v))
    return ExitBadInput;
  Divergence first = firstDivergingFree(v);

  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
                 << "\n";
    return ExitBadInput;
  }
  std::string title =
      "@" + r.function + "(" + r.input +
      "): DIFFERENT (dealloc-verify --equiv, A: " + nameA.str() +
      ", B: " + nameB.str() + ")";
  os << "digraph \"dealloc_equiv\" {\n"
     << "  graph [fontname=\"monospace\", fontsize=11, labelloc=t, "
        "labeljust=l, label=\""
     << quoteEscape(equivLabel(title, r, v, first)) << "\"];\n"
     << "  node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", "
        "fontname=\"monospace\", fontsize=10];\n"
     << "  edge [fontname=\"monospace\", fontsize=9];\n";
  for (int x = 0; x < 2; ++x)
    writeCluster(os, v[x], x, x ? nameB : nameA, r, first);
  // The k-th buffers of one matched site in A and B.
  for (auto &[in, i] : v[0].allocEvent) {
    auto j = v[1].allocEvent.find(in);
    if (j != v[1].allocEvent.end() && i < kMaxDrawnEvents &&
        j->second < kMaxDrawnEvents)
      os << "  a" << i << " -> b" << j->second
         << " [style=dashed, color=\"gray50\", dir=none, constraint=false];\n";
  }
  os << "}\n";
  if (int rc = closeOutputFile(os, path); rc != ExitOk)
    return rc;
  llvm::errs() << "dot: distinguishing input " << title << " written to "
               << path << "\n";
  return ExitOk;
}
