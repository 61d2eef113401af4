# The checks the test suite's command-line scripts share (sourced by
# hostile_names_test.sh and outputs_test.sh): failures are counted, not
# fatal, so that one run names every case that broke.
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect STATUS TEXT COMMAND...: the command (under a 60 s guard, so that a
# hang is a failure, not a stuck test) exits STATUS, and its standard error
# holds TEXT. Its arguments are shown quoted, so that a name with a line
# break or a quote reads as it was given.
expect() {
  local want=$1 text=$2 err rc
  shift 2
  err=$(timeout -s KILL 60 "$@" 2>&1 >/dev/null </dev/null)
  rc=$?
  if [ "$rc" -ne "$want" ]; then
    fail "exit $rc, expected $want, from: $(printf '%q ' "$@")"$'\n'"$err"
  elif [[ "$err" != *"$text"* ]]; then
    fail "from: $(printf '%q ' "$@")"$'\n'"expected: $text"$'\n'"found: $err"
  fi
}

# finish NAME MESSAGE: exit 1 when a check failed, else say MESSAGE.
finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$1: $failures failures" >&2
    exit 1
  fi
  echo "$1: $2"
}
