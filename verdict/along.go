package verdict

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// ClassifyAlong classes alts, the other checks that
// mate.Solver.AlternativesAlong found along line, a stated solution of
// root (the defender's hand applied) such as a classic's recorded line,
// as Judge classes a solution's alternatives: 最終手余詰 (tolerated) at
// the last move; 非限定 for the line's move with the other promotion
// choice, the same ranged piece nearer or farther on its line of check,
// or the same choice made differently with the line's own continuation;
// 手順前後 when the line's later moves in another order reach one of its
// positions again; 余詰 otherwise. An alternative whose proof (its
// Length) is shorter than the line from its ply is 早詰 instead, and the
// others at that ply are then left out, as JudgeLine names only the
// shortest mates at a node that has one. rest is mate.Along.Rest of the
// bound proven along line: each finding's Length is the bound from its
// ply, or the shorter proof's length, with Bound set, since the searches
// only ask for a mate within the bound, not for the shortest.
// Nothing is searched, so ClassifyAlong takes no limit; futile is the
// rule line is read under. An error reports a move of line that is not
// legal where it stands, or an alternative that is not at one of line's
// attacker plies that rest covers.
func ClassifyAlong(root *shogi.Position, line []shogi.Move, alts []mate.Alternative, rest []int, futile mate.FutileRule) ([]Finding, error) {
	q := *root
	for i, m := range line {
		if !q.IsLegal(m) {
			return nil, fmt.Errorf("verdict: ply %d of the line, %s: not legal", i+1, m)
		}
		q.DoMove(m)
	}
	for _, a := range alts {
		if a.Ply < 0 || a.Ply >= len(line) || a.Ply%2 != 0 || a.Ply/2 >= len(rest) {
			return nil, fmt.Errorf("verdict: alternative %s at ply %d: not an attacker ply of the line's bound", a.Move, a.Ply+1)
		}
	}
	j := newJudge[stdPos, *stdPos](context.Background(), stdPos{*root}, line, Options{Futile: futile}, nil)
	fs := make([]Finding, 0, len(alts))
	early := map[int]bool{} // the plies with a shorter mate
	for _, a := range alts {
		// An alternative proven to mate in fewer plies than the line's
		// own from its ply is a shorter mate (早詰); else its length is
		// the bound's.
		length := rest[a.Ply/2]
		shorter := a.Length > 0 && a.Length < len(line)-a.Ply
		if shorter {
			length = a.Length
			early[a.Ply+1] = true
		}
		f := j.classify(a.Ply, a.Move, length, shorter)
		f.Bound = true
		fs = append(fs, f)
	}
	// Where the attacker mates sooner, the verdict names those mates only,
	// as JudgeLine names the shortest at a node that has one.
	fs = slices.DeleteFunc(fs, func(f Finding) bool { return early[f.Ply] && f.Class != ShorterMate })
	// By ply, and at one ply in the order of the moves' names, as
	// JudgeLine lists them.
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(a.Ply-b.Ply, strings.Compare(a.Move.String(), b.Move.String()))
	})
	return fs, nil
}

// OffLine is a reply off a stated line at one of its defender plies, and
// the solution of the position after it: one of the searches
// mate.Solver.BoundAlong makes (its each function is given each).
type OffLine struct {
	Ply  int // 0-based ply of the reply
	Move shogi.Move
	Sol  *mate.Solution
}

// Followed is what the searches of a bound along a stated line found,
// the input of JudgeAlong: the bound's proof, every reply off the line it
// solved, the attacker's alternatives and whether the line's length is
// the shortest mate.
type Followed struct {
	// Along is the proof of the bound (mate.Solver.BoundAlong), of
	// Status Mate.
	Along mate.Along
	// Off are the replies off the line it solved, in any order.
	Off []OffLine
	// Alternatives are mate.Solver.AlternativesAlong's along the line,
	// AlternativesChecked whether their search ran to the end.
	Alternatives        []mate.Alternative
	AlternativesChecked bool
	// Shorter is the result of a search for a mate within two plies
	// fewer than the line (mate.Solver.MateWithin): NoMate makes the
	// line's length the shortest mate, Mate is a shorter mate (早詰),
	// Unknown leaves it undecided.
	Shorter mate.Within
}

// JudgeAlong judges line, a stated solution followed by a bound's proof
// (f), as JudgeLine judges it, from the searches that proof and the ones
// after it already made instead of searches of its own: the attacker's
// alternatives (ClassifyAlong), a shorter mate (早詰), every reply off the
// line by the solution of the position after it (変同, 変長, 非限定 of an
// interposition), the pieces left at the end (駒余り). What it searches
// itself, with s, is only, under the discount rule, whether a node of the
// line where an interposition lasts longer than the line is mated within
// the line's plies (mate.Solver.MatedWithin): the interposition is then
// futile, and no finding. A line that does not end in mate gets an
// undecided verdict that says so; errors are those of MatedWithin.
func JudgeAlong(ctx context.Context, s *mate.Solver, line []shogi.Move, f *Followed, futile mate.FutileRule) (*Verdict, error) {
	root := f.Along.Position
	n := len(line)
	if f.Along.Status != mate.Mate {
		return &Verdict{Overall: Undecided, Reason: "no bound along the line"}, nil
	}
	if err := mate.VerifyLine(&root, line, futile); err != nil {
		return &Verdict{Overall: Undecided, Reason: "the line does not end in mate"}, nil
	}
	fs, err := ClassifyAlong(&root, line, f.Alternatives, f.Along.Rest, futile)
	if err != nil {
		return nil, err
	}
	j := newJudge[stdPos, *stdPos](ctx, stdPos{root}, line, Options{Futile: futile}, nil)
	if f.Shorter.Status == mate.Mate && n > 2 && !slices.ContainsFunc(fs, func(x Finding) bool { return x.Ply == 1 && x.Class == ShorterMate }) {
		// First at its ply, as JudgeLine lists it; the move is not known
		// (MateWithin gives none) unless an alternative named it.
		j.add(Finding{Class: ShorterMate, Severity: Flaw, Ply: 1, Main: line[0], MainLength: n, Length: f.Shorter.Length, Bound: true})
	}
	j.v.Findings = append(j.v.Findings, fs...)
	switch {
	case !f.AlternativesChecked:
		j.v.Reason = "the search for other mating moves did not run to the end"
	case f.Shorter.Status == mate.Unknown && n > 2:
		j.v.Reason = "the search for a shorter mate did not run to the end"
	}
	// The replies in the order of the line's plies, and at one ply in the
	// order BoundAlong solved them (the order of move generation), as
	// JudgeLine lists them.
	off := slices.Clone(f.Off)
	slices.SortStableFunc(off, func(a, b OffLine) int { return a.Ply - b.Ply })
	mated := map[int]mate.Status{} // MatedWithin of a node of the line, by ply
	j.settle = func(k, rem int) (bool, error) {
		st, ok := mated[k]
		if !ok {
			w, err := s.MatedWithin(ctx, &j.pos[k].Position, rem)
			j.v.Searches++
			if err != nil {
				return false, fmt.Errorf("verdict: %w", err)
			}
			st, mated[k] = w.Status, w.Status
		}
		j.proven[k] = st == mate.Mate
		return st != mate.Unknown, nil
	}
	for _, o := range off {
		k := o.Ply
		if k%2 != 1 || k >= n || o.Move == shogi.NoMove || o.Move == line[k] || o.Sol == nil {
			continue // the position the line ends at, or not a reply off it
		}
		if futile == mate.Discount && j.pos[k].futile(o.Move) {
			continue
		}
		if err := j.addReply(k, o.Move, o.Sol); err != nil {
			return nil, err
		}
	}
	j.finish()
	return j.v, nil
}
