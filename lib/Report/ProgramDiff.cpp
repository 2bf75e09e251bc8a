//===- ProgramDiff.cpp - A program and its rewrite, as a diff -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Myers' O((N+M)D) difference algorithm on lines ("An O(ND) Difference
// Algorithm and Its Variations", 1986), after the common prefix and suffix
// are set aside: a program rewrite changes a few dozen lines of thousands.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/ProgramDiff.h"
#include "SnR/Report/Svg.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <vector>

using namespace snr;
using namespace snr::report;

namespace {
enum class Op : uint8_t { Same, Remove, Add };

struct Edit {
  Op op;
  size_t before, after; ///< line indices (the one of its side)
};

std::vector<llvm::StringRef> splitLines(llvm::StringRef text) {
  std::vector<llvm::StringRef> lines;
  if (text.ends_with("\n"))
    text = text.drop_back();
  if (text.empty())
    return lines;
  llvm::SmallVector<llvm::StringRef> parts;
  text.split(parts, '\n');
  lines.assign(parts.begin(), parts.end());
  return lines;
}

/// The shortest edit script turning `a` into `b` (Myers), or none if it
/// needs more than `maxEdits` edits.
std::optional<std::vector<Edit>> diffKeys(const std::vector<std::string> &a,
                                          const std::vector<std::string> &b,
                                          unsigned maxEdits) {
  size_t n = a.size(), m = b.size();
  size_t prefix = 0;
  while (prefix < n && prefix < m && a[prefix] == b[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < n - prefix && suffix < m - prefix &&
         a[n - 1 - suffix] == b[m - 1 - suffix])
    ++suffix;
  int64_t N = int64_t(n - prefix - suffix), M = int64_t(m - prefix - suffix);
  auto A = [&](int64_t i) -> const std::string & { return a[prefix + i]; };
  auto B = [&](int64_t j) -> const std::string & { return b[prefix + j]; };

  int64_t max = std::min<int64_t>(N + M, maxEdits);
  // v[k + offset]: the furthest x on diagonal k; one copy per d, to trace
  // the path back.
  int64_t offset = max + 1;
  std::vector<int64_t> v(2 * offset + 1, 0);
  std::vector<std::vector<int64_t>> trace;
  int64_t found = -1;
  for (int64_t d = 0; d <= max && found < 0; ++d) {
    trace.push_back(v);
    for (int64_t k = -d; k <= d; k += 2) {
      int64_t x = (k == -d || (k != d && v[k - 1 + offset] <
                                             v[k + 1 + offset]))
                      ? v[k + 1 + offset]
                      : v[k - 1 + offset] + 1;
      int64_t y = x - k;
      while (x < N && y < M && A(x) == B(y)) {
        ++x;
        ++y;
      }
      v[k + offset] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
  }
  if (found < 0)
    return std::nullopt;

  // Back from (N, M) to (0, 0).
  std::vector<Edit> reversed;
  int64_t x = N, y = M;
  for (int64_t d = found; d > 0; --d) {
    const std::vector<int64_t> &prev = trace[d];
    int64_t k = x - y;
    int64_t prevK = (k == -d || (k != d && prev[k - 1 + offset] <
                                               prev[k + 1 + offset]))
                        ? k + 1
                        : k - 1;
    int64_t prevX = prev[prevK + offset], prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      --x;
      --y;
      reversed.push_back({Op::Same, size_t(x), size_t(y)});
    }
    if (x == prevX)
      reversed.push_back({Op::Add, size_t(x), size_t(--y)});
    else
      reversed.push_back({Op::Remove, size_t(--x), size_t(y)});
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    --x;
    --y;
    reversed.push_back({Op::Same, size_t(x), size_t(y)});
  }
  std::vector<Edit> edits;
  edits.reserve(n + m);
  for (size_t i = 0; i < prefix; ++i)
    edits.push_back({Op::Same, i, i});
  for (auto it = reversed.rbegin(); it != reversed.rend(); ++it)
    edits.push_back({it->op, it->before + prefix, it->after + prefix});
  for (size_t i = 0; i < suffix; ++i)
    edits.push_back({Op::Same, n - suffix + i, m - suffix + i});
  return edits;
}
} // namespace

llvm::Expected<std::string> snr::report::formatUnifiedDiff(
    llvm::StringRef beforeName, llvm::StringRef before,
    llvm::StringRef afterName, llvm::StringRef after,
    llvm::function_ref<std::string(llvm::StringRef, bool)> key,
    unsigned context, unsigned maxEdits) {
  std::vector<llvm::StringRef> a = splitLines(before), b = splitLines(after);
  std::vector<std::string> keysA, keysB;
  keysA.reserve(a.size());
  keysB.reserve(b.size());
  for (llvm::StringRef line : a)
    keysA.push_back(key(line, false));
  for (llvm::StringRef line : b)
    keysB.push_back(key(line, true));
  std::optional<std::vector<Edit>> edits = diffKeys(keysA, keysB, maxEdits);
  if (!edits)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("{0} and {1} differ in more than {2} lines", beforeName,
                      afterName, maxEdits));

  std::string text;
  llvm::raw_string_ostream os(text);
  const std::vector<Edit> &e = *edits;
  size_t i = 0;
  while (true) {
    // The next change, and the hunk around it: changes with at most
    // 2 * context unchanged lines between them share one.
    while (i < e.size() && e[i].op == Op::Same)
      ++i;
    if (i == e.size())
      break;
    size_t begin = i >= context ? i - context : 0;
    size_t last = i;
    for (size_t j = i; j < e.size(); ++j) {
      if (e[j].op != Op::Same)
        last = j;
      else if (j - last > 2 * size_t(context))
        break;
    }
    size_t end = std::min(e.size(), last + 1 + context);
    if (text.empty())
      os << "--- " << beforeName << "\n+++ " << afterName << "\n";
    size_t beforeStart = e[begin].before, afterStart = e[begin].after;
    size_t beforeCount = 0, afterCount = 0;
    for (size_t j = begin; j < end; ++j) {
      beforeCount += e[j].op != Op::Add;
      afterCount += e[j].op != Op::Remove;
    }
    // Line numbers are 1-based; an empty side names the line before it.
    os << llvm::formatv("@@ -{0},{1} +{2},{3} @@\n",
                        beforeCount ? beforeStart + 1 : beforeStart,
                        beforeCount, afterCount ? afterStart + 1 : afterStart,
                        afterCount);
    for (size_t j = begin; j < end; ++j) {
      switch (e[j].op) {
      case Op::Same:
        os << ' ' << a[e[j].before] << '\n';
        break;
      case Op::Remove:
        os << '-' << a[e[j].before] << '\n';
        break;
      case Op::Add:
        os << '+' << b[e[j].after] << '\n';
        break;
      }
    }
    i = end;
  }
  return text;
}

void snr::report::writeDiffHtml(llvm::StringRef title, llvm::StringRef diff,
                                llvm::raw_ostream &os) {
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<title>"
     << escapeXml(title)
     << "</title>\n<style>\nbody { font: 14px/1.45 system-ui, sans-serif; "
        "margin: 20px; }\npre { font: 12px/1.4 ui-monospace, monospace; "
        "white-space: pre-wrap; overflow-wrap: anywhere; }\n.del { "
        "background: #ffebe9; }\n.add { background: #dafbe1; }\n.hunk { "
        "color: #0550ae; background: #f3f6fa; }\n.file { font-weight: 600; "
        "}\n:target { outline: 2px solid #bf8700; }\n</style>\n</head>\n"
        "<body>\n<h1>"
     << escapeXml(title) << "</h1>\n";
  if (diff.empty()) {
    os << "<p>No change.</p>\n</body>\n</html>\n";
    return;
  }
  os << "<p>Lines compare without their PCs (a rewrite renumbers every "
        "instruction after the first move): removed lines, in red, are the "
        "original's, added lines, in green, the rewritten program's.</p>\n"
        "<pre>";
  llvm::Regex pcPattern("pc = ([0-9]+)");
  for (llvm::StringRef line : splitLines(diff)) {
    llvm::StringRef cls = line.starts_with("---") || line.starts_with("+++")
                              ? "file"
                          : line.starts_with("@@") ? "hunk"
                          : line.starts_with("-")  ? "del"
                          : line.starts_with("+")  ? "add"
                                                   : "";
    os << "<span";
    if (!cls.empty())
      os << " class=\"" << cls << "\"";
    llvm::SmallVector<llvm::StringRef, 2> match;
    if (cls == "del" && pcPattern.match(line, &match))
      os << " id=\"pc-" << match[1] << "\"";
    os << ">" << escapeXml(line) << "</span>\n";
  }
  os << "</pre>\n</body>\n</html>\n";
}
