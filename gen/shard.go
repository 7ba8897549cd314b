package gen

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is a part of a run, for spreading one run over processes or
// machines: shard K of N takes the indices i of the run with i mod N = K.
// The zero Shard is the whole run, as is Shard{0, 1}.
//
// Problem i is drawn from the random stream (seed, i) alone and a
// duplicate is dropped, not replaced, so problem i is the same in every
// shard; the shards' outputs, merged in index order and deduplicated by
// CanonicalKey keeping the lowest index, are the whole run's output.
type Shard struct {
	K, N int
}

// norm returns s with the zero Shard taken as Shard{0, 1}.
func (s Shard) norm() Shard {
	if s.N == 0 && s.K == 0 {
		return Shard{0, 1}
	}
	return s
}

// Validate reports whether s is a shard: N ≥ 1 and 0 ≤ K < N (or the
// zero Shard).
func (s Shard) Validate() error {
	s = s.norm()
	if s.N < 1 {
		return fmt.Errorf("shard %d/%d: the number of shards must be at least 1", s.K, s.N)
	}
	if s.K < 0 || s.K >= s.N {
		return fmt.Errorf("shard %d/%d: the shard number must be from 0 to %d", s.K, s.N, s.N-1)
	}
	return nil
}

// Size returns how many of the indices 0, …, n-1 the shard takes.
func (s Shard) Size(n int) int {
	s = s.norm()
	if n <= s.K {
		return 0
	}
	return (n - s.K + s.N - 1) / s.N
}

// String returns the shard as K/N.
func (s Shard) String() string {
	s = s.norm()
	return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N)
}

// ParseShard reads a shard written K/N, both decimal, with 0 ≤ K < N.
func ParseShard(text string) (Shard, error) {
	k, n, ok := strings.Cut(text, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N, such as 0/4", text)
	}
	var s Shard
	var err error
	if s.K, err = strconv.Atoi(k); err != nil {
		return Shard{}, fmt.Errorf("shard %q: the shard number %q is not a whole number", text, k)
	}
	if s.N, err = strconv.Atoi(n); err != nil {
		return Shard{}, fmt.Errorf("shard %q: the number of shards %q is not a whole number", text, n)
	}
	if s.N == 0 {
		return Shard{}, fmt.Errorf("shard %s: the number of shards must be at least 1", text)
	}
	if err := s.Validate(); err != nil {
		return Shard{}, err
	}
	return s, nil
}
