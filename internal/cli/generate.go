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
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

func generateCommand() *command {
	return &command{
		name:    "generate",
		summary: "generate sound problems: mate-in-1 (一手詰) or mate-in-N (--length N)",
		args:    "[--length N[,N…]] [--n N | --indices M [--shard K/S]] [--seed S] [filters] [--format sfen|jsonl|kif|ki2|csa|svg] [--out FILE|DIR] [--bank FILE]",
		help: `
Generate writes --n sound problems of --length plies (1, 3, 5, …): sfen, jsonl, kif, ki2, csa, svg
(--out DIR) or --bank; same flags and --seed, same output for any --workers. docs/cli.md#generate
Exit status: 0 all written, 1 --timeout or too many duplicates, 2 bad usage/output, 130 interrupted.`,
		setup: setupGenerate,
	}
}

func setupGenerate(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	n := fs.Int("n", 10, "the number of problems `N`")
	indices := fs.Int("indices", 0, "instead of --n: the indices 0 to `M`-1, at most M problems (0: use --n)")
	lengths := lengthsValue{1}
	fs.Var(&lengths, "length", "`plies`: 1, 3, 5, …, or several: 3,5,7 (--n each, one variety cap)")
	maxNodes := fs.Uint64("max-nodes", 0, "mate-in-N: at most `N` nodes a search of a candidate (0: the length's default)")
	method := fs.String("method", "reverse", "reverse or random (mate-in-N: backward = reverse)")
	var maxPieces int
	fs.IntVar(&maxPieces, "max_pieces", 6, "at most `N` pieces besides White's king, board and hand (mate-in-N, composed style: 10)")
	fs.IntVar(&maxPieces, "max-pieces", 6, "same as --max_pieces") // an alias: tsume help lists it with --max_pieces
	minPieces := fs.Int("min-pieces", 2, "at least `N` pieces besides White's king")
	seed := seedValue(1)
	fs.Var(&seed, "seed", "the random `seed`, 0 to 18446744073709551615")
	maxChecks := fs.Int("max-checks", 0, "at most `N` checking moves for Black (0: no limit)")
	maxLegal := fs.Int("max-legal", 0, "at most `N` legal moves for Black (0: no limit)")
	allowLeftover := fs.Bool("allow-leftover", false, "allow pieces left in Black's hand after the mate (駒余り)")
	allowAmb := fs.Bool("allow-promotion-ambiguity", false, "allow a mate that also works with the other promotion choice")
	pieces := fs.String("pieces", "all", "the piece `kinds`, such as G,S,R or gold,silver, or all")
	king := fs.String("king", "any", "White's king: edge, corner, center, camp (ranks 1–3) or any")
	mateKind := fs.String("mate", "any", "the mating move: drop, move or any")
	twoKings := fs.Bool("two-kings", false, "give Black a king on the board too")
	difficulty := fs.String("difficulty", "any", "easy, medium, hard or any (a preset over the difficulty score)")
	symmetric := fs.Bool("symmetric", false, "only left-right symmetric problems")
	workers := fs.Int("workers", runtime.NumCPU(), "the number of parallel `workers`")
	format := fs.String("format", "sfen", "the output `format`: sfen, jsonl, kif, ki2, csa or svg")
	out := fs.String("out", "", "write to `FILE`, not standard output (--format svg: the directory, required)")
	svgText := fs.Bool("svg-text", false, "--format svg: draw the characters as text in the installed fonts")
	timeout := fs.Duration("timeout", 0, "stop after this `duration` with the problems found so far (0: no limit)")
	progress := fs.String("progress", "auto", "progress on stderr: auto (on a terminal), always or never")
	shardFlag := fs.String("shard", "", "only indices i mod S = K (`K/S`; auto/S: K from $JOB_COMPLETION_INDEX)")
	filters := newFilterFlags(fs)
	bankPath := fs.String("bank", "", "write each problem into the bank `FILE` too (alone without --format, --out)")
	rules := addRulesFlag(fs)
	stip := fs.String("stip", "mate", "the stipulation: `mate`, or help (ばか詰, any --rules)")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "generate"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q", args[0])
		}
		if err := lengths.check(); err != nil {
			// The other flags' checks depend on the length (which flags
			// apply, the range of the filters): a bad length is the one
			// error to report.
			return usageErrorf(self, "%s", err)
		}
		length := lengths[0]
		o := mate1.DefaultOptions()
		var errs []error
		var err error
		if length == 1 {
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
		if len(lengths) > 1 {
			if fairyRun(*rules, *stip) {
				errs = append(errs, fmt.Errorf("--length %v: several lengths are for standard mate problems (run one length at a time)", &lengths))
			}
			runs, err := severalLengths(fs, o, lengths, *method, *maxNodes, filters, sp, errs)
			if err != nil {
				return usageErrorf(self, "%s", err)
			}
			return runGenerate(ctx, e, runs, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
		}
		if fairyRun(*rules, *stip) {
			g, err := fairyGenerator(fs, o, length, *rules, *stip, *maxNodes, *format, errs)
			if err != nil {
				return usageErrorf(self, "%s", err)
			}
			return runGenerate(ctx, e, []genRun{{g: g}}, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
		}
		if length != 1 && *filters.style == "realistic" {
			g, c, usage, err := realisticGenerator(ctx, e, fs, length, uint64(seed), *maxNodes, *workers, errs)
			if err == nil {
				err = filters.setVariety(fs, g, sp)
				usage = err != nil
			}
			switch {
			case usage:
				return usageErrorf(self, "%s", err)
			case err != nil:
				return err
			}
			return runGenerate(ctx, e, []genRun{{g: g, c: c}}, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
		}
		if length != 1 {
			g, c, err := mateNGenerator(fs, o, length, *method, *maxNodes, filters, errs)
			if err == nil {
				err = filters.setVariety(fs, g, sp)
			}
			if err != nil {
				return usageErrorf(self, "%s", err)
			}
			return runGenerate(ctx, e, []genRun{{g: g, c: c}}, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
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
		return runGenerate(ctx, e, []genRun{{g: g}}, sp, *workers, *format, *out, *bankPath, *timeout, showProgress, *svgText)
	}
}

// runGenerate runs the span sp of each run's generator in turn and
// writes their problems in the format (none when empty) and into the bank
// bankPath (if set): one output, the runs' problems one after another. A
// run's counters, if set (mate-in-N), are summed up after its summary
// line; with several runs (several lengths) each has a summary line, then
// the total.
func runGenerate(ctx context.Context, e *env, runs []genRun, sp span, workers int, format, out, bankPath string, timeout time.Duration, showProgress, svgText bool) error {
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
		sheet.severalLengths = len(runs) > 1
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
	// all is the span of every run together, for the messages.
	all := sp
	all.n *= len(runs)

	start := time.Now()
	var lastDraw time.Time
	var rec strings.Builder
	var writeErr error // the first failure to write the output
	written, made := 0, 0
	size := sp.size() * len(runs) // the problems (or indices) to do
	write := func(p problem.Problem) error {
		if format != "" {
			writeErr = writeRecord(ctx, bw, sheet, &rec, &p, format, written == 0)
		}
		if writeErr == nil && toBank != nil {
			writeErr = toBank(&p)
		}
		if writeErr != nil {
			return writeErr
		}
		written++
		return nil
	}
	progress := func() {
		made++
		if showProgress && (time.Since(lastDraw) > 100*time.Millisecond || made == size) {
			lastDraw = time.Now()
			drawProgress(e.stderr, made, size, time.Since(start))
		}
	}
	var st gen.Stats // of every run
	stats := make([]gen.Stats, len(runs))
	times := make([]time.Duration, len(runs))
	ran := make([]bool, len(runs))
	// held[i] keeps the problems of run i until the runs before it in
	// the order given are written (several lengths: runOrder).
	held := make([][]problem.Problem, len(runs))
	var runErr error
	for _, i := range runOrder(runs) {
		r := runs[i]
		emit := func(p problem.Problem) error {
			if err := write(p); err != nil {
				return err
			}
			progress()
			return nil
		}
		if len(runs) > 1 {
			emit = func(p problem.Problem) error {
				held[i] = append(held[i], p)
				progress()
				return nil
			}
		}
		began := time.Now()
		s, err := sp.run(runCtx, r.g, workers, emit)
		stats[i], times[i], ran[i] = s, time.Since(began), true
		st.Problems += s.Problems
		st.Candidates += s.Candidates
		st.Duplicates += s.Duplicates
		st.Capped += s.Capped
		if runErr = err; err != nil {
			break
		}
	}
	// The problems held back go out in the order given, also after an
	// interruption.
held:
	for _, ps := range held {
		for _, p := range ps {
			if write(p) != nil {
				break held
			}
		}
	}
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
		return &exitError{ExitError, fmt.Sprintf("%v (the output is incomplete: %s)", writeErr, all.done(written, "written", st))}
	}
	if sp.shard != (gen.Shard{}) {
		fmt.Fprintf(e.stderr, "shard %v (%d of %d indices): ", sp.shard, size, sp.indices)
	}
	for i, s := range stats {
		if !ran[i] {
			continue
		}
		r := runs[i]
		if len(runs) > 1 {
			fmt.Fprintf(e.stderr, "%s: ", lengthTitle(r.length))
		}
		writeRunSummary(e.stderr, r, s, times[i])
	}
	if len(runs) > 1 {
		fmt.Fprintf(e.stderr, "generated %d problem%s in all in %.2fs\n", st.Problems, plural(st.Problems), elapsed.Seconds())
	}
	if bankPath != "" {
		writeBankSummary(e, bankPath, banked, duplicates)
	}
	switch {
	case runErr == nil:
		return nil
	case errors.Is(runErr, context.DeadlineExceeded) && ctx.Err() == nil:
		return &exitError{ExitNo, fmt.Sprintf("timeout after %v: %s", timeout, all.done(st.Problems, "found", st))}
	case errors.Is(runErr, gen.ErrTooRare), errors.Is(runErr, gen.ErrExhausted):
		return &exitError{ExitNo, fmt.Sprintf("%s: %v", all.done(st.Problems, "found", st), runErr)}
	}
	return runErr
}

// writeRunSummary writes the summary line of one run r of generate, its
// stats st after the time it took, and its counters (mate-in-N).
func writeRunSummary(w io.Writer, r genRun, st gen.Stats, elapsed time.Duration) {
	yield := 0.0
	if st.Candidates > 0 {
		yield = float64(st.Problems) / float64(st.Candidates)
	}
	rate := float64(st.Problems) / max(elapsed.Seconds(), 1e-9)
	rateText := fmt.Sprintf("%.0f", rate)
	if r.c != nil && rate < 10 {
		rateText = fmt.Sprintf("%.2f", rate) // mate-in-N runs can be slow
	}
	capped := ""
	switch {
	case st.Capped > 0 && r.g.HoldBack:
		capped = fmt.Sprintf(", %d held back by the variety cap", st.Capped)
	case st.Capped > 0:
		capped = fmt.Sprintf(", %d over the variety cap", st.Capped)
	}
	fmt.Fprintf(w, "generated %d problem%s from %d candidate%s (yield %.2f%%, %d duplicate%s%s) in %.2fs: %s problems/s\n",
		st.Problems, plural(st.Problems), st.Candidates, plural(st.Candidates), 100*yield, st.Duplicates, plural(st.Duplicates),
		capped, elapsed.Seconds(), rateText)
	if r.c != nil {
		writeCounters(w, r.c)
	}
}

// writeRecord writes p in the format: the svg format its picture, the
// others a record on bw, the first of the output when first is true (see
// writeProblem). Each record goes out whole and at once, so an
// interruption never leaves half a record behind.
func writeRecord(ctx context.Context, bw *bufio.Writer, sheet *worksheetDir, rec *strings.Builder, p *problem.Problem, format string, first bool) error {
	if sheet != nil {
		return sheet.add(ctx, p)
	}
	rec.Reset()
	if err := writeProblem(rec, p, format, first); err != nil {
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

// writeProblem writes p in the format, the first record of its output
// when first is true: sfen a line; jsonl a JSON object a line; kif, ki2
// and csa a record after a comment line that names the problem (its
// index, seed and method: see generatorComment), in each format's own
// comment syntax. KIF and KI2 records follow one another, a blank line
// after each, the comment line "# ---- tsume generate: …" before each (a
// KIF comment starts with #); CSA records are separated by a line "/",
// as the CSA standard file format separates the games or positions of one
// file, each starting with the comment "'---- tsume generate: …" (a CSA
// comment starts with '), the version line V2.2 in the first only (the
// standard repeats what follows it). Every record so reads back with
// record.ReadRecords, and each, cut out of the file, with other readers
// of its format.
func writeProblem(w *strings.Builder, p *problem.Problem, format string, first bool) error {
	if err := fairyFormat(p, format); err != nil {
		return err
	}
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
		var text string
		var err error
		if p.IsFairy() {
			text, err = problemKIF(p, headers)
		} else {
			text, err = write(&p.Position, p.Line, headers, true)
		}
		if err != nil {
			return err
		}
		comment := fmt.Sprintf("---- tsume generate: problem %d (seed %d, %s) ----\n", pv.Index, pv.Seed, pv.Method)
		if format == "csa" {
			if !first {
				// The version line is the file's: the records after a "/"
				// repeat the rest.
				w.WriteString("/\n")
				text = strings.TrimPrefix(text, "V2.2\n")
			}
			w.WriteString("'" + comment + text)
			break
		}
		w.WriteString("# " + comment + text + "\n")
	}
	return nil
}

// seedValue is the --seed flag: an unsigned 64-bit number, whose error
// names the range.
type seedValue uint64

func (v *seedValue) String() string { return strconv.FormatUint(uint64(*v), 10) }

func (v *seedValue) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("want a whole number from 0 to %d", uint64(math.MaxUint64))
	}
	*v = seedValue(n)
	return nil
}
