package shogi

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one line of testdata/perft.txt.
type perftCase struct {
	id    string
	sfen  string
	depth int
	nodes uint64
}

// longPerft is the node count above which a perft case is skipped under -short.
const longPerft = 60_000_000

func readPerftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	var id, sfen string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case strings.HasPrefix(text, "id "):
			id = strings.TrimPrefix(text, "id ")
		case strings.HasPrefix(text, "sfen "):
			sfen = strings.TrimPrefix(text, "sfen ")
		case strings.HasPrefix(text, "perft "):
			fs := strings.Fields(text)
			if len(fs) != 3 {
				t.Fatalf("perft.txt:%d: want \"perft DEPTH NODES\"", line)
			}
			d, err1 := strconv.Atoi(fs[1])
			n, err2 := strconv.ParseUint(fs[2], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("perft.txt:%d: bad numbers", line)
			}
			cases = append(cases, perftCase{id, sfen, d, n})
		default:
			t.Fatalf("perft.txt:%d: unknown line %q", line, text)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestPerft(t *testing.T) {
	for _, c := range readPerftCases(t) {
		t.Run(c.id+"/"+strconv.Itoa(c.depth), func(t *testing.T) {
			if c.nodes > longPerft && testing.Short() {
				t.Skipf("%d nodes: long test, skipped under -short", c.nodes)
			}
			p, err := ParseSFEN(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			if got := Perft(&p, c.depth); got != c.nodes {
				t.Errorf("perft(%s, %d) = %d, want %d", c.sfen, c.depth, got, c.nodes)
			}
		})
	}
}

func TestPerftDivideSumsToPerft(t *testing.T) {
	p, err := ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	if err != nil {
		t.Fatal(err)
	}
	div, total, err := PerftDivide(context.Background(), &p, 2)
	if err != nil {
		t.Fatal(err)
	}
	if total != 28684 || len(div) != 207 {
		t.Fatalf("divide total %d over %d moves, want 28684 over 207", total, len(div))
	}
	var sum uint64
	for i, e := range div {
		sum += e.Nodes
		if i > 0 && div[i-1].USI >= e.USI {
			t.Errorf("divide not sorted: %s before %s", div[i-1].USI, e.USI)
		}
	}
	if sum != total {
		t.Errorf("entries sum to %d, total says %d", sum, total)
	}
}

func BenchmarkPerftStartpos(b *testing.B) {
	benchPerft(b, StartSFEN, 5)
}

func BenchmarkPerftMatsuri(b *testing.B) {
	benchPerft(b, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 4)
}

func benchPerft(b *testing.B, sfen string, depth int) {
	p, err := ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += Perft(&p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
