package cli

import (
	"context"
	"errors"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/web"
)

// serveStore returns the web configuration of serve's problem store —
// its Store and IsNotFound — and the function that closes it: the bank
// bankFile (created on first use), or the problems of the JSONL file
// problems held in memory.
func serveStore(ctx context.Context, bankFile, problems string) (web.Config, func(), error) {
	if bankFile != "" {
		b, err := openBank(ctx, bankFile)
		if err != nil {
			return web.Config{}, nil, err
		}
		isNotFound := func(err error) bool { return errors.Is(err, bank.ErrNotFound) }
		return web.Config{Store: b, IsNotFound: isNotFound}, func() { b.Close() }, nil
	}
	ps, err := problem.ReadJSONLFile(problems)
	if err != nil {
		return web.Config{}, nil, inputError(err)
	}
	return web.Config{Store: web.NewMemoryStore(ps)}, func() {}, nil
}
