package variant

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	id, sfen string
	depth    []int
	nodes    []uint64
}

// perftCases reads the published perft counts of the shared test data.
func perftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("../shogi/testdata/perft.txt")
	if err != nil {
		t.Skip("no perft data:", err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		switch {
		case len(w) == 0 || strings.HasPrefix(w[0], "#"):
		case w[0] == "id":
			out = append(out, perftCase{id: w[1]})
		case w[0] == "sfen":
			out[len(out)-1].sfen = strings.Join(w[1:], " ")
		case w[0] == "perft":
			d, _ := strconv.Atoi(w[1])
			n, _ := strconv.ParseUint(w[2], 10, 64)
			c := &out[len(out)-1]
			c.depth = append(c.depth, d)
			c.nodes = append(c.nodes, n)
		}
	}
	return out
}

func perftSFENs(t testing.TB) []string {
	var out []string
	for _, c := range perftCases(t) {
		out = append(out, c.sfen)
	}
	return out
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 15)) }
