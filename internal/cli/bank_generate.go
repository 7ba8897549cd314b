package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/problem"
)

// bankCommitEvery is how long generate --bank keeps problems before it
// commits them, however few: a slow run loses little when interrupted.
const bankCommitEvery = 2 * time.Second

// bankSink opens the bank at path for generate --bank. add queues a
// problem and commits the queue once it holds bankBatch problems or
// bankCommitEvery has passed since the last commit; finish commits the
// rest, even after ctx is cancelled, closes the bank and returns how many
// problems were new and how many duplicates. A duplicate is no error.
func bankSink(ctx context.Context, path string) (add func(*problem.Problem) error, finish func() (added, duplicates int, err error), err error) {
	b, err := openBank(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	var queue []problem.Problem
	last := time.Now()
	added, total := 0, 0
	commit := func(ctx context.Context) error {
		if len(queue) == 0 {
			return nil
		}
		n, err := b.Add(ctx, queue...)
		if err != nil {
			return bankError(err)
		}
		added, total = added+n, total+len(queue)
		queue, last = queue[:0], time.Now()
		return nil
	}
	add = func(p *problem.Problem) error {
		queue = append(queue, *p)
		if len(queue) >= bankBatch || time.Since(last) >= bankCommitEvery {
			return commit(ctx)
		}
		return nil
	}
	finish = func() (int, int, error) {
		err := commit(context.WithoutCancel(ctx)) // keep what an interrupted run found
		if cerr := b.Close(); err == nil && cerr != nil {
			err = bankError(cerr)
		}
		return added, total - added, err
	}
	return add, finish, nil
}

// writeBankSummary ends generate --bank with the counts of the bank.
func writeBankSummary(e *env, path string, added, duplicates int) {
	fmt.Fprintf(e.stderr, "bank %s: %d problem%s added, %d duplicate%s\n", path, added, plural(added), duplicates, plural(duplicates))
}
