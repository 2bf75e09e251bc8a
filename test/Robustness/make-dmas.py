#!/usr/bin/env python3
"""Writes the DMA-heavy traces of issue 23.

usage: make-dmas.py KIND N OUT

  outstanding  N DMAs of 64 bytes issued on one flag, then one wait
  big          N DMAs of 64 MiB from HBM to HBM, each waited for, from a
               4 KiB snapshot region
  overlap      the same, each copying a region onto itself shifted by 4 KiB
"""
import sys

kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(out, "w") as f:
    f.write('{"format":"snr-trace","version":1,"machine":"snr-ref",'
            '"program":"dmas","start_pc":0}\n')
    pc = 0
    if kind == "outstanding":
        for pc in range(n):
            f.write('{"pc":%d,"op":"dma.issue","src":{"space":"hbm",'
                    '"offset":0},"dst":{"space":"vmem","offset":0},'
                    '"size":64,"flag":"f0"}\n' % pc)
        pc = n
        f.write('{"pc":%d,"op":"dma.wait","flag":"f0"}\n' % pc)
        pc += 1
    else:
        f.write('{"mem":"hbm","addr":0,"bytes":"%s"}\n' % ("ab" * 4096))
        dst = 4096 if kind == "overlap" else 1 << 30
        for i in range(n):
            f.write('{"pc":%d,"op":"dma.issue","src":{"space":"hbm",'
                    '"offset":0},"dst":{"space":"hbm","offset":%d},'
                    '"size":67108864,"flag":"f1"}\n' % (pc, dst))
            f.write('{"pc":%d,"op":"dma.wait","flag":"f1"}\n' % (pc + 1))
            pc += 2
    f.write('{"pc":%d,"op":"halt"}\n' % pc)
