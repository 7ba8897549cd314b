#!/usr/bin/env bash
# The figures of docs/quality-report.md (issue 26): for each length, N
# problems with the default flags and N with --optimize quality, the
# shares of the targets (gen/maten TestShapeReport), the themes and the
# quality scores before and after the optimisation (TestQualityReport),
# and the first 10 problems of the default run as diagrams with their
# solutions. Run from anywhere in the repository:
#
#   scripts/quality-report.sh OUTDIR [SEED [N [LENGTHS]]]
#
# e.g. scripts/quality-report.sh /tmp/qr 26 1000 "3 5 7 9". Every file it
# writes is in OUTDIR: dL.jsonl, oL.jsonl (the runs), times.txt (the
# command, the wall and CPU seconds of each run), shape.txt, quality.txt
# and diagramsL.md (generate.log: its summaries). A run of generate that is interrupted leaves a valid
# prefix of its jsonl (docs/generation.md): the reports then cover the
# problems written.
set -euo pipefail
out="${1:?usage: quality-report.sh OUTDIR [SEED [N [LENGTHS]]]}"
seed="${2:-26}"
n="${3:-1000}"
lengths="${4:-3 5 7 9}"
cd "$(dirname "$0")/.."
mkdir -p "$out"
tsume="$out/tsume"
go build -o "$tsume" ./cmd/tsume
echo "build $(git rev-parse --short HEAD), seed $seed, $n problems a length, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/times.txt"

run() { # run FILE ARGS…: one generate run, timed
  local file="$1"
  shift
  local start
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$out/cpu.tmp" "$tsume" generate "$@" --format jsonl --progress never --out "$file" 2>> "$out/generate.log"
  printf '%s: wall %.1f s, cpu (user sys) %s, load after %s\n' "generate $*" \
    "$(echo "$(date +%s.%N) - $start" | bc)" "$(cat "$out/cpu.tmp")" "$(cut -d' ' -f1 /proc/loadavg)" >> "$out/times.txt"
  rm -f "$out/cpu.tmp"
}

files=() ofiles=()
for l in $lengths; do
  run "$out/d$l.jsonl" --length "$l" --n "$n" --seed "$seed" --workers 2
  run "$out/o$l.jsonl" --length "$l" --n "$n" --seed "$seed" --workers 2 --optimize quality
  files+=("$out/d$l.jsonl") ofiles+=("$out/o$l.jsonl")
  # The first 10 problems of the default run, as a reader would see them.
  : > "$out/diagrams$l.md"
  head -n 10 "$out/d$l.jsonl" | while IFS= read -r rec; do
    sfen=$(printf '%s' "$rec" | sed -n 's/^{"sfen":"\([^"]*\)".*/\1/p')
    sol=$(printf '%s' "$rec" | sed -n 's/.*"solution_ja":"\([^"]*\)".*/\1/p')
    { echo '```'; "$tsume" render --sfen "$sfen" --format bod; echo '```'; echo "SFEN: \`$sfen\`  "; echo "Solution: $sol"; echo; } >> "$out/diagrams$l.md"
  done
done
all=$(IFS=,; echo "${files[*]}")
oall=$(IFS=,; echo "${ofiles[*]}")
go test ./gen/maten -run '^TestShapeReport$' -v -count 1 -timeout 0 -shape-files "$all" > "$out/shape.txt"
go test ./gen/maten -run '^TestQualityReport$' -v -count 1 -quality-files "$all,$oall" > "$out/quality.txt"
echo "written: $out"
