// Package helpmate solves cooperative stipulations of shogi problems:
// ばか詰 (協力詰, the helpmate h#N) and 協力自玉詰 (the help-selfmate hs#N).
//
// In both the attacker, the side to move, moves first and checks on every
// move, and both sides cooperate. In a helpmate the defender is mated after
// exactly N plies (N odd), N the shortest such length; in a help-selfmate
// the defender's last move (ply N, N even) mates the attacker. There is no
// futile-interposition rule; a pawn drop that mates is illegal as usual.
//
// Solve searches breadth-first over the positions reachable under these
// rules, keeping a visited set of the positions where the side to be mated
// is to move, and counts the shortest lines while it goes: the first
// layer that holds a mate gives the length, and the counts and the parent
// links of that layer give every solution. See docs/helpmate.md.
//
// The search is generic over the position: Solve runs it over package
// shogi's positions (the fast path), SolveVariant over package variant's
// for a position with a fairy element (fairy pieces, royals other than a
// king, conditions such as 天竺 and 安南), where the defender is mated when
// any of its royals is in check and it has no legal move.
package helpmate
