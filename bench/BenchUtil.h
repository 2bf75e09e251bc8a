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
#include <vector>

namespace snr::bench {

/// Runs `body` `runs` times and returns the median wall time in seconds.
inline double medianSeconds(unsigned runs, const std::function<void()> &body) {
  std::vector<double> times;
  for (unsigned i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// The process's peak resident set so far, in bytes.
inline uint64_t peakRssBytes() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return uint64_t(usage.ru_maxrss) * 1024;
}

} // namespace snr::bench

#endif // SNR_BENCH_BENCHUTIL_H
