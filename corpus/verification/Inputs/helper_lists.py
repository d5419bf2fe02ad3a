"""A call of upstream's dealloc_helper with N entries per list.

The lists alternate the addresses of two buffers, every condition true, so
the helper frees each buffer at its first entry and the function frees
them by entries 0 and 1: SAFE. Lists of more than 1024 entries are kept as
SMT arrays ([verify.encoding.contents]); usage: helper_lists.py N.
"""
import os
import sys

n = int(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
source = open(os.path.join(here, "..", "helper-contract.mlir")).read()
start = source.index("func.func private @dealloc_helper")
helper = source[start:source.index("\n}\n", start) + 3]

lists = {"bases": f"{n}xindex", "conds": f"{n}xi1", "out": f"{n}xi1",
         "retained": "0xindex", "own": "0xi1"}
print("func.func @entry() {")
print("  %true = arith.constant true")
print("  %c0 = arith.constant 0 : index")
print("  %c1 = arith.constant 1 : index")
for b in "ab":
    print(f"  %{b} = memref.alloc() : memref<4xf32>")
    print(f"  %p{b} = memref.extract_aligned_pointer_as_index %{b} : "
          f"memref<4xf32> -> index")
for name, shape in lists.items():
    print(f"  %{name} = memref.alloc() : memref<{shape}>")
for i in range(n):
    print(f"  %i{i} = arith.constant {i} : index")
    print(f"  memref.store %p{'ab'[i % 2]}, %bases[%i{i}] : "
          f"memref<{lists['bases']}>")
    print(f"  memref.store %true, %conds[%i{i}] : memref<{lists['conds']}>")
for name, shape in lists.items():
    elem = shape.split("x", 1)[1]
    print(f"  %{name}_dyn = memref.cast %{name} : memref<{shape}> to "
          f"memref<?x{elem}>")
print("  call @dealloc_helper(%bases_dyn, %retained_dyn, %conds_dyn, "
      "%out_dyn, %own_dyn) : (memref<?xindex>, memref<?xindex>, "
      "memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()")
for k, b in enumerate("ab"):
    print(f"  %o{b} = memref.load %out[%c{k}] : memref<{lists['out']}>")
    print(f"  scf.if %o{b} {{\n    memref.dealloc %{b} : memref<4xf32>\n  }}")
for name, shape in lists.items():
    print(f"  memref.dealloc %{name} : memref<{shape}>")
print("  return\n}\n")
print(helper)
