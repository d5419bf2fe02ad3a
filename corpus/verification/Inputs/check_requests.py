"""Job lines for check-options.test: six bad requests, then a good one."""
import json

SRC = ("func.func @f() {\n  %a = memref.alloc() : memref<2xf32>\n"
       "  memref.dealloc %a : memref<2xf32>\n  return\n}\n")
OPTIONS = [{"timeout_ms": -5}, {"unroll": 2**32 + 1},
           {"reuse_addresses": "yes"}, {"timeout": 100}, [1],
           {"function_timeout_ms": -1},
           {"unroll": 2, "function_timeout_ms": 60000}]
for i, options in enumerate(OPTIONS, start=1):
    print(json.dumps({"id": i, "tool": "verify", "inputs": [SRC],
                      "options": options}))
