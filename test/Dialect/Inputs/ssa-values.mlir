// IR with SSA values, for one-pass-bytecode.test.
module {
  %0 = builtin.unrealized_conversion_cast to i32
  %1 = builtin.unrealized_conversion_cast %0, %0 : i32, i32 to i64
}
