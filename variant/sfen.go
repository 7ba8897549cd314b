package variant

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// SFENError reports fairy SFEN text that could not be parsed: the input,
// the field, the offending token and its byte offset, and why.
type SFENError struct {
	Input  string
	Field  string // "board", "side to move", "hands", "move number" or ""
	Offset int    // byte offset of Token in Input, -1 when the whole input is at fault
	Token  string // the offending token ("$x", "(GX)", "2(GH" …), "" at the end of input
	Msg    string
}

// Error returns "variant: " and the Message.
func (e *SFENError) Error() string { return "variant: " + e.Message() }

// Message says where and why, without the package name: `bad SFEN (board
// field) at offset 3, token "(GX)": unknown fairy piece "GX"; …`.
func (e *SFENError) Message() string {
	s := "bad SFEN"
	if e.Field != "" {
		s += " (" + e.Field + " field)"
	}
	switch {
	case e.Offset < 0:
	case e.Token == "":
		s += fmt.Sprintf(" at offset %d (end of input)", e.Offset)
	default:
		s += fmt.Sprintf(" at offset %d, token %q", e.Offset, e.Token)
	}
	return s + ": " + e.Msg
}

// StartSFEN is the standard initial position.
const StartSFEN = shogi.StartSFEN

// ParseSFEN parses a position in fairy SFEN (see docs/fairy.md): standard
// SFEN plus "$" before a royal piece ("$B", "$+r", "$(GH)") and the fairy
// kinds in parentheses, upper case for Black and lower case for White
// ("(GH)", "(li)"), on the board and in the hands ("2(GH)"). The word
// "startpos" and a leading "sfen " are accepted as in package shogi. The
// position is under standard rules; SetRules changes them.
//
// ParseSFEN checks the syntax, and that no side has more than MaxRoyals
// royals; Validate checks the rules. Errors are *SFENError values.
func ParseSFEN(s string) (Position, error) {
	var p Position
	f, err := shogi.SplitSFEN(s)
	if err != nil {
		var se *shogi.SyntaxError
		if errors.As(err, &se) {
			return Position{}, &SFENError{Input: s, Field: se.Field, Offset: se.Offset, Token: tokenAt(s, se.Offset), Msg: se.Msg}
		}
		return Position{}, err
	}
	bad := func(field string, off int, tok, msg string) (Position, error) {
		return Position{}, &SFENError{Input: f.Input, Field: field, Offset: off, Token: tok, Msg: msg}
	}

	board := f.Board
	off, n, msg := shogi.ScanSFENBoard(board, func(rest string, sq Square) (int, int, string) {
		pc, n, msg := readPiece(rest, true)
		switch {
		case msg != "" || sq == shogi.NoSquare:
		case pc.Royal() && p.royals[pc.Color()].Count() == MaxRoyals:
			msg = "more than " + strconv.Itoa(MaxRoyals) + " royals of one side"
		default:
			p.place(pc, sq)
		}
		return n, 0, msg
	})
	if msg != "" {
		return bad("board", f.BoardAt+off, board[off:off+n], msg)
	}

	switch f.Side {
	case "b":
	case "w":
		p.SetSideToMove(shogi.White)
	default:
		return bad("side to move", f.SideAt, f.Side, "want 'b' or 'w'")
	}

	if hs := f.Hands; hs != "-" {
		var seen [2][NumKinds]bool
		_, start, end, msg := shogi.ScanSFENHands(hs, MaxHandCount, func(entry string, at, n int) (int, int, string) {
			pc, w, msg := readPiece(entry[at:], false)
			k := pc.Kind()
			switch {
			case msg != "":
			case !kindDefs[k].Hand:
				msg = "a " + KindName(k) + " cannot be in hand"
			case seen[pc.Color()][k]:
				msg = "the " + pc.Color().String() + " " + KindName(k) + " is listed twice"
			default:
				seen[pc.Color()][k] = true
				p.SetHand(pc.Color(), p.hands[pc.Color()].Set(k, n))
			}
			return at + w, 0, msg
		})
		if msg != "" {
			return bad("hands", f.HandsAt+start, hs[start:end], msg)
		}
	}

	// Every piece can end up in one hand; its count must fit there.
	var total [NumKinds]int
	for b := p.occ; b.Any(); {
		if pc := p.board[b.PopLSB()]; !pc.Royal() {
			total[kindDefs[pc.Kind()].Base]++
		}
	}
	for _, k := range handKinds {
		if total[k]+p.hands[0].Count(k)+p.hands[1].Count(k) > MaxHandCount {
			return bad("", -1, "", "more than "+strconv.Itoa(MaxHandCount)+" non-royal "+KindName(k)+"s (a hand holds at most that many)")
		}
	}

	if f.MoveNumber != "" {
		n, msg := shogi.ParseSFENMoveNumber(f.MoveNumber)
		if msg != "" {
			return bad("move number", f.MoveNumberAt, f.MoveNumber, msg)
		}
		p.SetMoveNumber(n)
	}
	return p, nil
}

// readPiece reads one piece token at the start of s: an optional "$"
// (only when royalOK), an optional "+", and a letter or a parenthesised
// fairy name. It returns the piece, the token's length, and a message
// when the token is malformed (the length then covers what was read).
func readPiece(s string, royalOK bool) (Piece, int, string) {
	i := 0
	royal := false
	if s[i] == '$' {
		if !royalOK {
			return 0, 1, "'$' (royal) cannot mark a piece in hand"
		}
		royal = true
		i++
	}
	promoted := false
	if i < len(s) && s[i] == '+' {
		promoted = true
		i++
	}
	if i >= len(s) {
		return 0, i, "'$' or '+' must be followed by a piece"
	}
	var name string
	var color shogi.Color
	start := i
	if s[i] == '(' {
		j := strings.IndexByte(s[i:], ')')
		if j < 0 {
			return 0, len(s), "unclosed '('"
		}
		name = s[i+1 : i+j]
		i += j + 1
		up, low := strings.ToUpper(name), strings.ToLower(name)
		switch {
		case name == up && name != low:
			color = shogi.Black
		case name == low && name != up:
			color, name = shogi.White, up
		default:
			return 0, i, "a fairy piece is all upper case (Black) or all lower case (White)"
		}
		name = "(" + name + ")"
	} else {
		c := s[i]
		i++
		switch {
		case c >= 'A' && c <= 'Z':
			name = string(c)
		case c >= 'a' && c <= 'z':
			color, name = shogi.White, string(c-'a'+'A')
		default:
			for i < len(s) && s[i] >= 0x80 && s[i] < 0xc0 {
				i++ // take a multi-byte character whole
			}
			return 0, i, "want a piece letter or a fairy piece in parentheses"
		}
	}
	var k Kind
	for kk := shogi.Pawn; kk < NumKinds; kk++ {
		if kindDefs[kk].Token == name {
			k = kk
			break
		}
	}
	switch {
	case k == shogi.NoKind:
		return 0, i, "unknown piece " + strconv.Quote(s[start:i]) + "; want one of PLNSBRGK, (GH), (LI) (lower case for White)"
	case promoted && kindDefs[k].Promotes == shogi.NoKind:
		return 0, i, "'+' on a " + KindName(k) + ", which cannot promote"
	case royal && kindDefs[k].Royal:
		return 0, i, "a king is always royal and is written without '$'"
	}
	if promoted {
		k = kindDefs[k].Promotes
	}
	return NewPiece(color, k, royal), i, ""
}

// tokenAt returns the run of bytes other than white space at offset off
// of s ("" when off is outside s).
func tokenAt(s string, off int) string {
	if off < 0 || off >= len(s) {
		return ""
	}
	end := strings.IndexAny(s[off:], " \t\n\r")
	if end < 0 {
		return s[off:]
	}
	return s[off : off+end]
}

// SFEN returns p in fairy SFEN, the hands in the canonical order (Black's
// R B G S N L P (GH) (LI), then White's), with the move number. The rules
// and any carried powers are not part of it.
func (p *Position) SFEN() string {
	var b strings.Builder
	shogi.WriteSFENBoard(&b, &p.board)
	if p.side == shogi.Black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	if p.hands[0] == 0 && p.hands[1] == 0 {
		b.WriteByte('-')
	} else {
		b.WriteString(p.hands[0].String())
		b.WriteString(strings.ToLower(p.hands[1].String()))
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.MoveNumber()))
	return b.String()
}

// String returns the SFEN of p.
func (p Position) String() string { return p.SFEN() }
