package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

func generateCommand() *command {
	return &command{
		name:    "generate",
		summary: "generate sound problems: mate-in-1 (一手詰) or mate-in-N (--length N)",
		args:    "[--length N] [--n N | --indices M [--shard K/S]] [--method reverse|random] [--max_pieces N] [--seed S] [--optimize beauty] [filters] [--format sfen|jsonl|kif|ki2|csa|svg [--svg-text]] [--out FILE|DIR] [--bank FILE]",
		help: `
Generate writes N problems (--n N) of --length plies (default 1:
mate-in-1; 3, 5, 7, 9, …: mate-in-N, see below). Every mate-in-1 problem
is checked with the exact mate-in-1 analysis: a legal position with
Black to move and no king for Black (unless --two-kings), exactly one
mating move, and by default no pieces left in Black's hand after it.
White's hand always holds every remaining piece, written out in full in
the SFEN.

Two methods: reverse (fix the mating move, build the position around it;
fast) and random (place pieces at random, keep what passes the filters).
--max_pieces counts the pieces on the board other than White's king, plus
the pieces in Black's hand.

The same flags and seed give the same output whatever --workers is:
problem i comes from a random stream derived from the seed and i alone.
A problem that repeats one of a lower index, or its left-right mirror
image, is dropped (the summary line counts the duplicates), and the run
goes on through the indices 0, 1, 2, … until it has N problems; when
10000 indices in a row are duplicates, the options allow too few
distinct problems and the run ends there.

--indices M instead of --n covers exactly the indices 0 to M-1: at most
M problems, fewer by the duplicates. --n and --indices exclude each
other. --shard K/S (0 <= K < S; needs --indices) generates only the
indices i < M with i mod S = K, for spreading a run over S processes or
machines: each problem is the one the whole run makes at its index, with
the same record, so the S outputs merged in index order, dropping a
problem whose mirror-image key a lower index has (tsume bank merge), are
the output of the single run with --indices M. --shard auto/S takes K
from the environment variable JOB_COMPLETION_INDEX (set in a Kubernetes
Indexed Job's pods; it must then hold a number from 0 to S-1). --shard
needs --format jsonl or --bank FILE. A shard that stopped is simply run
again: a jsonl output is rewritten from the start, the same as before,
and a bank passes over what it holds already (see deploy/README.md).

Mate-in-N (--length 3, 5, 7, …): the methods are backward (the default;
--method reverse means it too), which takes sound mate-in-1 problems and
adds two plies at a time before them (an attacker check and a defender
reply, such as the king taking a sacrificed piece), and random (place
pieces, keep what passes, and try a few one-piece repairs of a mate
that is not sound). Every problem is proven by the mate solver
(futile interpositions not counted, White holding every remaining piece)
and judged sound by the verdict: the length is the exact shortest mate,
every attacker move is the only one that mates in time (a final move's
other promotion choice aside), no defence is longer, nothing is left in
Black's hand at the end. --max-nodes bounds each search (default 1000 at
3 plies, three times as many per two plies more). --pieces, --king,
--two-kings, --max_pieces and --min-pieces apply; the other filters are
for mate-in-1 only. Each jsonl record also has the verdict, the
solver's nodes and metrics.composer, the composer's metrics of the main
line: sacrifices (an attacker's piece taken on the next ply), quiet_first
(the first move captures nothing), refusals (不成 where promoting was
legal), distant_drops (drops not next to White's king), final_pieces
(Black's pieces on the board at the mate), branching (White's replies on
average along the line, futile interpositions left out) and beauty
(2·sacrifices + 1.5·quiet first + 2·refusals + distant drops +
max(0, 4 − final pieces) − 0.5 per piece beyond 5). --min-sacrifices,
--quiet-first, --min-refusals, --min-distant-drops, --max-final-pieces,
--min-branching and --min-beauty filter on them (mate-in-N only). The
difficulty is log2(nodes) + log2(checks). --optimize beauty (mate-in-N
only) raises the beauty of each problem by a local search: each piece is
tried off the board or out of Black's hand, then random mutations (move a
piece, change its kind, promote or demote it, move it between the board
and Black's hand, give it to the other side, add one), and a mutation is
kept when it is a sound problem of the same length, by the same tests,
with a higher beauty. --optimize-budget bounds the mutations judged per
problem (default 24). The method's name gets "+beauty" (backward-3+beauty)
and the jsonl record "optimized": {"from": the beauty before, "steps":
the mutations kept}.

Formats: sfen (one SFEN per line); jsonl (one JSON object per problem with
sfen, solution, solution_ja, metrics {legal, checks, replies}, difficulty,
method, seed, index, then look and flags); kif, ki2 and csa (one record
per problem, with a header comment line before each); svg (pictures: --out
names a directory, which gets one picture per problem, 0001.svg,
0002.svg, …, and index.html, a printable worksheet showing them with the
answers on a page of their own; index.html is rewritten as the run goes
and at its end). The pictures draw their characters as outlines, so that
they look the same on every machine; with --svg-text they are text, in
whatever Japanese font the viewer has.

The difficulty score is log2(C) + 0.5·log2(1+L/10) + 1.5·T + 1.5 for a
board move + 2 for a declined promotion, where C is the number of checks,
L of legal moves and T of tempting checks (non-mating checks with at most
two replies); --difficulty easy is a score below 5, medium 5 to 10, hard
10 or more.

--bank FILE adds every problem to a problem bank too (see tsume bank;
created on first use), committed every 1000 problems or 2 seconds; a
problem the bank holds already, or its mirror image, is a duplicate, no
error; the counts of both end the summary. Without --format and --out,
the bank is the only output.

Each problem is written as soon as it is found; an interrupted run (Ctrl-C,
SIGTERM) leaves a valid file with every problem found so far. A progress
line is shown on standard error when it is a terminal; a summary line ends
every run, unless the output could not be written: then the error, and how
many problems were written, end it instead.

Exit status: 0 all N problems written (with --indices: every index
done), 1 --timeout, the attempt limit or too many duplicates reached
first, 2 bad usage or the output could not be written, 130
interrupted.`,
		setup: setupGenerate,
	}
}

func setupGenerate(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	n := fs.Int("n", 10, "the number of problems `N`")
	indices := fs.Int("indices", 0, "instead of --n: do exactly the indices 0 to `M`-1, at most M problems (0: use --n)")
	length := fs.Int("length", 1, "the problems' length in `plies`: 1, or 3, 5, 7, 9, … (mate-in-N)")
	maxNodes := fs.Uint64("max-nodes", 0, "mate-in-N: at most `N` nodes per search of a candidate (0: the default of the length)")
	method := fs.String("method", "reverse", "the `method`: reverse or random (mate-in-N: backward, the same as reverse, or random)")
	var maxPieces int
	fs.IntVar(&maxPieces, "max_pieces", 6, "at most `N` pieces besides White's king (board and Black's hand)")
	fs.IntVar(&maxPieces, "max-pieces", 6, "same as --max_pieces")
	minPieces := fs.Int("min-pieces", 2, "at least `N` pieces besides White's king")
	seed := seedValue(1)
	fs.Var(&seed, "seed", "the random `seed`, 0 to 18446744073709551615")
	maxChecks := fs.Int("max-checks", 0, "at most `N` checking moves for Black (0: no limit)")
	maxLegal := fs.Int("max-legal", 0, "at most `N` legal moves for Black (0: no limit)")
	allowLeftover := fs.Bool("allow-leftover", false, "allow pieces left in Black's hand after the mate (駒余り)")
	allowAmb := fs.Bool("allow-promotion-ambiguity", false, "allow a mate that also works with the other promotion choice")
	pieces := fs.String("pieces", "all", "the piece `kinds` to use, such as G,S,R or gold,silver (all: every kind)")
	king := fs.String("king", "any", "where White's king stands: edge, corner, center or any")
	mateKind := fs.String("mate", "any", "the mating move: drop, move or any")
	twoKings := fs.Bool("two-kings", false, "give Black a king on the board too")
	difficulty := fs.String("difficulty", "any", "easy, medium, hard or any (a preset over the difficulty score)")
	symmetric := fs.Bool("symmetric", false, "only left-right symmetric problems")
	workers := fs.Int("workers", runtime.NumCPU(), "the number of parallel `workers`")
	format := fs.String("format", "sfen", "the output `format`: sfen, jsonl, kif, ki2, csa or svg")
	out := fs.String("out", "", "write to `FILE` instead of standard output (with --format svg: the directory, required)")
	svgText := fs.Bool("svg-text", false, "with --format svg: draw the pictures' characters as text in the installed fonts, not as outlines")
	timeout := fs.Duration("timeout", 0, "stop after this `duration` (such as 30s) with the problems found so far (0: no limit)")
	progress := fs.String("progress", "auto", "progress line on standard error: auto (when a terminal), always or never")
	shardFlag := fs.String("shard", "", "with --indices M: generate only shard `K/S` of the run, the indices i < M with i mod S = K (auto/S: K from $JOB_COMPLETION_INDEX)")
	filters := newFilterFlags(fs)
	bankPath := fs.String("bank", "", "write each problem into the bank `FILE` too (see tsume bank); without --format or --out, only there")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "generate"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q", args[0])
		}
		o := mate1.DefaultOptions()
		var errs []error
		var err error
		if *length == 1 {
			if o.Method, err = mate1.ParseMethod(*method); err != nil {
				errs = append(errs, err)
			}
		}
		if o.King, err = mate1.ParseRegion(*king); err != nil {
			errs = append(errs, err)
		}
		if o.Mate, err = mate1.ParseMateKind(*mateKind); err != nil {
			errs = append(errs, err)
		}
		if o.Difficulty, err = mate1.ParseDifficulty(*difficulty); err != nil {
			errs = append(errs, err)
		}
		if o.Kinds, err = mate1.ParseKinds(*pieces); err != nil {
			errs = append(errs, err)
		}
		if *n <= 0 {
			errs = append(errs, fmt.Errorf("--n %d: want at least 1 problem", *n))
		}
		if *indices < 0 || *indices == 0 && isSet(fs, "indices") {
			errs = append(errs, fmt.Errorf("--indices %d: want at least 1 index", *indices))
		}
		if isSet(fs, "n") && isSet(fs, "indices") {
			errs = append(errs, errors.New("--n and --indices: give one, the number of problems or of indices"))
		}
		if *workers < 1 {
			errs = append(errs, fmt.Errorf("--workers %d: want at least 1", *workers))
		}
		if *timeout < 0 {
			errs = append(errs, fmt.Errorf("--timeout %v: want a positive duration or 0", *timeout))
		}
		switch *format {
		case "sfen", "jsonl", "kif", "ki2", "csa":
		case "svg":
			if *out == "" {
				errs = append(errs, errors.New("--format svg needs --out DIR, the directory for the pictures and index.html"))
			}
		default:
			errs = append(errs, fmt.Errorf("unknown format %q: want sfen, jsonl, kif, ki2, csa or svg", *format))
		}
		if *svgText && *format != "svg" {
			errs = append(errs, fmt.Errorf("--svg-text is for --format svg, not %s", *format))
		}
		switch *progress {
		case "auto", "always", "never":
		default:
			errs = append(errs, fmt.Errorf("--progress %q: want auto, always or never", *progress))
		}
		o.Seed, o.MaxPieces, o.MinPieces = uint64(seed), maxPieces, *minPieces
		o.MaxChecks, o.MaxLegal = *maxChecks, *maxLegal
		o.AllowLeftover, o.AllowPromotionAmbiguity = *allowLeftover, *allowAmb
		o.TwoKings, o.Symmetric = *twoKings, *symmetric
		showProgress := *progress == "always" || *progress == "auto" && isTerminal(e.stderr)
		shard, err := parseShard(*shardFlag, os.LookupEnv)
		if err != nil {
			errs = append(errs, err)
		}
		errs = append(errs, shardFlagErrors(shard, *indices, *format, *bankPath)...)
		sp := span{n: *n, indices: *indices, shard: shard}
		if *bankPath != "" && !isSet(fs, "format") && *out == "" {
			*format = "" // the bank only
		}
		if *length != 1 {
			g, c, err := mateNGenerator(fs, o, *length, *method, *maxNodes, filters, errs)
			if err != nil {
				return usageErrorf(self, "%s", err)
			}
			return runGenerate(ctx, e, g, c, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
		}
		if isSet(fs, "max-nodes") {
			errs = append(errs, errors.New("--max-nodes applies to mate-in-N (--length 3 or more) only"))
		}
		for _, name := range mateNOnlyFlags {
			if isSet(fs, name) {
				errs = append(errs, fmt.Errorf("--%s applies to mate-in-N (--length 3 or more) only", name))
			}
		}
		if len(errs) == 0 {
			if err := o.Validate(); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			msgs := make([]string, len(errs))
			for i, err := range errs {
				msgs[i] = strings.ReplaceAll(err.Error(), "\n", "; ")
			}
			return usageErrorf(self, "%s", strings.Join(msgs, "; "))
		}
		g, err := mate1.New(o)
		if err != nil {
			return usageErrorf(self, "%s", strings.ReplaceAll(err.Error(), "\n", "; "))
		}
		return runGenerate(ctx, e, g, nil, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
	}
}

// runGenerate runs the span sp of g and writes its problems in the format (none when empty) and into the bank bankPath (if set); c, if set, holds
// the counters of a mate-in-N run, summed up after the summary line.
func runGenerate(ctx context.Context, e *env, g *gen.Generator, c *maten.Counters, sp span, workers int, format, out, bankPath string, timeout time.Duration, showProgress, svgText bool) error {
	w := e.stdout
	var toBank func(*problem.Problem) error
	var bankDone func() (int, int, error)
	if bankPath != "" {
		var err error
		if toBank, bankDone, err = bankSink(ctx, bankPath); err != nil {
			if ctx.Err() != nil {
				return ctx.Err() // interrupted before it began
			}
			return err
		}
	}
	var sheet *worksheetDir
	var file *os.File
	if format == "svg" {
		var serr error
		if sheet, serr = newWorksheet(out, svgText); serr != nil {
			return &exitError{ExitError, serr.Error()}
		}
	} else if out != "" {
		f, ferr := os.Create(out)
		if ferr != nil {
			return &exitError{ExitError, ferr.Error()}
		}
		defer f.Close() // after an error; closed below otherwise
		w, file = f, f
	}
	bw := bufio.NewWriter(w)
	runCtx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}

	start := time.Now()
	var lastDraw time.Time
	var rec strings.Builder
	var writeErr error // the first failure to write the output
	written := 0
	size := sp.size() // the problems (or indices) to do
	st, runErr := sp.run(runCtx, g, workers, func(p problem.Problem) error {
		if format != "" {
			writeErr = writeRecord(bw, sheet, &rec, &p, format)
		}
		if writeErr == nil && toBank != nil {
			writeErr = toBank(&p)
		}
		if writeErr != nil {
			return writeErr
		}
		written++
		if showProgress && (time.Since(lastDraw) > 100*time.Millisecond || written == size) {
			lastDraw = time.Now()
			drawProgress(e.stderr, written, size, time.Since(start))
		}
		return nil
	})
	if showProgress {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	elapsed := time.Since(start)
	if ferr := bw.Flush(); writeErr == nil {
		writeErr = ferr
	}
	// The worksheet lists every picture written, also after an interruption.
	if sheet != nil {
		if ierr := sheet.writeIndex(); writeErr == nil {
			writeErr = ierr
		}
	}
	if file != nil {
		if cerr := file.Close(); writeErr == nil {
			writeErr = cerr
		}
	}
	banked, duplicates := 0, 0
	if bankDone != nil {
		var berr error
		if banked, duplicates, berr = bankDone(); writeErr == nil {
			writeErr = berr
		}
	}
	if writeErr != nil {
		// No summary: the problems counted are not all in the output.
		return &exitError{ExitError, fmt.Sprintf("%v (the output is incomplete: %s)", writeErr, sp.done(written, "written", st))}
	}
	yield := 0.0
	if st.Candidates > 0 {
		yield = float64(st.Problems) / float64(st.Candidates)
	}
	rate := float64(st.Problems) / max(elapsed.Seconds(), 1e-9)
	rateText := fmt.Sprintf("%.0f", rate)
	if c != nil && rate < 10 {
		rateText = fmt.Sprintf("%.2f", rate) // mate-in-N runs can be slow
	}
	if sp.shard != (gen.Shard{}) {
		fmt.Fprintf(e.stderr, "shard %v (%d of %d indices): ", sp.shard, size, sp.indices)
	}
	fmt.Fprintf(e.stderr, "generated %d problem%s from %d candidate%s (yield %.2f%%, %d duplicate%s) in %.2fs: %s problems/s\n",
		st.Problems, plural(st.Problems), st.Candidates, plural(st.Candidates), 100*yield, st.Duplicates, plural(st.Duplicates),
		elapsed.Seconds(), rateText)
	if c != nil {
		writeCounters(e.stderr, c)
	}
	if bankPath != "" {
		writeBankSummary(e, bankPath, banked, duplicates)
	}
	switch {
	case runErr == nil:
		return nil
	case errors.Is(runErr, context.DeadlineExceeded) && ctx.Err() == nil:
		return &exitError{ExitNo, fmt.Sprintf("timeout after %v: %s", timeout, sp.done(st.Problems, "found", st))}
	case errors.Is(runErr, gen.ErrTooRare), errors.Is(runErr, gen.ErrExhausted):
		return &exitError{ExitNo, fmt.Sprintf("%s: %v", sp.done(st.Problems, "found", st), runErr)}
	}
	return runErr
}

// writeRecord writes p in the format: the svg format its picture, the
// others a record on bw. Each record goes out whole and at once, so an
// interruption never leaves half a record behind.
func writeRecord(bw *bufio.Writer, sheet *worksheetDir, rec *strings.Builder, p *problem.Problem, format string) error {
	if sheet != nil {
		return sheet.add(p)
	}
	rec.Reset()
	if err := writeProblem(rec, p, format); err != nil {
		return err
	}
	if _, err := bw.WriteString(rec.String()); err != nil {
		return err
	}
	return bw.Flush()
}

// drawProgress writes a one-line progress bar: count, rate and time left.
func drawProgress(w io.Writer, done, total int, elapsed time.Duration) {
	const width = 30
	filled := width * done / total
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	eta := time.Duration(float64(total-done) / max(rate, 1e-9) * float64(time.Second)).Round(time.Second)
	fmt.Fprintf(w, "\r[%s%s] %d/%d  %.0f/s  ETA %v\033[K", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, total, rate, eta)
}

func writeProblem(w *strings.Builder, p *problem.Problem, format string) error {
	switch format {
	case "sfen":
		w.WriteString(p.Position.SFEN() + "\n")
	case "jsonl":
		b, err := problem.AppendJSONL(nil, p)
		if err != nil {
			return err
		}
		w.Write(b)
	case "kif", "ki2", "csa":
		pv := &p.Provenance
		fmt.Fprintf(w, "# ---- tsume generate: problem %d (seed %d, %s) ----\n", pv.Index, pv.Seed, pv.Method)
		write := map[string]func(*shogi.Position, []shogi.Move, []record.KIFHeader, bool) (string, error){
			"kif": record.KIF, "ki2": record.KI2, "csa": record.CSA,
		}[format]
		headers := []record.KIFHeader{
			{Key: "表題", Value: lengthTitle(len(p.Line)) + " " + strconv.Itoa(pv.Index)},
			{Key: "作者", Value: "tsume generate"},
		}
		if h, ok := themeHeader(p.Themes); ok {
			headers = append(headers, h)
		}
		text, err := write(&p.Position, p.Line, headers, true)
		if err != nil {
			return err
		}
		w.WriteString(text)
		w.WriteString("\n")
	}
	return nil
}

// seedValue is the --seed flag: an unsigned 64-bit number, whose error
// names the range.
type seedValue uint64

func (v *seedValue) String() string { return strconv.FormatUint(uint64(*v), 10) }

func (v *seedValue) Set(s string) error {
	n, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return fmt.Errorf("want a whole number from 0 to %d", uint64(math.MaxUint64))
	}
	*v = seedValue(n)
	return nil
}
