#!/usr/bin/env python3
"""Lists platform calls that would not compile on another platform, and exits 1 if there are any.

The package is built and tested on Linux only. What this guards is that nothing Linux-specific
slips in unguarded, so a macOS or Musl build stays a matter of testing, not of porting:

1. A module-qualified libc call (`Glibc.close`, `Darwin.read`, `Musl.send`) outside the
   `#if canImport(...)` branch for that C library.
2. A Linux-only name (SOCK_CLOEXEC, SOCK_NONBLOCK, MSG_NOSIGNAL, `SOCK_STREAM.rawValue`, accept4,
   epoll, /proc/) outside a `#if canImport(Glibc)` / `#if canImport(Musl)` / `#if os(Linux)` branch.
3. A file that calls the C library (sockets, file descriptors, errno, flock...) without importing
   it for every platform: it must name `canImport(Glibc)`, `canImport(Musl)` and
   `canImport(Darwin)` (Foundation re-exports Glibc on Linux only by accident of its build).
4. An Apple-only module (Security, CryptoKit, AppKit, UIKit, AuthenticationServices, Darwin) imported outside
   `#if canImport(...)` of itself.

Usage: check-platform-guards.py [DIRECTORY...]   (default: Sources Codegen Tests Plugins)
"""
import os
import re
import sys

LIBC_MODULES = ("Glibc", "Musl", "Darwin")
LINUX_ONLY = re.compile(
    r"\bSOCK_CLOEXEC\b|\bSOCK_NONBLOCK\b|\bMSG_NOSIGNAL\b|\bSOCK_(STREAM|DGRAM)\.rawValue\b"
    r"|\baccept4\b|\bepoll_\w+|\"/proc/"
)
QUALIFIED = re.compile(r"\b(Glibc|Musl|Darwin)\.[a-z_]\w*\s*\(")
# Free-standing C calls: names only libc uses, and libc names that Swift code also uses for its
# own methods (`send`, `poll`, `read`...) when their first argument is a descriptor or a pointer.
LIBC_CALL = re.compile(
    r"(?<![\w.])socket\(\s*(AF_|PF_|domain|family)|(?<![\w.])(setsockopt|getsockopt|getsockname|fcntl|flock|fsync|lseek|fstat|strerror|"
    r"usleep|isatty|ioctl|getpid|inet_pton|inet_addr|ftruncate|pread|pwrite)\s*\("
    r"|(?<![\w.])(send|recv|poll|shutdown|bind|listen|accept|connect|close|read|write|open|chmod|"
    r"unlink|rename|mkdir|kill)\(\s*(&|[\w.]*(fd|descriptor|Descriptor|listener|socket|connection|client|path|Path)\b)"
)
ERRNO = re.compile(r"(?<![\w.])(?<!var )(?<!let )(?<!case )(?<!self\.errno = )errno\b(?!\s*:)")
APPLE_ONLY = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|private)\s+)?import\s+(Security|CryptoKit|AppKit|UIKit|AuthenticationServices|Darwin)\b")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


def strip_comment(line: str) -> str:
    # Good enough for this code base: no `//` inside the string literals these patterns match.
    index = line.find("//")
    return line if index < 0 else line[:index]


def check_file(path: str) -> list[str]:
    problems = []
    with open(path, encoding="utf-8") as handle:
        lines = handle.readlines()
    stack: list[str] = []  # the condition of each enclosing #if branch
    imports_all = all(f"canImport({module})" in "".join(lines) for module in LIBC_MODULES)
    calls_libc = None
    in_block_comment = False
    for number, raw in enumerate(lines, start=1):
        line = raw
        if in_block_comment:
            if "*/" not in line:
                continue
            line = line.split("*/", 1)[1]
            in_block_comment = False
        if "/*" in line and "*/" not in line.split("/*", 1)[1]:
            in_block_comment = True
            line = line.split("/*", 1)[0]
        line = strip_comment(line)
        directive = DIRECTIVE.match(line)
        if directive:
            kind, condition = directive.group(1), directive.group(2).strip()
            if kind == "if":
                stack.append(condition)
            elif kind == "elseif" and stack:
                stack[-1] = condition
            elif kind == "else" and stack:
                previous = stack[-1]
                # `#if !os(Linux) ... #else` makes the #else branch the Linux one.
                simple_negation = previous.startswith("!") and not previous.startswith("!(") and "&&" not in previous and "||" not in previous
                stack[-1] = previous[1:] if simple_negation else "!(" + previous + ")"
            elif kind == "endif" and stack:
                stack.pop()
            continue
        conditions = " ".join(c for c in stack if not c.startswith("!("))
        linux_guarded = any(token in conditions for token in ("canImport(Glibc)", "canImport(Musl)", "os(Linux)"))
        for match in QUALIFIED.finditer(line):
            if f"canImport({match.group(1)})" not in conditions:
                problems.append(f"{path}:{number}: `{match.group(0).rstrip('(').strip()}` outside `#if canImport({match.group(1)})`")
        if LINUX_ONLY.search(line) and not linux_guarded:
            problems.append(f"{path}:{number}: Linux-only `{LINUX_ONLY.search(line).group(0)}` outside a Linux branch")
        apple = APPLE_ONLY.match(line)
        if apple and f"canImport({apple.group(1)})" not in conditions:
            problems.append(f"{path}:{number}: `import {apple.group(1)}` outside `#if canImport({apple.group(1)})`")
        if calls_libc is None and (LIBC_CALL.search(line) or ERRNO.search(line)):
            calls_libc = number
    imports_some = any(f"import {module}" in "".join(lines) for module in LIBC_MODULES)
    if calls_libc is None and imports_some and not imports_all:
        missing = ", ".join(m for m in LIBC_MODULES if f"canImport({m})" not in "".join(lines))
        problems.append(f"{path}:1: imports a C library for some platforms only (missing {missing})")
    if calls_libc is not None and not imports_all:
        missing = ", ".join(m for m in LIBC_MODULES if f"canImport({m})" not in "".join(lines))
        problems.append(f"{path}:{calls_libc}: calls the C library but has no import for {missing}")
    return problems


def main() -> int:
    roots = sys.argv[1:] or ["Sources", "Codegen", "Tests", "Plugins"]
    problems = []
    count = 0
    for root in roots:
        for directory, _, files in os.walk(root):
            if "/.build" in directory or "/Fixtures" in directory:
                continue
            for name in sorted(files):
                if name.endswith(".swift"):
                    count += 1
                    problems += check_file(os.path.join(directory, name))
    for problem in problems:
        print(problem)
    print(f"platform guards: {count} Swift files checked, {len(problems)} unguarded platform call(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
