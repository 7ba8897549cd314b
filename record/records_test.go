package record

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestReadRecords reads files of several records: KIF as tsume generate
// writes them (a comment line, headers, a board, one move, まで), KIF with
// variations, CSA separated by "/" lines, and SFEN lines.
func TestReadRecords(t *testing.T) {
	p1, _ := shogi.ParseSFEN("4k4/9/4S4/9/9/9/9/9/9 b G 1")
	p2, _ := shogi.ParseSFEN("8k/9/7S1/9/9/9/9/9/9 b G 1")
	var kif strings.Builder
	for i, p := range []shogi.Position{p1, p2} {
		m, err := p.ParseUSIMove("G*5b")
		if i == 1 {
			m, err = p.ParseUSIMove("G*1b")
		}
		if err != nil {
			t.Fatal(err)
		}
		s, err := KIF(&p, []shogi.Move{m}, []KIFHeader{{Key: "表題", Value: "一手詰"}}, true)
		if err != nil {
			t.Fatal(err)
		}
		kif.WriteString("# ---- problem ----\n" + s + "\n")
	}
	games, err := ReadRecords([]byte(kif.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Start.SFEN() != p1.SFEN() || games[1].Start.SFEN() != p2.SFEN() {
		t.Fatalf("got %d games; want the two problems", len(games))
	}
	lines := strings.Split(kif.String(), "\n")
	for _, g := range games {
		if !strings.HasPrefix(lines[g.Line-1], "表題") || len(g.Moves) != 1 || g.End == "" {
			t.Errorf("game at line %d (%q): %d moves, end %q", g.Line, lines[g.Line-1], len(g.Moves), g.End)
		}
	}
	// The single-record reader still reads the first record only.
	if g, err := ReadKIF([]byte(kif.String())); err != nil || g.Start.SFEN() != p1.SFEN() {
		t.Errorf("ReadKIF: %v", err)
	}

	// Variations belong to their record.
	withVariation := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\nまで2手で中断\n\n変化：2手\n   2 ８四歩(83)\n"
	if games, err := ReadRecords([]byte(withVariation + "\n" + withVariation)); err != nil || len(games) != 2 || len(games[1].Moves) != 2 {
		t.Errorf("KIF with variations: %d games, %v; want 2", len(games), err)
	}

	csa := "V2.2\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n"
	if games, err := ReadRecords([]byte(csa)); err != nil || len(games) != 2 || len(games[1].Moves) != 2 || games[1].Line != 7 {
		t.Errorf("CSA: %d games, %v; want 2", len(games), err)
	}

	sfens := "# two positions\n" + p1.SFEN() + "\n\nposition startpos moves 7g7f\n"
	if games, err := ReadRecords([]byte(sfens)); err != nil || len(games) != 2 || games[1].Line != 4 || len(games[1].Moves) != 1 {
		t.Errorf("SFEN lines: %d games, %v; want 2", len(games), err)
	}
	if _, err := ReadRecords([]byte("# nothing\n")); err == nil {
		t.Error("a text without a record: no error")
	}
}

// TestDecodeErrors checks how text that is not valid UTF-8 is reported:
// UTF-8 text with a bad byte at that byte, bytes that are not text at
// all as such, and Shift_JIS still read.
func TestDecodeErrors(t *testing.T) {
	bad := []byte("表題：壊れた棋譜\n先手：テスト\n後手：\xff\xfe\n手数----指手---------消費時間--\n   1 ７六歩(77)\n")
	for _, read := range []func([]byte) (*Game, error){ReadKIF, ReadAny} {
		_, err := read(bad)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 3 || pe.Format != FormatKIF ||
			pe.Msg != "byte 0xff at offset 9 of the line is not valid UTF-8 (the text before it is)" {
			t.Errorf("bad UTF-8: %v", err)
		}
	}

	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		data := make([]byte, 200)
		for i := range data {
			data[i] = byte(r.UintN(256))
		}
		if f := Detect(data); f != FormatUnknown {
			t.Errorf("random bytes detected as %s", f)
		}
		_, err := ReadAny(data)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Format != FormatUnknown || !strings.HasPrefix(pe.Msg, "cannot tell the format") {
			t.Errorf("random bytes: %v", err)
		}
	}

	// 手合割：平手 in Shift_JIS.
	sjis := []byte("\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\n")
	if g, err := ReadKIF(sjis); err != nil || g.Start.SFEN() != shogi.StartSFEN {
		t.Errorf("Shift_JIS: %v", err)
	}
}

// TestUSIErrorOffsets checks that a bad SFEN in a USI command is reported
// at its place in the line, with the rules core's error kept.
func TestUSIErrorOffsets(t *testing.T) {
	_, err := ReadUSI([]byte("position  sfen 4k4/9/4x4/9/9/9/9/9/9 b G 1"))
	var se *shogi.SyntaxError
	if !errors.As(err, &se) || se.Offset != 22 || se.Input[se.Offset] != 'x' {
		t.Fatalf("error %v; want a *shogi.SyntaxError at offset 22", err)
	}
	_, err = ReadUSI([]byte("position startpos moves 7g7f 7g7f"))
	var ime *shogi.IllegalMoveError
	if !errors.As(err, &ime) || !strings.Contains(err.Error(), "record: USI line 1: move 2 (7g7f): illegal move 7g7f") {
		t.Errorf("error %v; want a wrapped *shogi.IllegalMoveError", err)
	}
}

// TestReadRecordsCSAFile reads a CSA file of several records as the CSA
// standard writes one: the version line once, then the records separated
// by "/" lines, each after a comment line (as tsume generate writes
// them). Every record is read, each Line at its comment.
func TestReadRecordsCSAFile(t *testing.T) {
	csa := "'---- problem 0 ----\nV2.2\nP1 *  *  *  *  *  *  *  * -OU\nP+00KI\nP3 *  *  *  *  *  *  * +FU * \n+\n+0012KI\n%TSUMI\n" +
		"/\n'---- problem 1 ----\nP1-OU *  *  *  *  *  *  *  * \nP+00KI\nP3 * +FU *  *  *  *  *  *  * \n+\n+0092KI\n%TSUMI\n"
	games, err := ReadRecords([]byte(csa))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		sfen, move string
		line       int
	}{
		{"8k/9/7P1/9/9/9/9/9/9 b G 1", "G*1b", 1},
		{"k8/9/1P7/9/9/9/9/9/9 b G 1", "G*9b", 10},
	}
	if len(games) != len(want) {
		t.Fatalf("%d records; want %d", len(games), len(want))
	}
	for i, w := range want {
		g := games[i]
		if g.Start.SFEN() != w.sfen || len(g.Moves) != 1 || g.Moves[0].String() != w.move || g.Line != w.line || g.End != "%TSUMI" {
			t.Errorf("record %d: %s %v at line %d, end %q; want %s %s at line %d", i+1, g.Start.SFEN(), g.Moves, g.Line, g.End, w.sfen, w.move, w.line)
		}
	}
}

// TestReadAnyBadSFEN checks that a text that starts like an SFEN board is
// read as an SFEN, so that a mistake in it is the SFEN reader's error
// (field, offset in the line, character), the same as shogi.ParseSFEN's;
// and that text with slashes that is no board is still of no format.
func TestReadAnyBadSFEN(t *testing.T) {
	const bad = "8k/9/9/7Rx/9/9/9/9/9 b B 1"
	_, perr := shogi.ParseSFEN(bad)
	var want *shogi.SyntaxError
	if !errors.As(perr, &want) {
		t.Fatalf("ParseSFEN: %v", perr)
	}
	for _, c := range []struct {
		text   string
		format Format
		offset int
	}{
		{bad + "\n", FormatSFEN, 9},
		{"# a comment\n" + bad + "\n", FormatSFEN, 9},
		{"  " + bad + "  \n", FormatSFEN, 11},
		{"position sfen " + bad + " moves 1a1b\n", FormatUSI, 23},
		{"8k/9/9/7Rx b B 1\n", FormatSFEN, -1}, // a board of four ranks
	} {
		for _, read := range []func([]byte) (*Game, error){ReadAny, readRecords1} {
			_, err := read([]byte(c.text))
			var pe *ParseError
			var se *shogi.SyntaxError
			if !errors.As(err, &pe) || pe.Format != c.format || !errors.As(err, &se) || pe.Msg != se.Message() {
				t.Errorf("%q: %v; want a %s error with the SFEN reader's message", c.text, err, c.format)
				continue
			}
			if c.offset >= 0 && (se.Offset != c.offset || se.Field != want.Field || se.Msg != want.Msg) {
				t.Errorf("%q: %q; want the error of ParseSFEN at offset %d", c.text, pe.Msg, c.offset)
			}
		}
	}
	for _, text := range []string{"2024/01/02 a date\n", "hello/world\n", "1/2/3 4\n"} {
		if _, err := ReadAny([]byte(text)); err == nil || !strings.Contains(err.Error(), "cannot tell the format") {
			t.Errorf("%q: %v; want cannot tell the format", text, err)
		}
	}
}

// readRecords1 reads data with ReadRecords, for the tests that call a
// reader of one record.
func readRecords1(data []byte) (*Game, error) {
	gs, err := ReadRecords(data)
	if err != nil {
		return nil, err
	}
	return gs[0], nil
}

// ReadRecordsSkipping reads the good records around a bad one and names
// the bad one's line, in KIF, CSA and USI files.
func TestReadRecordsSkipping(t *testing.T) {
	good := "先手：甲\n後手：乙\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\nまで2手で中断\n"
	bad := "先手：丙\n後手：丁\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\nまで2手で中断\n"
	cases := []struct {
		name, text string
		games      int
		badLine    int
	}{
		{"KIF", good + "\n" + bad + "\n" + good, 2, 14},
		{"CSA", "V2.2\nPI\n+\n+7776FU\n/\nV2.2\nPI\n+\n+7776FU\n-7776FU\n/\nV2.2\nPI\n+\n+2726FU\n", 2, 10},
		{"USI", "position startpos moves 7g7f\nposition startpos moves 7g7f 7g7f\nposition startpos moves 2g2f\n", 2, 2},
	}
	for _, c := range cases {
		games, errs := ReadRecordsSkipping([]byte(c.text))
		var pe *ParseError
		if len(games) != c.games || len(errs) != 1 || !errors.As(errs[0], &pe) || pe.Line != c.badLine {
			t.Errorf("%s: %d games, errors %v; want %d games and one error at line %d", c.name, len(games), errs, c.games, c.badLine)
			continue
		}
		if _, err := ReadRecords([]byte(c.text)); err == nil {
			t.Errorf("%s: ReadRecords read a file with a bad record", c.name)
		}
	}
	if games, errs := ReadRecordsSkipping([]byte("\n\n")); len(games) != 0 || len(errs) != 1 {
		t.Errorf("an empty text: %d games, %v; want one error", len(games), errs)
	}
}

// KIFComments writes each comment after the line of its move, and the
// reader gives them back at the same plies.
func TestKIFComments(t *testing.T) {
	p := shogi.Startpos()
	var moves []shogi.Move
	q := p
	for _, u := range []string{"7g7f", "3c3d", "2g2f"} {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		q.DoMove(m)
	}
	comments := []Comment{{Ply: 0, Text: "開始"}, {Ply: 2, Text: "二手目\n二行目"}, {Ply: 3, Text: "終わり"}}
	s, err := KIFComments(&p, moves, nil, comments, false)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadKIF([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	want := []Comment{{0, "開始"}, {2, "二手目"}, {2, "二行目"}, {3, "終わり"}}
	if len(g.Moves) != 3 || len(g.Comments) != len(want) {
		t.Fatalf("read back %d moves, comments %v from\n%s", len(g.Moves), g.Comments, s)
	}
	for i, c := range want {
		if g.Comments[i] != c {
			t.Errorf("comment %d: %+v, want %+v", i, g.Comments[i], c)
		}
	}
	if _, err := KIFComments(&p, moves, nil, []Comment{{Ply: 4, Text: "x"}}, false); err == nil {
		t.Error("a comment beyond the moves was written")
	}
}
