// Command tsume is the command-line front end of the tsume toolkit for
// tsume shogi (詰将棋). Run 'tsume help' for the list of commands.
//
// Install it with
//
//	go install github.com/tsume-shogi/tsume/cmd/tsume@latest
//
// The commands themselves live in internal/cli; this file only connects
// them to the process.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/tsume-shogi/tsume/internal/cli"
)

func main() {
	// The first SIGINT or SIGTERM cancels ctx: the running command stops,
	// reports "interrupted" and exits with status 130. Once ctx is
	// cancelled, stop restores the default handling, so a second signal
	// ends the process at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(ctx, stop)
	os.Exit(cli.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
