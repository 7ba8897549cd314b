package selfplay_test

import (
	"context"
	"fmt"

	"github.com/tsume-shogi/tsume/selfplay"
)

// Two short games from the castle book, their records ready for
// record's writers and the miner.
func ExamplePlay() {
	cfg := selfplay.Config{Games: 2, Seed: 1, Nodes: 1000, MateNodes: 1000, HashMB: 1}
	for g, err := range selfplay.Play(context.Background(), cfg) {
		if err != nil {
			fmt.Println(err)
			return
		}
		black, _ := g.Record.Header("先手")
		fmt.Printf("game %d, %s, %s: %s, %d plies\n", g.Index+1, g.Opening, black, g.Ending.Summary(), len(g.Record.Moves))
	}
	// Output:
	// game 1, ▲四間飛車美濃 △居飛車穴熊, tsume (nodes 1000): black wins by checkmate, 123 plies
	// game 2, ▲矢倉 △矢倉, tsume (nodes 1000): white wins by checkmate, 118 plies
}
