//===- ReturnMemory.cpp - Give freed memory back to the system ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/ReturnMemory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void snr::returnFreedMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}
