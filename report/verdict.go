package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/verdict"
)

// The error codes of a [Verdict] beside the mate.ProblemCode values.
const (
	CodeBadSFEN = "bad-sfen" // the input is not an SFEN
	// CodeUnsound: a problem longer than one ply whose composers' verdict
	// is unsound.
	CodeUnsound = "unsound"
	// CodeUndecided: a problem longer than one ply whose verdict is
	// undecided, or whose search a limit stopped before an answer.
	CodeUndecided = "undecided"
	// CodeWrongLength: the mate is not as long as the stated length.
	CodeWrongLength = "wrong-length"
)

// The kinds of a [Verdict]: what a position is, as a problem. A batch
// counts its positions by kind.
const (
	KindMate1       = "mate-in-1"     // a valid mate-in-1 problem
	KindLonger      = "longer"        // a valid problem of more than one ply
	KindNotUnique   = "not-unique"    // a mate-in-1 with more than one mating move
	KindUnsound     = "unsound"       // a longer problem the composers' verdict finds unsound
	KindUndecided   = "undecided"     // a longer problem not decided within the limits
	KindNoMate      = "no-mate"       // the attacker cannot force mate
	KindWrongLength = "wrong-length"  // the mate is not as long as the stated length
	KindNotAProblem = "not-a-problem" // not an SFEN, illegal, or no tsume position
)

// Kinds lists the kinds, the valid ones first: the order of a batch's
// summary.
var Kinds = []string{KindMate1, KindLonger, KindNotUnique, KindUnsound, KindUndecided, KindNoMate, KindWrongLength, KindNotAProblem}

// Verdict is the view of a verify verdict, the object verify --json
// prints: the mate-in-1 analysis of the position and, when it has no mate
// in 1, the solver's solution and the composers' verdict on it.
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
	// reason, for a position that is not a tsume problem; of the
	// solution, when there is one. A fairy position has none yet.
	Verdict *Assessment `json:"verdict,omitempty"`
	// Rules are the rules of a fairy position (as in Solution); absent
	// for a standard position.
	Rules string `json:"rules,omitempty"`
	// Kind is what the position is, one of [Kinds].
	Kind string `json:"kind"`
	// Length is the length of the mate found, in plies: 1 for a mate in
	// 1, the solution's length for a longer one (an upper bound unless
	// Solution.LengthExact), 0 when none was found.
	Length int `json:"length"`
	// ExcludedMates are the moves that would mate in 1 but that the rules
	// forbid; never null.
	ExcludedMates []ExcludedMate `json:"excluded_mates"`
	// StatedLength is the length the problem states (verify --length), 0
	// when none is stated.
	StatedLength int `json:"stated_length,omitempty"`
	// Solution is the solver's result, the object solve --json prints,
	// for a position without a mate in 1 (nil otherwise).
	Solution *Solution `json:"solution,omitempty"`
	// Themes are the themes of the main line (docs/themes.md), as solve
	// --json gives them: of the mate of a mate-in-1 with a unique mate
	// (set by the caller), of the solution's main line for a longer mate
	// of exact length (SetSolution); empty otherwise, never null.
	Themes []theme.Found `json:"themes"`
	Line   int           `json:"line,omitempty"` // the input line, in a batch only; set by the caller
}

// ExcludedMate is a move that would mate in 1 but that the rules forbid.
type ExcludedMate struct {
	Move   string `json:"move"` // USI
	MoveJA string `json:"move_ja"`
	Rule   string `json:"rule"`    // the rule that forbids it: 打ち歩詰め
	RuleEN string `json:"rule_en"` // the rule in English: pawn-drop mate
}

// The rule of ExcludedMate.Rule.
const (
	RulePawnDropMate   = "打ち歩詰め"
	RulePawnDropMateEN = "pawn-drop mate"
)

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
	// Other counts the replies of none of those kinds, which only a fairy
	// position has: a hopper's hurdle moved off the line, or (安南) a
	// checker's power changed.
	Other int `json:"other,omitempty"`
	// For the text reports: the captures by the king (a royal) and by
	// another piece, and the move in Japanese.
	KingCaptures  int    `json:"-"`
	OtherCaptures int    `json:"-"`
	MoveJA        string `json:"-"`
}

func newVerdict(sfen string, hand mate.DefenderHand) *Verdict {
	return &Verdict{
		SFEN: sfen, Errors: []string{}, Mates: []string{}, DefenderHand: hand.String(),
		Metrics: VerdictMetrics{ByCheck: []CheckStats{}}, MatesJA: []string{}, ErrorCodes: []string{},
		ExcludedMates: []ExcludedMate{}, Kind: KindNotAProblem, Themes: []theme.Found{},
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
	j.Kind = mate1Kind(v.Errors, v.Valid, len(v.Analysis.Mates))
	if !v.Legal {
		return j
	}
	a := &v.Analysis
	if len(a.Mates) > 0 {
		j.Length = 1
	}
	if v.PawnDropMate != shogi.NoMove {
		j.ExcludedMates = append(j.ExcludedMates, ExcludedMate{
			Move: v.PawnDropMate.String(), MoveJA: JapaneseMove(&v.Position, v.PawnDropMate),
			Rule: RulePawnDropMate, RuleEN: RulePawnDropMateEN,
		})
	}
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
			KingCaptures:       st.KingCaptures,
			OtherCaptures:      st.OtherCaptures,
			MoveJA:             JapaneseMove(&v.Position, st.Move),
		})
	}
	return j
}

// mate1Kind returns the kind of a mate-in-1 verdict with the errors
// errs, valid or not, with mates mating moves.
func mate1Kind(errs []mate.ProblemError, valid bool, mates int) string {
	switch {
	case len(notAProblemReasons(errs)) > 0:
		return KindNotAProblem
	case valid:
		return KindMate1
	case mates > 1:
		return KindNotUnique
	}
	return KindNoMate
}

// NeedsSolution reports whether j, the view of a mate-in-1 verdict, is of
// a tsume position without a mate in 1: a problem, if any, of more
// plies, for the solver to judge (SetSolution).
func (j *Verdict) NeedsSolution() bool {
	return len(j.ErrorCodes) == 1 && j.ErrorCodes[0] == string(mate.NoMatingMove) && j.Solution == nil
}

// SetSolution judges j, the view of a position without a mate in 1
// (NeedsSolution), by s, the solver's result with its verdict in
// composers' terms (s.Verdict, given for every status): valid when the
// verdict is sound or sound with blemishes; else the reasons, one error
// each. stopped says what stopped a search of status unknown.
func (j *Verdict) SetSolution(s *Solution, stopped string) {
	j.Solution, j.Errors, j.ErrorCodes, j.Themes = s, []string{}, []string{}, s.Themes
	if s.Verdict != nil {
		j.Verdict = s.Verdict
	}
	add := func(code, msg string) {
		j.Errors = append(j.Errors, msg)
		j.ErrorCodes = append(j.ErrorCodes, code)
	}
	switch s.Status {
	case mate.NoMate.String():
		j.Kind = KindNoMate
		add(string(mate.NoMatingMove), "no mate: the attacker cannot force mate")
	case mate.Mate.String():
		j.Length = s.Length
		switch a := j.Verdict; verdict.Overall(a.Overall) {
		case verdict.Sound, verdict.Blemished:
			j.Kind = KindLonger
		case verdict.Unsound:
			j.Kind = KindUnsound
			for _, f := range a.Findings {
				if f.Severity == verdict.Flaw.String() && !f.Undecided {
					add(CodeUnsound, fmt.Sprintf("unsound: ply %d%s: %s", f.Ply, prefixed(" ", f.Move), f.Text))
				}
			}
			if len(j.Errors) == 0 {
				add(CodeUnsound, "unsound: "+a.Reason)
			}
		default:
			j.Kind = KindUndecided
			reason := a.Reason
			if reason == "" {
				n := 0
				for _, f := range a.Findings {
					if f.Undecided {
						n++
					}
				}
				reason = fmt.Sprintf("a limit stopped %d of the decisions", n)
			}
			add(CodeUndecided, "undecided: "+reason)
		}
	default:
		j.Kind = KindUndecided
		add(CodeUndecided, "undecided: no mate found: "+stopped)
	}
	j.Valid = len(j.Errors) == 0
}

// prefixed returns p+s, or "" for an empty s.
func prefixed(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}

// StateLength sets n, the length the problem states (0: none), and makes
// j not valid, of kind wrong-length, when a mate was found of another
// length: exactly, or at most a shorter one.
func (j *Verdict) StateLength(n int) {
	j.StatedLength = n
	if n <= 0 || j.Length == 0 || j.Length == n {
		return
	}
	found := fmt.Sprint(j.Length)
	if j.Solution != nil && !j.Solution.LengthExact {
		if j.Length > n {
			return // the shortest mate may still be n plies long
		}
		found = "at most " + found
	}
	j.Errors = append(j.Errors, fmt.Sprintf("wrong length: stated %s, found %s", pluralPlies(n), found))
	j.ErrorCodes = append(j.ErrorCodes, CodeWrongLength)
	j.Kind, j.Valid = KindWrongLength, false
}

// pluralPlies writes n plies in English.
func pluralPlies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// IsValidKind reports whether kind is the kind of a valid problem.
func IsValidKind(kind string) bool { return kind == KindMate1 || kind == KindLonger }

// Mate1Assessment returns the verdict in composers' terms of v, a
// mate-in-1 verdict: verdict.Mate1 on its mates, or unsound with the
// reasons when the position is not a tsume problem (illegal, without the
// defender's king, or the attacker in check).
func Mate1Assessment(v *mate.Verdict) *Assessment {
	if reasons := notAProblemReasons(v.Errors); len(reasons) > 0 {
		return notAProblem(strings.Join(reasons, "; "))
	}
	return NewAssessment(verdict.Mate1(&v.Position, v.Analysis.Mates), &v.Position)
}

// notAProblemReasons returns the messages of the errors of a mate-in-1
// judgement that make the position no tsume problem at all: those other
// than no mate and more than one.
func notAProblemReasons(errs []mate.ProblemError) []string {
	var reasons []string
	for _, pe := range errs {
		if pe.Code != mate.NoMatingMove && pe.Code != mate.NotUnique {
			reasons = append(reasons, pe.Msg)
		}
	}
	return reasons
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
