module {
  snr.program @matmul_chain {
    snr.snapshot {
      snr.init_mem hbm[0] = dense<63> : tensor<256xi8>
      snr.init_mem hbm[256] = dense<64> : tensor<256xi8>
      snr.init_mem hbm[512] = dense<-65> : tensor<256xi8>
      snr.init_mem hbm[768] = dense<62> : tensor<256xi8>
      snr.init_mem hbm[65536] = dense<61> : tensor<4096xi8>
      snr.init_mem hbm[69632] = dense<60> : tensor<4096xi8>
      snr.init_mem hbm[73728] = dense<-67> : tensor<4096xi8>
      snr.init_mem hbm[77824] = dense<61> : tensor<4096xi8>
      snr.init_mem hbm[81920] = dense<60> : tensor<4096xi8>
      snr.init_mem hbm[86016] = dense<-68> : tensor<4096xi8>
      snr.init_mem hbm[90112] = dense<61> : tensor<4096xi8>
      snr.init_mem hbm[94208] = dense<60> : tensor<4096xi8>
      snr.init_mem hbm[98304] = dense<61> : tensor<4096xi8>
      snr.init_mem hbm[102400] = dense<60> : tensor<4096xi8>
      snr.init_mem hbm[106496] = dense<60> : tensor<4096xi8>
      snr.init_mem hbm[110592] = dense<-67> : tensor<4096xi8>
    }
    snr.movi s10, 0 {hlo = "fusion.0", pc = 0 : i64}
    snr.movi s11, 0 {hlo = "fusion.0", pc = 1 : i64}
    snr.dma.issue hbm[s10] -> vmem[s11], 1024, f1 {hlo = "fusion.0", pc = 2 : i64}
    snr.movi s10, 65536 {hlo = "fusion.0", pc = 3 : i64}
    snr.movi s11, 65536 {hlo = "fusion.0", pc = 4 : i64}
    snr.dma.issue hbm[s10] -> vmem[s11], 16384, f0 {hlo = "fusion.0", pc = 5 : i64}
    snr.dma.wait f0 {hlo = "fusion.0", pc = 6 : i64}
    snr.movi s10, 81920 {hlo = "fusion.0", pc = 7 : i64}
    snr.movi s1, 81920 {hlo = "fusion.0", pc = 8 : i64}
    snr.dma.issue hbm[s10] -> vmem[s1], 16384, f0 {hlo = "fusion.0", pc = 9 : i64}
    snr.dma.wait f1 {hlo = "fusion.0", pc = 10 : i64}
    snr.vsplat v0, 0.000000e+00 {hlo = "fusion.0", pc = 11 : i64}
    snr.movi s8, 4096 {hlo = "fusion.0", pc = 12 : i64}
    snr.movi s6, 16 {hlo = "fusion.0", pc = 13 : i64}
    snr.vst v0, vmem[s8] {hlo = "fusion.0", pc = 14 : i64}
    snr.addi s8, s8, 64 {hlo = "fusion.0", pc = 15 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.0", pc = 16 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.0", pc = 17 : i64}
    snr.br 14 if p1 {hlo = "fusion.0", pc = 18 : i64}
    snr.mov s1, s11 {hlo = "fusion.0", pc = 19 : i64}
    snr.movi s3, 4096 {hlo = "fusion.0", pc = 20 : i64}
    snr.movi s5, 4 {hlo = "fusion.0", pc = 21 : i64}
    snr.movi s2, 0 {hlo = "fusion.0", pc = 22 : i64}
    snr.movi s4, 4 {hlo = "fusion.0", pc = 23 : i64}
    snr.vld v16, vmem[s1] {hlo = "fusion.0", pc = 24 : i64}
    snr.vld v17, vmem[s1 + 64] {hlo = "fusion.0", pc = 25 : i64}
    snr.vld v18, vmem[s1 + 128] {hlo = "fusion.0", pc = 26 : i64}
    snr.vld v19, vmem[s1 + 192] {hlo = "fusion.0", pc = 27 : i64}
    snr.vld v20, vmem[s1 + 256] {hlo = "fusion.0", pc = 28 : i64}
    snr.vld v21, vmem[s1 + 320] {hlo = "fusion.0", pc = 29 : i64}
    snr.vld v22, vmem[s1 + 384] {hlo = "fusion.0", pc = 30 : i64}
    snr.vld v23, vmem[s1 + 448] {hlo = "fusion.0", pc = 31 : i64}
    snr.vld v24, vmem[s1 + 512] {hlo = "fusion.0", pc = 32 : i64}
    snr.vld v25, vmem[s1 + 576] {hlo = "fusion.0", pc = 33 : i64}
    snr.vld v26, vmem[s1 + 640] {hlo = "fusion.0", pc = 34 : i64}
    snr.vld v27, vmem[s1 + 704] {hlo = "fusion.0", pc = 35 : i64}
    snr.vld v28, vmem[s1 + 768] {hlo = "fusion.0", pc = 36 : i64}
    snr.vld v29, vmem[s1 + 832] {hlo = "fusion.0", pc = 37 : i64}
    snr.vld v30, vmem[s1 + 896] {hlo = "fusion.0", pc = 38 : i64}
    snr.vld v31, vmem[s1 + 960] {hlo = "fusion.0", pc = 39 : i64}
    snr.mxu.push v16, row 0 {hlo = "fusion.0", pc = 40 : i64}
    snr.mxu.push v17, row 1 {hlo = "fusion.0", pc = 41 : i64}
    snr.mxu.push v18, row 2 {hlo = "fusion.0", pc = 42 : i64}
    snr.mxu.push v19, row 3 {hlo = "fusion.0", pc = 43 : i64}
    snr.mxu.push v20, row 4 {hlo = "fusion.0", pc = 44 : i64}
    snr.mxu.push v21, row 5 {hlo = "fusion.0", pc = 45 : i64}
    snr.mxu.push v22, row 6 {hlo = "fusion.0", pc = 46 : i64}
    snr.mxu.push v23, row 7 {hlo = "fusion.0", pc = 47 : i64}
    snr.mxu.push v24, row 8 {hlo = "fusion.0", pc = 48 : i64}
    snr.mxu.push v25, row 9 {hlo = "fusion.0", pc = 49 : i64}
    snr.mxu.push v26, row 10 {hlo = "fusion.0", pc = 50 : i64}
    snr.mxu.push v27, row 11 {hlo = "fusion.0", pc = 51 : i64}
    snr.mxu.push v28, row 12 {hlo = "fusion.0", pc = 52 : i64}
    snr.mxu.push v29, row 13 {hlo = "fusion.0", pc = 53 : i64}
    snr.mxu.push v30, row 14 {hlo = "fusion.0", pc = 54 : i64}
    snr.mxu.push v31, row 15 {hlo = "fusion.0", pc = 55 : i64}
    snr.mov s7, s2 {hlo = "fusion.0", pc = 56 : i64}
    snr.mov s8, s3 {hlo = "fusion.0", pc = 57 : i64}
    snr.movi s6, 4 {hlo = "fusion.0", pc = 58 : i64}
    snr.vld v1, vmem[s7] {hlo = "fusion.0", pc = 59 : i64}
    snr.mxu.matmul q0, v1 {hlo = "fusion.0", pc = 60 : i64}
    snr.mxu.pop v2, q0 {hlo = "fusion.0", pc = 61 : i64}
    snr.vld v3, vmem[s8] {hlo = "fusion.0", pc = 62 : i64}
    snr.vadd v3, v3, v2 {hlo = "fusion.0", pc = 63 : i64}
    snr.vst v3, vmem[s8] {hlo = "fusion.0", pc = 64 : i64}
    snr.addi s7, s7, 256 {hlo = "fusion.0", pc = 65 : i64}
    snr.addi s8, s8, 256 {hlo = "fusion.0", pc = 66 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.0", pc = 67 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.0", pc = 68 : i64}
    snr.br 59 if p1 {hlo = "fusion.0", pc = 69 : i64}
    snr.addi s1, s1, 1024 {hlo = "fusion.0", pc = 70 : i64}
    snr.addi s2, s2, 64 {hlo = "fusion.0", pc = 71 : i64}
    snr.addi s4, s4, -1 {hlo = "fusion.0", pc = 72 : i64}
    snr.cmpi gt p1, s4, 0 {hlo = "fusion.0", pc = 73 : i64}
    snr.br 24 if p1 {hlo = "fusion.0", pc = 74 : i64}
    snr.addi s3, s3, 64 {hlo = "fusion.0", pc = 75 : i64}
    snr.addi s5, s5, -1 {hlo = "fusion.0", pc = 76 : i64}
    snr.cmpi gt p1, s5, 0 {hlo = "fusion.0", pc = 77 : i64}
    snr.br 22 if p1 {hlo = "fusion.0", pc = 78 : i64}
    snr.movi s8, 4096 {hlo = "fusion.0", pc = 79 : i64}
    snr.movi s6, 16 {hlo = "fusion.0", pc = 80 : i64}
    snr.vld v3, vmem[s8] {hlo = "fusion.0", pc = 81 : i64}
    snr.vmax v3, v3, v0 {hlo = "fusion.0", pc = 82 : i64}
    snr.vst v3, vmem[s8] {hlo = "fusion.0", pc = 83 : i64}
    snr.addi s8, s8, 64 {hlo = "fusion.0", pc = 84 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.0", pc = 85 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.0", pc = 86 : i64}
    snr.br 81 if p1 {hlo = "fusion.0", pc = 87 : i64}
    snr.movi s11, 81920 {hlo = "fusion.1", pc = 88 : i64}
    snr.dma.wait f0 {hlo = "fusion.1", pc = 89 : i64}
    snr.movi s10, 98304 {hlo = "fusion.1", pc = 90 : i64}
    snr.movi s1, 98304 {hlo = "fusion.1", pc = 91 : i64}
    snr.dma.issue hbm[s10] -> vmem[s1], 16384, f0 {hlo = "fusion.1", pc = 92 : i64}
    snr.vsplat v0, 0.000000e+00 {hlo = "fusion.1", pc = 93 : i64}
    snr.movi s8, 8192 {hlo = "fusion.1", pc = 94 : i64}
    snr.movi s6, 16 {hlo = "fusion.1", pc = 95 : i64}
    snr.vst v0, vmem[s8] {hlo = "fusion.1", pc = 96 : i64}
    snr.addi s8, s8, 64 {hlo = "fusion.1", pc = 97 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.1", pc = 98 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.1", pc = 99 : i64}
    snr.br 96 if p1 {hlo = "fusion.1", pc = 100 : i64}
    snr.mov s1, s11 {hlo = "fusion.1", pc = 101 : i64}
    snr.movi s3, 8192 {hlo = "fusion.1", pc = 102 : i64}
    snr.movi s5, 4 {hlo = "fusion.1", pc = 103 : i64}
    snr.movi s2, 4096 {hlo = "fusion.1", pc = 104 : i64}
    snr.movi s4, 4 {hlo = "fusion.1", pc = 105 : i64}
    snr.vld v16, vmem[s1] {hlo = "fusion.1", pc = 106 : i64}
    snr.vld v17, vmem[s1 + 64] {hlo = "fusion.1", pc = 107 : i64}
    snr.vld v18, vmem[s1 + 128] {hlo = "fusion.1", pc = 108 : i64}
    snr.vld v19, vmem[s1 + 192] {hlo = "fusion.1", pc = 109 : i64}
    snr.vld v20, vmem[s1 + 256] {hlo = "fusion.1", pc = 110 : i64}
    snr.vld v21, vmem[s1 + 320] {hlo = "fusion.1", pc = 111 : i64}
    snr.vld v22, vmem[s1 + 384] {hlo = "fusion.1", pc = 112 : i64}
    snr.vld v23, vmem[s1 + 448] {hlo = "fusion.1", pc = 113 : i64}
    snr.vld v24, vmem[s1 + 512] {hlo = "fusion.1", pc = 114 : i64}
    snr.vld v25, vmem[s1 + 576] {hlo = "fusion.1", pc = 115 : i64}
    snr.vld v26, vmem[s1 + 640] {hlo = "fusion.1", pc = 116 : i64}
    snr.vld v27, vmem[s1 + 704] {hlo = "fusion.1", pc = 117 : i64}
    snr.vld v28, vmem[s1 + 768] {hlo = "fusion.1", pc = 118 : i64}
    snr.vld v29, vmem[s1 + 832] {hlo = "fusion.1", pc = 119 : i64}
    snr.vld v30, vmem[s1 + 896] {hlo = "fusion.1", pc = 120 : i64}
    snr.vld v31, vmem[s1 + 960] {hlo = "fusion.1", pc = 121 : i64}
    snr.mxu.push v16, row 0 {hlo = "fusion.1", pc = 122 : i64}
    snr.mxu.push v17, row 1 {hlo = "fusion.1", pc = 123 : i64}
    snr.mxu.push v18, row 2 {hlo = "fusion.1", pc = 124 : i64}
    snr.mxu.push v19, row 3 {hlo = "fusion.1", pc = 125 : i64}
    snr.mxu.push v20, row 4 {hlo = "fusion.1", pc = 126 : i64}
    snr.mxu.push v21, row 5 {hlo = "fusion.1", pc = 127 : i64}
    snr.mxu.push v22, row 6 {hlo = "fusion.1", pc = 128 : i64}
    snr.mxu.push v23, row 7 {hlo = "fusion.1", pc = 129 : i64}
    snr.mxu.push v24, row 8 {hlo = "fusion.1", pc = 130 : i64}
    snr.mxu.push v25, row 9 {hlo = "fusion.1", pc = 131 : i64}
    snr.mxu.push v26, row 10 {hlo = "fusion.1", pc = 132 : i64}
    snr.mxu.push v27, row 11 {hlo = "fusion.1", pc = 133 : i64}
    snr.mxu.push v28, row 12 {hlo = "fusion.1", pc = 134 : i64}
    snr.mxu.push v29, row 13 {hlo = "fusion.1", pc = 135 : i64}
    snr.mxu.push v30, row 14 {hlo = "fusion.1", pc = 136 : i64}
    snr.mxu.push v31, row 15 {hlo = "fusion.1", pc = 137 : i64}
    snr.mov s7, s2 {hlo = "fusion.1", pc = 138 : i64}
    snr.mov s8, s3 {hlo = "fusion.1", pc = 139 : i64}
    snr.movi s6, 4 {hlo = "fusion.1", pc = 140 : i64}
    snr.vld v1, vmem[s7] {hlo = "fusion.1", pc = 141 : i64}
    snr.mxu.matmul q0, v1 {hlo = "fusion.1", pc = 142 : i64}
    snr.mxu.pop v2, q0 {hlo = "fusion.1", pc = 143 : i64}
    snr.vld v3, vmem[s8] {hlo = "fusion.1", pc = 144 : i64}
    snr.vadd v3, v3, v2 {hlo = "fusion.1", pc = 145 : i64}
    snr.vst v3, vmem[s8] {hlo = "fusion.1", pc = 146 : i64}
    snr.addi s7, s7, 256 {hlo = "fusion.1", pc = 147 : i64}
    snr.addi s8, s8, 256 {hlo = "fusion.1", pc = 148 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.1", pc = 149 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.1", pc = 150 : i64}
    snr.br 141 if p1 {hlo = "fusion.1", pc = 151 : i64}
    snr.addi s1, s1, 1024 {hlo = "fusion.1", pc = 152 : i64}
    snr.addi s2, s2, 64 {hlo = "fusion.1", pc = 153 : i64}
    snr.addi s4, s4, -1 {hlo = "fusion.1", pc = 154 : i64}
    snr.cmpi gt p1, s4, 0 {hlo = "fusion.1", pc = 155 : i64}
    snr.br 106 if p1 {hlo = "fusion.1", pc = 156 : i64}
    snr.addi s3, s3, 64 {hlo = "fusion.1", pc = 157 : i64}
    snr.addi s5, s5, -1 {hlo = "fusion.1", pc = 158 : i64}
    snr.cmpi gt p1, s5, 0 {hlo = "fusion.1", pc = 159 : i64}
    snr.br 104 if p1 {hlo = "fusion.1", pc = 160 : i64}
    snr.movi s8, 8192 {hlo = "fusion.1", pc = 161 : i64}
    snr.movi s6, 16 {hlo = "fusion.1", pc = 162 : i64}
    snr.vld v3, vmem[s8] {hlo = "fusion.1", pc = 163 : i64}
    snr.vmax v3, v3, v0 {hlo = "fusion.1", pc = 164 : i64}
    snr.vst v3, vmem[s8] {hlo = "fusion.1", pc = 165 : i64}
    snr.addi s8, s8, 64 {hlo = "fusion.1", pc = 166 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.1", pc = 167 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.1", pc = 168 : i64}
    snr.br 163 if p1 {hlo = "fusion.1", pc = 169 : i64}
    snr.movi s11, 98304 {hlo = "fusion.2", pc = 170 : i64}
    snr.dma.wait f0 {hlo = "fusion.2", pc = 171 : i64}
    snr.vsplat v0, 0.000000e+00 {hlo = "fusion.2", pc = 172 : i64}
    snr.movi s8, 12288 {hlo = "fusion.2", pc = 173 : i64}
    snr.movi s6, 16 {hlo = "fusion.2", pc = 174 : i64}
    snr.vst v0, vmem[s8] {hlo = "fusion.2", pc = 175 : i64}
    snr.addi s8, s8, 64 {hlo = "fusion.2", pc = 176 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.2", pc = 177 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.2", pc = 178 : i64}
    snr.br 175 if p1 {hlo = "fusion.2", pc = 179 : i64}
    snr.mov s1, s11 {hlo = "fusion.2", pc = 180 : i64}
    snr.movi s3, 12288 {hlo = "fusion.2", pc = 181 : i64}
    snr.movi s5, 4 {hlo = "fusion.2", pc = 182 : i64}
    snr.movi s2, 8192 {hlo = "fusion.2", pc = 183 : i64}
    snr.movi s4, 4 {hlo = "fusion.2", pc = 184 : i64}
    snr.vld v16, vmem[s1] {hlo = "fusion.2", pc = 185 : i64}
    snr.vld v17, vmem[s1 + 64] {hlo = "fusion.2", pc = 186 : i64}
    snr.vld v18, vmem[s1 + 128] {hlo = "fusion.2", pc = 187 : i64}
    snr.vld v19, vmem[s1 + 192] {hlo = "fusion.2", pc = 188 : i64}
    snr.vld v20, vmem[s1 + 256] {hlo = "fusion.2", pc = 189 : i64}
    snr.vld v21, vmem[s1 + 320] {hlo = "fusion.2", pc = 190 : i64}
    snr.vld v22, vmem[s1 + 384] {hlo = "fusion.2", pc = 191 : i64}
    snr.vld v23, vmem[s1 + 448] {hlo = "fusion.2", pc = 192 : i64}
    snr.vld v24, vmem[s1 + 512] {hlo = "fusion.2", pc = 193 : i64}
    snr.vld v25, vmem[s1 + 576] {hlo = "fusion.2", pc = 194 : i64}
    snr.vld v26, vmem[s1 + 640] {hlo = "fusion.2", pc = 195 : i64}
    snr.vld v27, vmem[s1 + 704] {hlo = "fusion.2", pc = 196 : i64}
    snr.vld v28, vmem[s1 + 768] {hlo = "fusion.2", pc = 197 : i64}
    snr.vld v29, vmem[s1 + 832] {hlo = "fusion.2", pc = 198 : i64}
    snr.vld v30, vmem[s1 + 896] {hlo = "fusion.2", pc = 199 : i64}
    snr.vld v31, vmem[s1 + 960] {hlo = "fusion.2", pc = 200 : i64}
    snr.mxu.push v16, row 0 {hlo = "fusion.2", pc = 201 : i64}
    snr.mxu.push v17, row 1 {hlo = "fusion.2", pc = 202 : i64}
    snr.mxu.push v18, row 2 {hlo = "fusion.2", pc = 203 : i64}
    snr.mxu.push v19, row 3 {hlo = "fusion.2", pc = 204 : i64}
    snr.mxu.push v20, row 4 {hlo = "fusion.2", pc = 205 : i64}
    snr.mxu.push v21, row 5 {hlo = "fusion.2", pc = 206 : i64}
    snr.mxu.push v22, row 6 {hlo = "fusion.2", pc = 207 : i64}
    snr.mxu.push v23, row 7 {hlo = "fusion.2", pc = 208 : i64}
    snr.mxu.push v24, row 8 {hlo = "fusion.2", pc = 209 : i64}
    snr.mxu.push v25, row 9 {hlo = "fusion.2", pc = 210 : i64}
    snr.mxu.push v26, row 10 {hlo = "fusion.2", pc = 211 : i64}
    snr.mxu.push v27, row 11 {hlo = "fusion.2", pc = 212 : i64}
    snr.mxu.push v28, row 12 {hlo = "fusion.2", pc = 213 : i64}
    snr.mxu.push v29, row 13 {hlo = "fusion.2", pc = 214 : i64}
    snr.mxu.push v30, row 14 {hlo = "fusion.2", pc = 215 : i64}
    snr.mxu.push v31, row 15 {hlo = "fusion.2", pc = 216 : i64}
    snr.mov s7, s2 {hlo = "fusion.2", pc = 217 : i64}
    snr.mov s8, s3 {hlo = "fusion.2", pc = 218 : i64}
    snr.movi s6, 4 {hlo = "fusion.2", pc = 219 : i64}
    snr.vld v1, vmem[s7] {hlo = "fusion.2", pc = 220 : i64}
    snr.mxu.matmul q0, v1 {hlo = "fusion.2", pc = 221 : i64}
    snr.mxu.pop v2, q0 {hlo = "fusion.2", pc = 222 : i64}
    snr.vld v3, vmem[s8] {hlo = "fusion.2", pc = 223 : i64}
    snr.vadd v3, v3, v2 {hlo = "fusion.2", pc = 224 : i64}
    snr.vst v3, vmem[s8] {hlo = "fusion.2", pc = 225 : i64}
    snr.addi s7, s7, 256 {hlo = "fusion.2", pc = 226 : i64}
    snr.addi s8, s8, 256 {hlo = "fusion.2", pc = 227 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.2", pc = 228 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.2", pc = 229 : i64}
    snr.br 220 if p1 {hlo = "fusion.2", pc = 230 : i64}
    snr.addi s1, s1, 1024 {hlo = "fusion.2", pc = 231 : i64}
    snr.addi s2, s2, 64 {hlo = "fusion.2", pc = 232 : i64}
    snr.addi s4, s4, -1 {hlo = "fusion.2", pc = 233 : i64}
    snr.cmpi gt p1, s4, 0 {hlo = "fusion.2", pc = 234 : i64}
    snr.br 185 if p1 {hlo = "fusion.2", pc = 235 : i64}
    snr.addi s3, s3, 64 {hlo = "fusion.2", pc = 236 : i64}
    snr.addi s5, s5, -1 {hlo = "fusion.2", pc = 237 : i64}
    snr.cmpi gt p1, s5, 0 {hlo = "fusion.2", pc = 238 : i64}
    snr.br 183 if p1 {hlo = "fusion.2", pc = 239 : i64}
    snr.movi s8, 12288 {hlo = "fusion.2", pc = 240 : i64}
    snr.movi s6, 16 {hlo = "fusion.2", pc = 241 : i64}
    snr.vld v3, vmem[s8] {hlo = "fusion.2", pc = 242 : i64}
    snr.vmax v3, v3, v0 {hlo = "fusion.2", pc = 243 : i64}
    snr.vst v3, vmem[s8] {hlo = "fusion.2", pc = 244 : i64}
    snr.addi s8, s8, 64 {hlo = "fusion.2", pc = 245 : i64}
    snr.addi s6, s6, -1 {hlo = "fusion.2", pc = 246 : i64}
    snr.cmpi gt p1, s6, 0 {hlo = "fusion.2", pc = 247 : i64}
    snr.br 242 if p1 {hlo = "fusion.2", pc = 248 : i64}
    snr.movi s10, 12288 {hlo = "copy.3", pc = 249 : i64}
    snr.movi s11, 131072 {hlo = "copy.3", pc = 250 : i64}
    snr.dma.issue vmem[s10] -> hbm[s11], 1024, f2 {hlo = "copy.3", pc = 251 : i64}
    snr.dma.wait f2 {hlo = "copy.3", pc = 252 : i64}
    snr.halt {hlo = "copy.3", pc = 253 : i64}
  }
}
