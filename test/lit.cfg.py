# -*- Python -*-
import os
import shlex
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "SnR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".json", ".s"]
config.excludes = ["CMakeLists.txt", "README.md", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.snr_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%snr_src_root", config.snr_src_root))

llvm_config.use_default_substitutions()

tool_dirs = [config.snr_tools_dir, config.llvm_tools_dir]
tools = ["snr-opt", "snr-translate", "snr-record", "snr-target", "snr-gen",
         "snr-replay", "snr-diff", "snr-linearity-probe", "snr-rsp-probe",
         "snr-rsp-toy-stub", "snr-describe-riscv", "snr-replay-riscv",
         "snr-time-riscv", "llvm-mc", "llvm-objdump", "llvm-mca"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# test/Install builds examples/ against an installed SnR with SnR's own
# CMake, generator, compilers, flags and compiler cache (ccache's settings
# pass through).
cmake_configure = [
    config.cmake, "-G", config.cmake_generator,
    "-DCMAKE_MAKE_PROGRAM=" + config.cmake_make_program,
    "-DCMAKE_BUILD_TYPE=" + config.cmake_build_type,
    "-DCMAKE_C_COMPILER=" + config.c_compiler,
    "-DCMAKE_CXX_COMPILER=" + config.cxx_compiler,
    "-DCMAKE_CXX_FLAGS=" + config.snr_cxx_flags,
    "-DMLIR_DIR=" + config.mlir_dir,
]
if config.compiler_launcher:
    cmake_configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=" +
                           config.compiler_launcher)
config.substitutions.append(
    ("%cmake_configure", " ".join(shlex.quote(a) for a in cmake_configure)))
config.substitutions.append(("%cmake", shlex.quote(config.cmake)))
config.substitutions.append(("%cxx", shlex.quote(config.cxx_compiler)))
config.substitutions.append(("%llvm_include_dir", config.llvm_include_dir))
config.substitutions.append(("%snr_obj_root", config.snr_obj_root))
for var in ["HOME"] + [v for v in os.environ if v.startswith("CCACHE_")]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

# The HTML report's rendering test runs headless Chromium (dev.sh installs
# the Debian package); without it the test is UNSUPPORTED.
chromium = "/usr/bin/chromium"
if os.access(chromium, os.X_OK):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))

# The exports' tests decode Chakra traces and XLA profiles with protoc and
# Debian's python3-protobuf (dev.sh installs both); without them they are
# UNSUPPORTED.
if shutil.which("protoc"):
    config.available_features.add("protoc")
try:
    import google.protobuf  # noqa: F401 (lit runs under the system python)
    config.available_features.add("python-protobuf")
except ImportError:
    pass

# Chakra's own consumer, ETFeeder (third_party/chakra), reads the Chakra
# traces through chakra-feeder-check, built with protobuf and protoc; without
# it test/Export/chakra-feeder.test is UNSUPPORTED.
if config.snr_chakra_feeder_check:
    config.available_features.add("chakra-feeder")
    llvm_config.add_tool_substitutions(["chakra-feeder-check"],
                                       [config.snr_tools_dir])

# The flamegraph test loads folded stacks into speedscope, installed once
# from npm into the build tree; where npm or its registry is unreachable the
# test is UNSUPPORTED.
npm_dir = os.path.join(config.snr_obj_root, "npm")
speedscope = os.path.join(npm_dir, "node_modules", "speedscope", "dist",
                          "release")
if not os.path.exists(os.path.join(speedscope, "index.html")) and \
        shutil.which("npm"):
    import subprocess
    try:
        subprocess.run(["npm", "install", "--no-audit", "--no-fund",
                        "--fetch-retries=0", "--fetch-timeout=30000",
                        "--prefix", npm_dir, "speedscope@1.25.0"],
                       capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        pass
if os.path.exists(os.path.join(speedscope, "index.html")):
    config.available_features.add("speedscope")
    config.substitutions.append(("%speedscope", speedscope))
else:
    lit_config.note("speedscope could not be installed from npm: "
                    "test/Export/speedscope.test is UNSUPPORTED")

# The timeline test loads timeline.json with the trace engine of Chrome
# DevTools' Performance panel, installed once from npm beside speedscope;
# without npm or its registry the test is UNSUPPORTED.
trace_engine = os.path.join(npm_dir, "node_modules", "@paulirish",
                            "trace_engine")
if not os.path.exists(os.path.join(trace_engine, "analyze-trace.mjs")) and \
        shutil.which("npm"):
    import subprocess
    try:
        subprocess.run(["npm", "install", "--no-audit", "--no-fund",
                        "--fetch-retries=0", "--fetch-timeout=30000",
                        "--prefix", npm_dir, "@paulirish/trace_engine@0.0.65"],
                       capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        pass
if os.path.exists(os.path.join(trace_engine, "analyze-trace.mjs")) and \
        shutil.which("node"):
    config.available_features.add("devtools-trace-engine")
    config.substitutions.append(
        ("%npm_modules", os.path.join(npm_dir, "node_modules")))
else:
    lit_config.note("the DevTools trace engine could not be installed from "
                    "npm: test/Report/timeline-devtools.test is UNSUPPORTED")

# The remarks test renders them with LLVM's opt-viewer (llvm-22-tools ships
# it; it needs python3-yaml and python3-pygments).
opt_viewer = os.path.join(config.llvm_tools_dir, "..", "share", "opt-viewer",
                          "opt-viewer.py")
try:
    import yaml  # noqa: F401
    config.available_features.add("python-yaml")
    import pygments  # noqa: F401
    if os.path.exists(opt_viewer):
        config.available_features.add("opt-viewer")
        config.substitutions.append(("%opt_viewer",
                                     os.path.normpath(opt_viewer)))
except ImportError:
    pass

# The kill test kills snr-replay at each step of its output transaction
# with strace's fault injection (dev.sh installs strace); where strace is
# missing or cannot trace (no ptrace in a container) that part is
# UNSUPPORTED.
if shutil.which("strace"):
    import subprocess
    try:
        if subprocess.run(["strace", "-f", "-o", os.devnull, "-e",
                           "inject=unlink:signal=SIGKILL:when=99", "true"],
                          capture_output=True, timeout=30).returncode == 0:
            config.available_features.add("strace")
    except (OSError, subprocess.TimeoutExpired):
        pass

# test/Remote drives QEMU's gdbstub (Debian's qemu-user) serving RISC-V
# programs built with the cross toolchain (dev.sh installs both); without
# them those tests are UNSUPPORTED. %run-qemu starts QEMU on a free port
# (test/Remote/run-qemu.py).
riscv_cc = shutil.which("riscv64-linux-gnu-gcc")
if (shutil.which("qemu-riscv64") and riscv_cc and
        shutil.which("riscv64-linux-gnu-nm")):
    config.available_features.add("qemu-riscv64")
    config.substitutions.append(
        ("%riscv-cc", riscv_cc + " -march=rv64gcv -mabi=lp64d -static"))
    config.substitutions.append(
        ("%run-qemu", "python3 " + os.path.join(
            config.test_source_root, "Remote", "run-qemu.py")))

# test/Remote/gdb-server.test drives SnR's RSP server with gdb itself;
# Debian's gdb knows x86 only, and the toy target is shaped like x86-64.
if shutil.which("gdb"):
    import subprocess
    try:
        if subprocess.run(["gdb", "-nx", "-batch", "-ex",
                           "set architecture i386:x86-64"],
                          capture_output=True, timeout=30).returncode == 0:
            config.available_features.add("gdb-x86-64")
    except (OSError, subprocess.TimeoutExpired):
        pass

# The analyses' linearity test counts instructions under callgrind (dev.sh
# installs valgrind); without it the test is UNSUPPORTED.
# Valgrind cannot run a sanitizer build (./dev.sh sanitize).
sanitized = "-fsanitize" in config.snr_cxx_flags
if shutil.which("valgrind") and not sanitized:
    config.available_features.add("valgrind")
# A sanitizer build runs against Debian's uninstrumented LLVM, whose inline
# allocator code trips ASan's user poisoning (dev.sh says more).
if sanitized:
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:allow_user_poisoning=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"


# The RISC-V target's tests check the bundled RVV kernels (examples/riscv)
# when clang-22 and the RISC-V cross toolchain built them, and run them when
# QEMU's user-mode emulator is installed (dev.sh installs all three).
if config.snr_riscv_kernels_dir and os.path.isdir(config.snr_riscv_kernels_dir):
    config.available_features.add("riscv-kernels")
    config.substitutions.append(("%riscv_kernels",
                                 config.snr_riscv_kernels_dir))
if shutil.which("qemu-riscv64"):
    config.available_features.add("qemu-riscv64")
