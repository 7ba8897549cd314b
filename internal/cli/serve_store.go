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
// bankFile, which must exist, or the problems of the JSONL file
// problems held in memory.
func serveStore(ctx context.Context, bankFile, problems string) (web.Config, func(), error) {
	if bankFile != "" {
		b, err := bank.OpenExisting(ctx, bankFile)
		if err != nil {
			return web.Config{}, nil, bankOpenError("--bank", err, serveMissingHint)
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

// serveMissingHint follows the message of a --bank file that does not
// exist.
const serveMissingHint = " (create a bank with tsume bank init, import or generate --bank)"
