// Package fairymate solves the mate stipulation (かしこ詰) of fairy tsume
// over the variant layer: royal pieces (異王), the fairy pieces and the
// conditions of package variant (天竺, 安南).
//
// The attacker, the side to move, checks on every move; the defender is
// mated when one of its royals is in check and it has no legal move. By
// default the defender holds every remaining standard piece (RemainingHand).
// Solve finds the shortest mate and its main line, with the soundness
// search (余詰); futile interpositions (無駄合) follow the rules of package
// mate with royals for the king (IsFutileInterposition,
// FutileByTransposition). Analyze and Verify1 judge mate-in-1 problems
// with the statistics of package mate's verify.
//
// The search is package mate's df-pn solver, instantiated for
// variant.Position (mate.Solver.SolveVariant, docs/fairy.md): this package
// is a set of thin wrappers that keep its API for its callers, to be
// replaced by mate's.
package fairymate
