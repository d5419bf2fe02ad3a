//===- Solver.h - Thin wrapper around Z3 (the only Z3 user) -----*- C++ -*-===//
//
// dealloc-verify's symbolic encoding talks to the SMT solver only through this
// header: nothing outside reference/lib/SMT includes a Z3 header
// (docs/architecture.md, "Layers"). Expressions are cheap handles into their
// Context, which owns every term it creates; terms are hash-consed by Z3, so
// `same()` is structural identity.
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SMT_SOLVER_H
#define DEALLOC_SMT_SOLVER_H

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dealloc::smt {

class OverrunGuard;

class Context;

/// A handle to a term owned by a Context. Default-constructed handles are
/// null and must not be passed to operations.
class Expr {
public:
  Expr() = default;
  bool isNull() const { return ctx == nullptr; }
  Context &context() const { return *ctx; }
  bool isBool() const;
  bool isBV() const;
  unsigned bvWidth() const;
  /// True if this is the literal `true` / `false`.
  bool isTrue() const;
  bool isFalse() const;
  /// Structural identity (Z3 hash-conses terms). One handle copied is the
  /// common case (a state's unchanged entries), answered without a lookup.
  bool same(const Expr &o) const { return idx == o.idx || sameTerm(o); }
  /// A number identifying the term structurally (equal iff same()).
  unsigned termId() const;
  /// The value of a bit-vector literal, if this is one (sign-extended).
  std::optional<int64_t> bvLiteral() const;
  std::string str() const;

private:
  friend class Context;
  friend class Solver;
  Expr(Context *c, unsigned i) : ctx(c), idx(i) {}
  bool sameTerm(const Expr &o) const;
  Context *ctx = nullptr;
  unsigned idx = 0;
};

/// Owns the Z3 context and every term. Not copyable.
class Context {
public:
  Context();
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  // Literals and fresh constants (names are made unique by a counter).
  Expr boolVal(bool b);
  Expr bvVal(unsigned width, int64_t v);
  Expr freshBool(const std::string &name);
  Expr freshBV(const std::string &name, unsigned width);
  /// A fresh array from bit-vectors of `idxWidth` to bit-vectors of `valWidth`.
  Expr freshArray(const std::string &name, unsigned idxWidth,
                  unsigned valWidth);

  // Boolean structure (simplifies literals eagerly).
  /// Whether `h` is `g` or a conjunction with `g` among its operands (so
  /// that `h` implies `g`; syntactic, one level).
  bool hasConjunct(Expr h, Expr g) const;
  Expr mkNot(Expr a);
  Expr mkAnd(Expr a, Expr b);
  Expr mkOr(Expr a, Expr b);
  Expr mkAnd(const std::vector<Expr> &xs);
  Expr mkOr(const std::vector<Expr> &xs);
  Expr mkImplies(Expr a, Expr b);
  Expr mkIte(Expr c, Expr t, Expr e);
  Expr mkEq(Expr a, Expr b);
  Expr mkNe(Expr a, Expr b) { return mkNot(mkEq(a, b)); }

  // Bit-vector arithmetic.
  enum class BinOp {
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr
  };
  Expr mkBin(BinOp op, Expr a, Expr b);
  enum class Cmp { Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge };
  Expr mkCmp(Cmp p, Expr a, Expr b);
  Expr mkZExt(Expr a, unsigned toWidth);
  Expr mkSExt(Expr a, unsigned toWidth);
  Expr mkTrunc(Expr a, unsigned toWidth);
  Expr mkConcat(Expr hi, Expr lo);
  /// `a` rewritten by Z3's simplifier (e.g. a concatenation of consecutive
  /// extracts of one term becomes that term).
  Expr simplify(Expr a);
  Expr mkExtract(Expr a, unsigned hi, unsigned lo);
  /// Bool <-> bit-vector of width 1..64 (1 for true).
  Expr boolToBV(Expr b, unsigned width);
  Expr bvToBool(Expr a);

  /// An uninterpreted function application `name(args...)` with bit-vector
  /// result of `width` (width 0: Bool result). Same name and signature ->
  /// same function; used to over-approximate operations the encoding does
  /// not model (float arithmetic).
  Expr mkUF(const std::string &name, const std::vector<Expr> &args,
            unsigned width);

  /// IEEE-754 arithmetic on bit patterns (round to nearest even) for a float
  /// format with `ebits` exponent and `sbits` significand bits (incl. the
  /// hidden bit): results are bit patterns of the same width.
  enum class FBinOp { Add, Sub, Mul, Div };
  Expr mkFloatBin(FBinOp op, Expr a, Expr b, unsigned ebits, unsigned sbits);
  /// A comparison with MLIR's `arith.cmpf` predicate numbering (0 false,
  /// 1 oeq, 2 ogt, 3 oge, 4 olt, 5 ole, 6 one, 7 ord, 8 ueq, 9 ugt, 10 uge,
  /// 11 ult, 12 ule, 13 une, 14 uno, 15 true).
  Expr mkFloatCmp(unsigned predicate, Expr a, Expr b, unsigned ebits,
                  unsigned sbits);

  /// Records that the fresh constant `v` equals `def` in every query that
  /// mentions it (a name's definition, SymbolicHeap::name): excludes()
  /// looks through `v` to `def`.
  void define(Expr v, Expr def);
  /// Whether `a` and `b` cannot both hold, found from literals each implies
  /// syntactically (through conjunctions, negations, if-then-else terms
  /// with a Boolean literal branch, and definitions; a bounded search,
  /// lib/SMT/ImpliedLiterals.h). True is a proof (given the definitions);
  /// false proves nothing ([verify.encoding.prune]).
  bool excludes(Expr a, Expr b);
  /// The literal values the bit-vector term `x` can take where `cond`
  /// holds, found through definitions and if-then-else terms whose
  /// conditions `cond`'s literals (as for excludes()) decide; nullopt
  /// where that does not bound them to at most `max` literals. A proof
  /// given the definitions, as excludes() is.
  std::optional<std::vector<uint64_t>> valuesUnder(Expr cond, Expr x,
                                                   size_t max);

  // Arrays.
  /// The array mapping every index of `idxWidth` bits to `val`.
  Expr mkConstArray(unsigned idxWidth, Expr val);
  Expr mkSelect(Expr arr, Expr idx);
  Expr mkStore(Expr arr, Expr idx, Expr val);
  /// lambda k. (extract(hi, lo, k) == key) ? replacement[k] : arr[k].
  Expr mkHavocSlice(Expr arr, Expr replacement, unsigned hi, unsigned lo,
                    Expr key);

  /// The uninterpreted constants (fresh Booleans, bit-vectors, arrays) that
  /// occur in `e`, each once, in order of first occurrence.
  std::vector<Expr> constantsOf(Expr e);
  /// Whether some term of `roots` has a subterm whose termId() is one of
  /// `ids` (sorted).
  bool mentionsAny(const std::vector<Expr> &roots,
                   const std::vector<unsigned> &ids);

  /// A key of the list `roots` up to the names of its uninterpreted
  /// constants: two lists get the same key iff one is the other with its
  /// constants renamed by a bijection that keeps their sorts (so both are
  /// satisfiable or neither, and a model of one is one of the other after
  /// renaming). The constants are numbered by first occurrence, the other
  /// nodes by the term DAG's shape. Empty for a term with a bound variable
  /// (a lambda): not keyed. Keys hold Z3 ids of declarations and sorts, so
  /// they compare within one Context only (which keeps every term, and so
  /// every id, alive until it is destroyed).
  std::vector<uint64_t> alphaKey(const std::vector<Expr> &roots);

  /// The Z3 term of `e` (a `z3::expr *`); only Solver.cpp dereferences it.
  void *rawTerm(const Expr &e) const;

private:
  friend class Expr;
  friend class Solver;
  struct Impl;
  std::unique_ptr<Impl> impl;
  /// This thread's cleared Impl of its last small Context (Solver.cpp).
  static std::unique_ptr<Impl> &spareImpl();
  Expr wrap(void *z3expr);
  Expr mkJunction(const std::vector<Expr> &xs, bool isAnd);
  std::optional<Expr> narrowCmp(Cmp p, Expr a, Expr b);
  std::string freshName(const std::string &name);
};

enum class Result { Sat, Unsat, Unknown };

/// A time budget for every check this thread makes while the Budget lives
/// (spec/verification.md [verify.timeout]: the check of one function as a
/// whole). Each check's time limit is cut to what is left of it; once it
/// is spent, a check answers Unknown at once, with reasonUnknown()
/// "budget". Budgets nest: the earliest end holds. 0 ms: no budget.
/// With a guard installed (guardWith), an outermost budget arms it
/// ([verify.timeout.overrun], OverrunGuard.h).
class Budget {
public:
  explicit Budget(unsigned ms);
  ~Budget();
  Budget(const Budget &) = delete;
  Budget &operator=(const Budget &) = delete;
  /// Whether this thread's budget is spent (false without one).
  static bool spent();
  /// `ms` (0: none) cut to the milliseconds left of this thread's budget;
  /// 0 only where there is no limit at all. Callers ask spent() first.
  static unsigned cut(unsigned ms);
  /// Installs `guard` (nullptr: none) for the budgets made from now on:
  /// each outermost budget of `ms` > 0 arms it for ms +
  /// overrunGraceMs(ms) and disarms it when it ends.
  static void guardWith(OverrunGuard *guard);
  /// The installed guard, or nullptr.
  static OverrunGuard *guard();

private:
  int64_t saved;
};

/// An incremental solver over one Context.
/// Bit-vector `+`, `-`, `*` (wrapping, as Context::mkBin), so encodings
/// read like the math (`offset + i * stride`). An integer operand is a
/// literal of the other operand's width.
inline Expr operator+(Expr a, Expr b) {
  return a.context().mkBin(Context::BinOp::Add, a, b);
}
inline Expr operator-(Expr a, Expr b) {
  return a.context().mkBin(Context::BinOp::Sub, a, b);
}
inline Expr operator*(Expr a, Expr b) {
  return a.context().mkBin(Context::BinOp::Mul, a, b);
}
inline Expr operator+(Expr a, int64_t b) {
  return a + a.context().bvVal(a.bvWidth(), b);
}
inline Expr operator-(Expr a, int64_t b) {
  return a - a.context().bvVal(a.bvWidth(), b);
}
inline Expr operator*(Expr a, int64_t b) {
  return a * a.context().bvVal(a.bvWidth(), b);
}

class Solver {
public:
  /// `plain`: Z3's SMT core alone, without the combined solver's
  /// preprocessing front end: cheap to create and to re-check, for many
  /// small queries ([verify.queries.local]).
  explicit Solver(Context &ctx, bool plain = false);
  ~Solver();
  void add(Expr e);
  /// Opens a scope; pop() removes the assertions added since the matching
  /// push() (pop(n): since the n-th innermost). The model of the last check
  /// stays readable.
  void push();
  void pop(unsigned n = 1);
  /// Checks satisfiability of the assertions plus `assumptions`.
  /// `timeoutMs == 0` means no timeout. Sat only with a model that satisfies
  /// every assertion and assumption as added (checked by evaluation).
  Result check(const std::vector<Expr> &assumptions, unsigned timeoutMs);
  /// check() without checking the model: for queries whose Sat answer only
  /// guides a search, where a wrong model costs completeness, never
  /// soundness (evaluating every assertion is not free).
  Result checkAsHint(const std::vector<Expr> &assumptions, unsigned timeoutMs) {
    return checkOnce(assumptions, timeoutMs);
  }
  /// Whether the assertions plus `query` are unsatisfiable, decided by a
  /// fresh one-shot solver that simplifies the whole formula, eliminates
  /// the uninterpreted functions and bit-blasts it to SAT (no incremental
  /// state, no model). Unsat is a proof; Unknown is every other outcome
  /// (satisfiable, out of time, or a formula the tactics cannot bit-blast,
  /// such as arrays or floats). Does not touch the incremental solver.
  /// The formula is tried flattened and nested (Flattening.h), the way
  /// likely faster first: within one `timeoutMs` in all (the first way
  /// two thirds of it), or (`eachWayFull`) `timeoutMs` for each way.
  Result refuteByBitBlasting(Expr query, unsigned timeoutMs,
                             bool eachWayFull = false);
  /// Why the last check returned Unknown (e.g. "timeout").
  std::string reasonUnknown() const;
  // Model queries after a Sat check (model completion on).
  bool evalBool(Expr e);
  int64_t evalBV(Expr e); // sign-extended to 64 bits

private:
  Result checkOnce(const std::vector<Expr> &assumptions, unsigned timeoutMs);
  Context &ctx;
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace dealloc::smt

#endif // DEALLOC_SMT_SOLVER_H
