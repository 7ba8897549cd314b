package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/theme"
)

func bankCommand() *command {
	return &command{
		name:    "bank",
		summary: "keep problems in a bank, an SQLite file: init, add, import, export, query, stats, merge",
		args:    "init|add|import|export|query|stats|merge [--bank FILE] [flags] [arguments]",
		help: `
A bank is one SQLite file (--bank, default tsume.db) holding problems
deduplicated by a canonical key: a problem and its left-right mirror
image are one problem, and adding one that is there already is no error
but a duplicate. The commands that write (init, add, import, merge,
generate --bank) create a missing bank; query, stats, export and
merge's inputs refuse a file that is missing or not a bank, and leave it
as it is. docs/bank.md describes the file.

  init                  create the bank (or bring an older one to the
                        current schema) and show its size
  add [--sfen SFEN]     solve and judge positions (fairy ones: a fairy
                        SFEN, --rules), one SFEN a line on standard input
                        or the --sfen given, and add the mates found
  import FILE...        add what tsume generate wrote, in any of its
                        formats: jsonl (every field kept), kif, ki2 and csa
                        (the position, the main line and the generator's
                        header comment: method, seed, index) and sfen (each
                        position solved and judged as add does); generate's
                        svg directories are pictures, not data, and are
                        not imported
  export [query flags]  write the problems the query selects in a format
                        of generate: sfen, jsonl, kif, ki2, csa or svg (the
                        worksheet directory of generate --format svg;
                        --out names it)
  query [query flags]   list the problems the query selects: id, length,
                        difficulty, rating and SFEN, or one JSON object a
                        line with --json
  stats                 count the problems by length, verdict, method and
                        theme, and the attempts players made
  merge OTHER...        add every problem of other bank files (what the
                        shards of generate --bank wrote), all at once in
                        the order of their provenance (method, seed,
                        index), the first of each canonical key kept: the
                        merged shards are the single run's bank

The query flags: --length, --min-difficulty, --max-difficulty,
--min-pieces, --max-pieces (the pieces besides White's king, board and
Black's hand), --mating-piece (the kind giving mate as SFEN writes it:
G, +R, …), --king-region (corner, edge or centre), --verdict, --method,
--rules (standard, annan, tenjiku, …), --stip (mate, help or helpself),
--board (standard or fairy: fairy pieces or royals other than kings),
--theme (NAME[,NAME]: the main line has every theme named, lure,
head-gold, …; docs/themes.md lists them), --min-rating, --max-rating,
--limit and --offset. Problems come in the order they entered the bank.
'tsume bank SUBCOMMAND --help' lists the flags of each.

Exit status: 0 success, 1 add found a position without a mate, 2 bad
usage, a bad input or a bank that cannot be opened, 130 interrupted.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			return runBank
		},
	}
}

// bankSubcommand is one subcommand of tsume bank: its flags and its run.
type bankSubcommand struct {
	args  string // the synopsis after "tsume bank NAME"
	setup func(fs *flag.FlagSet, path *string) func(ctx context.Context, e *env, args []string) error
}

// bankSubcommands returns the subcommands of tsume bank by name.
func bankSubcommands() map[string]bankSubcommand {
	return map[string]bankSubcommand{
		"init":   {"[--bank FILE]", setupBankInit},
		"add":    {"[--bank FILE] [--sfen SFEN] [--rules LIST] [--time D] [--nodes N]", setupBankAdd},
		"import": {"[--bank FILE] [--time D] FILE...", setupBankImport},
		"export": {"[--bank FILE] [query flags] [--format F] [--out FILE|DIR]", setupBankExport},
		"query":  {"[--bank FILE] [query flags] [--json]", setupBankQuery},
		"stats":  {"[--bank FILE] [--json]", setupBankStats},
		"merge":  {"[--bank FILE] OTHER...", setupBankMerge},
	}
}

// runBank runs the subcommand args[0] with the flags and arguments after it.
func runBank(ctx context.Context, e *env, args []string) error {
	const self = "bank"
	subs := bankSubcommands()
	if len(args) == 0 {
		return usageErrorf(self, "want a subcommand: init, add, import, export, query, stats or merge")
	}
	sub, ok := subs[args[0]]
	if !ok {
		return usageErrorf(self, "unknown subcommand %q: want init, add, import, export, query, stats or merge", args[0])
	}
	name := args[0]
	fs := flag.NewFlagSet("tsume bank "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("bank", "tsume.db", "the bank `FILE`")
	run := sub.setup(fs, path)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeBankHelp(e.stdout, name, sub)
			return nil
		}
		return usageErrorf(self, "%s: %v", name, err)
	}
	return run(ctx, e, fs.Args())
}

// writeBankHelp writes the usage and flags of one subcommand.
func writeBankHelp(w io.Writer, name string, sub bankSubcommand) {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: tsume bank %s %s\n\nFlags:\n", name, sub.args)
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.String("bank", "tsume.db", "the bank `FILE`")
	sub.setup(fs, new(string))
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  --%s", f.Name)
		if arg != "" {
			b.WriteString(" " + arg)
		}
		b.WriteString("\n\t" + usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	io.WriteString(w, b.String())
}

// openBank opens the bank at path for a command that writes to it (init,
// add, import, merge, generate --bank), creating it when it does not
// exist; what exists but is not a bank is refused, left as it is. The
// error is ready for the user, name the subcommand it comes from.
func openBank(ctx context.Context, name, path string) (*bank.Bank, error) {
	b, err := bank.Open(ctx, path)
	if err != nil {
		return nil, bankOpenError(name, err, missingBankHint)
	}
	return b, nil
}

// readBank opens the bank at path for a command that only reads it
// (query, stats, export, serve): a missing file is refused, not created,
// and so is what is not a bank, left as it is.
func readBank(ctx context.Context, name, path string) (*bank.Bank, error) {
	b, err := bank.OpenExisting(ctx, path)
	if err != nil {
		return nil, bankOpenError(name, err, missingBankHint)
	}
	return b, nil
}

// missingBankHint follows the message of a bank file that does not exist.
const missingBankHint = " (create a bank with tsume bank init, or fill one with bank import or generate --bank)"

// bankOpenError is the command's error for a bank that could not be
// opened: for a file that is missing or not a bank, one line naming the
// file and what it is, after name ("query: x.db: no such file"), with
// hint after it when the file is missing.
func bankOpenError(name string, err error, hint string) error {
	var nb *bank.NotBankError
	if errors.As(err, &nb) {
		msg := nb.Message()
		if errors.Is(nb, fs.ErrNotExist) {
			msg += hint
		}
		if name != "" {
			msg = name + ": " + msg
		}
		return &exitError{ExitError, msg}
	}
	return &exitError{ExitError, err.Error()}
}

// closeBank closes b, keeping the first error.
func closeBank(b *bank.Bank, err *error) {
	if cerr := b.Close(); *err == nil && cerr != nil {
		*err = &exitError{ExitError, cerr.Error()}
	}
}

// bankError turns an error of package bank into the command's error,
// an interruption kept as such.
func bankError(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	return &exitError{ExitError, err.Error()}
}

// queryFlags defines the flags of a bank.Query on fs.
func queryFlags(fs *flag.FlagSet) *bank.Query {
	q := new(bank.Query)
	fs.IntVar(&q.Plies, "length", 0, "the length in `plies` (0: any)")
	fs.Float64Var(&q.MinDifficulty, "min-difficulty", 0, "a difficulty score of at least `X`")
	fs.Float64Var(&q.MaxDifficulty, "max-difficulty", 0, "a difficulty score of at most `X` (0: no limit)")
	fs.IntVar(&q.MinPieces, "min-pieces", 0, "at least `N` pieces besides White's king")
	fs.IntVar(&q.MaxPieces, "max-pieces", 0, "at most `N` pieces besides White's king (0: no limit)")
	fs.StringVar(&q.MatingPiece, "mating-piece", "", "the `kind` giving mate, as SFEN writes it: P, L, N, S, G, B, R, +P, …, +B, +R, (GH), (LI)")
	fs.StringVar(&q.KingRegion, "king-region", "", "where White's king stands: `corner`, edge or centre")
	fs.StringVar(&q.Verdict, "verdict", "", "the `verdict`, such as sound")
	fs.StringVar(&q.Method, "method", "", "the generation `method`, such as reverse")
	fs.StringVar(&q.Rules, "rules", "", "the `rules` the problems are played under: standard, annan, tenjiku, … (default any)")
	fs.StringVar(&q.Stip, "stip", "", "the stipulation: `mate`, help or helpself (default any)")
	fs.StringVar(&q.Board, "board", "", "the pieces: `standard`, or fairy (fairy pieces or royals other than the kings) (default any)")
	fs.Float64Var(&q.MinRating, "min-rating", 0, "an empirical rating of at least `R`")
	fs.Float64Var(&q.MaxRating, "max-rating", 0, "an empirical rating of at most `R` (0: no limit)")
	fs.Func("theme", "themes the main line has, all of them: `NAME[,NAME]` as docs/themes.md names them (lure, head-gold, …); the flag may be repeated", func(v string) error {
		q.Themes = append(q.Themes, v) // read by checkQuery
		return nil
	})
	fs.IntVar(&q.Limit, "limit", 0, "at most `N` problems (0: all)")
	fs.IntVar(&q.Offset, "offset", 0, "skip the first `N` problems")
	return q
}

// checkQuery reports what is wrong with the query flags.
func checkQuery(q *bank.Query) error {
	if q.KingRegion == "center" {
		q.KingRegion = bank.Centre
	}
	var errs []string
	switch q.KingRegion {
	case "", bank.Corner, bank.Edge, bank.Centre:
	default:
		errs = append(errs, fmt.Sprintf("--king-region %q: want corner, edge or centre", q.KingRegion))
	}
	switch strings.TrimPrefix(q.MatingPiece, "+") {
	case "", "P", "L", "N", "S", "G", "B", "R":
	case "(GH)", "(LI)":
		if q.MatingPiece[0] == '+' {
			errs = append(errs, fmt.Sprintf("--mating-piece %s: a fairy piece does not promote", q.MatingPiece))
		}
	default:
		errs = append(errs, fmt.Sprintf("--mating-piece %q: want a kind as SFEN writes it: P, L, N, S, G, B, R, +P, +L, +N, +S, +B, +R, (GH) or (LI)", q.MatingPiece))
	}
	switch q.Board {
	case "", bank.BoardStandard, bank.BoardFairy:
	default:
		errs = append(errs, fmt.Sprintf("--board %q: want standard or fairy", q.Board))
	}
	if q.MatingPiece == "+G" {
		errs = append(errs, "--mating-piece +G: a gold does not promote")
	}
	if q.Rules != "" {
		if _, err := problem.CanonicalRules(q.Rules); err != nil {
			errs = append(errs, "--rules: "+err.Error())
		}
	}
	if q.Stip != "" {
		if _, err := problem.ParseGoal(q.Stip); err != nil {
			errs = append(errs, "--stip: "+err.Error())
		}
	}
	if q.Themes != nil {
		names, err := theme.ParseNames(strings.Join(q.Themes, ","))
		if err != nil {
			errs = append(errs, "--theme: "+err.Error())
		}
		q.Themes = names
	}
	if q.Plies < 0 || q.Limit < 0 || q.Offset < 0 || q.MinPieces < 0 || q.MaxPieces < 0 {
		errs = append(errs, "--length, --limit, --offset, --min-pieces and --max-pieces want 0 or more")
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

func setupBankInit(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) > 0 {
			return usageErrorf("bank", "init: unexpected argument %q", args[0])
		}
		b, err := openBank(ctx, "init", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		v, err := b.Version(ctx)
		if err != nil {
			return bankError(err)
		}
		n, err := b.Count(ctx, bank.Query{})
		if err != nil {
			return bankError(err)
		}
		fmt.Fprintf(e.stdout, "%s: schema version %d, %d problem%s\n", *path, v, n, plural(n))
		return nil
	}
}

func setupBankQuery(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	q := queryFlags(fs)
	asJSON := fs.Bool("json", false, "one JSON object a line: the entry with its problem in the jsonl form of generate")
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) > 0 {
			return usageErrorf("bank", "query: unexpected argument %q", args[0])
		}
		if err := checkQuery(q); err != nil {
			return usageErrorf("bank", "query: %s", err)
		}
		b, err := readBank(ctx, "query", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		es, err := b.Query(ctx, *q)
		if err != nil {
			return bankError(err)
		}
		if *asJSON {
			return writeEntriesJSON(e.stdout, es)
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "id\tplies\tdifficulty\trating\t  sfen\n")
		for _, en := range es {
			fmt.Fprintf(tw, "%d\t%d\t%.2f\t%.0f±%.0f\t  %s%s\n", en.ID, en.Problem.Stipulation.Plies, en.Problem.Difficulty,
				en.Rating.R, en.Rating.RD, en.Problem.SFEN(), fairyNote(&en.Problem))
		}
		return tw.Flush()
	}
}

// fairyNote is what a list line adds after the SFEN of a fairy problem:
// its rules and stipulation ("  (annan mate)", "  (standard help)");
// nothing for a standard mate problem.
func fairyNote(p *problem.Problem) string {
	if !p.IsFairy() {
		return ""
	}
	rules := p.Rules
	if rules == "" {
		rules = problem.Standard
	}
	return "  (" + rules + " " + p.Stipulation.Goal.String() + ")"
}

// entryJSON is the JSON form of a bank entry that query --json writes.
type entryJSON struct {
	ID        int64           `json:"id"`
	Key       string          `json:"key"`
	Rating    float64         `json:"rating"`
	RD        float64         `json:"rd"`
	Attempts  int             `json:"attempts"`
	Solves    int             `json:"solves"`
	SolveTime float64         `json:"solve_seconds"`
	Problem   json.RawMessage `json:"problem"`
}

// writeEntriesJSON writes es one JSON object a line.
func writeEntriesJSON(w io.Writer, es []bank.Entry) error {
	enc := json.NewEncoder(w)
	for i := range es {
		en := &es[i]
		p, err := en.Problem.MarshalJSON()
		if err != nil {
			return &exitError{ExitError, fmt.Sprintf("problem %d: %v", en.ID, err)}
		}
		round := func(x float64) float64 { return math.Round(x*100) / 100 }
		if err := enc.Encode(entryJSON{en.ID, en.Key, round(en.Rating.R), round(en.Rating.RD), en.Attempts, en.Solves,
			en.SolveTime.Seconds(), p}); err != nil {
			return err
		}
	}
	return nil
}

func setupBankStats(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	asJSON := fs.Bool("json", false, "one JSON object")
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) > 0 {
			return usageErrorf("bank", "stats: unexpected argument %q", args[0])
		}
		b, err := readBank(ctx, "stats", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		s, err := b.Stats(ctx)
		if err != nil {
			return bankError(err)
		}
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(map[string]any{
				"problems": s.Problems, "by_length": s.ByLength, "by_verdict": s.ByVerdict, "by_method": s.ByMethod,
				"by_theme": s.ByTheme, "attempts": s.Attempts, "solves": s.Solves, "sessions": s.Sessions,
			})
		}
		var w strings.Builder
		fmt.Fprintf(&w, "%s: %d problem%s\n", *path, s.Problems, plural(s.Problems))
		lengths := make([]int, 0, len(s.ByLength))
		for n := range s.ByLength {
			lengths = append(lengths, n)
		}
		sort.Ints(lengths)
		w.WriteString("by length:")
		for _, n := range lengths {
			unit := "plies"
			if n == 1 {
				unit = "ply"
			}
			fmt.Fprintf(&w, " %d %s %d;", n, unit, s.ByLength[n])
		}
		writeCounts(&w, "by verdict", s.ByVerdict, "not judged")
		writeCounts(&w, "by method", s.ByMethod, "not generated")
		themes := make(map[string]int, len(s.ByTheme))
		for name, n := range s.ByTheme {
			themes[name+" "+theme.Japanese(name)] = n
		}
		if len(themes) == 0 {
			w.WriteString("\nby theme: none")
		} else {
			writeCounts(&w, "by theme", themes, "")
		}
		fmt.Fprintf(&w, "\nattempts: %d (%d solved) by %d session%s\n", s.Attempts, s.Solves, s.Sessions, plural(s.Sessions))
		_, err = io.WriteString(e.stdout, strings.ReplaceAll(w.String(), ";\n", "\n"))
		return err
	}
}

// writeCounts writes "\nlabel: a 3; b 2;" with the keys sorted, the empty
// key named empty.
func writeCounts(w *strings.Builder, label string, counts map[string]int, empty string) {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "\n%s:", label)
	for _, k := range keys {
		name := k
		if name == "" {
			name = empty
		}
		fmt.Fprintf(w, " %s %d;", name, counts[k])
	}
}

func setupBankMerge(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) == 0 {
			return usageErrorf("bank", "merge: want the bank files to merge")
		}
		// The inputs first, so that a missing one leaves no new bank.
		for _, other := range args {
			o, err := bank.OpenExisting(ctx, other)
			if err != nil {
				return bankOpenError("merge", err, "")
			}
			if err := o.Close(); err != nil {
				return bankError(err)
			}
		}
		b, err := openBank(ctx, "merge", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		total, err := b.Merge(ctx, args...)
		if errors.Is(err, context.Canceled) {
			return err
		}
		if err != nil {
			return bankOpenError("merge", err, "")
		}
		n, err := b.Count(ctx, bank.Query{})
		if err != nil {
			return bankError(err)
		}
		fmt.Fprintf(e.stderr, "%s: %d problem%s added, %d in all\n", *path, total, plural(total), n)
		return nil
	}
}
