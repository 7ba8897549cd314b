package bank

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
)

// TestMerge merges two banks that share some problems, the second with
// attempts, and checks the problems, their order and the attempts.
func TestMerge(t *testing.T) {
	ctx := context.Background()
	ps := synthetic(300)
	a, _ := openTemp(t)
	if _, err := a.Add(ctx, ps[:200]...); err != nil {
		t.Fatal(err)
	}
	otherPath := filepath.Join(t.TempDir(), "other.db")
	o, err := Open(ctx, otherPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Add(ctx, ps[100:]...); err != nil {
		t.Fatal(err)
	}
	// Attempts at a problem a has (150: dropped) and at one it lacks (250).
	for _, id := range []int64{51, 151, 151} {
		if _, _, err := o.Record(ctx, Attempt{ProblemID: id, Session: "s", Solved: true, Duration: time.Second}); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := o.Get(ctx, 151)
	o.Close()

	added, err := a.Merge(ctx, otherPath)
	if err != nil {
		t.Fatal(err)
	}
	if added != 100 {
		t.Errorf("merge added %d, want 100", added)
	}
	es, err := a.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 300 {
		t.Fatalf("%d entries after the merge, want 300", len(es))
	}
	for i, e := range es {
		sameProblem(t, "merged", e.Problem, ps[i])
	}
	got := es[250]
	if got.Key != want.Key || got.Attempts != 2 || got.Solves != 2 || got.Rating != want.Rating || got.SolveTime != 2*time.Second {
		t.Errorf("merged entry %+v, want the sums and rating of %+v", got, want)
	}
	if es[150].Attempts != 0 {
		t.Errorf("the attempts at a problem both banks hold were merged: %d", es[150].Attempts)
	}
	st, err := a.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Attempts != 2 || st.Sessions != 1 {
		t.Errorf("stats after the merge: %+v", st)
	}
	// Merging again adds nothing.
	if added, err := a.Merge(ctx, otherPath); err != nil || added != 0 {
		t.Errorf("second merge: %d, %v", added, err)
	}
	if _, err := a.Merge(ctx, a.Path()); err == nil {
		t.Error("a bank merged into itself")
	}
	if _, err := a.Merge(ctx, filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Error("merge of a missing file succeeded")
	}
}

// BenchmarkAdd measures the insert rate of batches of 10000 new problems.
func BenchmarkAdd(b *testing.B) {
	ctx := context.Background()
	const batch = 10000
	ps := synthetic(5 * batch)
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
	// The rate per second of CPU time, which a busy machine disturbs less.
	b.ReportMetric(float64(len(ps)*b.N)/cpu.Seconds(), "inserts/cpu-s")
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestMergeShards merges at once the banks of the shards of a run, listed
// out of order, and gets the bank of the single run: the same problems
// with the same IDs, the mirror images of lower indices dropped wherever
// they lie. Merged one file at a time, the shards keep the wrong copies.
func TestMergeShards(t *testing.T) {
	ctx := context.Background()
	const n, shards = 120, 3
	fresh := synthetic(n)
	run := make([]problem.Problem, n)
	for i := range run {
		if i%10 == 7 { // the mirror image of index i-5, which another shard has
			run[i] = run[i-5]
			run[i].Position = run[i-5].Position.Mirror()
		} else {
			run[i] = fresh[i]
		}
		run[i].Provenance.Index = i
	}
	single, _ := openTemp(t)
	if _, err := single.Add(ctx, run...); err != nil {
		t.Fatal(err)
	}
	want, err := single.Query(ctx, Query{})
	if err != nil || len(want) != n-n/10 {
		t.Fatalf("the single run's bank: %d problems, %v; want %d", len(want), err, n-n/10)
	}
	dir := t.TempDir()
	paths := make([]string, shards)
	for k := range shards {
		paths[k] = filepath.Join(dir, fmt.Sprintf("shard-%d.db", k))
		b, err := Open(ctx, paths[k])
		if err != nil {
			t.Fatal(err)
		}
		for i := k; i < n; i += shards {
			if _, err := b.Add(ctx, run[i]); err != nil {
				t.Fatal(err)
			}
		}
		b.Close()
	}
	order := []string{paths[2], paths[0], paths[1]}
	merged, _ := openTemp(t)
	if added, err := merged.Merge(ctx, order...); err != nil || added != len(want) {
		t.Fatalf("merge: %d added, %v; want %d", added, err, len(want))
	}
	got, err := merged.Query(ctx, Query{})
	if err != nil || len(got) != len(want) {
		t.Fatalf("merged: %d problems, %v; want %d", len(got), err, len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID || got[i].Key != want[i].Key {
			t.Fatalf("merged entry %d: ID %d, key %s; want %d, %s", i, got[i].ID, got[i].Key, want[i].ID, want[i].Key)
		}
		sameProblem(t, fmt.Sprintf("merged entry %d", i), got[i].Problem, want[i].Problem)
	}
	// The same files merged one by one: index 17 (shard 2) comes before
	// index 12 (shard 0), whose mirror image it is.
	oneByOne, _ := openTemp(t)
	for _, path := range order {
		if _, err := oneByOne.Merge(ctx, path); err != nil {
			t.Fatal(err)
		}
	}
	es, err := oneByOne.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	kept := map[int]bool{}
	for _, e := range es {
		kept[e.Problem.Provenance.Index] = true
	}
	if !kept[17] || kept[12] {
		t.Errorf("merged one at a time, the bank keeps index 17: %v, index 12: %v; want 17 kept over 12", kept[17], kept[12])
	}
	if _, err := merged.Merge(ctx); err == nil {
		t.Error("a merge of no file succeeded")
	}
}
