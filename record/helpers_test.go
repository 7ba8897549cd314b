package record

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// testLine is a start position with a line of moves from it.
type testLine struct {
	name  string
	start shogi.Position
	moves []shogi.Move
}

// mustSFEN parses sfen or stops the test.
func mustSFEN(t testing.TB, sfen string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return p
}

// mustMoves reads USI moves from p or stops the test.
func mustMoves(t testing.TB, p shogi.Position, usi string) []shogi.Move {
	t.Helper()
	var ms []shogi.Move
	for _, u := range strings.Fields(usi) {
		m, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		ms = append(ms, m)
		p.DoMove(m)
	}
	return ms
}

// perftPositions returns the positions of the rules core's perft table.
func perftPositions(t testing.TB) []testLine {
	t.Helper()
	f, err := os.Open("../shogi/testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []testLine
	id := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "id "):
			id = strings.TrimPrefix(text, "id ")
		case strings.HasPrefix(text, "sfen "):
			out = append(out, testLine{name: "perft/" + id, start: mustSFEN(t, strings.TrimPrefix(text, "sfen "))})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no positions in perft.txt")
	}
	return out
}

// classicProblems returns the classic problems of
// ../problem/testdata/classic-tsume.tsv with their recorded main lines.
func classicProblems(t testing.TB) []testLine {
	t.Helper()
	ps, err := problem.ReadTSVFile("../problem/testdata/classic-tsume.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []testLine
	for _, p := range ps {
		out = append(out, testLine{name: "classic/" + p.ID, start: p.Position, moves: p.Line})
	}
	return out
}

// randomGame plays up to n random legal moves from p, with the generator
// seeded by seed.
func randomGame(p shogi.Position, n int, seed uint64) []shogi.Move {
	rng := rand.New(rand.NewPCG(seed, 0x7473756d65))
	var buf [shogi.MaxMoves]shogi.Move
	var ms []shogi.Move
	for range n {
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		ms = append(ms, m)
		p.DoMove(m)
	}
	return ms
}

// testLines returns every line the round-trip tests use: the perft
// positions alone and with random games, the classic problems with their
// solutions, and random games from the initial position.
func testLines(t testing.TB, games int) []testLine {
	t.Helper()
	var out []testLine
	for i, tl := range perftPositions(t) {
		out = append(out, tl)
		for j := range 3 {
			out = append(out, testLine{name: tl.name + "/random", start: tl.start, moves: randomGame(tl.start, 40, uint64(100*i+j))})
		}
	}
	out = append(out, classicProblems(t)...)
	start := shogi.Startpos()
	for i := range games {
		out = append(out, testLine{name: "startpos/random", start: start, moves: randomGame(start, 150, uint64(i))})
	}
	return out
}

// normalized returns p with move number 1: the record formats other than
// SFEN do not keep the move number.
func normalized(p shogi.Position) shogi.Position {
	p.SetMoveNumber(1)
	return p
}

// usiLine writes moves in USI, for messages.
func usiLine(ms []shogi.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// fmtSscan reads "random N SEED".
func fmtSscan(s string, n *int, seed *uint64) (int, error) {
	return fmt.Sscanf(s, "random %d %d", n, seed)
}
