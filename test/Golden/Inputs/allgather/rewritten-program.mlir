module {
  snr.program @allgather {
    snr.snapshot {
      snr.init_mem hbm[4096] = dense<[0, 0, 32, 0, 0, 0, 48, 0]> : tensor<8xi8>
      snr.init_mem hbm[4128] = dense<[0, 0, 96, 0, 0, 0, 112, 0]> : tensor<8xi8>
      snr.init_mem hbm[4160] = dense<[0, 0, -96, 0, 0, 0, -80, 0]> : tensor<8xi8>
      snr.init_mem hbm[4192] = dense<[1, 0, 0, 0]> : tensor<4xi8>
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
      snr.init_mem hbm[2162688] = dense<17> : tensor<65536xi8>
      snr.init_mem hbm[2228224] = dense<33> : tensor<65536xi8>
      snr.init_mem hbm[2293760] = dense<49> : tensor<65536xi8>
      snr.init_mem hbm[3145760] = dense<[1, 0, 0, 0]> : tensor<4xi8>
      snr.init_mem hbm[3145792] = dense<[1, 0, 0, 0]> : tensor<4xi8>
      snr.init_mem hbm[3145824] = dense<[1, 0, 0, 0]> : tensor<4xi8>
    }
    snr.movi s20, 4096 {hlo = "allgather.setup", pc = 0 : i64}
    snr.dma.issue hbm[s20] -> smem[0], 32, f0 {hlo = "allgather.setup", pc = 1 : i64}
    snr.dma.issue hbm[s20 + 32] -> smem[32], 32, f0 {hlo = "allgather.setup", pc = 2 : i64}
    snr.dma.issue hbm[s20 + 64] -> smem[64], 32, f0 {hlo = "allgather.setup", pc = 3 : i64}
    snr.dma.wait f0 {hlo = "allgather.setup", pc = 4 : i64}
    snr.ld s11, smem[0] {hlo = "allgather.setup", pc = 5 : i64}
    snr.ld s21, smem[4] {hlo = "allgather.setup", pc = 6 : i64}
    snr.ld s12, smem[32] {hlo = "allgather.setup", pc = 7 : i64}
    snr.ld s22, smem[36] {hlo = "allgather.setup", pc = 8 : i64}
    snr.ld s13, smem[64] {hlo = "allgather.setup", pc = 9 : i64}
    snr.ld s23, smem[68] {hlo = "allgather.setup", pc = 10 : i64}
    snr.movi s1, 1048576 {hlo = "allgather.transfer", pc = 11 : i64}
    snr.movi s14, 2097152 {hlo = "allgather.transfer", pc = 12 : i64}
    snr.movi s2, 16 {hlo = "allgather.transfer", pc = 13 : i64}
    snr.dma.issue hbm[s1] -> rhbm<1>[s11], 4096, f1 {hlo = "allgather.transfer", pc = 14 : i64}
    snr.dma.issue hbm[s1] -> rhbm<2>[s12], 4096, f2 {hlo = "allgather.transfer", pc = 15 : i64}
    snr.dma.issue hbm[s1] -> rhbm<3>[s13], 4096, f3 {hlo = "allgather.transfer", pc = 16 : i64}
    snr.dma.issue hbm[s1] -> hbm[s14], 4096, f4 {hlo = "allgather.transfer", pc = 17 : i64}
    snr.addi s1, s1, 4096 {hlo = "allgather.transfer", pc = 18 : i64}
    snr.addi s11, s11, 4096 {hlo = "allgather.transfer", pc = 19 : i64}
    snr.addi s12, s12, 4096 {hlo = "allgather.transfer", pc = 20 : i64}
    snr.addi s13, s13, 4096 {hlo = "allgather.transfer", pc = 21 : i64}
    snr.addi s14, s14, 4096 {hlo = "allgather.transfer", pc = 22 : i64}
    snr.addi s2, s2, -1 {hlo = "allgather.transfer", pc = 23 : i64}
    snr.cmpi gt p1, s2, 0 {hlo = "allgather.transfer", pc = 24 : i64}
    snr.br 14 if p1 {hlo = "allgather.transfer", pc = 25 : i64}
    snr.dma.issue hbm[s20 + 96] -> rhbm<1>[s21], 32, f5 {hlo = "allgather.transfer", pc = 26 : i64}
    snr.dma.issue hbm[s20 + 96] -> rhbm<2>[s22], 32, f5 {hlo = "allgather.transfer", pc = 27 : i64}
    snr.dma.issue hbm[s20 + 96] -> rhbm<3>[s23], 32, f5 {hlo = "allgather.transfer", pc = 28 : i64}
    snr.dma.wait f1 {hlo = "allgather.transfer", pc = 29 : i64}
    snr.dma.wait f2 {hlo = "allgather.transfer", pc = 30 : i64}
    snr.dma.wait f3 {hlo = "allgather.transfer", pc = 31 : i64}
    snr.dma.wait f4 {hlo = "allgather.transfer", pc = 32 : i64}
    snr.dma.wait f5 {hlo = "allgather.transfer", pc = 33 : i64}
    snr.movi s25, 3145728 {hlo = "allgather.transfer", pc = 34 : i64}
    snr.dma.issue hbm[s25] -> smem[128], 128, f0 {hlo = "allgather.transfer", pc = 35 : i64}
    snr.dma.wait f0 {hlo = "allgather.transfer", pc = 36 : i64}
    snr.ld s26, smem[160] {hlo = "allgather.transfer", pc = 37 : i64}
    snr.ld s27, smem[192] {hlo = "allgather.transfer", pc = 38 : i64}
    snr.ld s28, smem[224] {hlo = "allgather.transfer", pc = 39 : i64}
    snr.add s26, s26, s27 {hlo = "allgather.transfer", pc = 40 : i64}
    snr.add s26, s26, s28 {hlo = "allgather.transfer", pc = 41 : i64}
    snr.cmpi ge p2, s26, 3 {hlo = "allgather.transfer", pc = 42 : i64}
    snr.br 35 if not p2 {hlo = "allgather.transfer", pc = 43 : i64}
    snr.halt {hlo = "allgather.transfer", pc = 44 : i64}
  }
}
