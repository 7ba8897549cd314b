package shogi

import (
	"fmt"
	"strings"
)

// ProblemCode names one way a position can break the rules.
type ProblemCode uint8

// The rule violations Validate reports.
const (
	TooManyPieces   ProblemCode = iota + 1 // more of a kind than the 40-piece set holds
	TooManyKings                           // more than one king on a side
	DoublePawn                             // 二歩: two unpromoted pawns of a side on a file
	DeadPiece                              // 行き所のない駒: a piece that could never move
	OpponentInCheck                        // the side not to move is in check
)

var problemNames = [...]string{
	TooManyPieces:   "too-many-pieces",
	TooManyKings:    "too-many-kings",
	DoublePawn:      "double-pawn",
	DeadPiece:       "dead-piece",
	OpponentInCheck: "opponent-in-check",
}

// String returns a short stable name for the code, such as "double-pawn".
func (c ProblemCode) String() string {
	if int(c) < len(problemNames) && problemNames[c] != "" {
		return problemNames[c]
	}
	return fmt.Sprintf("problem(%d)", c)
}

// Problem is one rule violation found by Validate.
type Problem struct {
	Code   ProblemCode
	Square Square // the square concerned, or NoSquare
	Msg    string
}

// InvalidPositionError lists every rule violation of a position.
type InvalidPositionError struct {
	Problems []Problem
}

// Error returns "shogi: " and the Message.
func (e *InvalidPositionError) Error() string { return "shogi: " + e.Message() }

// Message lists every problem, in order, without the package name:
// "illegal position: black has 2 kings; …".
func (e *InvalidPositionError) Message() string {
	msgs := make([]string, len(e.Problems))
	for i, pr := range e.Problems {
		msgs[i] = pr.Msg
	}
	return "illegal position: " + strings.Join(msgs, "; ")
}

// Has reports whether the error lists a problem with code c.
func (e *InvalidPositionError) Has(c ProblemCode) bool {
	for _, pr := range e.Problems {
		if pr.Code == c {
			return true
		}
	}
	return false
}

// Validate checks p against the rules of a position: no more pieces of a
// kind than the standard set holds (board and both hands, promoted pieces
// counted as their base kind), at most one king a side, no 二歩, no piece
// that could never move, and the side not to move not in check. It returns
// nil or an *InvalidPositionError naming every problem. A side without a
// king is allowed (the attacker of a tsume problem has none).
func (p *Position) Validate() error {
	var probs []Problem
	p.validate(func(v violation) bool {
		probs = append(probs, Problem{Code: v.code, Square: v.s, Msg: v.msg()})
		return true
	})
	if probs != nil {
		return &InvalidPositionError{Problems: probs}
	}
	return nil
}

// IsValid reports whether Validate would return nil, without building the
// error: for generators that test many candidate positions.
func (p *Position) IsValid() bool {
	ok := true
	p.validate(func(violation) bool {
		ok = false
		return false
	})
	return ok
}

// violation is one rule violation that validate found, with what its
// message needs: plain values, so that finding one allocates nothing
// (IsValid rejects many candidates of the generators).
type violation struct {
	code ProblemCode
	s    Square // the square concerned, or NoSquare
	c    Color
	k    Kind
	n    int // the count of pieces, kings or pawns
	file int // the file of a 二歩
}

// msg returns the message of v, as Problem.Msg states it.
func (v violation) msg() string {
	switch v.code {
	case DeadPiece:
		return fmt.Sprintf("%s %s on %s could never move again", v.c, v.k, v.s)
	case TooManyPieces:
		return fmt.Sprintf("%d %ss on the board and in hand; the set holds %d", v.n, v.k, maxCount[v.k])
	case TooManyKings:
		return fmt.Sprintf("%s has %d kings", v.c, v.n)
	case DoublePawn:
		return fmt.Sprintf("二歩: %d unpromoted %s pawns on file %d", v.n, v.c, v.file)
	}
	return fmt.Sprintf("the side not to move (%s) is in check", v.c)
}

// validate calls add for each rule violation until add returns false.
func (p *Position) validate(add func(v violation) bool) {
	var count [NumKinds]int
	for b := p.occ; b.Any(); {
		s := b.PopLSB()
		pc := p.board[s]
		count[pc.Kind().Demote()]++
		if deadEnd(pc.Color(), pc.Kind(), s) {
			if !add(violation{code: DeadPiece, s: s, c: pc.Color(), k: pc.Kind()}) {
				return
			}
		}
	}
	for c := Black; c <= White; c++ {
		for _, k := range handKinds {
			count[k] += p.hands[c].Count(k)
		}
	}
	for _, k := range handKinds {
		if count[k] > maxCount[k] {
			if !add(violation{code: TooManyPieces, s: NoSquare, k: k, n: count[k]}) {
				return
			}
		}
	}
	for c := Black; c <= White; c++ {
		if n := p.Pieces(c, King).Count(); n > 1 {
			if !add(violation{code: TooManyKings, s: NoSquare, c: c, n: n}) {
				return
			}
		}
		pawns := p.Pieces(c, Pawn)
		if pawns.Count() <= 1 {
			continue
		}
		for f := 0; f < 9; f++ {
			if on := pawns.And(tbl.fileBB[f]); on.MoreThanOne() {
				if !add(violation{code: DoublePawn, s: on.LSB(), c: c, n: on.Count(), file: f + 1}) {
					return
				}
			}
		}
	}
	them := p.side.Opp()
	if k := p.King(them); k != NoSquare && p.isAttacked(p.side, k) {
		add(violation{code: OpponentInCheck, s: k, c: them})
	}
}
