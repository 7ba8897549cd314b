package shogi

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// StartSFEN is the SFEN of the standard initial position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// ParseSFEN parses a position in SFEN: board, side to move, hands and an
// optional move number, separated by spaces. The word "startpos" stands for
// the initial position, and a leading "sfen " is ignored. Hands may list
// their pieces in any order, with counts from 2 to 18 (1 is accepted too).
//
// ParseSFEN checks only the syntax; Validate checks the rules. A malformed
// input gives a *SyntaxError naming the field, the offset and the character.
func ParseSFEN(s string) (Position, error) {
	var p Position
	fields, offs := splitFields(s)
	if len(fields) > 0 && fields[0] == "sfen" {
		fields, offs = fields[1:], offs[1:]
	}
	if len(fields) == 1 && fields[0] == "startpos" {
		return Startpos(), nil
	}
	bad := func(field string, off int, msg string) (Position, error) {
		return Position{}, &SyntaxError{What: "SFEN", Field: field, Input: s, Offset: off, Msg: msg}
	}
	switch {
	case len(fields) == 0:
		return bad("", -1, "empty input")
	case len(fields) < 3:
		return bad("", len(s), "want at least three fields (board, side to move, hands); got "+strconv.Itoa(len(fields)))
	case len(fields) > 4:
		return bad("", offs[4], "unexpected text after the move number")
	}

	// Board.
	board, off0 := fields[0], offs[0]
	rank, file := 1, 9 // file counts down from 9 as a rank is read left to right
	for i := 0; i < len(board); i++ {
		c := board[i]
		switch {
		case c == '/':
			if file != 0 {
				return bad("board", off0+i, "rank "+strconv.Itoa(rank)+" has "+strconv.Itoa(9-file)+" squares; want 9")
			}
			rank++
			file = 9
			if rank > 9 {
				return bad("board", off0+i, "more than nine ranks")
			}
		case c >= '1' && c <= '9':
			n := int(c - '0')
			if n > file {
				return bad("board", off0+i, "rank "+strconv.Itoa(rank)+" is longer than 9 squares")
			}
			file -= n
		default:
			promoted := false
			at := i
			if c == '+' {
				promoted = true
				i++
				if i >= len(board) {
					return bad("board", off0+i, "'+' must be followed by a piece letter")
				}
				c = board[i]
			}
			color := Black
			u := c
			if c >= 'a' && c <= 'z' {
				color = White
				u = c - 'a' + 'A'
			}
			k := kindFromLetter(u)
			if k == NoKind {
				return bad("board", off0+i, "unknown piece letter "+quoteRuneAt(board, i)+"; want one of PLNSBRGK (Black) or plnsbrgk (White)")
			}
			if promoted {
				if !k.CanPromote() {
					return bad("board", off0+at, "'+' on "+k.String()+", which cannot promote")
				}
				k = k.Promote()
			}
			if file == 0 {
				return bad("board", off0+at, "rank "+strconv.Itoa(rank)+" is longer than 9 squares")
			}
			p.putPiece(NewPiece(color, k), NewSquare(file, rank))
			file--
		}
	}
	if file != 0 {
		return bad("board", off0+len(board), "rank "+strconv.Itoa(rank)+" has "+strconv.Itoa(9-file)+" squares; want 9")
	}
	if rank != 9 {
		return bad("board", off0+len(board), "the board has "+strconv.Itoa(rank)+" ranks; want 9")
	}

	// Side to move.
	switch fields[1] {
	case "b":
	case "w":
		p.SetSideToMove(White)
	default:
		return bad("side to move", offs[1], "want 'b' or 'w'")
	}

	// Hands.
	if hs := fields[2]; hs != "-" {
		var seen [2][NumKinds]bool
		for i := 0; i < len(hs); {
			at := i
			n := 0
			for i < len(hs) && hs[i] >= '0' && hs[i] <= '9' {
				if i == at && hs[i] == '0' {
					return bad("hands", offs[2]+i, "a count cannot start with 0")
				}
				n = n*10 + int(hs[i]-'0')
				if n > 18 {
					return bad("hands", offs[2]+at, "count above 18")
				}
				i++
			}
			if i == at {
				n = 1
			}
			if i >= len(hs) {
				return bad("hands", offs[2]+i, "a count must be followed by a piece letter")
			}
			c := hs[i]
			color := Black
			u := c
			if c >= 'a' && c <= 'z' {
				color = White
				u = c - 'a' + 'A'
			}
			k := kindFromLetter(u)
			switch {
			case k == NoKind:
				return bad("hands", offs[2]+i, "unknown piece letter "+quoteRuneAt(hs, i)+"; want one of RBGSNLP or rbgsnlp")
			case k == King:
				return bad("hands", offs[2]+i, "a king cannot be in hand")
			case seen[color][k]:
				return bad("hands", offs[2]+i, "the "+color.String()+" "+k.String()+" is listed twice")
			case n > maxCount[k]:
				return bad("hands", offs[2]+at, strconv.Itoa(n)+" "+k.String()+"s in hand; the set holds "+strconv.Itoa(maxCount[k]))
			}
			seen[color][k] = true
			p.SetHand(color, p.hands[color].Set(k, n))
			i++
		}
	}

	// Move number.
	if len(fields) == 4 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 || fields[3][0] == '+' {
			return bad("move number", offs[3], "want a whole number of at least 1")
		}
		if n > 1<<30 {
			return bad("move number", offs[3], "too large")
		}
		p.SetMoveNumber(n)
	}
	return p, nil
}

// splitFields splits s at runs of spaces and tabs, returning the fields and
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

// SFEN returns p in SFEN, with the hands in the canonical order (Black's
// R B G S N L P, then White's) and the move number.
func (p *Position) SFEN() string {
	var b strings.Builder
	b.Grow(96)
	p.appendBoardSFEN(&b)
	if p.side == Black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	if p.hands[Black] == 0 && p.hands[White] == 0 {
		b.WriteByte('-')
	} else {
		if p.hands[Black] != 0 {
			b.WriteString(p.hands[Black].String())
		}
		if p.hands[White] != 0 {
			b.WriteString(strings.ToLower(p.hands[White].String()))
		}
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.MoveNumber()))
	return b.String()
}

func (p *Position) appendBoardSFEN(b *strings.Builder) {
	for r := 1; r <= 9; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := p.board[NewSquare(f, r)]
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
}

// String returns the SFEN of p.
func (p Position) String() string { return p.SFEN() }

// quoteRuneAt quotes the character of s that starts at byte i, whole even
// when it is not ASCII: '４', not its first byte.
func quoteRuneAt(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return strconv.QuoteRune(r)
}
