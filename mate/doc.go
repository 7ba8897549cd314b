// Package mate holds the tsume solvers built on the rules core: the df-pn
// solver of mate-in-N problems (Solver), the exact mate-in-1 search with
// its difficulty statistics, the tsume convention for the defender's hand,
// and problem validity.
//
// The files follow the solver's concepts: solver.go is the API and the
// phases of Solve; dfpn.go the df-pn procedure, node.go the expansion of
// a node, path.go the search path (repetitions), budget.go the limits;
// table.go the transposition table; hands.go the proof and disproof
// hands; futile.go the futile interpositions; pv.go the main line;
// soundness.go the search for alternative solutions; mate1.go and
// verify.go the mate-in-1 analysis and the checks of problems and lines.
package mate
