package bank

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestRecord checks the sums and ratings an attempt updates.
func TestRecord(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	if _, err := b.Add(ctx, generated(t, 2, 1)...); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p, s, err := b.Record(ctx, Attempt{ProblemID: 1, Session: "alice", Solved: true, Duration: 3 * time.Second, At: at})
	if err != nil {
		t.Fatal(err)
	}
	if p.R >= 1500 || s.R <= 1500 || p.RD >= 350 || s.RD >= 350 {
		t.Errorf("after a solve: problem %v, session %v", p, s)
	}
	p2, s2, err := b.Record(ctx, Attempt{ProblemID: 1, Session: "bob", Solved: false, Duration: time.Second, At: at.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if p2.R <= p.R || s2.R >= 1500 {
		t.Errorf("after a failure: problem %v, session %v", p2, s2)
	}
	e, err := b.Get(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if e.Attempts != 2 || e.Solves != 1 || e.SolveTime != 3*time.Second || e.Rating != p2 {
		t.Errorf("entry: attempts %d solves %d time %v rating %v", e.Attempts, e.Solves, e.SolveTime, e.Rating)
	}
	if r, err := b.SessionRating(ctx, "alice"); err != nil || r != s {
		t.Errorf("alice %v (%v), want %v", r, err, s)
	}
	if r, err := b.SessionRating(ctx, "carol"); err != nil || r != DefaultRating {
		t.Errorf("carol %v (%v), want the default", r, err)
	}
	if _, _, err := b.Record(ctx, Attempt{ProblemID: 77, Session: "alice"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("attempt at problem 77: %v, want ErrNotFound", err)
	}
	if _, _, err := b.Record(ctx, Attempt{ProblemID: 1}); err == nil {
		t.Error("an attempt without a session was recorded")
	}
	if e, _ := b.Get(ctx, 1); e.Attempts != 2 {
		t.Errorf("failed attempts were counted: %d", e.Attempts)
	}
}

// TestWriterAndReader runs one Bank adding batches while another, on the
// same file, queries: as generate --bank and serve do.
func TestWriterAndReader(t *testing.T) {
	ctx := context.Background()
	w, path := openTemp(t)
	r, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ps := synthetic(4000)
	const batch = 200
	var wg sync.WaitGroup
	done := make(chan struct{})
	var werr error
	wg.Go(func() {
		defer close(done)
		for i := 0; i < len(ps); i += batch {
			if _, err := w.Add(ctx, ps[i:i+batch]...); err != nil {
				werr = err
				return
			}
		}
	})
	last, reads := 0, 0
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		n, err := r.Count(ctx, Query{})
		if err != nil {
			t.Fatal(err)
		}
		if n < last || n%batch != 0 {
			t.Fatalf("count %d after %d: not a whole number of batches, or fewer", n, last)
		}
		last = n
		if n > 0 {
			if _, err := r.Pick(ctx, Query{Method: "synthetic"}, uint64(reads)); err != nil {
				t.Fatal(err)
			}
			es, err := r.Query(ctx, Query{Limit: 10, Offset: n - 10})
			if err != nil || len(es) != 10 {
				t.Fatalf("query of the last 10: %d entries, %v", len(es), err)
			}
		}
		reads++
	}
	wg.Wait()
	if werr != nil {
		t.Fatal(werr)
	}
	if n, _ := r.Count(ctx, Query{}); n != len(ps) {
		t.Errorf("count %d at the end, want %d", n, len(ps))
	}
	t.Logf("%d reads during the writes", reads)
}

// killBatch is the batch size of the import that TestKillDuringImport kills.
const killBatch = 250

// TestKillDuringImport kills, with SIGKILL, a process importing problems
// in batches, then checks that the file is sound and holds every batch
// the process reported committed, and whole batches only.
func TestKillDuringImport(t *testing.T) {
	if path := os.Getenv("TSUME_BANK_KILL_HELPER"); path != "" {
		importForever(path)
		return
	}
	if testing.Short() {
		t.Skip("runs a subprocess")
	}
	_, path := openTemp(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringImport$")
	cmd.Env = append(os.Environ(), "TSUME_BANK_KILL_HELPER="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	committed := 0
	for sc.Scan() {
		n, ok := strings.CutPrefix(sc.Text(), "committed ")
		if !ok {
			continue
		}
		committed, _ = strconv.Atoi(n)
		if committed >= 8*killBatch {
			break // mid-import: the helper is writing the next batches
		}
	}
	time.Sleep(7 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if committed == 0 {
		t.Fatal("the helper reported no commit")
	}
	b, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if s, err := b.IntegrityCheck(context.Background()); err != nil || s != "ok" {
		t.Fatalf("integrity check: %q, %v", s, err)
	}
	n, err := b.Count(context.Background(), Query{})
	if err != nil {
		t.Fatal(err)
	}
	if n < committed || n%killBatch != 0 {
		t.Errorf("%d problems after the kill; %d were committed in batches of %d", n, committed, killBatch)
	}
	t.Logf("committed %d reported, %d in the file", committed, n)
}

// importForever adds synthetic problems to the bank at path in batches,
// reporting each commit on standard output, until it is killed.
func importForever(path string) {
	ctx := context.Background()
	b, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ps := synthetic(200 * killBatch)
	for i := 0; i+killBatch <= len(ps); i += killBatch {
		if _, err := b.Add(ctx, ps[i:i+killBatch]...); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("committed %d\n", i+killBatch)
	}
	os.Exit(3) // not killed in time
}
