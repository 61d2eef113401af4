#!/usr/bin/env bash
# Hostile file names against every option of `endsolve` that takes a path:
# no character of a name is ever shell or gnuplot syntax, and every output
# lands under exactly the name given. Each name below would run
# `touch CANARY` if any part of endsolve pasted it into a command line or a
# script unquoted; the test fails if a CANARY file appears, or if a command
# fails or writes elsewhere.
#
# The places where endsolve starts a program or builds a command line, each
# run here with every name:
#   1. prove --engine parallel: each worker started with an argument vector,
#      no shell: --folder, the units and claims and results files under it.
#   2. prove --engine slurm: sbatch's --wrap command, each word quoted by
#      endsolve/batch/shell_quote.h (a stand-in sbatch here runs the wrap with sh -c,
#      as Slurm does); squeue and scancel take argv, no shell.
#   3. gnuplot (study --plot, bench scaling --plot): the script on its
#      standard input names no file; the picture comes back on its standard
#      output and is written by endsolve.
#   4. batch's printed resume command (endsolve/batch/shell_quote.h): its quoting is
#      checked through sh in tests/batch/shell_quote_test.cc.
#   5. scripts/batch-parallel: parallel -q (tests/cli/batch_scripts_test.cc).
#
# Usage: hostile_names_test.sh ENDSOLVE SOURCE_DIR
set -uo pipefail
. "$(dirname "$0")/script_checks.sh"
# Both absolute: the script works in a folder of its own.
endsolve=$(realpath "$1")
source_dir=$(realpath "$2")
work=$(mktemp -d "${TMPDIR:-/tmp}/endsolve-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
exists() {
  [ -f "$1" ] && [ -s "$1" ] || fail "$(printf '%q' "$1") was not written"
}

head -n 3 "$source_dir/ffo/fforum-1-19.obf" >three.obf
head -n 1 "$source_dir/ffo/fforum-1-19.obf" >one.obf

# A stand-in Slurm: sbatch starts each task of the array in the background
# with sh -c, as slurmd runs --wrap, and prints a job id; squeue -r -o %K
# lists the tasks still running, scancel stops them.
mkdir fake-slurm
cat >fake-slurm/sbatch <<'SBATCH'
#!/usr/bin/env bash
dir=$(dirname "$0")
wrap=
tasks=1
for a in "$@"; do
  case $a in
    --wrap=*) wrap=${a#--wrap=} ;;
    --array=*) tasks=${a##*-} ;;
  esac
done
for ((k = 1; k <= tasks; k++)); do
  touch "$dir/task-$k.running"
  (
    SLURM_ARRAY_TASK_ID=$k sh -c "$wrap" >/dev/null 2>&1 &
    echo $! >"$dir/task-$k.pid"
    wait
    rm -f "$dir/task-$k.running"
  ) >/dev/null 2>&1 &
done
echo 4242
SBATCH
cat >fake-slurm/squeue <<'SQUEUE'
#!/usr/bin/env bash
for f in "$(dirname "$0")"/task-*.running; do
  [ -f "$f" ] || continue
  k=${f##*/task-}
  echo "${k%.running}"
done
SQUEUE
cat >fake-slurm/scancel <<'SCANCEL'
#!/usr/bin/env bash
for f in "$(dirname "$0")"/task-*.pid; do
  [ -f "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
done
exit 0
SCANCEL
chmod +x fake-slurm/*

names=(
  "it's"
  'x$(touch CANARY)y'
  'x`touch CANARY`y'
  'x;touch CANARY;y'
  $'x\ntouch CANARY\ny'
  'my proof'
  "x'; system(\"touch CANARY\"); y='"
  'x" ; !touch CANARY ; "y'
)
search=(--threads 1 --hash-mb 1)
for n in "${names[@]}"; do
  cp three.obf "in $n.obf"
  cp one.obf "one $n.obf"
  expect 0 "" "$endsolve" solve "in $n.obf" --all-moves --obf "$n.obf" "${search[@]}"
  exists "$n.obf"
  expect 0 "" "$endsolve" show "one $n.obf" --svg "$n.svg"
  exists "$n.svg"
  expect 0 "" "$endsolve" study "in $n.obf" --depths 1-2 --csv "$n study.csv" --plot "$n study.svg"
  exists "$n study.csv"
  exists "$n study.svg"
  expect 0 "" "$endsolve" bench ffo "in $n.obf" --csv "$n bench.csv" "${search[@]}"
  exists "$n bench.csv"
  expect 0 "" "$endsolve" bench scaling "one $n.obf" --threads 1 --hash-mb 1 \
    --csv "$n scaling.csv" --plot "$n scaling.png"
  exists "$n scaling.csv"
  exists "$n scaling.png"
  expect 0 "" "$endsolve" batch "in $n.obf" --out "$n.jsonl" --claims "$n.claims" "${search[@]}"
  exists "$n.jsonl"
  exists "$n.claims"
  expect 0 "" "$endsolve" batch --summary "$n.jsonl"
  expect 0 "" "$endsolve" merge "$n.jsonl" --out "$n merged.jsonl" --input "in $n.obf"
  exists "$n merged.jsonl"
  expect 0 "" "$endsolve" prove "one $n.obf" --folder "$n parallel" --engine parallel --workers 1 \
    --unit-empties 10 "${search[@]}"
  exists "$n parallel/prove.json"
  expect 0 "" env PATH="$work/fake-slurm:$PATH" "$endsolve" prove "one $n.obf" --folder "$n slurm" \
    --engine slurm --workers 1 --unit-empties 10 "${search[@]}"
  exists "$n slurm/prove.json"
done

if canaries=$(find "$work" -name 'CANARY*' | grep .); then
  fail "a file name ran a command: $canaries"
fi
finish hostile_names_test "${#names[@]} names, every path option, no command run from a name"
