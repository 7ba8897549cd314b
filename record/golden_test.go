package record

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden/ with the current output")

// goldenLine is a record written to golden files in every format.
type goldenLine struct {
	name    string
	sfen    string
	usi     string // the moves, or "random N SEED" for a random game
	headers []KIFHeader
}

var goldenLines = []goldenLine{
	// A mate-in-1 problem: a drop that mates, every kind in White's hand.
	{"problem", "4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1", "L*4b",
		[]KIFHeader{{Key: "表題", Value: "一手詰"}, {Key: "作者", Value: "tsume"}}},
	// A classic problem (将棋図巧 第36番) with its 13-move solution: drops,
	// 同, promotions.
	{"zukou-036", "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1",
		"G*2e 3f2e 4e3f 2e3f G*2e 3f2e 2f3f 4g3f+ 5i4g 3f4g G*2f 3e4d 1e3c+",
		[]KIFHeader{{Key: "表題", Value: "将棋図巧 第36番"}}},
	// An opening from the initial position: 同, a drop, the words 左, 上, 寄.
	{"opening", shogi.StartSFEN,
		"7g7f 3c3d 8h2b+ 3a2b B*4e 4a3b 6i5h 6a5b 4i4h 5a4a 4h4i 2b3c 5h4h 3c4d 4e3d",
		[]KIFHeader{{Key: "先手", Value: "先手の人"}, {Key: "後手", Value: "後手の人"}, {Key: "棋戦", Value: "練習"}}},
	// A random game: words, 不成, drops with and without 打 in KI2.
	{"random", shogi.StartSFEN, "random 60 128", nil},
	// White to move with both hands full (the "matsuri" perft position).
	{"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", "random 6 1", nil},
}

func (gl goldenLine) moves(t *testing.T) (shogi.Position, []shogi.Move) {
	p := mustSFEN(t, gl.sfen)
	var n int
	var seed uint64
	if _, err := fmtSscan(gl.usi, &n, &seed); err == nil {
		return p, randomGame(p, n, seed)
	}
	return p, mustMoves(t, p, gl.usi)
}

// checkGolden compares got with testdata/golden/name, or rewrites it with
// -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./record -update' to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run 'go test ./record -update' if the change is intended)\n--- got ---\n%s--- want ---\n%s", path, got, want)
	}
}

// TestGoldenWriters compares each writer's output with its golden file and
// reads the golden file back.
func TestGoldenWriters(t *testing.T) {
	for _, gl := range goldenLines {
		p, moves := gl.moves(t)
		checkGolden(t, gl.name+".bod", BOD(&p))
		for _, c := range codecs {
			text, err := c.write(&p, moves, gl.headers, true)
			if err != nil {
				t.Fatalf("%s: %v", gl.name, err)
			}
			ext := map[Format]string{FormatKIF: ".kif", FormatKI2: ".ki2", FormatCSA: ".csa"}[c.format]
			checkGolden(t, gl.name+ext, text)
			g, err := c.read([]byte(text))
			if err != nil {
				t.Fatalf("%s%s: %v", gl.name, ext, err)
			}
			if normalized(g.Start) != normalized(p) || usiLine(g.Moves) != usiLine(moves) {
				t.Errorf("%s%s does not read back", gl.name, ext)
			}
		}
	}
}
