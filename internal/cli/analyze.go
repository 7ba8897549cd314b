package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/graph"
	"github.com/tsume-shogi/tsume/graph/shogigraph"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
)

// maxGraphFile bounds the size of a --graph file.
const maxGraphFile = 1 << 30

func analyzeCommand() *command {
	return &command{
		name:    "analyze",
		summary: "decide forced mates on a game graph: reachability vs forcibility, ranks, strategies",
		args:    "(--graph FILE | (--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N]) --plies N [--as-given] [--max-states N]) [--json]",
		help: `
Analyze tells, on a finite game graph (--graph FILE, JSON), where a mate
can be reached and where it can be forced, with each state's rank (the
moves within which the attacker forces mate) and the attacker's
strategy. With a position and --plies N it builds the tsume game graph
to N plies (every interposition included), and prints whether mate is
forced within N plies, the root's rank, a main line and the graph's
size; --max-states bounds the graph (about 200 bytes a state).

Exit status: 0 a graph, or a position with a mate forced within N
plies; 1 a position without; 2 bad usage, an invalid graph or position,
or more states than --max-states; 130 interrupted.

More, with the JSON objects: docs/cli.md#analyze, docs/graphs.md.`,
		setup: setupAnalyze,
	}
}

func setupAnalyze(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	graphFile := fs.String("graph", "", "read a game graph in JSON from `FILE` (- for standard input)")
	in := addPositionFlags(fs)
	pliesFlag := fs.Int("plies", 0, "with a position: look for mates of at most `N` plies (1 to 255)")
	asGiven := fs.Bool("as-given", false, "keep the input's hands instead of giving the defender every remaining piece")
	maxStates := fs.Int("max-states", shogigraph.DefaultMaxStates, "with a position: stop with an error beyond `N` states")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	progress := fs.String("progress", "auto", "progress line on standard error: auto (when a terminal), always or never")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "analyze"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q: analyze takes only flags, and an SFEN must be quoted", args[0])
		}
		switch *progress {
		case "auto", "always", "never":
		default:
			return usageErrorf(self, "bad --progress %q: want auto, always or never", *progress)
		}
		positionOnly := []string{"plies", "as-given", "max-states", "progress"}
		if isSet(fs, "graph") {
			if in.given() {
				return usageErrorf(self, "want either --graph or a position, not both")
			}
			for _, name := range positionOnly {
				if isSet(fs, name) {
					return usageErrorf(self, "--%s is for a position, not for --graph", name)
				}
			}
			return analyzeGraph(ctx, e, *graphFile, *asJSON)
		}
		if !in.given() {
			return usageErrorf(self, "want --graph FILE, or a position (--sfen SFEN, --kif FILE, --ki2 FILE, --csa FILE or --file FILE) with --plies N")
		}
		if !isSet(fs, "plies") {
			return usageErrorf(self, "want --plies N with a position: the longest mate to look for")
		}
		if *pliesFlag < 1 || *pliesFlag > shogigraph.MaxPlies {
			return usageErrorf(self, "bad --plies %d: want 1 to %d", *pliesFlag, shogigraph.MaxPlies)
		}
		if *maxStates < 1 {
			return usageErrorf(self, "bad --max-states %d: want 1 or more", *maxStates)
		}
		_, p, err := in.load(e)
		if err != nil {
			return err
		}
		opt := analyzeOptions{
			plies: *pliesFlag, maxStates: *maxStates, json: *asJSON, hand: mate.Remaining,
			showProgress: *progress == "always" || *progress == "auto" && isTerminal(e.stderr),
		}
		if *asGiven {
			opt.hand = mate.AsGiven
		}
		return analyzePosition(ctx, e, p, opt)
	}
}

// readGraphFile reads the --graph file name ("-" for standard input).
func readGraphFile(e *env, name string) (*graph.Graph, error) {
	var r io.Reader
	label := name
	if name == "-" {
		r, label = e.stdin, "standard input"
		if r == nil {
			r = strings.NewReader("")
		}
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, inputError(err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxGraphFile+1))
	if err != nil {
		return nil, readError(label, err)
	}
	if len(data) > maxGraphFile {
		return nil, inputError(fmt.Errorf("%s is larger than %d MiB", label, maxGraphFile>>20))
	}
	g, err := graph.ParseJSON(data)
	if err != nil {
		return nil, &exitError{ExitError, label + ": " + message(err)}
	}
	return g, nil
}

// analyzeGraph analyses the graph in the file name.
func analyzeGraph(ctx context.Context, e *env, name string, asJSON bool) error {
	g, err := readGraphFile(e, name)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	f := g.Forced()
	reach := g.Reachable()
	w := bufio.NewWriter(e.stdout)
	if asJSON {
		err = writeGraphJSON(w, g, f, reach)
	} else {
		writeGraphText(w, g, f, reach)
	}
	if err == nil {
		err = w.Flush()
	}
	return err
}

// graphStateJSON is one state of analyze --graph --json.
type graphStateJSON struct {
	Name      string  `json:"name"`
	Kind      string  `json:"kind"`
	Reachable bool    `json:"reachable"`
	Forced    bool    `json:"forced"`
	Rank      *int    `json:"rank"`
	Strategy  *string `json:"strategy"`
}

// writeGraphJSON writes {"states":[…]}, one state a line.
func writeGraphJSON(w *bufio.Writer, g *graph.Graph, f *graph.Forced, reach []bool) error {
	w.WriteString(`{"states":[`)
	for s := range g.Len() {
		st := graphStateJSON{Name: g.Name(s), Kind: g.Kind(s).String(), Reachable: reach[s], Forced: f.Winning(s)}
		if f.Winning(s) {
			r := int(f.Rank[s])
			st.Rank = &r
		}
		if t := f.Strategy[s]; t != graph.NoState {
			name := g.Name(int(t))
			st.Strategy = &name
		}
		data, err := marshalJSON(st)
		if err != nil {
			return err
		}
		if s > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n")
		w.Write(data)
	}
	if g.Len() > 0 {
		w.WriteString("\n")
	}
	w.WriteString("]}\n")
	return nil
}

// marshalJSON encodes v without escaping <, > and &.
func marshalJSON(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

// displayName returns a state's name for the text report: quoted when it
// is empty or holds spaces or characters that do not print.
func displayName(name string) string {
	q := strconv.Quote(name)
	if name == "" || q != `"`+name+`"` || strings.ContainsAny(name, " \u00a0\u3000") {
		return q
	}
	return name
}

// writeGraphText writes the human report of a graph.
func writeGraphText(w *bufio.Writer, g *graph.Graph, f *graph.Forced, reach []bool) {
	alt := "not declared alternating"
	if g.Alternating() {
		alt = "alternating"
	}
	fmt.Fprintf(w, "%d states, %d transitions, %s\n\n", g.Len(), g.Edges(), alt)
	names := make([]string, g.Len())
	width := len("state")
	for s := range g.Len() {
		names[s] = displayName(g.Name(s))
		width = max(width, len(names[s]))
	}
	yesNo := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	fmt.Fprintf(w, "%-*s  %-8s  %-9s  %-6s  %4s  %s\n", width, "state", "kind", "reachable", "forced", "rank", "strategy")
	for s := range g.Len() {
		rank, strategy := "-", "-"
		if f.Winning(s) {
			rank = strconv.Itoa(int(f.Rank[s]))
		}
		if t := f.Strategy[s]; t != graph.NoState {
			strategy = names[t]
		}
		line := fmt.Sprintf("%-*s  %-8s  %-9s  %-6s  %4s  %s", width, names[s], g.Kind(s), yesNo(reach[s]), yesNo(f.Winning(s)), rank, strategy)
		w.WriteString(strings.TrimRight(line, " ") + "\n")
	}

	var forced, reachOnly []int
	for s := range g.Len() {
		switch {
		case f.Winning(s):
			forced = append(forced, s)
		case reach[s]:
			reachOnly = append(reachOnly, s)
		}
	}
	sort.SliceStable(forced, func(i, j int) bool { return f.Rank[forced[i]] < f.Rank[forced[j]] })
	list := func(states []int) string {
		if len(states) == 0 {
			return "none"
		}
		parts := make([]string, len(states))
		for i, s := range states {
			parts[i] = names[s]
		}
		return strings.Join(parts, ", ")
	}
	fmt.Fprintf(w, "\nforced: %d of %d states", len(forced), g.Len())
	if len(forced) > 0 {
		fmt.Fprintf(w, ", by rank: %s", list(forced))
	}
	w.WriteString("\n")
	for r := 0; r <= f.Rounds; r++ {
		var round []int
		for _, s := range forced {
			if int(f.Rank[s]) == r {
				round = append(round, s)
			}
		}
		fmt.Fprintf(w, "  round %d: %s\n", r, list(round))
	}
	fmt.Fprintf(w, "reachable but not forced: %s\n", list(reachOnly))
	if dead := g.DeadEnds(); len(dead) > 0 {
		fmt.Fprintf(w, "note: attacker and defender states without successors (never winning): %s\n", list(dead))
	}
}

// analyzeOptions are the flags of analyze for a position.
type analyzeOptions struct {
	plies, maxStates int
	json             bool
	hand             mate.DefenderHand
	showProgress     bool
}

// analyzePosition builds and analyses the graph of p.
func analyzePosition(ctx context.Context, e *env, p shogi.Position, opt analyzeOptions) error {
	if opt.hand == mate.Remaining {
		q, err := mate.WithRemainingHand(&p)
		if err != nil {
			return &exitError{ExitError, "not a tsume position: " + message(err)}
		}
		p = q
	}
	so := shogigraph.Options{Plies: opt.plies, MaxStates: opt.maxStates}
	var pl *statusLine
	if opt.showProgress {
		pl = newStatusLine(e.stderr)
		so.Progress = func(p shogigraph.Progress) {
			pl.draw("building: ply %d, %d states, %d transitions, %d states/s, %.1fs",
				p.Ply, p.States, p.Edges, perSecond(p.States, p.Elapsed), p.Elapsed.Seconds())
		}
	}
	start := time.Now()
	a, err := shogigraph.Analyze(ctx, &p, so)
	pl.clear()
	elapsed := time.Since(start)
	var le *shogigraph.LimitError
	switch {
	case errors.As(err, &le):
		return &exitError{ExitError, fmt.Sprintf("the graph has more than %d states (reached while expanding ply %d of %d); lower --plies or raise --max-states",
			le.MaxStates, le.Ply, le.Plies)}
	case errors.Is(err, shogigraph.ErrNotAProblem):
		return inputError(err)
	case err != nil:
		return err
	}

	v := report.NewAnalysis(&p, a, opt.plies, opt.hand, elapsed)
	w := bufio.NewWriter(e.stdout)
	if opt.json {
		data, err := marshalJSON(v)
		if err != nil {
			return err
		}
		w.Write(data)
		w.WriteString("\n")
	} else {
		fmt.Fprintf(w, "sfen: %s\n", v.SFEN)
		fmt.Fprintf(w, "defender hand: %s\n", v.DefenderHand)
		if a.Forced {
			fmt.Fprintf(w, "forced: yes, mate within %d plies\n", opt.plies)
			fmt.Fprintf(w, "rank: %d\n", a.Rank)
			fmt.Fprintf(w, "main line: %s\n", strings.Join(v.PV, " "))
			fmt.Fprintf(w, "main line (ja): %s\n", strings.Join(v.PVJA, " "))
		} else {
			fmt.Fprintf(w, "forced: no, no mate within %d plies\n", opt.plies)
			fmt.Fprintf(w, "rank: -\n")
		}
		fmt.Fprintf(w, "states: %d (mates %d, without a check %d, cut at the ply limit %d)\n", a.States, a.Mates, a.NoCheck, a.Cut)
		fmt.Fprintf(w, "edges: %d\n", a.Edges)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if !opt.json {
		fmt.Fprintf(e.stderr, "time %.2fs (graph %.2fs, fixed point %.2fs), %d states/s\n",
			elapsed.Seconds(), a.BuildTime.Seconds(), a.SolveTime.Seconds(), perSecond(a.States, elapsed))
	}
	if !a.Forced {
		return &exitError{code: ExitNo}
	}
	return nil
}
