package report

import (
	"sort"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/verdict"
)

// CodeBadSFEN is the error code of a [Verdict] for an input that is not an
// SFEN; the other codes are the mate.ProblemCode values.
const CodeBadSFEN = "bad-sfen"

// Verdict is the view of a mate-in-1 verdict, the object verify --json
// prints.
type Verdict struct {
	SFEN               string         `json:"sfen"` // the position judged, with the defender's hand applied (the input for a bad SFEN)
	Valid              bool           `json:"valid"`
	Errors             []string       `json:"errors"` // every reason it is not valid
	Mates              []string       `json:"mates"`  // every mating move in USI
	Unique             bool           `json:"unique"`
	Leftover           bool           `json:"leftover"`
	PromotionAmbiguous bool           `json:"promotion_ambiguous"`
	DefenderHand       string         `json:"defender_hand"` // remaining or as-given
	Metrics            VerdictMetrics `json:"metrics"`
	// Extra fields.
	TwoKings   bool     `json:"two_kings"`
	MatesJA    []string `json:"mates_ja"`
	ErrorCodes []string `json:"error_codes"` // the codes of Errors, in the same order
	// Verdict is the judgement in composers' terms: unsound, with the
	// reason, for a position that is not a tsume problem.
	Verdict *Assessment `json:"verdict"`
	Line    int         `json:"line,omitempty"` // the input line, in a batch only; set by the caller
}

// VerdictMetrics are the statistics of a verdict: L, C and R_total, and the
// replies to each check.
type VerdictMetrics struct {
	Legal   int          `json:"legal"`
	Checks  int          `json:"checks"`
	Replies int          `json:"replies"`
	ByCheck []CheckStats `json:"by_check"` // sorted by the USI text of the move
}

// CheckStats are the replies to one checking move.
type CheckStats struct {
	Move               string `json:"move"`
	Replies            int    `json:"replies"`
	KingMoves          int    `json:"king_moves"`
	Captures           int    `json:"captures"`
	InterpositionsMove int    `json:"interpositions_move"`
	InterpositionsDrop int    `json:"interpositions_drop"`
}

func newVerdict(sfen string, hand mate.DefenderHand) *Verdict {
	return &Verdict{
		SFEN: sfen, Errors: []string{}, Mates: []string{}, DefenderHand: hand.String(),
		Metrics: VerdictMetrics{ByCheck: []CheckStats{}}, MatesJA: []string{}, ErrorCodes: []string{},
	}
}

// NewVerdict returns the view of v. The mates and statistics are given
// only for a legal position.
func NewVerdict(v *mate.Verdict) *Verdict {
	j := newVerdict(v.Position.SFEN(), v.DefenderHand)
	j.Valid = v.Valid
	for _, pe := range v.Errors {
		j.Errors = append(j.Errors, pe.Msg)
		j.ErrorCodes = append(j.ErrorCodes, string(pe.Code))
	}
	j.Unique, j.Leftover, j.PromotionAmbiguous, j.TwoKings = v.Unique, v.Leftover, v.PromotionAmbiguous, v.TwoKings
	j.Verdict = Mate1Assessment(v)
	if !v.Legal {
		return j
	}
	a := &v.Analysis
	for _, m := range a.Mates {
		j.Mates = append(j.Mates, m.String())
		j.MatesJA = append(j.MatesJA, JapaneseMove(&v.Position, m))
	}
	j.Metrics.Legal, j.Metrics.Checks, j.Metrics.Replies = a.Legal, a.Checks, a.Replies
	for _, st := range SortedChecks(a.ByCheck) {
		j.Metrics.ByCheck = append(j.Metrics.ByCheck, CheckStats{
			Move:               st.Move.String(),
			Replies:            st.Replies,
			KingMoves:          st.KingMoves,
			Captures:           st.Captures(),
			InterpositionsMove: st.InterpositionsMove,
			InterpositionsDrop: st.InterpositionsDrop,
		})
	}
	return j
}

// Mate1Assessment returns the verdict in composers' terms of v, a
// mate-in-1 verdict: verdict.Mate1 on its mates, or unsound with the
// reasons when the position is not a tsume problem (illegal, the defender
// to move, without the defender's king, or the attacker in check).
func Mate1Assessment(v *mate.Verdict) *Assessment {
	var reasons []string
	for _, pe := range v.Errors {
		if pe.Code != mate.NoMatingMove && pe.Code != mate.NotUnique {
			reasons = append(reasons, pe.Msg)
		}
	}
	if len(reasons) > 0 {
		return notAProblem(strings.Join(reasons, "; "))
	}
	return NewAssessment(verdict.Mate1(&v.Position, v.Analysis.Mates), &v.Position)
}

// notAProblem is the verdict of a position that is not a tsume problem.
func notAProblem(reason string) *Assessment {
	return &Assessment{Overall: string(verdict.Unsound), Reason: "not a tsume problem: " + reason, Findings: []Finding{}}
}

// NewBadSFENVerdict returns the view of an input that is not an SFEN: not
// valid, the input text as its SFEN, msg as its one error with the code
// CodeBadSFEN.
func NewBadSFENVerdict(input, msg string, hand mate.DefenderHand) *Verdict {
	j := newVerdict(input, hand)
	j.Errors = append(j.Errors, msg)
	j.ErrorCodes = append(j.ErrorCodes, CodeBadSFEN)
	j.Verdict = notAProblem(msg)
	return j
}

// SortedChecks returns a copy of stats sorted by the USI text of the move,
// the order of VerdictMetrics.ByCheck.
func SortedChecks(stats []mate.CheckStats) []mate.CheckStats {
	out := append([]mate.CheckStats(nil), stats...)
	sort.Slice(out, func(i, j int) bool { return out[i].Move.String() < out[j].Move.String() })
	return out
}
