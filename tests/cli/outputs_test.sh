#!/usr/bin/env bash
# What endsolve writes, and what it never touches (docs/solving.md, "Files
# endsolve writes"), end to end, one check per case:
#   - an output is never one of the run's inputs, and a file of another kind
#     at an output path is refused before any work and left as it was;
#   - a temporary file is a fresh name: PATH.tmp of the user's is untouched;
#   - a write that fails (standard output on /dev/full, a disk that fills,
#     stood for by a file size limit) exits 74 with the reason, and nothing
#     half written is presented as complete;
#   - no read, plan or lock waits without end: SIGTERM ends a read of a FIFO
#     or an idle pipe (143), a FIFO in a proof's folder and a claims file
#     that is not a regular file are refused, and every entry point refuses
#     more than --max-empties (36) empty squares.
#
# Usage: outputs_test.sh ENDSOLVE SOURCE_DIR
set -uo pipefail
. "$(dirname "$0")/script_checks.sh"
# Both absolute: the script works in a folder of its own.
endsolve=$(realpath "$1")
source_dir=$(realpath "$2")
work=$(mktemp -d "${TMPDIR:-/tmp}/endsolve-outputs.XXXXXX")
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
cd "$work" || exit 1
# unchanged FILE: FILE holds what its copy FILE.orig holds.
unchanged() { cmp -s "$1" "$1.orig" || fail "$1 was changed"; }
keep() { cp "$1" "$1.orig"; }

search=(--threads 1 --hash-mb 1)
head -n 3 "$source_dir/ffo/fforum-1-19.obf" >three.obf
head -n 1 "$source_dir/ffo/fforum-1-19.obf" >one.obf
head -n 12 "$source_dir/ffo/fforum-1-19.obf" >twelve.obf
printf 'my notes\n' >precious.txt
printf 'not a picture\n' >precious.svg
# A WTHOR database's first bytes: binary, no results file.
printf '\x1a\x0b\x05\x00\x01\x00\x00\x00\x00\x00\x00\x00\x08\x00\x00\x00' >games.wtb
for f in three.obf precious.txt precious.svg games.wtb; do keep "$f"; done
"$endsolve" batch three.obf --out res.jsonl "${search[@]}" >/dev/null 2>&1 || fail "batch failed"

echo "== an output is never an input, nor a file of another kind"
expect 2 "--out three.obf is also an input of this run; an output goes to a file of its own" \
  "$endsolve" merge res.jsonl --out three.obf --input three.obf
expect 2 "--out games.wtb exists and is not a results file of endsolve batch; it is left alone" \
  "$endsolve" merge res.jsonl --out games.wtb
expect 2 "--csv three.obf is also an input of this run" \
  "$endsolve" study three.obf --depths 1-2 --csv three.obf
expect 2 "--csv three.obf is also an input of this run" \
  "$endsolve" bench ffo three.obf --csv three.obf "${search[@]}"
expect 2 "--csv three.obf is also an input of this run" \
  "$endsolve" bench scaling three.obf --csv three.obf --threads 1 --hash-mb 1
expect 2 "--csv precious.txt exists and is not a CSV table of endsolve study; it is left alone" \
  "$endsolve" study three.obf --depths 1-2 --csv precious.txt
expect 2 "--csv precious.txt exists and is not a CSV table of endsolve bench ffo" \
  "$endsolve" bench ffo three.obf --csv precious.txt "${search[@]}"
expect 2 "--plot precious.svg exists and is not an SVG picture" \
  "$endsolve" study three.obf --depths 1-2 --plot precious.svg
expect 2 "--svg precious.svg exists and is not an SVG picture" \
  "$endsolve" show one.obf --svg precious.svg
expect 2 "--claims games.wtb exists and is not a claims file of endsolve batch" \
  "$endsolve" batch three.obf --claims games.wtb --out o.jsonl "${search[@]}"
expect 2 "--out games.wtb exists and is not a results file of endsolve batch" \
  "$endsolve" batch three.obf --out games.wtb "${search[@]}"
expect 2 "--obf three.obf is also an input of this run" \
  "$endsolve" solve three.obf --all-moves --obf three.obf "${search[@]}"
for f in three.obf precious.txt precious.svg games.wtb; do unchanged "$f"; done
[ ! -e o.jsonl ] || fail "a refused batch created o.jsonl"
# A table or picture endsolve wrote is replaced.
"$endsolve" study three.obf --depths 1-2 --csv mine.csv >/dev/null 2>&1 || fail "study --csv failed"
expect 0 "" "$endsolve" study three.obf --depths 1-2 --csv mine.csv

echo "== a temporary file is a fresh name"
printf 'the user'\''s own file\n' >new2.svg.tmp
printf 'unrelated\n' >unrelated.txt
ln -s unrelated.txt link.svg.tmp
mkdir empty.svg.tmp
keep new2.svg.tmp
keep unrelated.txt
expect 0 "" "$endsolve" show one.obf --svg new2.svg
expect 0 "" "$endsolve" show one.obf --svg link.svg
expect 0 "" "$endsolve" show one.obf --svg empty.svg
unchanged new2.svg.tmp
unchanged unrelated.txt
[ -L link.svg.tmp ] || fail "link.svg.tmp is no longer a link"
[ -d empty.svg.tmp ] || fail "the folder empty.svg.tmp was removed"
grep -q '<svg' link.svg || fail "link.svg is not the picture"

echo "== a write that failed exits 74, and says so"
expect 74 "endsolve solve: cannot write standard output: No space left on device" \
  sh -c "exec \"$endsolve\" solve three.obf --json --threads 1 --hash-mb 1 >/dev/full"
err=$("$endsolve" solve three.obf --json "${search[@]}" 2>&1 >/dev/full)
[[ "$err" != *"solved 3 of 3"* ]] || fail "solve reported its rows as written: $err"
for command in "show one.obf" "eval three.obf" "perft --depth 3" "batch --summary res.jsonl" \
  "study three.obf --depths 1-2" "merge res.jsonl --out merged.jsonl"; do
  read -ra words <<<"$command"
  expect 74 "cannot write standard output" sh -c 'exec "$@" >/dev/full' sh "$endsolve" "${words[@]}"
done
expect 74 "endsolve: cannot write standard output" sh -c 'exec "$@" >/dev/full' sh "$endsolve" help
expect 74 "cannot write standard output" sh -c 'exec "$@" >/dev/full' sh "$endsolve" prove one.obf \
  --folder proof-full --unit-empties 10 "${search[@]}"
# A disk that fills up, stood for by a 1 KiB limit on the size of a file
# (SIGXFSZ ignored, so that a write past it fails with EFBIG).
expect 74 "cannot write big.svg" \
  bash -c "trap '' XFSZ; ulimit -f 1; exec \"$endsolve\" study three.obf --depths 1-2 --plot big.svg"
[ ! -e big.svg ] || fail "a failed plot left big.svg"
expect 74 "--obf: cannot write to part.obf" \
  bash -c "trap '' XFSZ; ulimit -f 1; exec \"$endsolve\" solve twelve.obf --all-moves --obf part.obf --threads 1 --hash-mb 1"
[ "$(tail -c 1 part.obf | od -An -c | tr -d ' ')" = '\n' ] || fail "part.obf ends in a torn line"
"$endsolve" solve part.obf "${search[@]}" >/dev/null 2>&1 || fail "part.obf does not read back"
leftovers=$(find . -name '.*.??????' | grep .) && fail "temporary files left: $leftovers"

echo "== nothing waits without end"
expect 2 "--claims o3.jsonl is also an input of this run" \
  "$endsolve" batch three.obf --claims o3.jsonl --out o3.jsonl "${search[@]}"
expect 2 "--claims /dev/full is not a regular file" \
  "$endsolve" batch three.obf --claims /dev/full --out o4.jsonl "${search[@]}"
# SIGTERM ends a read that blocks: a FIFO no one writes, an idle pipe.
mkfifo silent.obf idle
sleep 120 >idle 2>/dev/null &
sleeper=$!
pids+=("$sleeper")
"$endsolve" solve silent.obf >/dev/null 2>&1 &
readers=($!)
"$endsolve" solve - <idle >/dev/null 2>&1 &
readers+=($!)
pids+=("${readers[@]}")
sleep 1
for p in "${readers[@]}"; do
  kill -TERM "$p"
  for ((i = 0; i < 200; i++)); do  # 20 s, then it hangs: killed
    kill -0 "$p" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$p" 2>/dev/null
  wait "$p"
  rc=$?
  [ "$rc" -eq 143 ] || fail "a blocked read ended with $rc after SIGTERM, expected 143"
done
kill "$sleeper" 2>/dev/null
pids=()
# A FIFO in a proof's results/ is refused, not read.
"$endsolve" prove one.obf --folder proof --unit-empties 10 "${search[@]}" >/dev/null 2>&1 ||
  fail "prove failed"
mkfifo proof/results/stray.jsonl
expect 2 "proof/results/stray.jsonl is not a regular file" \
  "$endsolve" prove one.obf --folder proof --unit-empties 10 "${search[@]}"
# More than --max-empties: refused by every entry point, before any work.
expect 2 "f5d6c3 has 57 empty squares, more than --max-empties 36" \
  "$endsolve" prove f5d6c3 --folder p57
[ ! -e p57 ] || fail "a refused proof made its folder"
expect 2 "has 57 empty squares, more than --max-empties 36" "$endsolve" show f5d6c3 --pv
expect 2 "has 57 empty squares, more than --max-empties 36" "$endsolve" eval f5d6c3 --selective 1
expect 2 "has 57 empty squares, more than --max-empties 36" "$endsolve" solve f5d6c3
echo "f5d6c3" >opening.txt
expect 2 "has 57 empty squares, more than --max-empties 36" \
  "$endsolve" batch opening.txt --out opening.jsonl "${search[@]}"
expect 2 "1 position refused, nothing solved: --max-empties is 0; give --max-empties 60 to solve it anyway" \
  "$endsolve" solve one.obf --max-empties 0
expect 0 "" "$endsolve" eval f5d6c3 --selective 0

finish outputs_test "every case held"
