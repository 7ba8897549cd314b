#!/usr/bin/env bash
# The per-problem table of docs/classics-report.md (issue 29, item 3): each
# of the 200 classics of problem/testdata/classics/classics.tsv solved by
# `tsume solve --json` (the length, exact or a bound, the main line and the
# composers' verdict with its findings by ply), then the table written by
# problem/testdata/classics/report.go from those answers and the dataset's notes.
# Run from anywhere in the repository; it needs no network:
#
#   scripts/classics-report.sh OUTDIR [LIMIT [JOBS [IDS…]]]
#
# e.g. scripts/classics-report.sh /tmp/cr 60s 2. LIMIT is solve's --time
# (each search of the solve; default 60s); every problem also gets a hard
# limit of 3×LIMIT (timeout -s INT: solve then reports what it found and
# says "interrupted"); JOBS problems run at once (default 1), each at
# nice -n 10 with a 256 MB table. IDS (e.g. 図巧1 無双37) runs only those.
# In OUTDIR: tsume (the build), build.txt (its commit, the date, the
# command), ID.json (solve's answer), ID.run (start and end UTC, the load
# average before and after, CPU user and system seconds, wall seconds, exit
# status) and report.md (the table). A problem whose ID.json exists is
# not run again: an interrupted run resumes; delete ID.json to redo one.
set -euo pipefail
out="${1:?usage: classics-report.sh OUTDIR [LIMIT [JOBS [IDS…]]]}"
limit="${2:-60s}"
jobs="${3:-1}"
shift $(($# < 3 ? $# : 3))
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(cd "$out" && pwd)
tsume="$out/tsume"
go build -o "$tsume" ./cmd/tsume
secs=${limit%s}
hard=$((3 * ${secs%.*}))
printf 'build %s%s, %s, tsume solve --json --time %s --hash 256 (hard limit %d s), %s at once, nice -n 10\n' \
  "$(git rev-parse --short HEAD)" "$(git diff --quiet HEAD -- . ':!docs' || echo ' (modified)')" \
  "$(date -u '+%Y-%m-%d %H:%M UTC')" "$limit" "$hard" "$jobs" >> "$out/build.txt"

list=problem/testdata/classics/classics.tsv
one() { # one ID SFEN: solve one problem, unless its answer is there
  local id="$1" sfen="$2" start load0 rc=0
  [[ -s "$out/$id.json" ]] && return 0
  start=$(date -u '+%H:%M:%S')
  load0=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f '%U %S %e' -o "$out/$id.time" nice -n 10 timeout -s INT "$hard" \
    "$tsume" solve --sfen "$sfen" --json --time "$limit" --hash 256 --progress never \
    > "$out/$id.json.tmp" 2> "$out/$id.err" || rc=$?
  printf 'start %s end %s load %s %s cpu %s exit %d\n' "$start" "$(date -u '+%H:%M:%S')" \
    "$load0" "$(cut -d' ' -f1 /proc/loadavg)" "$(tail -n 1 "$out/$id.time")" "$rc" > "$out/$id.run"
  rm -f "$out/$id.time"
  mv "$out/$id.json.tmp" "$out/$id.json"
}
export -f one
export out tsume limit hard

if (($# > 0)); then
  for id in "$@"; do
    awk -F'\t' -v id="$id" '$1 == id { printf "%s\t%s\n", $1, $5 }' "$list"
  done
else
  grep -v '^#' "$list" | awk -F'\t' 'NR > 1 { printf "%s\t%s\n", $1, $5 }'
fi | tr '\t' '\n' | xargs -d '\n' -n 2 -P "$jobs" bash -c 'one "$1" "$2"' _

go run problem/testdata/classics/report.go -dir "$out" > "$out/report.md"
echo "written: $out/report.md"
