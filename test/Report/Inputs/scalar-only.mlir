// Scalar instructions only: no VMEM page is ever live and nothing stalls,
// so report.html leaves the fragmentation heatmap and the stall flamegraph
// out (test/Report/report-html.test).
snr.program @scalar_only attributes {entry = 0 : i64} {
  snr.movi s1, 1 {hlo = "a", pc = 0 : i64}
  snr.movi s2, 2 {hlo = "a", pc = 1 : i64}
  snr.add s3, s1, s2 {hlo = "a", pc = 2 : i64}
  snr.halt {hlo = "a", pc = 3 : i64}
}
