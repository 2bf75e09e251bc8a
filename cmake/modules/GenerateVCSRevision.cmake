# Writes HEADER with the git commit SOURCE_DIR is checked out at, as
# `#define SNR_REVISION "<commit>"`, or "unknown" outside a git checkout (a
# source tarball). The file is only rewritten when its content changes, so
# what includes it only rebuilds when the commit does (as LLVM's
# VCSRevision.h).
#
#   cmake -DSOURCE_DIR=... -DHEADER=... [-DGIT_EXECUTABLE=...] -P <this>

set(revision "unknown")
if(GIT_EXECUTABLE)
  # Only SOURCE_DIR's own repository: a tarball unpacked inside some other
  # checkout has no commit of its own.
  execute_process(
    COMMAND "${GIT_EXECUTABLE}" rev-parse --show-toplevel HEAD
    WORKING_DIRECTORY "${SOURCE_DIR}"
    RESULT_VARIABLE status
    OUTPUT_VARIABLE output
    OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_QUIET)
  if(status EQUAL 0)
    string(REPLACE "\n" ";" output "${output}")
    list(GET output 0 toplevel)
    list(GET output 1 commit)
    file(REAL_PATH "${toplevel}" toplevel)
    file(REAL_PATH "${SOURCE_DIR}" source)
    if(toplevel STREQUAL source)
      set(revision "${commit}")
    endif()
  endif()
endif()

set(content "#define SNR_REVISION \"${revision}\"\n")
set(old "")
if(EXISTS "${HEADER}")
  file(READ "${HEADER}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${HEADER}" "${content}")
endif()
