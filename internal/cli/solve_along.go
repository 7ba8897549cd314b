package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

// alongLine returns the moves of --along: "record", the moves of the
// record read after the position solved (--ply), or USI moves separated
// by spaces, each legal in turn from p. An illegal or unreadable move is
// named by its place in the list.
func alongLine(self, spec string, p *shogi.Position, games []*record.Game, in *positionInput) ([]shogi.Move, error) {
	if spec == "record" {
		if len(games) != 1 {
			return nil, usageErrorf(self, "--along record wants one record (--kif, --ki2, --csa, --file or a USI command) with its moves")
		}
		g := games[0]
		ply := in.plyOf(g)
		if ply >= len(g.Moves) {
			return nil, usageErrorf(self, "--along record: the record has no moves after ply %d", ply)
		}
		return g.Moves[ply:], nil
	}
	words := strings.Fields(spec)
	if len(words) == 0 {
		return nil, usageErrorf(self, "--along: want USI moves separated by spaces, or the word record")
	}
	line := make([]shogi.Move, 0, len(words))
	q := *p
	for i, w := range words {
		m, err := q.ParseUSIMove(w)
		if err == nil && !q.IsLegal(m) {
			err = fmt.Errorf("not a legal move here")
		}
		if err != nil {
			return nil, &exitError{ExitError, fmt.Sprintf("--along: move %d, %q: %s", i+1, w, message(err))}
		}
		line = append(line, m)
		q.DoMove(m)
	}
	return line, nil
}

// alongView is the JSON object of solve --along.
type alongView struct {
	SFEN   string `json:"sfen"`
	Along  string `json:"along"`
	Status string `json:"status"`
	Length int    `json:"length,omitempty"`
	Exact  bool   `json:"searches_exact"`
	// LengthExact is true when no mate within Length-2 plies was proven
	// (the bound is then the shortest mate); Shorter, when that search
	// found a mate, its length (a better bound than the line's).
	LengthExact bool   `json:"exact"`
	Shorter     int    `json:"shorter,omitempty"`
	Ply         int    `json:"stopped_ply,omitempty"`
	Move        string `json:"stopped_move,omitempty"`
	Refuted     bool   `json:"refuted,omitempty"`
	// Longer are the defences off the line that resist longer than the
	// line's own (mate.Along.Longer); never null.
	Longer []longerView `json:"longer"`
	// Alternatives are the other attacker moves along the line that mate
	// within its bound from there (余詰 of the line), with
	// AlternativesChecked false when a limit cut their search short or
	// --no-soundness left it out; never null.
	Alternatives        []alongAlt `json:"alternatives"`
	AlternativesChecked bool       `json:"alternatives_checked"`
	// Verdict is the verdict on the line in composers' terms
	// (verdict.JudgeAlong), with the alternatives: absent without a
	// bound or with --no-soundness.
	Verdict  *report.Assessment `json:"verdict,omitempty"`
	skipped  bool               // --no-soundness: not searched
	Searches int                `json:"searches"`
	// Nodes are those of the searches off the line and of the search
	// for a shorter mate (not of the alternatives').
	Nodes  uint64 `json:"nodes"`
	TimeMS int64  `json:"time_ms"`
}

// longerView is a defence of alongView.Longer: its ply (from 1), the
// move, the exact mate after it and the bound after the line's defence.
type longerView struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	Mate int    `json:"mate"`
	Line int    `json:"line"`
}

// alongAlt is an alternative of alongView: its ply (from 1), the move,
// its class as the verdict classes a solution's alternatives
// (verdict.ClassifyAlong), and whether it is the last move's other
// promotion (tolerated).
type alongAlt struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	// Class is the verdict's class (余詰, 最終手余詰, 非限定, 手順前後),
	// English its English words, Severity what it costs the line
	// (tolerated, blemish, flaw), Rejoin for 手順前後 the ply of the line
	// whose position the other order reaches, Detail the verdict's
	// words for it.
	Class    string `json:"class"`
	English  string `json:"english"`
	Severity string `json:"severity"`
	Rejoin   int    `json:"rejoin,omitempty"`
	Detail   string `json:"detail"`
	// Bound is the line's bound from this ply, which the alternative
	// mates within; for a 早詰, the shorter length its search proved.
	Bound             int  `json:"bound"`
	LastMovePromotion bool `json:"last_move_promotion"`
	// Promotion: the line's own move with the other promotion choice
	// (非限定 before the last move).
	Promotion bool `json:"other_promotion"`
	// LastMove: another mating last move (最終手余詰, tolerated).
	LastMove bool `json:"last_move"`
}

// solveAlong is solve --along: an upper bound on the shortest mate of p,
// proven by following line (mate.Solver.BoundAlong).
func solveAlong(ctx context.Context, e *env, p *shogi.Position, line []shogi.Move, opt solveOptions) error {
	start := time.Now()
	so := opt.solver
	cooks := !so.SkipSoundness
	// The searches off the line give lengths to the bound and variations
	// to the verdict, whose spare pieces are read from their proofs, as
	// the verdict reads its own (mate.SolverOptions.ProofSpare).
	so.SkipSoundness, so.ProofSpare = true, true
	s, err := mate.NewSolver(so)
	if err != nil {
		return err
	}
	var off []verdict.OffLine // the searches off the line, for the verdict
	var sl *statusLine
	if opt.showProgress {
		sl = newStatusLine(e.stderr)
	}
	searches := 0
	each := func(ply int, m shogi.Move, sol *mate.Solution) {
		if cooks {
			off = append(off, verdict.OffLine{Ply: ply, Move: m, Sol: sol})
		}
		if sl != nil {
			searches++
			what := sol.Status.String()
			if sol.Status == mate.Mate {
				what = fmt.Sprintf("mate in %d", sol.Length)
				if !sol.LengthExact {
					what = fmt.Sprintf("mate in at most %d", sol.Length)
				}
			}
			sl.draw("along: %d searches off the line; ply %d, %s: %s (%.1fs)", searches, ply+1, m, what, sol.Time.Seconds())
		}
	}
	r, err := s.BoundAlong(ctx, p, line, each)
	sl.clear()
	if err != nil {
		if isNotAProblem(err) {
			return inputError(err)
		}
		if le := (*mate.LineError)(nil); errors.As(err, &le) {
			return &exitError{ExitError, fmt.Sprintf("--along: ply %d of the line, %s: %s", le.Ply+1, le.Move, le.Msg)}
		}
		return err
	}
	words := make([]string, len(line))
	for i, m := range line {
		words[i] = m.String()
	}
	v := alongView{
		SFEN: p.SFEN(), Along: strings.Join(words, " "), Status: r.Status.String(),
		Exact: r.Exact, Searches: r.Searches, Nodes: r.Nodes, TimeMS: r.Time.Milliseconds(),
	}
	v.Longer, v.Alternatives, v.skipped = []longerView{}, []alongAlt{}, !cooks
	var within mate.Within // the search for a mate two plies shorter than the bound
	if r.Status == mate.Mate && r.Length >= 3 {
		// The other half of an exact length: no mate two plies shorter.
		within, err = s.MateWithin(ctx, p, r.Length-2)
		if err != nil {
			return err
		}
		// An interrupted search decides nothing (Unknown), and the bound
		// is still reported, then "interrupted".
		switch within.Status {
		case mate.NoMate:
			v.LengthExact = true
		case mate.Mate:
			v.Shorter = within.Length
		}
		v.Nodes += within.Nodes
	} else if r.Status == mate.Mate {
		v.LengthExact = true // a mate in 1
	}
	var alts []mate.Alternative
	if r.Status == mate.Mate && cooks {
		var checked bool
		alts, checked, err = s.AlternativesAlong(ctx, p, line, r.Rest)
		if err != nil && ctx.Err() == nil {
			return err
		}
		v.AlternativesChecked = checked
		fs, err := verdict.ClassifyAlong(&r.Position, line, alts, r.Rest, so.Futile)
		if err != nil {
			return err
		}
		for _, f := range fs {
			v.Alternatives = append(v.Alternatives, alongAlt{
				Ply: f.Ply, Move: f.Move.String(), Class: string(f.Class), English: f.Class.English(),
				Severity: f.Severity.String(), Rejoin: f.Rejoin, Detail: f.Detail(), Bound: f.Length,
				LastMovePromotion: f.Ply == len(line) && f.Move == f.Main.TogglePromotion(),
				Promotion:         f.Move == f.Main.TogglePromotion(), LastMove: f.Class == verdict.LastMoveCook,
			})
		}
	}
	if r.Status == mate.Mate && cooks && ctx.Err() == nil {
		a, err := judgeAlong(ctx, s, p, line, &r, within, off, alts, v.AlternativesChecked, so.Futile)
		if err != nil {
			return err
		}
		v.Verdict = a
	}
	if r.Status == mate.Mate {
		v.Length = r.Length
		for _, l := range r.Longer {
			v.Longer = append(v.Longer, longerView{Ply: l.Ply + 1, Move: l.Move.String(), Mate: l.Mate, Line: l.Line})
		}
	} else {
		v.Ply, v.Move, v.Refuted = r.Ply+1, r.Move.String(), r.Refuted
		if r.Move == shogi.NoMove {
			v.Move = ""
		}
	}
	v.TimeMS = time.Since(start).Milliseconds()
	w := bufio.NewWriter(e.stdout)
	if opt.json {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		w.Write(append(b, '\n'))
	} else {
		writeAlong(w, &v)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // what was proven before the interruption is above
	}
	if r.Status != mate.Mate {
		return &exitError{code: ExitNo}
	}
	return nil
}

// writeAlong writes the text report of solve --along.
func writeAlong(w *bufio.Writer, v *alongView) {
	fmt.Fprintf(w, "sfen: %s\nalong: %s\n", v.SFEN, v.Along)
	switch {
	case v.Status == mate.Mate.String():
		how := "each search off the line exact"
		if !v.Exact {
			how = "some searches off the line only a bound"
		}
		fmt.Fprintf(w, "bound: mate in at most %d plies (%s)\n", v.Length, how)
		switch {
		case v.LengthExact && v.Length == 1:
			fmt.Fprintf(w, "exact: a mate in 1\n")
		case v.LengthExact:
			fmt.Fprintf(w, "exact: no mate within %d plies, so the shortest mate is %d\n", v.Length-2, v.Length)
		case v.Shorter > 0:
			fmt.Fprintf(w, "shorter: a mate within %d plies exists (the line's attacker moves are not the quickest, or a defence on the line lasts longer only as a futile interposition, which the bound counts)\n", v.Shorter)
		default:
			fmt.Fprintf(w, "not exact: the search for a mate within %d plies did not end within the limits\n", v.Length-2)
		}
		for _, l := range v.Longer {
			fmt.Fprintf(w, "longer defence at ply %d: %s, mated in %d more plies (exact), the line's own in at most %d\n", l.Ply, l.Move, l.Mate, l.Line)
		}
		// A verdict on a line that ends in mate lists the alternatives
		// among its findings.
		judged := v.Verdict != nil && v.Verdict.Length > 0
		for _, a := range v.Alternatives {
			if !judged {
				fmt.Fprintf(w, "alternative at ply %d: %s, %s (%s, %s): %s\n", a.Ply, a.Move, a.Class, a.English, a.Severity, a.Detail)
			}
		}
		if v.Verdict != nil {
			w.WriteString("the line, judged: ")
			writeAssessment(w, v.Verdict)
		}
		switch {
		case v.skipped:
			fmt.Fprintf(w, "alternatives: not searched (--no-soundness)\n")
		case !v.AlternativesChecked:
			fmt.Fprintf(w, "alternatives: a limit stopped their search (those above were found)\n")
		}
	case v.Move == "":
		fmt.Fprintf(w, "bound: none: the position at the end of the line (ply %d) was not decided\n", v.Ply)
	case v.Refuted:
		fmt.Fprintf(w, "bound: none: the defence %s at ply %d escapes every mate\n", v.Move, v.Ply)
	default:
		fmt.Fprintf(w, "bound: none: the defence %s at ply %d was not decided within the limits\n", v.Move, v.Ply)
	}
	fmt.Fprintf(w, "searches off the line: %d; nodes %d (the bound's and the shortness search's), time %.2fs in all\n", v.Searches, v.Nodes, float64(v.TimeMS)/1000)
}

// judgeAlong returns the verdict on line, followed by the bound's proof r
// and the searches after it (within, the search for a mate two plies
// shorter than the bound; off, the searches off the line; alts, the
// attacker's alternatives), in composers' terms. Whether the line's own
// length is the shortest mate follows from within when the bound is the
// line's length, or when within found no mate or one shorter than the
// line; else one more search asks for a mate two plies shorter than the
// line.
func judgeAlong(ctx context.Context, s *mate.Solver, p *shogi.Position, line []shogi.Move, r *mate.Along, within mate.Within, off []verdict.OffLine, alts []mate.Alternative, checked bool, rule mate.FutileRule) (*report.Assessment, error) {
	n := len(line)
	shorter := within
	if n >= 3 && r.Length > n && within.Status == mate.Mate && within.Length >= n {
		w, err := s.MateWithin(ctx, p, n-2)
		if err != nil {
			return nil, err
		}
		shorter = w
	}
	f := &verdict.Followed{Along: *r, Off: off, Alternatives: alts, AlternativesChecked: checked, Shorter: shorter}
	v, err := verdict.JudgeAlong(ctx, s, line, f, rule)
	if err != nil {
		return nil, err
	}
	return report.NewAssessment(v, &r.Position), nil
}
