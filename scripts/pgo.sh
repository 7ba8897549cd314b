#!/bin/bash
# pgo.sh rewrites cmd/tsume/default.pgo, the CPU profile that go build and
# go run use for profile-guided optimisation of the tsume command: the
# solver on the bench list (three rounds), the mate-in-1 generator and the
# composed mate-in-7s (their steps back, prefilters and searches). Run it from
# the repository root after changes to hot code; see docs/performance.md.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./mate -run '^$' -bench 'BenchmarkSolve' -benchtime 3x -cpuprofile "$tmp/solve.pprof" -o "$tmp/mate.test" >/dev/null
go test ./gen/mate1 -run '^$' -bench 'BenchmarkGenerate' -benchtime 2x -cpuprofile "$tmp/gen.pprof" -o "$tmp/gen.test" >/dev/null
go test ./gen/maten -run '^$' -bench 'BenchmarkLength7' -benchtime 2x -cpuprofile "$tmp/maten.pprof" -o "$tmp/maten.test" >/dev/null
go tool pprof -proto "$tmp/solve.pprof" "$tmp/gen.pprof" "$tmp/maten.pprof" > cmd/tsume/default.pgo
ls -l cmd/tsume/default.pgo
