// SPEC: [demo.good] [demo.wrong-test] [demo.undefined]
