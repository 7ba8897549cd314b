package maten

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// readProblem is a problem of testdata/reads.tsv: its read, its features
// and its readers' verdicts.
type readProblem struct {
	read     string
	pos      shogi.Position
	line     []shogi.Move
	features appealFeatures
	yes, all int // the readers who said "yes", and all its readers
}

// loadReads reads testdata/reads.tsv, failing the test on a line it
// cannot read.
func loadReads(t *testing.T) []readProblem {
	t.Helper()
	return loadReadsFile(t, "testdata/reads.tsv")
}

// loadReadsFile reads a file of blind reads in the columns of
// testdata/reads.tsv, failing the test on a line it cannot read.
func loadReadsFile(t *testing.T, name string) []readProblem {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []readProblem
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "read\t") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Fatalf("%s:%d: %d columns, want 5", name, n, len(cols))
		}
		pos, err := shogi.ParseSFEN(cols[3])
		if err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		var moves []shogi.Move
		q := pos
		for _, u := range strings.Fields(cols[4]) {
			m, err := q.ParseUSIMove(u)
			if err != nil {
				t.Fatalf("%s:%d: move %s: %v", name, n, u, err)
			}
			moves = append(moves, m)
			q.DoMove(m)
		}
		p := readProblem{read: cols[0], pos: pos, line: moves, features: appealOf(&pos, moves)}
		for v := range strings.SplitSeq(cols[2], ",") {
			switch v {
			case "yes":
				p.yes++
			case "perhaps", "no":
			default:
				t.Fatalf("%s:%d: verdict %q, want yes, perhaps or no", name, n, v)
			}
			p.all++
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// appealPenalty is the L2 penalty of the fit, on the features scaled to a
// unit standard deviation: it keeps a weight that few problems support
// near 0.
const appealPenalty = 10

// fitAppeal fits the appeal model to the problems ps by Newton's method
// on the log-likelihood of every verdict (a "yes" 1, any other 0), with
// the features standardised and an L2 penalty on their weights.
func fitAppeal(ps []readProblem) appealModel {
	return fitAppealOn(ps, appealDims)
}

// fitAppealOn is fitAppeal on the first d features only, the others'
// weights 0: the model as it was before later features were added.
func fitAppealOn(ps []readProblem, d int) appealModel {
	var mean, sd [appealDims]float64
	n := 0.0
	for _, p := range ps {
		x := p.features.vector()
		for j := range d {
			mean[j] += float64(p.all) * x[j]
		}
		n += float64(p.all)
	}
	for j := range d {
		mean[j] /= n
	}
	for _, p := range ps {
		x := p.features.vector()
		for j := range d {
			sd[j] += float64(p.all) * (x[j] - mean[j]) * (x[j] - mean[j])
		}
	}
	for j := range d {
		sd[j] = math.Sqrt(sd[j] / n)
	}
	// w[0] is the intercept, w[1:d+1] the standardised weights; the
	// system is padded to its full size with an identity beyond d.
	var w [appealDims + 1]float64
	for range 50 {
		var g [appealDims + 1]float64
		var h [appealDims + 1][appealDims + 1]float64
		for _, p := range ps {
			x := p.features.vector()
			var z [appealDims + 1]float64
			z[0] = 1
			for j := range d {
				z[j+1] = (x[j] - mean[j]) / sd[j]
			}
			s := 0.0
			for j := range z {
				s += w[j] * z[j]
			}
			pr := 1 / (1 + math.Exp(-s))
			for j := range d + 1 {
				g[j] += (float64(p.all)*pr - float64(p.yes)) * z[j]
				for k := range d + 1 {
					h[j][k] += float64(p.all) * pr * (1 - pr) * z[j] * z[k]
				}
			}
		}
		for j := 1; j <= d; j++ {
			g[j] += appealPenalty * w[j]
			h[j][j] += appealPenalty
		}
		for j := d + 1; j <= appealDims; j++ {
			h[j][j] = 1
		}
		step := solve(h, g)
		for j := range w {
			w[j] -= step[j]
		}
	}
	m := appealModel{Intercept: w[0]}
	for j := range d {
		m.Weights[j] = w[j+1] / sd[j]
		m.Intercept -= w[j+1] * mean[j] / sd[j]
	}
	return m
}

// solve returns x with a·x = b, by Gaussian elimination with partial
// pivoting (a is positive definite here).
func solve(a [appealDims + 1][appealDims + 1]float64, b [appealDims + 1]float64) [appealDims + 1]float64 {
	const n = appealDims + 1
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [n]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}

// round3 rounds x to three decimals.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// The model in the code is the one the reads give: refit, rounded to three
// decimals, it is the same.
func TestAppealModel(t *testing.T) {
	fit := fitAppeal(loadReads(t))
	fit.Intercept = round3(fit.Intercept)
	for j := range fit.Weights {
		fit.Weights[j] = round3(fit.Weights[j])
	}
	if fit != appeal {
		t.Errorf("the reads give the model\n\tIntercept: %v,\n\tWeights:   [appealDims]float64{%s},\nthe code has %+v: refit (appeal.go)", fit.Intercept, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(fit.Weights)), ", "), "[]"), appeal)
	}
}

// The model tells the reads' problems apart when they are held out: fitted
// to the other reads, a read's problems at or above the floor
// (composedMinAppeal) got more "yes" than those under it, at each length.
func TestAppealHeldOut(t *testing.T) {
	ps := loadReads(t)
	var reads []string
	for _, p := range ps {
		if len(reads) == 0 || reads[len(reads)-1] != p.read {
			reads = append(reads, p.read)
		}
	}
	type tally struct{ yes, all, problems int }
	kept, cut := map[int]*tally{}, map[int]*tally{}
	for _, l := range []int{3, 5, 7} {
		kept[l], cut[l] = &tally{}, &tally{}
	}
	for _, r := range reads {
		var train []readProblem
		for _, p := range ps {
			if p.read != r {
				train = append(train, p)
			}
		}
		m := fitAppeal(train)
		for _, p := range ps {
			if p.read != r {
				continue
			}
			tl := cut[p.features.Length]
			if m.predict(&p.features) >= composedMinAppeal {
				tl = kept[p.features.Length]
			}
			tl.yes += p.yes
			tl.all += p.all
			tl.problems++
		}
	}
	for _, l := range []int{3, 5, 7} {
		k, c := kept[l], cut[l]
		kr, cr := float64(k.yes)/float64(k.all), float64(c.yes)/float64(c.all)
		t.Logf("%d plies: %d problems at or above %.2f, %.0f%% yes; %d under it, %.0f%% yes", l, k.problems, composedMinAppeal, 100*kr, c.problems, 100*cr)
		if c.problems == 0 || kr < cr+0.15 {
			t.Errorf("%d plies: held out, the problems the model keeps got %.0f%% yes and those it cuts %.0f%% (%d problems): want a gap of 15 points or more", l, 100*kr, 100*cr, c.problems)
		}
	}
}

// Each feature is what its name says, on three problems of the reads.
// Read 55's first: the king on 8三 with three free squares and five of
// its pieces round it, the horse and silver on 9一 and 8一 in its camp,
// the rook dropped on 9三 and taken, and after the drop one king move
// (the capture). Read 56's thirtieth: five attacking pieces on the board,
// two of them lances. Read 36's fifteenth: a mate-in-5 of two attacking
// pieces and an empty hand, two short of four.
func TestAppealFeatures(t *testing.T) {
	for _, c := range []struct {
		sfen  string
		moves []string
		want  appealFeatures
	}{
		{"+BS7/1sg6/1k7/lgp6/9/9/9/9/9 b Rrb2g2s4n3l17p 1", []string{"R*9c", "8c9c", "9a9b"},
			appealFeatures{Length: 3, LastKingMoves: 1, FreeAroundKing: 3, NextToKing: 5, Sacrifices: 1, InCamp: 2}},
		{"2g1k4/4sL3/3+R1Ls2/4N4/7B1/9/9/9/9 b Nrb3g2s2n2l18p 1", strings.Fields("4b4a+ 5b4a 4c4b+ 3c4b 6c6a 7a6a N*6c"),
			appealFeatures{Length: 7, LastKingMoves: 0, FreeAroundKing: 3, NextToKing: 1, Sacrifices: 3, InCamp: 3, Crowd: 1, Lances: 1}},
		{"5+B1k1/8g/7Gg/9/9/9/9/9/9 b 2rbg4s4n4l18p 1", strings.Fields("4a3b 2a1a 2c1b 1a1b G*2b"),
			appealFeatures{Length: 5, LastKingMoves: 1, FreeAroundKing: 4, NextToKing: 1, Sacrifices: 1, InCamp: 2, Light: 2}},
	} {
		pos, moves := line(t, c.sfen, c.moves...)
		if got := appealOf(&pos, moves); got != c.want {
			t.Errorf("%s: features %+v, want %+v", c.sfen, got, c.want)
		}
	}
	pos, moves := line(t, "+BS7/1sg6/1k7/lgp6/9/9/9/9/9 b Rrb2g2s4n3l17p 1", "R*9c", "8c9c", "9a9b")
	a := Appeal(&pos, moves)
	if a <= 0 || a >= 1 {
		t.Errorf("Appeal = %v, want a share between 0 and 1", a)
	}
	if got := Appeal(&pos, moves[:1]); got != 0 {
		t.Errorf("Appeal of a mate-in-1 = %v, want 0 (no read judged one)", got)
	}
}

// The model's signs are those the reads show: a sacrifice and a piece next
// to the king raise the appeal; a king with more moves before the mate, a
// longer line, free squares round the king, attacker pieces in its camp,
// a crowd of attackers, too little material and doubled lances lower it.
func TestAppealSigns(t *testing.T) {
	base := appealFeatures{Length: 5, LastKingMoves: 1, FreeAroundKing: 3, NextToKing: 2, Sacrifices: 1, InCamp: 1}
	p := appeal.predict(&base)
	for _, c := range []struct {
		name   string
		change func(*appealFeatures)
		up     bool
	}{
		{"a sacrifice more", func(f *appealFeatures) { f.Sacrifices++ }, true},
		{"a piece more next to the king", func(f *appealFeatures) { f.NextToKing++ }, true},
		{"a king move more at the last reply", func(f *appealFeatures) { f.LastKingMoves++ }, false},
		{"two plies more", func(f *appealFeatures) { f.Length += 2 }, false},
		{"a free square more", func(f *appealFeatures) { f.FreeAroundKing++ }, false},
		{"an attacker piece more in the camp", func(f *appealFeatures) { f.InCamp++ }, false},
		{"a fifth attacking piece on the board", func(f *appealFeatures) { f.Crowd++ }, false},
		{"a piece less of the attacker's material", func(f *appealFeatures) { f.Light++ }, false},
		{"a second lance", func(f *appealFeatures) { f.Lances++ }, false},
	} {
		f := base
		c.change(&f)
		if got := appeal.predict(&f); (got > p) != c.up {
			t.Errorf("%s: appeal %.3f from %.3f, want it %s", c.name, got, p, map[bool]string{true: "higher", false: "lower"}[c.up])
		}
	}
}

// TestAppealLaterReads: on the reads made after the fit
// (testdata/reads-later.tsv, every problem above the floor), the model's
// mean appeal by length is within 0.1 of the share of "yes" the readers
// gave.
func TestAppealLaterReads(t *testing.T) {
	type tally struct {
		appeal        float64
		yes, verdicts int
		problems      int
	}
	by := map[int]*tally{}
	for _, p := range loadReadsFile(t, "testdata/reads-later.tsv") {
		l := p.features.Length
		if by[l] == nil {
			by[l] = &tally{}
		}
		b := by[l]
		b.appeal += appeal.predict(&p.features)
		b.yes += p.yes
		b.verdicts += p.all
		b.problems++
	}
	for _, l := range []int{3, 5, 7} {
		b := by[l]
		if b == nil || b.problems == 0 {
			t.Fatalf("no later read of %d plies", l)
		}
		mean, share := b.appeal/float64(b.problems), float64(b.yes)/float64(b.verdicts)
		t.Logf("%d plies: %d problems, mean appeal %.3f, %.3f yes", l, b.problems, mean, share)
		if math.Abs(mean-share) > 0.1 {
			t.Errorf("%d plies: mean appeal %.3f, but %.3f of the verdicts are yes", l, mean, share)
		}
	}
}

// TestAppealLaterFeatures: the three features added after reads 56–60
// (Crowd, Light and Lances) predict the later reads (56–61), which the
// fit did not see, better than the six before them: the log loss of
// their verdicts is lower under the model than under the six-feature
// model fitted to the same reads, and the problems the model puts under
// the floor got fewer "yes" than the rest.
func TestAppealLaterFeatures(t *testing.T) {
	six := fitAppealOn(loadReads(t), 6)
	later := loadReadsFile(t, "testdata/reads-later.tsv")
	loss := func(m *appealModel) float64 {
		l, n := 0.0, 0
		for _, p := range later {
			pr := m.predict(&p.features)
			l -= float64(p.yes)*math.Log(pr) + float64(p.all-p.yes)*math.Log(1-pr)
			n += p.all
		}
		return l / float64(n)
	}
	before, after := loss(&six), loss(&appeal)
	t.Logf("log loss of the later reads: %.4f with six features, %.4f with nine", before, after)
	if after >= before {
		t.Errorf("the nine-feature model's log loss on the later reads is %.4f, not below the six-feature model's %.4f", after, before)
	}
	var kept, cut struct{ yes, all, problems int }
	for _, p := range later {
		c := &kept
		if appeal.predict(&p.features) < composedMinAppeal {
			c = &cut
		}
		c.yes += p.yes
		c.all += p.all
		c.problems++
	}
	kr, cr := float64(kept.yes)/float64(kept.all), float64(cut.yes)/float64(cut.all)
	t.Logf("%d problems at or above the floor, %.3f yes; %d under it, %.3f yes", kept.problems, kr, cut.problems, cr)
	if cut.problems == 0 || kr <= cr {
		t.Errorf("the later reads' problems under the floor got %.3f yes (%d problems), those above %.3f: want fewer under it", cr, cut.problems, kr)
	}
}
