package record

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"

	"github.com/tsume-shogi/tsume/shogi"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "read", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// wantGame checks a game read from a record.
type wantGame struct {
	format  Format
	start   string // SFEN (move number ignored)
	moves   string // USI
	end     string
	headers []KIFHeader
}

func checkGame(t *testing.T, what string, g *Game, err error, w wantGame) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if g.Format != w.format {
		t.Errorf("%s: format %s, want %s", what, g.Format, w.format)
	}
	want := mustSFEN(t, w.start)
	if normalized(g.Start) != normalized(want) {
		t.Errorf("%s: start %s, want %s", what, g.Start.SFEN(), want.SFEN())
	}
	if got := usiLine(g.Moves); got != w.moves {
		t.Errorf("%s: moves %q, want %q", what, got, w.moves)
	}
	if g.End != w.end {
		t.Errorf("%s: end %q, want %q", what, g.End, w.end)
	}
	if w.headers != nil {
		if len(g.Headers) != len(w.headers) {
			t.Errorf("%s: headers %v, want %v", what, g.Headers, w.headers)
		} else {
			for i := range w.headers {
				if g.Headers[i] != w.headers[i] {
					t.Errorf("%s: header %d is %v, want %v", what, i, g.Headers[i], w.headers[i])
				}
			}
		}
	}
}

var kifuWant = wantGame{
	format: FormatKIF,
	start:  shogi.StartSFEN,
	moves:  "7g7f 3c3d 8h2b+ 3a2b B*4e",
	end:    "中断",
	headers: []KIFHeader{
		{Key: "開始日時", Value: "2024/01/02(火) 10:00:00"},
		{Key: "棋戦", Value: "テスト棋戦"},
		{Key: "手合割", Value: "平手"},
		{Key: "先手", Value: "先手の人"},
		{Key: "後手", Value: "後手の人"},
	},
}

// TestReadKIFKifu reads a KIF record as Kifu for Windows writes it:
// a # banner, headers, 手合割, times, a branch mark, comments, & lines, a
// special move, まで and a variation that is not read.
func TestReadKIFKifu(t *testing.T) {
	data := readFile(t, "kifu.kif")
	g, err := ReadKIF(data)
	checkGame(t, "kifu.kif", g, err, kifuWant)
	if len(g.Comments) != 2 || g.Comments[0] != (Comment{0, "対局前のコメント"}) || g.Comments[1] != (Comment{1, "初手のコメント"}) {
		t.Errorf("comments %v", g.Comments)
	}
	if v, ok := g.Header("先手"); !ok || v != "先手の人" {
		t.Errorf("Header(先手) = %q, %v", v, ok)
	}

	// CRLF line ends and a byte order mark.
	crlf := append([]byte("\xef\xbb\xbf"), bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))...)
	g, err = ReadKIF(crlf)
	checkGame(t, "kifu.kif with CRLF and BOM", g, err, kifuWant)
	g, err = ReadAny(crlf)
	checkGame(t, "ReadAny kifu.kif with CRLF and BOM", g, err, kifuWant)
}

// TestReadKIFShiftJIS reads testdata/read/kifu-sjis.kif, kifu.kif encoded
// in Shift_JIS (rewritten with -update).
func TestReadKIFShiftJIS(t *testing.T) {
	path := filepath.Join("testdata", "read", "kifu-sjis.kif")
	if *update {
		sjis, err := japanese.ShiftJIS.NewEncoder().Bytes(readFile(t, "kifu.kif"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, sjis, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if utf8.Valid(data) {
		t.Fatalf("%s is valid UTF-8; want Shift_JIS", path)
	}
	g, err := ReadKIF(data)
	checkGame(t, "kifu-sjis.kif", g, err, kifuWant)
	g, err = ReadAny(data)
	checkGame(t, "ReadAny kifu-sjis.kif", g, err, kifuWant)
	crlf := bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
	g, err = ReadAny(crlf)
	checkGame(t, "kifu-sjis.kif with CRLF", g, err, kifuWant)
}

// TestReadKIFProblem reads a problem with its headers after the board
// diagram, 王 for the king, ▲, a half-width file digit and no times.
func TestReadKIFProblem(t *testing.T) {
	g, err := ReadAny(readFile(t, "problem-marks.kif"))
	checkGame(t, "problem-marks.kif", g, err, wantGame{
		format:  FormatKIF,
		start:   "4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1",
		moves:   "L*4b",
		end:     "まで1手で詰み",
		headers: []KIFHeader{{Key: "作者", Value: "誰か"}, {Key: "表題", Value: "一手詰"}},
	})
}

func TestReadKI2(t *testing.T) {
	g, err := ReadAny(readFile(t, "game.ki2"))
	checkGame(t, "game.ki2", g, err, wantGame{
		format: FormatKI2,
		start:  shogi.StartSFEN,
		moves:  "7g7f 3c3d 8h2b+ 3a2b B*4e 4a3b 6i5h 6a5b 4i4h 5a4a 4h4i 2b3c 5h4h 3c4d 4e3d",
		end:    "まで15手で後手の投了",
	})
	if len(g.Comments) != 1 || g.Comments[0].Text != "序盤" {
		t.Errorf("comments %v", g.Comments)
	}
}

func TestReadCSA(t *testing.T) {
	g, err := ReadAny(readFile(t, "game.csa"))
	checkGame(t, "game.csa", g, err, wantGame{
		format: FormatCSA,
		start:  shogi.StartSFEN,
		moves:  "7g7f 3c3d 8h2b+ 3a2b B*4e",
		end:    "%TORYO",
		headers: []KIFHeader{
			{Key: "先手", Value: "先手の人"}, {Key: "後手", Value: "後手の人"}, {Key: "棋戦", Value: "テスト棋戦"},
			{Key: "開始日時", Value: "2024/01/02 10:00:00"}, {Key: "戦型", Value: "KAKUGAWARI"},
		},
	})
	if len(g.Comments) != 1 || g.Comments[0] != (Comment{2, " 角交換"}) {
		t.Errorf("comments %v", g.Comments)
	}
	g, err = ReadAny(readFile(t, "handicap.csa"))
	checkGame(t, "handicap.csa", g, err, wantGame{
		format: FormatCSA,
		start:  "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		moves:  "5a4b 7g7f",
	})
	g, err = ReadAny(readFile(t, "pieces.csa"))
	checkGame(t, "pieces.csa", g, err, wantGame{
		format: FormatCSA,
		start:  "8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1",
		moves:  "G*1b",
		end:    "%TSUMI",
	})
}

// TestReadVariations reads small records written in the ways real files
// differ.
func TestReadVariations(t *testing.T) {
	const bod = "後手の持駒：なし\n" +
		"  ９ ８ ７ ６ ５ ４ ３ ２ １\n" +
		"+---------------------------+\n" +
		"| ・ ・ ・ ・ ・ ・ ・v桂v玉|一\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n" +
		"| ・ ・ ・ ・ ・ ・ ・ 銀 ・|三\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n" +
		"| ・ ・ ・ ・ 龍 ・ ・ ・ ・|九\n" +
		"+---------------------------+\n" +
		"先手の持駒：金二　歩\n"
	const bodSFEN = "7nk/9/7S1/9/9/9/9/9/4+R4 b 2GP 1"
	cases := []struct {
		name, text string
		want       wantGame
	}{
		{"KIF without header line or times", "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n",
			wantGame{format: FormatKIF, start: shogi.StartSFEN, moves: "7g7f 3c3d"}},
		{"KIF with ASCII colon, half-width digits, 同 without full-width space", "手合割:平手\n1 7六歩(77)\n2 3四歩(33)\n3 2二角成(88)\n4 同 銀(31)\n",
			wantGame{format: FormatKIF, start: shogi.StartSFEN, moves: "7g7f 3c3d 8h2b+ 3a2b"}},
		{"KIF with no 手合割 (平手 by default) and △ marks", "1 ▲７六歩(77)\n2 △３四歩(33)\n3 ▲投了\n",
			wantGame{format: FormatKIF, start: shogi.StartSFEN, moves: "7g7f 3c3d", end: "投了"}},
		{"KIF handicap", "手合割：角落ち\n手数----指手---------消費時間--\n   1 ３四歩(33)   ( 0:00/00:00:00)\n",
			wantGame{format: FormatKIF, start: "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", moves: "3c3d"}},
		{"BOD with 龍 and a dragon move written 竜", bod + "手数----指手---------消費時間--\n   1 ５二竜(59)   ( 0:00/00:00:00)\n",
			wantGame{format: FormatKIF, start: bodSFEN, moves: "5i5b"}},
		{"BOD, 後手番 and KI2 moves", strings.Replace(bod, "後手の持駒：なし", "後手の持駒：歩", 1) + "後手番\n△２二歩\n",
			wantGame{format: FormatKI2, start: "7nk/9/7S1/9/9/9/9/9/4+R4 w 2GPp 1", moves: "P*2b"}},
		{"BOD only", bod, wantGame{format: FormatKIF, start: bodSFEN}},
		{"KI2 with ☗☖ and one move a line", "手合割：平手\n☗７六歩\n☖３四歩\n☗２二角不成\n",
			wantGame{format: FormatKI2, start: shogi.StartSFEN, moves: "7g7f 3c3d 8h2b"}},
		{"KI2 without marks", "手合割：平手\n７六歩 ３四歩 ２二角成 同　銀\n",
			wantGame{format: FormatKI2, start: shogi.StartSFEN, moves: "7g7f 3c3d 8h2b+ 3a2b"}},
		// Words that are not the JSA's shortest form still single out the
		// piece: 左上 where 上 would do.
		{"KI2 with redundant words", "手合割：平手\n▲７六歩 △３四歩 ▲５八金左上 △５二金右\n",
			wantGame{format: FormatKI2, start: shogi.StartSFEN, moves: "7g7f 3c3d 6i5h 6a5b"}},
		{"KI2 with 打 where it is not needed", bod + "▲２二金打\n",
			wantGame{format: FormatKI2, start: bodSFEN, moves: "G*2b"}},
		{"CSA on one line", "PI,+,+7776FU,-3334FU,%CHUDAN\n",
			wantGame{format: FormatCSA, start: shogi.StartSFEN, moves: "7g7f 3c3d", end: "%CHUDAN"}},
		{"CSA without side line", "V2.2\nPI\n+7776FU\n",
			wantGame{format: FormatCSA, start: shogi.StartSFEN, moves: "7g7f"}},
		{"CSA, only the first of two records", "PI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n",
			wantGame{format: FormatCSA, start: shogi.StartSFEN, moves: "7g7f"}},
		{"USI startpos", "position startpos moves 7g7f 3c3d\n",
			wantGame{format: FormatUSI, start: shogi.StartSFEN, moves: "7g7f 3c3d"}},
		{"USI without position", "startpos moves 2g2f\n",
			wantGame{format: FormatUSI, start: shogi.StartSFEN, moves: "2g2f"}},
		{"USI sfen", "position sfen " + bodSFEN + " moves G*2b\n",
			wantGame{format: FormatUSI, start: bodSFEN, moves: "G*2b"}},
		{"SFEN with comment lines", "# a problem\n\nsfen " + bodSFEN + "\n",
			wantGame{format: FormatSFEN, start: bodSFEN}},
	}
	for _, c := range cases {
		g, err := ReadAny([]byte(c.text))
		checkGame(t, c.name, g, err, c.want)
		if Detect([]byte(c.text)) != c.want.format {
			t.Errorf("%s: Detect gives %s", c.name, Detect([]byte(c.text)))
		}
	}
}

// TestReadErrors checks that bad records give a *ParseError with the line
// and a message saying what was expected.
func TestReadErrors(t *testing.T) {
	cases := []struct {
		name string
		read func([]byte) (*Game, error)
		text string
		line int
		msg  string
	}{
		{"KIF illegal move", ReadKIF, "手合割：平手\n1 ７六歩(77)\n2 ９九歩(93)\n", 3, "not legal"},
		{"KIF wrong piece", ReadKIF, "手合割：平手\n1 ７六銀(77)\n", 2, "there is no silver"},
		{"KIF move number", ReadKIF, "手合割：平手\n1 ７六歩(77)\n3 ３四歩(33)\n", 3, "move number 3; want 2"},
		{"KIF garbage", ReadKIF, "手合割：平手\nhello world\n", 2, "want a header"},
		{"KIF bad move text", ReadKIF, "手合割：平手\n1 ７x歩(77)\n", 2, "want a move such as"},
		{"KIF after the time", ReadKIF, "手合割：平手\n1 ７六歩(77) xyz\n", 2, "want the time"},
		{"KIF unknown handicap", ReadKIF, "手合割：七枚落ち\n1 ３四歩(33)\n", 1, "not known"},
		{"KIF 同 first", ReadKIF, "手合割：平手\n1 同　歩(77)\n", 2, "needs a previous move"},
		{"KIF mark for the wrong side", ReadKIF, "手合割：平手\n1 ▲７六歩(77)\n2 ▲３四歩(33)\n", 3, "marked for"},
		{"BOD short row", ReadKIF, "+---------------------------+\n| ・ ・|一\n", 2, "rank 1 has 2 squares"},
		{"BOD unknown piece", ReadKIF, "+---------------------------+\n| ・ ・ ・ ・ 象 ・ ・ ・ ・|一\n", 2, "want a piece"},
		{"BOD eight rows", ReadKIF, "+---------------------------+\n" + strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 8) + "+---------------------------+\n", 10, "8 rows"},
		{"BOD not closed", ReadKIF, "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 1, "not closed"},
		{"BOD bad hand", ReadKIF, "先手の持駒：歩十九\n", 1, "19 歩 in hand"},
		{"BOD hand with a king", ReadKIF, "先手の持駒：玉\n", 1, "want a piece in hand"},
		{"no position", ReadKIF, "表題：なにもない\n", 0, "no position"},
		{"KI2 ambiguous", ReadKI2, "手合割：平手\n▲７六歩 △３四歩 ▲５八金\n", 2, "ambiguous"},
		{"KI2 words that fit no piece", ReadKI2, "手合割：平手\n▲７六歩 △３四歩 ▲５八金引\n", 2, "do not single out"},
		{"KI2 no such move", ReadKI2, "手合割：平手\n▲５五歩\n", 2, "no pawn"},
		{"KI2 glued moves", ReadKI2, "手合割：平手\n▲７六歩x\n", 2, "want a space"},
		{"CSA bad row", ReadCSA, "P1-KY-KE-GI-KI-OU-KI-GI-KE-XX\n", 1, "want \" * \" or a piece"},
		{"CSA illegal move", ReadCSA, "PI\n+\n+7775FU\n", 3, "not legal"},
		{"CSA wrong side", ReadCSA, "PI\n+\n-3334FU\n", 3, "is for"},
		{"CSA wrong piece name", ReadCSA, "PI\n+\n+7776KI\n", 3, "cannot become"},
		{"CSA bad statement", ReadCSA, "PI\n+\nhello\n", 3, "want a CSA statement"},
		{"CSA too many in hand", ReadCSA, "PI\nP+00HI00HI00HI\n", 2, "more than 2 HI"},
		{"CSA moves before the position", ReadCSA, "V2.2\n+7776FU\n", 2, "want the start position"},
		{"CSA PI of a missing piece", ReadCSA, "PI55HI\n", 1, "no HI on 55"},
		{"CSA too many pieces to play", ReadCSA, "PI\nP+00HI00HI\n+\n+7776FU\n", 4, "4 rooks"},
		{"two kings a side", ReadUSI, "position sfen 4k4/9/9/9/9/9/9/9/K3K4 b - 1 moves 5i5h\n", 1, "2 kings"},
		{"side not to move in check", ReadUSI, "position sfen 4k4/9/9/9/9/9/9/9/4R4 b - 1 moves 5i5h\n", 1, "in check"},
		{"USI illegal move", ReadUSI, "position startpos moves 7g7f 7g7f\n", 1, "move 2 (7g7f)"},
		{"USI bad SFEN", ReadUSI, "position sfen x b - 1\n", 1, "bad SFEN"},
		{"SFEN two lines", ReadSFEN, "startpos\nstartpos\n", 2, "a second position"},
		{"unknown format", ReadAny, "hello\n", 0, "cannot tell the format"},
	}
	for _, c := range cases {
		_, err := c.read([]byte(c.text))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %v, want a *ParseError", c.name, err)
			continue
		}
		if pe.Line != c.line || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%s: got line %d %q, want line %d and a message with %q", c.name, pe.Line, pe.Msg, c.line, c.msg)
		}
		if c.line > 0 && !strings.Contains(err.Error(), "line ") {
			t.Errorf("%s: %q does not name the line", c.name, err)
		}
	}
}

// TestReadKI2Words reads moves whose words are the JSA's (right or not)
// in a position where five tokins can go to 8八.
func TestReadKI2Words(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/9/9/1+P7/+P8/+P+P+P6 b - 1") // tokins on 8g 9h 7i 8i 9i
	cases := []struct{ text, usi string }{
		{"▲８八と右", "7i8h"},
		{"▲８八と直", "8i8h"},
		{"▲８八と左上", "9i8h"},
		{"▲８八と上左", "9i8h"}, // the words in the other order
		{"▲８八と寄", "9h8h"},
		{"▲８八と引", "8g8h"},
		{"▲８八と右上", "7i8h"}, // a word too many
		{"▲８八と左寄", "9h8h"},
	}
	for _, c := range cases {
		g, err := ReadKI2([]byte(BOD(&p) + c.text + "\n"))
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if got := usiLine(g.Moves); got != c.usi {
			t.Errorf("%s: read as %s, want %s", c.text, got, c.usi)
		}
	}
	for _, bad := range []string{"▲８八と", "▲８八と上", "▲８八と左"} {
		if _, err := ReadKI2([]byte(BOD(&p) + bad + "\n")); err == nil {
			t.Errorf("%s: no error; it does not single out one tokin", bad)
		}
	}
}
