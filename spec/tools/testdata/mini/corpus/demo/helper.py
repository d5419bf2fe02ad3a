# A Python test cites clauses in comments and strings; a list literal is code.
# SPEC: [demo.good]
values = [demo.notaclause]
