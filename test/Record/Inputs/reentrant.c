// A call that re-enters itself through the same call site: g calls f at one
// site; f calls g, which calls f there again. The inner calls of f return to
// the same address as the outer one, with the stack pointer lower. Built
// with -O0, so that g's call of f is a call, not a tail jump.
long g(long n);

__attribute__((noinline)) long f(long n) { return n <= 0 ? 0 : 1 + g(n - 1); }

__attribute__((noinline)) long g(long n) { return f(n); }

int main(void) { return g(3) == 3 ? 0 : 1; }
