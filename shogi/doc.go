// Package shogi is the rules core of tsume: squares, pieces, hands,
// bitboards, moves, positions, SFEN, move notation and complete legal move
// generation for standard shogi.
//
// The package uses only the standard library. A [Position] is a plain value
// without pointers, so copying it (child := *p) is a full, independent copy;
// [Position.DoMove] updates a position in place and searches use copy-make.
//
// Positions in which the side to move has no king (the attacker of a tsume
// problem) are fully supported: such a side can never be in check and every
// pseudo-legal move is legal for it, apart from the drop rules.
//
// Squares are numbered file by file: 1a = 0, 1b = 1, …, 1i = 8, 2a = 9, …,
// 9i = 80. Black (先手, sente) moves first and towards rank a.
package shogi
