//===- ReturnMemory.h - Give freed memory back to the system ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// glibc keeps what a process frees in its heaps for the allocations to come;
// a process that frees a large structure built of small allocations (a
// module's IR) and goes on to allocate others peaks higher by it. This gives
// the free pages back.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_RETURNMEMORY_H
#define SNR_SUPPORT_RETURNMEMORY_H

namespace snr {

/// Returns the free pages of the process's heaps to the system (glibc's
/// malloc_trim); nothing with another C library.
void returnFreedMemory();

} // namespace snr

#endif // SNR_SUPPORT_RETURNMEMORY_H
