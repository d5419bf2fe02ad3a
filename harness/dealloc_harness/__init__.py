"""dealloc-harness: generated programs, differential checks against the
reference deallocation pipeline, minimized reproducers and reports."""
