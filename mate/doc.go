// Package mate holds the tsume solvers built on the rules core: the df-pn
// solver of mate-in-N problems (Solver), the exact mate-in-1 search with
// its difficulty statistics, the tsume convention for the defender's hand,
// and problem validity. The solver's search is generic over the position:
// Solve searches positions of package shogi, SolveVariant those of
// package variant (royals, fairy pieces, 天竺, 安南).
package mate

// The files follow the solver's concepts: solver.go is the API and the
// phases of Solve; positions.go what the search needs of a position
// (positionOps) and its standard instantiation, fairy.go and fairyrules.go
// the variant one; dfpn.go the df-pn procedure, node.go the expansion of a
// node, path.go the search path (repetitions), budget.go the node and
// time limits; table.go the transposition table (table_linux.go its
// memory), memory_linux.go the machine's memory; hands.go the defender's
// hand and the proof and disproof hands; futile.go the futile
// interpositions, by the plain rule and by transposition; pv.go the main
// line; soundness.go the search for alternative solutions; mate1.go the
// mate-in-1 analysis; verify.go the checks of problems and lines; bench.go
// the bench list.
