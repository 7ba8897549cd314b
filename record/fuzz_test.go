package record

import (
	"os"
	"path/filepath"
	"testing"
)

// addSeeds adds the reader test files and the golden files to the corpus.
func addSeeds(f *testing.F, patterns ...string) {
	for _, pat := range patterns {
		files, err := filepath.Glob(filepath.Join("testdata", pat))
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
}

// checkRead checks what a reader made of data: no panic (the fuzzer
// catches those), a game whose moves are legal in turn, and a record that
// the writer of the same format writes and the reader reads back to the
// same start position and moves.
func checkRead(t *testing.T, g *Game, err error, c codec) {
	if err != nil {
		if _, ok := err.(*ParseError); !ok {
			t.Fatalf("error %v is not a *ParseError", err)
		}
		return
	}
	p := g.Start
	for i, m := range g.Moves {
		if !p.IsLegal(m) {
			t.Fatalf("move %d (%s) is not legal", i+1, m)
		}
		p.DoMove(m)
	}
	if _, err := g.PositionAt(len(g.Moves)); err != nil {
		t.Fatal(err)
	}
	text, err := c.write(&g.Start, g.Moves, g.Headers, true)
	if err != nil {
		t.Fatalf("writing the game back: %v", err)
	}
	h, err := c.read([]byte(text))
	if err != nil {
		t.Fatalf("reading back what was written: %v\n%s", err, text)
	}
	if normalized(h.Start) != normalized(g.Start) || usiLine(h.Moves) != usiLine(g.Moves) {
		t.Fatalf("the record does not read back:\n%s\n%s %s\nwant\n%s %s", text, h.Start.SFEN(), usiLine(h.Moves), g.Start.SFEN(), usiLine(g.Moves))
	}
}

func FuzzReadKIF(f *testing.F) {
	addSeeds(f, "read/*.kif", "golden/*.kif", "golden/*.bod")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadKIF(data)
		checkRead(t, g, err, codecs[0])
	})
}

func FuzzReadKI2(f *testing.F) {
	addSeeds(f, "read/*.ki2", "golden/*.ki2")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadKI2(data)
		checkRead(t, g, err, codecs[1])
	})
}

func FuzzReadCSA(f *testing.F) {
	addSeeds(f, "read/*.csa", "golden/*.csa")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadCSA(data)
		checkRead(t, g, err, codecs[2])
	})
}

func FuzzReadAny(f *testing.F) {
	addSeeds(f, "read/*", "golden/*")
	f.Add([]byte("position startpos moves 7g7f 3c3d\n"))
	f.Add([]byte("sfen 4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadAny(data)
		checkRead(t, g, err, codecs[0])
		if err == nil && Detect(data) != g.Format {
			t.Fatalf("Detect gives %s, ReadAny read %s", Detect(data), g.Format)
		}
	})
}

func FuzzReadRecords(f *testing.F) {
	addSeeds(f, "read/*", "golden/*")
	f.Add([]byte("# one\n手合割：平手\n   1 ７六歩(77)\nまで1手で中断\n\n# two\n手合割：平手\n   1 ２六歩(27)\n"))
	f.Add([]byte("V2.2\nPI\n+\n+7776FU\n/\nV2.2\nPI\n+\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := ReadRecords(data)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		for _, g := range games {
			p := g.Start
			for i, m := range g.Moves {
				if !p.IsLegal(m) {
					t.Fatalf("record at line %d: move %d (%s) is not legal", g.Line, i+1, m)
				}
				p.DoMove(m)
			}
		}
		// The first record is the one ReadAny reads.
		if g, err := ReadAny(data); err == nil && (g.Start.SFEN() != games[0].Start.SFEN() || usiLine(g.Moves) != usiLine(games[0].Moves)) {
			t.Fatalf("ReadAny read %s %s, ReadRecords %s %s", g.Start.SFEN(), usiLine(g.Moves), games[0].Start.SFEN(), usiLine(games[0].Moves))
		}
	})
}
