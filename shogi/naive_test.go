package shogi_test

// A deliberately naive model of the rules, used as an oracle. It reads the
// position only through PieceAt, Hand and SideToMove, and moves pieces by
// walking direction vectors one square at a time: no bitboards, no tables,
// no pins, no check evasion logic. It is slow and obviously right.

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// vec is a step on the board as Black sees it: df along files, dr along
// ranks, dr < 0 towards rank a (Black's forward). White uses -dr.
type vec struct{ df, dr int }

var (
	vPawn   = []vec{{0, -1}}
	vKnight = []vec{{-1, -2}, {1, -2}}
	vSilver = []vec{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}
	vGold   = []vec{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
	vKing   = []vec{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
	vDiag   = []vec{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	vOrtho  = []vec{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
)

// naiveRule gives how a kind moves: single steps and unlimited slides.
func naiveRule(k shogi.Kind) (steps, slides []vec) {
	switch k {
	case shogi.Pawn:
		return vPawn, nil
	case shogi.Lance:
		return nil, vPawn
	case shogi.Knight:
		return vKnight, nil
	case shogi.Silver:
		return vSilver, nil
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return vGold, nil
	case shogi.King:
		return vKing, nil
	case shogi.Bishop:
		return nil, vDiag
	case shogi.Rook:
		return nil, vOrtho
	case shogi.Horse:
		return vOrtho, vDiag
	case shogi.Dragon:
		return vDiag, vOrtho
	}
	panic("naiveRule: bad kind")
}

// sqFR is the square on file f and rank r (1–9 each), by the documented numbering.
func sqFR(f, r int) shogi.Square { return shogi.Square((f-1)*9 + r - 1) }

func fileOf(s shogi.Square) int { return int(s)/9 + 1 }
func rankOf(s shogi.Square) int { return int(s)%9 + 1 }

// naiveReaches reports whether the piece on from attacks to: to is one of
// its steps away, or along one of its slides with every square between empty.
func naiveReaches(p *shogi.Position, from, to shogi.Square) bool {
	pc := p.PieceAt(from)
	if pc == shogi.NoPiece || from == to {
		return false
	}
	steps, slides := naiveRule(pc.Kind())
	sign := 1
	if pc.Color() == shogi.White {
		sign = -1
	}
	df, dr := fileOf(to)-fileOf(from), (rankOf(to)-rankOf(from))*sign
	for _, v := range steps {
		if v == (vec{df, dr}) {
			return true
		}
	}
	for _, v := range slides {
		for n := 1; n <= 8; n++ {
			if v.df*n != df || v.dr*n != dr {
				continue
			}
			for k := 1; k < n; k++ {
				if p.PieceAt(sqFR(fileOf(from)+v.df*k, rankOf(from)+sign*v.dr*k)) != shogi.NoPiece {
					return false
				}
			}
			return true
		}
	}
	return false
}

// naiveAttackers returns the pieces of colour by that attack s.
func naiveAttackers(p *shogi.Position, by shogi.Color, s shogi.Square) shogi.Bitboard {
	var b shogi.Bitboard
	for from := shogi.Square(0); from < shogi.NumSquares; from++ {
		if pc := p.PieceAt(from); pc != shogi.NoPiece && pc.Color() == by && naiveReaches(p, from, s) {
			b = b.With(from)
		}
	}
	return b
}

// naiveInCheck reports whether c has a king and it is attacked.
func naiveInCheck(p *shogi.Position, c shogi.Color) bool {
	k := naiveKing(p, c)
	return k != shogi.NoSquare && naiveAttackers(p, c.Opp(), k).Any()
}

// naiveKing finds c's king by looking at every square.
func naiveKing(p *shogi.Position, c shogi.Color) shogi.Square {
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if p.PieceAt(s) == shogi.NewPiece(c, shogi.King) {
			return s
		}
	}
	return shogi.NoSquare
}

// relRank is the rank of s counted from c's far side (1 = the last rank).
func relRank(c shogi.Color, s shogi.Square) int {
	if c == shogi.White {
		return 10 - rankOf(s)
	}
	return rankOf(s)
}

// naiveDead: a piece of kind k of c on s could never move again.
func naiveDead(c shogi.Color, k shogi.Kind, s shogi.Square) bool {
	switch k {
	case shogi.Pawn, shogi.Lance:
		return relRank(c, s) == 1
	case shogi.Knight:
		return relRank(c, s) <= 2
	}
	return false
}

var promotable = map[shogi.Kind]bool{shogi.Pawn: true, shogi.Lance: true, shogi.Knight: true, shogi.Silver: true, shogi.Bishop: true, shogi.Rook: true}

var droppable = []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// naivePseudoLegal lists the moves of the side to move that obey how pieces
// move, promote and are dropped (二歩 and dead pieces included), ignoring
// king safety and 打ち歩詰め.
func naivePseudoLegal(p *shogi.Position) []shogi.Move {
	us := p.SideToMove()
	var out []shogi.Move
	for from := shogi.Square(0); from < shogi.NumSquares; from++ {
		pc := p.PieceAt(from)
		if pc == shogi.NoPiece || pc.Color() != us {
			continue
		}
		for to := shogi.Square(0); to < shogi.NumSquares; to++ {
			if t := p.PieceAt(to); !naiveReaches(p, from, to) || t != shogi.NoPiece && t.Color() == us {
				continue
			}
			if promotable[pc.Kind()] && (relRank(us, from) <= 3 || relRank(us, to) <= 3) {
				out = append(out, shogi.NewBoardMove(pc, from, to, true))
			}
			if !naiveDead(us, pc.Kind(), to) {
				out = append(out, shogi.NewBoardMove(pc, from, to, false))
			}
		}
	}
	for _, k := range droppable {
		if p.Hand(us).Count(k) == 0 {
			continue
		}
		for to := shogi.Square(0); to < shogi.NumSquares; to++ {
			if p.PieceAt(to) != shogi.NoPiece || naiveDead(us, k, to) {
				continue
			}
			if k == shogi.Pawn && naivePawnOnFile(p, us, fileOf(to)) {
				continue
			}
			out = append(out, shogi.NewDrop(us, k, to))
		}
	}
	return out
}

func naivePawnOnFile(p *shogi.Position, c shogi.Color, f int) bool {
	for r := 1; r <= 9; r++ {
		if p.PieceAt(sqFR(f, r)) == shogi.NewPiece(c, shogi.Pawn) {
			return true
		}
	}
	return false
}

// oracleLegal is the slow legality oracle: every pseudo-legal candidate is
// played on a copy and kept if the mover's king (if any) is not attacked
// afterwards (AttackersTo, itself checked against naiveAttackers), and a
// pawn drop that checks is dropped if the opponent then has no legal reply
// (打ち歩詰め, decided by the oracle itself).
func oracleLegal(p *shogi.Position) []shogi.Move { return oracleLegalRule(p, true) }

func oracleLegalRule(p *shogi.Position, dropPawnMateRule bool) []shogi.Move {
	us, them := p.SideToMove(), p.SideToMove().Opp()
	var out []shogi.Move
	for _, m := range naivePseudoLegal(p) {
		q := *p
		q.DoMove(m)
		if k := naiveKing(&q, us); k != shogi.NoSquare && q.AttackersTo(them, k).Any() {
			continue
		}
		if dropPawnMateRule && m.IsDrop() && m.DroppedKind() == shogi.Pawn {
			// The replies to a pawn's check cannot include a pawn drop
			// (the pawn is adjacent), so the rule need not recurse.
			if k := naiveKing(&q, them); k != shogi.NoSquare && q.AttackersTo(us, k).Any() && len(oracleLegalRule(&q, false)) == 0 {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// checkDoMoveNaively checks that after is before with m played: the board,
// hands, side and move number computed square by square from the rules of
// moving and capturing.
func checkDoMoveNaively(t testing.TB, before, after *shogi.Position, m shogi.Move) {
	t.Helper()
	us := before.SideToMove()
	var want [shogi.NumSquares]shogi.Piece
	for s := range want {
		want[s] = before.PieceAt(shogi.Square(s))
	}
	var hand [2][shogi.NumKinds]int
	for c := shogi.Black; c <= shogi.White; c++ {
		for _, k := range droppable {
			hand[c][k] = before.Hand(c).Count(k)
		}
	}
	to := m.To()
	if m.IsDrop() {
		k := m.DroppedKind()
		hand[us][k]--
		want[to] = shogi.NewPiece(us, k)
	} else {
		from := m.From()
		pc := want[from]
		if cap := want[to]; cap != shogi.NoPiece {
			base := cap.Kind()
			switch base {
			case shogi.ProPawn:
				base = shogi.Pawn
			case shogi.ProLance:
				base = shogi.Lance
			case shogi.ProKnight:
				base = shogi.Knight
			case shogi.ProSilver:
				base = shogi.Silver
			case shogi.Horse:
				base = shogi.Bishop
			case shogi.Dragon:
				base = shogi.Rook
			}
			hand[us][base]++
		}
		want[from] = shogi.NoPiece
		if m.IsPromotion() {
			pc = shogi.NewPiece(us, map[shogi.Kind]shogi.Kind{
				shogi.Pawn: shogi.ProPawn, shogi.Lance: shogi.ProLance, shogi.Knight: shogi.ProKnight,
				shogi.Silver: shogi.ProSilver, shogi.Bishop: shogi.Horse, shogi.Rook: shogi.Dragon}[pc.Kind()])
		}
		want[to] = pc
	}
	for s := range want {
		if got := after.PieceAt(shogi.Square(s)); got != want[s] {
			t.Fatalf("after %s in %s: %s holds %s, want %s", m, before.SFEN(), shogi.Square(s), got, want[s])
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for _, k := range droppable {
			if got := after.Hand(c).Count(k); got != hand[c][k] {
				t.Fatalf("after %s in %s: %s holds %d %s in hand, want %d", m, before.SFEN(), c, got, k, hand[c][k])
			}
		}
	}
	if after.SideToMove() != us.Opp() || after.MoveNumber() != before.MoveNumber()+1 {
		t.Fatalf("after %s in %s: side %s move %d, want %s move %d", m, before.SFEN(),
			after.SideToMove(), after.MoveNumber(), us.Opp(), before.MoveNumber()+1)
	}
}
