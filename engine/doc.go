// Package engine is tsume's game engine: an alpha-beta search over the
// legal moves of package shogi that scores the leaves with an
// evaluation of package engine/eval.
//
// A Searcher keeps a transposition table between searches, as a USI
// engine keeps it between the moves of a game; Searcher.Search runs one
// search of a position, with the moves that led to it (for 千日手 and
// perpetual check), within Limits, and reports each iteration through a
// callback. The search is iterative deepening over negamax alpha-beta
// with principal-variation search and aspiration windows, a
// transposition table bounded in megabytes, move ordering (the table's
// move, captures by MVV-LVA with static exchange evaluation, killers
// and history), a quiescence search over captures, check extension,
// null-move pruning and late-move reductions; docs/engine.md has the
// measurements that chose them. At the root, the df-pn solver of package
// mate may first prove a short mate.
//
// Repetition follows the rules: the repeat of a position of the game or
// of the search's path is a draw (千日手), except that the side whose
// every move since the first occurrence gave check loses (連続王手の千日手).
package engine
