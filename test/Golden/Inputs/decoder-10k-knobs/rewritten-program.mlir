module {
  snr.program @decoder_prefill {
    snr.snapshot {
      snr.init_mem hbm[1048576] = dense<-68> : tensor<12288xi8>
      snr.init_mem hbm[1060864] = dense<-68> : tensor<4096xi8>
      snr.init_mem hbm[1064960] = dense<61> : tensor<16384xi8>
      snr.init_mem hbm[1081344] = dense<-69> : tensor<16384xi8>
      snr.init_mem hbm[1105920] = dense<62> : tensor<2048xi8>
      snr.init_mem hbm[1114116] = dense<-49> : tensor<60xi8>
      snr.init_mem hbm[1114184] = dense<-49> : tensor<56xi8>
      snr.init_mem hbm[1114252] = dense<-49> : tensor<52xi8>
      snr.init_mem hbm[1114320] = dense<-49> : tensor<48xi8>
      snr.init_mem hbm[1114388] = dense<-49> : tensor<44xi8>
      snr.init_mem hbm[1114456] = dense<-49> : tensor<40xi8>
      snr.init_mem hbm[1114524] = dense<-49> : tensor<36xi8>
      snr.init_mem hbm[1114592] = dense<-49> : tensor<32xi8>
      snr.init_mem hbm[1114660] = dense<-49> : tensor<28xi8>
      snr.init_mem hbm[1114728] = dense<-49> : tensor<24xi8>
      snr.init_mem hbm[1114796] = dense<-49> : tensor<20xi8>
      snr.init_mem hbm[1114864] = dense<-49> : tensor<16xi8>
      snr.init_mem hbm[1114932] = dense<-49> : tensor<12xi8>
      snr.init_mem hbm[1115000] = dense<-49> : tensor<8xi8>
      snr.init_mem hbm[1115068] = dense<-49> : tensor<4xi8>
    }
    snr.dma.issue hbm[1105920] -> vmem[16775168], 2048, f0 {hlo = "setup", pc = 0 : i64}
    snr.dma.issue hbm[1114112] -> vmem[16774144], 1024, f0 {hlo = "setup", pc = 1 : i64}
    snr.dma.issue hbm[1048576] -> vmem[0], 2048, f1 {hlo = "setup", pc = 2 : i64}
    snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
    snr.movi s1, 0 {hlo = "layer0.qkv_proj", pc = 4 : i64}
    snr.movi s0, 1050624 {hlo = "layer0.qkv_proj", pc = 5 : i64}
    snr.movi s2, 2048 {hlo = "layer0.qkv_proj", pc = 6 : i64}
    snr.movi s3, 6 {hlo = "layer0.qkv_proj", pc = 7 : i64}
    snr.movi s4, 16768000 {hlo = "layer0.qkv_proj", pc = 8 : i64}
    snr.movi s8, 1 {hlo = "layer0.qkv_proj", pc = 9 : i64}
    snr.movi s5, 6 {hlo = "layer0.qkv_proj", pc = 10 : i64}
    snr.dma.wait f1 {hlo = "layer0.qkv_proj", pc = 11 : i64}
    snr.xori s6, s1, 2048 {hlo = "layer0.qkv_proj", pc = 12 : i64}
    snr.addi s7, s3, -1 {hlo = "layer0.qkv_proj", pc = 13 : i64}
    snr.cmpi gt p6, s7, 0 {hlo = "layer0.qkv_proj", pc = 14 : i64}
    snr.dma.issue hbm[s0] -> vmem[s6], 2048, f1 if p6 {hlo = "layer0.qkv_proj", pc = 15 : i64}
    snr.cmpi gt p6, s3, 1 {hlo = "layer0.qkv_proj", pc = 16 : i64}
    snr.mov s6, s1 {hlo = "layer0.qkv_proj", pc = 17 : i64}
    snr.movi s7, 16775168 {hlo = "layer0.qkv_proj", pc = 18 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.qkv_proj", pc = 19 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.qkv_proj", pc = 20 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.qkv_proj", pc = 21 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.qkv_proj", pc = 22 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.qkv_proj", pc = 23 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.qkv_proj", pc = 24 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.qkv_proj", pc = 25 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.qkv_proj", pc = 26 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.qkv_proj", pc = 27 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.qkv_proj", pc = 28 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.qkv_proj", pc = 29 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.qkv_proj", pc = 30 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.qkv_proj", pc = 31 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.qkv_proj", pc = 32 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.qkv_proj", pc = 33 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.qkv_proj", pc = 34 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.qkv_proj", pc = 35 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.qkv_proj", pc = 36 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.qkv_proj", pc = 37 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.qkv_proj", pc = 38 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.qkv_proj", pc = 39 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.qkv_proj", pc = 40 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.qkv_proj", pc = 41 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.qkv_proj", pc = 42 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.qkv_proj", pc = 43 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.qkv_proj", pc = 44 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.qkv_proj", pc = 45 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.qkv_proj", pc = 46 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.qkv_proj", pc = 47 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.qkv_proj", pc = 48 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.qkv_proj", pc = 49 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.qkv_proj", pc = 50 : i64}
    snr.mov s9, s7 {hlo = "layer0.qkv_proj", pc = 51 : i64}
    snr.mov s10, s4 {hlo = "layer0.qkv_proj", pc = 52 : i64}
    snr.movi s11, 1 {hlo = "layer0.qkv_proj", pc = 53 : i64}
    snr.vld v16, vmem[s9] {hlo = "layer0.qkv_proj", pc = 54 : i64}
    snr.vld v17, vmem[s9 + 128] {hlo = "layer0.qkv_proj", pc = 55 : i64}
    snr.vld v18, vmem[s9 + 256] {hlo = "layer0.qkv_proj", pc = 56 : i64}
    snr.vld v19, vmem[s9 + 384] {hlo = "layer0.qkv_proj", pc = 57 : i64}
    snr.vld v20, vmem[s9 + 512] {hlo = "layer0.qkv_proj", pc = 58 : i64}
    snr.vld v21, vmem[s9 + 640] {hlo = "layer0.qkv_proj", pc = 59 : i64}
    snr.vld v22, vmem[s9 + 768] {hlo = "layer0.qkv_proj", pc = 60 : i64}
    snr.vld v23, vmem[s9 + 896] {hlo = "layer0.qkv_proj", pc = 61 : i64}
    snr.vld v24, vmem[s9 + 1024] {hlo = "layer0.qkv_proj", pc = 62 : i64}
    snr.vld v25, vmem[s9 + 1152] {hlo = "layer0.qkv_proj", pc = 63 : i64}
    snr.vld v26, vmem[s9 + 1280] {hlo = "layer0.qkv_proj", pc = 64 : i64}
    snr.vld v27, vmem[s9 + 1408] {hlo = "layer0.qkv_proj", pc = 65 : i64}
    snr.vld v28, vmem[s9 + 1536] {hlo = "layer0.qkv_proj", pc = 66 : i64}
    snr.vld v29, vmem[s9 + 1664] {hlo = "layer0.qkv_proj", pc = 67 : i64}
    snr.vld v30, vmem[s9 + 1792] {hlo = "layer0.qkv_proj", pc = 68 : i64}
    snr.vld v31, vmem[s9 + 1920] {hlo = "layer0.qkv_proj", pc = 69 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.qkv_proj", pc = 70 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.qkv_proj", pc = 71 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.qkv_proj", pc = 72 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.qkv_proj", pc = 73 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.qkv_proj", pc = 74 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.qkv_proj", pc = 75 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.qkv_proj", pc = 76 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.qkv_proj", pc = 77 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.qkv_proj", pc = 78 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.qkv_proj", pc = 79 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.qkv_proj", pc = 80 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.qkv_proj", pc = 81 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.qkv_proj", pc = 82 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.qkv_proj", pc = 83 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.qkv_proj", pc = 84 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.qkv_proj", pc = 85 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.qkv_proj", pc = 86 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.qkv_proj", pc = 87 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.qkv_proj", pc = 88 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.qkv_proj", pc = 89 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.qkv_proj", pc = 90 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.qkv_proj", pc = 91 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.qkv_proj", pc = 92 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.qkv_proj", pc = 93 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.qkv_proj", pc = 94 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.qkv_proj", pc = 95 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.qkv_proj", pc = 96 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.qkv_proj", pc = 97 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.qkv_proj", pc = 98 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.qkv_proj", pc = 99 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.qkv_proj", pc = 100 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.qkv_proj", pc = 101 : i64}
    snr.vst v0, vmem[s10] {hlo = "layer0.qkv_proj", pc = 102 : i64}
    snr.vst v1, vmem[s10 + 64] {hlo = "layer0.qkv_proj", pc = 103 : i64}
    snr.vst v2, vmem[s10 + 128] {hlo = "layer0.qkv_proj", pc = 104 : i64}
    snr.vst v3, vmem[s10 + 192] {hlo = "layer0.qkv_proj", pc = 105 : i64}
    snr.vst v4, vmem[s10 + 256] {hlo = "layer0.qkv_proj", pc = 106 : i64}
    snr.vst v5, vmem[s10 + 320] {hlo = "layer0.qkv_proj", pc = 107 : i64}
    snr.vst v6, vmem[s10 + 384] {hlo = "layer0.qkv_proj", pc = 108 : i64}
    snr.vst v7, vmem[s10 + 448] {hlo = "layer0.qkv_proj", pc = 109 : i64}
    snr.vst v8, vmem[s10 + 512] {hlo = "layer0.qkv_proj", pc = 110 : i64}
    snr.vst v9, vmem[s10 + 576] {hlo = "layer0.qkv_proj", pc = 111 : i64}
    snr.vst v10, vmem[s10 + 640] {hlo = "layer0.qkv_proj", pc = 112 : i64}
    snr.vst v11, vmem[s10 + 704] {hlo = "layer0.qkv_proj", pc = 113 : i64}
    snr.vst v12, vmem[s10 + 768] {hlo = "layer0.qkv_proj", pc = 114 : i64}
    snr.vst v13, vmem[s10 + 832] {hlo = "layer0.qkv_proj", pc = 115 : i64}
    snr.vst v14, vmem[s10 + 896] {hlo = "layer0.qkv_proj", pc = 116 : i64}
    snr.vst v15, vmem[s10 + 960] {hlo = "layer0.qkv_proj", pc = 117 : i64}
    snr.addi s9, s9, 2048 {hlo = "layer0.qkv_proj", pc = 118 : i64}
    snr.addi s10, s10, 1024 {hlo = "layer0.qkv_proj", pc = 119 : i64}
    snr.movi s9, 1 {hlo = "layer0.qkv_proj", pc = 120 : i64}
    snr.addi s6, s6, 1024 {hlo = "layer0.qkv_proj", pc = 121 : i64}
    snr.addi s7, s7, 64 {hlo = "layer0.qkv_proj", pc = 122 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.qkv_proj", pc = 123 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.qkv_proj", pc = 124 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.qkv_proj", pc = 125 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.qkv_proj", pc = 126 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.qkv_proj", pc = 127 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.qkv_proj", pc = 128 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.qkv_proj", pc = 129 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.qkv_proj", pc = 130 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.qkv_proj", pc = 131 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.qkv_proj", pc = 132 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.qkv_proj", pc = 133 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.qkv_proj", pc = 134 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.qkv_proj", pc = 135 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.qkv_proj", pc = 136 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.qkv_proj", pc = 137 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.qkv_proj", pc = 138 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.qkv_proj", pc = 139 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.qkv_proj", pc = 140 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.qkv_proj", pc = 141 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.qkv_proj", pc = 142 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.qkv_proj", pc = 143 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.qkv_proj", pc = 144 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.qkv_proj", pc = 145 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.qkv_proj", pc = 146 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.qkv_proj", pc = 147 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.qkv_proj", pc = 148 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.qkv_proj", pc = 149 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.qkv_proj", pc = 150 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.qkv_proj", pc = 151 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.qkv_proj", pc = 152 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.qkv_proj", pc = 153 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.qkv_proj", pc = 154 : i64}
    snr.mov s10, s7 {hlo = "layer0.qkv_proj", pc = 155 : i64}
    snr.mov s11, s4 {hlo = "layer0.qkv_proj", pc = 156 : i64}
    snr.movi s12, 1 {hlo = "layer0.qkv_proj", pc = 157 : i64}
    snr.vld v16, vmem[s10] {hlo = "layer0.qkv_proj", pc = 158 : i64}
    snr.vld v17, vmem[s10 + 128] {hlo = "layer0.qkv_proj", pc = 159 : i64}
    snr.vld v18, vmem[s10 + 256] {hlo = "layer0.qkv_proj", pc = 160 : i64}
    snr.vld v19, vmem[s10 + 384] {hlo = "layer0.qkv_proj", pc = 161 : i64}
    snr.vld v20, vmem[s10 + 512] {hlo = "layer0.qkv_proj", pc = 162 : i64}
    snr.vld v21, vmem[s10 + 640] {hlo = "layer0.qkv_proj", pc = 163 : i64}
    snr.vld v22, vmem[s10 + 768] {hlo = "layer0.qkv_proj", pc = 164 : i64}
    snr.vld v23, vmem[s10 + 896] {hlo = "layer0.qkv_proj", pc = 165 : i64}
    snr.vld v24, vmem[s10 + 1024] {hlo = "layer0.qkv_proj", pc = 166 : i64}
    snr.vld v25, vmem[s10 + 1152] {hlo = "layer0.qkv_proj", pc = 167 : i64}
    snr.vld v26, vmem[s10 + 1280] {hlo = "layer0.qkv_proj", pc = 168 : i64}
    snr.vld v27, vmem[s10 + 1408] {hlo = "layer0.qkv_proj", pc = 169 : i64}
    snr.vld v28, vmem[s10 + 1536] {hlo = "layer0.qkv_proj", pc = 170 : i64}
    snr.vld v29, vmem[s10 + 1664] {hlo = "layer0.qkv_proj", pc = 171 : i64}
    snr.vld v30, vmem[s10 + 1792] {hlo = "layer0.qkv_proj", pc = 172 : i64}
    snr.vld v31, vmem[s10 + 1920] {hlo = "layer0.qkv_proj", pc = 173 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.qkv_proj", pc = 174 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.qkv_proj", pc = 175 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.qkv_proj", pc = 176 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.qkv_proj", pc = 177 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.qkv_proj", pc = 178 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.qkv_proj", pc = 179 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.qkv_proj", pc = 180 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.qkv_proj", pc = 181 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.qkv_proj", pc = 182 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.qkv_proj", pc = 183 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.qkv_proj", pc = 184 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.qkv_proj", pc = 185 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.qkv_proj", pc = 186 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.qkv_proj", pc = 187 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.qkv_proj", pc = 188 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.qkv_proj", pc = 189 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.qkv_proj", pc = 190 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.qkv_proj", pc = 191 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.qkv_proj", pc = 192 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.qkv_proj", pc = 193 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.qkv_proj", pc = 194 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.qkv_proj", pc = 195 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.qkv_proj", pc = 196 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.qkv_proj", pc = 197 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.qkv_proj", pc = 198 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.qkv_proj", pc = 199 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.qkv_proj", pc = 200 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.qkv_proj", pc = 201 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.qkv_proj", pc = 202 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.qkv_proj", pc = 203 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.qkv_proj", pc = 204 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.qkv_proj", pc = 205 : i64}
    snr.vld v16, vmem[s11] {hlo = "layer0.qkv_proj", pc = 206 : i64}
    snr.vld v17, vmem[s11 + 64] {hlo = "layer0.qkv_proj", pc = 207 : i64}
    snr.vld v18, vmem[s11 + 128] {hlo = "layer0.qkv_proj", pc = 208 : i64}
    snr.vld v19, vmem[s11 + 192] {hlo = "layer0.qkv_proj", pc = 209 : i64}
    snr.vld v20, vmem[s11 + 256] {hlo = "layer0.qkv_proj", pc = 210 : i64}
    snr.vld v21, vmem[s11 + 320] {hlo = "layer0.qkv_proj", pc = 211 : i64}
    snr.vld v22, vmem[s11 + 384] {hlo = "layer0.qkv_proj", pc = 212 : i64}
    snr.vld v23, vmem[s11 + 448] {hlo = "layer0.qkv_proj", pc = 213 : i64}
    snr.vld v24, vmem[s11 + 512] {hlo = "layer0.qkv_proj", pc = 214 : i64}
    snr.vld v25, vmem[s11 + 576] {hlo = "layer0.qkv_proj", pc = 215 : i64}
    snr.vld v26, vmem[s11 + 640] {hlo = "layer0.qkv_proj", pc = 216 : i64}
    snr.vld v27, vmem[s11 + 704] {hlo = "layer0.qkv_proj", pc = 217 : i64}
    snr.vld v28, vmem[s11 + 768] {hlo = "layer0.qkv_proj", pc = 218 : i64}
    snr.vld v29, vmem[s11 + 832] {hlo = "layer0.qkv_proj", pc = 219 : i64}
    snr.vld v30, vmem[s11 + 896] {hlo = "layer0.qkv_proj", pc = 220 : i64}
    snr.vld v31, vmem[s11 + 960] {hlo = "layer0.qkv_proj", pc = 221 : i64}
    snr.vadd v0, v0, v16 {hlo = "layer0.qkv_proj", pc = 222 : i64}
    snr.vadd v1, v1, v17 {hlo = "layer0.qkv_proj", pc = 223 : i64}
    snr.vadd v2, v2, v18 {hlo = "layer0.qkv_proj", pc = 224 : i64}
    snr.vadd v3, v3, v19 {hlo = "layer0.qkv_proj", pc = 225 : i64}
    snr.vadd v4, v4, v20 {hlo = "layer0.qkv_proj", pc = 226 : i64}
    snr.vadd v5, v5, v21 {hlo = "layer0.qkv_proj", pc = 227 : i64}
    snr.vadd v6, v6, v22 {hlo = "layer0.qkv_proj", pc = 228 : i64}
    snr.vadd v7, v7, v23 {hlo = "layer0.qkv_proj", pc = 229 : i64}
    snr.vadd v8, v8, v24 {hlo = "layer0.qkv_proj", pc = 230 : i64}
    snr.vadd v9, v9, v25 {hlo = "layer0.qkv_proj", pc = 231 : i64}
    snr.vadd v10, v10, v26 {hlo = "layer0.qkv_proj", pc = 232 : i64}
    snr.vadd v11, v11, v27 {hlo = "layer0.qkv_proj", pc = 233 : i64}
    snr.vadd v12, v12, v28 {hlo = "layer0.qkv_proj", pc = 234 : i64}
    snr.vadd v13, v13, v29 {hlo = "layer0.qkv_proj", pc = 235 : i64}
    snr.vadd v14, v14, v30 {hlo = "layer0.qkv_proj", pc = 236 : i64}
    snr.vadd v15, v15, v31 {hlo = "layer0.qkv_proj", pc = 237 : i64}
    snr.vst v0, vmem[s11] {hlo = "layer0.qkv_proj", pc = 238 : i64}
    snr.vst v1, vmem[s11 + 64] {hlo = "layer0.qkv_proj", pc = 239 : i64}
    snr.vst v2, vmem[s11 + 128] {hlo = "layer0.qkv_proj", pc = 240 : i64}
    snr.vst v3, vmem[s11 + 192] {hlo = "layer0.qkv_proj", pc = 241 : i64}
    snr.vst v4, vmem[s11 + 256] {hlo = "layer0.qkv_proj", pc = 242 : i64}
    snr.vst v5, vmem[s11 + 320] {hlo = "layer0.qkv_proj", pc = 243 : i64}
    snr.vst v6, vmem[s11 + 384] {hlo = "layer0.qkv_proj", pc = 244 : i64}
    snr.vst v7, vmem[s11 + 448] {hlo = "layer0.qkv_proj", pc = 245 : i64}
    snr.vst v8, vmem[s11 + 512] {hlo = "layer0.qkv_proj", pc = 246 : i64}
    snr.vst v9, vmem[s11 + 576] {hlo = "layer0.qkv_proj", pc = 247 : i64}
    snr.vst v10, vmem[s11 + 640] {hlo = "layer0.qkv_proj", pc = 248 : i64}
    snr.vst v11, vmem[s11 + 704] {hlo = "layer0.qkv_proj", pc = 249 : i64}
    snr.vst v12, vmem[s11 + 768] {hlo = "layer0.qkv_proj", pc = 250 : i64}
    snr.vst v13, vmem[s11 + 832] {hlo = "layer0.qkv_proj", pc = 251 : i64}
    snr.vst v14, vmem[s11 + 896] {hlo = "layer0.qkv_proj", pc = 252 : i64}
    snr.vst v15, vmem[s11 + 960] {hlo = "layer0.qkv_proj", pc = 253 : i64}
    snr.addi s10, s10, 2048 {hlo = "layer0.qkv_proj", pc = 254 : i64}
    snr.addi s11, s11, 1024 {hlo = "layer0.qkv_proj", pc = 255 : i64}
    snr.addi s4, s4, 64 {hlo = "layer0.qkv_proj", pc = 256 : i64}
    snr.addi s8, s8, -1 {hlo = "layer0.qkv_proj", pc = 257 : i64}
    snr.cmpi eq p4, s8, 0 {hlo = "layer0.qkv_proj", pc = 258 : i64}
    snr.addi s4, s4, 960 if p4 {hlo = "layer0.qkv_proj", pc = 259 : i64}
    snr.movi s8, 1 if p4 {hlo = "layer0.qkv_proj", pc = 260 : i64}
    snr.xori s1, s1, 2048 {hlo = "layer0.qkv_proj", pc = 261 : i64}
    snr.xori s2, s2, 2048 {hlo = "layer0.qkv_proj", pc = 262 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.qkv_proj", pc = 263 : i64}
    snr.addi s0, s0, 2048 {hlo = "layer0.qkv_proj", pc = 264 : i64}
    snr.addi s5, s5, -1 {hlo = "layer0.qkv_proj", pc = 265 : i64}
    snr.cmpi gt p7, s5, 0 {hlo = "layer0.qkv_proj", pc = 266 : i64}
    snr.br 11 if p7 {hlo = "layer0.qkv_proj", pc = 267 : i64}
    snr.dma.issue vmem[16770048] -> hbm[1097728], 1024, f3 {hlo = "layer0.kv_writeback", pc = 268 : i64}
    snr.dma.issue vmem[16772096] -> hbm[1101824], 1024, f3 {hlo = "layer0.kv_writeback", pc = 269 : i64}
    snr.dma.issue vmem[16771072] -> hbm[1098752], 1024, f3 {hlo = "layer0.kv_writeback", pc = 270 : i64}
    snr.dma.issue vmem[16773120] -> hbm[1102848], 1024, f3 {hlo = "layer0.kv_writeback", pc = 271 : i64}
    snr.movi s0, 16768000 {hlo = "layer0.attention", pc = 272 : i64}
    snr.movi s1, 16765952 {hlo = "layer0.attention", pc = 273 : i64}
    snr.movi s3, 2 {hlo = "layer0.attention", pc = 274 : i64}
    snr.mov s2, s1 {hlo = "layer0.attention", pc = 275 : i64}
    snr.movi s4, 1 {hlo = "layer0.attention", pc = 276 : i64}
    snr.mov s5, s0 {hlo = "layer0.attention", pc = 277 : i64}
    snr.mov s6, s2 {hlo = "layer0.attention", pc = 278 : i64}
    snr.movi s7, 16774144 {hlo = "layer0.attention", pc = 279 : i64}
    snr.movi s8, 1 {hlo = "layer0.attention", pc = 280 : i64}
    snr.addi s9, s0, 2048 {hlo = "layer0.attention", pc = 281 : i64}
    snr.movi s10, 0 {hlo = "layer0.attention", pc = 282 : i64}
    snr.mov s11, s7 {hlo = "layer0.attention", pc = 283 : i64}
    snr.movi s12, 1 {hlo = "layer0.attention", pc = 284 : i64}
    snr.vld v16, vmem[s9] {hlo = "layer0.attention", pc = 285 : i64}
    snr.vld v17, vmem[s9 + 64] {hlo = "layer0.attention", pc = 286 : i64}
    snr.vld v18, vmem[s9 + 128] {hlo = "layer0.attention", pc = 287 : i64}
    snr.vld v19, vmem[s9 + 192] {hlo = "layer0.attention", pc = 288 : i64}
    snr.vld v20, vmem[s9 + 256] {hlo = "layer0.attention", pc = 289 : i64}
    snr.vld v21, vmem[s9 + 320] {hlo = "layer0.attention", pc = 290 : i64}
    snr.vld v22, vmem[s9 + 384] {hlo = "layer0.attention", pc = 291 : i64}
    snr.vld v23, vmem[s9 + 448] {hlo = "layer0.attention", pc = 292 : i64}
    snr.vld v24, vmem[s9 + 512] {hlo = "layer0.attention", pc = 293 : i64}
    snr.vld v25, vmem[s9 + 576] {hlo = "layer0.attention", pc = 294 : i64}
    snr.vld v26, vmem[s9 + 640] {hlo = "layer0.attention", pc = 295 : i64}
    snr.vld v27, vmem[s9 + 704] {hlo = "layer0.attention", pc = 296 : i64}
    snr.vld v28, vmem[s9 + 768] {hlo = "layer0.attention", pc = 297 : i64}
    snr.vld v29, vmem[s9 + 832] {hlo = "layer0.attention", pc = 298 : i64}
    snr.vld v30, vmem[s9 + 896] {hlo = "layer0.attention", pc = 299 : i64}
    snr.vld v31, vmem[s9 + 960] {hlo = "layer0.attention", pc = 300 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.attention", pc = 301 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.attention", pc = 302 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.attention", pc = 303 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.attention", pc = 304 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.attention", pc = 305 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.attention", pc = 306 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.attention", pc = 307 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.attention", pc = 308 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.attention", pc = 309 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.attention", pc = 310 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.attention", pc = 311 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.attention", pc = 312 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.attention", pc = 313 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.attention", pc = 314 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.attention", pc = 315 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.attention", pc = 316 : i64}
    snr.vld v16, vmem[s5] {hlo = "layer0.attention", pc = 317 : i64}
    snr.vld v17, vmem[s5 + 64] {hlo = "layer0.attention", pc = 318 : i64}
    snr.vld v18, vmem[s5 + 128] {hlo = "layer0.attention", pc = 319 : i64}
    snr.vld v19, vmem[s5 + 192] {hlo = "layer0.attention", pc = 320 : i64}
    snr.vld v20, vmem[s5 + 256] {hlo = "layer0.attention", pc = 321 : i64}
    snr.vld v21, vmem[s5 + 320] {hlo = "layer0.attention", pc = 322 : i64}
    snr.vld v22, vmem[s5 + 384] {hlo = "layer0.attention", pc = 323 : i64}
    snr.vld v23, vmem[s5 + 448] {hlo = "layer0.attention", pc = 324 : i64}
    snr.vld v24, vmem[s5 + 512] {hlo = "layer0.attention", pc = 325 : i64}
    snr.vld v25, vmem[s5 + 576] {hlo = "layer0.attention", pc = 326 : i64}
    snr.vld v26, vmem[s5 + 640] {hlo = "layer0.attention", pc = 327 : i64}
    snr.vld v27, vmem[s5 + 704] {hlo = "layer0.attention", pc = 328 : i64}
    snr.vld v28, vmem[s5 + 768] {hlo = "layer0.attention", pc = 329 : i64}
    snr.vld v29, vmem[s5 + 832] {hlo = "layer0.attention", pc = 330 : i64}
    snr.vld v30, vmem[s5 + 896] {hlo = "layer0.attention", pc = 331 : i64}
    snr.vld v31, vmem[s5 + 960] {hlo = "layer0.attention", pc = 332 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.attention", pc = 333 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.attention", pc = 334 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.attention", pc = 335 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.attention", pc = 336 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.attention", pc = 337 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.attention", pc = 338 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.attention", pc = 339 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.attention", pc = 340 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.attention", pc = 341 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.attention", pc = 342 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.attention", pc = 343 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.attention", pc = 344 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.attention", pc = 345 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.attention", pc = 346 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.attention", pc = 347 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.attention", pc = 348 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.attention", pc = 349 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.attention", pc = 350 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.attention", pc = 351 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.attention", pc = 352 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.attention", pc = 353 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.attention", pc = 354 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.attention", pc = 355 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.attention", pc = 356 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.attention", pc = 357 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.attention", pc = 358 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.attention", pc = 359 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.attention", pc = 360 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.attention", pc = 361 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.attention", pc = 362 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.attention", pc = 363 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.attention", pc = 364 : i64}
    snr.vsplat v16, 2.500000e-01 {hlo = "layer0.attention", pc = 365 : i64}
    snr.vmul v0, v0, v16 {hlo = "layer0.attention", pc = 366 : i64}
    snr.vld v17, vmem[s11] {hlo = "layer0.attention", pc = 367 : i64}
    snr.vadd v0, v0, v17 {hlo = "layer0.attention", pc = 368 : i64}
    snr.vst v0, vmem[s10] {hlo = "layer0.attention", pc = 369 : i64}
    snr.vmul v1, v1, v16 {hlo = "layer0.attention", pc = 370 : i64}
    snr.vld v17, vmem[s11 + 64] {hlo = "layer0.attention", pc = 371 : i64}
    snr.vadd v1, v1, v17 {hlo = "layer0.attention", pc = 372 : i64}
    snr.vst v1, vmem[s10 + 64] {hlo = "layer0.attention", pc = 373 : i64}
    snr.vmul v2, v2, v16 {hlo = "layer0.attention", pc = 374 : i64}
    snr.vld v17, vmem[s11 + 128] {hlo = "layer0.attention", pc = 375 : i64}
    snr.vadd v2, v2, v17 {hlo = "layer0.attention", pc = 376 : i64}
    snr.vst v2, vmem[s10 + 128] {hlo = "layer0.attention", pc = 377 : i64}
    snr.vmul v3, v3, v16 {hlo = "layer0.attention", pc = 378 : i64}
    snr.vld v17, vmem[s11 + 192] {hlo = "layer0.attention", pc = 379 : i64}
    snr.vadd v3, v3, v17 {hlo = "layer0.attention", pc = 380 : i64}
    snr.vst v3, vmem[s10 + 192] {hlo = "layer0.attention", pc = 381 : i64}
    snr.vmul v4, v4, v16 {hlo = "layer0.attention", pc = 382 : i64}
    snr.vld v17, vmem[s11 + 256] {hlo = "layer0.attention", pc = 383 : i64}
    snr.vadd v4, v4, v17 {hlo = "layer0.attention", pc = 384 : i64}
    snr.vst v4, vmem[s10 + 256] {hlo = "layer0.attention", pc = 385 : i64}
    snr.vmul v5, v5, v16 {hlo = "layer0.attention", pc = 386 : i64}
    snr.vld v17, vmem[s11 + 320] {hlo = "layer0.attention", pc = 387 : i64}
    snr.vadd v5, v5, v17 {hlo = "layer0.attention", pc = 388 : i64}
    snr.vst v5, vmem[s10 + 320] {hlo = "layer0.attention", pc = 389 : i64}
    snr.vmul v6, v6, v16 {hlo = "layer0.attention", pc = 390 : i64}
    snr.vld v17, vmem[s11 + 384] {hlo = "layer0.attention", pc = 391 : i64}
    snr.vadd v6, v6, v17 {hlo = "layer0.attention", pc = 392 : i64}
    snr.vst v6, vmem[s10 + 384] {hlo = "layer0.attention", pc = 393 : i64}
    snr.vmul v7, v7, v16 {hlo = "layer0.attention", pc = 394 : i64}
    snr.vld v17, vmem[s11 + 448] {hlo = "layer0.attention", pc = 395 : i64}
    snr.vadd v7, v7, v17 {hlo = "layer0.attention", pc = 396 : i64}
    snr.vst v7, vmem[s10 + 448] {hlo = "layer0.attention", pc = 397 : i64}
    snr.vmul v8, v8, v16 {hlo = "layer0.attention", pc = 398 : i64}
    snr.vld v17, vmem[s11 + 512] {hlo = "layer0.attention", pc = 399 : i64}
    snr.vadd v8, v8, v17 {hlo = "layer0.attention", pc = 400 : i64}
    snr.vst v8, vmem[s10 + 512] {hlo = "layer0.attention", pc = 401 : i64}
    snr.vmul v9, v9, v16 {hlo = "layer0.attention", pc = 402 : i64}
    snr.vld v17, vmem[s11 + 576] {hlo = "layer0.attention", pc = 403 : i64}
    snr.vadd v9, v9, v17 {hlo = "layer0.attention", pc = 404 : i64}
    snr.vst v9, vmem[s10 + 576] {hlo = "layer0.attention", pc = 405 : i64}
    snr.vmul v10, v10, v16 {hlo = "layer0.attention", pc = 406 : i64}
    snr.vld v17, vmem[s11 + 640] {hlo = "layer0.attention", pc = 407 : i64}
    snr.vadd v10, v10, v17 {hlo = "layer0.attention", pc = 408 : i64}
    snr.vst v10, vmem[s10 + 640] {hlo = "layer0.attention", pc = 409 : i64}
    snr.vmul v11, v11, v16 {hlo = "layer0.attention", pc = 410 : i64}
    snr.vld v17, vmem[s11 + 704] {hlo = "layer0.attention", pc = 411 : i64}
    snr.vadd v11, v11, v17 {hlo = "layer0.attention", pc = 412 : i64}
    snr.vst v11, vmem[s10 + 704] {hlo = "layer0.attention", pc = 413 : i64}
    snr.vmul v12, v12, v16 {hlo = "layer0.attention", pc = 414 : i64}
    snr.vld v17, vmem[s11 + 768] {hlo = "layer0.attention", pc = 415 : i64}
    snr.vadd v12, v12, v17 {hlo = "layer0.attention", pc = 416 : i64}
    snr.vst v12, vmem[s10 + 768] {hlo = "layer0.attention", pc = 417 : i64}
    snr.vmul v13, v13, v16 {hlo = "layer0.attention", pc = 418 : i64}
    snr.vld v17, vmem[s11 + 832] {hlo = "layer0.attention", pc = 419 : i64}
    snr.vadd v13, v13, v17 {hlo = "layer0.attention", pc = 420 : i64}
    snr.vst v13, vmem[s10 + 832] {hlo = "layer0.attention", pc = 421 : i64}
    snr.vmul v14, v14, v16 {hlo = "layer0.attention", pc = 422 : i64}
    snr.vld v17, vmem[s11 + 896] {hlo = "layer0.attention", pc = 423 : i64}
    snr.vadd v14, v14, v17 {hlo = "layer0.attention", pc = 424 : i64}
    snr.vst v14, vmem[s10 + 896] {hlo = "layer0.attention", pc = 425 : i64}
    snr.vmul v15, v15, v16 {hlo = "layer0.attention", pc = 426 : i64}
    snr.vld v17, vmem[s11 + 960] {hlo = "layer0.attention", pc = 427 : i64}
    snr.vadd v15, v15, v17 {hlo = "layer0.attention", pc = 428 : i64}
    snr.vst v15, vmem[s10 + 960] {hlo = "layer0.attention", pc = 429 : i64}
    snr.addi s9, s9, 1024 {hlo = "layer0.attention", pc = 430 : i64}
    snr.addi s10, s10, 64 {hlo = "layer0.attention", pc = 431 : i64}
    snr.addi s11, s11, 64 {hlo = "layer0.attention", pc = 432 : i64}
    snr.movi s9, 0 {hlo = "layer0.attention", pc = 433 : i64}
    snr.movi s10, 1024 {hlo = "layer0.attention", pc = 434 : i64}
    snr.movi s11, 16 {hlo = "layer0.attention", pc = 435 : i64}
    snr.vsplat v0, -3.000000e+38 {hlo = "layer0.attention", pc = 436 : i64}
    snr.mov s12, s9 {hlo = "layer0.attention", pc = 437 : i64}
    snr.movi s13, 1 {hlo = "layer0.attention", pc = 438 : i64}
    snr.vld v8, vmem[s12] {hlo = "layer0.attention", pc = 439 : i64}
    snr.vmax v0, v0, v8 {hlo = "layer0.attention", pc = 440 : i64}
    snr.addi s12, s12, 64 {hlo = "layer0.attention", pc = 441 : i64}
    snr.vredmax v1, v0 {hlo = "layer0.attention", pc = 442 : i64}
    snr.vsplat v2, 0.000000e+00 {hlo = "layer0.attention", pc = 443 : i64}
    snr.mov s12, s9 {hlo = "layer0.attention", pc = 444 : i64}
    snr.movi s13, 1 {hlo = "layer0.attention", pc = 445 : i64}
    snr.vld v8, vmem[s12] {hlo = "layer0.attention", pc = 446 : i64}
    snr.vsub v8, v8, v1 {hlo = "layer0.attention", pc = 447 : i64}
    snr.vexp v8, v8 {hlo = "layer0.attention", pc = 448 : i64}
    snr.vst v8, vmem[s12] {hlo = "layer0.attention", pc = 449 : i64}
    snr.vadd v2, v2, v8 {hlo = "layer0.attention", pc = 450 : i64}
    snr.addi s12, s12, 64 {hlo = "layer0.attention", pc = 451 : i64}
    snr.vredsum v3, v2 {hlo = "layer0.attention", pc = 452 : i64}
    snr.vrecip v3, v3 {hlo = "layer0.attention", pc = 453 : i64}
    snr.vst v3, vmem[s10] {hlo = "layer0.attention", pc = 454 : i64}
    snr.addi s9, s9, 64 {hlo = "layer0.attention", pc = 455 : i64}
    snr.addi s10, s10, 64 {hlo = "layer0.attention", pc = 456 : i64}
    snr.addi s11, s11, -1 {hlo = "layer0.attention", pc = 457 : i64}
    snr.cmpi gt p7, s11, 0 {hlo = "layer0.attention", pc = 458 : i64}
    snr.br 436 if p7 {hlo = "layer0.attention", pc = 459 : i64}
    snr.vsplat v0, 0.000000e+00 {hlo = "layer0.attention", pc = 460 : i64}
    snr.vsplat v1, 0.000000e+00 {hlo = "layer0.attention", pc = 461 : i64}
    snr.vsplat v2, 0.000000e+00 {hlo = "layer0.attention", pc = 462 : i64}
    snr.vsplat v3, 0.000000e+00 {hlo = "layer0.attention", pc = 463 : i64}
    snr.vsplat v4, 0.000000e+00 {hlo = "layer0.attention", pc = 464 : i64}
    snr.vsplat v5, 0.000000e+00 {hlo = "layer0.attention", pc = 465 : i64}
    snr.vsplat v6, 0.000000e+00 {hlo = "layer0.attention", pc = 466 : i64}
    snr.vsplat v7, 0.000000e+00 {hlo = "layer0.attention", pc = 467 : i64}
    snr.vsplat v8, 0.000000e+00 {hlo = "layer0.attention", pc = 468 : i64}
    snr.vsplat v9, 0.000000e+00 {hlo = "layer0.attention", pc = 469 : i64}
    snr.vsplat v10, 0.000000e+00 {hlo = "layer0.attention", pc = 470 : i64}
    snr.vsplat v11, 0.000000e+00 {hlo = "layer0.attention", pc = 471 : i64}
    snr.vsplat v12, 0.000000e+00 {hlo = "layer0.attention", pc = 472 : i64}
    snr.vsplat v13, 0.000000e+00 {hlo = "layer0.attention", pc = 473 : i64}
    snr.vsplat v14, 0.000000e+00 {hlo = "layer0.attention", pc = 474 : i64}
    snr.vsplat v15, 0.000000e+00 {hlo = "layer0.attention", pc = 475 : i64}
    snr.addi s9, s0, 4096 {hlo = "layer0.attention", pc = 476 : i64}
    snr.movi s10, 0 {hlo = "layer0.attention", pc = 477 : i64}
    snr.movi s11, 1 {hlo = "layer0.attention", pc = 478 : i64}
    snr.vld v16, vmem[s9] {hlo = "layer0.attention", pc = 479 : i64}
    snr.vld v17, vmem[s9 + 64] {hlo = "layer0.attention", pc = 480 : i64}
    snr.vld v18, vmem[s9 + 128] {hlo = "layer0.attention", pc = 481 : i64}
    snr.vld v19, vmem[s9 + 192] {hlo = "layer0.attention", pc = 482 : i64}
    snr.vld v20, vmem[s9 + 256] {hlo = "layer0.attention", pc = 483 : i64}
    snr.vld v21, vmem[s9 + 320] {hlo = "layer0.attention", pc = 484 : i64}
    snr.vld v22, vmem[s9 + 384] {hlo = "layer0.attention", pc = 485 : i64}
    snr.vld v23, vmem[s9 + 448] {hlo = "layer0.attention", pc = 486 : i64}
    snr.vld v24, vmem[s9 + 512] {hlo = "layer0.attention", pc = 487 : i64}
    snr.vld v25, vmem[s9 + 576] {hlo = "layer0.attention", pc = 488 : i64}
    snr.vld v26, vmem[s9 + 640] {hlo = "layer0.attention", pc = 489 : i64}
    snr.vld v27, vmem[s9 + 704] {hlo = "layer0.attention", pc = 490 : i64}
    snr.vld v28, vmem[s9 + 768] {hlo = "layer0.attention", pc = 491 : i64}
    snr.vld v29, vmem[s9 + 832] {hlo = "layer0.attention", pc = 492 : i64}
    snr.vld v30, vmem[s9 + 896] {hlo = "layer0.attention", pc = 493 : i64}
    snr.vld v31, vmem[s9 + 960] {hlo = "layer0.attention", pc = 494 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.attention", pc = 495 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.attention", pc = 496 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.attention", pc = 497 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.attention", pc = 498 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.attention", pc = 499 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.attention", pc = 500 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.attention", pc = 501 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.attention", pc = 502 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.attention", pc = 503 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.attention", pc = 504 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.attention", pc = 505 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.attention", pc = 506 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.attention", pc = 507 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.attention", pc = 508 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.attention", pc = 509 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.attention", pc = 510 : i64}
    snr.vld v16, vmem[s10] {hlo = "layer0.attention", pc = 511 : i64}
    snr.vld v17, vmem[s10 + 64] {hlo = "layer0.attention", pc = 512 : i64}
    snr.vld v18, vmem[s10 + 128] {hlo = "layer0.attention", pc = 513 : i64}
    snr.vld v19, vmem[s10 + 192] {hlo = "layer0.attention", pc = 514 : i64}
    snr.vld v20, vmem[s10 + 256] {hlo = "layer0.attention", pc = 515 : i64}
    snr.vld v21, vmem[s10 + 320] {hlo = "layer0.attention", pc = 516 : i64}
    snr.vld v22, vmem[s10 + 384] {hlo = "layer0.attention", pc = 517 : i64}
    snr.vld v23, vmem[s10 + 448] {hlo = "layer0.attention", pc = 518 : i64}
    snr.vld v24, vmem[s10 + 512] {hlo = "layer0.attention", pc = 519 : i64}
    snr.vld v25, vmem[s10 + 576] {hlo = "layer0.attention", pc = 520 : i64}
    snr.vld v26, vmem[s10 + 640] {hlo = "layer0.attention", pc = 521 : i64}
    snr.vld v27, vmem[s10 + 704] {hlo = "layer0.attention", pc = 522 : i64}
    snr.vld v28, vmem[s10 + 768] {hlo = "layer0.attention", pc = 523 : i64}
    snr.vld v29, vmem[s10 + 832] {hlo = "layer0.attention", pc = 524 : i64}
    snr.vld v30, vmem[s10 + 896] {hlo = "layer0.attention", pc = 525 : i64}
    snr.vld v31, vmem[s10 + 960] {hlo = "layer0.attention", pc = 526 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.attention", pc = 527 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.attention", pc = 528 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.attention", pc = 529 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.attention", pc = 530 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.attention", pc = 531 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.attention", pc = 532 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.attention", pc = 533 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.attention", pc = 534 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.attention", pc = 535 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.attention", pc = 536 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.attention", pc = 537 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.attention", pc = 538 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.attention", pc = 539 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.attention", pc = 540 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.attention", pc = 541 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.attention", pc = 542 : i64}
    snr.mxu.pop v16, q0 {hlo = "layer0.attention", pc = 543 : i64}
    snr.vadd v0, v0, v16 {hlo = "layer0.attention", pc = 544 : i64}
    snr.mxu.pop v17, q1 {hlo = "layer0.attention", pc = 545 : i64}
    snr.vadd v1, v1, v17 {hlo = "layer0.attention", pc = 546 : i64}
    snr.mxu.pop v18, q2 {hlo = "layer0.attention", pc = 547 : i64}
    snr.vadd v2, v2, v18 {hlo = "layer0.attention", pc = 548 : i64}
    snr.mxu.pop v19, q3 {hlo = "layer0.attention", pc = 549 : i64}
    snr.vadd v3, v3, v19 {hlo = "layer0.attention", pc = 550 : i64}
    snr.mxu.pop v20, q4 {hlo = "layer0.attention", pc = 551 : i64}
    snr.vadd v4, v4, v20 {hlo = "layer0.attention", pc = 552 : i64}
    snr.mxu.pop v21, q5 {hlo = "layer0.attention", pc = 553 : i64}
    snr.vadd v5, v5, v21 {hlo = "layer0.attention", pc = 554 : i64}
    snr.mxu.pop v22, q6 {hlo = "layer0.attention", pc = 555 : i64}
    snr.vadd v6, v6, v22 {hlo = "layer0.attention", pc = 556 : i64}
    snr.mxu.pop v23, q7 {hlo = "layer0.attention", pc = 557 : i64}
    snr.vadd v7, v7, v23 {hlo = "layer0.attention", pc = 558 : i64}
    snr.mxu.pop v24, q8 {hlo = "layer0.attention", pc = 559 : i64}
    snr.vadd v8, v8, v24 {hlo = "layer0.attention", pc = 560 : i64}
    snr.mxu.pop v25, q9 {hlo = "layer0.attention", pc = 561 : i64}
    snr.vadd v9, v9, v25 {hlo = "layer0.attention", pc = 562 : i64}
    snr.mxu.pop v26, q10 {hlo = "layer0.attention", pc = 563 : i64}
    snr.vadd v10, v10, v26 {hlo = "layer0.attention", pc = 564 : i64}
    snr.mxu.pop v27, q11 {hlo = "layer0.attention", pc = 565 : i64}
    snr.vadd v11, v11, v27 {hlo = "layer0.attention", pc = 566 : i64}
    snr.mxu.pop v28, q12 {hlo = "layer0.attention", pc = 567 : i64}
    snr.vadd v12, v12, v28 {hlo = "layer0.attention", pc = 568 : i64}
    snr.mxu.pop v29, q13 {hlo = "layer0.attention", pc = 569 : i64}
    snr.vadd v13, v13, v29 {hlo = "layer0.attention", pc = 570 : i64}
    snr.mxu.pop v30, q14 {hlo = "layer0.attention", pc = 571 : i64}
    snr.vadd v14, v14, v30 {hlo = "layer0.attention", pc = 572 : i64}
    snr.mxu.pop v31, q15 {hlo = "layer0.attention", pc = 573 : i64}
    snr.vadd v15, v15, v31 {hlo = "layer0.attention", pc = 574 : i64}
    snr.addi s9, s9, 1024 {hlo = "layer0.attention", pc = 575 : i64}
    snr.addi s10, s10, 64 {hlo = "layer0.attention", pc = 576 : i64}
    snr.movi s10, 1024 {hlo = "layer0.attention", pc = 577 : i64}
    snr.vld v16, vmem[s10] {hlo = "layer0.attention", pc = 578 : i64}
    snr.vmul v0, v0, v16 {hlo = "layer0.attention", pc = 579 : i64}
    snr.vst v0, vmem[s6] {hlo = "layer0.attention", pc = 580 : i64}
    snr.vld v16, vmem[s10 + 64] {hlo = "layer0.attention", pc = 581 : i64}
    snr.vmul v1, v1, v16 {hlo = "layer0.attention", pc = 582 : i64}
    snr.vst v1, vmem[s6 + 128] {hlo = "layer0.attention", pc = 583 : i64}
    snr.vld v16, vmem[s10 + 128] {hlo = "layer0.attention", pc = 584 : i64}
    snr.vmul v2, v2, v16 {hlo = "layer0.attention", pc = 585 : i64}
    snr.vst v2, vmem[s6 + 256] {hlo = "layer0.attention", pc = 586 : i64}
    snr.vld v16, vmem[s10 + 192] {hlo = "layer0.attention", pc = 587 : i64}
    snr.vmul v3, v3, v16 {hlo = "layer0.attention", pc = 588 : i64}
    snr.vst v3, vmem[s6 + 384] {hlo = "layer0.attention", pc = 589 : i64}
    snr.vld v16, vmem[s10 + 256] {hlo = "layer0.attention", pc = 590 : i64}
    snr.vmul v4, v4, v16 {hlo = "layer0.attention", pc = 591 : i64}
    snr.vst v4, vmem[s6 + 512] {hlo = "layer0.attention", pc = 592 : i64}
    snr.vld v16, vmem[s10 + 320] {hlo = "layer0.attention", pc = 593 : i64}
    snr.vmul v5, v5, v16 {hlo = "layer0.attention", pc = 594 : i64}
    snr.vst v5, vmem[s6 + 640] {hlo = "layer0.attention", pc = 595 : i64}
    snr.vld v16, vmem[s10 + 384] {hlo = "layer0.attention", pc = 596 : i64}
    snr.vmul v6, v6, v16 {hlo = "layer0.attention", pc = 597 : i64}
    snr.vst v6, vmem[s6 + 768] {hlo = "layer0.attention", pc = 598 : i64}
    snr.vld v16, vmem[s10 + 448] {hlo = "layer0.attention", pc = 599 : i64}
    snr.vmul v7, v7, v16 {hlo = "layer0.attention", pc = 600 : i64}
    snr.vst v7, vmem[s6 + 896] {hlo = "layer0.attention", pc = 601 : i64}
    snr.vld v16, vmem[s10 + 512] {hlo = "layer0.attention", pc = 602 : i64}
    snr.vmul v8, v8, v16 {hlo = "layer0.attention", pc = 603 : i64}
    snr.vst v8, vmem[s6 + 1024] {hlo = "layer0.attention", pc = 604 : i64}
    snr.vld v16, vmem[s10 + 576] {hlo = "layer0.attention", pc = 605 : i64}
    snr.vmul v9, v9, v16 {hlo = "layer0.attention", pc = 606 : i64}
    snr.vst v9, vmem[s6 + 1152] {hlo = "layer0.attention", pc = 607 : i64}
    snr.vld v16, vmem[s10 + 640] {hlo = "layer0.attention", pc = 608 : i64}
    snr.vmul v10, v10, v16 {hlo = "layer0.attention", pc = 609 : i64}
    snr.vst v10, vmem[s6 + 1280] {hlo = "layer0.attention", pc = 610 : i64}
    snr.vld v16, vmem[s10 + 704] {hlo = "layer0.attention", pc = 611 : i64}
    snr.vmul v11, v11, v16 {hlo = "layer0.attention", pc = 612 : i64}
    snr.vst v11, vmem[s6 + 1408] {hlo = "layer0.attention", pc = 613 : i64}
    snr.vld v16, vmem[s10 + 768] {hlo = "layer0.attention", pc = 614 : i64}
    snr.vmul v12, v12, v16 {hlo = "layer0.attention", pc = 615 : i64}
    snr.vst v12, vmem[s6 + 1536] {hlo = "layer0.attention", pc = 616 : i64}
    snr.vld v16, vmem[s10 + 832] {hlo = "layer0.attention", pc = 617 : i64}
    snr.vmul v13, v13, v16 {hlo = "layer0.attention", pc = 618 : i64}
    snr.vst v13, vmem[s6 + 1664] {hlo = "layer0.attention", pc = 619 : i64}
    snr.vld v16, vmem[s10 + 896] {hlo = "layer0.attention", pc = 620 : i64}
    snr.vmul v14, v14, v16 {hlo = "layer0.attention", pc = 621 : i64}
    snr.vst v14, vmem[s6 + 1792] {hlo = "layer0.attention", pc = 622 : i64}
    snr.vld v16, vmem[s10 + 960] {hlo = "layer0.attention", pc = 623 : i64}
    snr.vmul v15, v15, v16 {hlo = "layer0.attention", pc = 624 : i64}
    snr.vst v15, vmem[s6 + 1920] {hlo = "layer0.attention", pc = 625 : i64}
    snr.addi s5, s5, 1024 {hlo = "layer0.attention", pc = 626 : i64}
    snr.addi s6, s6, 2048 {hlo = "layer0.attention", pc = 627 : i64}
    snr.addi s7, s7, 1024 {hlo = "layer0.attention", pc = 628 : i64}
    snr.addi s0, s0, 1024 {hlo = "layer0.attention", pc = 629 : i64}
    snr.addi s2, s2, 2048 {hlo = "layer0.attention", pc = 630 : i64}
    snr.addi s1, s1, 64 {hlo = "layer0.attention", pc = 631 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.attention", pc = 632 : i64}
    snr.cmpi gt p7, s3, 0 {hlo = "layer0.attention", pc = 633 : i64}
    snr.br 275 if p7 {hlo = "layer0.attention", pc = 634 : i64}
    snr.dma.issue hbm[1060864] -> vmem[16768000], 2048, f1 {hlo = "layer0.attention", pc = 635 : i64}
    snr.dma.wait f3 {hlo = "layer0.attention", pc = 636 : i64}
    snr.movi s1, 16768000 {hlo = "layer0.out_proj", pc = 637 : i64}
    snr.movi s0, 1062912 {hlo = "layer0.out_proj", pc = 638 : i64}
    snr.movi s2, 16770048 {hlo = "layer0.out_proj", pc = 639 : i64}
    snr.movi s3, 2 {hlo = "layer0.out_proj", pc = 640 : i64}
    snr.movi s4, 16772096 {hlo = "layer0.out_proj", pc = 641 : i64}
    snr.movi s5, 2 {hlo = "layer0.out_proj", pc = 642 : i64}
    snr.dma.wait f1 {hlo = "layer0.out_proj", pc = 643 : i64}
    snr.xori s6, s1, 14336 {hlo = "layer0.out_proj", pc = 644 : i64}
    snr.addi s7, s3, -1 {hlo = "layer0.out_proj", pc = 645 : i64}
    snr.cmpi gt p6, s7, 0 {hlo = "layer0.out_proj", pc = 646 : i64}
    snr.dma.issue hbm[s0] -> vmem[s6], 2048, f1 if p6 {hlo = "layer0.out_proj", pc = 647 : i64}
    snr.cmpi gt p6, s3, 1 {hlo = "layer0.out_proj", pc = 648 : i64}
    snr.mov s6, s1 {hlo = "layer0.out_proj", pc = 649 : i64}
    snr.movi s7, 16765952 {hlo = "layer0.out_proj", pc = 650 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.out_proj", pc = 651 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.out_proj", pc = 652 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.out_proj", pc = 653 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.out_proj", pc = 654 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.out_proj", pc = 655 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.out_proj", pc = 656 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.out_proj", pc = 657 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.out_proj", pc = 658 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.out_proj", pc = 659 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.out_proj", pc = 660 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.out_proj", pc = 661 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.out_proj", pc = 662 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.out_proj", pc = 663 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.out_proj", pc = 664 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.out_proj", pc = 665 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.out_proj", pc = 666 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.out_proj", pc = 667 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.out_proj", pc = 668 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.out_proj", pc = 669 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.out_proj", pc = 670 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.out_proj", pc = 671 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.out_proj", pc = 672 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.out_proj", pc = 673 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.out_proj", pc = 674 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.out_proj", pc = 675 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.out_proj", pc = 676 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.out_proj", pc = 677 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.out_proj", pc = 678 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.out_proj", pc = 679 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.out_proj", pc = 680 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.out_proj", pc = 681 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.out_proj", pc = 682 : i64}
    snr.mov s8, s7 {hlo = "layer0.out_proj", pc = 683 : i64}
    snr.mov s9, s4 {hlo = "layer0.out_proj", pc = 684 : i64}
    snr.movi s10, 1 {hlo = "layer0.out_proj", pc = 685 : i64}
    snr.vld v16, vmem[s8] {hlo = "layer0.out_proj", pc = 686 : i64}
    snr.vld v17, vmem[s8 + 128] {hlo = "layer0.out_proj", pc = 687 : i64}
    snr.vld v18, vmem[s8 + 256] {hlo = "layer0.out_proj", pc = 688 : i64}
    snr.vld v19, vmem[s8 + 384] {hlo = "layer0.out_proj", pc = 689 : i64}
    snr.vld v20, vmem[s8 + 512] {hlo = "layer0.out_proj", pc = 690 : i64}
    snr.vld v21, vmem[s8 + 640] {hlo = "layer0.out_proj", pc = 691 : i64}
    snr.vld v22, vmem[s8 + 768] {hlo = "layer0.out_proj", pc = 692 : i64}
    snr.vld v23, vmem[s8 + 896] {hlo = "layer0.out_proj", pc = 693 : i64}
    snr.vld v24, vmem[s8 + 1024] {hlo = "layer0.out_proj", pc = 694 : i64}
    snr.vld v25, vmem[s8 + 1152] {hlo = "layer0.out_proj", pc = 695 : i64}
    snr.vld v26, vmem[s8 + 1280] {hlo = "layer0.out_proj", pc = 696 : i64}
    snr.vld v27, vmem[s8 + 1408] {hlo = "layer0.out_proj", pc = 697 : i64}
    snr.vld v28, vmem[s8 + 1536] {hlo = "layer0.out_proj", pc = 698 : i64}
    snr.vld v29, vmem[s8 + 1664] {hlo = "layer0.out_proj", pc = 699 : i64}
    snr.vld v30, vmem[s8 + 1792] {hlo = "layer0.out_proj", pc = 700 : i64}
    snr.vld v31, vmem[s8 + 1920] {hlo = "layer0.out_proj", pc = 701 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.out_proj", pc = 702 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.out_proj", pc = 703 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.out_proj", pc = 704 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.out_proj", pc = 705 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.out_proj", pc = 706 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.out_proj", pc = 707 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.out_proj", pc = 708 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.out_proj", pc = 709 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.out_proj", pc = 710 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.out_proj", pc = 711 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.out_proj", pc = 712 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.out_proj", pc = 713 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.out_proj", pc = 714 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.out_proj", pc = 715 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.out_proj", pc = 716 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.out_proj", pc = 717 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.out_proj", pc = 718 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.out_proj", pc = 719 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.out_proj", pc = 720 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.out_proj", pc = 721 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.out_proj", pc = 722 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.out_proj", pc = 723 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.out_proj", pc = 724 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.out_proj", pc = 725 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.out_proj", pc = 726 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.out_proj", pc = 727 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.out_proj", pc = 728 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.out_proj", pc = 729 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.out_proj", pc = 730 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.out_proj", pc = 731 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.out_proj", pc = 732 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.out_proj", pc = 733 : i64}
    snr.vst v0, vmem[s9] {hlo = "layer0.out_proj", pc = 734 : i64}
    snr.vst v1, vmem[s9 + 128] {hlo = "layer0.out_proj", pc = 735 : i64}
    snr.vst v2, vmem[s9 + 256] {hlo = "layer0.out_proj", pc = 736 : i64}
    snr.vst v3, vmem[s9 + 384] {hlo = "layer0.out_proj", pc = 737 : i64}
    snr.vst v4, vmem[s9 + 512] {hlo = "layer0.out_proj", pc = 738 : i64}
    snr.vst v5, vmem[s9 + 640] {hlo = "layer0.out_proj", pc = 739 : i64}
    snr.vst v6, vmem[s9 + 768] {hlo = "layer0.out_proj", pc = 740 : i64}
    snr.vst v7, vmem[s9 + 896] {hlo = "layer0.out_proj", pc = 741 : i64}
    snr.vst v8, vmem[s9 + 1024] {hlo = "layer0.out_proj", pc = 742 : i64}
    snr.vst v9, vmem[s9 + 1152] {hlo = "layer0.out_proj", pc = 743 : i64}
    snr.vst v10, vmem[s9 + 1280] {hlo = "layer0.out_proj", pc = 744 : i64}
    snr.vst v11, vmem[s9 + 1408] {hlo = "layer0.out_proj", pc = 745 : i64}
    snr.vst v12, vmem[s9 + 1536] {hlo = "layer0.out_proj", pc = 746 : i64}
    snr.vst v13, vmem[s9 + 1664] {hlo = "layer0.out_proj", pc = 747 : i64}
    snr.vst v14, vmem[s9 + 1792] {hlo = "layer0.out_proj", pc = 748 : i64}
    snr.vst v15, vmem[s9 + 1920] {hlo = "layer0.out_proj", pc = 749 : i64}
    snr.addi s8, s8, 2048 {hlo = "layer0.out_proj", pc = 750 : i64}
    snr.addi s9, s9, 2048 {hlo = "layer0.out_proj", pc = 751 : i64}
    snr.movi s8, 1 {hlo = "layer0.out_proj", pc = 752 : i64}
    snr.addi s6, s6, 1024 {hlo = "layer0.out_proj", pc = 753 : i64}
    snr.addi s7, s7, 64 {hlo = "layer0.out_proj", pc = 754 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.out_proj", pc = 755 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.out_proj", pc = 756 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.out_proj", pc = 757 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.out_proj", pc = 758 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.out_proj", pc = 759 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.out_proj", pc = 760 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.out_proj", pc = 761 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.out_proj", pc = 762 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.out_proj", pc = 763 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.out_proj", pc = 764 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.out_proj", pc = 765 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.out_proj", pc = 766 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.out_proj", pc = 767 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.out_proj", pc = 768 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.out_proj", pc = 769 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.out_proj", pc = 770 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.out_proj", pc = 771 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.out_proj", pc = 772 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.out_proj", pc = 773 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.out_proj", pc = 774 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.out_proj", pc = 775 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.out_proj", pc = 776 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.out_proj", pc = 777 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.out_proj", pc = 778 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.out_proj", pc = 779 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.out_proj", pc = 780 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.out_proj", pc = 781 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.out_proj", pc = 782 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.out_proj", pc = 783 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.out_proj", pc = 784 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.out_proj", pc = 785 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.out_proj", pc = 786 : i64}
    snr.mov s9, s7 {hlo = "layer0.out_proj", pc = 787 : i64}
    snr.mov s10, s4 {hlo = "layer0.out_proj", pc = 788 : i64}
    snr.movi s11, 1 {hlo = "layer0.out_proj", pc = 789 : i64}
    snr.vld v16, vmem[s9] {hlo = "layer0.out_proj", pc = 790 : i64}
    snr.vld v17, vmem[s9 + 128] {hlo = "layer0.out_proj", pc = 791 : i64}
    snr.vld v18, vmem[s9 + 256] {hlo = "layer0.out_proj", pc = 792 : i64}
    snr.vld v19, vmem[s9 + 384] {hlo = "layer0.out_proj", pc = 793 : i64}
    snr.vld v20, vmem[s9 + 512] {hlo = "layer0.out_proj", pc = 794 : i64}
    snr.vld v21, vmem[s9 + 640] {hlo = "layer0.out_proj", pc = 795 : i64}
    snr.vld v22, vmem[s9 + 768] {hlo = "layer0.out_proj", pc = 796 : i64}
    snr.vld v23, vmem[s9 + 896] {hlo = "layer0.out_proj", pc = 797 : i64}
    snr.vld v24, vmem[s9 + 1024] {hlo = "layer0.out_proj", pc = 798 : i64}
    snr.vld v25, vmem[s9 + 1152] {hlo = "layer0.out_proj", pc = 799 : i64}
    snr.vld v26, vmem[s9 + 1280] {hlo = "layer0.out_proj", pc = 800 : i64}
    snr.vld v27, vmem[s9 + 1408] {hlo = "layer0.out_proj", pc = 801 : i64}
    snr.vld v28, vmem[s9 + 1536] {hlo = "layer0.out_proj", pc = 802 : i64}
    snr.vld v29, vmem[s9 + 1664] {hlo = "layer0.out_proj", pc = 803 : i64}
    snr.vld v30, vmem[s9 + 1792] {hlo = "layer0.out_proj", pc = 804 : i64}
    snr.vld v31, vmem[s9 + 1920] {hlo = "layer0.out_proj", pc = 805 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.out_proj", pc = 806 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.out_proj", pc = 807 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.out_proj", pc = 808 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.out_proj", pc = 809 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.out_proj", pc = 810 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.out_proj", pc = 811 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.out_proj", pc = 812 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.out_proj", pc = 813 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.out_proj", pc = 814 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.out_proj", pc = 815 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.out_proj", pc = 816 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.out_proj", pc = 817 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.out_proj", pc = 818 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.out_proj", pc = 819 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.out_proj", pc = 820 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.out_proj", pc = 821 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.out_proj", pc = 822 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.out_proj", pc = 823 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.out_proj", pc = 824 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.out_proj", pc = 825 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.out_proj", pc = 826 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.out_proj", pc = 827 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.out_proj", pc = 828 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.out_proj", pc = 829 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.out_proj", pc = 830 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.out_proj", pc = 831 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.out_proj", pc = 832 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.out_proj", pc = 833 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.out_proj", pc = 834 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.out_proj", pc = 835 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.out_proj", pc = 836 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.out_proj", pc = 837 : i64}
    snr.vld v16, vmem[s10] {hlo = "layer0.out_proj", pc = 838 : i64}
    snr.vld v17, vmem[s10 + 128] {hlo = "layer0.out_proj", pc = 839 : i64}
    snr.vld v18, vmem[s10 + 256] {hlo = "layer0.out_proj", pc = 840 : i64}
    snr.vld v19, vmem[s10 + 384] {hlo = "layer0.out_proj", pc = 841 : i64}
    snr.vld v20, vmem[s10 + 512] {hlo = "layer0.out_proj", pc = 842 : i64}
    snr.vld v21, vmem[s10 + 640] {hlo = "layer0.out_proj", pc = 843 : i64}
    snr.vld v22, vmem[s10 + 768] {hlo = "layer0.out_proj", pc = 844 : i64}
    snr.vld v23, vmem[s10 + 896] {hlo = "layer0.out_proj", pc = 845 : i64}
    snr.vld v24, vmem[s10 + 1024] {hlo = "layer0.out_proj", pc = 846 : i64}
    snr.vld v25, vmem[s10 + 1152] {hlo = "layer0.out_proj", pc = 847 : i64}
    snr.vld v26, vmem[s10 + 1280] {hlo = "layer0.out_proj", pc = 848 : i64}
    snr.vld v27, vmem[s10 + 1408] {hlo = "layer0.out_proj", pc = 849 : i64}
    snr.vld v28, vmem[s10 + 1536] {hlo = "layer0.out_proj", pc = 850 : i64}
    snr.vld v29, vmem[s10 + 1664] {hlo = "layer0.out_proj", pc = 851 : i64}
    snr.vld v30, vmem[s10 + 1792] {hlo = "layer0.out_proj", pc = 852 : i64}
    snr.vld v31, vmem[s10 + 1920] {hlo = "layer0.out_proj", pc = 853 : i64}
    snr.vadd v0, v0, v16 {hlo = "layer0.out_proj", pc = 854 : i64}
    snr.vadd v1, v1, v17 {hlo = "layer0.out_proj", pc = 855 : i64}
    snr.vadd v2, v2, v18 {hlo = "layer0.out_proj", pc = 856 : i64}
    snr.vadd v3, v3, v19 {hlo = "layer0.out_proj", pc = 857 : i64}
    snr.vadd v4, v4, v20 {hlo = "layer0.out_proj", pc = 858 : i64}
    snr.vadd v5, v5, v21 {hlo = "layer0.out_proj", pc = 859 : i64}
    snr.vadd v6, v6, v22 {hlo = "layer0.out_proj", pc = 860 : i64}
    snr.vadd v7, v7, v23 {hlo = "layer0.out_proj", pc = 861 : i64}
    snr.vadd v8, v8, v24 {hlo = "layer0.out_proj", pc = 862 : i64}
    snr.vadd v9, v9, v25 {hlo = "layer0.out_proj", pc = 863 : i64}
    snr.vadd v10, v10, v26 {hlo = "layer0.out_proj", pc = 864 : i64}
    snr.vadd v11, v11, v27 {hlo = "layer0.out_proj", pc = 865 : i64}
    snr.vadd v12, v12, v28 {hlo = "layer0.out_proj", pc = 866 : i64}
    snr.vadd v13, v13, v29 {hlo = "layer0.out_proj", pc = 867 : i64}
    snr.vadd v14, v14, v30 {hlo = "layer0.out_proj", pc = 868 : i64}
    snr.vadd v15, v15, v31 {hlo = "layer0.out_proj", pc = 869 : i64}
    snr.vst v0, vmem[s10] {hlo = "layer0.out_proj", pc = 870 : i64}
    snr.vst v1, vmem[s10 + 128] {hlo = "layer0.out_proj", pc = 871 : i64}
    snr.vst v2, vmem[s10 + 256] {hlo = "layer0.out_proj", pc = 872 : i64}
    snr.vst v3, vmem[s10 + 384] {hlo = "layer0.out_proj", pc = 873 : i64}
    snr.vst v4, vmem[s10 + 512] {hlo = "layer0.out_proj", pc = 874 : i64}
    snr.vst v5, vmem[s10 + 640] {hlo = "layer0.out_proj", pc = 875 : i64}
    snr.vst v6, vmem[s10 + 768] {hlo = "layer0.out_proj", pc = 876 : i64}
    snr.vst v7, vmem[s10 + 896] {hlo = "layer0.out_proj", pc = 877 : i64}
    snr.vst v8, vmem[s10 + 1024] {hlo = "layer0.out_proj", pc = 878 : i64}
    snr.vst v9, vmem[s10 + 1152] {hlo = "layer0.out_proj", pc = 879 : i64}
    snr.vst v10, vmem[s10 + 1280] {hlo = "layer0.out_proj", pc = 880 : i64}
    snr.vst v11, vmem[s10 + 1408] {hlo = "layer0.out_proj", pc = 881 : i64}
    snr.vst v12, vmem[s10 + 1536] {hlo = "layer0.out_proj", pc = 882 : i64}
    snr.vst v13, vmem[s10 + 1664] {hlo = "layer0.out_proj", pc = 883 : i64}
    snr.vst v14, vmem[s10 + 1792] {hlo = "layer0.out_proj", pc = 884 : i64}
    snr.vst v15, vmem[s10 + 1920] {hlo = "layer0.out_proj", pc = 885 : i64}
    snr.addi s9, s9, 2048 {hlo = "layer0.out_proj", pc = 886 : i64}
    snr.addi s10, s10, 2048 {hlo = "layer0.out_proj", pc = 887 : i64}
    snr.addi s4, s4, 64 {hlo = "layer0.out_proj", pc = 888 : i64}
    snr.xori s1, s1, 14336 {hlo = "layer0.out_proj", pc = 889 : i64}
    snr.xori s2, s2, 14336 {hlo = "layer0.out_proj", pc = 890 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.out_proj", pc = 891 : i64}
    snr.addi s0, s0, 2048 {hlo = "layer0.out_proj", pc = 892 : i64}
    snr.addi s5, s5, -1 {hlo = "layer0.out_proj", pc = 893 : i64}
    snr.cmpi gt p7, s5, 0 {hlo = "layer0.out_proj", pc = 894 : i64}
    snr.br 643 if p7 {hlo = "layer0.out_proj", pc = 895 : i64}
    snr.movi s0, 16775168 {hlo = "layer0.attn_residual", pc = 896 : i64}
    snr.movi s1, 16772096 {hlo = "layer0.attn_residual", pc = 897 : i64}
    snr.movi s2, 16770048 {hlo = "layer0.attn_residual", pc = 898 : i64}
    snr.movi s3, 8 {hlo = "layer0.attn_residual", pc = 899 : i64}
    snr.vld v0, vmem[s0] {hlo = "layer0.attn_residual", pc = 900 : i64}
    snr.vld v1, vmem[s1] {hlo = "layer0.attn_residual", pc = 901 : i64}
    snr.vadd v0, v0, v1 {hlo = "layer0.attn_residual", pc = 902 : i64}
    snr.vst v0, vmem[s2] {hlo = "layer0.attn_residual", pc = 903 : i64}
    snr.vld v2, vmem[s0 + 64] {hlo = "layer0.attn_residual", pc = 904 : i64}
    snr.vld v3, vmem[s1 + 64] {hlo = "layer0.attn_residual", pc = 905 : i64}
    snr.vadd v2, v2, v3 {hlo = "layer0.attn_residual", pc = 906 : i64}
    snr.vst v2, vmem[s2 + 64] {hlo = "layer0.attn_residual", pc = 907 : i64}
    snr.vld v4, vmem[s0 + 128] {hlo = "layer0.attn_residual", pc = 908 : i64}
    snr.vld v5, vmem[s1 + 128] {hlo = "layer0.attn_residual", pc = 909 : i64}
    snr.vadd v4, v4, v5 {hlo = "layer0.attn_residual", pc = 910 : i64}
    snr.vst v4, vmem[s2 + 128] {hlo = "layer0.attn_residual", pc = 911 : i64}
    snr.vld v6, vmem[s0 + 192] {hlo = "layer0.attn_residual", pc = 912 : i64}
    snr.vld v7, vmem[s1 + 192] {hlo = "layer0.attn_residual", pc = 913 : i64}
    snr.vadd v6, v6, v7 {hlo = "layer0.attn_residual", pc = 914 : i64}
    snr.vst v6, vmem[s2 + 192] {hlo = "layer0.attn_residual", pc = 915 : i64}
    snr.addi s0, s0, 256 {hlo = "layer0.attn_residual", pc = 916 : i64}
    snr.addi s1, s1, 256 {hlo = "layer0.attn_residual", pc = 917 : i64}
    snr.addi s2, s2, 256 {hlo = "layer0.attn_residual", pc = 918 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.attn_residual", pc = 919 : i64}
    snr.cmpi gt p7, s3, 0 {hlo = "layer0.attn_residual", pc = 920 : i64}
    snr.br 900 if p7 {hlo = "layer0.attn_residual", pc = 921 : i64}
    snr.movi s1, 16772096 {hlo = "layer0.mlp.up", pc = 922 : i64}
    snr.dma.issue hbm[1064960] -> vmem[16772096], 2048, f1 {hlo = "layer0.mlp.up", pc = 923 : i64}
    snr.movi s0, 1067008 {hlo = "layer0.mlp.up", pc = 924 : i64}
    snr.movi s2, 16775168 {hlo = "layer0.mlp.up", pc = 925 : i64}
    snr.movi s3, 8 {hlo = "layer0.mlp.up", pc = 926 : i64}
    snr.movi s4, 16761856 {hlo = "layer0.mlp.up", pc = 927 : i64}
    snr.movi s5, 8 {hlo = "layer0.mlp.up", pc = 928 : i64}
    snr.dma.wait f1 {hlo = "layer0.mlp.up", pc = 929 : i64}
    snr.xori s6, s1, 5120 {hlo = "layer0.mlp.up", pc = 930 : i64}
    snr.addi s7, s3, -1 {hlo = "layer0.mlp.up", pc = 931 : i64}
    snr.cmpi gt p6, s7, 0 {hlo = "layer0.mlp.up", pc = 932 : i64}
    snr.dma.issue hbm[s0] -> vmem[s6], 2048, f1 if p6 {hlo = "layer0.mlp.up", pc = 933 : i64}
    snr.cmpi gt p6, s3, 1 {hlo = "layer0.mlp.up", pc = 934 : i64}
    snr.mov s6, s1 {hlo = "layer0.mlp.up", pc = 935 : i64}
    snr.movi s7, 16770048 {hlo = "layer0.mlp.up", pc = 936 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.mlp.up", pc = 937 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.mlp.up", pc = 938 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.mlp.up", pc = 939 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.mlp.up", pc = 940 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.mlp.up", pc = 941 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.mlp.up", pc = 942 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.mlp.up", pc = 943 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.mlp.up", pc = 944 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.mlp.up", pc = 945 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.mlp.up", pc = 946 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.mlp.up", pc = 947 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.mlp.up", pc = 948 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.mlp.up", pc = 949 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.mlp.up", pc = 950 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.mlp.up", pc = 951 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.mlp.up", pc = 952 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.mlp.up", pc = 953 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.mlp.up", pc = 954 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.mlp.up", pc = 955 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.mlp.up", pc = 956 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.mlp.up", pc = 957 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.mlp.up", pc = 958 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.mlp.up", pc = 959 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.mlp.up", pc = 960 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.mlp.up", pc = 961 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.mlp.up", pc = 962 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.mlp.up", pc = 963 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.mlp.up", pc = 964 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.mlp.up", pc = 965 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.mlp.up", pc = 966 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.mlp.up", pc = 967 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.mlp.up", pc = 968 : i64}
    snr.mov s8, s7 {hlo = "layer0.mlp.up", pc = 969 : i64}
    snr.mov s9, s4 {hlo = "layer0.mlp.up", pc = 970 : i64}
    snr.movi s10, 1 {hlo = "layer0.mlp.up", pc = 971 : i64}
    snr.vld v16, vmem[s8] {hlo = "layer0.mlp.up", pc = 972 : i64}
    snr.vld v17, vmem[s8 + 128] {hlo = "layer0.mlp.up", pc = 973 : i64}
    snr.vld v18, vmem[s8 + 256] {hlo = "layer0.mlp.up", pc = 974 : i64}
    snr.vld v19, vmem[s8 + 384] {hlo = "layer0.mlp.up", pc = 975 : i64}
    snr.vld v20, vmem[s8 + 512] {hlo = "layer0.mlp.up", pc = 976 : i64}
    snr.vld v21, vmem[s8 + 640] {hlo = "layer0.mlp.up", pc = 977 : i64}
    snr.vld v22, vmem[s8 + 768] {hlo = "layer0.mlp.up", pc = 978 : i64}
    snr.vld v23, vmem[s8 + 896] {hlo = "layer0.mlp.up", pc = 979 : i64}
    snr.vld v24, vmem[s8 + 1024] {hlo = "layer0.mlp.up", pc = 980 : i64}
    snr.vld v25, vmem[s8 + 1152] {hlo = "layer0.mlp.up", pc = 981 : i64}
    snr.vld v26, vmem[s8 + 1280] {hlo = "layer0.mlp.up", pc = 982 : i64}
    snr.vld v27, vmem[s8 + 1408] {hlo = "layer0.mlp.up", pc = 983 : i64}
    snr.vld v28, vmem[s8 + 1536] {hlo = "layer0.mlp.up", pc = 984 : i64}
    snr.vld v29, vmem[s8 + 1664] {hlo = "layer0.mlp.up", pc = 985 : i64}
    snr.vld v30, vmem[s8 + 1792] {hlo = "layer0.mlp.up", pc = 986 : i64}
    snr.vld v31, vmem[s8 + 1920] {hlo = "layer0.mlp.up", pc = 987 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.mlp.up", pc = 988 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.mlp.up", pc = 989 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.mlp.up", pc = 990 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.mlp.up", pc = 991 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.mlp.up", pc = 992 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.mlp.up", pc = 993 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.mlp.up", pc = 994 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.mlp.up", pc = 995 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.mlp.up", pc = 996 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.mlp.up", pc = 997 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.mlp.up", pc = 998 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.mlp.up", pc = 999 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.mlp.up", pc = 1000 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.mlp.up", pc = 1001 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.mlp.up", pc = 1002 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.mlp.up", pc = 1003 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.mlp.up", pc = 1004 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.mlp.up", pc = 1005 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.mlp.up", pc = 1006 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.mlp.up", pc = 1007 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.mlp.up", pc = 1008 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.mlp.up", pc = 1009 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.mlp.up", pc = 1010 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.mlp.up", pc = 1011 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.mlp.up", pc = 1012 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.mlp.up", pc = 1013 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.mlp.up", pc = 1014 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.mlp.up", pc = 1015 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.mlp.up", pc = 1016 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.mlp.up", pc = 1017 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.mlp.up", pc = 1018 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.mlp.up", pc = 1019 : i64}
    snr.vst v0, vmem[s9] {hlo = "layer0.mlp.up", pc = 1020 : i64}
    snr.vst v1, vmem[s9 + 512] {hlo = "layer0.mlp.up", pc = 1021 : i64}
    snr.vst v2, vmem[s9 + 1024] {hlo = "layer0.mlp.up", pc = 1022 : i64}
    snr.vst v3, vmem[s9 + 1536] {hlo = "layer0.mlp.up", pc = 1023 : i64}
    snr.vst v4, vmem[s9 + 2048] {hlo = "layer0.mlp.up", pc = 1024 : i64}
    snr.vst v5, vmem[s9 + 2560] {hlo = "layer0.mlp.up", pc = 1025 : i64}
    snr.vst v6, vmem[s9 + 3072] {hlo = "layer0.mlp.up", pc = 1026 : i64}
    snr.vst v7, vmem[s9 + 3584] {hlo = "layer0.mlp.up", pc = 1027 : i64}
    snr.vst v8, vmem[s9 + 4096] {hlo = "layer0.mlp.up", pc = 1028 : i64}
    snr.vst v9, vmem[s9 + 4608] {hlo = "layer0.mlp.up", pc = 1029 : i64}
    snr.vst v10, vmem[s9 + 5120] {hlo = "layer0.mlp.up", pc = 1030 : i64}
    snr.vst v11, vmem[s9 + 5632] {hlo = "layer0.mlp.up", pc = 1031 : i64}
    snr.vst v12, vmem[s9 + 6144] {hlo = "layer0.mlp.up", pc = 1032 : i64}
    snr.vst v13, vmem[s9 + 6656] {hlo = "layer0.mlp.up", pc = 1033 : i64}
    snr.vst v14, vmem[s9 + 7168] {hlo = "layer0.mlp.up", pc = 1034 : i64}
    snr.vst v15, vmem[s9 + 7680] {hlo = "layer0.mlp.up", pc = 1035 : i64}
    snr.addi s8, s8, 2048 {hlo = "layer0.mlp.up", pc = 1036 : i64}
    snr.addi s9, s9, 8192 {hlo = "layer0.mlp.up", pc = 1037 : i64}
    snr.movi s8, 1 {hlo = "layer0.mlp.up", pc = 1038 : i64}
    snr.addi s6, s6, 1024 {hlo = "layer0.mlp.up", pc = 1039 : i64}
    snr.addi s7, s7, 64 {hlo = "layer0.mlp.up", pc = 1040 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.mlp.up", pc = 1041 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.mlp.up", pc = 1042 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.mlp.up", pc = 1043 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.mlp.up", pc = 1044 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.mlp.up", pc = 1045 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.mlp.up", pc = 1046 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.mlp.up", pc = 1047 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.mlp.up", pc = 1048 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.mlp.up", pc = 1049 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.mlp.up", pc = 1050 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.mlp.up", pc = 1051 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.mlp.up", pc = 1052 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.mlp.up", pc = 1053 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.mlp.up", pc = 1054 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.mlp.up", pc = 1055 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.mlp.up", pc = 1056 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.mlp.up", pc = 1057 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.mlp.up", pc = 1058 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.mlp.up", pc = 1059 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.mlp.up", pc = 1060 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.mlp.up", pc = 1061 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.mlp.up", pc = 1062 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.mlp.up", pc = 1063 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.mlp.up", pc = 1064 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.mlp.up", pc = 1065 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.mlp.up", pc = 1066 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.mlp.up", pc = 1067 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.mlp.up", pc = 1068 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.mlp.up", pc = 1069 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.mlp.up", pc = 1070 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.mlp.up", pc = 1071 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.mlp.up", pc = 1072 : i64}
    snr.mov s9, s7 {hlo = "layer0.mlp.up", pc = 1073 : i64}
    snr.mov s10, s4 {hlo = "layer0.mlp.up", pc = 1074 : i64}
    snr.movi s11, 1 {hlo = "layer0.mlp.up", pc = 1075 : i64}
    snr.vld v16, vmem[s9] {hlo = "layer0.mlp.up", pc = 1076 : i64}
    snr.vld v17, vmem[s9 + 128] {hlo = "layer0.mlp.up", pc = 1077 : i64}
    snr.vld v18, vmem[s9 + 256] {hlo = "layer0.mlp.up", pc = 1078 : i64}
    snr.vld v19, vmem[s9 + 384] {hlo = "layer0.mlp.up", pc = 1079 : i64}
    snr.vld v20, vmem[s9 + 512] {hlo = "layer0.mlp.up", pc = 1080 : i64}
    snr.vld v21, vmem[s9 + 640] {hlo = "layer0.mlp.up", pc = 1081 : i64}
    snr.vld v22, vmem[s9 + 768] {hlo = "layer0.mlp.up", pc = 1082 : i64}
    snr.vld v23, vmem[s9 + 896] {hlo = "layer0.mlp.up", pc = 1083 : i64}
    snr.vld v24, vmem[s9 + 1024] {hlo = "layer0.mlp.up", pc = 1084 : i64}
    snr.vld v25, vmem[s9 + 1152] {hlo = "layer0.mlp.up", pc = 1085 : i64}
    snr.vld v26, vmem[s9 + 1280] {hlo = "layer0.mlp.up", pc = 1086 : i64}
    snr.vld v27, vmem[s9 + 1408] {hlo = "layer0.mlp.up", pc = 1087 : i64}
    snr.vld v28, vmem[s9 + 1536] {hlo = "layer0.mlp.up", pc = 1088 : i64}
    snr.vld v29, vmem[s9 + 1664] {hlo = "layer0.mlp.up", pc = 1089 : i64}
    snr.vld v30, vmem[s9 + 1792] {hlo = "layer0.mlp.up", pc = 1090 : i64}
    snr.vld v31, vmem[s9 + 1920] {hlo = "layer0.mlp.up", pc = 1091 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.mlp.up", pc = 1092 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.mlp.up", pc = 1093 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.mlp.up", pc = 1094 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.mlp.up", pc = 1095 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.mlp.up", pc = 1096 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.mlp.up", pc = 1097 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.mlp.up", pc = 1098 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.mlp.up", pc = 1099 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.mlp.up", pc = 1100 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.mlp.up", pc = 1101 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.mlp.up", pc = 1102 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.mlp.up", pc = 1103 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.mlp.up", pc = 1104 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.mlp.up", pc = 1105 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.mlp.up", pc = 1106 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.mlp.up", pc = 1107 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.mlp.up", pc = 1108 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.mlp.up", pc = 1109 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.mlp.up", pc = 1110 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.mlp.up", pc = 1111 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.mlp.up", pc = 1112 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.mlp.up", pc = 1113 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.mlp.up", pc = 1114 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.mlp.up", pc = 1115 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.mlp.up", pc = 1116 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.mlp.up", pc = 1117 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.mlp.up", pc = 1118 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.mlp.up", pc = 1119 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.mlp.up", pc = 1120 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.mlp.up", pc = 1121 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.mlp.up", pc = 1122 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.mlp.up", pc = 1123 : i64}
    snr.vld v16, vmem[s10] {hlo = "layer0.mlp.up", pc = 1124 : i64}
    snr.vld v17, vmem[s10 + 512] {hlo = "layer0.mlp.up", pc = 1125 : i64}
    snr.vld v18, vmem[s10 + 1024] {hlo = "layer0.mlp.up", pc = 1126 : i64}
    snr.vld v19, vmem[s10 + 1536] {hlo = "layer0.mlp.up", pc = 1127 : i64}
    snr.vld v20, vmem[s10 + 2048] {hlo = "layer0.mlp.up", pc = 1128 : i64}
    snr.vld v21, vmem[s10 + 2560] {hlo = "layer0.mlp.up", pc = 1129 : i64}
    snr.vld v22, vmem[s10 + 3072] {hlo = "layer0.mlp.up", pc = 1130 : i64}
    snr.vld v23, vmem[s10 + 3584] {hlo = "layer0.mlp.up", pc = 1131 : i64}
    snr.vld v24, vmem[s10 + 4096] {hlo = "layer0.mlp.up", pc = 1132 : i64}
    snr.vld v25, vmem[s10 + 4608] {hlo = "layer0.mlp.up", pc = 1133 : i64}
    snr.vld v26, vmem[s10 + 5120] {hlo = "layer0.mlp.up", pc = 1134 : i64}
    snr.vld v27, vmem[s10 + 5632] {hlo = "layer0.mlp.up", pc = 1135 : i64}
    snr.vld v28, vmem[s10 + 6144] {hlo = "layer0.mlp.up", pc = 1136 : i64}
    snr.vld v29, vmem[s10 + 6656] {hlo = "layer0.mlp.up", pc = 1137 : i64}
    snr.vld v30, vmem[s10 + 7168] {hlo = "layer0.mlp.up", pc = 1138 : i64}
    snr.vld v31, vmem[s10 + 7680] {hlo = "layer0.mlp.up", pc = 1139 : i64}
    snr.vadd v0, v0, v16 {hlo = "layer0.mlp.up", pc = 1140 : i64}
    snr.vadd v1, v1, v17 {hlo = "layer0.mlp.up", pc = 1141 : i64}
    snr.vadd v2, v2, v18 {hlo = "layer0.mlp.up", pc = 1142 : i64}
    snr.vadd v3, v3, v19 {hlo = "layer0.mlp.up", pc = 1143 : i64}
    snr.vadd v4, v4, v20 {hlo = "layer0.mlp.up", pc = 1144 : i64}
    snr.vadd v5, v5, v21 {hlo = "layer0.mlp.up", pc = 1145 : i64}
    snr.vadd v6, v6, v22 {hlo = "layer0.mlp.up", pc = 1146 : i64}
    snr.vadd v7, v7, v23 {hlo = "layer0.mlp.up", pc = 1147 : i64}
    snr.vadd v8, v8, v24 {hlo = "layer0.mlp.up", pc = 1148 : i64}
    snr.vadd v9, v9, v25 {hlo = "layer0.mlp.up", pc = 1149 : i64}
    snr.vadd v10, v10, v26 {hlo = "layer0.mlp.up", pc = 1150 : i64}
    snr.vadd v11, v11, v27 {hlo = "layer0.mlp.up", pc = 1151 : i64}
    snr.vadd v12, v12, v28 {hlo = "layer0.mlp.up", pc = 1152 : i64}
    snr.vadd v13, v13, v29 {hlo = "layer0.mlp.up", pc = 1153 : i64}
    snr.vadd v14, v14, v30 {hlo = "layer0.mlp.up", pc = 1154 : i64}
    snr.vadd v15, v15, v31 {hlo = "layer0.mlp.up", pc = 1155 : i64}
    snr.vst v0, vmem[s10] {hlo = "layer0.mlp.up", pc = 1156 : i64}
    snr.vst v1, vmem[s10 + 512] {hlo = "layer0.mlp.up", pc = 1157 : i64}
    snr.vst v2, vmem[s10 + 1024] {hlo = "layer0.mlp.up", pc = 1158 : i64}
    snr.vst v3, vmem[s10 + 1536] {hlo = "layer0.mlp.up", pc = 1159 : i64}
    snr.vst v4, vmem[s10 + 2048] {hlo = "layer0.mlp.up", pc = 1160 : i64}
    snr.vst v5, vmem[s10 + 2560] {hlo = "layer0.mlp.up", pc = 1161 : i64}
    snr.vst v6, vmem[s10 + 3072] {hlo = "layer0.mlp.up", pc = 1162 : i64}
    snr.vst v7, vmem[s10 + 3584] {hlo = "layer0.mlp.up", pc = 1163 : i64}
    snr.vst v8, vmem[s10 + 4096] {hlo = "layer0.mlp.up", pc = 1164 : i64}
    snr.vst v9, vmem[s10 + 4608] {hlo = "layer0.mlp.up", pc = 1165 : i64}
    snr.vst v10, vmem[s10 + 5120] {hlo = "layer0.mlp.up", pc = 1166 : i64}
    snr.vst v11, vmem[s10 + 5632] {hlo = "layer0.mlp.up", pc = 1167 : i64}
    snr.vst v12, vmem[s10 + 6144] {hlo = "layer0.mlp.up", pc = 1168 : i64}
    snr.vst v13, vmem[s10 + 6656] {hlo = "layer0.mlp.up", pc = 1169 : i64}
    snr.vst v14, vmem[s10 + 7168] {hlo = "layer0.mlp.up", pc = 1170 : i64}
    snr.vst v15, vmem[s10 + 7680] {hlo = "layer0.mlp.up", pc = 1171 : i64}
    snr.addi s9, s9, 2048 {hlo = "layer0.mlp.up", pc = 1172 : i64}
    snr.addi s10, s10, 8192 {hlo = "layer0.mlp.up", pc = 1173 : i64}
    snr.addi s4, s4, 64 {hlo = "layer0.mlp.up", pc = 1174 : i64}
    snr.xori s1, s1, 5120 {hlo = "layer0.mlp.up", pc = 1175 : i64}
    snr.xori s2, s2, 5120 {hlo = "layer0.mlp.up", pc = 1176 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.mlp.up", pc = 1177 : i64}
    snr.addi s0, s0, 2048 {hlo = "layer0.mlp.up", pc = 1178 : i64}
    snr.addi s5, s5, -1 {hlo = "layer0.mlp.up", pc = 1179 : i64}
    snr.cmpi gt p7, s5, 0 {hlo = "layer0.mlp.up", pc = 1180 : i64}
    snr.br 929 if p7 {hlo = "layer0.mlp.up", pc = 1181 : i64}
    snr.dma.issue hbm[1081344] -> vmem[0], 8192, f1 {hlo = "layer0.mlp.act", pc = 1182 : i64}
    snr.vsplat v30, -1.702000e+00 {hlo = "layer0.mlp.act", pc = 1183 : i64}
    snr.vsplat v31, 1.000000e+00 {hlo = "layer0.mlp.act", pc = 1184 : i64}
    snr.movi s0, 16761856 {hlo = "layer0.mlp.act", pc = 1185 : i64}
    snr.movi s1, 32 {hlo = "layer0.mlp.act", pc = 1186 : i64}
    snr.vld v0, vmem[s0] {hlo = "layer0.mlp.act", pc = 1187 : i64}
    snr.vmul v1, v0, v30 {hlo = "layer0.mlp.act", pc = 1188 : i64}
    snr.vexp v1, v1 {hlo = "layer0.mlp.act", pc = 1189 : i64}
    snr.vadd v1, v1, v31 {hlo = "layer0.mlp.act", pc = 1190 : i64}
    snr.vrecip v1, v1 {hlo = "layer0.mlp.act", pc = 1191 : i64}
    snr.vmul v0, v0, v1 {hlo = "layer0.mlp.act", pc = 1192 : i64}
    snr.vst v0, vmem[s0] {hlo = "layer0.mlp.act", pc = 1193 : i64}
    snr.vld v2, vmem[s0 + 64] {hlo = "layer0.mlp.act", pc = 1194 : i64}
    snr.vmul v3, v2, v30 {hlo = "layer0.mlp.act", pc = 1195 : i64}
    snr.vexp v3, v3 {hlo = "layer0.mlp.act", pc = 1196 : i64}
    snr.vadd v3, v3, v31 {hlo = "layer0.mlp.act", pc = 1197 : i64}
    snr.vrecip v3, v3 {hlo = "layer0.mlp.act", pc = 1198 : i64}
    snr.vmul v2, v2, v3 {hlo = "layer0.mlp.act", pc = 1199 : i64}
    snr.vst v2, vmem[s0 + 64] {hlo = "layer0.mlp.act", pc = 1200 : i64}
    snr.vld v4, vmem[s0 + 128] {hlo = "layer0.mlp.act", pc = 1201 : i64}
    snr.vmul v5, v4, v30 {hlo = "layer0.mlp.act", pc = 1202 : i64}
    snr.vexp v5, v5 {hlo = "layer0.mlp.act", pc = 1203 : i64}
    snr.vadd v5, v5, v31 {hlo = "layer0.mlp.act", pc = 1204 : i64}
    snr.vrecip v5, v5 {hlo = "layer0.mlp.act", pc = 1205 : i64}
    snr.vmul v4, v4, v5 {hlo = "layer0.mlp.act", pc = 1206 : i64}
    snr.vst v4, vmem[s0 + 128] {hlo = "layer0.mlp.act", pc = 1207 : i64}
    snr.vld v6, vmem[s0 + 192] {hlo = "layer0.mlp.act", pc = 1208 : i64}
    snr.vmul v7, v6, v30 {hlo = "layer0.mlp.act", pc = 1209 : i64}
    snr.vexp v7, v7 {hlo = "layer0.mlp.act", pc = 1210 : i64}
    snr.vadd v7, v7, v31 {hlo = "layer0.mlp.act", pc = 1211 : i64}
    snr.vrecip v7, v7 {hlo = "layer0.mlp.act", pc = 1212 : i64}
    snr.vmul v6, v6, v7 {hlo = "layer0.mlp.act", pc = 1213 : i64}
    snr.vst v6, vmem[s0 + 192] {hlo = "layer0.mlp.act", pc = 1214 : i64}
    snr.addi s0, s0, 256 {hlo = "layer0.mlp.act", pc = 1215 : i64}
    snr.addi s1, s1, -1 {hlo = "layer0.mlp.act", pc = 1216 : i64}
    snr.cmpi gt p7, s1, 0 {hlo = "layer0.mlp.act", pc = 1217 : i64}
    snr.br 1187 if p7 {hlo = "layer0.mlp.act", pc = 1218 : i64}
    snr.movi s1, 0 {hlo = "layer0.mlp.down", pc = 1219 : i64}
    snr.movi s0, 1089536 {hlo = "layer0.mlp.down", pc = 1220 : i64}
    snr.movi s2, 8192 {hlo = "layer0.mlp.down", pc = 1221 : i64}
    snr.movi s3, 2 {hlo = "layer0.mlp.down", pc = 1222 : i64}
    snr.movi s4, 16775168 {hlo = "layer0.mlp.down", pc = 1223 : i64}
    snr.movi s5, 2 {hlo = "layer0.mlp.down", pc = 1224 : i64}
    snr.dma.wait f1 {hlo = "layer0.mlp.down", pc = 1225 : i64}
    snr.xori s6, s1, 8192 {hlo = "layer0.mlp.down", pc = 1226 : i64}
    snr.addi s7, s3, -1 {hlo = "layer0.mlp.down", pc = 1227 : i64}
    snr.cmpi gt p6, s7, 0 {hlo = "layer0.mlp.down", pc = 1228 : i64}
    snr.dma.issue hbm[s0] -> vmem[s6], 8192, f1 if p6 {hlo = "layer0.mlp.down", pc = 1229 : i64}
    snr.cmpi gt p6, s3, 1 {hlo = "layer0.mlp.down", pc = 1230 : i64}
    snr.mov s6, s1 {hlo = "layer0.mlp.down", pc = 1231 : i64}
    snr.movi s7, 16761856 {hlo = "layer0.mlp.down", pc = 1232 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.mlp.down", pc = 1233 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.mlp.down", pc = 1234 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.mlp.down", pc = 1235 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.mlp.down", pc = 1236 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.mlp.down", pc = 1237 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.mlp.down", pc = 1238 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.mlp.down", pc = 1239 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.mlp.down", pc = 1240 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.mlp.down", pc = 1241 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.mlp.down", pc = 1242 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.mlp.down", pc = 1243 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.mlp.down", pc = 1244 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.mlp.down", pc = 1245 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.mlp.down", pc = 1246 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.mlp.down", pc = 1247 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.mlp.down", pc = 1248 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.mlp.down", pc = 1249 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.mlp.down", pc = 1250 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.mlp.down", pc = 1251 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.mlp.down", pc = 1252 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.mlp.down", pc = 1253 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.mlp.down", pc = 1254 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.mlp.down", pc = 1255 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.mlp.down", pc = 1256 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.mlp.down", pc = 1257 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.mlp.down", pc = 1258 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.mlp.down", pc = 1259 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.mlp.down", pc = 1260 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.mlp.down", pc = 1261 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.mlp.down", pc = 1262 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.mlp.down", pc = 1263 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.mlp.down", pc = 1264 : i64}
    snr.mov s8, s7 {hlo = "layer0.mlp.down", pc = 1265 : i64}
    snr.mov s9, s4 {hlo = "layer0.mlp.down", pc = 1266 : i64}
    snr.movi s10, 1 {hlo = "layer0.mlp.down", pc = 1267 : i64}
    snr.vld v16, vmem[s8] {hlo = "layer0.mlp.down", pc = 1268 : i64}
    snr.vld v17, vmem[s8 + 512] {hlo = "layer0.mlp.down", pc = 1269 : i64}
    snr.vld v18, vmem[s8 + 1024] {hlo = "layer0.mlp.down", pc = 1270 : i64}
    snr.vld v19, vmem[s8 + 1536] {hlo = "layer0.mlp.down", pc = 1271 : i64}
    snr.vld v20, vmem[s8 + 2048] {hlo = "layer0.mlp.down", pc = 1272 : i64}
    snr.vld v21, vmem[s8 + 2560] {hlo = "layer0.mlp.down", pc = 1273 : i64}
    snr.vld v22, vmem[s8 + 3072] {hlo = "layer0.mlp.down", pc = 1274 : i64}
    snr.vld v23, vmem[s8 + 3584] {hlo = "layer0.mlp.down", pc = 1275 : i64}
    snr.vld v24, vmem[s8 + 4096] {hlo = "layer0.mlp.down", pc = 1276 : i64}
    snr.vld v25, vmem[s8 + 4608] {hlo = "layer0.mlp.down", pc = 1277 : i64}
    snr.vld v26, vmem[s8 + 5120] {hlo = "layer0.mlp.down", pc = 1278 : i64}
    snr.vld v27, vmem[s8 + 5632] {hlo = "layer0.mlp.down", pc = 1279 : i64}
    snr.vld v28, vmem[s8 + 6144] {hlo = "layer0.mlp.down", pc = 1280 : i64}
    snr.vld v29, vmem[s8 + 6656] {hlo = "layer0.mlp.down", pc = 1281 : i64}
    snr.vld v30, vmem[s8 + 7168] {hlo = "layer0.mlp.down", pc = 1282 : i64}
    snr.vld v31, vmem[s8 + 7680] {hlo = "layer0.mlp.down", pc = 1283 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.mlp.down", pc = 1284 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.mlp.down", pc = 1285 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.mlp.down", pc = 1286 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.mlp.down", pc = 1287 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.mlp.down", pc = 1288 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.mlp.down", pc = 1289 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.mlp.down", pc = 1290 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.mlp.down", pc = 1291 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.mlp.down", pc = 1292 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.mlp.down", pc = 1293 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.mlp.down", pc = 1294 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.mlp.down", pc = 1295 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.mlp.down", pc = 1296 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.mlp.down", pc = 1297 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.mlp.down", pc = 1298 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.mlp.down", pc = 1299 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.mlp.down", pc = 1300 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.mlp.down", pc = 1301 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.mlp.down", pc = 1302 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.mlp.down", pc = 1303 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.mlp.down", pc = 1304 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.mlp.down", pc = 1305 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.mlp.down", pc = 1306 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.mlp.down", pc = 1307 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.mlp.down", pc = 1308 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.mlp.down", pc = 1309 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.mlp.down", pc = 1310 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.mlp.down", pc = 1311 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.mlp.down", pc = 1312 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.mlp.down", pc = 1313 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.mlp.down", pc = 1314 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.mlp.down", pc = 1315 : i64}
    snr.vst v0, vmem[s9] {hlo = "layer0.mlp.down", pc = 1316 : i64}
    snr.vst v1, vmem[s9 + 128] {hlo = "layer0.mlp.down", pc = 1317 : i64}
    snr.vst v2, vmem[s9 + 256] {hlo = "layer0.mlp.down", pc = 1318 : i64}
    snr.vst v3, vmem[s9 + 384] {hlo = "layer0.mlp.down", pc = 1319 : i64}
    snr.vst v4, vmem[s9 + 512] {hlo = "layer0.mlp.down", pc = 1320 : i64}
    snr.vst v5, vmem[s9 + 640] {hlo = "layer0.mlp.down", pc = 1321 : i64}
    snr.vst v6, vmem[s9 + 768] {hlo = "layer0.mlp.down", pc = 1322 : i64}
    snr.vst v7, vmem[s9 + 896] {hlo = "layer0.mlp.down", pc = 1323 : i64}
    snr.vst v8, vmem[s9 + 1024] {hlo = "layer0.mlp.down", pc = 1324 : i64}
    snr.vst v9, vmem[s9 + 1152] {hlo = "layer0.mlp.down", pc = 1325 : i64}
    snr.vst v10, vmem[s9 + 1280] {hlo = "layer0.mlp.down", pc = 1326 : i64}
    snr.vst v11, vmem[s9 + 1408] {hlo = "layer0.mlp.down", pc = 1327 : i64}
    snr.vst v12, vmem[s9 + 1536] {hlo = "layer0.mlp.down", pc = 1328 : i64}
    snr.vst v13, vmem[s9 + 1664] {hlo = "layer0.mlp.down", pc = 1329 : i64}
    snr.vst v14, vmem[s9 + 1792] {hlo = "layer0.mlp.down", pc = 1330 : i64}
    snr.vst v15, vmem[s9 + 1920] {hlo = "layer0.mlp.down", pc = 1331 : i64}
    snr.addi s8, s8, 8192 {hlo = "layer0.mlp.down", pc = 1332 : i64}
    snr.addi s9, s9, 2048 {hlo = "layer0.mlp.down", pc = 1333 : i64}
    snr.movi s8, 7 {hlo = "layer0.mlp.down", pc = 1334 : i64}
    snr.addi s6, s6, 1024 {hlo = "layer0.mlp.down", pc = 1335 : i64}
    snr.addi s7, s7, 64 {hlo = "layer0.mlp.down", pc = 1336 : i64}
    snr.vld v16, vmem[s6] {hlo = "layer0.mlp.down", pc = 1337 : i64}
    snr.vld v17, vmem[s6 + 64] {hlo = "layer0.mlp.down", pc = 1338 : i64}
    snr.vld v18, vmem[s6 + 128] {hlo = "layer0.mlp.down", pc = 1339 : i64}
    snr.vld v19, vmem[s6 + 192] {hlo = "layer0.mlp.down", pc = 1340 : i64}
    snr.vld v20, vmem[s6 + 256] {hlo = "layer0.mlp.down", pc = 1341 : i64}
    snr.vld v21, vmem[s6 + 320] {hlo = "layer0.mlp.down", pc = 1342 : i64}
    snr.vld v22, vmem[s6 + 384] {hlo = "layer0.mlp.down", pc = 1343 : i64}
    snr.vld v23, vmem[s6 + 448] {hlo = "layer0.mlp.down", pc = 1344 : i64}
    snr.vld v24, vmem[s6 + 512] {hlo = "layer0.mlp.down", pc = 1345 : i64}
    snr.vld v25, vmem[s6 + 576] {hlo = "layer0.mlp.down", pc = 1346 : i64}
    snr.vld v26, vmem[s6 + 640] {hlo = "layer0.mlp.down", pc = 1347 : i64}
    snr.vld v27, vmem[s6 + 704] {hlo = "layer0.mlp.down", pc = 1348 : i64}
    snr.vld v28, vmem[s6 + 768] {hlo = "layer0.mlp.down", pc = 1349 : i64}
    snr.vld v29, vmem[s6 + 832] {hlo = "layer0.mlp.down", pc = 1350 : i64}
    snr.vld v30, vmem[s6 + 896] {hlo = "layer0.mlp.down", pc = 1351 : i64}
    snr.vld v31, vmem[s6 + 960] {hlo = "layer0.mlp.down", pc = 1352 : i64}
    snr.mxu.push v16, row 0 {hlo = "layer0.mlp.down", pc = 1353 : i64}
    snr.mxu.push v17, row 1 {hlo = "layer0.mlp.down", pc = 1354 : i64}
    snr.mxu.push v18, row 2 {hlo = "layer0.mlp.down", pc = 1355 : i64}
    snr.mxu.push v19, row 3 {hlo = "layer0.mlp.down", pc = 1356 : i64}
    snr.mxu.push v20, row 4 {hlo = "layer0.mlp.down", pc = 1357 : i64}
    snr.mxu.push v21, row 5 {hlo = "layer0.mlp.down", pc = 1358 : i64}
    snr.mxu.push v22, row 6 {hlo = "layer0.mlp.down", pc = 1359 : i64}
    snr.mxu.push v23, row 7 {hlo = "layer0.mlp.down", pc = 1360 : i64}
    snr.mxu.push v24, row 8 {hlo = "layer0.mlp.down", pc = 1361 : i64}
    snr.mxu.push v25, row 9 {hlo = "layer0.mlp.down", pc = 1362 : i64}
    snr.mxu.push v26, row 10 {hlo = "layer0.mlp.down", pc = 1363 : i64}
    snr.mxu.push v27, row 11 {hlo = "layer0.mlp.down", pc = 1364 : i64}
    snr.mxu.push v28, row 12 {hlo = "layer0.mlp.down", pc = 1365 : i64}
    snr.mxu.push v29, row 13 {hlo = "layer0.mlp.down", pc = 1366 : i64}
    snr.mxu.push v30, row 14 {hlo = "layer0.mlp.down", pc = 1367 : i64}
    snr.mxu.push v31, row 15 {hlo = "layer0.mlp.down", pc = 1368 : i64}
    snr.mov s9, s7 {hlo = "layer0.mlp.down", pc = 1369 : i64}
    snr.mov s10, s4 {hlo = "layer0.mlp.down", pc = 1370 : i64}
    snr.movi s11, 1 {hlo = "layer0.mlp.down", pc = 1371 : i64}
    snr.vld v16, vmem[s9] {hlo = "layer0.mlp.down", pc = 1372 : i64}
    snr.vld v17, vmem[s9 + 512] {hlo = "layer0.mlp.down", pc = 1373 : i64}
    snr.vld v18, vmem[s9 + 1024] {hlo = "layer0.mlp.down", pc = 1374 : i64}
    snr.vld v19, vmem[s9 + 1536] {hlo = "layer0.mlp.down", pc = 1375 : i64}
    snr.vld v20, vmem[s9 + 2048] {hlo = "layer0.mlp.down", pc = 1376 : i64}
    snr.vld v21, vmem[s9 + 2560] {hlo = "layer0.mlp.down", pc = 1377 : i64}
    snr.vld v22, vmem[s9 + 3072] {hlo = "layer0.mlp.down", pc = 1378 : i64}
    snr.vld v23, vmem[s9 + 3584] {hlo = "layer0.mlp.down", pc = 1379 : i64}
    snr.vld v24, vmem[s9 + 4096] {hlo = "layer0.mlp.down", pc = 1380 : i64}
    snr.vld v25, vmem[s9 + 4608] {hlo = "layer0.mlp.down", pc = 1381 : i64}
    snr.vld v26, vmem[s9 + 5120] {hlo = "layer0.mlp.down", pc = 1382 : i64}
    snr.vld v27, vmem[s9 + 5632] {hlo = "layer0.mlp.down", pc = 1383 : i64}
    snr.vld v28, vmem[s9 + 6144] {hlo = "layer0.mlp.down", pc = 1384 : i64}
    snr.vld v29, vmem[s9 + 6656] {hlo = "layer0.mlp.down", pc = 1385 : i64}
    snr.vld v30, vmem[s9 + 7168] {hlo = "layer0.mlp.down", pc = 1386 : i64}
    snr.vld v31, vmem[s9 + 7680] {hlo = "layer0.mlp.down", pc = 1387 : i64}
    snr.mxu.matmul q0, v16 {hlo = "layer0.mlp.down", pc = 1388 : i64}
    snr.mxu.matmul q1, v17 {hlo = "layer0.mlp.down", pc = 1389 : i64}
    snr.mxu.matmul q2, v18 {hlo = "layer0.mlp.down", pc = 1390 : i64}
    snr.mxu.matmul q3, v19 {hlo = "layer0.mlp.down", pc = 1391 : i64}
    snr.mxu.matmul q4, v20 {hlo = "layer0.mlp.down", pc = 1392 : i64}
    snr.mxu.matmul q5, v21 {hlo = "layer0.mlp.down", pc = 1393 : i64}
    snr.mxu.matmul q6, v22 {hlo = "layer0.mlp.down", pc = 1394 : i64}
    snr.mxu.matmul q7, v23 {hlo = "layer0.mlp.down", pc = 1395 : i64}
    snr.mxu.matmul q8, v24 {hlo = "layer0.mlp.down", pc = 1396 : i64}
    snr.mxu.matmul q9, v25 {hlo = "layer0.mlp.down", pc = 1397 : i64}
    snr.mxu.matmul q10, v26 {hlo = "layer0.mlp.down", pc = 1398 : i64}
    snr.mxu.matmul q11, v27 {hlo = "layer0.mlp.down", pc = 1399 : i64}
    snr.mxu.matmul q12, v28 {hlo = "layer0.mlp.down", pc = 1400 : i64}
    snr.mxu.matmul q13, v29 {hlo = "layer0.mlp.down", pc = 1401 : i64}
    snr.mxu.matmul q14, v30 {hlo = "layer0.mlp.down", pc = 1402 : i64}
    snr.mxu.matmul q15, v31 {hlo = "layer0.mlp.down", pc = 1403 : i64}
    snr.mxu.pop v0, q0 {hlo = "layer0.mlp.down", pc = 1404 : i64}
    snr.mxu.pop v1, q1 {hlo = "layer0.mlp.down", pc = 1405 : i64}
    snr.mxu.pop v2, q2 {hlo = "layer0.mlp.down", pc = 1406 : i64}
    snr.mxu.pop v3, q3 {hlo = "layer0.mlp.down", pc = 1407 : i64}
    snr.mxu.pop v4, q4 {hlo = "layer0.mlp.down", pc = 1408 : i64}
    snr.mxu.pop v5, q5 {hlo = "layer0.mlp.down", pc = 1409 : i64}
    snr.mxu.pop v6, q6 {hlo = "layer0.mlp.down", pc = 1410 : i64}
    snr.mxu.pop v7, q7 {hlo = "layer0.mlp.down", pc = 1411 : i64}
    snr.mxu.pop v8, q8 {hlo = "layer0.mlp.down", pc = 1412 : i64}
    snr.mxu.pop v9, q9 {hlo = "layer0.mlp.down", pc = 1413 : i64}
    snr.mxu.pop v10, q10 {hlo = "layer0.mlp.down", pc = 1414 : i64}
    snr.mxu.pop v11, q11 {hlo = "layer0.mlp.down", pc = 1415 : i64}
    snr.mxu.pop v12, q12 {hlo = "layer0.mlp.down", pc = 1416 : i64}
    snr.mxu.pop v13, q13 {hlo = "layer0.mlp.down", pc = 1417 : i64}
    snr.mxu.pop v14, q14 {hlo = "layer0.mlp.down", pc = 1418 : i64}
    snr.mxu.pop v15, q15 {hlo = "layer0.mlp.down", pc = 1419 : i64}
    snr.vld v16, vmem[s10] {hlo = "layer0.mlp.down", pc = 1420 : i64}
    snr.vld v17, vmem[s10 + 128] {hlo = "layer0.mlp.down", pc = 1421 : i64}
    snr.vld v18, vmem[s10 + 256] {hlo = "layer0.mlp.down", pc = 1422 : i64}
    snr.vld v19, vmem[s10 + 384] {hlo = "layer0.mlp.down", pc = 1423 : i64}
    snr.vld v20, vmem[s10 + 512] {hlo = "layer0.mlp.down", pc = 1424 : i64}
    snr.vld v21, vmem[s10 + 640] {hlo = "layer0.mlp.down", pc = 1425 : i64}
    snr.vld v22, vmem[s10 + 768] {hlo = "layer0.mlp.down", pc = 1426 : i64}
    snr.vld v23, vmem[s10 + 896] {hlo = "layer0.mlp.down", pc = 1427 : i64}
    snr.vld v24, vmem[s10 + 1024] {hlo = "layer0.mlp.down", pc = 1428 : i64}
    snr.vld v25, vmem[s10 + 1152] {hlo = "layer0.mlp.down", pc = 1429 : i64}
    snr.vld v26, vmem[s10 + 1280] {hlo = "layer0.mlp.down", pc = 1430 : i64}
    snr.vld v27, vmem[s10 + 1408] {hlo = "layer0.mlp.down", pc = 1431 : i64}
    snr.vld v28, vmem[s10 + 1536] {hlo = "layer0.mlp.down", pc = 1432 : i64}
    snr.vld v29, vmem[s10 + 1664] {hlo = "layer0.mlp.down", pc = 1433 : i64}
    snr.vld v30, vmem[s10 + 1792] {hlo = "layer0.mlp.down", pc = 1434 : i64}
    snr.vld v31, vmem[s10 + 1920] {hlo = "layer0.mlp.down", pc = 1435 : i64}
    snr.vadd v0, v0, v16 {hlo = "layer0.mlp.down", pc = 1436 : i64}
    snr.vadd v1, v1, v17 {hlo = "layer0.mlp.down", pc = 1437 : i64}
    snr.vadd v2, v2, v18 {hlo = "layer0.mlp.down", pc = 1438 : i64}
    snr.vadd v3, v3, v19 {hlo = "layer0.mlp.down", pc = 1439 : i64}
    snr.vadd v4, v4, v20 {hlo = "layer0.mlp.down", pc = 1440 : i64}
    snr.vadd v5, v5, v21 {hlo = "layer0.mlp.down", pc = 1441 : i64}
    snr.vadd v6, v6, v22 {hlo = "layer0.mlp.down", pc = 1442 : i64}
    snr.vadd v7, v7, v23 {hlo = "layer0.mlp.down", pc = 1443 : i64}
    snr.vadd v8, v8, v24 {hlo = "layer0.mlp.down", pc = 1444 : i64}
    snr.vadd v9, v9, v25 {hlo = "layer0.mlp.down", pc = 1445 : i64}
    snr.vadd v10, v10, v26 {hlo = "layer0.mlp.down", pc = 1446 : i64}
    snr.vadd v11, v11, v27 {hlo = "layer0.mlp.down", pc = 1447 : i64}
    snr.vadd v12, v12, v28 {hlo = "layer0.mlp.down", pc = 1448 : i64}
    snr.vadd v13, v13, v29 {hlo = "layer0.mlp.down", pc = 1449 : i64}
    snr.vadd v14, v14, v30 {hlo = "layer0.mlp.down", pc = 1450 : i64}
    snr.vadd v15, v15, v31 {hlo = "layer0.mlp.down", pc = 1451 : i64}
    snr.vst v0, vmem[s10] {hlo = "layer0.mlp.down", pc = 1452 : i64}
    snr.vst v1, vmem[s10 + 128] {hlo = "layer0.mlp.down", pc = 1453 : i64}
    snr.vst v2, vmem[s10 + 256] {hlo = "layer0.mlp.down", pc = 1454 : i64}
    snr.vst v3, vmem[s10 + 384] {hlo = "layer0.mlp.down", pc = 1455 : i64}
    snr.vst v4, vmem[s10 + 512] {hlo = "layer0.mlp.down", pc = 1456 : i64}
    snr.vst v5, vmem[s10 + 640] {hlo = "layer0.mlp.down", pc = 1457 : i64}
    snr.vst v6, vmem[s10 + 768] {hlo = "layer0.mlp.down", pc = 1458 : i64}
    snr.vst v7, vmem[s10 + 896] {hlo = "layer0.mlp.down", pc = 1459 : i64}
    snr.vst v8, vmem[s10 + 1024] {hlo = "layer0.mlp.down", pc = 1460 : i64}
    snr.vst v9, vmem[s10 + 1152] {hlo = "layer0.mlp.down", pc = 1461 : i64}
    snr.vst v10, vmem[s10 + 1280] {hlo = "layer0.mlp.down", pc = 1462 : i64}
    snr.vst v11, vmem[s10 + 1408] {hlo = "layer0.mlp.down", pc = 1463 : i64}
    snr.vst v12, vmem[s10 + 1536] {hlo = "layer0.mlp.down", pc = 1464 : i64}
    snr.vst v13, vmem[s10 + 1664] {hlo = "layer0.mlp.down", pc = 1465 : i64}
    snr.vst v14, vmem[s10 + 1792] {hlo = "layer0.mlp.down", pc = 1466 : i64}
    snr.vst v15, vmem[s10 + 1920] {hlo = "layer0.mlp.down", pc = 1467 : i64}
    snr.addi s9, s9, 8192 {hlo = "layer0.mlp.down", pc = 1468 : i64}
    snr.addi s10, s10, 2048 {hlo = "layer0.mlp.down", pc = 1469 : i64}
    snr.addi s8, s8, -1 {hlo = "layer0.mlp.down", pc = 1470 : i64}
    snr.cmpi gt p7, s8, 0 {hlo = "layer0.mlp.down", pc = 1471 : i64}
    snr.br 1335 if p7 {hlo = "layer0.mlp.down", pc = 1472 : i64}
    snr.addi s4, s4, 64 {hlo = "layer0.mlp.down", pc = 1473 : i64}
    snr.xori s1, s1, 8192 {hlo = "layer0.mlp.down", pc = 1474 : i64}
    snr.xori s2, s2, 8192 {hlo = "layer0.mlp.down", pc = 1475 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.mlp.down", pc = 1476 : i64}
    snr.cmpi gt p6, s3, 0 {hlo = "layer0.mlp.down", pc = 1477 : i64}
    snr.addi s0, s0, 8192 {hlo = "layer0.mlp.down", pc = 1478 : i64}
    snr.addi s5, s5, -1 {hlo = "layer0.mlp.down", pc = 1479 : i64}
    snr.cmpi gt p7, s5, 0 {hlo = "layer0.mlp.down", pc = 1480 : i64}
    snr.br 1225 if p7 {hlo = "layer0.mlp.down", pc = 1481 : i64}
    snr.movi s0, 16770048 {hlo = "layer0.mlp_residual", pc = 1482 : i64}
    snr.movi s1, 16775168 {hlo = "layer0.mlp_residual", pc = 1483 : i64}
    snr.movi s2, 16772096 {hlo = "layer0.mlp_residual", pc = 1484 : i64}
    snr.movi s3, 8 {hlo = "layer0.mlp_residual", pc = 1485 : i64}
    snr.vld v0, vmem[s0] {hlo = "layer0.mlp_residual", pc = 1486 : i64}
    snr.vld v1, vmem[s1] {hlo = "layer0.mlp_residual", pc = 1487 : i64}
    snr.vadd v0, v0, v1 {hlo = "layer0.mlp_residual", pc = 1488 : i64}
    snr.vst v0, vmem[s2] {hlo = "layer0.mlp_residual", pc = 1489 : i64}
    snr.vld v2, vmem[s0 + 64] {hlo = "layer0.mlp_residual", pc = 1490 : i64}
    snr.vld v3, vmem[s1 + 64] {hlo = "layer0.mlp_residual", pc = 1491 : i64}
    snr.vadd v2, v2, v3 {hlo = "layer0.mlp_residual", pc = 1492 : i64}
    snr.vst v2, vmem[s2 + 64] {hlo = "layer0.mlp_residual", pc = 1493 : i64}
    snr.vld v4, vmem[s0 + 128] {hlo = "layer0.mlp_residual", pc = 1494 : i64}
    snr.vld v5, vmem[s1 + 128] {hlo = "layer0.mlp_residual", pc = 1495 : i64}
    snr.vadd v4, v4, v5 {hlo = "layer0.mlp_residual", pc = 1496 : i64}
    snr.vst v4, vmem[s2 + 128] {hlo = "layer0.mlp_residual", pc = 1497 : i64}
    snr.vld v6, vmem[s0 + 192] {hlo = "layer0.mlp_residual", pc = 1498 : i64}
    snr.vld v7, vmem[s1 + 192] {hlo = "layer0.mlp_residual", pc = 1499 : i64}
    snr.vadd v6, v6, v7 {hlo = "layer0.mlp_residual", pc = 1500 : i64}
    snr.vst v6, vmem[s2 + 192] {hlo = "layer0.mlp_residual", pc = 1501 : i64}
    snr.addi s0, s0, 256 {hlo = "layer0.mlp_residual", pc = 1502 : i64}
    snr.addi s1, s1, 256 {hlo = "layer0.mlp_residual", pc = 1503 : i64}
    snr.addi s2, s2, 256 {hlo = "layer0.mlp_residual", pc = 1504 : i64}
    snr.addi s3, s3, -1 {hlo = "layer0.mlp_residual", pc = 1505 : i64}
    snr.cmpi gt p7, s3, 0 {hlo = "layer0.mlp_residual", pc = 1506 : i64}
    snr.br 1486 if p7 {hlo = "layer0.mlp_residual", pc = 1507 : i64}
    snr.dma.issue vmem[16772096] -> hbm[1110016], 2048, f4 {hlo = "output", pc = 1508 : i64}
    snr.dma.wait f4 {hlo = "output", pc = 1509 : i64}
    snr.halt {hlo = "output", pc = 1510 : i64}
  }
}
