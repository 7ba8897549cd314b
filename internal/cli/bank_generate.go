package cli

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tsume-shogi/tsume/problem"
)

// bankCommitEvery is how long generate --bank keeps problems before it
// commits them, however few: a slow run loses little when interrupted.
const bankCommitEvery = 2 * time.Second

// bankSink opens the bank at path for generate --bank. add queues a
// problem and hands the queue to be committed once it holds bankBatch
// problems or bankCommitEvery has passed since the last hand-over;
// finish commits the rest, even after ctx is cancelled, closes the bank
// and returns how many problems were new and how many duplicates. A
// duplicate is no error.
//
// The commits run on a goroutine of their own, one batch at a time, so
// that the run goes on generating while a batch is written; add waits
// only when a second batch is ready before the first is committed. A
// batch handed over is committed even if ctx ends meanwhile (an
// interrupted run keeps what it found); a failed commit is reported by
// the next add, or by finish.
func bankSink(ctx context.Context, path string) (add func(*problem.Problem) error, finish func() (added, duplicates int, err error), err error) {
	b, err := openBank(ctx, "", path)
	if err != nil {
		return nil, nil, err
	}
	batches := make(chan []problem.Problem)
	var (
		mu           sync.Mutex
		added, total int
		commitErr    error
	)
	var wg sync.WaitGroup
	wg.Go(func() {
		for q := range batches {
			mu.Lock()
			failed := commitErr != nil
			mu.Unlock()
			if failed {
				continue // drain: the run stops at its next add
			}
			n, err := b.Add(context.WithoutCancel(ctx), q...)
			mu.Lock()
			if err != nil {
				commitErr = bankError(err)
			} else {
				added, total = added+n, total+len(q)
			}
			mu.Unlock()
		}
	})
	failure := func() error {
		mu.Lock()
		defer mu.Unlock()
		return commitErr
	}
	queue := make([]problem.Problem, 0, bankBatch)
	last := time.Now()
	add = func(p *problem.Problem) error {
		if err := failure(); err != nil {
			return err
		}
		queue = append(queue, *p)
		if len(queue) >= bankBatch || time.Since(last) >= bankCommitEvery {
			batches <- queue
			queue, last = make([]problem.Problem, 0, bankBatch), time.Now()
		}
		return nil
	}
	finish = func() (int, int, error) {
		if len(queue) > 0 {
			batches <- queue
		}
		close(batches)
		wg.Wait()
		err := failure()
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
