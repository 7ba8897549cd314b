package variant

import (
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
	fields, offs := splitFields(s)
	if len(fields) > 0 && fields[0] == "sfen" {
		fields, offs = fields[1:], offs[1:]
	}
	if len(fields) == 1 && fields[0] == "startpos" {
		return ParseSFEN(StartSFEN)
	}
	bad := func(field string, off int, tok, msg string) (Position, error) {
		return Position{}, &SFENError{Input: s, Field: field, Offset: off, Token: tok, Msg: msg}
	}
	switch {
	case len(fields) == 0:
		return bad("", -1, "", "empty input")
	case len(fields) < 3:
		return bad("", len(s), "", "want at least three fields (board, side to move, hands); got "+strconv.Itoa(len(fields)))
	case len(fields) > 4:
		return bad("", offs[4], fields[4], "unexpected text after the move number")
	}

	board, off0 := fields[0], offs[0]
	rank, file := 1, 9
	for i := 0; i < len(board); {
		c := board[i]
		switch {
		case c == '/':
			if file != 0 {
				return bad("board", off0+i, "/", "rank "+strconv.Itoa(rank)+" has "+strconv.Itoa(9-file)+" squares; want 9")
			}
			rank++
			file = 9
			if rank > 9 {
				return bad("board", off0+i, "/", "more than nine ranks")
			}
			i++
		case c >= '1' && c <= '9':
			n := int(c - '0')
			if n > file {
				return bad("board", off0+i, board[i:i+1], "rank "+strconv.Itoa(rank)+" is longer than 9 squares")
			}
			file -= n
			i++
		default:
			pc, n, msg := readPiece(board[i:], true)
			if msg != "" {
				return bad("board", off0+i, board[i:i+n], msg)
			}
			if file == 0 {
				return bad("board", off0+i, board[i:i+n], "rank "+strconv.Itoa(rank)+" is longer than 9 squares")
			}
			if pc.Royal() && p.royals[pc.Color()].Count() == MaxRoyals {
				return bad("board", off0+i, board[i:i+n], "more than "+strconv.Itoa(MaxRoyals)+" royals of one side")
			}
			p.place(pc, shogi.NewSquare(file, rank))
			file--
			i += n
		}
	}
	if file != 0 {
		return bad("board", off0+len(board), "", "rank "+strconv.Itoa(rank)+" has "+strconv.Itoa(9-file)+" squares; want 9")
	}
	if rank != 9 {
		return bad("board", off0+len(board), "", "the board has "+strconv.Itoa(rank)+" ranks; want 9")
	}

	switch fields[1] {
	case "b":
	case "w":
		p.SetSideToMove(shogi.White)
	default:
		return bad("side to move", offs[1], fields[1], "want 'b' or 'w'")
	}

	if hs := fields[2]; hs != "-" {
		var seen [2][NumKinds]bool
		for i := 0; i < len(hs); {
			at := i
			n := 0
			for i < len(hs) && hs[i] >= '0' && hs[i] <= '9' {
				if i == at && hs[i] == '0' {
					return bad("hands", offs[2]+at, hs[at:i+1], "a count cannot start with 0")
				}
				n = n*10 + int(hs[i]-'0')
				i++
				if n > MaxHandCount {
					return bad("hands", offs[2]+at, hs[at:i], "count above "+strconv.Itoa(MaxHandCount))
				}
			}
			if i == at {
				n = 1
			}
			if i >= len(hs) {
				return bad("hands", offs[2]+at, hs[at:], "a count must be followed by a piece")
			}
			pc, w, msg := readPiece(hs[i:], false)
			tok := hs[at : i+w]
			k := pc.Kind()
			switch {
			case msg != "":
				return bad("hands", offs[2]+at, tok, msg)
			case !kindDefs[k].Hand:
				return bad("hands", offs[2]+at, tok, "a "+KindName(k)+" cannot be in hand")
			case seen[pc.Color()][k]:
				return bad("hands", offs[2]+at, tok, "the "+pc.Color().String()+" "+KindName(k)+" is listed twice")
			}
			seen[pc.Color()][k] = true
			p.SetHand(pc.Color(), p.hands[pc.Color()].Set(k, n))
			i += w
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

	if len(fields) == 4 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 || fields[3][0] == '+' || n > 1<<30 {
			return bad("move number", offs[3], fields[3], "want a whole number from 1 to 2^30")
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

// splitFields splits s at runs of white space, returning the fields and
// their byte offsets.
func splitFields(s string) (fields []string, offs []int) {
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' {
			j++
		}
		fields = append(fields, s[i:j])
		offs = append(offs, i)
		i = j
	}
	return fields, offs
}

// SFEN returns p in fairy SFEN, the hands in the canonical order (Black's
// R B G S N L P (GH) (LI), then White's), with the move number. The rules
// and any carried powers are not part of it.
func (p *Position) SFEN() string {
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := p.board[shogi.NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
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
