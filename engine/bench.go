package engine

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

//go:embed testdata/bench.sfen
var benchList string

// BenchDepth is the depth tsume bench --engine searches each position to.
const BenchDepth = 7

// BenchPositions returns the positions of the engine's bench: the start
// position and middle games, one SFEN a line of testdata/bench.sfen.
func BenchPositions() ([]shogi.Position, error) {
	var ps []shogi.Position
	for i, line := range strings.Split(benchList, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := shogi.ParseSFEN(line)
		if err != nil {
			return nil, fmt.Errorf("engine: bench line %d: %w", i+1, err)
		}
		ps = append(ps, p)
	}
	return ps, nil
}
