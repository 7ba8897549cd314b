package mate

import _ "embed"

// benchList is the text of BenchList.
//
//go:embed testdata/bench.tsv
var benchList string

// BenchList returns the fixed problem list of tsume bench and of this
// package's BenchmarkSolve, a fresh copy at each call: short problems
// made for it (mates in 1 to 7 plies, their lengths checked by exhaustive
// search, and a position without mate) and classic problems of 13 to 17
// plies. It is a tab-separated table with the columns id, plies (the
// length with futile interpositions discounted), raw_plies (every
// interposition counted; - if unknown), status (constructed, confirmed,
// confirmed-after-futile-rule, line-only or nomate), sfen and a main line in USI (- if none); lines
// starting with # are comments, and the header line starts with "id".
// Solved in order with one Solver as tsume bench does (256 MB, futile
// interpositions discounted, the soundness checks left out), its problems
// take 1,474,941 nodes in all: a change of that sum is a
// change of the search's behaviour.
func BenchList() []byte { return []byte(benchList) }
