package record

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"

	"github.com/tsume-shogi/tsume/shogi"
)

// Format names a text format of positions and game records.
type Format int

// The formats the package reads. FormatUnknown is what Detect returns for
// text it does not recognise.
const (
	FormatUnknown Format = iota
	FormatKIF            // Kakinoki KIF: headers, a board diagram or 手合割, numbered moves
	FormatKI2            // KI2: like KIF, with the moves in the notation of books (▲７六歩)
	FormatCSA            // CSA standard file format (V2.2)
	FormatSFEN           // one SFEN
	FormatUSI            // a USI position command: position startpos|sfen … [moves …]
)

var formatNames = [...]string{
	FormatUnknown: "unknown",
	FormatKIF:     "KIF",
	FormatKI2:     "KI2",
	FormatCSA:     "CSA",
	FormatSFEN:    "SFEN",
	FormatUSI:     "USI",
}

// String returns the name of the format: "KIF", "KI2", "CSA", "SFEN",
// "USI" or "unknown".
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return "unknown"
	}
	return formatNames[f]
}

// Game is a record read from a file: the start position, the moves played
// from it (each legal in turn) and what else the record said.
type Game struct {
	// Format is the format the record was read in.
	Format Format
	// Start is the position before the first move, exactly as the record
	// gives it: board, both hands and side to move. The move number is 1
	// unless the record says otherwise (SFEN, or 手数＝N in a board
	// diagram).
	Start shogi.Position
	// Moves are the moves of the main line, legal in turn from Start.
	// Variations (KIF 変化) are not read.
	Moves []shogi.Move
	// Headers are the header lines in the order of the record: KIF and KI2
	// "key：value" lines (手合割 included); for CSA, N+ and N- as 先手 and
	// 後手 and the $KEY:value lines with their keys translated to KIF
	// where there is a KIF key ($EVENT 棋戦, $SITE 場所, $START_TIME 開始日時,
	// $END_TIME 終了日時, $TIME_LIMIT 持ち時間, $OPENING 戦型), else kept as
	// "$KEY".
	Headers []KIFHeader
	// Comments are the comment lines that belong to the record (KIF and
	// KI2 "*" lines, CSA "'*" lines), with the number of moves played
	// before each.
	Comments []Comment
	// End is how the record ends, as written, when it says so: a special
	// move ("投了", "詰み", "%TORYO", "%TSUMI", …) or the closing line
	// ("まで1手で詰み"). It is empty otherwise.
	End string
	// Line is the line of the text read on which the record begins (its
	// first line that is not blank), counted from 1: what tells the
	// records that ReadRecords reads from one file apart.
	Line int
}

// Comment is a comment of a record and where it stands.
type Comment struct {
	Ply  int // the number of moves played before the comment
	Text string
}

// PositionAt returns the position after the first ply moves of the game
// (ply 0 is the start position). It fails when ply is negative or larger
// than the number of moves.
func (g *Game) PositionAt(ply int) (shogi.Position, error) {
	if ply < 0 || ply > len(g.Moves) {
		return shogi.Position{}, fmt.Errorf("record: ply %d is out of range: the record has %d moves", ply, len(g.Moves))
	}
	p := g.Start
	for _, m := range g.Moves[:ply] {
		p.DoMove(m)
	}
	return p, nil
}

// Header returns the value of the first header with the given key, and
// whether there is one.
func (g *Game) Header(key string) (string, bool) {
	for _, h := range g.Headers {
		if h.Key == key {
			return h.Value, true
		}
	}
	return "", false
}

// ParseError reports a record that could not be read: the format it was
// read as, the line (counted from 1; 0 when the fault is not on one line)
// and what was wrong or what was expected there (Msg, complete and
// without a package name, for a program that names the input itself).
// Err is the rules core's error behind it, if any (a *shogi.SyntaxError,
// its offset then counted in the line, or a *shogi.IllegalMoveError),
// for errors.As.
type ParseError struct {
	Format Format
	Line   int
	Msg    string
	Err    error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("record: %s line %d: %s", e.Format, e.Line, e.Msg)
	}
	return fmt.Sprintf("record: %s: %s", e.Format, e.Msg)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// errorf returns a *ParseError for line n of a record of format f.
func errorf(f Format, n int, format string, args ...any) *ParseError {
	return &ParseError{Format: f, Line: n, Msg: fmt.Sprintf(format, args...)}
}

// decode turns the bytes of a record into text: a UTF-8 byte order mark
// is dropped, and CRLF and lone CR line ends become LF. The encoding is
// UTF-8 when the bytes are valid UTF-8, or when they are valid UTF-8 with
// non-ASCII text up to a bad byte: then the error names that byte, its
// line and its offset in the line. Otherwise the bytes are read as
// Shift_JIS (the traditional encoding of .kif and .csa files), and the
// first byte that is not Shift_JIS either is reported.
func decode(data []byte) (string, *ParseError) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		bad := firstInvalidUTF8(data)
		if !isASCII(data[:bad]) {
			return "", badByte(data, bad, "not valid UTF-8 (the text before it is)")
		}
		d, err := japanese.ShiftJIS.NewDecoder().Bytes(data)
		if err != nil || bytes.ContainsRune(d, utf8.RuneError) {
			return "", badByte(data, firstInvalidShiftJIS(data), "neither UTF-8 nor Shift_JIS: the input is not text")
		}
		data = d
	}
	s := string(data)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return s, nil
}

// badByte returns the error for the byte of data at offset i: its line
// and its offset in that line (from 0).
func badByte(data []byte, i int, why string) *ParseError {
	line := 1 + bytes.Count(data[:i], []byte{'\n'})
	col := i - (bytes.LastIndexByte(data[:i], '\n') + 1)
	return &ParseError{Line: line, Msg: fmt.Sprintf("byte 0x%02x at offset %d of the line is %s", data[i], col, why)}
}

// firstInvalidUTF8 returns the offset of the first byte of data that does
// not start a valid UTF-8 sequence (len(data) if there is none).
func firstInvalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(data)
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// firstInvalidShiftJIS returns the offset of the first character of data
// that does not decode as Shift_JIS (len(data) if there is none). It is
// slow, one decoder call a character, and only used to report an error.
func firstInvalidShiftJIS(data []byte) int {
	dec := japanese.ShiftJIS.NewDecoder()
	for i := 0; i < len(data); {
		n := 1
		if c := data[i]; c >= 0x81 && c <= 0x9f || c >= 0xe0 && c <= 0xfc {
			n = 2 // a lead byte
		}
		if i+n > len(data) {
			return i
		}
		d, err := dec.Bytes(data[i : i+n])
		if err != nil || bytes.ContainsRune(d, utf8.RuneError) {
			return i
		}
		i += n
	}
	return len(data)
}

// splitLines decodes data and splits it into lines.
func splitLines(f Format, data []byte) ([]string, error) {
	s, err := decode(data)
	if err != nil {
		err.Format = f
		return nil, err
	}
	return strings.Split(s, "\n"), nil
}

// Detect tells the format of a record from its content (the encoding is
// handled as by the readers): CSA when its lines are CSA statements (a
// version line, P rows, +7776FU moves, …), USI for a "position" command
// or an SFEN followed by "moves", SFEN for a lone SFEN, KIF when it has
// numbered move lines, the 手数----指手 line or only a board diagram or
// 手合割 header, KI2 when its moves are written ▲７六歩 without numbers.
// It returns FormatUnknown when nothing fits.
func Detect(data []byte) Format {
	s, err := decode(data)
	if err != nil {
		return FormatUnknown
	}
	return detectText(s)
}

func detectText(s string) Format {
	lines := strings.Split(s, "\n")
	// The first meaningful line decides between the line formats.
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' {
			continue
		}
		switch {
		case strings.HasPrefix(t, "position ") || t == "position":
			return FormatUSI
		case strings.HasPrefix(t, "startpos") || strings.HasPrefix(t, "sfen "):
			if hasField(t, "moves") {
				return FormatUSI
			}
			return FormatSFEN
		}
		if looksLikeSFEN(t) {
			if hasField(t, "moves") {
				return FormatUSI
			}
			return FormatSFEN
		}
		break
	}
	csa, kifMoves, ki2Moves, japanese := 0, 0, 0, 0
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		switch {
		case isCSALine(t):
			csa++
		case isKIFMoveLine(t):
			kifMoves++
		case startsWithMark(t), startsLikeMove(t) && !isFileLine(t) && isJPMove(t):
			ki2Moves++
		case strings.HasPrefix(t, "手数----") || strings.HasPrefix(t, "手合割") ||
			strings.HasPrefix(t, "先手の持駒") || strings.HasPrefix(t, "後手の持駒") ||
			strings.HasPrefix(t, "下手の持駒") || strings.HasPrefix(t, "上手の持駒") ||
			strings.HasPrefix(t, "+---") || strings.HasPrefix(t, "|"),
			t[0] != '\'' && strings.Contains(t, "：") && isHeaderLine(t):
			japanese++
		}
	}
	switch {
	case kifMoves > 0:
		return FormatKIF
	case ki2Moves > 0:
		return FormatKI2
	case japanese > 0:
		return FormatKIF
	case csa > 0:
		return FormatCSA
	}
	return FormatUnknown
}

// isHeaderLine reports whether t is a KIF header line, "key：value".
func isHeaderLine(t string) bool {
	_, _, ok := cutHeader(t)
	return ok
}

// isJPMove reports whether t starts with a move in Japanese notation,
// such as ７六歩 or 同　銀: a line that merely starts with a digit is none.
func isJPMove(t string) bool {
	_, _, msg := parseJPMove(t)
	return msg == ""
}

// hasField reports whether the space-separated text s has the field w.
func hasField(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}

// looksLikeSFEN reports whether s starts with what is meant as an SFEN
// board field, good or bad: ASCII letters, digits, + and /, with the
// slashes of several ranks (a letter and two slashes, or eight slashes
// for an empty board). A mistyped board such as 8k/9/9/7Rx/… is one, so
// that the SFEN reader, not "cannot tell the format", says what is wrong
// with it; a date such as 2024/01/02 is none.
func looksLikeSFEN(s string) bool {
	f, _, _ := strings.Cut(s, " ")
	letter := false
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9' || c == '/' || c == '+':
		default:
			return false
		}
	}
	slashes := strings.Count(f, "/")
	return slashes >= 8 || letter && slashes >= 2
}

// isCSALine reports whether the trimmed line t is a CSA statement (a
// comment ' counts only together with others, since any text may follow it).
func isCSALine(t string) bool {
	switch {
	case strings.HasPrefix(t, "V1") || strings.HasPrefix(t, "V2") || strings.HasPrefix(t, "V3"):
		return true
	case strings.HasPrefix(t, "N+") || strings.HasPrefix(t, "N-"):
		return true
	case len(t) >= 2 && t[0] == 'P' && strings.IndexByte("123456789I+-", t[1]) >= 0:
		return true
	case len(t) >= 2 && t[0] == '$' && t[1] >= 'A' && t[1] <= 'Z':
		return true
	case t == "+" || t == "-":
		return true
	case len(t) >= 7 && (t[0] == '+' || t[0] == '-') && isDigits(t[1:5]):
		return true
	case len(t) >= 2 && t[0] == '%' && t[1] >= 'A' && t[1] <= 'Z':
		return true
	}
	return false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// ReadAny reads a record in any of the formats the package knows, telling
// the format from the content as Detect does. A text that starts like an
// SFEN (a line whose first field has the slashes of a board) is read as
// one, so that a bad SFEN gets the SFEN reader's error, with its field,
// offset and character, rather than "cannot tell the format".
func ReadAny(data []byte) (*Game, error) {
	s, err := Decode(data)
	if err != nil {
		return nil, err
	}
	switch f := detectText(s); f {
	case FormatKIF:
		return ReadKIF(data)
	case FormatKI2:
		return ReadKI2(data)
	case FormatCSA:
		return ReadCSA(data)
	case FormatSFEN:
		return ReadSFEN(data)
	case FormatUSI:
		return ReadUSI(data)
	}
	return nil, &ParseError{Format: FormatUnknown, Msg: "cannot tell the format: want a KIF, KI2 or CSA record, an SFEN or a USI position command"}
}

// Decode returns the text of data as the readers read it: UTF-8 or
// Shift_JIS, without a byte order mark, with LF line ends. Its error,
// for bytes that are not text, is the *ParseError ReadAny returns for
// them: it names the first bad byte, its line and its offset in the line,
// and the format when the text before the bad byte tells it. A program
// that reads text line by line (a batch of SFENs) checks each line with
// it, to report bytes that are not text as the readers do.
func Decode(data []byte) (string, error) {
	s, err := decode(data)
	if err != nil {
		// A UTF-8 record with a bad byte is reported as that record;
		// bytes that are not text have no format.
		if bad := firstInvalidUTF8(data); !isASCII(bytes.TrimPrefix(data[:bad], []byte("\xef\xbb\xbf"))) {
			if s, perr := decode(data[:bad]); perr == nil {
				err.Format = detectText(s)
			}
		}
		if err.Format == FormatUnknown {
			err.Msg = "cannot tell the format: " + err.Msg
		}
		return "", err
	}
	return s, nil
}

// checkPlayable reports a position that moves cannot be played from: one
// that holds more pieces of a kind than the 40-piece set (captures could
// overflow a hand), gives a side two kings, or has the side not to move
// in check (the rules core assumes neither, and would not judge the moves
// consistently). It returns "" for a playable position.
func checkPlayable(p *shogi.Position) string {
	var count [shogi.NumKinds]int
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != shogi.NoPiece {
			count[pc.Kind().Demote()]++
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for _, k := range handOrder {
			count[k] += p.Hand(c).Count(k)
		}
		if n := p.Pieces(c, shogi.King).Count(); n > 1 {
			return fmt.Sprintf("%s has %d kings", colorName(c), n)
		}
	}
	for k := shogi.Pawn; k <= shogi.King; k++ {
		if count[k] > shogi.MaxCount(k) {
			return fmt.Sprintf("%d %ss on the board and in hand; the set holds %d", count[k], k, shogi.MaxCount(k))
		}
	}
	q := *p
	q.SetSideToMove(p.SideToMove().Opp())
	if q.InCheck() {
		return fmt.Sprintf("the side not to move, %s, is in check", colorName(q.SideToMove()))
	}
	return ""
}

// handOrder is the order in which hands are written: 飛角金銀桂香歩.
var handOrder = [7]shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn}
