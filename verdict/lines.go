package verdict

import (
	"context"
	"slices"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// This file holds the searches beside the main line: the defender's other
// replies (変同, 変長) and the transpositions of the attacker's
// alternatives (手順前後).

// blemishPlies is the distance from the end, in plies, from which a 変同
// is a blemish: a 変同 at ply p of an n-ply line is one when n-p >= 4.
const blemishPlies = 4

// defences searches every other reply at every defender node of the line.
func (j *judge[P, PP]) defences() error {
	n := len(j.line)
	for k := 1; k < n && j.ctx.Err() == nil; k += 2 {
		d := &j.pos[k]
		for _, r := range PP(d).replies() {
			if r == j.line[k] || j.opts.Futile == mate.Discount && PP(d).futile(r) {
				continue
			}
			c := *d
			PP(&c).DoMove(r)
			sol, err := j.solve(&c, false)
			if err != nil {
				return err
			}
			if err := j.addReply(k, r, sol); err != nil {
				return err
			}
		}
	}
	return nil
}

// addReply adds the finding of r, a reply off the line at the defender's
// node k, after which sol solves the position, if it is one: 不詰, a
// variation shorter than, as long as or longer than the line's (変同,
// 変長, the other interposition of a 非限定), undecided when sol is not
// exact. Under the discount rule a longer interposition is none when the
// line's node is proven mated within the line's plies (proven[k]), which
// settle, when set, decides first (JudgeAlong).
func (j *judge[P, PP]) addReply(k int, r shogi.Move, sol *mate.Solution) error {
	d := &j.pos[k]
	rem := len(j.line) - k
	f := Finding{Ply: k + 1, Move: r, Main: j.line[k], MainLength: rem}
	switch {
	case sol.Status == mate.NoMate:
		f.Class, f.Severity = Escape, Flaw
	case sol.Status != mate.Mate:
		f.Class, f.Severity, f.Undecided = LongerVariation, Flaw, true
	case !sol.LengthExact:
		// Length is an upper bound: a shorter variation is decided, any
		// other is not.
		if sol.Length+1 < rem {
			return nil
		}
		f.Length, f.Bound, f.Undecided = sol.Length+1, true, true
		f.Class, f.Severity = LongerVariation, Flaw
		if f.Length == rem {
			f.Class, f.Severity = EqualVariation, Blemish
		}
	default:
		f.Length = sol.Length + 1
		end := *d
		PP(&end).DoMove(r)
		for _, m := range sol.PV {
			PP(&end).DoMove(m)
		}
		f.Spare = PP(&end).spare(PP(&j.pos[0]).SideToMove())
		f.Line = slices.Clone(sol.PV)
		if j.settle != nil && f.Length > rem && j.opts.Futile == mate.Discount && PP(d).interposes(r) {
			decided, err := j.settle(k, rem)
			if err != nil {
				return err
			}
			if !decided {
				f.Class, f.Severity, f.Undecided = LongerVariation, Flaw, true
				break
			}
		}
		if !j.variation(&f, d, rem) {
			return nil
		}
	}
	j.add(f)
	return nil
}

// variation classifies f, a defender alternative at d mated exactly in
// f.Length plies with f.Spare left, where the main line takes rem; it
// returns false when f is no finding: shorter, of equal length with a
// piece left, or an interposition the solver discounts as futile.
func (j *judge[P, PP]) variation(f *Finding, d *P, rem int) bool {
	switch {
	case f.Length < rem:
		return false
	case f.Length == rem:
		if f.Spare != 0 {
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
	case j.proven[f.Ply-1] && j.opts.Futile == mate.Discount && PP(d).interposes(f.Move):
		// The solver proved the main line's node mated in rem plies
		// under its futile rule: a longer interposition is one it
		// does not count as a defence.
		return false
	case f.Length == rem+2 && f.Spare != 0:
		f.Class, f.Severity = LongerVariation, Tolerated // 2手長駒余り
	default:
		f.Class, f.Severity = LongerVariation, Flaw
	}
	return true
}

// maxRejoin is how many plies after an alternative the search for a
// transposition looks.
const maxRejoin = 8

// rejoin looks for a transposition of alt, a check played instead of
// line[k]: a sequence of the main line's later moves (attacker moves
// that check, legal defender replies) after alt that reaches the
// position of the main line after the same number of plies. It returns
// that ply, from 1.
func (j *judge[P, PP]) rejoin(k int, alt shogi.Move) (int, bool) {
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
	PP(&q).DoMove(alt)
	limit := min(n, k+1+maxRejoin)
	var walk func(p *P, ply int) int
	walk = func(p *P, ply int) int {
		if ply > k+1 && PP(p).Key() == PP(&j.pos[ply]).Key() {
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
			if !PP(p).IsLegal(m) {
				continue
			}
			c := *p
			PP(&c).DoMove(m)
			if ply%2 == 0 && !PP(&c).InCheck() {
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
	return mate1(stdPos{*p}, mates)
}

// Mate1Variant is Mate1 for a position of package variant whose mating
// moves are mates (those of mate.Mate1Variant).
func Mate1Variant(p *variant.Position, mates []variant.Move) *Verdict {
	return mate1(fairyPos{*p}, mates)
}

// mate1 is Mate1 of p, a position of type P.
func mate1[P any, PP position[P]](p P, mates []shogi.Move) *Verdict {
	if len(mates) == 0 {
		return &Verdict{Overall: Unsound, Reason: "no mating move"}
	}
	attacker := PP(&p).SideToMove()
	main := mates[0]
	for _, m := range mates {
		c := p
		PP(&c).DoMove(m)
		if PP(&c).spare(attacker) == 0 {
			main = m
			break
		}
	}
	j := newJudge[P, PP](context.Background(), p, []shogi.Move{main}, Options{}, nil)
	for _, m := range mates {
		if m != main {
			j.add(j.classify(0, m, 1, false))
		}
	}
	j.finish()
	return j.v
}
