func.func @ok() {
  return
}
func.func @unsure(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %q = arith.divui %c1, %n : index
  return %q : index
}
