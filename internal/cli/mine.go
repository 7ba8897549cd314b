package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/mine"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/selfplay"
	"github.com/tsume-shogi/tsume/shogi"
)

func mineCommand() *command {
	return &command{
		name:    "mine",
		summary: "find the missed, played and allowed mates of game records; keep the sound ones as problems",
		args:    "[--max-length N] [--format text|jsonl|kif] [--out FILE] [--bank FILE] [--workers N] [--shard K/N] FILE|DIR… | --selfplay N [--seed S] [--nodes-per-move K]",
		help: `
Mine reads game records (KIF, KI2, CSA, files of several games, SFEN or
USI "position … moves" lines; a directory is read recursively, its
.kif .kifu .ki2 .ki2u .csa .sfen .usi files in sorted order) and
decides, for every position of every game, whether the side to move
mates by checks within --max-length plies under the game's own hands.
For every move it reports a missed mate (the side had a mate and its
move keeps none), a played mate (its move keeps one: the length, and
whether it was the shortest) and an allowed mate (after the move the
opponent mates, and it could not before). Every claim is proven by the
solver; a search that runs out of --nodes claims nothing.

--format text (for people: move numbers, players, the mates in
Japanese), jsonl (one object a game, with the sound problems) or kif
(the games with comments at those moves). --bank adds the sound mined
problems to a bank (duplicates dropped by the bank's key). --shard K/N
(or auto/N) mines the games i of the collection with i mod N = K;
bank merge of the shards' banks is the single run's bank.

--selfplay N plays N self-play games (seed --seed, --nodes-per-move a
move; docs/selfplay.md) and mines them, no file given; --shard splits
the games by index. The same seed gives the same output.

A game that cannot be read is reported with its file and line, and the
others are still mined. Exit status: 0 every game mined, 1 a game or
file could not be read (the rest mined and written), 2 bad usage or a
missing file or directory, 130 interrupted.

More: docs/mining.md, docs/cli.md#mine.`,
		setup: setupMine,
	}
}

// mineExtensions are the files a directory given to mine is searched for.
var mineExtensions = map[string]bool{".kif": true, ".kifu": true, ".ki2": true, ".ki2u": true, ".csa": true, ".sfen": true, ".usi": true}

func setupMine(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	maxLength := fs.Int("max-length", mine.DefaultMaxLength, "the longest mate looked for, in `plies` (1 to 31)")
	format := fs.String("format", "text", "the output `format`: text, jsonl or kif")
	out := fs.String("out", "", "write to `FILE`, not standard output")
	bankPath := fs.String("bank", "", "add the sound mined problems to the bank `FILE`")
	workers := fs.Int("workers", runtime.NumCPU(), "the number of parallel `workers`")
	shardFlag := fs.String("shard", "", "mine shard `K/N` of the games (auto/N: K from "+shardIndexEnv+")")
	nodes := uint64Flag(fs, "nodes", mine.DefaultMaxNodes, "the node budget `N` of each search of a game position")
	games := fs.Int("selfplay", 0, "play and mine `N` self-play games instead of files")
	seed := fs.Uint64("seed", 1, "the self-play `seed` of --selfplay")
	perMove := uint64Flag(fs, "nodes-per-move", selfplay.DefaultNodes, "the self-play search's nodes a move `K` of --selfplay")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "mine"
		var errs []string
		played := isSet(fs, "selfplay")
		switch {
		case played && len(args) > 0:
			errs = append(errs, fmt.Sprintf("--selfplay and the record %q: give one or the other", args[0]))
		case played && *games < 1:
			errs = append(errs, fmt.Sprintf("--selfplay %d: want at least 1 game", *games))
		case !played && len(args) == 0:
			errs = append(errs, "no record: give files or directories of game records, or --selfplay N")
		}
		if !played && (isSet(fs, "seed") || isSet(fs, "nodes-per-move")) {
			errs = append(errs, "--seed and --nodes-per-move need --selfplay N")
		}
		if *perMove == 0 {
			errs = append(errs, "--nodes-per-move 0: want at least 1 node")
		}
		if *maxLength < 1 || *maxLength > 31 {
			errs = append(errs, fmt.Sprintf("--max-length %d: want 1 to 31 plies", *maxLength))
		}
		switch *format {
		case "text", "jsonl", "kif":
		default:
			errs = append(errs, fmt.Sprintf("--format %q: want text, jsonl or kif", *format))
		}
		if *workers < 1 {
			errs = append(errs, fmt.Sprintf("--workers %d: want at least 1", *workers))
		}
		if *nodes == 0 {
			errs = append(errs, "--nodes 0: want at least 1 node")
		}
		shard, err := parseShard(*shardFlag, os.LookupEnv)
		if err != nil {
			errs = append(errs, err.Error())
		}
		if len(errs) > 0 {
			return usageErrorf(self, "%s", strings.Join(errs, "; "))
		}
		opts := mine.Options{MaxLength: *maxLength, MaxNodes: *nodes, Problems: *bankPath != "" || *format == "jsonl"}
		r := mineRun{format: *format, out: *out, bankPath: *bankPath, workers: *workers, shard: shard}
		if played {
			cfg := selfplay.Config{Games: *games, Seed: *seed, Nodes: *perMove, MateNodes: *perMove, Workers: *workers, Shards: shard.N, Shard: shard.K}
			return runMineSelfplay(ctx, e, cfg, opts, r)
		}
		return runMine(ctx, e, args, opts, r)
	}
}

// mineRun is what mine does with the games besides mining them.
type mineRun struct {
	format, out, bankPath string
	workers               int
	shard                 gen.Shard
}

// mineJob is one game to mine, the result its worker fills in.
type mineJob struct {
	g    *record.Game
	src  mine.Source
	res  *mine.Result
	err  error
	done chan struct{}
}

// mineFiles returns the files named by args, a directory replaced by its
// record files in sorted order, recursively.
func mineFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && mineExtensions[strings.ToLower(filepath.Ext(path))] {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// selfplaySource names the self-play run of seed seed as the file of
// its games in their problems' provenance.
func selfplaySource(seed uint64) string { return fmt.Sprintf("selfplay seed %d", seed) }

// runMineSelfplay plays the games of cfg (the shard's, when cfg has
// shards), then mines them as runMine mines the games of files.
func runMineSelfplay(ctx context.Context, e *env, cfg selfplay.Config, opts mine.Options, r mineRun) error {
	start := time.Now()
	var jobs []*mineJob
	for g, err := range selfplay.Play(ctx, cfg) {
		if err != nil {
			if ce := (*selfplay.ConfigError)(nil); errors.As(err, &ce) {
				return usageErrorf("mine", "%s", ce.Message())
			}
			return err
		}
		src := mine.Source{File: selfplaySource(cfg.Seed), Game: g.Index, Ordinal: g.Index}
		jobs = append(jobs, &mineJob{g: g.Record, src: src, done: make(chan struct{})})
	}
	return mineJobs(ctx, e, jobs, 0, start, opts, r)
}

func runMine(ctx context.Context, e *env, args []string, opts mine.Options, r mineRun) error {
	files, err := mineFiles(args)
	if err != nil {
		return inputError(err)
	}
	start := time.Now()
	bad := 0
	var jobs []*mineJob
	ordinal := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(e.stderr, "tsume mine: %s\n", message(err))
			bad++
			continue
		}
		games, errs := record.ReadRecordsSkipping(data)
		for _, err := range errs {
			fmt.Fprintf(e.stderr, "tsume mine: %s\n", mineReadError(file, err))
			bad++
		}
		for i, g := range games {
			if r.shard.N == 0 || ordinal%r.shard.N == r.shard.K {
				jobs = append(jobs, &mineJob{g: g, src: mine.Source{File: file, Game: i, Ordinal: ordinal}, done: make(chan struct{})})
			}
			ordinal++
		}
	}
	return mineJobs(ctx, e, jobs, bad, start, opts, r)
}

// mineJobs mines the jobs with r's workers and writes what they found;
// bad is the number of games or files that could not be read, start
// when the run started.
func mineJobs(ctx context.Context, e *env, jobs []*mineJob, bad int, start time.Time, opts mine.Options, r mineRun) error {
	var err error
	w := e.stdout
	var file *os.File
	if r.out != "" {
		if file, err = os.Create(r.out); err != nil {
			return inputError(err)
		}
		defer file.Close()
		w = file
	}
	bw := bufio.NewWriter(w)
	var addProblem func(*problem.Problem) error
	var finish func() (int, int, error)
	if r.bankPath != "" {
		if addProblem, finish, err = bankSink(ctx, r.bankPath); err != nil {
			return err
		}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	next := make(chan *mineJob)
	var allocErr error
	// Fewer games than workers: the workers left search the positions of
	// a game together.
	opts.Parallel = max(1, r.workers/max(len(jobs), 1))
	for range min(r.workers, max(len(jobs), 1)) {
		m, err := mine.New(opts)
		if err != nil {
			allocErr = err
			break
		}
		wg.Go(func() {
			for j := range next {
				j.res, j.err = m.MineGame(runCtx, j.g, j.src)
				close(j.done)
			}
		})
	}
	go func() {
		defer close(next)
		if allocErr != nil {
			return
		}
		for _, j := range jobs {
			select {
			case next <- j:
			case <-runCtx.Done():
				return
			}
		}
	}()

	var sum mineSummary
	var runErr error
	for _, j := range jobs {
		if allocErr != nil {
			runErr = allocErr
			break
		}
		select {
		case <-j.done:
		case <-runCtx.Done():
			// The worker may still be writing j: it is not read.
			runErr = ctx.Err()
		}
		if runErr != nil {
			break
		}
		if j.res == nil {
			runErr = j.err
			break
		}
		sum.add(j.res)
		if err := writeMined(bw, r.format, j, opts.Problems); err != nil {
			runErr = err
			break
		}
		if addProblem != nil {
			for i := range j.res.Problems {
				if err := addProblem(&j.res.Problems[i]); err != nil {
					runErr = err
					break
				}
			}
		}
	}
	cancel()
	wg.Wait()
	if err := bw.Flush(); err != nil && runErr == nil {
		runErr = err
	}
	if finish != nil {
		added, dups, err := finish()
		if err != nil && runErr == nil {
			runErr = err
		}
		writeBankSummary(e, r.bankPath, added, dups)
	}
	if file != nil {
		if err := file.Close(); err != nil && runErr == nil {
			runErr = err
		}
	}
	sum.write(e.stderr, time.Since(start), r.shard, opts.Problems)
	if runErr != nil {
		return runErr
	}
	if bad > 0 {
		return &exitError{ExitNo, fmt.Sprintf("%d game%s or file%s could not be read (see above); the others were mined", bad, plural(bad), plural(bad))}
	}
	return nil
}

// mineReadError names the file and the line of a record that could not
// be read.
func mineReadError(file string, err error) string {
	var pe *record.ParseError
	if errors.As(err, &pe) && pe.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", file, pe.Line, pe.Msg)
	}
	return file + ": " + message(err)
}

// mineSummary counts what a run mined, for its last line on standard
// error.
type mineSummary struct {
	games, positions, unknown, searches, problems, undecided int
	kinds                                                    map[mine.Kind]int
}

func (s *mineSummary) add(res *mine.Result) {
	if s.kinds == nil {
		s.kinds = map[mine.Kind]int{}
	}
	s.games++
	s.positions += len(res.Positions)
	for _, st := range res.Positions {
		if st.Mate == mate.Unknown {
			s.unknown++
		}
	}
	s.searches += res.Searches
	s.problems += len(res.Problems)
	s.undecided += res.Undecided
	for _, f := range res.Findings {
		s.kinds[f.Kind]++
	}
}

func (s *mineSummary) write(w io.Writer, elapsed time.Duration, shard gen.Shard, problems bool) {
	where := ""
	if shard.N > 0 {
		where = " (shard " + shard.String() + ")"
	}
	fmt.Fprintf(w, "mined %d game%s%s, %d positions (%d unknown), %d searches: %d missed, %d played, %d allowed, %d undecided",
		s.games, plural(s.games), where, s.positions, s.unknown, s.searches,
		s.kinds[mine.Missed], s.kinds[mine.Played], s.kinds[mine.Allowed], s.undecided)
	if problems {
		fmt.Fprintf(w, "; %d sound problem%s", s.problems, plural(s.problems))
	}
	fmt.Fprintf(w, "\ntime %.2fs, %.0f positions/s\n", elapsed.Seconds(), float64(s.positions)/max(elapsed.Seconds(), 1e-9))
}

// writeMined writes what was mined of one game in the format; problems
// says whether the mined problems were made.
func writeMined(w *bufio.Writer, format string, j *mineJob, problems bool) error {
	switch format {
	case "jsonl":
		b, err := mine.NewReport(j.g, j.src, j.res).MarshalJSON()
		if err != nil {
			return err
		}
		w.Write(b)
		return w.WriteByte('\n')
	case "kif":
		return writeMinedKIF(w, j)
	}
	writeMinedText(w, j, problems)
	return nil
}

// sideMark returns ▲ or △ and the player's name of colour c (先手 or 後手
// when the record names none).
func sideMark(g *record.Game, c shogi.Color) string {
	mark, name := "▲", "先手"
	if c == shogi.White {
		mark, name = "△", "後手"
	}
	if n := mine.Player(g, c); n != "" {
		name = n
	}
	return mark + name
}

// findingText returns a finding in words: "missed a mate in 7: played
// ▲５八玉; the mate ▲５二金打 …".
func findingText(f *mine.Finding) (en, ja string) {
	_, played := report.Line(&f.Position, []shogi.Move{f.Played})
	from := f.Position
	if f.Kind == mine.Allowed {
		from.DoMove(f.Played)
	}
	_, line := report.Line(&from, f.Line)
	mateLine := strings.Join(line, " ")
	length := fmt.Sprintf("%d", f.Length)
	if !f.Exact {
		length = "≤" + length
	}
	switch {
	case f.Kind == mine.Missed:
		return fmt.Sprintf("missed a mate in %s: played %s; the mate %s", length, played[0], mateLine),
			fmt.Sprintf("詰み逃し: %s手詰 %s (指し手 %s)", length, mateLine, played[0])
	case f.Kind == mine.Played && f.Shortest:
		return fmt.Sprintf("played a shortest mate in %s: %s; a line %s", length, played[0], mateLine),
			fmt.Sprintf("最短の詰み: %s手詰 %s", length, mateLine)
	case f.Kind == mine.Played:
		return fmt.Sprintf("kept a mate with %s, not proven the shortest (a mate in %s: %s)", played[0], length, mateLine),
			fmt.Sprintf("詰みは続くが最短ではない: %s (%s手詰 %s)", played[0], length, mateLine)
	}
	return fmt.Sprintf("allowed a mate in %s with %s: %s", length, played[0], mateLine),
		fmt.Sprintf("詰みを許した: %s の後 %s手詰 %s", played[0], length, mateLine)
}

// writeMinedText writes a game's findings for people.
func writeMinedText(w *bufio.Writer, j *mineJob, problems bool) {
	g := j.g
	fmt.Fprintf(w, "%s:%d: %s vs %s", j.src.File, g.Line, sideMark(g, shogi.Black), sideMark(g, shogi.White))
	if d := mine.Date(g); d != "" {
		fmt.Fprintf(w, ", %s", d)
	}
	fmt.Fprintf(w, ", %d move%s", len(g.Moves), plural(len(g.Moves)))
	if problems {
		fmt.Fprintf(w, ", %d sound problem%s", len(j.res.Problems), plural(len(j.res.Problems)))
	}
	w.WriteString("\n")
	for i := range j.res.Findings {
		f := &j.res.Findings[i]
		en, _ := findingText(f)
		fmt.Fprintf(w, "  move %d %s %s\n", f.MoveNumber, sideMark(g, f.Side), en)
	}
	if len(j.res.Findings) == 0 {
		w.WriteString("  no mate found\n")
	}
}

// writeMinedKIF writes a game as KIF with a comment at each move of a
// finding.
func writeMinedKIF(w *bufio.Writer, j *mineJob) error {
	var comments []record.Comment
	for i := range j.res.Findings {
		f := &j.res.Findings[i]
		_, ja := findingText(f)
		comments = append(comments, record.Comment{Ply: f.Ply + 1, Text: "tsume mine: " + ja})
	}
	s, err := record.KIFComments(&j.g.Start, j.g.Moves, j.g.Headers, comments, true)
	if err != nil {
		return err
	}
	w.WriteString(s)
	return w.WriteByte('\n')
}
