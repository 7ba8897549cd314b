package gen_test

import (
	"cmp"
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
)

// merge puts the shards' outputs in index order and drops each problem
// whose canonical key a lower index has, as a bank's merge does.
func merge(shards ...[]problem.Problem) []problem.Problem {
	all := slices.Concat(shards...)
	slices.SortStableFunc(all, func(a, b problem.Problem) int { return cmp.Compare(a.Provenance.Index, b.Provenance.Index) })
	seen := map[string]bool{}
	var out []problem.Problem
	for _, p := range all {
		if k := gen.CanonicalKey(&p.Position); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}

// The shards of a run take disjoint indices, and their outputs merged are
// the whole run's, whatever the number of shards and workers.
func TestRunShardMerge(t *testing.T) {
	const n = 100
	whole, st, err := run(t, kingSquares(3), n, 2)
	if err != nil || st.Duplicates == 0 {
		t.Fatalf("whole run: %v, stats %+v (want some duplicates)", err, st)
	}
	for _, shards := range []int{1, 2, 3, 7, 150} {
		var outs [][]problem.Problem
		indices := 0
		for k := range shards {
			var ps []problem.Problem
			sh := gen.Shard{K: k, N: shards}
			st, err := kingSquares(3).RunShard(context.Background(), n, sh, 1+k%3, func(p problem.Problem) error {
				if p.Provenance.Index%shards != k {
					t.Errorf("shard %v emits index %d", sh, p.Provenance.Index)
				}
				ps = append(ps, p)
				return nil
			})
			if err != nil {
				t.Fatalf("shard %v: %v", sh, err)
			}
			if st.Problems+st.Duplicates != sh.Size(n) || st.Problems != len(ps) {
				t.Errorf("shard %v: stats %+v, %d problems emitted; the shard has %d indices", sh, st, len(ps), sh.Size(n))
			}
			indices += sh.Size(n)
			outs = append(outs, ps)
		}
		if indices != n {
			t.Errorf("%d shards: %d indices in all, want %d", shards, indices, n)
		}
		if got := merge(outs...); !reflect.DeepEqual(got, whole) {
			t.Errorf("%d shards merged: %d problems, the whole run %d, or they differ", shards, len(got), len(whole))
		}
	}
}

func TestShard(t *testing.T) {
	for _, c := range []struct {
		text string
		want gen.Shard
		size int // of 10 indices
	}{
		{"0/1", gen.Shard{0, 1}, 10},
		{"0/3", gen.Shard{0, 3}, 4},
		{"2/3", gen.Shard{2, 3}, 3},
		{"9/10", gen.Shard{9, 10}, 1},
		{"10/11", gen.Shard{10, 11}, 0},
	} {
		s, err := gen.ParseShard(c.text)
		if err != nil || s != c.want || s.Size(10) != c.size || s.String() != c.text {
			t.Errorf("ParseShard(%q) = %v, %v: size %d, string %q; want %v, size %d", c.text, s, err, s.Size(10), s, c.want, c.size)
		}
	}
	if (gen.Shard{}).Size(10) != 10 || (gen.Shard{}).String() != "0/1" || (gen.Shard{}).Validate() != nil {
		t.Error("the zero Shard is not the whole run")
	}
	for _, text := range []string{"", "3", "1/0", "0/0", "3/3", "-1/3", "a/3", "1/b", "1/2/3", " 1/2"} {
		if s, err := gen.ParseShard(text); err == nil {
			t.Errorf("ParseShard(%q) = %v, want an error", text, s)
		}
	}
	if _, err := kingSquares(1).RunShard(context.Background(), 5, gen.Shard{K: 4, N: 2}, 1, nil); err == nil {
		t.Error("RunShard accepts shard 4/2")
	}
	st, err := kingSquares(1).RunShard(context.Background(), 5, gen.Shard{K: 6, N: 7}, 1, nil)
	if err != nil || st != (gen.Stats{}) {
		t.Errorf("a shard without an index: %+v, %v", st, err)
	}
}
