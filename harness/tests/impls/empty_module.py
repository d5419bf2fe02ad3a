"""Seeded bug: prints `module {}` whatever the input (every public function
is gone)."""
print("module {\n}")
