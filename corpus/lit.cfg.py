# lit configuration for the dealloc-spec corpus.
import os
import lit.formats

config.name = "dealloc-spec"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]
# A hung tool fails its test instead of the whole run (needs psutil,
# installed by scripts/setup.sh); the slowest test takes ~3 minutes.
lit_config.maxIndividualTestTime = 1200
config.test_source_root = os.path.dirname(__file__)

root = os.path.dirname(config.test_source_root)
build = os.environ.get("DEALLOC_BUILD_DIR", os.path.join(root, "build"))
config.test_exec_root = os.path.join(build, "corpus")
tool_dirs = [os.path.join(build, "bin"), "/usr/lib/llvm-22/bin"]
config.environment["PATH"] = os.pathsep.join(tool_dirs + [os.environ.get("PATH", "")])
config.environment["DEALLOC_BUILD_DIR"] = build
config.substitutions.append(("%repo", root))
# The build folder (its lib/ has the test pass plugin, DeallocTestPlugin.so).
config.substitutions.append(("%dealloc_build", build))
config.substitutions.append(("%python", "/usr/bin/python3"))
