// Package referee applies the rules that end a game of shogi: checkmate
// (the side to move has no legal move), the fourfold repetition (千日手, a
// draw unless one side gave check with every move of the cycle: that side
// loses, 連続王手の千日手), a declaration by entering king (入玉宣言, judged by
// shogi.Position.CanDeclare), a resignation, an illegal move and a ply
// limit.
//
// A Referee keeps a game's position and history; whoever chooses the
// moves — USI engines in subprocesses (package match) or a search in the
// same process (package selfplay) — hands each one to it and stops at the
// first Ending. The reasons that only a player outside the process can
// bring about (a loss on time, a crash, garbage on the pipe) are named
// here too, so that every game of tsume ends with one Reason, and an
// Ending writes itself as the special moves of KIF and CSA.
package referee
