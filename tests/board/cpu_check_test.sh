#!/usr/bin/env bash
# The CPU check of endsolve/board/fast_rules.cc, end to end: the endsolve binary run
# under QEMU's user-mode emulator as an Intel Nehalem (2008: SSE4.2, no AVX)
# must stop at once with exit status 2 and a message naming what that CPU
# lacks, not die of SIGILL (status 132) in the first AVX2 instruction.
# usage: cpu_check_test.sh QEMU ENDSOLVE
set -uo pipefail
qemu=$1 binary=$2
err=$("$qemu" -cpu Nehalem "$binary" --version 2>&1 >/dev/null)
status=$?
fail() { echo "cpu_check_test: $1 (exit status $status; stderr: $err)" >&2; exit 1; }
[ "$status" -eq 2 ] || fail "expected exit status 2"
case "$err" in
  *"endsolve: this CPU lacks "*avx2*", which this build of endsolve uses (it was compiled with -march="*) ;;
  *) fail "expected the message naming avx2 and the build's -march" ;;
esac
echo "cpu_check_test: exit status 2, $err"
