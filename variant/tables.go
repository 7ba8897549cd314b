package variant

import "github.com/tsume-shogi/tsume/shogi"

// The tables below are computed once, when the package is initialised,
// from the kind table and the board geometry; nothing writes to them
// afterwards. The sliding attacks along a line, and the squares between
// two squares and on the line through them, are package shogi's
// (shogi.Lines, shogi.Between, shogi.LineThrough): the geometry is the
// same, and one copy of the 660 KB of line tables serves both.

type (
	Square   = shogi.Square
	Bitboard = shogi.Bitboard
	Color    = shogi.Color
)

const numSquares = shogi.NumSquares

func sqFile(s Square) int      { return int(s) / 9 } // 0-based, file 1 = 0
func sqRank(s Square) int      { return int(s) % 9 } // 0-based, rank a = 0
func onBoard(f, r int) bool    { return f >= 0 && f < 9 && r >= 0 && r < 9 }
func mkSquare(f, r int) Square { return Square(f*9 + r) }
func orient(c Color, o Offset) (df, dr int) {
	if c == shogi.White {
		return int(o.DF), -int(o.DR)
	}
	return int(o.DF), int(o.DR)
}

// Line kinds, for the sliding attack tables.
const (
	lineFile = 1 << iota
	lineRank
	lineDiagA // constant file+rank
	lineDiagB // constant file-rank
)

func lineOf(df, dr int) int {
	switch {
	case df == 0:
		return lineFile
	case dr == 0:
		return lineRank
	case df == -dr:
		return lineDiagA
	}
	return lineDiagB
}

// slide returns the squares reached from s along the line kinds in which
// (a set of line* bits) up to and including the first occupied square,
// with the occupancy of l: package shogi's line tables.
func slide(l *shogi.Lines, s Square, which uint8) Bitboard {
	var b Bitboard
	if which&lineFile != 0 {
		b = b.Or(l.FileAttacks(s))
	}
	if which&lineRank != 0 {
		b = b.Or(l.RankAttacks(s))
	}
	if which&lineDiagA != 0 {
		b = b.Or(l.DiagAAttacks(s))
	}
	if which&lineDiagB != 0 {
		b = b.Or(l.DiagBAttacks(s))
	}
	return b
}

// ray is the list of squares from a square in one direction, nearest first.
type ray struct {
	n   int8
	sqs [8]Square
}

// queenDirs are the eight directions, indexed as the hop tables use them.
// Direction i^1 is the opposite of direction i.
var queenDirs = [8][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {1, 1}, {1, -1}, {-1, 1}}

type tables struct {
	// step[c][k][s]: the squares a c piece of kind k on s reaches by its
	// steps; rstep[c][s][k] the squares from which it reaches s (laid out
	// by square, so that the reverse lookups of one square are adjacent).
	step  [2][NumKinds][numSquares]Bitboard
	rstep [2][numSquares][NumKinds]Bitboard
	// ride[c][k][s]: the union of k's ride rays from s on an empty board;
	// rride[c][s][k] the union of the reversed rays (the squares from which
	// such a rider reaches s on an empty board).
	ride  [2][NumKinds][numSquares]Bitboard
	rride [2][numSquares][NumKinds]Bitboard
	// rideLines[c][k]: the line kinds k rides along.
	rideLines [2][NumKinds]uint8
	// hopDirs[c][k]: bit i set when k hops along queenDirs[i].
	hopDirs [2][NumKinds]uint8
	// dead[c][k]: squares where a c piece of kind k could never move.
	dead [2][NumKinds]Bitboard
	// rays[s][i]: the squares from s along queenDirs[i].
	rays       [numSquares][8]ray
	zone, last [2]Bitboard
	fileBB     [9]Bitboard
	// stepKinds, rideKinds, hopKinds: the kinds with steps, rides, hops.
	stepKinds, rideKinds, hopKinds KindSet
}

var tbl = buildTables()

// emptyRay returns the squares from s in the direction (df, dr) on an
// empty board.
func emptyRay(s Square, df, dr int) Bitboard {
	var b Bitboard
	for f, r := sqFile(s)+df, sqRank(s)+dr; onBoard(f, r); f, r = f+df, r+dr {
		b = b.With(mkSquare(f, r))
	}
	return b
}

func buildTables() *tables {
	t := new(tables)
	for s := Square(0); s < numSquares; s++ {
		for i, d := range queenDirs {
			f, r := sqFile(s)+d[0], sqRank(s)+d[1]
			for onBoard(f, r) {
				rs := &t.rays[s][i]
				rs.sqs[rs.n] = mkSquare(f, r)
				rs.n++
				f, r = f+d[0], r+d[1]
			}
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Pawn; k < NumKinds; k++ {
			d := &kindDefs[k]
			if len(d.Steps) > 0 {
				t.stepKinds |= SetOf(k)
			}
			if len(d.Rides) > 0 {
				t.rideKinds |= SetOf(k)
			}
			if len(d.Hops) > 0 {
				t.hopKinds |= SetOf(k)
			}
			for s := Square(0); s < numSquares; s++ {
				for _, o := range d.Steps {
					df, dr := orient(c, o)
					if f, r := sqFile(s)+df, sqRank(s)+dr; onBoard(f, r) {
						to := mkSquare(f, r)
						t.step[c][k][s] = t.step[c][k][s].With(to)
						t.rstep[c][to][k] = t.rstep[c][to][k].With(s)
					}
				}
				for _, o := range d.Rides {
					df, dr := orient(c, o)
					t.ride[c][k][s] = t.ride[c][k][s].Or(emptyRay(s, df, dr))
					t.rride[c][s][k] = t.rride[c][s][k].Or(emptyRay(s, -df, -dr))
					t.rideLines[c][k] |= uint8(lineOf(df, dr))
				}
				if len(d.Hops) == 0 && t.step[c][k][s].Or(t.ride[c][k][s]).IsEmpty() {
					// Dead squares follow from the movement: no step or
					// ride leaves s. A hopper's moves depend on hurdles,
					// so geometry never makes it dead.
					t.dead[c][k] = t.dead[c][k].With(s)
				}
			}
			for _, o := range d.Hops {
				df, dr := orient(c, o)
				for i, qd := range queenDirs {
					if qd[0] == df && qd[1] == dr {
						t.hopDirs[c][k] |= 1 << i
					}
				}
			}
		}
	}
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			t.fileBB[f] = t.fileBB[f].With(mkSquare(f, r))
			if r < 3 {
				t.zone[shogi.Black] = t.zone[shogi.Black].With(mkSquare(f, r))
			}
			if r > 5 {
				t.zone[shogi.White] = t.zone[shogi.White].With(mkSquare(f, r))
			}
			if r == 0 {
				t.last[shogi.Black] = t.last[shogi.Black].With(mkSquare(f, r))
			}
			if r == 8 {
				t.last[shogi.White] = t.last[shogi.White].With(mkSquare(f, r))
			}
		}
	}
	return t
}
