package verdict

import (
	"context"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// This file holds the searches beside the main line: the defender's other
// replies (変同, 変長) and the transpositions of the attacker's
// alternatives (手順前後).

// blemishPlies is the distance from the end, in plies, from which a 変同
// is a blemish: a 変同 at ply p of an n-ply line is one when n-p >= 4.
const blemishPlies = 4

// defences searches every other reply at every defender node of the line.
func (j *judge) defences() error {
	n := len(j.line)
	attacker := j.pos[0].SideToMove()
	for k := 1; k < n && j.ctx.Err() == nil; k += 2 {
		d := &j.pos[k]
		rem := n - k
		for _, r := range d.Evasions(nil) {
			if r == j.line[k] || j.opts.Futile == mate.Discount && mate.IsFutileInterposition(d, r) {
				continue
			}
			c := *d
			c.DoMove(r)
			sol, err := j.solve(&c, false)
			if err != nil {
				return err
			}
			f := Finding{Ply: k + 1, Move: r, Main: j.line[k], MainLength: rem}
			switch {
			case sol.Status == mate.NoMate:
				f.Class, f.Severity = Escape, Flaw
			case sol.Status != mate.Mate:
				f.Class, f.Severity, f.Undecided = LongerVariation, Flaw, true
			case !sol.LengthExact:
				// Length is an upper bound: a shorter variation is
				// decided, any other is not.
				if sol.Length+1 < rem {
					continue
				}
				f.Length, f.Bound, f.Undecided = sol.Length+1, true, true
				f.Class, f.Severity = LongerVariation, Flaw
				if f.Length == rem {
					f.Class, f.Severity = EqualVariation, Blemish
				}
			default:
				f.Length = sol.Length + 1
				end := c
				for _, m := range sol.PV {
					end.DoMove(m)
				}
				f.Spare = end.Hand(attacker)
				if !j.variation(&f, d, rem) {
					continue
				}
			}
			j.add(f)
		}
	}
	return nil
}

// variation classifies f, a defender alternative at d mated exactly in
// f.Length plies with f.Spare left, where the main line takes rem; it
// returns false when f is no finding: shorter, of equal length with a
// piece left, or an interposition the solver discounts as futile.
func (j *judge) variation(f *Finding, d *shogi.Position, rem int) bool {
	switch {
	case f.Length < rem:
		return false
	case f.Length == rem:
		if !f.Spare.IsEmpty() {
			return false // the main line, leaving nothing, is preferred
		}
		switch {
		case sameInterposition(f.Move, j.line[f.Ply-1]):
			f.Class, f.Severity = NonUnique, Blemish
		case len(j.line)-f.Ply >= blemishPlies:
			f.Class, f.Severity = EqualVariation, Blemish
		default:
			f.Class, f.Severity = EqualVariation, Tolerated
		}
	case j.proven[f.Ply-1] && j.opts.Futile == mate.Discount && interposes(d, f.Move):
		// The solver proved the main line's node mated in rem plies
		// under its futile rule: a longer interposition is one it
		// does not count as a defence.
		return false
	case f.Length == rem+2 && !f.Spare.IsEmpty():
		f.Class, f.Severity = LongerVariation, Tolerated // 2手長駒余り
	default:
		f.Class, f.Severity = LongerVariation, Flaw
	}
	return true
}

// interposes reports whether r, a reply of the defender to move in d,
// puts a piece other than the king strictly between the king and the
// single piece that checks it.
func interposes(d *shogi.Position, r shogi.Move) bool {
	if r.Piece().Kind() == shogi.King {
		return false
	}
	checkers := d.Checkers()
	if checkers.IsEmpty() || checkers.MoreThanOne() {
		return false
	}
	return shogi.Between(d.King(d.SideToMove()), checkers.LSB()).Has(r.To())
}

// maxRejoin is how many plies after an alternative the search for a
// transposition looks.
const maxRejoin = 8

// rejoin looks for a transposition of alt, a check played instead of
// line[k]: a sequence of the main line's later moves (attacker moves
// that check, legal defender replies) after alt that reaches the
// position of the main line after the same number of plies. It returns
// that ply, from 1.
func (j *judge) rejoin(k int, alt shogi.Move) (int, bool) {
	n := len(j.line)
	var att, def []shogi.Move
	for i := k; i < n; i++ {
		if i%2 == 0 {
			att = append(att, j.line[i])
		} else {
			def = append(def, j.line[i])
		}
	}
	q := j.pos[k]
	q.DoMove(alt)
	limit := min(n, k+1+maxRejoin)
	var walk func(p *shogi.Position, ply int) int
	walk = func(p *shogi.Position, ply int) int {
		if ply > k+1 && p.Key() == j.pos[ply].Key() {
			return ply
		}
		if ply >= limit {
			return 0
		}
		moves := def
		if ply%2 == 0 {
			moves = att
		}
		for _, m := range moves {
			if !p.IsLegal(m) {
				continue
			}
			c := *p
			c.DoMove(m)
			if ply%2 == 0 && !c.InCheck() {
				continue
			}
			if t := walk(&c, ply+1); t != 0 {
				return t
			}
		}
		return 0
	}
	t := walk(&q, k+1)
	return t, t != 0
}

// Mate1 judges a mate-in-1 problem p whose mating moves are mates (those
// of mate.Analyze): the line judged is the first mate that leaves the
// attacker nothing in hand, else the first; every other mate is a
// finding. With no mate the verdict is unsound.
func Mate1(p *shogi.Position, mates []shogi.Move) *Verdict {
	if len(mates) == 0 {
		return &Verdict{Overall: Unsound, Reason: "no mating move"}
	}
	main := mates[0]
	for _, m := range mates {
		c := *p
		c.DoMove(m)
		if c.Hand(p.SideToMove()).IsEmpty() {
			main = m
			break
		}
	}
	j := newJudge(context.Background(), p, []shogi.Move{main}, Options{})
	for _, m := range mates {
		if m != main {
			j.add(j.classify(0, m, 1, false))
		}
	}
	j.finish()
	return j.v
}
