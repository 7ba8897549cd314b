package mate

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// cpuTime returns the CPU time (user and system) of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestVariantMeasure times the standard instantiation against the
// variant one on the problems of up to 17 plies of the bench list (the
// fairy measure list), alternating the two problem by problem for three
// rounds, in CPU time (the figures of docs/performance.md). It runs only
// with VARIANT_MEASURE=1.
func TestVariantMeasure(t *testing.T) {
	if os.Getenv("VARIANT_MEASURE") == "" {
		t.Skip("set VARIANT_MEASURE=1 to measure")
	}
	rows := benchRows(t, 17)
	const rounds = 3
	type sample struct {
		mate, fairy           []time.Duration
		mateNodes, fairyNodes uint64
		length                int
	}
	res := make([]sample, len(rows))
	for range rounds {
		for i, r := range rows {
			sp, err := shogi.ParseSFEN(r.sfen)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSolver(SolverOptions{HashMB: 64, SkipSoundness: true})
			if err != nil {
				t.Fatal(err)
			}
			c0 := cpuTime()
			ms, err := s.Solve(context.Background(), &sp)
			c1 := cpuTime()
			if err != nil {
				t.Fatal(err)
			}
			p := variant.FromShogi(&sp)
			fs, err := newSolver(t, SolverOptions{HashMB: 64, SkipSoundness: true}).SolveVariant(context.Background(), &p)
			c2 := cpuTime()
			if err != nil {
				t.Fatal(err)
			}
			res[i].mate = append(res[i].mate, c1-c0)
			res[i].fairy = append(res[i].fairy, c2-c1)
			res[i].mateNodes, res[i].fairyNodes, res[i].length = ms.Nodes, fs.Nodes, fs.Length
			if fs.Length != ms.Length || fs.Status != ms.Status {
				t.Errorf("%s: mate %v %d, variant %v %d", r.id, ms.Status, ms.Length, fs.Status, fs.Length)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| problem | plies | mate nodes | mate CPU | variant nodes | variant CPU | ratio |\n|---|---|---|---|---|---|---|\n")
	for i, r := range rows {
		m, f := median(res[i].mate), median(res[i].fairy)
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %d | %s | %.0f× |\n", r.id, res[i].length, res[i].mateNodes, msText(m), res[i].fairyNodes, msText(f), float64(f)/float64(max(m, time.Microsecond)))
	}
	t.Log("\n" + b.String())
}

func msText(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
