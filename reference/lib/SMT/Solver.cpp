//===- Solver.cpp - Thin wrapper around Z3 --------------------------------===//
//
// Implements dealloc/SMT/Solver.h. The only file that includes z3++.h.
//
//===----------------------------------------------------------------------===//
#include "dealloc/SMT/Solver.h"
#include "Flattening.h"
#include "ImpliedLiterals.h"
#include "Watchdog.h"
#include "dealloc/SMT/OverrunGuard.h"
#include "dealloc/Support/SolverPolicy.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <new>
#include <set>
#include <unordered_map>
#include <utility>

using namespace dealloc::smt;

struct Context::Impl {
  z3::context z3;
  std::vector<z3::expr> terms;
  std::vector<unsigned> ids; ///< per term, its Z3 AST id (termId())
  /// A list of stores at literal indices (read over write, mkSelect): the
  /// array below them and, per literal index (its AST id), the value
  /// stored last.
  struct StoreIndex {
    z3::expr base;
    std::unordered_map<unsigned, z3::expr> value;
  };
  /// Per literal store at the top of a list (its AST id), the list's index.
  std::unordered_map<unsigned, std::unique_ptr<StoreIndex>> storeIndex;
  StoreIndex &storeIndexOf(const z3::expr &a);
  /// AST ids of `true` and `false` (Z3 shares terms: one AST each).
  unsigned trueId = Z3_get_ast_id(z3, z3.bool_val(true));
  unsigned falseId = Z3_get_ast_id(z3, z3.bool_val(false));
  /// Indices in `terms` of `false` and `true` once wrapped (boolVal is
  /// asked for them at every missing per-slot entry).
  std::optional<unsigned> boolIdx[2];
  std::map<std::string, unsigned> nameCounts;
  std::map<std::string, z3::func_decl> functions;
  /// Per (width, value), the index in `terms` of that bit-vector literal
  /// (making a Z3 numeral goes through its big-number arithmetic).
  std::unordered_map<uint64_t, unsigned> literals[129];
  /// Per Z3 AST id of a bit-vector literal read by bvLiteral(), its value
  /// (Z3_get_numeral_uint64 converts through a rational: a seventh of the
  /// encoding of a chain of joins whose identity flags compare with
  /// literals, docs/bench-verify.md session 25).
  std::unordered_map<unsigned, int64_t> literalValues;
  /// Per Z3 AST id of a non-literal extension made by mkSExt / mkZExt: the
  /// extended term and whether the extension is signed (Z3's simplifier
  /// writes a sign extension as a concat of extracts: not recognizable
  /// afterwards).
  std::unordered_map<unsigned, std::pair<unsigned, bool>> extensions;
  /// Literals terms imply, for excludes().
  ImpliedLiterals implied;
  /// Declared after the context: stopped before it is destroyed.
  Watchdog watchdog{z3};
  /// Whether the watchdog ever interrupted a check of this context (such a
  /// context is not used again: see spareImpl()).
  bool interrupted = false;

  /// Forgets every term and name, as if the context were new (the Z3
  /// context stays, with the ASTs of `true` and `false`).
  void clear() {
    storeIndex.clear();
    terms.clear();
    ids.clear();
    boolIdx[0].reset();
    boolIdx[1].reset();
    nameCounts.clear();
    functions.clear();
    extensions.clear();
    literalValues.clear();
    implied.clear();
    for (auto &l : literals)
      l.clear();
  }
};

/// Making and deleting a Z3 context costs more than the check of a small
/// function. So each thread keeps the Impl of its last small Context
/// and the next Context takes it over, cleared: terms are reference
/// counted, so clearing deletes them, and names and functions start again
/// from none. Z3 may give a term of the reused context another AST id than
/// a new context would; termId() is an identity, not an order the encoding
/// relies on.
std::unique_ptr<Context::Impl> &Context::spareImpl() {
  static thread_local std::unique_ptr<Impl> spare;
  return spare;
}

/// z3::context's constructor does not check that Z3 made a context; where
/// memory has run out it crashes. So a context is made only where 64 MiB can
/// still be reserved (not touched), and std::bad_alloc is thrown otherwise
/// (spec/verification.md [verify.memory]).
Context::Context()
    : impl([] {
        if (spareImpl())
          return std::move(spareImpl());
        void *room = std::malloc(size_t(64) << 20);
        if (!room)
          throw std::bad_alloc();
        std::free(room);
        return std::make_unique<Impl>();
      }()) {}
/// Z3 4.8 can take longer to delete a large context than to check it, and
/// the time follows the shape of the terms more than their number. So a
/// large context (SolverPolicy::spareContextTerms terms or more, too large
/// to reuse) is not deleted with its Context but when the next large one
/// is, and the process ends with it: at most one large context more is
/// alive at a time, and a file with one large function pays nothing.
Context::~Context() {
  // Not after an interrupt, nor while an exception (out of memory, say)
  // unwinds: such a context is not trusted again.
  if (impl->terms.size() < SolverPolicy::spareContextTerms &&
      !impl->interrupted && std::uncaught_exceptions() == 0) {
    impl->clear();
    spareImpl() = std::move(impl);
    return;
  }
  if (impl->terms.size() < SolverPolicy::spareContextTerms)
    return;
  static std::mutex m;
  static Impl *deferred = nullptr; // never deleted at exit, on purpose
  Impl *previous;
  {
    std::lock_guard<std::mutex> lock(m);
    previous = std::exchange(deferred, impl.release());
  }
  delete previous;
}

Expr Context::wrap(void *p) {
  impl->terms.push_back(*static_cast<z3::expr *>(p));
  impl->ids.push_back(Z3_get_ast_id(impl->z3, impl->terms.back()));
  return Expr(this, impl->terms.size() - 1);
}

void *Context::rawTerm(const Expr &e) const { return &impl->terms.at(e.idx); }

static z3::expr &termOf(const Expr &e) {
  return *static_cast<z3::expr *>(e.context().rawTerm(e));
}

std::string Context::freshName(const std::string &name) {
  unsigned n = impl->nameCounts[name]++;
  return n == 0 ? name : name + "!" + std::to_string(n);
}

bool Expr::isBool() const { return termOf(*this).is_bool(); }
bool Expr::isBV() const { return termOf(*this).is_bv(); }
unsigned Expr::bvWidth() const { return termOf(*this).get_sort().bv_size(); }
bool Expr::isTrue() const { return termId() == ctx->impl->trueId; }
bool Expr::isFalse() const { return termId() == ctx->impl->falseId; }
bool Expr::sameTerm(const Expr &o) const { return termId() == o.termId(); }
unsigned Expr::termId() const { return ctx->impl->ids[idx]; }
std::optional<int64_t> Expr::bvLiteral() const {
  z3::expr &t = termOf(*this);
  if (!t.is_numeral() || !t.is_bv())
    return std::nullopt;
  auto &known = ctx->impl->literalValues;
  auto it = known.find(termId());
  if (it != known.end())
    return it->second;
  unsigned w = t.get_sort().bv_size();
  uint64_t u = 0;
  if (!Z3_get_numeral_uint64(t.ctx(), t, &u))
    return std::nullopt;
  if (w < 64 && (u >> (w - 1)) & 1)
    u |= ~uint64_t(0) << w;
  known.emplace(termId(), static_cast<int64_t>(u));
  return static_cast<int64_t>(u);
}
std::string Expr::str() const { return termOf(*this).to_string(); }

Expr Context::boolVal(bool b) {
  std::optional<unsigned> &idx = impl->boolIdx[b];
  if (!idx) {
    z3::expr e = impl->z3.bool_val(b);
    idx = wrap(&e).idx;
  }
  return Expr(this, *idx);
}
Expr Context::bvVal(unsigned width, int64_t v) {
  uint64_t u = static_cast<uint64_t>(v);
  // Z3 reads `u` modulo 2^width (zero-extended above 64 bits): equal keys,
  // equal literals.
  if (width < 64)
    u &= (uint64_t(1) << width) - 1;
  if (width > 128) {
    z3::expr e = impl->z3.bv_val(static_cast<uint64_t>(v), width);
    return wrap(&e);
  }
  auto [it, fresh] = impl->literals[width].try_emplace(u, 0);
  if (fresh) {
    z3::expr e = impl->z3.bv_val(static_cast<uint64_t>(v), width);
    it->second = wrap(&e).idx;
  }
  return Expr(this, it->second);
}
Expr Context::freshBool(const std::string &name) {
  z3::expr e = impl->z3.bool_const(freshName(name).c_str());
  return wrap(&e);
}
Expr Context::freshBV(const std::string &name, unsigned width) {
  z3::expr e = impl->z3.bv_const(freshName(name).c_str(), width);
  return wrap(&e);
}
Expr Context::freshArray(const std::string &name, unsigned idxWidth,
                         unsigned valWidth) {
  z3::sort s = impl->z3.array_sort(impl->z3.bv_sort(idxWidth),
                                   impl->z3.bv_sort(valWidth));
  z3::expr e = impl->z3.constant(freshName(name).c_str(), s);
  return wrap(&e);
}

#define TERM(x) (impl->terms[(x).idx])

bool Context::hasConjunct(Expr h, Expr g) const {
  if (h.same(g))
    return true;
  const z3::expr &t = TERM(h);
  if (!t.is_app() || t.decl().decl_kind() != Z3_OP_AND)
    return false;
  unsigned id = g.termId();
  for (unsigned i = 0; i < t.num_args(); ++i)
    if (Z3_get_ast_id(impl->z3, t.arg(i)) == id)
      return true;
  return false;
}

Expr Context::mkNot(Expr a) {
  if (a.isTrue())
    return boolVal(false);
  if (a.isFalse())
    return boolVal(true);
  z3::expr e = !TERM(a);
  return wrap(&e);
}
Expr Context::mkAnd(Expr a, Expr b) {
  if (a.isFalse() || b.isFalse())
    return boolVal(false);
  if (a.isTrue() || a.same(b))
    return b;
  if (b.isTrue())
    return a;
  z3::expr e = TERM(a) && TERM(b);
  return wrap(&e);
}
Expr Context::mkOr(Expr a, Expr b) {
  if (a.isTrue() || b.isTrue())
    return boolVal(true);
  if (a.isFalse() || a.same(b))
    return b;
  if (b.isFalse())
    return a;
  z3::expr e = TERM(a) || TERM(b);
  return wrap(&e);
}
/// The conjunction (`isAnd`) or disjunction of `xs`: literals folded, and
/// a single remaining operand returned as it is (no Z3 call).
Expr Context::mkJunction(const std::vector<Expr> &xs, bool isAnd) {
  const Expr *only = nullptr;
  size_t n = 0;
  for (const Expr &x : xs) {
    if (isAnd ? x.isFalse() : x.isTrue())
      return boolVal(!isAnd);
    if (!(isAnd ? x.isTrue() : x.isFalse())) {
      only = &x;
      ++n;
    }
  }
  if (n == 0)
    return boolVal(isAnd);
  if (n == 1)
    return *only;
  z3::expr_vector v(impl->z3);
  for (const Expr &x : xs)
    if (!x.isTrue() && !x.isFalse())
      v.push_back(TERM(x));
  z3::expr e = isAnd ? z3::mk_and(v) : z3::mk_or(v);
  return wrap(&e);
}
Expr Context::mkAnd(const std::vector<Expr> &xs) {
  return mkJunction(xs, true);
}
Expr Context::mkOr(const std::vector<Expr> &xs) {
  return mkJunction(xs, false);
}
Expr Context::mkImplies(Expr a, Expr b) { return mkOr(mkNot(a), b); }
Expr Context::mkIte(Expr c, Expr t, Expr f) {
  if (c.isTrue() || t.same(f))
    return t;
  if (c.isFalse())
    return f;
  if (t.isBool()) {
    if (t.isTrue() && f.isFalse())
      return c;
    if (t.isFalse() && f.isTrue())
      return mkNot(c);
  }
  z3::expr e = z3::ite(TERM(c), TERM(t), TERM(f));
  return wrap(&e);
}
Expr Context::mkEq(Expr a, Expr b) {
  if (a.same(b))
    return boolVal(true);
  if (a.isBV()) {
    auto la = a.bvLiteral(), lb = b.bvLiteral();
    if (la && lb)
      return boolVal(*la == *lb);
  }
  z3::expr e = TERM(a) == TERM(b);
  return wrap(&e);
}

/// The mask of a width the wrapper folds literals of: 1 to 64 bits (wider
/// literals do not fit bvLiteral's int64 with their sign).
static std::optional<uint64_t> foldMask(unsigned w) {
  if (w == 0 || w > 64)
    return std::nullopt;
  return w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
}

/// `op` on two literals of width `w` (signed values as bvLiteral gives
/// them), as SMT-LIB defines it; nullopt where Z3's simplifier is left to
/// do it. Folding here saves a Z3_simplify call (a rewriter per call) on
/// the index arithmetic of every access.
static std::optional<uint64_t> foldBin(Context::BinOp op, int64_t sx,
                                       int64_t sy, unsigned w) {
  std::optional<uint64_t> m = foldMask(w);
  if (!m)
    return std::nullopt;
  uint64_t mask = *m;
  uint64_t x = uint64_t(sx) & mask, y = uint64_t(sy) & mask;
  using B = Context::BinOp;
  switch (op) {
  case B::Add:
    return (x + y) & mask;
  case B::Sub:
    return (x - y) & mask;
  case B::Mul:
    return (x * y) & mask;
  case B::And:
    return x & y;
  case B::Or:
    return x | y;
  case B::Xor:
    return x ^ y;
  case B::UDiv:
    return y == 0 ? mask : x / y;
  case B::URem:
    return y == 0 ? x : x % y;
  case B::Shl:
    return y >= w ? 0 : (x << y) & mask;
  case B::LShr:
    return y >= w ? 0 : x >> y;
  case B::AShr:
    return uint64_t(y >= w ? (sx < 0 ? -1 : 0) : sx >> y) & mask;
  default:
    return std::nullopt;
  }
}

/// The comparison `p` of two literals of width `w`, as foldBin; nullopt
/// beyond 64 bits, where bvLiteral's int64 has lost the sign.
static std::optional<bool> foldCmp(Context::Cmp p, int64_t sx, int64_t sy,
                                   unsigned w) {
  std::optional<uint64_t> mask = foldMask(w);
  if (!mask)
    return std::nullopt;
  uint64_t ux = uint64_t(sx) & *mask, uy = uint64_t(sy) & *mask;
  using C = Context::Cmp;
  switch (p) {
  case C::Slt:
    return sx < sy;
  case C::Sle:
    return sx <= sy;
  case C::Sgt:
    return sx > sy;
  case C::Sge:
    return sx >= sy;
  case C::Ult:
    return ux < uy;
  case C::Ule:
    return ux <= uy;
  case C::Ugt:
    return ux > uy;
  case C::Uge:
    return ux >= uy;
  default:
    return std::nullopt;
  }
}

Expr Context::mkBin(BinOp op, Expr a, Expr b) {
  std::optional<int64_t> la = a.bvLiteral(), lb = b.bvLiteral();
  if (la && lb)
    if (std::optional<uint64_t> r = foldBin(op, *la, *lb, a.bvWidth()))
      return bvVal(a.bvWidth(), int64_t(*r));
  // x + 0, 0 + x, x - 0, x * 1, 1 * x: what the simplifier returns.
  if ((lb && *lb == 0 && (op == BinOp::Add || op == BinOp::Sub)) ||
      (lb && *lb == 1 && op == BinOp::Mul))
    return a;
  if ((la && *la == 0 && op == BinOp::Add) ||
      (la && *la == 1 && op == BinOp::Mul))
    return b;
  z3::expr x = TERM(a), y = TERM(b);
  z3::expr r = x;
  switch (op) {
  case BinOp::Add:
    r = x + y;
    break;
  case BinOp::Sub:
    r = x - y;
    break;
  case BinOp::Mul:
    r = x * y;
    break;
  case BinOp::SDiv:
    r = x / y;
    break;
  case BinOp::UDiv:
    r = z3::udiv(x, y);
    break;
  case BinOp::SRem:
    r = z3::srem(x, y);
    break;
  case BinOp::URem:
    r = z3::urem(x, y);
    break;
  case BinOp::And:
    r = x & y;
    break;
  case BinOp::Or:
    r = x | y;
    break;
  case BinOp::Xor:
    r = x ^ y;
    break;
  case BinOp::Shl:
    r = z3::shl(x, y);
    break;
  case BinOp::LShr:
    r = z3::lshr(x, y);
    break;
  case BinOp::AShr:
    r = z3::ashr(x, y);
    break;
  }
  r = r.simplify();
  return wrap(&r);
}
/// `p` on the narrower terms when both sides are extensions of one kind
/// from one width (a non-negative literal that fits in half of it counts as
/// either): the 128-bit bounds checks of views compare sign-extended 64-bit
/// operands, and a narrower comparison is half the circuit. Sign extension
/// preserves equality and both orders; zero extension equality and the
/// unsigned order, and its results are non-negative, so a signed order of
/// them is the unsigned order of the narrower terms.
std::optional<Expr> Context::narrowCmp(Cmp p, Expr a, Expr b) {
  auto extOf = [&](const Expr &e) -> std::optional<std::pair<Expr, bool>> {
    auto it = impl->extensions.find(e.termId());
    if (it == impl->extensions.end())
      return std::nullopt;
    return std::make_pair(Expr(this, it->second.first), it->second.second);
  };
  auto ea = extOf(a), eb = extOf(b);
  if (!ea && !eb)
    return std::nullopt;
  // (An extension Z3 simplified to a literal is not recorded: comparisons
  // of literals fold to true or false, which a narrowed comparison of the
  // unsimplified operand would not.)
  bool sgn = ea ? ea->second : eb->second;
  unsigned w = (ea ? ea->first : eb->first).bvWidth();
  if ((ea && ea->second != sgn) || (eb && eb->second != sgn) ||
      (ea && ea->first.bvWidth() != w) || (eb && eb->first.bvWidth() != w))
    return std::nullopt;
  auto narrow = [&](const Expr &e,
                    const std::optional<std::pair<Expr, bool>> &x)
      -> std::optional<Expr> {
    if (x)
      return x->first;
    std::optional<int64_t> l = e.bvLiteral();
    if (!l || *l < 0 || (w < 64 && uint64_t(*l) >> (w - 1)))
      return std::nullopt;
    return bvVal(w, *l);
  };
  std::optional<Expr> na = narrow(a, ea), nb = narrow(b, eb);
  if (!na || !nb)
    return std::nullopt;
  if (!sgn)
    switch (p) {
    case Cmp::Slt:
      p = Cmp::Ult;
      break;
    case Cmp::Sle:
      p = Cmp::Ule;
      break;
    case Cmp::Sgt:
      p = Cmp::Ugt;
      break;
    case Cmp::Sge:
      p = Cmp::Uge;
      break;
    default:
      break;
    }
  return mkCmp(p, *na, *nb);
}

Expr Context::mkCmp(Cmp p, Expr a, Expr b) {
  if (std::optional<Expr> n = narrowCmp(p, a, b))
    return *n;
  z3::expr x = TERM(a), y = TERM(b);
  z3::expr r = x == y;
  switch (p) {
  case Cmp::Eq:
    return mkEq(a, b);
  case Cmp::Ne:
    return mkNe(a, b);
  case Cmp::Slt:
    r = x < y;
    break;
  case Cmp::Sle:
    r = x <= y;
    break;
  case Cmp::Sgt:
    r = x > y;
    break;
  case Cmp::Sge:
    r = x >= y;
    break;
  case Cmp::Ult:
    r = z3::ult(x, y);
    break;
  case Cmp::Ule:
    r = z3::ule(x, y);
    break;
  case Cmp::Ugt:
    r = z3::ugt(x, y);
    break;
  case Cmp::Uge:
    r = z3::uge(x, y);
    break;
  }
  if (std::optional<int64_t> la = a.bvLiteral(), lb = b.bvLiteral(); la && lb) {
    if (std::optional<bool> v = foldCmp(p, *la, *lb, a.bvWidth()))
      return boolVal(*v);
    r = r.simplify();
  }
  return wrap(&r);
}
Expr Context::mkZExt(Expr a, unsigned w) {
  unsigned from = a.bvWidth();
  if (from == w)
    return a;
  // A literal's extension is folded here, not by Z3_simplify (a rewriter
  // per call: every stored constant is zero-extended to a 64-bit cell).
  if (std::optional<uint64_t> m = foldMask(from))
    if (std::optional<int64_t> l = a.bvLiteral()) {
      z3::expr r = impl->z3.bv_val(uint64_t(*l) & *m, w);
      return wrap(&r);
    }
  z3::expr r = z3::zext(TERM(a), w - from).simplify();
  Expr e = wrap(&r);
  if (!r.is_numeral())
    impl->extensions.try_emplace(e.termId(), a.idx, false);
  return e;
}
Expr Context::mkSExt(Expr a, unsigned w) {
  unsigned from = a.bvWidth();
  if (from == w)
    return a;
  // As mkZExt; bvLiteral's value is already sign-extended to 64 bits, so a
  // negative one is left to Z3 beyond that.
  if (foldMask(from))
    if (std::optional<int64_t> l = a.bvLiteral()) {
      if (std::optional<uint64_t> m = foldMask(w)) {
        z3::expr r = impl->z3.bv_val(uint64_t(*l) & *m, w);
        return wrap(&r);
      }
      if (*l >= 0) {
        z3::expr r = impl->z3.bv_val(uint64_t(*l), w);
        return wrap(&r);
      }
    }
  z3::expr r = z3::sext(TERM(a), w - from).simplify();
  Expr e = wrap(&r);
  if (!r.is_numeral())
    impl->extensions.try_emplace(e.termId(), a.idx, true);
  return e;
}
Expr Context::mkTrunc(Expr a, unsigned w) {
  if (a.bvWidth() == w)
    return a;
  return mkExtract(a, w - 1, 0);
}
Expr Context::simplify(Expr a) {
  z3::expr r = TERM(a).simplify();
  return wrap(&r);
}
Expr Context::mkConcat(Expr hi, Expr lo) {
  z3::expr r = z3::concat(TERM(hi), TERM(lo));
  return wrap(&r);
}
Expr Context::mkExtract(Expr a, unsigned hi, unsigned lo) {
  if (std::optional<uint64_t> m = foldMask(a.bvWidth()))
    if (std::optional<int64_t> l = a.bvLiteral()) {
      uint64_t u = ((uint64_t(*l) & *m) >> lo) & *foldMask(hi - lo + 1);
      z3::expr r = impl->z3.bv_val(u, hi - lo + 1);
      return wrap(&r);
    }
  z3::expr r = TERM(a).extract(hi, lo).simplify();
  return wrap(&r);
}
Expr Context::boolToBV(Expr b, unsigned width) {
  return mkIte(b, bvVal(width, 1), bvVal(width, 0));
}
Expr Context::bvToBool(Expr a) {
  // A Boolean stored as a bit-vector and read back (boolToBV's ite(b, 1,
  // 0), or ite(b, 0, 1)) is that Boolean: (ite(b, 1, 0) != 0) iff b.
  z3::expr t = TERM(a); // a copy: bvVal may grow `terms`
  if (t.is_ite()) {
    Expr one = bvVal(a.bvWidth(), 1), zero = bvVal(a.bvWidth(), 0);
    unsigned x = Z3_get_ast_id(impl->z3, t.arg(1));
    unsigned y = Z3_get_ast_id(impl->z3, t.arg(2));
    z3::expr c = t.arg(0);
    if (x == one.termId() && y == zero.termId())
      return wrap(&c);
    if (x == zero.termId() && y == one.termId())
      return mkNot(wrap(&c));
  }
  return mkNe(a, bvVal(a.bvWidth(), 0));
}

void Context::define(Expr v, Expr def) {
  impl->implied.define(TERM(v), TERM(def));
}

bool Context::excludes(Expr a, Expr b) {
  return impl->implied.excludes(TERM(a), TERM(b));
}

std::optional<std::vector<uint64_t>> Context::valuesUnder(Expr cond, Expr x,
                                                          size_t max) {
  std::vector<uint64_t> out;
  if (!impl->implied.valuesUnder(TERM(cond), TERM(x), max, out))
    return std::nullopt;
  return out;
}

Expr Context::mkUF(const std::string &name, const std::vector<Expr> &args,
                   unsigned width) {
  z3::sort_vector domain(impl->z3);
  z3::expr_vector actuals(impl->z3);
  std::string key = name + "/" + std::to_string(width);
  for (const Expr &a : args) {
    domain.push_back(TERM(a).get_sort());
    actuals.push_back(TERM(a));
    key += ":" + std::to_string(Z3_get_sort_id(impl->z3, TERM(a).get_sort()));
  }
  auto it = impl->functions.find(key);
  if (it == impl->functions.end()) {
    z3::sort range =
        width == 0 ? impl->z3.bool_sort() : impl->z3.bv_sort(width);
    z3::func_decl f = impl->z3.function(freshName(name).c_str(), domain, range);
    it = impl->functions.emplace(key, f).first;
  }
  z3::expr r = it->second(actuals);
  return wrap(&r);
}

Expr Context::mkFloatBin(FBinOp op, Expr a, Expr b, unsigned ebits,
                         unsigned sbits) {
  z3::context &z = impl->z3;
  z3::sort fs = z.fpa_sort(ebits, sbits);
  z3::expr x = TERM(a).mk_from_ieee_bv(fs), y = TERM(b).mk_from_ieee_bv(fs);
  z3::expr rm(z, Z3_mk_fpa_rne(z));
  Z3_ast r = nullptr;
  switch (op) {
  case FBinOp::Add:
    r = Z3_mk_fpa_add(z, rm, x, y);
    break;
  case FBinOp::Sub:
    r = Z3_mk_fpa_sub(z, rm, x, y);
    break;
  case FBinOp::Mul:
    r = Z3_mk_fpa_mul(z, rm, x, y);
    break;
  case FBinOp::Div:
    r = Z3_mk_fpa_div(z, rm, x, y);
    break;
  }
  z3::expr bits(z, Z3_mk_fpa_to_ieee_bv(z, r));
  return wrap(&bits);
}

Expr Context::mkFloatCmp(unsigned p, Expr a, Expr b, unsigned ebits,
                         unsigned sbits) {
  z3::context &z = impl->z3;
  z3::sort fs = z.fpa_sort(ebits, sbits);
  z3::expr x = TERM(a).mk_from_ieee_bv(fs), y = TERM(b).mk_from_ieee_bv(fs);
  z3::expr uno = z3::expr(z, Z3_mk_fpa_is_nan(z, x)) ||
                 z3::expr(z, Z3_mk_fpa_is_nan(z, y));
  z3::expr eq(z, Z3_mk_fpa_eq(z, x, y)), lt(z, Z3_mk_fpa_lt(z, x, y)),
      gt(z, Z3_mk_fpa_gt(z, x, y)), le(z, Z3_mk_fpa_leq(z, x, y)),
      ge(z, Z3_mk_fpa_geq(z, x, y));
  z3::expr r = z.bool_val(false);
  switch (p) {
  case 0:
    r = z.bool_val(false);
    break;
  case 1:
    r = eq;
    break;
  case 2:
    r = gt;
    break;
  case 3:
    r = ge;
    break;
  case 4:
    r = lt;
    break;
  case 5:
    r = le;
    break;
  case 6:
    r = !uno && !eq;
    break;
  case 7:
    r = !uno;
    break;
  case 8:
    r = uno || eq;
    break;
  case 9:
    r = uno || gt;
    break;
  case 10:
    r = uno || ge;
    break;
  case 11:
    r = uno || lt;
    break;
  case 12:
    r = uno || le;
    break;
  case 13:
    r = !eq;
    break;
  case 14:
    r = uno;
    break;
  default:
    r = z.bool_val(true);
    break;
  }
  return wrap(&r);
}

Expr Context::mkConstArray(unsigned idxWidth, Expr val) {
  z3::expr r = z3::const_array(impl->z3.bv_sort(idxWidth), TERM(val));
  return wrap(&r);
}
static bool isLiteralStore(const z3::expr &a) {
  return a.is_app() && a.decl().decl_kind() == Z3_OP_STORE &&
         a.num_args() == 3 && a.arg(1).is_numeral();
}

Context::Impl::StoreIndex &Context::Impl::storeIndexOf(const z3::expr &a) {
  auto found = storeIndex.find(a.id());
  if (found != storeIndex.end())
    return *found->second;
  // The stores above the nearest indexed one (or the base), newest first.
  std::vector<z3::expr> above;
  z3::expr b = a;
  while (isLiteralStore(b) && !storeIndex.count(b.id())) {
    above.push_back(b);
    b = b.arg(0);
  }
  std::unique_ptr<StoreIndex> ix;
  if (isLiteralStore(b)) {
    // A list is read at its newest store: the index moves up to it (an
    // older store read again is indexed anew).
    auto it = storeIndex.find(b.id());
    ix = std::move(it->second);
    storeIndex.erase(it);
  } else {
    ix = std::make_unique<StoreIndex>(StoreIndex{b, {}});
  }
  for (auto it = above.rbegin(); it != above.rend(); ++it)
    ix->value.insert_or_assign(Z3_get_ast_id(z3, it->arg(1)), it->arg(2));
  return *storeIndex.emplace(a.id(), std::move(ix)).first->second;
}

Expr Context::mkSelect(Expr arr, Expr idx) {
  // Read over write at literal indices: select(store(a, j, v), i) is v if
  // i = j and select(a, i) otherwise. A list of more than 1024 entries is
  // an array of stores at literal indices (the dealloc_helper's lists of a
  // loop with hundreds of memref iter_args): its entries read back as the
  // stored terms, so addresses compare as buffer identities
  // ([verify.encoding.addr]) instead of as 64-bit selects. The stores are
  // looked up in an index of the list, not walked.
  z3::expr a = TERM(arr), i = TERM(idx);
  if (i.is_numeral() && isLiteralStore(a)) {
    Impl::StoreIndex &ix = impl->storeIndexOf(a);
    auto v = ix.value.find(Z3_get_ast_id(impl->z3, i));
    if (v != ix.value.end()) {
      z3::expr r = v->second;
      return wrap(&r);
    }
    a = ix.base;
  }
  z3::expr r = z3::select(a, i);
  return wrap(&r);
}
Expr Context::mkStore(Expr arr, Expr idx, Expr val) {
  z3::expr r = z3::store(TERM(arr), TERM(idx), TERM(val));
  return wrap(&r);
}
Expr Context::mkHavocSlice(Expr arr, Expr replacement, unsigned hi, unsigned lo,
                           Expr key) {
  z3::expr a = TERM(arr);
  z3::sort idx = a.get_sort().array_domain();
  z3::expr k = impl->z3.constant(freshName("k").c_str(), idx);
  z3::expr body = z3::ite(k.extract(hi, lo) == TERM(key),
                          z3::select(TERM(replacement), k), z3::select(a, k));
  z3::expr r = z3::lambda(k, body);
  return wrap(&r);
}

std::vector<Expr> Context::constantsOf(Expr e) {
  std::vector<Expr> out;
  std::vector<z3::expr> todo{TERM(e)};
  std::set<unsigned> seen;
  while (!todo.empty()) {
    z3::expr t = todo.back();
    todo.pop_back();
    if (!seen.insert(t.id()).second)
      continue;
    if (t.is_app()) {
      unsigned n = t.num_args();
      if (n == 0) {
        if (!t.is_numeral() && t.decl().decl_kind() == Z3_OP_UNINTERPRETED)
          out.push_back(wrap(&t));
        continue;
      }
      for (unsigned i = n; i-- > 0;)
        todo.push_back(t.arg(i));
    } else if (t.is_quantifier() || t.is_lambda()) {
      todo.push_back(t.body());
    }
  }
  return out;
}

bool Context::mentionsAny(const std::vector<Expr> &roots,
                          const std::vector<unsigned> &ids) {
  // The C API without reference counting or error checks per node: the
  // roots keep every subterm alive, and this walks whole formulas.
  Z3_context zc = impl->z3;
  std::vector<Z3_ast> todo;
  for (const Expr &r : roots)
    todo.push_back(TERM(r));
  std::vector<bool> seen;
  while (!todo.empty()) {
    Z3_ast t = todo.back();
    todo.pop_back();
    unsigned id = Z3_get_ast_id(zc, t);
    if (id >= seen.size())
      seen.resize(std::max<size_t>(2 * seen.size(), id + 1));
    if (seen[id])
      continue;
    seen[id] = true;
    if (std::binary_search(ids.begin(), ids.end(), id))
      return true;
    switch (Z3_get_ast_kind(zc, t)) {
    case Z3_APP_AST: {
      Z3_app a = Z3_to_app(zc, t);
      for (unsigned i = Z3_get_app_num_args(zc, a); i-- > 0;)
        todo.push_back(Z3_get_app_arg(zc, a, i));
      break;
    }
    case Z3_QUANTIFIER_AST:
      todo.push_back(Z3_get_quantifier_body(zc, t));
      break;
    default:
      break;
    }
  }
  return false;
}

std::vector<uint64_t> Context::alphaKey(const std::vector<Expr> &roots) {
  // The key lists the DAG's nodes in post-order, each as its decl (tag 0,
  // an uninterpreted constant: its number of first occurrence and its
  // sort; tag 1, anything else: the Z3 id of its declaration, which Z3
  // hash-conses with its parameters, so a literal's value is part of it),
  // its number of arguments and their node numbers; then the roots' node
  // numbers.
  Z3_context zc = impl->z3;
  std::vector<uint64_t> key;
  std::unordered_map<unsigned, uint64_t> node;
  uint64_t constants = 0;
  std::vector<std::pair<Z3_ast, bool>> todo;
  auto id = [&](Z3_ast t) { return Z3_get_ast_id(zc, t); };
  for (const Expr &r : roots)
    todo.push_back({TERM(r), false});
  while (!todo.empty()) {
    auto [t, expanded] = todo.back();
    if (node.count(id(t))) {
      todo.pop_back();
      continue;
    }
    if (Z3_get_ast_kind(zc, t) != Z3_APP_AST &&
        Z3_get_ast_kind(zc, t) != Z3_NUMERAL_AST)
      return {};
    Z3_app a = Z3_to_app(zc, t);
    unsigned n = Z3_get_app_num_args(zc, a);
    if (!expanded) {
      todo.back().second = true;
      for (unsigned i = n; i-- > 0;)
        todo.push_back({Z3_get_app_arg(zc, a, i), false});
      continue;
    }
    todo.pop_back();
    Z3_func_decl d = Z3_get_app_decl(zc, a);
    if (n == 0 && Z3_get_decl_kind(zc, d) == Z3_OP_UNINTERPRETED) {
      key.push_back(0);
      key.push_back(constants++);
      key.push_back(id(Z3_sort_to_ast(zc, Z3_get_sort(zc, t))));
    } else {
      key.push_back(1);
      key.push_back(id(Z3_func_decl_to_ast(zc, d)));
    }
    key.push_back(n);
    for (unsigned i = 0; i < n; ++i)
      key.push_back(node.at(id(Z3_get_app_arg(zc, a, i))));
    node.emplace(id(t), node.size());
  }
  // Tag 2 starts the roots: no node starts with it, so no two lists share
  // a key.
  key.push_back(2);
  key.push_back(roots.size());
  for (const Expr &r : roots)
    key.push_back(node.at(id(TERM(r))));
  return key;
}

struct Solver::Impl {
  z3::context &c;
  bool plain;
  z3::solver solver;
  std::optional<z3::model> model;
  std::string reason;
  /// Every assertion as added, per scope (scopes[0] is the base): a model is
  /// checked against these, not against Z3's preprocessed copy.
  std::vector<std::vector<z3::expr>> scopes{1};
  /// The timeout the solver was last given: setting a parameter costs more
  /// than a small query's check (Z3 4.8 updates the whole solver), so it is
  /// set only when it changes.
  std::optional<unsigned> timeoutSet;
  Impl(z3::context &c, bool plain) : c(c), plain(plain), solver(make()) {}
  z3::solver make() {
    return plain ? z3::solver(c, z3::solver::simple()) : z3::solver(c);
  }
  /// A fresh Z3 solver with the same scopes and assertions.
  void rebuild() {
    solver = make();
    timeoutSet.reset();
    for (size_t i = 0; i < scopes.size(); ++i) {
      if (i)
        solver.push();
      for (const z3::expr &e : scopes[i])
        solver.add(e);
    }
  }
  /// Whether the model satisfies every assertion and assumption.
  /// (One evaluation of their conjunction: Z3 caches the values of shared
  /// subterms within an evaluation, not across them.)
  bool modelHolds(const z3::model &m, const z3::expr_vector &as) {
    z3::expr_vector all(c);
    for (const auto &scope : scopes)
      for (const z3::expr &e : scope)
        all.push_back(e);
    for (unsigned i = 0; i < as.size(); ++i)
      all.push_back(as[i]);
    return all.empty() || m.eval(z3::mk_and(all), true).is_true();
  }
};

Solver::Solver(Context &c, bool plain)
    : ctx(c), impl(std::make_unique<Impl>(c.impl->z3, plain)) {}
Solver::~Solver() = default;

void Solver::add(Expr e) {
  if (e.isTrue())
    return;
  impl->solver.add(termOf(e));
  impl->scopes.back().push_back(termOf(e));
}

void Solver::push() {
  impl->solver.push();
  impl->scopes.emplace_back();
}
void Solver::pop(unsigned n) {
  if (n == 0)
    return;
  impl->solver.pop(n);
  impl->scopes.resize(impl->scopes.size() - n);
}

Result Solver::check(const std::vector<Expr> &assumptions, unsigned timeoutMs) {
  Result r = checkOnce(assumptions, timeoutMs);
  if (r != Result::Sat)
    return r;
  // Z3 4.8 can answer sat with a model that violates assertions after an
  // earlier check of the same solver was interrupted (named Booleans
  // eliminated by preprocessing come back with wrong values). Such a model
  // is never used: a fresh solver with the same assertions is asked once
  // more, and if its model does not hold either, the answer is unknown.
  z3::expr_vector as(ctx.impl->z3);
  for (const Expr &a : assumptions)
    as.push_back(termOf(a));
  if (impl->modelHolds(*impl->model, as))
    return r;
  impl->rebuild();
  r = checkOnce(assumptions, timeoutMs);
  if (r != Result::Sat || impl->modelHolds(*impl->model, as))
    return r;
  impl->model.reset();
  impl->reason = "invalid model";
  return Result::Unknown;
}

/// This thread's budget's end, in steady-clock nanoseconds; INT64_MAX: none.
static thread_local int64_t budgetEnd = INT64_MAX;

static int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static OverrunGuard *installedGuard = nullptr;

void Budget::guardWith(OverrunGuard *guard) { installedGuard = guard; }

OverrunGuard *Budget::guard() { return installedGuard; }

Budget::Budget(unsigned ms) : saved(budgetEnd) {
  if (ms == 0)
    return;
  budgetEnd = std::min(budgetEnd, nowNs() + int64_t(ms) * 1000000);
  if (installedGuard && saved == INT64_MAX)
    installedGuard->arm(ms + overrunGraceMs(ms));
}

Budget::~Budget() {
  if (installedGuard && saved == INT64_MAX && budgetEnd != INT64_MAX)
    installedGuard->disarm();
  budgetEnd = saved;
}

bool Budget::spent() { return budgetEnd != INT64_MAX && nowNs() >= budgetEnd; }

unsigned Budget::cut(unsigned ms) {
  if (budgetEnd == INT64_MAX)
    return ms;
  int64_t left = std::max<int64_t>(1, (budgetEnd - nowNs()) / 1000000);
  return ms == 0 ? unsigned(std::min<int64_t>(left, UINT32_MAX - 1))
                 : unsigned(std::min<int64_t>(left, ms));
}

Result Solver::refuteByBitBlasting(Expr query, unsigned timeoutMs,
                                   bool eachWayFull) {
  z3::context &c = ctx.impl->z3;
  // One run of the one-shot solver, with or without flattening; sat or
  // unsat decide, unknown is a timeout or a goal it cannot bit-blast.
  auto once = [&](unsigned ms, bool unflattened) {
    z3::check_result r = z3::unknown;
    NoFlattening guard(unflattened);
    try {
      z3::params sp(c);
      sp.set("subsumption", false);
      sp.set("elim_vars", false);
      sp.set("scc", false);
      // Equalities under disjunctions are not solved: that costs solve-eqs
      // more than it saves the SAT solver on long chains of definitions.
      z3::params se(c);
      se.set("context_solve", false);
      z3::tactic t =
          z3::tactic(c, "simplify") & z3::tactic(c, "propagate-values") &
          z3::with(z3::tactic(c, "solve-eqs"), se) &
          z3::tactic(c, "ackermannize_bv") & z3::tactic(c, "bit-blast") &
          z3::with(z3::tactic(c, "sat"), sp);
      z3::solver s = t.mk_solver();
      z3::params p(c);
      p.set("timeout", ms == 0 ? 4294967295u : ms);
      s.set(p);
      for (const auto &scope : impl->scopes)
        for (const z3::expr &e : scope)
          s.add(e);
      s.add(termOf(query));
      bool fired = ctx.impl->watchdog.run(ms, [&] {
        try {
          r = s.check();
        } catch (const z3::exception &) {
          r = z3::unknown; // e.g. a goal the tactics cannot bit-blast
        }
      });
      if (fired) {
        ctx.impl->interrupted = true;
        return z3::unknown;
      }
    } catch (const z3::exception &) {
      return z3::unknown;
    }
    return r;
  };
  // Flattened first (Z3's default) unless flattening multiplies this
  // formula (Flattening.h); the other way gets the rest of the time if the
  // first does not decide within two thirds of it.
  std::vector<z3::expr> roots{termOf(query)};
  for (const auto &scope : impl->scopes)
    roots.insert(roots.end(), scope.begin(), scope.end());
  bool unflattenedFirst = flatteningMultiplies(roots);
  if (Budget::spent())
    return Result::Unknown;
  timeoutMs = Budget::cut(timeoutMs);
  auto start = std::chrono::steady_clock::now();
  unsigned first =
      timeoutMs == 0 || eachWayFull
          ? timeoutMs
          : std::max(1u, timeoutMs / 3 * SolverPolicy::firstWayThirds);
  z3::check_result r = once(first, unflattenedFirst);
  if (r == z3::unknown && timeoutMs != 0 && !Budget::spent()) {
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - start)
                     .count();
    if (eachWayFull)
      r = once(Budget::cut(timeoutMs), !unflattenedFirst);
    else if (spent + SolverPolicy::secondWayMinMs < timeoutMs)
      r = once(timeoutMs - unsigned(spent), !unflattenedFirst);
  }
  return r == z3::unsat ? Result::Unsat : Result::Unknown;
}

Result Solver::checkOnce(const std::vector<Expr> &assumptions,
                         unsigned timeoutMs) {
  unsigned timeout = timeoutMs == 0 ? 4294967295u : timeoutMs;
  if (impl->timeoutSet != timeout) {
    z3::params p(ctx.impl->z3);
    p.set("timeout", timeout);
    impl->solver.set(p);
    impl->timeoutSet = timeout;
  }
  z3::expr_vector as(ctx.impl->z3);
  for (const Expr &a : assumptions)
    as.push_back(termOf(a));
  impl->model.reset();
  // The function's budget ([verify.timeout]) is kept by the watchdog, not
  // by Z3's parameter (setting it costs more than a small check).
  if (Budget::spent()) {
    impl->reason = "budget";
    return Result::Unknown;
  }
  z3::check_result r = z3::unknown;
  if (ctx.impl->watchdog.run(Budget::cut(timeoutMs),
                             [&] { r = impl->solver.check(as); })) {
    ctx.impl->interrupted = true;
    // A model read from an interrupted context need not evaluate.
    impl->reason = Budget::spent() ? "budget" : "timeout";
    return Result::Unknown;
  }
  if (r == z3::sat) {
    impl->model.emplace(impl->solver.get_model());
    return Result::Sat;
  }
  if (r == z3::unsat)
    return Result::Unsat;
  impl->reason = impl->solver.reason_unknown();
  return Result::Unknown;
}

std::string Solver::reasonUnknown() const { return impl->reason; }

bool Solver::evalBool(Expr e) {
  if (!impl->model)
    return false;
  z3::expr v = impl->model->eval(termOf(e), true);
  return v.is_true();
}

int64_t Solver::evalBV(Expr e) {
  if (!impl->model)
    return 0;
  z3::expr v = impl->model->eval(termOf(e), true);
  Expr w = ctx.wrap(&v);
  return w.bvLiteral().value_or(0);
}
