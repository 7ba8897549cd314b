package cli

import (
	"context"
	"flag"
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
Usi speaks the USI protocol on standard input and standard output, so that
a shogi GUI can use tsume as an engine. It understands:

  usi                   answers id name, id author, the options and usiok
  isready               readyok (at once, also during a search)
  setoption name N value V
  usinewgame
  position startpos|sfen SFEN [moves M…]
  go mate MS|infinite   solves the position as a tsume problem and answers
                        "checkmate M…" (the main line), "checkmate nomate",
                        or "checkmate timeout" when the time runs out first
  go …                  any other go (btime, wtime, byoyomi, binc, winc,
                        movetime, depth, nodes, infinite, ponder,
                        searchmoves): the game engine searches the position
                        (alpha-beta, see docs/engine.md) within the time
                        the clocks give and answers "bestmove M ponder R";
                        "bestmove resign" when there is no legal move or the
                        search proves the side to move mated; "bestmove win"
                        when the side to move can declare (入玉宣言, the
                        27-point rule). A go without
                        any limit searches for a second
  stop                  ends the search; the answer comes at once: the best
                        move so far, or the mate if it is already proven
  ponderhit, gameover   end a go ponder or the game
  quit                  ends the program; so does the end of the input,
                        after the answer to a search with a limit

Blank lines and unknown commands are ignored, as the protocol asks. A
command that cannot be used is reported with an "info string" line that
names the problem: a bad position leaves the previous one in force; a bad
setoption leaves the option as it was. Every go is searched with what was
understood: a word go does not know is ignored (with its value: "rtime
3000"), a negative number is read as 0 and one too large as the largest
(depth 99999999999 as 2147483647), a value that is no number leaves its
field unset, searchmoves that are not legal are left out; go mate without
a time it can read (go mate abc, go mate -5, a bare go mate) searches
until stop. Each is reported with an "info string" line before the
search (docs/engine.md).

During a plain go, "info depth D seldepth S score cp|mate N nodes N nps R
time MS hashfull H pv M…" lines come after each iteration; during go mate,
"info nodes N nps R time MS hashfull H" lines come about once a second, and
once more at its end.

Options: USI_Hash (the table size in MB, default 64, set on the game engine
and on the solver), Threads (1: the search is single-threaded), USI_Ponder,
MultiPV (the number of lines of the info lines, default 1), EvalFile (an
NNUE evaluation file, HalfKP 256x2-32-32, see docs/nnue.md; empty: the
built-in hand-written evaluation, docs/eval.md), FV_SCALE (the file's
output scale, default 16), NetworkDelay (the
milliseconds kept in hand on every move for the GUI's overhead, default
40), MateNodes (a node limit for go mate, 0: none), FutileRule (discount or
count, as solve's --futile), DefenderHand (remaining: the tsume convention
that the defender holds every remaining piece, or as-given).

Exit status: 0 after quit or the end of the input, 130 interrupted.`,
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
		id := usi.ID{Name: "tsume" + usiVersion(), Author: "the tsume authors"}
		h := gameengine.New(gameengine.Config{
			ID:          id,
			Mate:        mateengine.New(id),
			MateOptions: []string{"MateNodes", "FutileRule", "DefenderHand"},
			LoadEval:    loadNNUE,
		})
		return usi.Serve(ctx, stdin, e.stdout, h)
	}
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
