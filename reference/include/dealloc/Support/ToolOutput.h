//===- ToolOutput.h - Output errors of the tools' drivers -------*- C++ -*-===//
//
// A tool whose output cannot be written (a full disk, a bad --dot path) says
// so and exits 3 like any other unusable request: it must not print
// "written to", and must not exit 1, which reads as a violation (LLVM's own
// report of a failed stream is a fatal error with exit code 1).
//
//===----------------------------------------------------------------------===//
#ifndef DEALLOC_SUPPORT_TOOLOUTPUT_H
#define DEALLOC_SUPPORT_TOOLOUTPUT_H

#include "dealloc/Support/Verdict.h"
#include "llvm/Support/raw_ostream.h"

namespace dealloc {

/// Closes a file the tool wrote: ExitOk, or ExitBadInput after an error
/// message if any write failed.
inline int closeOutputFile(llvm::raw_fd_ostream &os, llvm::StringRef path) {
  os.close();
  if (!os.has_error())
    return ExitOk;
  llvm::errs() << "error: cannot write '" << path
               << "': " << os.error().message() << "\n";
  os.clear_error();
  return ExitBadInput;
}

/// The tool's exit code once standard output is flushed: `exitCode`, or
/// ExitBadInput after an error message if a write failed.
inline int finishStandardOutput(int exitCode) {
  llvm::outs().flush();
  if (!llvm::outs().has_error())
    return exitCode;
  llvm::errs() << "error: cannot write standard output: "
               << llvm::outs().error().message() << "\n";
  llvm::outs().clear_error();
  return ExitBadInput;
}

} // namespace dealloc

#endif // DEALLOC_SUPPORT_TOOLOUTPUT_H
