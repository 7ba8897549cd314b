package shogi

// The attack tables are computed once, when the package is initialised, by
// pure functions of the board geometry; nothing writes to them afterwards.

// dir is a step on the board: df along files, dr along ranks (dr < 0 is
// towards rank a, Black's forward).
type dir struct{ df, dr int }

var (
	kingDirs   = []dir{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
	goldDirs   = []dir{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
	silverDirs = []dir{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}
	knightDirs = []dir{{-1, -2}, {1, -2}}
	pawnDirs   = []dir{{0, -1}}
	rookDirs   = []dir{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	bishopDirs = []dir{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
)

// tables holds every precomputed attack and geometry set.
type tables struct {
	// step[c][k][s]: squares a piece of colour c and stepping kind k on s
	// attacks (Pawn, Knight, Silver, Gold, King; promoted minor pieces use Gold).
	step [2][NumKinds][NumSquares]Bitboard
	// checkSteps[c][s][k]: step[c][k][s] for the stepping kinds (empty for
	// the sliders), laid out by square so that the squares from which
	// each kind checks a king of colour c on s are copied in one go.
	checkSteps [2][NumSquares][NumKinds]Bitboard
	// pieceSteps[pc][s]: the squares the piece pc on s attacks by a step:
	// all of its attacks for a stepping piece, the king's steps for a
	// horse or a dragon, none for the other sliders (and for invalid
	// pieces).
	pieceSteps [32][NumSquares]Bitboard
	// Sliding attacks along one line, indexed by the occupancy of the line's
	// seven inner squares.
	fileAtt  [NumSquares][128]Bitboard
	rankAtt  [NumSquares][128]Bitboard
	diagAAtt [NumSquares][128]Bitboard // lines of constant file+rank
	diagBAtt [NumSquares][128]Bitboard // lines of constant file-rank
	// rookRays[s], bishopRays[s]: a rook's and a bishop's attacks from s on
	// an empty board, small enough to stay in the cache.
	rookRays, bishopRays [NumSquares]Bitboard
	// rays[d][s]: the squares from s to the edge in direction rayDirs[d],
	// s excluded; for AttacksFrom on any occupancy.
	rays [len(rayDirs)][NumSquares]Bitboard
	// forward[c][s]: the squares in front of s on its file, as c sees it.
	forward [2][NumSquares]Bitboard
	between [NumSquares][NumSquares]Bitboard // strictly between two aligned squares
	line    [NumSquares][NumSquares]Bitboard // the whole line through two aligned squares
	// zone[c]: the three far ranks of c (its promotion zone); last[c] its
	// far rank, last2[c] its two far ranks, third[c] the third from the far side.
	zone, last, last2, third [2]Bitboard
	// rankBB[r]: rank r (0-based).
	rankBB [9]Bitboard
	fileBB [9]Bitboard
	// near2[s]: the squares at most two files and two ranks from s, from
	// which alone a piece that only steps (knights included) can reach s,
	// and a stepping piece other than a knight can attack a neighbour of s.
	near2 [NumSquares]Bitboard
	// near3[s]: the squares at most three files and three ranks from s:
	// those from which alone a knight can attack a neighbour of s.
	near3 [NumSquares]Bitboard
	// rookBox[s], bishopBox[s]: the squares on the files and ranks
	// (rookBox) or the diagonals (bishopBox) through s and its
	// neighbours: those from which alone a slider can attack s or a
	// neighbour of s along a line.
	rookBox, bishopBox [NumSquares]Bitboard
}

var tbl = buildTables()

// rayDirs are the directions of the rays (tables.rays): those that go up
// the square order first (the nearest blocker is the lowest square),
// then those that go down.
var rayDirs = [8]dir{{0, 1}, {1, 0}, {1, -1}, {1, 1}, {0, -1}, {-1, 0}, {-1, 1}, {-1, -1}}

// The rays of the rook and the bishop (indices into rayDirs).
var (
	rookRayDirs   = [4]int{0, 1, 4, 5}
	bishopRayDirs = [4]int{2, 3, 6, 7}
)

const (
	// raysUp is the number of rayDirs that go up the square order.
	raysUp = 4
	// rayToRankI and rayToRankA are the rays along the file, a White and
	// a Black lance's.
	rayToRankI = 0
	rayToRankA = 4
)

// sqFile, sqRank give the 0-based file and rank of a square.
func sqFile(s Square) int { return int(s) / 9 }
func sqRank(s Square) int { return int(s) % 9 }

func onBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 9 }

// slidingSlow walks the rays dirs from s until a blocker in occ, inclusive.
// It is the reference the fast tables are built from and tested against.
func slidingSlow(s Square, occ Bitboard, dirs []dir) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := sqFile(s)+d.df, sqRank(s)+d.dr
		for onBoard(f, r) {
			t := Square(f*9 + r)
			b = b.With(t)
			if occ.Has(t) {
				break
			}
			f += d.df
			r += d.dr
		}
	}
	return b
}

func stepSlow(c Color, s Square, dirs []dir) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		dr := d.dr
		if c == White {
			dr = -dr
		}
		f, r := sqFile(s)+d.df, sqRank(s)+dr
		if onBoard(f, r) {
			b = b.With(Square(f*9 + r))
		}
	}
	return b
}

func buildTables() *tables {
	t := new(tables)
	for c := Black; c <= White; c++ {
		for s := Square(0); s < NumSquares; s++ {
			t.step[c][Pawn][s] = stepSlow(c, s, pawnDirs)
			t.step[c][Knight][s] = stepSlow(c, s, knightDirs)
			t.step[c][Silver][s] = stepSlow(c, s, silverDirs)
			t.step[c][Gold][s] = stepSlow(c, s, goldDirs)
			t.step[c][King][s] = stepSlow(c, s, kingDirs)
			fwd := dir{0, -1}
			if c == White {
				fwd.dr = 1
			}
			t.forward[c][s] = slidingSlow(s, Bitboard{}, []dir{fwd})
		}
		for _, k := range []Kind{ProPawn, ProLance, ProKnight, ProSilver} {
			t.step[c][k] = t.step[c][Gold]
		}
		for s := Square(0); s < NumSquares; s++ {
			for _, k := range []Kind{Pawn, Knight, Silver, Gold, King, ProPawn, ProLance, ProKnight, ProSilver} {
				t.checkSteps[c][s][k] = t.step[c][k][s]
				t.pieceSteps[NewPiece(c, k)][s] = t.step[c][k][s]
			}
			t.pieceSteps[NewPiece(c, Horse)][s] = t.step[c][King][s]
			t.pieceSteps[NewPiece(c, Dragon)][s] = t.step[c][King][s]
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		for df := -3; df <= 3; df++ {
			for dr := -3; dr <= 3; dr++ {
				f, r := sqFile(s)+df, sqRank(s)+dr
				if !onBoard(f, r) {
					continue
				}
				t.near3[s] = t.near3[s].With(Square(f*9 + r))
				if max(df, -df, dr, -dr) <= 2 {
					t.near2[s] = t.near2[s].With(Square(f*9 + r))
				}
			}
		}
	}
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			t.rankBB[r] = t.rankBB[r].With(Square(f*9 + r))
			t.fileBB[f] = t.fileBB[f].With(Square(f*9 + r))
		}
	}
	t.zone[Black] = t.rankBB[0].Or(t.rankBB[1]).Or(t.rankBB[2])
	t.zone[White] = t.rankBB[6].Or(t.rankBB[7]).Or(t.rankBB[8])
	t.last[Black], t.last[White] = t.rankBB[0], t.rankBB[8]
	t.last2[Black], t.last2[White] = t.rankBB[0].Or(t.rankBB[1]), t.rankBB[7].Or(t.rankBB[8])
	t.third[Black], t.third[White] = t.rankBB[2], t.rankBB[6]

	for s := Square(0); s < NumSquares; s++ {
		f, r := sqFile(s), sqRank(s)
		for idx := 0; idx < 128; idx++ {
			var onFile, onRank, onA, onB Bitboard
			for i := 1; i <= 7; i++ {
				if idx>>(i-1)&1 == 0 {
					continue
				}
				// Bit i of a file line is rank i; of the other lines, file i.
				onFile = onFile.With(Square(f*9 + i))
				onRank = onRank.With(Square(i*9 + r))
				if ra := f + r - i; ra >= 0 && ra < 9 {
					onA = onA.With(Square(i*9 + ra))
				}
				if rb := r - f + i; rb >= 0 && rb < 9 {
					onB = onB.With(Square(i*9 + rb))
				}
			}
			t.fileAtt[s][idx] = slidingSlow(s, onFile, []dir{{0, -1}, {0, 1}})
			t.rankAtt[s][idx] = slidingSlow(s, onRank, []dir{{-1, 0}, {1, 0}})
			t.diagAAtt[s][idx] = slidingSlow(s, onA, []dir{{1, -1}, {-1, 1}})
			t.diagBAtt[s][idx] = slidingSlow(s, onB, []dir{{1, 1}, {-1, -1}})
		}
		t.rookRays[s] = t.fileAtt[s][0].Or(t.rankAtt[s][0])
		t.bishopRays[s] = t.diagAAtt[s][0].Or(t.diagBAtt[s][0])
	}
	for s := Square(0); s < NumSquares; s++ {
		for b := t.step[Black][King][s].With(s); b.Any(); {
			n := b.PopLSB()
			t.rookBox[s] = t.rookBox[s].Or(t.rookRays[n]).With(n)
			t.bishopBox[s] = t.bishopBox[s].Or(t.bishopRays[n]).With(n)
		}
	}
	for d, dd := range rayDirs {
		for s := Square(0); s < NumSquares; s++ {
			t.rays[d][s] = slidingSlow(s, Bitboard{}, []dir{dd})
		}
	}
	for a := Square(0); a < NumSquares; a++ {
		for _, d := range kingDirs {
			f, r := sqFile(a)+d.df, sqRank(a)+d.dr
			var between Bitboard
			for onBoard(f, r) {
				b := Square(f*9 + r)
				t.between[a][b] = between
				between = between.With(b)
				f += d.df
				r += d.dr
			}
			full := slidingSlow(a, Bitboard{}, []dir{d, {-d.df, -d.dr}}).With(a)
			for x := full; x.Any(); {
				b := x.PopLSB()
				if b != a {
					t.line[a][b] = full
				}
			}
		}
	}
	return t
}
