package maten

import (
	"fmt"
	"os"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestZZDump(t *testing.T) {
	f, _ := os.Create("/tmp/s43/reads.csv")
	defer f.Close()
	fmt.Fprintln(f, "read,later,len,lkm,free,next,sac,incamp,natt,nde,hand,lances,yes,all")
	dump := func(ps []readProblem, later int) {
		for _, p := range ps {
			natt, lances := 0, 0
			for b := p.pos.ByColor(shogi.Black); b.Any(); {
				s := b.PopLSB()
				natt++
				if p.pos.PieceAt(s).Kind() == shogi.Lance {
					lances++
				}
			}
			x := p.features
			fmt.Fprintf(f, "%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n", p.read, later, x.Length, x.LastKingMoves, x.FreeAroundKing, x.NextToKing, x.Sacrifices, x.InCamp, natt, p.pos.ByColor(shogi.White).Count()-1, p.pos.Hand(shogi.Black).Total(), lances, p.yes, p.all)
		}
	}
	dump(loadReads(t), 0)
	dump(loadReadsFile(t, "testdata/reads-later.tsv"), 1)
}
