// Package fairymate solves the mate stipulation (かしこ詰) of fairy tsume
// over the variant layer: royal pieces (異王), the fairy pieces and the
// conditions of package variant (天竺, 安南).
//
// The attacker, the side to move, checks on every move; the defender is
// mated when one of its royals is in check and it has no legal move. By
// default the defender holds every remaining standard piece (RemainingHand).
// Solve finds the shortest mate and its main line, the defender resisting
// longest and, between equally long defences, leaving the attacker no spare
// piece if it can; futile interpositions (無駄合) follow the rules of
// package mate adapted to royals: the plain rule (IsFutileInterposition)
// at every node and, on the main line, futile by transposition
// (FutileByTransposition). Analyze and Verify1 judge mate-in-1 problems
// with the statistics of package mate's verify; a Solver keeps one table
// for many positions.
//
// The search is df-pn with a transposition table, on the principles of
// package mate but written for variant.Position: first a search without a
// length bound decides whether there is a mate (every reply counting), then
// depth-limited searches from the proof's height down find the shortest
// (again, without the main line's futile interpositions, until the line
// holds none), and the
// main line is read with more depth-limited searches. Repetitions are no
// mate, with the path dependence of such disproofs tracked as in package
// mate. See docs/fairy.md.
//
// Package mate stays the solver of standard positions: it is much faster;
// fairymate gives the same statuses and lengths on them.
package fairymate
