package cli

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"time"

	"github.com/tsume-shogi/tsume/web"
)

func serveCommand() *command {
	return &command{
		name:    "serve",
		summary: "serve the practice, solve, worksheet and games pages and their JSON API over a problem bank",
		args:    "[--addr 127.0.0.1:8080] [--bank FILE | --problems FILE] [--nodes N] [--time 5s] [--searches N] [--mine-length N] [--mine-nodes N]",
		help: `
Serve runs the web server of tsume (docs/web.md): the practice page (play
problems of the bank move by move; the server answers each check with
the defender's best reply, or explains a wrong move by playing the
defender's refutation), the solve page (paste an SFEN, a USI position
line or a KIF, KI2 or CSA record), printable worksheets, the games page
(paste or upload a game record: its missed, played and allowed mates,
as tsume mine finds them, on a board to step through), and the JSON API
behind them, /api/v1/….

The problems come from the bank --bank FILE, which must exist (bank
init, bank import and generate --bank make one), or from --problems
FILE, a file of problems one JSON object a line (what generate --format
jsonl writes), held in memory: the attempts recorded against them are
lost at the end. With neither, from the default bank, tsume/bank.db in
the user's data directory ($XDG_DATA_HOME or ~/.local/share), made on
first start with a starter set of the generator's problems, 1 to 7
plies (docs/web.md).

Each search the server makes is limited to --nodes nodes, and all the
searches of one request to --time; --searches requests search at once,
the others wait. The games page looks for mates of at most
--mine-length plies, each search of a game's positions limited to
--mine-nodes nodes. SIGINT or SIGTERM shuts the server down: it stops
accepting connections and lets the requests in progress end.

Exit status: 0 after a shutdown, 2 bad usage or a server that could not
start, 130 interrupted while it made the default bank.`,
		setup: setupServe,
	}
}

func setupServe(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`")
	bankFile := fs.String("bank", "", "serve the problems of the bank `FILE`, which must exist (without it: the default bank)")
	problems := fs.String("problems", "", "serve the problems of the JSONL `FILE`, held in memory")
	nodes := uint64Flag(fs, "nodes", web.DefaultLimits().Nodes, "limit each search to `N` nodes")
	limit := durationFlag(fs, "time", web.DefaultLimits().Time, "limit the searches of one request to this `duration`")
	searches := fs.Int("searches", web.DefaultLimits().Searches, "let `N` requests search at once")
	mineLength := fs.Int("mine-length", web.DefaultLimits().MineLength, "the games page: the longest mate looked for, in `plies` (1 to 31)")
	mineNodes := uint64Flag(fs, "mine-nodes", web.DefaultLimits().MineNodes, "the games page: limit each search of a game's positions to `N` nodes")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "serve"
		switch {
		case len(args) > 0:
			return usageErrorf(self, "unexpected argument %q", args[0])
		case *bankFile != "" && *problems != "":
			return usageErrorf(self, "want one of --bank FILE and --problems FILE, not both")
		case *nodes == 0 || *limit <= 0 || *searches < 1:
			return usageErrorf(self, "--nodes, --time and --searches must be positive")
		case *mineLength < 1 || *mineLength > 31:
			return usageErrorf(self, "--mine-length %d: want 1 to 31 plies", *mineLength)
		case *mineNodes == 0:
			return usageErrorf(self, "--mine-nodes must be positive")
		}
		cfg, closeStore, err := serveStore(ctx, e, *bankFile, *problems)
		if err != nil {
			return err
		}
		defer closeStore()
		logger := slog.New(slog.NewTextHandler(e.stderr, nil))
		cfg.Limits = web.Limits{Nodes: *nodes, Time: *limit, Searches: *searches, MineLength: *mineLength, MineNodes: *mineNodes}
		cfg.Log = logger
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			cfg.Version = bi.Main.Version
		}
		srv, err := web.New(cfg)
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return &exitError{ExitError, fmt.Sprintf("cannot listen on %s: %s", *addr, message(err))}
		}
		fmt.Fprintf(e.stderr, "tsume serve: listening on http://%s/\n", ln.Addr())
		start := time.Now()
		err = web.Serve(ctx, ln, srv, logger)
		fmt.Fprintf(e.stderr, "tsume serve: shut down after %s\n", time.Since(start).Round(time.Second))
		return err
	}
}
