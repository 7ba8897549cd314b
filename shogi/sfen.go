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
	f, err := SplitSFEN(s)
	if err != nil {
		return Position{}, err
	}
	bad := func(field string, off int, msg string) (Position, error) {
		return Position{}, &SyntaxError{What: "SFEN", Field: field, Input: f.Input, Offset: off, Msg: msg}
	}

	// Board.
	off, _, msg := ScanSFENBoard(f.Board, func(rest string, sq Square) (int, int, string) {
		pc, n, at, msg := readPiece(rest)
		if msg == "" && sq != NoSquare {
			p.putPiece(pc, sq)
		}
		return n, at, msg
	})
	if msg != "" {
		return bad("board", f.BoardAt+off, msg)
	}

	// Side to move.
	switch f.Side {
	case "b":
	case "w":
		p.SetSideToMove(White)
	default:
		return bad("side to move", f.SideAt, "want 'b' or 'w'")
	}

	// Hands.
	if f.Hands != "-" {
		var seen [2][NumKinds]bool
		fault, _, _, msg := ScanSFENHands(f.Hands, 18, func(entry string, at, n int) (int, int, string) {
			color, k := pieceOfLetter(entry[at])
			switch {
			case k == NoKind:
				return at + 1, at, "unknown piece letter " + quoteRuneAt(entry, at) + "; want one of RBGSNLP or rbgsnlp"
			case k == King:
				return at + 1, at, "a king cannot be in hand"
			case seen[color][k]:
				return at + 1, at, "the " + color.String() + " " + k.String() + " is listed twice"
			case n > maxCount[k]:
				return at + 1, 0, strconv.Itoa(n) + " " + k.String() + "s in hand; the set holds " + strconv.Itoa(maxCount[k])
			}
			seen[color][k] = true
			p.SetHand(color, p.hands[color].Set(k, n))
			return at + 1, 0, ""
		})
		if msg != "" {
			return bad("hands", f.HandsAt+fault, msg)
		}
	}

	// Move number.
	if f.MoveNumber != "" {
		n, msg := ParseSFENMoveNumber(f.MoveNumber)
		if msg != "" {
			return bad("move number", f.MoveNumberAt, msg)
		}
		p.SetMoveNumber(n)
	}
	return p, nil
}

// readPiece reads the piece token at the start of s, an optional '+' and
// a letter, upper case for Black: the piece, the token's length, and when
// it is malformed a message and the offset of the fault in s.
func readPiece(s string) (pc Piece, n, at int, msg string) {
	i := 0
	promoted := s[0] == '+'
	if promoted {
		i++
		if i >= len(s) {
			return NoPiece, i, i, "'+' must be followed by a piece letter"
		}
	}
	color, k := pieceOfLetter(s[i])
	if k == NoKind {
		return NoPiece, i + 1, i, "unknown piece letter " + quoteRuneAt(s, i) + "; want one of PLNSBRGK (Black) or plnsbrgk (White)"
	}
	if promoted {
		if !k.CanPromote() {
			return NoPiece, i + 1, 0, "'+' on " + k.String() + ", which cannot promote"
		}
		k = k.Promote()
	}
	return NewPiece(color, k), i + 1, 0, ""
}

// pieceOfLetter returns the colour and kind of an SFEN piece letter, upper
// case for Black and lower case for White; NoKind when c is none.
func pieceOfLetter(c byte) (Color, Kind) {
	if c >= 'a' && c <= 'z' {
		return White, kindFromLetter(c - 'a' + 'A')
	}
	return Black, kindFromLetter(c)
}

// SFENFields are the fields of an SFEN, each with the byte offset in Input
// where it starts.
type SFENFields struct {
	Input                                  string // the text split (StartSFEN for "startpos")
	Board, Side, Hands, MoveNumber         string // MoveNumber is "" when absent
	BoardAt, SideAt, HandsAt, MoveNumberAt int
}

// SplitSFEN splits s at runs of white space into the fields of an SFEN:
// the board, the side to move, the hands and an optional move number. A
// leading "sfen" is dropped, and the word "startpos" gives the fields of
// StartSFEN. It checks only the number of fields (a *SyntaxError
// otherwise); ParseSFEN, and the fairy SFEN reader of package variant,
// read the fields.
func SplitSFEN(s string) (SFENFields, error) {
	fields, offs := splitFields(s)
	if len(fields) > 0 && fields[0] == "sfen" {
		fields, offs = fields[1:], offs[1:]
	}
	if len(fields) == 1 && fields[0] == "startpos" {
		return SplitSFEN(StartSFEN)
	}
	bad := func(off int, msg string) (SFENFields, error) {
		return SFENFields{}, &SyntaxError{What: "SFEN", Input: s, Offset: off, Msg: msg}
	}
	switch {
	case len(fields) == 0:
		return bad(-1, "empty input")
	case len(fields) < 3:
		return bad(len(s), "want at least three fields (board, side to move, hands); got "+strconv.Itoa(len(fields)))
	case len(fields) > 4:
		return bad(offs[4], "unexpected text after the move number")
	}
	f := SFENFields{Input: s, Board: fields[0], Side: fields[1], Hands: fields[2],
		BoardAt: offs[0], SideAt: offs[1], HandsAt: offs[2]}
	if len(fields) == 4 {
		f.MoveNumber, f.MoveNumberAt = fields[3], offs[3]
	}
	return f, nil
}

// ScanSFENBoard reads the board field of an SFEN: nine ranks from a to i
// separated by '/', each from file 9 to file 1, a digit 1–9 standing for
// that many empty squares. At any other byte it calls piece with the rest
// of the field and the square of the piece there — NoSquare when the rank
// is already full, for piece to read the token only — and piece returns
// the length of the token, and when the token is malformed a message and
// the offset of the fault in rest. ScanSFENBoard returns "" when the board
// is well formed, else a message, the offset of the fault in board and
// the length of the token there.
func ScanSFENBoard(board string, piece func(rest string, sq Square) (n, at int, msg string)) (off, n int, msg string) {
	rank, file := 1, 9 // file counts down from 9 as a rank is read left to right
	for i := 0; i < len(board); {
		c := board[i]
		switch {
		case c == '/':
			if file != 0 {
				return i, 1, "rank " + strconv.Itoa(rank) + " has " + strconv.Itoa(9-file) + " squares; want 9"
			}
			rank++
			file = 9
			if rank > 9 {
				return i, 1, "more than nine ranks"
			}
			i++
		case c >= '1' && c <= '9':
			n := int(c - '0')
			if n > file {
				return i, 1, "rank " + strconv.Itoa(rank) + " is longer than 9 squares"
			}
			file -= n
			i++
		default:
			sq := NoSquare
			if file > 0 {
				sq = NewSquare(file, rank)
			}
			n, at, msg := piece(board[i:], sq)
			if msg != "" {
				return i + at, n, msg
			}
			if sq == NoSquare {
				return i, n, "rank " + strconv.Itoa(rank) + " is longer than 9 squares"
			}
			file--
			i += n
		}
	}
	if file != 0 {
		return len(board), 0, "rank " + strconv.Itoa(rank) + " has " + strconv.Itoa(9-file) + " squares; want 9"
	}
	if rank != 9 {
		return len(board), 0, "the board has " + strconv.Itoa(rank) + " ranks; want 9"
	}
	return 0, 0, ""
}

// ScanSFENHands reads the hands field of an SFEN other than "-": entries,
// each an optional count (without a leading 0, at most max; none means 1)
// and a piece. For each entry it calls piece with the rest of the field
// from the entry's start, the offset there of the piece token and the
// count; piece returns the offset in entry just past the token, and when
// the piece is malformed or not allowed a message and the offset in entry
// of the fault. ScanSFENHands returns "" when every entry is well formed,
// else a message, the offset in hands of the fault, and the offsets of the
// start and the end of the entry at fault.
func ScanSFENHands(hands string, max int, piece func(entry string, at, count int) (end, fault int, msg string)) (fault, start, end int, msg string) {
	for i := 0; i < len(hands); {
		start := i
		n := 0
		for i < len(hands) && hands[i] >= '0' && hands[i] <= '9' {
			if i == start && hands[i] == '0' {
				return start, start, i + 1, "a count cannot start with 0"
			}
			n = n*10 + int(hands[i]-'0')
			i++
			if n > max {
				return start, start, i, "count above " + strconv.Itoa(max)
			}
		}
		if i == start {
			n = 1
		}
		if i >= len(hands) {
			return i, start, i, "a count must be followed by a piece"
		}
		end, at, msg := piece(hands[start:], i-start, n)
		if msg != "" {
			return start + at, start, start + end, msg
		}
		i = start + end
	}
	return 0, 0, 0, ""
}

// ParseSFENMoveNumber reads the move number field of an SFEN, a whole
// number from 1 to 2^30, and returns it, or a message saying what is
// wrong.
func ParseSFENMoveNumber(s string) (int, string) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || s[0] == '+' {
		return 0, "want a whole number of at least 1"
	}
	if n > 1<<30 {
		return 0, "too large"
	}
	return n, ""
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
	WriteSFENBoard(&b, &p.board)
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

// WriteSFENBoard writes the board field of an SFEN to b: ranks a to i
// separated by '/', each from file 9 to file 1, a digit for each run of
// empty squares (the zero P) and each piece's String. It writes the boards
// of package variant too.
func WriteSFENBoard[P interface {
	comparable
	String() string
}](b *strings.Builder, board *[NumSquares]P) {
	var empty P
	for r := 1; r <= 9; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		run := 0
		for f := 9; f >= 1; f-- {
			pc := board[NewSquare(f, r)]
			if pc == empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			b.WriteString(pc.String())
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
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
