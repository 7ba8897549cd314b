package maten

import (
	"math"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// appealFeatures are what the appeal model (Appeal) reads off a problem:
// nine numbers, the ones that best told the blind reads' "yes" from their
// other verdicts (docs/generation.md, "Appeal").
type appealFeatures struct {
	// Length is the main line's number of plies.
	Length int
	// LastKingMoves counts the king moves among the defender's legal
	// replies at its last move of the main line: a king that still has
	// several ways to go before the mate.
	LastKingMoves int
	// FreeAroundKing counts the empty squares next to the defender's
	// king at the start (those on the board).
	FreeAroundKing int
	// NextToKing counts the defender's pieces next to its king at the
	// start.
	NextToKing int
	// Sacrifices counts the attacker's moves of the main line whose piece
	// the defender takes on the next ply (as Measure counts them).
	Sacrifices int
	// InCamp counts the attacker's pieces on the board in the defender's
	// camp (its three nearest ranks) at the start.
	InCamp int
	// Crowd counts the attacker's pieces on the board at the start
	// beyond crowdFrom: five attacking pieces read as clutter.
	Crowd int
	// Light counts the pieces by which the attacker's material at the
	// start, on the board and in hand, falls short of (Length+3)/2:
	// three pieces for a mate-in-3, four for a mate-in-5, five for a
	// mate-in-7. A bare attack reads as built.
	Light int
	// Lances counts the attacker's lances (unpromoted) on the board at
	// the start beyond the first: doubled lances read as set up.
	Lances int
}

// crowdFrom is the number of the attacker's pieces on the board at the
// start from which each more counts in appealFeatures.Crowd.
const crowdFrom = 4

// appealModel is a logistic model of the share of teachers who would hand
// a problem out: the log-odds are Intercept plus each weight times its
// feature (appealFeatures, in the same order). It is fitted by
// TestAppealModel to the verdicts of testdata/reads.tsv; refit it there
// when the reads or the features change.
type appealModel struct {
	Intercept float64
	Weights   [appealDims]float64
}

// appealDims is the number of the appeal model's features.
const appealDims = 9

// appeal is the fitted model (TestAppealModel checks it against the
// reads).
var appeal = appealModel{
	Intercept: 1.308,
	Weights:   [appealDims]float64{-0.121, -0.396, -0.052, 0.136, 0.632, -0.121, -0.874, -0.805, -0.812},
}

// vector returns the features in the model's order.
func (f *appealFeatures) vector() [appealDims]float64 {
	return [appealDims]float64{float64(f.Length), float64(f.LastKingMoves), float64(f.FreeAroundKing), float64(f.NextToKing), float64(f.Sacrifices), float64(f.InCamp), float64(f.Crowd), float64(f.Light), float64(f.Lances)}
}

// predict returns the model's share of "yes" for the features f.
func (m *appealModel) predict(f *appealFeatures) float64 {
	z := m.Intercept
	for i, x := range f.vector() {
		z += m.Weights[i] * x
	}
	return 1 / (1 + math.Exp(-z))
}

// The lengths of the problems the blind reads judged, and so those the
// appeal model speaks for: 3, 5 and 7 plies.
const (
	appealMinLength = 3
	appealMaxLength = 7
)

// composedMinAppeal is the least appeal (Appeal) of a composed problem of
// 3 to 7 plies: one below it is passed over like one under the quality
// floor (composedMinQuality). Over the reads, held out a read at a time,
// the problems the model put under 0.6 had a "yes" from 50% of their
// readers at 3 and 5 plies and 35% at 7, against 77%, 80% and 74% for
// the rest (TestAppealHeldOut; docs/generation.md, "Appeal").
const composedMinAppeal = 0.6

// Appeal returns the share of teachers the appeal model expects to hand
// out the tsume problem pos (the attacker to move) with main line line, a
// number between 0 and 1, or 0 for a line shorter than 3 plies or longer
// than 7, lengths the blind reads it was fitted to did not judge. The
// model is fitted to the verdicts of the blind reads of issue 26 (two
// teachers a worksheet of thirty problems, 660 problems); it reads nine
// features: the length, the king's moves at the defender's last reply,
// the free squares and the defender's pieces next to the king at the
// start, the sacrifices, the attacker's pieces in the defender's camp,
// and of the attacker's pieces at the start a crowd on the board, too
// little material and doubled lances (docs/generation.md, "Appeal").
// The line must be legal from pos.
func Appeal(pos *shogi.Position, line []shogi.Move) float64 {
	if len(line) < appealMinLength || len(line) > appealMaxLength {
		return 0
	}
	f := appealOf(pos, line)
	return appeal.predict(&f)
}

// appealOf returns the appeal model's features of the problem pos with
// main line line (of at least 3 plies).
func appealOf(pos *shogi.Position, line []shogi.Move) appealFeatures {
	attacker := pos.SideToMove()
	defender := attacker.Opp()
	f := appealFeatures{Length: len(line)}
	if k := pos.King(defender); k != shogi.NoSquare {
		around := shogi.AttacksFrom(shogi.NewPiece(defender, shogi.King), k, shogi.Bitboard{})
		f.FreeAroundKing = around.AndNot(pos.Occupied()).Count()
		f.NextToKing = around.And(pos.ByColor(defender)).Count()
	}
	for rest := pos.ByColor(attacker); rest.Any(); {
		s := rest.PopLSB()
		if pos.PieceAt(s).Kind() != shogi.King && inCamp(s, defender) {
			f.InCamp++
		}
	}
	// The start's crowd, light material and lances are startBounds' with
	// no step back to come.
	start := startBounds(pos, len(line), 0)
	f.Crowd, f.Light, f.Lances = start.Crowd, start.Light, start.Lances
	f.LastKingMoves, f.Sacrifices = lineFeatures(pos, line)
	return f
}

// lineFeatures returns the appeal model's features of the main line line
// from pos (of at least 2 plies): the king's moves among the defender's
// replies at its last move (LastKingMoves) and the sacrifices
// (Sacrifices).
func lineFeatures(pos *shogi.Position, line []shogi.Move) (kingMoves, sacrifices int) {
	q := *pos
	for i, m := range line {
		if i == len(line)-2 {
			kingMoves = q.KingEscapes()
		}
		if i%2 == 0 && sacrificed(line, i) {
			sacrifices++
		}
		q.DoMove(m)
	}
	return kingMoves, sacrifices
}

// inCamp reports whether s is in the camp of c: the three ranks nearest
// c's side of the board (ranks 1–3 for White).
func inCamp(s shogi.Square, c shogi.Color) bool {
	if c == shogi.White {
		return s.Rank() <= 3
	}
	return s.Rank() >= 7
}

// appealing reports whether a composed problem of n plies and quality q
// has the appeal the style asks (composedMinAppeal), or is of a length
// the model does not speak for.
func appealing(q *problem.Quality, n int) bool {
	return n < appealMinLength || n > appealMaxLength || q.Appeal >= composedMinAppeal
}

// floorNeed is what the appeal floor asks of a step back of the composed
// style (floorNeedOf).
type floorNeed int

const (
	// needNothing: the step back may be any.
	needNothing floorNeed = iota
	// needSacrifice: the step back must be a sacrifice, the defender's
	// reply taking the piece the check moved.
	needSacrifice
	// needHopeless: no step back reaches the floor.
	needHopeless
)

// allows reports whether the step back of check a and reply d meets the
// need: under needSacrifice the reply takes the piece the check moved.
func (n floorNeed) allows(a, d shogi.Move) bool {
	return n != needSacrifice || d.To() == a.To()
}

// floorNeedOf returns what the appeal floor (composedMinAppeal) asks of
// the step back that makes a problem of n plies from cur, a sound
// problem of n-2 plies with main line pv. Two of the model's features
// are known before the problem is: the king's moves at the last reply,
// fixed once pv has three plies, and the sacrifices of pv; each step
// back still to come, this one included, may add one sacrifice, the
// feature that weighs most. Three more are bounded by cur's material
// (startBounds): a step back takes at most one piece off the attacker's
// board and adds at most one to its material. The other three, read off
// the start, are taken as zero: the free squares round the king and the
// attacker's pieces in the defender's camp only lower the appeal, and
// the defender's pieces next to the king seldom raise it enough. When the log-odds of these bounds with the most sacrifices the
// line can still have fall under the floor's, no problem of the full
// length from cur reaches the floor (needHopeless); when they reach it
// only if this step is a sacrifice, needSacrifice. Over the reads, the
// bound turns away none of the 345 mate-in-5s and mate-in-7s the floor
// keeps, and 24 of the 95 it refuses (TestFloorNeedReads;
// docs/generation.md, "Appeal").
func (o *Options) floorNeedOf(cur *shogi.Position, pv []shogi.Move, n int) floorNeed {
	if o.Style != Composed || o.Length < appealMinLength || o.Length > appealMaxLength || len(pv) < 3 {
		return needNothing
	}
	kingMoves, sacrifices := lineFeatures(cur, pv)
	later := (o.Length - n) / 2 // the steps back after this one
	start := startBounds(cur, o.Length, later+1)
	z := func(sacrifices int) float64 {
		w := appeal.Weights
		return appeal.Intercept + w[0]*float64(o.Length) + w[1]*float64(kingMoves) + w[4]*float64(sacrifices) +
			w[6]*float64(start.Crowd) + w[7]*float64(start.Light) + w[8]*float64(start.Lances)
	}
	floor := math.Log(composedMinAppeal / (1 - composedMinAppeal))
	switch {
	case z(sacrifices+later+1) < floor:
		return needHopeless
	case z(sacrifices+later) < floor:
		return needSacrifice
	}
	return needNothing
}

// startBounds returns the least Crowd, Light and Lances (appealFeatures)
// of a problem of the given length built from cur by the given number of
// steps back. Of a step back from p to q, the check a then the reply d:
// the attacker's material (board and hand) of q is that of p, more one
// when d took an attacker piece, less one when a took a defender's; its
// pieces on the board are those of p, more one when d took one, less one
// when a was a drop; its lances on the board are those of p, more one
// when d took a lance or a was a lance that promoted, less one when a
// dropped a lance.
// So each step back raises the material by at most one and lowers the
// pieces and the lances on the board by at most one.
func startBounds(cur *shogi.Position, length, steps int) appealFeatures {
	attacker := cur.SideToMove()
	onBoard, lances := 0, 0
	for rest := cur.ByColor(attacker); rest.Any(); {
		s := rest.PopLSB()
		switch cur.PieceAt(s).Kind() {
		case shogi.King:
			continue
		case shogi.Lance:
			lances++
		}
		onBoard++
	}
	material := onBoard + cur.Hand(attacker).Total()
	return appealFeatures{
		Crowd:  max(0, onBoard-steps-crowdFrom),
		Light:  max(0, (length+3)/2-material-steps),
		Lances: max(0, lances-steps-1),
	}
}
