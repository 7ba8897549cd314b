package cli

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// mateOneFlags are the filters of generate that apply to mate-in-1 only.
var mateOneFlags = []string{"max-checks", "max-legal", "allow-leftover", "allow-promotion-ambiguity", "mate", "difficulty", "symmetric"}

// mateNOnlyFlags are the filters of generate that apply to mate-in-N
// only: the composer's metrics of the main line.
var mateNOnlyFlags = []string{"style", "min-sacrifices", "quiet-first", "min-refusals", "min-distant-drops", "max-final-pieces", "min-branching", "min-beauty", "min-quality", "theme", "optimize", "optimize-budget", "variety-cap"}

// filterFlags are the flags of the composer's filters (maten.Filter)
// and of the local search that raises the beauty score.
type filterFlags struct {
	minSacrifices, minRefusals, minDistantDrops, maxFinalPieces *int
	quietFirst                                                  *bool
	minBranching, minBeauty, minQuality                         *float64
	optimize, themes                                            *string
	optimizeBudget, varietyCap                                  *int
	style                                                       *string
}

// newFilterFlags defines the flags of the composer's filters in fs.
func newFilterFlags(fs *flag.FlagSet) *filterFlags {
	return &filterFlags{
		minSacrifices:   fs.Int("min-sacrifices", 0, "mate-in-N: at least `K` sacrifices (捨て駒: a piece taken on the next ply)"),
		minRefusals:     fs.Int("min-refusals", 0, "mate-in-N: at least `K` promotion refusals (不成 where promoting was legal)"),
		minDistantDrops: fs.Int("min-distant-drops", 0, "mate-in-N: at least `K` drops not next to White's king"),
		maxFinalPieces:  fs.Int("max-final-pieces", 0, "mate-in-N: at most `K` Black pieces on the board at the mate (0: no limit)"),
		quietFirst:      fs.Bool("quiet-first", false, "mate-in-N: a first move that captures nothing"),
		minBranching:    fs.Float64("min-branching", 0, "mate-in-N: at least `X` replies of White on average along the line"),
		minBeauty:       fs.Float64("min-beauty", 0, "mate-in-N: a beauty score of at least `X` (0: no limit)"),
		minQuality:      fs.Float64("min-quality", 0, "mate-in-N: a quality score of at least `X` (docs/quality.md)"),
		themes:          fs.String("theme", "", "mate-in-N: with every theme of `NAMES` (a,b; docs/themes.md)"),
		optimize:        fs.String("optimize", "", "mate-in-N: raise each problem's `score` by a local search: quality (or beauty)"),
		varietyCap:      fs.Int("variety-cap", 10, "mate-in-N: at most `P`% of a run per theme, mating piece, region"),
		style:           fs.String("style", "composed", "mate-in-N: `style` composed, free or realistic (game-like)"),
		optimizeBudget:  fs.Int("optimize-budget", 0, fmt.Sprintf("with --optimize: judge at most `N` mutations per problem (0: %d)", maten.DefaultOptimizeBudget)),
	}
}

// setOptimize sets the local search of m from the flags, appending to
// errs what is wrong with them.
func (f *filterFlags) setOptimize(fs *flag.FlagSet, m *maten.Options, errs []error) []error {
	if isSet(fs, "optimize") {
		var err error
		if m.Optimize, err = maten.ParseObjective(*f.optimize); err != nil {
			errs = append(errs, fmt.Errorf("--optimize: %w", err))
		}
	} else if isSet(fs, "optimize-budget") {
		errs = append(errs, errors.New("--optimize-budget needs --optimize quality"))
	}
	if *f.optimizeBudget < 0 {
		errs = append(errs, fmt.Errorf("--optimize-budget %d: want at least 1 mutation, or 0 for the default", *f.optimizeBudget))
	}
	m.OptimizeBudget = max(*f.optimizeBudget, 0)
	return errs
}

// setVariety sets the variety cap of g, a generator of mate-in-N
// problems, for a run over sp (docs/generation.md, "Variety in a run"):
// of the first k problems, at most P% (but one at least) of one class —
// the main theme, the mating piece and the king's region, or the mating
// piece and the king's region (problemClasses) — and under the composed
// style at most P% rounded up of the line's idea, motifs and finish
// (styleClasses, finishClasses) and its skeleton, opening and route
// (lineClasses), P the value of --variety-cap
// (gen.Generator.ClassPercent, LooseClasses). A run over --indices has
// no cap, nor has a run with --theme unless --variety-cap is set. Under
// the composed style a problem the cap turns away is held back
// (gen.Generator.HoldBack), under the free style passed over.
func (f *filterFlags) setVariety(fs *flag.FlagSet, g *gen.Generator, sp span) error {
	p := *f.varietyCap
	if p < 0 || p > 100 {
		return fmt.Errorf("--variety-cap %d: want a percentage from 1 to 100, or 0 for no cap", p)
	}
	// A theme asked for often fixes the mating piece (頭金 is a gold's):
	// the default cap would starve such a run, so --theme turns it off
	// unless --variety-cap is given.
	if p == 0 || sp.indices > 0 || *f.themes != "" && !isSet(fs, "variety-cap") {
		return nil
	}
	g.Classes = problemClasses
	if *f.style == maten.Composed.String() {
		// The pairs and triples of issue 26's cap keep the share rounded
		// down, every other class of the style has it rounded up: kept
		// down, the first 19 problems of a run had to be apart in some
		// twenty classes, and 100 mate-in-7s of seed 26 held back 141
		// problems, nearly all in those 19 (docs/generation.md, "Variety
		// in a run").
		g.LooseClasses = looseClasses
	}
	g.ClassPercent = p
	// The composed style holds a problem the cap turns away back until
	// its class has room: its problems are dear (a mate-in-7 costs
	// seconds), and passed over they were most of a short run's work.
	// The free style passes it over, as it always has.
	g.HoldBack = *f.style != maten.Free.String()
	return nil
}

// problemClasses are the classes of a problem for the variety cap: its
// main theme (maten.MainTheme), the kind of its mating piece and its
// king's region, as the bank records them (bank.MatingPiece,
// bank.KingRegion), and the pair of mating piece and region alone.
func problemClasses(p *problem.Problem) []string {
	pair := bank.MatingPiece(p.Line) + " " + bank.KingRegion(&p.Position)
	return []string{maten.MainTheme(p.Themes) + " " + pair, pair}
}

// composedClasses are the classes of a problem of the composed style
// that runs of several lengths count together: those of problemClasses,
// its idea (maten.Idea: the first and the mating move's pieces, dropped
// or moved) and, when its first or its mating move promotes or stays
// unpromoted in the zone, that move's motif (maten.Motifs), each kind
// that stays unpromoted at any ply (maten.NonPromotions) and a key that
// uncovers a check (discoveredKey), its chain of sacrifices
// (maten.Sacrifices, when it has one) and its mating move with its square
// (maten.Mate), and its king's contact with the attacker's pieces at the
// start (maten.Contact, when a piece touches it), so that no pair of
// first and last moves, no promoting or uncovering key, no 不成, no chain
// of sacrifices, no last move and no start round the king fills a
// worksheet either. A plain drop or move is no class of its own: most
// keys and most mates are drops (a gold drop mates more than one problem
// in ten), which a cap at --variety-cap would starve.
func composedClasses(p *problem.Problem) []string {
	return append(append(problemClasses(p), styleClasses(p)...), finishClasses(p)...)
}

// styleClasses are the classes composedClasses adds to problemClasses
// but those of the finish (finishClasses): the idea, the notable motifs,
// the kinds that stay unpromoted, a key that uncovers a check and the
// king's contact.
func styleClasses(p *problem.Problem) []string {
	cs := []string{"idea " + maten.Idea(&p.Position, p.Line)}
	first, mate := maten.Motifs(&p.Position, p.Line)
	if notable(first) {
		cs = append(cs, "first "+first)
	}
	if notable(mate) {
		cs = append(cs, "mate "+mate)
	}
	for _, k := range maten.NonPromotions(&p.Position, p.Line) {
		cs = append(cs, "不成 "+k)
	}
	if discoveredKey(p) {
		cs = append(cs, "first discovered")
	}
	if c := maten.Contact(&p.Position); c != "" {
		cs = append(cs, "contact "+c)
	}
	return cs
}

// looseClasses are the classes a composed run of one length counts with
// its share rounded up (gen.Generator.LooseClasses): those of
// composedClasses but problemClasses, with lineClasses, each once.
func looseClasses(p *problem.Problem) []string {
	return append(styleClasses(p), lineClasses(p)...)
}

// finishClasses are the classes of a composed problem's chain of
// sacrifices (maten.Sacrifices, when it has one), of that chain without
// the pieces that take (maten.Sacrificed, when it has two sacrifices or
// more) and of its mating move with its square (maten.Mate). The cap
// counts them all against every length of a worksheet (composedClasses)
// and against the problem's own length (lineClasses), where the ten
// problems of a length hold one of each: the eighteenth and nineteenth
// reads (docs/quality-report.md) found two problems of one length with
// one chain (problems 25 and 26 of the eighteenth), or one last move
// (▲８四銀 twice among ten mate-in-3s), which a reader remembers as the
// same problem told twice.
func finishClasses(p *problem.Problem) []string {
	var cs []string
	if s := maten.Sacrifices(&p.Position, p.Line); s != "" {
		cs = append(cs, "sacrifices "+s)
	}
	if s := maten.Sacrificed(&p.Position, p.Line); s != "" {
		cs = append(cs, "sacrificed "+s)
	}
	return append(cs, "end "+maten.Mate(&p.Position, p.Line))
}

// worksheetClasses are composedClasses for a worksheet of several
// lengths (--length 3,5,7), with the mating move's class (maten.Mate)
// and the king's contact at the start (maten.Contact) listed three
// times: the shared cap counts them three times, at a third of the share
// of the others (gen.Generator.Classes), so that a worksheet of 30 has
// one problem of each. Counted once, the cap let a second in from the
// 20th problem on: the nineteenth and twentieth reads
// (docs/quality-report.md) found a mate-in-7 that ends as a mate-in-3 of
// the same worksheet ("9 is almost exactly the last five moves of 22"),
// and the twenty-second a mate-in-3 and a mate-in-7 that "start from
// the same layout"; with the mate counted twice, a worksheet of seed
// 12345 still ended its 17th and 30th problems alike. A run of one
// length keeps composedClasses, where the most common last move is about
// 4% of 1,000 mate-in-3s but 9% of 100 mate-in-7s. Each kind that stays
// unpromoted (maten.NonPromotions) is listed twice, at half the share,
// so that a worksheet of 30 has one or two: the thirtieth read found a
// silver 不成 in a mate-in-3, a mate-in-5 and a mate-in-7 ("the third
// silver-不成 problem in the set"), about what a run has (a silver 不成
// in 9% of 300 composed mate-in-3s of seed 26, 8% of 200 mate-in-5s and
// 9% of 100 mate-in-7s).
//
// A chain of two sacrifices or more (maten.Sacrifices) is listed three
// times too, so that a worksheet has one of each: counted once, the cap
// let a second in from the 20th problem on, and the forty-third read
// found a mate-in-7 that plays the opening of one of the worksheet's
// mate-in-5s on the same squares after one more check (▲４五桂 △同銀
// ▲３四歩打 △同銀, "No. 20 again", a "no" to both readers). Two of the ten worksheets of
// the thirty-fourth to forty-third reads repeated such a chain.
//
// A double check anywhere in the line is a class of a worksheet too,
// listed twice: the thirty-second read found four of thirty (a piece
// stepping off the 1st file to uncover a lance, rook or dragon behind
// it, at the first ply of a mate-in-3 and the third of two mate-in-5s
// and a mate-in-7), "almost a copy" to a reader; the thirty-first read
// had four too. So is a knight sacrificed as it promotes
// (maten.KnightPromotionSacrifice), listed once: eight and about twelve
// of the thirty-ninth and forty-first reads' 30, "it gets predictable".
// So is the line's start (maten.Start: its first two plies with their
// pieces and squares), listed three times so that a worksheet has one of
// each: the forty-fifth read found a mate-in-5 that opens with the whole
// line of one of the worksheet's mate-in-3s (▲９四歩 △同銀 ▲８四銀 against
// a king on 9三), "a repeat" to both readers, and the fifty-second a
// mate-in-3 and a mate-in-5 both opening ▲８三金 △同玉, where the key
// (maten.Key) is a class of its own length only. So, three times, are
// the last five plies against the king (maten.LastFive): the forty-fourth
// and fifty-sixth reads each found a mate-in-5 whose whole line a
// mate-in-7 of the worksheet plays after two plies of its own, a file
// apart ("No. 19 moved one file over"), named by both readers both
// times; of the four pairs of reads 36–56 that share their last five, two
// were named so. So, three times, are the last three plies without the
// attacker's pieces (maten.LastThree): the fifty-seventh and
// fifty-eighth reads each found a mate-in-5 that ends as one of the
// worksheet's mate-in-3s ("19 is 9 again with an extra gold move"), each
// named by both readers; over reads 36–58 ten of the 72 pairs so read
// were named. A worksheet makes its mate-in-3s last (runOrder), where
// drawing again costs least. Only problems of up to 5 plies
// (lastThreeUpTo) have the class: among a worksheet's mate-in-7s, made
// first, it doubled their candidates on seed 78 (21.0 to 42.1 million),
// and the pairs of a mate-in-7 with a shorter problem that readers named
// shared their last five plies too (LastFive).
func worksheetClasses(p *problem.Problem) []string {
	cs := composedClasses(p)
	for _, c := range cs { // the classes composedClasses made, appended to once
		switch {
		case strings.HasPrefix(c, "end "), strings.HasPrefix(c, "contact "):
			cs = append(cs, c, c)
		case strings.HasPrefix(c, "不成 "):
			cs = append(cs, c)
		case strings.HasPrefix(c, "sacrifices ") && strings.Contains(strings.TrimPrefix(c, "sacrifices "), " "):
			cs = append(cs, c, c)
		}
	}
	if hasThemes(p, theme.DoubleCheck) {
		cs = append(cs, "double check", "double check")
	}
	if maten.KnightPromotionSacrifice(p.Line) {
		cs = append(cs, "sacrifice N+")
	}
	start := "start " + maten.Start(&p.Position, p.Line)
	cs = append(cs, start, start, start)
	if f := maten.LastFive(&p.Position, p.Line); f != "" {
		f = "last five " + f
		cs = append(cs, f, f, f)
	}
	if f := maten.LastThree(&p.Position, p.Line); f != "" && len(p.Line) <= lastThreeUpTo {
		f = "last three " + f
		cs = append(cs, f, f, f)
	}
	return cs
}

// lastThreeUpTo is the longest problem of a worksheet classed by its last
// three plies (worksheetClasses).
const lastThreeUpTo = 5

// discoveredKey reports whether p, a problem of five plies or fewer,
// opens with a move that uncovers a check (開き王手, a double check among
// them), a key a reader remembers across a worksheet: the seventeenth
// blind read (docs/quality-report.md) saw three of ten mate-in-3s open
// by moving a piece off the 1st file to uncover a lance's double check,
// each with another idea and skeleton. 12% of 300 composed mate-in-3s of
// seed 26 open so. In a longer line the key is one move of seven or
// more, and the class cost 60 mate-in-7s 1.12 times the CPU, where their
// rate is at its bar.
func discoveredKey(p *problem.Problem) bool {
	return len(p.Line) <= 5 && slices.ContainsFunc(p.Themes, func(t problem.Theme) bool {
		return t.Ply == 1 && (t.Name == theme.DiscoveredCheck || t.Name == theme.DoubleCheck)
	})
}

// lineClasses are the classes of a problem of the composed style that
// only problems of its length have, which the cap counts against the
// problems of its length alone (gen.Generator.RunClasses): the skeleton
// of its main line (maten.Skeleton) and its opening (maten.Opening), so
// that no line shape fills the ten mate-in-7s of a worksheet of 30
// either: counted with the other lengths' problems, a class of 10%
// allowed three of those ten (the sixteenth blind read,
// docs/quality-report.md: one opening three times among ten); the
// squares of its attacker's moves from 5 plies (maten.Route: two
// mate-in-5s of the twenty-sixth read with one route and other pieces
// read as one problem twice; the two squares of a mate-in-3 are shared
// by problems a reader tells apart, a drop the king takes on 9二 and a
// gold the silver takes on 1二); the pieces that take its sacrifices,
// when they are two or more (maten.Takers: two silvers taking two
// sacrifices to block their king, three times in the twenty-sixth and
// twenty-seventh reads' worksheets); its last three plies (maten.Tail:
// three mate-in-7s of the thirtieth read ended with a back-rank rook
// check, a king's step and a promoting mate, with other skeletons); and
// the classes of its finish (finishClasses), which the whole worksheet
// counts too.
func lineClasses(p *problem.Problem) []string {
	sk := maten.Skeleton(&p.Position, p.Line)
	cs := []string{"skeleton " + sk, "opening " + maten.Opening(sk)}
	if t := maten.Tail(&p.Position, p.Line); t != "" {
		cs = append(cs, "tail "+t)
	}
	if len(p.Line) >= routeFrom {
		cs = append(cs, "route "+maten.Route(&p.Position, p.Line))
	}
	if t := maten.Takers(&p.Position, p.Line); t != "" && len(p.Line) <= takersUpTo {
		cs = append(cs, "takers "+t)
	}
	return append(cs, finishClasses(p)...)
}

// worksheetLineClasses are lineClasses for a worksheet of several
// lengths (--length 3,5,7), with the key and its square (maten.Key):
// two mate-in-7s of the thirtieth read opened ▲２三桂不成 △同金, the same
// opening to all three readers, with other skeletons, ideas and routes.
// Over a length's ten problems of a worksheet it holds one of each key;
// a run of one length has no key class, where the most common key is 7%
// of 100 composed mate-in-7s of seed 26, below the cap, but the class
// held back enough of the run's first problems (one of a class in the
// first 19) to cost 1.22 times the CPU. So with the lure (maten.Lure: the
// first sacrifice's square and the piece that takes it, when the line has
// a sacrifice): two mate-in-3s of the thirty-fourth read lured the silver
// of 2二 to 3一, and two more the gold to 8二, "a near copy" to both
// readers, with other pieces, skeletons and mates. So with a free step
// of the king before the mate (maten.FreeFinish): three mate-in-7s of the
// thirty-fifth read ended so, "essentially one problem"; in a run of one
// length it is no class, where about half the mate-in-7s end so and a
// cap would starve the run. So with the attacker's capture of a standing
// piece before the mate (maten.StandingCapture): half the mate-in-7s of
// five worksheets had one, and teachers handed out fewer of them. So with
// a loose finish (maten.LooseFinish: three king moves or more before the
// last reply), which teachers handed out less at 5 and 7 plies.
func worksheetLineClasses(p *problem.Problem) []string {
	cs := append(lineClasses(p), "key "+maten.Key(&p.Position, p.Line))
	if l := maten.Lure(&p.Position, p.Line); l != "" {
		cs = append(cs, "lure "+l)
	}
	if maten.FreeFinish(p.Line) {
		cs = append(cs, "finish free")
	}
	if maten.LooseFinish(&p.Position, p.Line) {
		cs = append(cs, "finish loose")
	}
	if maten.StandingCapture(&p.Position, p.Line) {
		cs = append(cs, "capture standing")
	}
	cs = append(cs, crowdClasses(p)...)
	return append(cs, plainClasses(p)...)
}

// plainClasses are the classes of a worksheet's problem that teachers
// handed out least of its length (plainKeyRank, plainDefenders), each
// held to one problem of the worksheet's length:
//
//   - a plain key: a mate-in-3 with no sacrifice, or whose key a simple
//     policy ranks among the first two checks (problem.Quality.KeyRank);
//   - a plain block: a mate-in-3 whose key is a drop a guard takes onto
//     the king's flight square (the themes drop-sacrifice and
//     flight-block);
//   - a plain mate-in-5: fewer than two sacrifices and fewer than
//     plainDefenders defenders besides the king;
//   - a plain mate-in-7: two sacrifices or fewer and plainDefenders
//     defenders or more.
//
// Over the blind reads (docs/quality-report.md) the teachers said "yes"
// to 65% of the plain keys against 81% of the other mate-in-3s (the
// thirty-fourth to forty-second reads), to 59% of the plain blocks (41
// of 70 verdicts, the thirty-sixth to forty-seventh: "the third
// drop-sacrifice-to-block-a-flight-square on the sheet", a worksheet
// having two to five) against 80%, to 55% of the plain mate-in-5s
// against 82%, and to 40% of the plain mate-in-7s (the thirty-fourth to
// forty-fifth: "the king sits among three silvers that look planted")
// against 78%.
func plainClasses(p *problem.Problem) []string {
	if p.Composer == nil || p.Quality == nil {
		return nil
	}
	sacrifices := p.Composer.Sacrifices
	defenders := p.Position.ByColor(shogi.White).Without(p.Position.King(shogi.White)).Count()
	switch len(p.Line) {
	case 3:
		var cs []string
		if sacrifices == 0 || p.Quality.KeyRank <= plainKeyRank {
			cs = append(cs, "plain key")
		}
		if hasThemes(p, theme.DropSacrifice, theme.FlightBlock) {
			cs = append(cs, "plain block")
		}
		return cs
	case 5:
		if sacrifices < 2 && defenders < plainDefenders {
			return []string{"plain five"}
		}
	case 7:
		if sacrifices <= 2 && defenders >= plainDefenders {
			return []string{"plain seven"}
		}
	}
	return nil
}

// hasThemes reports whether p has every one of the themes names.
func hasThemes(p *problem.Problem, names ...string) bool {
	for _, n := range names {
		if !slices.ContainsFunc(p.Themes, func(t problem.Theme) bool { return t.Name == n }) {
			return false
		}
	}
	return true
}

// plainKeyRank is the lowest rank of a mate-in-3's key among the checks
// that plainClasses calls plain, and plainDefenders the least defenders of
// a mate-in-5 with fewer than two sacrifices it does not call plain, and
// of a mate-in-7 with two or fewer it does.
const (
	plainKeyRank   = 2
	plainDefenders = 3
)

// crowdFrom is the shortest line whose crowds (crowdClasses) are classes
// of a worksheet's length, and crowdPieces the pieces that make one.
const (
	crowdFrom   = 7
	crowdPieces = 4
)

// crowdClasses are the crowds of a worksheet's problem of crowdFrom
// plies or more: the defender's pieces besides its king at the start,
// and the attacker's pieces on the board at the mate, when they are
// crowdPieces or more. Over the thirty-fourth to thirty-ninth blind reads
// (docs/quality-report.md) the teachers said "yes" to 31% of the
// mate-in-7s with four defenders or more (13 of 60: "a king buried in
// its own pieces", "walls") against 70% of the others, and to 46% of
// those that mate with four attacker pieces (12 of 60: "four pieces
// round the king") against 66%; at 3 and 5 plies neither made a
// difference. A worksheet's length holds one of each.
func crowdClasses(p *problem.Problem) []string {
	if len(p.Line) < crowdFrom {
		return nil
	}
	var cs []string
	if n := p.Position.ByColor(shogi.White).Without(p.Position.King(shogi.White)).Count(); n >= crowdPieces {
		cs = append(cs, "crowd defenders")
	}
	if p.Composer != nil && p.Composer.FinalPieces >= crowdPieces {
		cs = append(cs, "crowd mate")
	}
	return cs
}

// routeFrom is the shortest line whose route (maten.Route) is a class of
// the variety cap.
const routeFrom = 5

// takersUpTo is the longest line whose takers (maten.Takers) are a class
// of the variety cap: in a mate-in-9 the chains of sacrifices are longer
// and one kind takes two of them more often, and the class made 20
// composed mate-in-9s of seed 26 take 1.3 times the CPU.
const takersUpTo = 7

// notable reports whether a move's motif (maten.Motifs) is one a reader
// remembers across a worksheet: a promotion or a 不成.
func notable(motif string) bool {
	return strings.HasSuffix(motif, "+") || strings.HasSuffix(motif, "=")
}

// filter returns the maten.Filter the flags set.
func (f *filterFlags) filter() maten.Filter {
	return maten.Filter{
		MinSacrifices: *f.minSacrifices, MinRefusals: *f.minRefusals, MinDistantDrops: *f.minDistantDrops,
		MaxFinalPieces: *f.maxFinalPieces, QuietFirst: *f.quietFirst,
		MinBranching: *f.minBranching, MinBeauty: *f.minBeauty, MinQuality: *f.minQuality,
		Themes: themeNames(*f.themes),
	}
}

// themeNames splits the value of --theme into names (nil for none).
func themeNames(s string) []string {
	var names []string
	for name := range strings.SplitSeq(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	return names
}

// mateNGenerator returns the generator of mate-in-N problems of length
// plies for the flags of generate: o holds the flags shared with
// mate-in-1, f the composer's filters and the local search, errs the
// errors found in them so far. It returns a usage message on error.
func mateNGenerator(fs *flag.FlagSet, o mate1.Options, length int, method string, maxNodes uint64, f *filterFlags, errs []error) (*gen.Generator, *maten.Counters, error) {
	for _, name := range mateOneFlags {
		if isSet(fs, name) {
			errs = append(errs, fmt.Errorf("--%s applies to mate-in-1 (--length 1) only", name))
		}
	}
	c := new(maten.Counters)
	m := maten.DefaultOptions()
	m.Length, m.Seed, m.MaxPieces, m.MinPieces = length, o.Seed, o.MaxPieces, o.MinPieces
	m.Kinds, m.TwoKings, m.MaxNodes, m.Counters = o.Kinds, o.TwoKings, maxNodes, c
	m.Filter = f.filter()
	errs = f.setOptimize(fs, &m, errs)
	var err error
	if m.Style, err = maten.ParseStyle(*f.style); err != nil {
		errs = append(errs, fmt.Errorf("--style: %w", err))
	}
	if m.Style == maten.Composed && !isSet(fs, "max-pieces") && !isSet(fs, "max_pieces") {
		m.MaxPieces = maten.ComposedMaxPieces
	}
	if m.Method, err = maten.ParseMethod(method); err != nil {
		errs = append(errs, err)
	}
	if m.King, err = maten.ParseRegion(o.King.String()); err != nil {
		errs = append(errs, err)
	}
	if m.Method == maten.Backward {
		b := mate1.DefaultOptions()
		b.Seed, b.Kinds, b.TwoKings, b.King = o.Seed, o.Kinds, o.TwoKings, maten.BaseRegion(&m)
		b.MaxPieces = maten.BasePieces(&m)
		b.Natural = maten.BaseNatural(&m)
		b.BackRankMinors = maten.BaseBackRankMinors(&m)
		b.Bases = true
		if m.Base, err = mate1.New(b); err != nil {
			errs = append(errs, err)
		}
	}
	var g *gen.Generator
	if len(errs) == 0 {
		if g, err = maten.New(m); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, err := range errs {
			msgs[i] = strings.ReplaceAll(err.Error(), "\n", "; ")
		}
		return nil, nil, errors.New(strings.Join(msgs, "; "))
	}
	return g, c, nil
}
