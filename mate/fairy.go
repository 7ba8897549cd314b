package mate

import (
	"context"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// This file is the instantiation of the df-pn search for the positions of
// package variant: royal pieces (異王), fairy pieces and the conditions
// 天竺 and 安南 (docs/fairy.md). The search, its futile rules, count
// steps, path-dependent disproofs and main line are those of the standard
// solver; what differs is below: no hand superiority (a node is keyed by
// its full key), no king-escape shortcut, and the futile rules read royals
// and the powers of the rules (fairyrules.go).

// fairyPos is a position of package variant with the methods of
// positionOps.
type fairyPos variant.Position

func (p *fairyPos) vp() *variant.Position                  { return (*variant.Position)(p) }
func (p *fairyPos) SideToMove() shogi.Color                { return p.vp().SideToMove() }
func (p *fairyPos) Key() uint64                            { return p.vp().Key() }
func (p *fairyPos) BoardKey() uint64                       { return p.vp().Key() }
func (p *fairyPos) Hand(shogi.Color) shogi.Hand            { return 0 }
func (p *fairyPos) HandTotal(c shogi.Color) int            { return p.vp().Hand(c).Total() }
func (p *fairyPos) InCheck() bool                          { return p.vp().InCheck() }
func (p *fairyPos) DoMove(m shogi.Move)                    { p.vp().DoMove(m) }
func (p *fairyPos) Checks(dst []shogi.Move) []shogi.Move   { return p.vp().Checks(dst) }
func (p *fairyPos) Evasions(dst []shogi.Move) []shogi.Move { return fairyReplies(p.vp(), dst) }
func (p *fairyPos) HandKind(s shogi.Square) shogi.Kind {
	return variant.Def(p.vp().PieceAt(s).Kind()).Base
}
func (p *fairyPos) SamePosition(q *fairyPos) bool                             { return fairySame(p.vp(), q.vp()) }
func (p *fairyPos) PinDrops(ph, _ shogi.Hand) shogi.Hand                      { return ph }
func (p *fairyPos) DisproofHandBefore(_ shogi.Move, dh shogi.Hand) shogi.Hand { return dh }
func (p *fairyPos) ProofHandBefore(_ shogi.Move, ph, hand shogi.Hand) shogi.Hand {
	return ph.Min(hand)
}

// KingEscapesAfter returns, when m gives check to the defender's one
// royal, the number of squares that royal attacks and can legally step
// to (not promoting) after m: on a standard position, the king's escapes
// that shogi.Position.KingEscapesAfter counts; 0 otherwise.
func (p *fairyPos) KingEscapesAfter(m shogi.Move) int {
	q := *p.vp()
	q.DoMove(m)
	def := q.SideToMove()
	royals := q.Royals(def)
	if royals.IsEmpty() || royals.MoreThanOne() || !q.InCheck() {
		return 0
	}
	r := royals.LSB()
	k := q.PieceAt(r).Kind()
	plain := fairyPowers(&q) == nil
	n := 0
	for b := q.AttacksFrom(r).AndNot(q.ByColor(def)); b.Any(); {
		mv := variant.NewBoardMove(def, k, r, b.PopLSB(), false)
		if plain && fairyLegalStd(&q, mv) || !plain && q.IsLegal(mv) {
			n++
		}
	}
	return n
}

// ChecksWithoutEscape returns the checks whose KingEscapesAfter is 0,
// and the number of checks.
func (p *fairyPos) ChecksWithoutEscape(dst []shogi.Move) ([]shogi.Move, int) {
	start := len(dst)
	buf := p.Checks(dst)
	n := start
	for _, m := range buf[start:] {
		if p.KingEscapesAfter(m) == 0 {
			buf[n] = m
			n++
		}
	}
	return buf[:n], len(buf) - start
}

// WithoutEscape appends the checks whose KingEscapesAfter is 0.
func (p *fairyPos) WithoutEscape(checks, dst []shogi.Move) []shogi.Move {
	for _, m := range checks {
		if p.KingEscapesAfter(m) == 0 {
			dst = append(dst, m)
		}
	}
	return dst
}

// KingEvasions appends none of the replies: the search generates them
// all.
func (p *fairyPos) KingEvasions(dst []shogi.Move) []shogi.Move { return dst }

// CountChecks returns the number of checks, generated into scratch.
func (p *fairyPos) CountChecks(scratch []shogi.Move) int {
	return len(p.vp().Checks(scratch[:0]))
}

// KeysAfter returns the key after m, as both keys, and an empty hand.
func (p *fairyPos) KeysAfter(m shogi.Move) (key, boardKey uint64, hand shogi.Hand) {
	q := *p.vp()
	q.DoMove(m)
	return q.Key(), q.Key(), 0
}

// CheckLine is fairyCheckLine's line.
func (p *fairyPos) CheckLine() (shogi.Bitboard, bool) {
	_, _, line, ok := fairyCheckLine(p.vp(), fairyPowers(p.vp()))
	return line, ok
}

// EvasionsCountingDrops generates every reply and keeps the board moves.
func (p *fairyPos) EvasionsCountingDrops(dst []shogi.Move) ([]shogi.Move, int, shogi.Bitboard, bool) {
	start := len(dst)
	dst = fairyReplies(p.vp(), dst)
	n, drops := start, 0
	for _, m := range dst[start:] {
		if m.IsDrop() {
			drops++
			continue
		}
		dst[n] = m
		n++
	}
	line, single := p.CheckLine()
	return dst[:n], drops, line, single
}

// Loose reports whether the drop r puts a piece where no piece of the
// side to move attacks, without giving check.
func (p *fairyPos) Loose(r shogi.Move) bool {
	vp := p.vp()
	return !vp.AttackersTo(vp.SideToMove(), r.To()).Any() && !vp.GivesCheck(r)
}

// IsInterposition reports whether r puts a piece that is not royal on
// the CheckLine, by a drop or a board move.
func (p *fairyPos) IsInterposition(r shogi.Move) bool {
	if !r.IsDrop() && p.vp().PieceAt(r.From()).Royal() {
		return false
	}
	line, ok := p.CheckLine()
	return ok && line.Has(r.To())
}

// SplitFutile moves the drops that VariantIsFutileInterposition finds
// futile from moves to removed (nil: dropped).
func (p *fairyPos) SplitFutile(moves, removed []shogi.Move) ([]shogi.Move, []shogi.Move) {
	vp := p.vp()
	_, _, line, ok := fairyCheckLine(vp, fairyPowers(vp))
	if !ok {
		return moves, removed
	}
	n := 0
	for _, r := range moves {
		futile := false
		if r.IsDrop() && line.Has(r.To()) {
			q := *vp
			q.DoMove(r)
			futile = fairyIsFutile(vp, &q, r)
		}
		if !futile {
			moves[n] = r
			n++
		} else if removed != nil {
			removed = append(removed, r)
		}
	}
	return moves[:n], removed
}

// CapturedBack returns Q': after the interposition r and its capture a,
// the interposed piece (as its base kind) taken from the attacker's hand
// back to the defender's.
func (p *fairyPos) CapturedBack(r, a shogi.Move) fairyPos {
	q := *p.vp()
	q.DoMove(r)
	k := variant.Def(q.PieceAt(r.To()).Kind()).Base
	q.DoMove(a)
	att := q.SideToMove().Opp()
	q.SetHand(att, q.Hand(att).Remove(k))
	q.SetHand(att.Opp(), q.Hand(att.Opp()).Add(k))
	return fairyPos(q)
}

// setCounts is how many pieces of each standard hand kind a shogi set
// holds.
var setCounts = [...]struct {
	k variant.Kind
	n int
}{{shogi.Rook, 2}, {shogi.Bishop, 2}, {shogi.Gold, 4}, {shogi.Silver, 4}, {shogi.Knight, 4}, {shogi.Lance, 4}, {shogi.Pawn, 18}}

// VariantRemainingHand returns the hand of attacker's opponent under the
// tsume convention: every standard piece of the set (two rooks, two
// bishops, four golds, silvers, knights and lances, eighteen pawns) that
// is neither on the board (promoted pieces counted as their base kind,
// royal ones too: a royal bishop is one of the two bishops) nor in the
// attacker's hand, plus the fairy pieces the opponent already holds.
// Fairy pieces on the board count for nothing. It fails with a
// *TooManyPiecesError when the board and the attacker's hand hold more of
// a kind than the set.
func VariantRemainingHand(p *variant.Position, attacker variant.Color) (variant.Hand, error) {
	var used [variant.NumKinds]int
	for b := p.Occupied(); b.Any(); {
		k := p.PieceAt(b.PopLSB()).Kind()
		if d := variant.Def(k); !d.Fairy {
			used[d.Base]++
		}
	}
	ah := p.Hand(attacker)
	h := p.Hand(attacker.Opp())
	for _, c := range setCounts {
		n := c.n - used[c.k] - ah.Count(c.k)
		if n < 0 {
			return 0, &TooManyPiecesError{Kind: c.k, Count: used[c.k] + ah.Count(c.k), Max: c.n,
				Msg: fmt.Sprintf("%d %ss on the board and in the attacker's hand; the set holds %d", used[c.k]+ah.Count(c.k), variant.KindName(c.k), c.n)}
		}
		h = h.Set(c.k, n)
	}
	return h, nil
}

// VariantSolution is the result of SolveVariant: a Solution whose
// position is of package variant (the Solution's own Position is the zero
// shogi.Position).
type VariantSolution struct {
	Solution
	// Position is the position solved, with the defender's hand applied.
	Position variant.Position
}

// variantRoot returns p with the defender's hand of the Solver's
// convention, or a *NotAProblemError for a position that is no problem:
// the defender has no royal, or a royal of the side not to move is
// attacked.
func (s *Solver) variantRoot(p *variant.Position) (variant.Position, error) {
	attacker := p.SideToMove()
	q := *p
	if s.opts.DefenderHand == Remaining {
		h, err := VariantRemainingHand(p, attacker)
		if err != nil {
			return q, notAProblem(err)
		}
		q.SetHand(attacker.Opp(), h)
	}
	if q.Royals(attacker.Opp()).IsEmpty() {
		return q, &NotAProblemError{Msg: fmt.Sprintf("the defender (%s) has no royal piece", attacker.Opp())}
	}
	if q.IsIllegalPosition() {
		return q, &NotAProblemError{Msg: "illegal position: a royal of the side not to move is attacked"}
	}
	return q, nil
}

// SolveVariant is Solve for a position of package variant, under its
// rules: the attacker mates when a royal of the defender is in check and
// the defender has no legal move. With DefenderHand Remaining the defender
// holds VariantRemainingHand. The defender must have a royal, and no
// royal of the side not to move may be attacked; else it fails with a
// *NotAProblemError. The table keeps no hand superiority for these
// positions.
func (s *Solver) SolveVariant(ctx context.Context, p *variant.Position) (*VariantSolution, error) {
	start := time.Now()
	q, err := s.variantRoot(p)
	if err != nil {
		return nil, err
	}
	sol, err := solveAs[fairyPos](s, ctx, (*fairyPos)(&q), start, unlimited)
	if sol == nil {
		return nil, err
	}
	return &VariantSolution{Solution: *sol, Position: q}, err
}
