//===- BenchUtil.h - Timing helpers shared by the benchmarks ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_BENCH_BENCHUTIL_H
#define SNR_BENCH_BENCHUTIL_H

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace snr::bench {

/// Runs `body` at least `runs` times, and more until the runs took
/// `minSeconds` in all (at most 1000), and returns the median wall time in
/// seconds.
inline double medianSeconds(unsigned runs, const std::function<void()> &body,
                            double minSeconds = 0) {
  std::vector<double> times;
  double total = 0;
  while (times.size() < std::max(runs, 1u) ||
         (total < minSeconds && times.size() < 1000)) {
    auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count());
    total += times.back();
  }
  std::sort(times.begin(), times.end());
  size_t n = times.size();
  return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

/// The process's peak resident set so far, in bytes.
inline uint64_t peakRssBytes() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return uint64_t(usage.ru_maxrss) * 1024;
}

/// The peak resident set of a child process that runs `body` once and
/// exits, in bytes; 0 if the child failed. The child starts as a copy of
/// this process and inherits its written heap pages (the loaded trace), not
/// its file mappings; a child with an empty body gives that baseline, and
/// the difference is what `body` adds. Measure before timing loops grow the
/// heap.
inline uint64_t peakRssInChild(const std::function<void()> &body) {
  pid_t pid = fork();
  if (pid < 0)
    return 0;
  if (pid == 0) {
    body();
    _exit(0);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return 0;
  return uint64_t(usage.ru_maxrss) * 1024;
}

} // namespace snr::bench

#endif // SNR_BENCH_BENCHUTIL_H
