// Package verdict judges a tsume solution in composers' terms: it
// classifies every other way to mate and every defender alternative along
// the main line (余詰, 最終手余詰, 非限定, 手順前後, 変同, 変長, 駒余り,
// 早詰), locates each by ply and sums them up as sound, sound with
// blemishes or unsound. The classes, their sources and the limits of
// their implementation are described in docs/solver.md.
//
// Every decision rests on searches of package mate, each with the node
// limit of [Options]; a decision a limit stopped is an undecided finding,
// and a verdict with one is undecided unless a flaw is proven.
package verdict

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Class names a kind of finding.
type Class string

// The classes of findings.
const (
	// Cook (余詰): another attacker move, before the last, mates within
	// the remaining length.
	Cook Class = "余詰"
	// LastMoveCook (最終手余詰): another final move also mates.
	LastMoveCook Class = "最終手余詰"
	// NonUnique (非限定): the same piece to another square (or with the
	// other promotion choice), or another kind of piece dropped or
	// interposed on the same square, with a continuation of the same
	// length.
	NonUnique Class = "非限定"
	// Transposition (手順前後): another attacker move after which the main
	// line's moves in another order reach a position of the main line.
	Transposition Class = "手順前後"
	// EqualVariation (変同): a defender alternative mated in the same
	// length as the main line, with no piece left in the attacker's hand.
	EqualVariation Class = "変同"
	// LongerVariation (変長): a defender alternative mated only in more
	// plies than the main line: the main line is not best play. Exactly
	// two plies longer with a piece left in hand counts as shorter; such a
	// finding is tolerated.
	LongerVariation Class = "変長"
	// Leftover (駒余り): the attacker holds pieces at the end of the main
	// line.
	Leftover Class = "駒余り"
	// ShorterMate (早詰): the attacker mates in fewer plies than the line
	// judged.
	ShorterMate Class = "早詰"
	// Escape (不詰): a defender alternative after which the attacker cannot
	// mate: the line judged is not a forced mate.
	Escape Class = "不詰"
)

// English returns the class in English words.
func (c Class) English() string {
	switch c {
	case Cook:
		return "cook"
	case LastMoveCook:
		return "alternative final move"
	case NonUnique:
		return "non-unique choice"
	case Transposition:
		return "transposition"
	case EqualVariation:
		return "equal-length variation"
	case LongerVariation:
		return "longer variation"
	case Leftover:
		return "pieces left in hand"
	case ShorterMate:
		return "shorter mate"
	case Escape:
		return "escape"
	}
	return string(c)
}

// Severity grades a finding.
type Severity int

// The severities, mildest first.
const (
	Tolerated Severity = iota // accepted by convention
	Blemish                   // lowers the problem's value, not a flaw
	Flaw                      // the problem is unsound
)

// String returns "tolerated", "blemish" or "flaw".
func (s Severity) String() string {
	switch s {
	case Blemish:
		return "blemish"
	case Flaw:
		return "flaw"
	}
	return "tolerated"
}

// Finding is one classified observation on the main line.
type Finding struct {
	Class Class
	// Severity is what the finding costs the problem; for an undecided
	// finding, what it would cost if it held.
	Severity Severity
	// Ply is the ply of the main line, from 1, where Move is played
	// instead of the main line's move (for 駒余り the last ply).
	Ply int
	// Move is the other move (NoMove for 駒余り).
	Move shogi.Move
	// Main is the main line's move at Ply.
	Main shogi.Move
	// MainLength is the main line's length from Ply, its move included.
	MainLength int
	// Length is the mate length after the alternative, counted from the
	// position before it, Move included (0 when undecided or unknown; an
	// upper bound with Bound).
	Length int
	// Bound is true when Length is only an upper bound.
	Bound bool
	// Rejoin, for 手順前後, is the ply of the main line after which the
	// alternative's line reaches the same position (0 otherwise).
	Rejoin int
	// Spare is the attacker's hand at the end: of the variation for a
	// defender alternative, of the main line for 駒余り (a hand of package
	// variant, which holds the standard kinds and the fairy ones).
	Spare variant.Hand
	// Undecided is true when a limit stopped the searches that would
	// decide the finding: Class is then only a candidate.
	Undecided bool
	// Line, for a defender alternative whose length is exact, is the
	// solver's main line after Move to the mate (the continuation an
	// answer key shows beside a 変同); nil otherwise.
	Line []shogi.Move
}

// Overall is the verdict on a whole problem.
type Overall string

// The overall verdicts.
const (
	Sound     Overall = "sound"
	Blemished Overall = "sound with blemishes"
	Unsound   Overall = "unsound"
	// Undecided: no flaw is proven, but a limit stopped some decision, or
	// the line judged is not proven (the length is not exact, or the
	// search for alternatives did not run or finish).
	Undecided Overall = "undecided"
)

// Verdict is the judgement of a main line.
type Verdict struct {
	Overall Overall
	// Line is the line judged (nil when there is none).
	Line []shogi.Move
	// Length is the length of the line judged.
	Length int
	// Findings come in the order of their plies.
	Findings []Finding
	// Reason says why the verdict was given without findings (no mate)
	// or is undecided whatever they are; "" otherwise.
	Reason string
	// Searches counts the searches of package mate the verdict made.
	Searches int
}

// Undecided counts the undecided findings.
func (v *Verdict) Undecided() int {
	n := 0
	for _, f := range v.Findings {
		if f.Undecided {
			n++
		}
	}
	return n
}

// sum sets v.Overall from the findings: unsound with a decided flaw, else
// undecided with an undecided finding or a reason, else sound with
// blemishes or sound.
func (v *Verdict) sum() {
	worst, undecided := Tolerated, v.Reason != ""
	for _, f := range v.Findings {
		if f.Undecided {
			undecided = true
			continue
		}
		worst = max(worst, f.Severity)
	}
	switch {
	case worst == Flaw:
		v.Overall = Unsound
	case undecided:
		v.Overall = Undecided
	case worst == Blemish:
		v.Overall = Blemished
	default:
		v.Overall = Sound
	}
}

// Describe says what f means, in English, without its ply and move:
// its class in Japanese and English, then [Finding.Detail].
func (f *Finding) Describe() string {
	if f.Undecided {
		return fmt.Sprintf("%s (%s)? %s", f.Class, f.Class.English(), f.Detail())
	}
	return fmt.Sprintf("%s (%s): %s", f.Class, f.Class.English(), f.Detail())
}

// Detail says what f means, in English, without its class, ply and move
// ("also mates in 3 plies"): for a page that lists the findings under
// their class.
func (f *Finding) Detail() string {
	if f.Undecided {
		return "undecided: a node limit stopped the search"
	}
	length := plies(f.Length)
	if f.Bound {
		length = "at most " + length
	}
	var what string
	switch f.Class {
	case Cook:
		what = fmt.Sprintf("also mates in %s", length)
	case LastMoveCook:
		what = "another final move also mates"
	case NonUnique:
		what = fmt.Sprintf("%s, mates in %s too", f.choice(), length)
	case Transposition:
		what = fmt.Sprintf("the main line's moves in another order: the same position after ply %d", f.Rejoin)
	case EqualVariation:
		what = fmt.Sprintf("%s to mate as the main line, no piece left", length)
	case LongerVariation:
		what = fmt.Sprintf("%s to mate, the main line %d", length, f.MainLength)
		if f.Severity == Tolerated {
			what += fmt.Sprintf(", with %s left: 2手長駒余り counts as shorter", f.Spare)
		}
	case Leftover:
		what = fmt.Sprintf("the attacker holds %s at the end", f.Spare)
	case ShorterMate:
		what = fmt.Sprintf("mates in %s, the main line %d", length, f.MainLength)
	case Escape:
		what = "the attacker cannot mate after it"
	}
	return what
}

// choice says how a 非限定's move differs from the main line's.
func (f *Finding) choice() string {
	a, m := f.Move, f.Main
	switch {
	case a == m.TogglePromotion():
		return "the other promotion choice"
	case f.Ply%2 == 0:
		return "another interposition"
	case a.IsDrop() && m.IsDrop() && a.DroppedKind() == m.DroppedKind():
		return "the same piece dropped on another square"
	case a.IsDrop() && m.IsDrop():
		return "another piece dropped on the same square"
	}
	return "the same piece to another square"
}

// plies writes n plies in English.
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
