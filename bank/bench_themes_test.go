package bank

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
)

// BenchmarkAddThemes measures the insert rate of batches of 10000 new
// problems that carry two themes each, as generated problems do (the
// themes are stored and, from schema version 4, indexed).
func BenchmarkAddThemes(b *testing.B) {
	ctx := context.Background()
	const batch = 10000
	ps := synthetic(5 * batch)
	for i := range ps {
		ps[i].Themes = []problem.Theme{{Name: "sacrifice", Ply: 1}, {Name: "head-gold", Ply: 3}}
	}
	cpu0 := cpuTime()
	for b.Loop() {
		b.StopTimer()
		bk, _ := openTemp(b)
		b.StartTimer()
		for i := 0; i < len(ps); i += batch {
			if _, err := bk.Add(ctx, ps[i:i+batch]...); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		bk.Close()
		b.StartTimer()
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "inserts/s")
	b.ReportMetric(float64(len(ps)*b.N)/cpu.Seconds(), "inserts/cpu-s")
}
