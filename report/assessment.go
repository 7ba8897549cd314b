package report

import (
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

// Assessment is the view of a verdict in composers' terms (a
// verdict.Verdict): the "verdict" object of solve --json and verify
// --json. Plies count from 1, the first move.
type Assessment struct {
	// Overall is "sound", "sound with blemishes", "unsound" or
	// "undecided" (no flaw proven, but a limit stopped some decision).
	Overall string `json:"overall"`
	// Reason says why the verdict was given without findings or is
	// undecided whatever they are; "" otherwise.
	Reason   string    `json:"reason"`
	Length   int       `json:"length"`   // of the line judged
	Findings []Finding `json:"findings"` // in the order of their plies
	Searches int       `json:"searches"` // the solver searches made
}

// Finding is the view of one classified finding.
type Finding struct {
	// Class is 余詰, 最終手余詰, 非限定, 手順前後, 変同, 変長, 駒余り, 早詰 or
	// 不詰; ClassEN says it in English.
	Class    string `json:"class"`
	ClassEN  string `json:"class_en"`
	Severity string `json:"severity"` // tolerated, blemish or flaw (if it holds, when undecided)
	Ply      int    `json:"ply"`      // where Move replaces the main line's move (駒余り: the last ply)
	Move     string `json:"move"`     // USI; "" for 駒余り
	MoveJA   string `json:"move_ja"`
	Main     string `json:"main"`        // the main line's move at Ply, in USI
	MainLen  int    `json:"main_length"` // the main line's length from Ply, its move included
	// Length is the mate length from the position before Move, Move
	// included; an upper bound when Bound; 0 when unknown.
	Length    int    `json:"length"`
	Bound     bool   `json:"bound"`
	Rejoin    int    `json:"rejoin"`    // 手順前後: the ply after which the lines meet again; else 0
	Spare     string `json:"spare"`     // the attacker's hand at the end ("" for none)
	Undecided bool   `json:"undecided"` // a limit stopped the decision: Class is a candidate
	Text      string `json:"text"`      // the finding in words
	// Line and LineJA, for a defender's alternative whose length is
	// exact (変同, 変長), are the moves after Move to the mate, in USI
	// and in Japanese: the variation an answer key shows. Omitted
	// otherwise.
	Line   []string `json:"line,omitempty"`
	LineJA []string `json:"line_ja,omitempty"`
}

// NewAssessment returns the view of v, a verdict on a line from root.
// Each finding's move is written in Japanese in the position of its ply,
// with 同 after the line's move before it.
func NewAssessment(v *verdict.Verdict, root *shogi.Position) *Assessment {
	return newAssessment(v, *root, shogi.Move.String, japaneseMove)
}

// NewFairyAssessment is NewAssessment for a verdict on a line from root,
// a position of package variant, its moves written as FairyLine writes
// them.
func NewFairyAssessment(v *verdict.Verdict, root *variant.Position) *Assessment {
	return newAssessment(v, *root, variant.MoveString, problem.JapaneseVariantMove)
}

// newAssessment is NewAssessment from root, a position of type T, with
// usi and ja writing a move (as alternativeViews takes them).
func newAssessment[T any, P interface {
	*T
	DoMove(shogi.Move)
}](v *verdict.Verdict, root T, usi func(shogi.Move) string, ja func(P, shogi.Move, shogi.Square) string) *Assessment {
	a := &Assessment{Overall: string(v.Overall), Reason: v.Reason, Length: v.Length, Findings: []Finding{}, Searches: v.Searches}
	q, prevTo, ply := root, shogi.NoSquare, 1
	for _, f := range v.Findings {
		for ply < f.Ply && ply <= len(v.Line) {
			prevTo = v.Line[ply-1].To()
			P(&q).DoMove(v.Line[ply-1])
			ply++
		}
		j := Finding{
			Class: string(f.Class), ClassEN: f.Class.English(), Severity: f.Severity.String(),
			Ply: f.Ply, Main: usi(f.Main), MainLen: f.MainLength, Length: f.Length, Bound: f.Bound, Rejoin: f.Rejoin,
			Undecided: f.Undecided, Text: f.Describe(),
		}
		if f.Move != shogi.NoMove {
			j.Move, j.MoveJA = usi(f.Move), ja(&q, f.Move, prevTo)
			if len(f.Line) > 0 {
				r := q
				P(&r).DoMove(f.Move)
				j.Line, j.LineJA = lineOf(r, f.Move.To(), f.Line, usi, ja)
			}
		}
		if f.Spare != 0 {
			j.Spare = f.Spare.String()
		}
		a.Findings = append(a.Findings, j)
	}
	return a
}

// japaneseMove writes m, a move in p after a move to prevTo, in Japanese.
func japaneseMove(p *shogi.Position, m shogi.Move, prevTo shogi.Square) string {
	return p.JapaneseMove(m, prevTo, japanese)
}
