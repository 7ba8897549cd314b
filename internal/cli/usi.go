package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/engine/eval/nnue"
	"github.com/tsume-shogi/tsume/usi"
	"github.com/tsume-shogi/tsume/usi/gameengine"
	"github.com/tsume-shogi/tsume/usi/mateengine"
)

func usiCommand() *command {
	return &command{
		name:    "usi",
		summary: "run as a USI engine on standard input and output (go: the game engine; go mate: the tsume solver)",
		args:    "",
		help: `
Usi speaks the USI protocol on standard input and standard output, so
that a shogi GUI can use tsume as an engine: "go mate" solves the
position as a tsume problem and answers "checkmate M…", "checkmate
nomate" or "checkmate timeout"; any other go searches it with the game
engine (alpha-beta) within the time the clocks give and answers
"bestmove M". Unknown commands are ignored; a command that cannot be
used is answered with an "info string" line that names the problem.

Exit status: 0 after quit or the end of the input, 130 interrupted.

More, with each command and its answers: docs/cli.md#usi, docs/engine.md.`,
		more:  func() string { return usiOptionsHelp(newUSIHandler().Options()) },
		setup: setupUSI,
	}
}

func setupUSI(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		if len(args) > 0 {
			return usageErrorf("usi", "unexpected argument %q: usi reads its commands from standard input", args[0])
		}
		stdin := e.stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		return usi.Serve(ctx, stdin, e.stdout, newUSIHandler())
	}
}

// newUSIHandler returns the engine tsume usi runs: the game engine, with
// the tsume solver for go mate.
func newUSIHandler() *gameengine.Handler {
	id := usi.ID{Name: "tsume" + usiVersion(), Author: "the tsume authors"}
	return gameengine.New(gameengine.Config{
		ID:          id,
		Mate:        mateengine.New(id),
		MateOptions: []string{"MateNodes", "FutileRule", "DefenderHand", "Threads"},
		LoadEval:    loadNNUE,
	})
}

// usiOptionHelp says what each option of the engine is for, by name;
// usiOptionsHelp lists the options the engine declares, each with its
// type, default and range from the declaration and its line here.
var usiOptionHelp = map[string]string{
	"USI_Hash":       "the table size in MB, of the game engine and of the solver",
	"Threads":        "the threads of go mate's search (the game engine's search has one)",
	"USI_Ponder":     "the GUI's: pondering is go ponder",
	"MultiPV":        "the number of lines of the info lines",
	"EvalFile":       "an NNUE file, HalfKP 256x2-32-32 (docs/nnue.md); empty: the hand-written evaluation",
	"NetworkDelay":   "the milliseconds kept in hand on every move for the GUI's overhead",
	"FV_SCALE":       "the output scale of the EvalFile",
	"EvalWeights":    "the hand-written evaluation's weights, such as pst=0 (for self-play tests)",
	"SearchFeatures": "search features switched off, such as no-null,no-lmr (for self-play tests)",
	"MateNodes":      "a node limit for go mate (0: none)",
	"FutileRule":     "whether futile interpositions count, as solve's --futile",
	"DefenderHand":   "remaining: the defender holds every remaining piece (the tsume convention)",
}

// usiOptionsHelp lists opts for tsume help usi: each option's name,
// what it is for (usiOptionHelp), and its type, default and range or
// values as declared.
func usiOptionsHelp(opts []usi.Option) string {
	var b strings.Builder
	b.WriteString("Options (setoption name NAME value V):\n")
	width := 0
	for _, o := range opts {
		width = max(width, len(o.Name))
	}
	for _, o := range opts {
		decl := o.Type.String()
		switch o.Type {
		case usi.Spin:
			decl += fmt.Sprintf(" %d to %d, default %s", o.Min, o.Max, o.Default)
		case usi.Combo:
			decl += " " + strings.Join(o.Vars, "|") + ", default " + o.Default
		case usi.Check:
			decl += ", default " + o.Default
		}
		line := fmt.Sprintf("  %-*s  %s", width, o.Name, usiOptionHelp[o.Name])
		writeWrapped(&b, line+" ("+decl+")", 0, width+4)
	}
	return b.String()
}

// loadNNUE reads the NNUE evaluation file at path (HalfKP 256x2-32-32)
// for the EvalFile option.
func loadNNUE(path string, fvScale int) (eval.Evaluator, error) {
	net, err := nnue.Load(path)
	if err != nil {
		return nil, err
	}
	return nnue.New(net, fvScale)
}

// usiVersion returns the module version tsume was built as, with a
// space in front, or "" for a development build.
func usiVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return ""
	}
	return " " + bi.Main.Version
}
