//===- allgather.mlir - All-Gather over 4 chips, as seen from chip 0 ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An All-Gather over N = 4 chips: every chip owns a 64 KiB shard and every
// chip must end up with all four shards, in chip order, in its "gathered"
// buffer. This is the program of chip 0. The other chips run the mirror
// image of it; their HBM is `rhbm<1>`, `rhbm<2>` and `rhbm<3>` here.
//
// Three phases:
//
//   allgather.setup     Read the peer table: for each peer, where it wants
//                       our shard and where it wants our arrival record.
//                       Written the naive way SnR is meant to catch: three
//                       independent 32-byte DMAs, each waited for before the
//                       next is issued, so each pays the full DMA base
//                       latency. Issuing all three and waiting once would
//                       pay it once.
//   allgather.transfer  Send our shard to every peer and copy it into our own
//                       gathered buffer, in 16 chunks of 4 KiB, one flag per
//                       destination; then tell every peer it has arrived.
//                       Finally wait until all three peers have told us the
//                       same (poll our arrival area).
//
// Memory map of chip 0 (the same layout on every chip; the peers' buffers
// are at other addresses, which is why the program reads the peer table):
//
//   hbm[4096]      peer table: 3 entries of 32 bytes; in entry c - 1,
//                    word 0 = address of chip c's gathered buffer, slot 0
//                    word 1 = address of chip c's arrival slot for chip 0
//   hbm[4192]      our arrival record (32 bytes, word 0 = 1)
//   hbm[1 MiB]     our shard: 16 chunks of 4 KiB, every byte of chunk i is
//                  i + 1, so a misplaced chunk is easy to see
//   hbm[2 MiB]     our gathered buffer: 4 slots of 64 KiB, slot c = chip c
//   hbm[3 MiB]     our arrival area: 32-byte slot c written by chip c
//   smem[0..96)    the peer table, once loaded
//   smem[128..256) a copy of our arrival area, while polling
//
// At the start (the snapshot below, the image the loader puts in memory) the
// peers have already delivered: their shards are in slots 1-3 of our
// gathered buffer and their arrival records are set, so the poll loop runs
// once. At the halt, every peer's gathered buffer holds our shard in slot 0
// and an arrival record in slot 0 of its arrival area, and our own gathered
// buffer holds all four shards.
//
// Registers:
//   s20        peer table             s1   next chunk of our shard
//   s11-s13    chip 1-3's slot 0      s14  our gathered buffer, slot 0
//   s21-s23    chip 1-3's arrival     s2   chunks left
//              slot for chip 0        s25-s28, p2  the poll loop
//   f0 setup and polling, f1-f3 the DMAs to chip 1-3, f4 the local copy,
//   f5 the arrival records.
//
// Record and replay it:
//   snr-record examples/allgather.mlir --break-at 0 --count 1000 \
//       --verify -o allgather.jsonl
//   snr-translate --import-snr-trace allgather.jsonl | snr-opt
//
//===----------------------------------------------------------------------===//

snr.program @allgather {
  snr.snapshot {
    // The peer table. Chip 1: gathered buffer at 2 MiB (0x200000), arrival
    // area at 3 MiB (0x300000); chip 2: 6 MiB and 7 MiB; chip 3: 10 MiB
    // and 11 MiB (0xA00000, 0xB00000: bytes 0xA0 and 0xB0 are -96 and -80
    // as i8). Words are little-endian.
    snr.init_mem hbm[4096] = dense<[0, 0, 32, 0, 0, 0, 48, 0]> : tensor<8xi8>
    snr.init_mem hbm[4128] = dense<[0, 0, 96, 0, 0, 0, 112, 0]> : tensor<8xi8>
    snr.init_mem hbm[4160] = dense<[0, 0, -96, 0, 0, 0, -80, 0]> : tensor<8xi8>
    // Our arrival record.
    snr.init_mem hbm[4192] = dense<[1, 0, 0, 0]> : tensor<4xi8>
    // Our shard at 1 MiB: chunk i (4 KiB) filled with the byte i + 1.
    snr.init_mem hbm[1048576] = dense<1> : tensor<4096xi8>
    snr.init_mem hbm[1052672] = dense<2> : tensor<4096xi8>
    snr.init_mem hbm[1056768] = dense<3> : tensor<4096xi8>
    snr.init_mem hbm[1060864] = dense<4> : tensor<4096xi8>
    snr.init_mem hbm[1064960] = dense<5> : tensor<4096xi8>
    snr.init_mem hbm[1069056] = dense<6> : tensor<4096xi8>
    snr.init_mem hbm[1073152] = dense<7> : tensor<4096xi8>
    snr.init_mem hbm[1077248] = dense<8> : tensor<4096xi8>
    snr.init_mem hbm[1081344] = dense<9> : tensor<4096xi8>
    snr.init_mem hbm[1085440] = dense<10> : tensor<4096xi8>
    snr.init_mem hbm[1089536] = dense<11> : tensor<4096xi8>
    snr.init_mem hbm[1093632] = dense<12> : tensor<4096xi8>
    snr.init_mem hbm[1097728] = dense<13> : tensor<4096xi8>
    snr.init_mem hbm[1101824] = dense<14> : tensor<4096xi8>
    snr.init_mem hbm[1105920] = dense<15> : tensor<4096xi8>
    snr.init_mem hbm[1110016] = dense<16> : tensor<4096xi8>
    // What the peers already delivered: their shards in slots 1-3 of our
    // gathered buffer (bytes 0x11, 0x21, 0x31: chip c's shard is all
    // 16 c + 1 here, for short) and their arrival records at 3 MiB + 32 c.
    snr.init_mem hbm[2162688] = dense<17> : tensor<65536xi8>
    snr.init_mem hbm[2228224] = dense<33> : tensor<65536xi8>
    snr.init_mem hbm[2293760] = dense<49> : tensor<65536xi8>
    snr.init_mem hbm[3145760] = dense<[1, 0, 0, 0]> : tensor<4xi8>
    snr.init_mem hbm[3145792] = dense<[1, 0, 0, 0]> : tensor<4xi8>
    snr.init_mem hbm[3145824] = dense<[1, 0, 0, 0]> : tensor<4xi8>
  }

  //===--------------------------------------------------------------------===//
  // allgather.setup: load the peer table into SMEM and its six words into
  // registers.
  //===--------------------------------------------------------------------===//
  snr.movi s20, 4096 {hlo = "allgather.setup", pc = 0 : i64}
  // The naive part: three independent DMAs, serialized by their waits.
  snr.dma.issue hbm[s20] -> smem[0], 32, f0 {hlo = "allgather.setup", pc = 1 : i64}
  snr.dma.wait f0 {hlo = "allgather.setup", pc = 2 : i64}
  snr.dma.issue hbm[s20 + 32] -> smem[32], 32, f0 {hlo = "allgather.setup", pc = 3 : i64}
  snr.dma.wait f0 {hlo = "allgather.setup", pc = 4 : i64}
  snr.dma.issue hbm[s20 + 64] -> smem[64], 32, f0 {hlo = "allgather.setup", pc = 5 : i64}
  snr.dma.wait f0 {hlo = "allgather.setup", pc = 6 : i64}
  snr.ld s11, smem[0] {hlo = "allgather.setup", pc = 7 : i64}
  snr.ld s21, smem[4] {hlo = "allgather.setup", pc = 8 : i64}
  snr.ld s12, smem[32] {hlo = "allgather.setup", pc = 9 : i64}
  snr.ld s22, smem[36] {hlo = "allgather.setup", pc = 10 : i64}
  snr.ld s13, smem[64] {hlo = "allgather.setup", pc = 11 : i64}
  snr.ld s23, smem[68] {hlo = "allgather.setup", pc = 12 : i64}

  //===--------------------------------------------------------------------===//
  // allgather.transfer: send our shard, chunk by chunk, to the three peers
  // and to slot 0 of our own gathered buffer.
  //===--------------------------------------------------------------------===//
  snr.movi s1, 1048576 {hlo = "allgather.transfer", pc = 13 : i64}
  snr.movi s14, 2097152 {hlo = "allgather.transfer", pc = 14 : i64}
  snr.movi s2, 16 {hlo = "allgather.transfer", pc = 15 : i64}
  // Loop head (pc 16): one chunk to four destinations, on four flags,
  // without waiting; the DMA engine queues them on their links.
  snr.dma.issue hbm[s1] -> rhbm<1>[s11], 4096, f1 {hlo = "allgather.transfer", pc = 16 : i64}
  snr.dma.issue hbm[s1] -> rhbm<2>[s12], 4096, f2 {hlo = "allgather.transfer", pc = 17 : i64}
  snr.dma.issue hbm[s1] -> rhbm<3>[s13], 4096, f3 {hlo = "allgather.transfer", pc = 18 : i64}
  snr.dma.issue hbm[s1] -> hbm[s14], 4096, f4 {hlo = "allgather.transfer", pc = 19 : i64}
  snr.addi s1, s1, 4096 {hlo = "allgather.transfer", pc = 20 : i64}
  snr.addi s11, s11, 4096 {hlo = "allgather.transfer", pc = 21 : i64}
  snr.addi s12, s12, 4096 {hlo = "allgather.transfer", pc = 22 : i64}
  snr.addi s13, s13, 4096 {hlo = "allgather.transfer", pc = 23 : i64}
  snr.addi s14, s14, 4096 {hlo = "allgather.transfer", pc = 24 : i64}
  snr.addi s2, s2, -1 {hlo = "allgather.transfer", pc = 25 : i64}
  snr.cmpi gt p1, s2, 0 {hlo = "allgather.transfer", pc = 26 : i64}
  snr.br 16 if p1 {hlo = "allgather.transfer", pc = 27 : i64}
  // Every chunk has landed (each wait covers the 16 DMAs of its flag).
  snr.dma.wait f1 {hlo = "allgather.transfer", pc = 28 : i64}
  snr.dma.wait f2 {hlo = "allgather.transfer", pc = 29 : i64}
  snr.dma.wait f3 {hlo = "allgather.transfer", pc = 30 : i64}
  snr.dma.wait f4 {hlo = "allgather.transfer", pc = 31 : i64}
  // Only then tell each peer: our record goes to its arrival slot for us.
  snr.dma.issue hbm[s20 + 96] -> rhbm<1>[s21], 32, f5 {hlo = "allgather.transfer", pc = 32 : i64}
  snr.dma.issue hbm[s20 + 96] -> rhbm<2>[s22], 32, f5 {hlo = "allgather.transfer", pc = 33 : i64}
  snr.dma.issue hbm[s20 + 96] -> rhbm<3>[s23], 32, f5 {hlo = "allgather.transfer", pc = 34 : i64}
  snr.dma.wait f5 {hlo = "allgather.transfer", pc = 35 : i64}
  // Receive: poll our arrival area (pc 37) until chips 1-3 have all
  // written their record; their shards are then in our gathered buffer.
  snr.movi s25, 3145728 {hlo = "allgather.transfer", pc = 36 : i64}
  snr.dma.issue hbm[s25] -> smem[128], 128, f0 {hlo = "allgather.transfer", pc = 37 : i64}
  snr.dma.wait f0 {hlo = "allgather.transfer", pc = 38 : i64}
  snr.ld s26, smem[160] {hlo = "allgather.transfer", pc = 39 : i64}
  snr.ld s27, smem[192] {hlo = "allgather.transfer", pc = 40 : i64}
  snr.ld s28, smem[224] {hlo = "allgather.transfer", pc = 41 : i64}
  snr.add s26, s26, s27 {hlo = "allgather.transfer", pc = 42 : i64}
  snr.add s26, s26, s28 {hlo = "allgather.transfer", pc = 43 : i64}
  snr.cmpi ge p2, s26, 3 {hlo = "allgather.transfer", pc = 44 : i64}
  snr.br 37 if not p2 {hlo = "allgather.transfer", pc = 45 : i64}
  snr.halt {hlo = "allgather.transfer", pc = 46 : i64}
}
