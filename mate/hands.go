package mate

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// DefenderHand says which hand the defender is given.
type DefenderHand int

const (
	// Remaining gives the defender every piece that is neither on the
	// board nor in the attacker's hand (the tsume convention).
	Remaining DefenderHand = iota
	// AsGiven keeps both hands exactly as the position has them.
	AsGiven
)

// String returns "remaining" or "as-given".
func (d DefenderHand) String() string {
	if d == AsGiven {
		return "as-given"
	}
	return "remaining"
}

// ParseDefenderHand reads the String of a DefenderHand, in any case:
// "remaining" or "as-given".
func ParseDefenderHand(s string) (DefenderHand, error) {
	switch strings.ToLower(s) {
	case "remaining":
		return Remaining, nil
	case "as-given":
		return AsGiven, nil
	}
	return Remaining, fmt.Errorf("mate: unknown defender hand %q: want remaining or as-given", s)
}

// handKinds lists the kinds a hand can hold.
var handKinds = [...]shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn}

// RemainingHand returns the pieces of the standard 40-piece set that are
// neither on p's board nor in the hand of attacker: under the tsume
// convention (玉方持駒は残り全部) the defender holds all of them. Kings are
// never in a hand. It fails if the board and the attacker's hand already
// hold more of a kind than the set has, with a *TooManyPiecesError.
func RemainingHand(p *shogi.Position, attacker shogi.Color) (shogi.Hand, error) {
	h, k, n := remainingHand(p, attacker)
	if n >= 0 {
		return h, nil
	}
	count := shogi.MaxCount(k) - n
	return 0, &TooManyPiecesError{Kind: k, Count: count, Max: shogi.MaxCount(k),
		Msg: fmt.Sprintf("%d %ss on the board and in the attacker's hand; the set holds %d", count, k, shogi.MaxCount(k))}
}

// HandLeft is RemainingHand without the error, and without allocating:
// ok is false where RemainingHand fails. Generators that judge many
// candidates, some of them over the set, ask it.
func HandLeft(p *shogi.Position, attacker shogi.Color) (h shogi.Hand, ok bool) {
	h, _, n := remainingHand(p, attacker)
	return h, n >= 0
}

// remainingHand returns the remaining hand, or the first kind in
// handKinds of which there are too many and its remaining count n, which
// is then negative (n is 0 or more on success).
func remainingHand(p *shogi.Position, attacker shogi.Color) (h shogi.Hand, k shogi.Kind, n int) {
	var used [shogi.NumKinds]int
	for b := p.Occupied(); b.Any(); {
		used[p.PieceAt(b.PopLSB()).Kind().Demote()]++
	}
	ah := p.Hand(attacker)
	for _, k := range handKinds {
		n := shogi.MaxCount(k) - used[k] - ah.Count(k)
		if n < 0 {
			return 0, k, n
		}
		h = h.Set(k, n)
	}
	return h, 0, 0
}

// TooManyPiecesError reports a kind of which the board and the attacker's
// hand hold more than the standard set has: no hand is left for the
// defender.
type TooManyPiecesError struct {
	Kind  shogi.Kind
	Count int    // on the board and in the attacker's hand
	Max   int    // in the set
	Msg   string // the message, without a package prefix
}

func (e *TooManyPiecesError) Error() string { return "mate: " + e.Msg }

// WithRemainingHand returns a copy of p in which the side not to move (the
// defender of a tsume problem) holds every remaining piece.
func WithRemainingHand(p *shogi.Position) (shogi.Position, error) {
	q := *p
	attacker := p.SideToMove()
	h, err := RemainingHand(p, attacker)
	if err != nil {
		return q, err
	}
	q.SetHand(attacker.Opp(), h)
	return q, nil
}

// pinDrops returns ph with, for every kind the defender to move in p does
// not hold, the attacker's whole count of it (hand), when the defender is
// in check from one piece with squares between it and the king. A proof
// for the smaller hand ph is a proof for a defender holding more, except
// that a defender holding a kind it now lacks could interpose with it: the
// proof must keep the attacker holding all of those.
func pinDrops(p *shogi.Position, ph, hand shogi.Hand) shogi.Hand {
	checkers := p.Checkers()
	if checkers.IsEmpty() || checkers.MoreThanOne() {
		return ph
	}
	defender := p.SideToMove()
	if shogi.Between(p.King(defender), checkers.LSB()).IsEmpty() {
		return ph
	}
	dh := p.Hand(defender)
	for _, k := range handKinds {
		if !dh.Has(k) && hand.Has(k) {
			ph = ph.Set(k, hand.Count(k))
		}
	}
	return ph
}

// proofHandBefore returns the attacker's hand a proof needs before its
// move m, given the hand ph it needs after m: a dropped piece more, a
// captured one less; never more than hand, the hand it has.
func proofHandBefore(p *shogi.Position, m shogi.Move, ph, hand shogi.Hand) shogi.Hand {
	if m.IsDrop() {
		ph = ph.Add(m.DroppedKind())
	} else if c := p.PieceAt(m.To()); c != shogi.NoPiece {
		if k := c.Kind().Demote(); k != shogi.King && ph.Has(k) {
			ph = ph.Remove(k)
		}
	}
	return ph.Min(hand)
}

// fullHand holds every piece of the set: a disproof hand that limits
// nothing.
var fullHand = func() shogi.Hand {
	var h shogi.Hand
	for _, k := range handKinds {
		h = h.Set(k, shogi.MaxCount(k))
	}
	return h
}()

// noCheckDisproofHand returns the disproof hand of an attacker node with
// hand h and no check: more of the kinds it holds adds no check, but a
// kind it lacks would add drops.
func noCheckDisproofHand(h shogi.Hand) shogi.Hand {
	d := h
	for _, k := range handKinds {
		if h.Has(k) {
			d = d.Set(k, shogi.MaxCount(k))
		}
	}
	return d
}

// disproofHandBefore returns the largest attacker hand, given the hand
// dh a disproof of the position after the attacker's move m holds for,
// with which the same disproof holds before m: a dropped piece more, a
// captured one less.
func disproofHandBefore(p *shogi.Position, m shogi.Move, dh shogi.Hand) shogi.Hand {
	if m.IsDrop() {
		if k := m.DroppedKind(); dh.Count(k) < shogi.MaxCount(k) {
			dh = dh.Add(k)
		}
	} else if c := p.PieceAt(m.To()); c != shogi.NoPiece {
		if k := c.Kind().Demote(); k != shogi.King && dh.Has(k) {
			dh = dh.Remove(k)
		}
	}
	return dh
}
